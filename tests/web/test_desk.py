"""The director's desk through its pages (no browser): forms, their messages, and whole
events run from creation to standings with the routes a browser would use."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.core import GameResult, Tournament
from fairpair.formats.event_json import load_event
from fairpair.service import events as ev
from fairpair.web.config import WebConfig
from tests.integration.stores import SQL_BACKENDS, database_url
from tests.web.desk_client import Browser, running, service_desk

PLAYERS = [
    ("Ada Byron", "2310"),
    ("Boris Spassky", "2280"),
    ("Clara Benz", "2150"),
    ("Dan Okoro", "2100"),
    ("Emma Roth", "1990"),
    ("Femi Adeyemi", "1900"),
    ("Gita Rao", "1850"),
    ("Hans Berg", "1700"),
]


@pytest.fixture(params=SQL_BACKENDS)
def any_site(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[FastAPI, Browser]]:
    """The desk on SQLite, and on PostgreSQL when the tests have one."""
    with (
        database_url(request.param, tmp_path) as url,
        running(WebConfig(store=url, signup=True)) as (
            app,
            client,
        ),
    ):
        anna = Browser(client)
        anna.sign_up("anna", "anna's password")
        yield app, anna


def create(
    anna: Browser, name: str = "Spring open", system: str = "dutch", rounds: str = "3"
) -> int:
    anna.get("/desk/events/new")
    page = anna.post(
        "/desk/events/new",
        {"name": name, "system": system, "rounds": rounds, "points": "", "tiebreaks": ""},
    )
    assert page.status_code == 303, page.text
    found = re.fullmatch(r"/desk/events/(\d+)", page.headers["location"])
    assert found
    return int(found[1])


def register(anna: Browser, event_id: int, players: list[tuple[str, str]] = PLAYERS) -> None:
    anna.get(f"/desk/events/{event_id}")
    for name, rating in players:
        page = anna.post(f"/desk/events/{event_id}/players", {"name": name, "rating": rating})
        assert page.status_code == 303, page.text


def snapshot(app: FastAPI, event_id: int) -> Tournament:
    return app.state.store.load(event_id).tournament


def version(app: FastAPI, event_id: int) -> int:
    return app.state.store.event(event_id).version


def result_inputs(page: str) -> dict[str, str]:
    """The result form's inputs: name -> value, in board order."""
    return {
        m[1]: html.unescape(m[2])
        for m in re.finditer(r'<input name="(r\d+)"[^>]*?value="([^"]*)"', page)
    }


def autofocused(page: str) -> str | None:
    found = re.search(r'<input name="(r\d+)"[^>]*\sautofocus', page)
    return found[1] if found else None


def save(anna: Browser, event_id: int, number: int, typed: dict[int, str]) -> None:
    form = anna.get(f"/desk/events/{event_id}/rounds/{number}/results").text
    version_field = re.search(r'name="version" value="(\d+)"', form)
    assert version_field
    data = {f"r{b}": v for b, v in typed.items()} | {"version": version_field[1]}
    page = anna.post(f"/desk/events/{event_id}/rounds/{number}/results", data)
    assert page.status_code == 303, page.text


# --- a whole event --------------------------------------------------------------------------

SCORE = {  # what each typed result gives white and black, by the rules of chess
    "1-0": (10, 0),
    "0-1": (0, 10),
    "1/2": (5, 5),
    "+-": (10, 0),
    "-+": (0, 10),
}
SHORTCUT = {"1": "1-0", "0": "0-1", "=": "1/2", "5": "1/2", "+": "+-", "-": "-+"}


