"""A knockout stage through the desk's pages, the public pages and the JSON API (no browser):
the cut form after a Swiss, the bracket page's match forms (a game at a time, a correction,
a stale form, unreadable input), undo through the log buttons, the public bracket and final
standings with their ETags, and the API's reads and writes with its error shapes.

Who plays whom, who goes through and the final places are checked against the rules worked
out by hand for a small bracket (seeds 1-8, 4-5, 2-7, 3-6 for eight), never against the
pages' own output."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from fastapi import FastAPI

from fairpair.core import Player
from fairpair.service import entry
from fairpair.service import events as ev
from fairpair.service import knockout_events as ko
from fairpair.service.settings import EventSettings
from tests.web.desk_client import Browser, alerts, browser, field_error, service_desk

Site = tuple[FastAPI, Browser]


def played_swiss(app: FastAPI, players: int = 8, rounds: int = 3) -> int:
    """A casual Swiss (a card game) run by anna, every round played through the service:
    the higher start number on each board loses, so that the standings follow the start
    numbers closely."""
    desk = service_desk(app, "anna")
    settings = EventSettings.from_data(
        ev.create_event(desk, _casual(rounds), owner="anna").info.settings
    )
    assert settings.card_game
    event_id = ev.list_events(desk)[-1].id
    ev.import_players(
        desk,
        event_id,
        [Player(id=i, name=f"Player {i}", rating=2000 - 10 * i) for i in range(1, players + 1)],
    )
    for _ in range(rounds):
        event, _pairing = ev.pair_round(desk, event_id)
        rnd = event.tournament.rounds[-1]
        entries = [
            (board, "2-0" if g.white < g.black else "0-2")
            for board, g in enumerate(rnd.games, start=1)
        ]
        ev.enter_results(desk, event_id, entries)
    return event_id


def _casual(rounds: int) -> EventSettings:
    return entry.event_settings("Casual cut", "casual", str(rounds), "", "")


def load(app: FastAPI, event_id: int) -> ev.Event:
    return ev.load(service_desk(app), event_id)


def standings_order(app: FastAPI, event_id: int) -> list[int]:
    return [row.player_id for row in ev.standings(load(app, event_id)).rows]


def cut_form(anna: Browser, event_id: int, **fields: str) -> object:
    anna.get(f"/desk/events/{event_id}")
    data = {"top": "8", "bracket": "single", "match": "best-of-3", "third_place": "no"}
    data |= {"reset": "yes", "first_white": "seed"} | fields
    return anna.submit(f"/desk/events/{event_id}/cut", data)


def match_form(
    anna: Browser, event_id: int, number: int, results: Sequence[str], version: int | None = None
) -> object:
    anna.get(f"/desk/events/{event_id}/bracket")
    action = f"/desk/events/{event_id}/bracket/matches/{number}"
    data = {f"m{number}g{i}": r for i, r in enumerate(results, start=1)}
    if version is not None:
        data["version"] = str(version)
    return anna.submit(action, data)


def test_the_cut_form_seeds_the_top_of_the_standings(site: Site) -> None:
    app, anna = site
    event_id = played_swiss(app)
    page = anna.get(f"/desk/events/{event_id}")
    assert "Cut to a knockout" in page.text
    page = cut_form(anna, event_id)
    assert page.status_code == 303, page.text
    assert page.headers["location"] == f"/desk/events/{event_id}/bracket"
    stage = load(app, event_id).tournament.knockout
    assert stage is not None
    assert list(stage.seeds) == standings_order(app, event_id)[:8]
    assert stage.rules.match.text == "best-of-3"
    page = anna.get(f"/desk/events/{event_id}/bracket")
    assert page.status_code == 200
    assert "Cut to the top 8" in page.text  # the flash, in the log's words
    assert page.text.count('class="fpb-match fpb-current"') == 4
    # The quarter-finals: 1-8, 4-5, 2-7, 3-6 (by seed), each with its form.
    seeds = stage.seeds
    for number, (a, b) in enumerate(((1, 8), (4, 5), (2, 7), (3, 6)), start=1):
        heading = re.search(rf'id="match-{number}-h">(.*?)</h3>', page.text, re.S)
        assert heading, number
        names = re.findall(r"Player \d+", heading[1])
        assert names == [f"Player {seeds[a - 1]}", f"Player {seeds[b - 1]}"]


def test_the_cut_form_refuses_at_the_field(site: Site) -> None:
    app, anna = site
    event_id = played_swiss(app)
    before = load(app, event_id).version
    page = cut_form(anna, event_id, top="9x")
    assert page.status_code == 422
    assert "not a number of players" in field_error(page.text, "cut-top")
    page = cut_form(anna, event_id, top="20")
    assert page.status_code == 422
    assert "2 to 8 players" in field_error(page.text, "cut-top")
    page = cut_form(anna, event_id, match="best-of-2")
    assert page.status_code == 422
    assert "odd number" in field_error(page.text, "cut-match")
    assert load(app, event_id).version == before


def test_a_match_game_by_game_then_a_correction_and_a_stale_form(site: Site) -> None:
    app, anna = site
    event_id = played_swiss(app)
    assert cut_form(anna, event_id).status_code == 303
    seeds = load(app, event_id).tournament.knockout.seeds  # type: ignore[union-attr]
    # Game 1: the top player (seed 1) wins; the page comes back with game 2's row.
    page = match_form(anna, event_id, 1, ["1-0"])
    assert page.status_code == 303, page.text
    page = anna.get(f"/desk/events/{event_id}/bracket")
    assert 'name="m1g2"' in page.text and 'name="m1g3"' not in page.text
    # A drawn game is played again; then seed 8 wins twice.
    for games in (["1-0", "="], ["1-0", "=", "0-1"], ["1-0", "=", "0-1", "0-1"]):
        assert match_form(anna, event_id, 1, games).status_code == 303
    state = ko.bracket(load(app, event_id)).match(1)
    assert state.winner == seeds[7]
    # A stale form: nothing saved.
    old = load(app, event_id).version
    assert match_form(anna, event_id, 2, ["1-0"]).status_code == 303
    page = match_form(anna, event_id, 2, ["1-0", "1-0"], version=old)
    assert page.status_code == 409
    assert any("nothing was saved" in a for a in alerts(page.text))
    assert len(load(app, event_id).tournament.knockout.games(2)) == 1  # type: ignore[union-attr]
    # The drawn game shows as drawn on the page.
    page = anna.get(f"/desk/events/{event_id}/bracket")
    assert re.search(r'id="m1g2".*?<option value="=" selected>', page.text, re.S)
    # A game one too many, named at its row; an unreadable result at its row.
    page = match_form(anna, event_id, 1, ["1-0", "=", "0-1", "0-1", "1-0"])
    assert page.status_code == 400
    assert "game 5 is one too many" in field_error(page.text, "m1g5")
    page = match_form(anna, event_id, 1, ["1-0", "=", "2-1"])
    assert page.status_code == 400
    assert "match score" in field_error(page.text, "m1g3")
    page = match_form(anna, event_id, 1, ["1-0", "", "0-1"])
    assert page.status_code == 422
    assert "choose the result of game 2" in field_error(page.text, "m1g2")
    # A correction: seed 1 won game 4 after all, and game 5 decides.
    assert match_form(anna, event_id, 1, ["1-0", "=", "0-1", "1-0"]).status_code == 303
    assert ko.bracket(load(app, event_id)).match(1).winner == seeds[0]
    # Undo through the log buttons takes the correction back.
    anna.get(f"/desk/events/{event_id}")
    page = anna.submit(f"/desk/events/{event_id}/undo")
    assert page.status_code == 303
    assert ko.bracket(load(app, event_id)).match(1).winner == seeds[7]


def test_public_bracket_and_final_standings(site: Site) -> None:
    app, anna = site
    event_id = played_swiss(app)
    public = browser(app)
    assert public.get(f"/events/{event_id}/bracket").status_code == 404
    assert cut_form(anna, event_id, top="4").status_code == 303
    page = public.get(f"/events/{event_id}/bracket")
    assert page.status_code == 200
    assert page.text.count("fpb-current") >= 2
    tag = page.headers["etag"]
    again = {"If-None-Match": tag}
    assert public.get(f"/events/{event_id}/bracket", headers=again).status_code == 304
    home = public.get(f"/events/{event_id}")
    assert f'href="/events/{event_id}/bracket"' in home.text
    assert f'href="/events/{event_id}/final-standings"' in home.text
    seeds = load(app, event_id).tournament.knockout.seeds  # type: ignore[union-attr]
    # 1-4 and 2-3: the top seeds win in two games; the final, seed 2 wins.
    for number, games in ((1, ["1-0", "1-0"]), (2, ["1-0", "1-0"]), (3, ["0-1", "0-1"])):
        assert match_form(anna, event_id, number, games).status_code == 303
    assert public.get(f"/events/{event_id}/bracket", headers=again).status_code == 200
    page = public.get(f"/events/{event_id}/final-standings")
    assert page.status_code == 200
    rows = re.findall(r"<tr><td>([^<]*)</td><td><a [^>]*>([^<]*)</a>", page.text)
    order = standings_order(app, event_id)
    below = [f"Player {p}" for p in order if p not in seeds]
    assert rows[0] == ("1", f"Player {seeds[1]}")
    assert rows[1] == ("2", f"Player {seeds[0]}")
    assert {rows[2], rows[3]} == {("3-4", f"Player {seeds[2]}"), ("3-4", f"Player {seeds[3]}")}
    assert [name for _, name in rows[4:]] == below
    assert [place for place, _ in rows[4:]] == [str(n) for n in range(5, 9)]


def test_the_api_reads_and_writes(site: Site) -> None:
    app, anna = site
    event_id = played_swiss(app)
    client = anna.client
    auth = ("anna", "anna's password")
    assert client.get(f"/api/events/{event_id}/bracket").status_code == 404
    answer = client.post(f"/api/events/{event_id}/cut", json={"top": 4, "match": "bo3"}, auth=auth)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert [m["status"] for m in body["matches"]] == ["ready", "ready", "waiting"]
    assert body["current"] == [1, 2]
    answer = client.post(
        f"/api/events/{event_id}/matches/1",
        json={"games": [{"result": "1-0"}], "version": 1},
        auth=auth,
    )
    assert answer.status_code == 409
    answer = client.post(
        f"/api/events/{event_id}/matches/1",
        json={"games": [{"result": "1-0"}, {"result": "2-1"}]},
        auth=auth,
    )
    assert answer.status_code == 400
    assert "match score" in answer.json()["detail"]
    answer = client.post(
        f"/api/events/{event_id}/matches/1",
        json={"games": [{"result": "1-0"}, {"result": "1-0"}]},
        auth=auth,
    )
    assert answer.status_code == 200
    first = answer.json()["matches"][0]
    assert first["status"] == "decided" and first["score"] == "2-0"
    assert first["winner"]["id"] == body["seeds"][0]["id"]
    read = client.get(f"/api/events/{event_id}/bracket").json()
    assert read["matches"][2]["top"]["id"] == body["seeds"][0]["id"]
    standings = client.get(f"/api/events/{event_id}/final-standings").json()
    assert len(standings["rows"]) == 8
    other = browser(app)
    other.sign_up("boris", "boris's password")
    answer = other.client.post(
        f"/api/events/{event_id}/matches/2",
        json={"games": [{"result": "1-0"}]},
        auth=("boris", "boris's password"),
    )
    assert answer.status_code == 404


@pytest.mark.parametrize("path", ["/bracket", "/bracket/matches/1"])
def test_another_directors_event_is_not_found(site: Site, path: str) -> None:
    app, anna = site
    event_id = played_swiss(app)
    assert cut_form(anna, event_id).status_code == 303
    other = browser(app)
    other.sign_up("boris", "boris's password")
    if path.endswith("/1"):
        page = other.post(f"/desk/events/{event_id}{path}", {"m1g1": "1-0", "version": "99"})
    else:
        page = other.get(f"/desk/events/{event_id}{path}")
    assert page.status_code == 404


def test_a_standalone_chess_knockout_from_the_new_event_form(site: Site) -> None:
    app, anna = site
    anna.get("/desk/events/new")
    data = {"name": "Cup", "system": "knockout", "bracket": "single", "third_place": "no"}
    data |= {"reset": "yes", "first_white": "seed", "match": "classical:2,armageddon"}
    page = anna.submit("/desk/events/new", data | {"rounds": "5"})
    assert page.status_code == 422
    assert "leave empty" in field_error(page.text, "rounds")
    page = anna.submit("/desk/events/new", data | {"match": "classical:2,armageddon:2"})
    assert page.status_code == 422
    assert "Armageddon" in field_error(page.text, "match")
    page = anna.submit("/desk/events/new", data)
    assert page.status_code == 303, page.text
    event_id = int(page.headers["location"].rsplit("/", 1)[1])
    desk = service_desk(app, "anna")
    ev.import_players(
        desk, event_id, [Player(id=i, name=f"GM {i}", rating=2700 - i) for i in range(1, 5)]
    )
    page = anna.get(f"/desk/events/{event_id}")
    assert "Start the knockout" in page.text
    assert anna.submit(f"/desk/events/{event_id}/knockout/start").status_code == 303
    stage = load(app, event_id).tournament.knockout
    assert stage is not None and list(stage.seeds) == [1, 2, 3, 4]
    page = anna.get(f"/desk/events/{event_id}/bracket")
    # Game 1 of match 1 (1 v 4): the higher seed has White.
    assert re.search(r'id="m1w1".*?<option value="1" selected>', page.text, re.S)
    # Two draws, then the Armageddon drawn: Black goes through.
    assert match_form(anna, event_id, 1, ["½-½", "½-½"]).status_code == 303
    page = anna.get(f"/desk/events/{event_id}/bracket")
    assert re.search(r"3 <span class=\"muted\">armageddon</span>", page.text)
    white = re.search(r'id="m1w3".*?<option value="(\d)" selected>', page.text, re.S)
    assert white
    assert match_form(anna, event_id, 1, ["½-½", "½-½", "½-½"]).status_code == 303
    state = ko.bracket(load(app, event_id)).match(1)
    assert state.winner == ({1, 4} - {int(white[1])}).pop()