def sheet_rows(page: str) -> list[list[str]]:
    body = page.split("<tbody>", 1)[1]
    return [
        [html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", body)
    ]


def test_a_swiss_runs_from_creation_to_standings_through_the_desk(
    any_site: tuple[FastAPI, Browser],
) -> None:
    app, anna = any_site
    event_id = create(anna)
    register(anna, event_id)
    desk = anna.get(f"/desk/events/{event_id}").text
    assert all(name in desk for name, _ in PLAYERS)
    assert "Pair round 1" in desk

    typed_by_round = {
        1: {1: "1", 2: "=", 3: "0", 4: "+"},
        2: {1: "1-0", 2: "0-1", 3: "1/2", 4: "-"},
        3: {1: "5", 2: "1", 3: "-+", 4: "0"},
    }
    for number in (1, 2, 3):
        page = anna.post(f"/desk/events/{event_id}/pair")
        assert page.status_code == 303
        assert page.headers["location"] == f"/desk/events/{event_id}/rounds/{number}/results"
        form = anna.get(page.headers["location"]).text
        assert list(result_inputs(form)) == ["r1", "r2", "r3", "r4"]
        assert autofocused(form) == "r1"
        if number == 3:  # take the pairing back once, then pair again
            anna.get(f"/desk/events/{event_id}")
            assert anna.submit(f"/desk/events/{event_id}/undo").status_code == 303
            assert len(snapshot(app, event_id).rounds) == 2
            assert anna.post(f"/desk/events/{event_id}/pair").status_code == 303
        save(anna, event_id, number, typed_by_round[number])

    # A correction of round 1, board 2: the draw was a win for black.
    form = anna.get(f"/desk/events/{event_id}/rounds/1/results").text
    assert result_inputs(form) == {"r1": "1-0", "r2": "1/2", "r3": "0-1", "r4": "+-"}
    before = version(app, event_id)
    save(anna, event_id, 1, {1: "1-0", 2: "0-1", 3: "0-1", 4: "+-"})
    assert version(app, event_id) == before + 1  # one change, one record
    typed_by_round[1][2] = "0-1"

    t = snapshot(app, event_id)
    assert len(t.rounds) == 3 and all(r.complete for r in t.rounds)
    expected = {
        GameResult.WHITE_WINS: "1-0",
        GameResult.BLACK_WINS: "0-1",
        GameResult.DRAW: "1/2",
        GameResult.WHITE_WINS_BY_FORFEIT: "+-",
        GameResult.BLACK_WINS_BY_FORFEIT: "-+",
    }
    points = {p.id: 0 for p in t.players}
    for rnd in t.rounds:
        for board, game in enumerate(rnd.games, start=1):
            typed = typed_by_round[rnd.number][board]
            assert game.result is not None
            assert expected[game.result] == SHORTCUT.get(typed, typed)
            white, black = SCORE[SHORTCUT.get(typed, typed)]
            points[game.white] += white
            points[game.black] += black

    standings = anna.get(f"/desk/events/{event_id}/print/standings")
    assert standings.status_code == 200
    rows = sheet_rows(standings.text)
    assert len(rows) == 8
    printed = {row[2]: round(float(row[4].replace("½", ".5")) * 10) for row in rows}
    by_name = {p.name: points[p.id] for p in t.players}
    assert printed == by_name
    assert [row[4] for row in rows] == sorted(
        (row[4] for row in rows), key=lambda v: -float(v.replace("½", ".5"))
    )

    log = anna.get(f"/desk/events/{event_id}/log").text
    for words in ("paired round 3: 4 boards", "corrected round 1: board 2 0-1", "anna"):
        assert words in log
    assert {r.actor for r in app.state.store.log(event_id)} == {"anna"}
    assert ev.rebuild(service_desk(app), event_id).matched


def test_a_round_robin_is_paired_by_its_schedule(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id = create(anna, "Club", "berger", "")
    register(anna, event_id, PLAYERS[:4])
    desk = anna.get(f"/desk/events/{event_id}").text
    assert "Keep apart" not in desk and "Grant the bye" not in desk  # Swiss only
    for number in (1, 2, 3):
        anna.post(f"/desk/events/{event_id}/pair")
        save(anna, event_id, number, {1: "1", 2: "="})
    desk = anna.get(f"/desk/events/{event_id}").text
    assert "Pair round" not in desk
    assert len(snapshot(app, event_id).rounds) == 3


# --- forms keep what was typed and say what is wrong ----------------------------------------


def field_error(page: str, field_id: str) -> str:
    found = re.search(rf'id="{re.escape(field_id)}-error">([^<]*)<', page)
    assert found, f"no message for {field_id}"
    return html.unescape(found[1])


def test_the_new_event_form_names_each_wrong_field(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    anna.get("/desk/events/new")
    page = anna.post(
        "/desk/events/new",
        {
            "name": "  ",
            "system": "dutch",
            "rounds": "seven",
            "points": "1,x",
            "tiebreaks": "BH, NOPE",
        },
    )
    assert page.status_code == 422
    assert field_error(page.text, "name") == "give the event a name"
    assert field_error(page.text, "rounds") == "'seven' is not a whole number"
    assert "points" in field_error(page.text, "points")
    assert field_error(page.text, "tiebreaks") == "unknown tie-break 'NOPE'"
    assert 'value="1,x"' in page.text and 'value="BH, NOPE"' in page.text
    page = anna.post(
        "/desk/events/new",
        {"name": "Open", "system": "burstein", "rounds": "", "points": "", "tiebreaks": ""},
    )
    assert page.status_code == 422
    assert field_error(page.text, "rounds") == (
        "a Swiss plays a set number of rounds: type how many, e.g. 7"
    )
    assert '<option value="burstein" selected>' in page.text
    assert app.state.store.events() == []


def test_an_event_name_is_unique(site: tuple[FastAPI, Browser]) -> None:
    _, anna = site
    create(anna, "Open")
    anna.get("/desk/events/new")
    page = anna.post("/desk/events/new", {"name": "Open", "system": "dutch", "rounds": "5"})
    assert page.status_code == 422
    assert "choose another name" in field_error(page.text, "name")


def test_the_player_form_keeps_what_was_typed(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id = create(anna)
    anna.get(f"/desk/events/{event_id}")
    page = anna.post(
        f"/desk/events/{event_id}/players",
        {"name": "Zoe Quist", "rating": "twelve", "title": "GMIM", "federation": "NOR"},
    )
    assert page.status_code == 422
    assert field_error(page.text, "player-rating") == "'twelve' is not a whole number"
    assert "at most 3 letters" in field_error(page.text, "player-title")
    assert 'value="Zoe Quist"' in page.text and 'value="NOR"' in page.text
    assert snapshot(app, event_id).players == ()


def test_importing_names_the_line_and_field_and_is_all_or_nothing(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = create(anna)
    anna.get(f"/desk/events/{event_id}")
    bad = "name,rating\nAda,2300\nBoris,lots\n"
    page = anna.post(
        f"/desk/events/{event_id}/players/import",
        files={"file": ("players.csv", bad.encode(), "text/csv")},
    )
    assert page.status_code == 400
    assert re.search(r"players\.csv:3:(\d+:)? rating:", html.unescape(page.text))
    assert snapshot(app, event_id).players == ()
    good = "name,rating,federation\nAda,2300,ENG\nBoris,2250,RUS\nClara,2100,GER\n"
    page = anna.post(
        f"/desk/events/{event_id}/players/import",
        files={"file": ("players.csv", good.encode(), "text/csv")},
    )
    assert page.status_code == 303
    assert [p.name for p in snapshot(app, event_id).players] == ["Ada", "Boris", "Clara"]
    # A TRF file: the players of an exported event.
    trf = anna.get(f"/desk/events/{event_id}/export/trf").content
    other = create(anna, "Autumn open")
    anna.get(f"/desk/events/{other}")
    page = anna.post(
        f"/desk/events/{other}/players/import", files={"file": ("spring.trf", trf, "text/plain")}
    )
    assert page.status_code == 303
    assert snapshot(app, other).players == snapshot(app, event_id).players
    page = anna.post(
        f"/desk/events/{other}/players/import", files={"file": ("notes.pdf", b"%PDF", "x/y")}
    )
    assert page.status_code == 400 and "choose a .csv file" in page.text


def test_withdrawals_byes_forbidden_pairs_and_a_fixed_board(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = create(anna)
    register(anna, event_id, PLAYERS[:6])
    anna.get(f"/desk/events/{event_id}")
    anna.get(f"/desk/events/{event_id}/players/6/withdraw")
    assert anna.submit(f"/desk/events/{event_id}/players/6/withdraw").status_code == 303
    assert (
        anna.post(
            f"/desk/events/{event_id}/byes", {"player": "Emma", "round": "1", "kind": "half"}
        ).status_code
        == 303
    )
    page = anna.post(
        f"/desk/events/{event_id}/byes", {"player": "Nobody", "round": "1", "kind": "half"}
    )
    assert page.status_code == 400 and "no player matches" in html.unescape(page.text)
    assert 'value="Nobody"' in page.text
    assert anna.post(f"/desk/events/{event_id}/forbidden", {"players": "1, 3"}).status_code == 303
    t = snapshot(app, event_id)
    assert t.withdrawals == ((6, 1),)
    assert [(b.player, b.round) for b in t.requested_byes] == [(5, 1)]
    anna.post(f"/desk/events/{event_id}/pair")
    t = snapshot(app, event_id)
    pairs = {frozenset((g.white, g.black)) for g in t.rounds[0].games}
    assert frozenset((1, 3)) not in pairs
    assert not any(6 in pair or 5 in pair for pair in pairs)
    # Fix board: 1 against 2 by hand; their partners meet on the other board.
    anna.get(f"/desk/events/{event_id}")
    assert (
        anna.post(f"/desk/events/{event_id}/boards", {"white": "1", "black": "2"}).status_code
        == 303
    )
    games = snapshot(app, event_id).rounds[0].games
    assert any((g.white, g.black) == (1, 2) for g in games)
    assert sorted(p for g in games for p in (g.white, g.black)) == [1, 2, 3, 4]
    page = anna.post(f"/desk/events/{event_id}/boards", {"white": "1", "black": "1"})
    assert page.status_code == 400 and "cannot play himself" in page.text


def test_pairing_twice_without_results_is_refused_on_the_desk(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = create(anna)
    register(anna, event_id, PLAYERS[:4])
    anna.post(f"/desk/events/{event_id}/pair")
    before = version(app, event_id)
    page = anna.post(f"/desk/events/{event_id}/pair")
    assert page.status_code == 400
    assert "still lacks 2 result(s)" in page.text
    assert version(app, event_id) == before


# --- the result form ------------------------------------------------------------------------


def paired(site: tuple[FastAPI, Browser]) -> tuple[FastAPI, Browser, int]:
    app, anna = site
    event_id = create(anna)
    register(anna, event_id)
    anna.post(f"/desk/events/{event_id}/pair")
    return app, anna, event_id


def test_an_unreadable_result_saves_nothing_and_keeps_the_form(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna, event_id = paired(site)
    form = anna.get(f"/desk/events/{event_id}/rounds/1/results").text
    v = re.search(r'name="version" value="(\d+)"', form)
    assert v
    page = anna.post(
        f"/desk/events/{event_id}/rounds/1/results",
        {"r1": "1", "r2": "won", "r3": "=", "r4": "", "version": v[1]},
    )
    assert page.status_code == 422
    assert "'won' is not a result" in html.unescape(page.text)
    assert 'aria-invalid="true"' in page.text
    assert result_inputs(page.text) == {"r1": "1", "r2": "won", "r3": "=", "r4": ""}
    assert autofocused(page.text) == "r2"
    assert version(app, event_id) == int(v[1])


def test_a_form_loaded_before_another_change_saves_nothing(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna, event_id = paired(site)
    form = anna.get(f"/desk/events/{event_id}/rounds/1/results").text
    v = re.search(r'name="version" value="(\d+)"', form)
    assert v
    # Meanwhile a second director's window enters board 4.
    ev.enter_results(service_desk(app, "anna"), event_id, [(4, "0-1")])
    changed = version(app, event_id)
    page = anna.post(
        f"/desk/events/{event_id}/rounds/1/results",
        {"r1": "1", "r2": "1", "r3": "1", "r4": "1", "version": v[1]},
    )
    assert page.status_code == 409
    assert "Someone else changed the event" in page.text
    assert version(app, event_id) == changed
    games = snapshot(app, event_id).rounds[0].games
    assert [g.result for g in games] == [None, None, None, GameResult.BLACK_WINS]


def test_a_partly_entered_round_focuses_the_first_empty_board(
    site: tuple[FastAPI, Browser],
) -> None:
    _, anna, event_id = paired(site)
    save(anna, event_id, 1, {1: "1", 2: "0", 3: "", 4: "="})
    form = anna.get(f"/desk/events/{event_id}/rounds/1/results").text
    assert autofocused(form) == "r3"
    assert result_inputs(form) == {"r1": "1-0", "r2": "0-1", "r3": "", "r4": "1/2"}
    assert "/static/results.js" in form
    # Entering the missing board alone completes the round as an entry, not a correction.
    save(anna, event_id, 1, {1: "1-0", 2: "0-1", 3: "+", 4: "1/2"})
    page = anna.get(f"/desk/events/{event_id}")
    assert "1 result saved" in page.text


def test_the_result_script_is_served(site: tuple[FastAPI, Browser]) -> None:
    _, anna = site
    script = anna.get("/static/results.js")
    assert script.status_code == 200
    assert "Enter" in script.text and "requestSubmit" in script.text


# --- reading: exports, printouts, log -------------------------------------------------------


def test_exports_are_downloads_of_the_stored_event(site: tuple[FastAPI, Browser]) -> None:
    app, anna, event_id = paired(site)
    for kind in ("trf", "csv", "json"):
        answer = anna.get(f"/desk/events/{event_id}/export/{kind}")
        assert answer.status_code == 200
        assert answer.headers["content-disposition"] == (
            f'attachment; filename="event-{event_id}.{kind}"'
        )
    exported = anna.get(f"/desk/events/{event_id}/export/json").text
    assert load_event(exported, "export") == snapshot(app, event_id)
    assert anna.get(f"/desk/events/{event_id}/export/xls").status_code == 404


def test_printouts_as_html_and_pdf(site: tuple[FastAPI, Browser]) -> None:
    _, anna, event_id = paired(site)
    for sheet in ("pairings", "alphabetical", "standings", "crosstable", "players"):
        page = anna.get(f"/desk/events/{event_id}/print/{sheet}")
        assert page.status_code == 200 and "<table>" in page.text, sheet
    pairings = anna.get(f"/desk/events/{event_id}/print/pairings?round=1").text
    assert "round 1 pairings" in pairings and "Ada Byron" in pairings
    pdf = anna.get(f"/desk/events/{event_id}/print/standings?pdf=1")
    assert pdf.headers["content-type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")
    assert anna.get(f"/desk/events/{event_id}/print/pairings?round=9").status_code == 400
    assert anna.get(f"/desk/events/{event_id}/print/poster").status_code == 404


def test_the_desk_prints_slips_check_in_list_and_wall_chart(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna, event_id = paired(site)
    desk = html.unescape(anna.get(f"/desk/events/{event_id}").text)
    for sheet, label in (
        ("slips", "result slips"),
        ("check-in", "check-in list"),
        ("wall-chart", "wall chart (large type)"),
    ):
        assert f'<a href="/desk/events/{event_id}/print/{sheet}">{label}</a>' in desk
    results = anna.get(f"/desk/events/{event_id}/rounds/1/results").text
    assert f"/desk/events/{event_id}/print/slips?round=1" in results
    slips = anna.get(f"/desk/events/{event_id}/print/slips?round=1").text
    boards = len(snapshot(app, event_id).rounds[0].games)
    assert slips.count('<div class="slip">') == boards
    check_in = sheet_rows(anna.get(f"/desk/events/{event_id}/print/check-in").text)
    names = [row[1] for row in check_in]
    assert names == sorted(names, key=str.casefold) and "Ada Byron" in names
    assert all(row[0] == '<span class="box"></span>' for row in check_in)
    wall = anna.get(f"/desk/events/{event_id}/print/wall-chart").text
    assert '<table class="large">' in wall and "Ada Byron" in wall
    pdf = anna.get(f"/desk/events/{event_id}/print/slips?pdf=1")
    assert pdf.headers["content-type"] == "application/pdf"


def test_my_events_lists_only_mine(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    create(anna, "Anna's open")
    client: TestClient = anna.client
    assert "Anna's open" in html.unescape(anna.get("/desk").text)
    anna.post("/desk/signout")
    bob = Browser(client)
    bob.sign_up("bob", "bob's password")
    page = html.unescape(bob.get("/desk").text)
    assert "Anna's open" not in page and "You run no event yet" in page
    assert [e.owner for e in app.state.store.events()] == ["anna"]


def test_a_bye_limit_is_set_on_the_form_and_kept(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    anna.get("/desk/events/new")
    typed = {"name": "Open", "system": "dutch", "rounds": "5", "bye_limit": "half=lots"}
    page = anna.post("/desk/events/new", typed)
    assert page.status_code == 422
    assert "bye limit 'half=lots'" in field_error(page.text, "bye_limit")
    assert 'value="half=lots"' in page.text
    typed["bye_limit"] = "half=1"
    page = anna.post("/desk/events/new", typed)
    assert page.status_code == 303
    event_id = int(page.headers["location"].rsplit("/", 1)[1])
    register(anna, event_id, PLAYERS[:4])
    anna.get(f"/desk/events/{event_id}")
    assert (
        anna.post(f"/desk/events/{event_id}/byes", {"player": "1", "round": "2"}).status_code == 303
    )
    page = anna.post(f"/desk/events/{event_id}/byes", {"player": "1", "round": "3"})
    assert page.status_code == 400  # the second half-point bye is one too many
    assert [b.round for b in snapshot(app, event_id).requested_byes] == [2]
    anna.get("/desk/events/new")
    page = anna.post(
        "/desk/events/new", {"name": "Club", "system": "berger", "bye_limit": "half=1"}
    )
    assert page.status_code == 422
    assert "round robin" in field_error(page.text, "bye_limit")


def test_a_late_entry_gets_the_points_typed_for_the_missed_rounds(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = create(anna)
    register(anna, event_id, PLAYERS[:4])
    assert "Late entry" not in anna.get(f"/desk/events/{event_id}").text
    anna.post(f"/desk/events/{event_id}/pair")
    save(anna, event_id, 1, {1: "1", 2: "0"})
    assert "Late entry: points for round 1 (" in anna.get(f"/desk/events/{event_id}").text
    page = anna.post(f"/desk/events/{event_id}/players", {"name": "Ivo Late", "missed": "half"})
    assert page.status_code == 422
    assert "0.5" in field_error(page.text, "player-missed")
    assert 'value="half"' in page.text
    page = anna.post(f"/desk/events/{event_id}/players", {"name": "Ivo Late", "missed": "0.7"})
    assert page.status_code == 400 and "missed round 1" in html.unescape(page.text)
    page = anna.post(f"/desk/events/{event_id}/players", {"name": "Ivo Late", "missed": "0.5"})
    assert page.status_code == 303
    t = snapshot(app, event_id)
    late = t.late_entry(5)
    assert late is not None and late.first_round == 2
    anna.post(f"/desk/events/{event_id}/pair")
    standings = sheet_rows(anna.get(f"/desk/events/{event_id}/print/players").text)
    assert [row[6] for row in standings if row[1] == "Ivo Late"] in (["0.5"], ["½"])


def test_late_entries_are_imported_with_their_missed_points(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = create(anna)
    register(anna, event_id, PLAYERS[:4])
    anna.post(f"/desk/events/{event_id}/pair")
    anna.get(f"/desk/events/{event_id}")
    late = b"name,rating\nKai,1500\nLea,1400\n"
    page = anna.post(
        f"/desk/events/{event_id}/players/import",
        {"missed": "zero"},
        files={"file": ("late.csv", late, "text/csv")},
    )
    assert page.status_code == 422 and 'value="zero"' in page.text
    page = anna.post(
        f"/desk/events/{event_id}/players/import",
        {"missed": "0.5"},
        files={"file": ("late.csv", late, "text/csv")},
    )
    assert page.status_code == 303, page.text
    t = snapshot(app, event_id)
    assert [p.name for p in t.players][-2:] == ["Kai", "Lea"]
    assert all(t.late_entry(pid) is not None for pid in (5, 6))


def test_a_card_game_round_takes_match_scores(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    anna.get("/desk/events/new")
    page = anna.post(
        "/desk/events/new",
        {"name": "Friday Magic", "system": "casual", "rounds": "3", "points": "3,1,0"},
    )
    assert page.status_code == 303
    event_id = int(page.headers["location"].rsplit("/", 1)[1])
    register(anna, event_id, PLAYERS[:4])
    anna.post(f"/desk/events/{event_id}/pair")
    form = anna.get(f"/desk/events/{event_id}/rounds/1/results").text
    assert "<th>Player</th>" in form and "White" not in form
    save(anna, event_id, 1, {1: "2-1", 2: "1-1-1"})
    games = snapshot(app, event_id).rounds[0].games
    assert [g.result for g in games] == [GameResult.WHITE_WINS, GameResult.DRAW]
    assert [
        (m.first_wins, m.second_wins, m.draws) for m in (g.match_score for g in games) if m
    ] == [
        (2, 1, 0),
        (1, 1, 1),
    ]
    form = anna.get(f"/desk/events/{event_id}/rounds/1/results").text
    assert result_inputs(form) == {"r1": "2-1-0", "r2": "1-1-1"}
