"""Rating lists on the desk: the JSON search the add-player form's script asks, the same
search as a plain form without the script (the player chosen fills the form), and the
update-ratings button: one logged change, undone by the desk's Undo, refused after round 1."""

from __future__ import annotations

import html
import re
from pathlib import Path

from fastapi import FastAPI

from fairpair.service import events as ev
from fairpair.service import rating_lists as rl
from tests.web.desk_client import Browser, browser, service_desk
from tests.web.test_desk import any_site, create  # noqa: F401 (a fixture)

DATA = Path(__file__).parent.parent / "data" / "ratings"


def _import(app: FastAPI, file: str = "players_list_xml.xml", name: str = "FIDE 2026-11") -> None:
    with (DATA / file).open("rb") as stream:
        rl.import_list(service_desk(app), stream, file, name, rl.list_format(file))


def _input(page: str, field_id: str) -> str:
    found = re.search(rf'<input id="{field_id}"[^>]*value="([^"]*)"', page)
    assert found, f"no #{field_id}"
    return html.unescape(found[1])


def test_the_search_answers_signed_in_directors_in_json(any_site: tuple[FastAPI, Browser]) -> None:  # noqa: F811
    app, anna = any_site
    _import(app)
    answer = anna.get("/desk/ratings/search", params={"q": "JOSÉ ørs"})
    assert answer.status_code == 200
    assert answer.json() == {
        "list": "FIDE 2026-11",
        "players": [
            {
                "id": "2212345",
                "name": "Ørsted-Müller, José",
                "rating": "2301",
                "title": "FM",
                "federation": "DEN",
                "fide_id": "2212345",
                "birth_date": "",
                "sex": "m",
            }
        ],
    }
    by_id = anna.get("/desk/ratings/search", params={"q": "4100", "list": "FIDE 2026-11"}).json()
    assert [p["name"] for p in by_id["players"]] == ["Smith, Anna"]
    assert anna.get("/desk/ratings/search", params={"q": "zzz"}).json()["players"] == []
    stranger = browser(app).get(
        "/desk/ratings/search", params={"q": "carl"}, follow_redirects=False
    )
    assert stranger.status_code in (303, 401)
    assert "Carlsen" not in stranger.text


def test_without_the_script_the_form_finds_and_a_choice_fills_the_add_player_form(
    any_site: tuple[FastAPI, Browser],  # noqa: F811
) -> None:
    app, anna = any_site
    event_id = create(anna)
    page = anna.get(f"/desk/events/{event_id}").text
    assert 'id="rating-search"' not in page  # no list imported: no search
    _import(app)
    page = anna.get(f"/desk/events/{event_id}", params={"find": "carl"}).text
    assert 'id="rating-search"' in page and "rating_search.js" in page
    links = re.findall(r'<a href="([^"]*pick=[^"]*)">([^<]*)</a>', page)
    assert [html.unescape(words) for _, words in links] == [
        "Carlsen, Magnus GM · NOR · 2823 · 1503014"
    ]
    page = anna.get(html.unescape(links[0][0])).text
    assert _input(page, "player-name") == "Carlsen, Magnus"
    assert _input(page, "player-rating") == "2823"
    assert _input(page, "player-title") == "GM"
    assert _input(page, "player-federation") == "NOR"
    assert _input(page, "player-fide_id") == "1503014"
    assert _input(page, "player-birth_date") == "1990"
    assert _input(page, "player-sex") == "m"
    none = anna.get(f"/desk/events/{event_id}", params={"find": "nobody"}).text
    assert "No player of FIDE 2026-11 matches" in none


def test_the_update_button_is_one_logged_change_undone_and_gone_after_round_one(
    any_site: tuple[FastAPI, Browser],  # noqa: F811
) -> None:
    app, anna = any_site
    _import(app, "players_list_foa.txt", "FIDE 2026-11")
    event_id = create(anna)
    d = service_desk(app)
    ev.register_player(d, event_id, "Carlsen, Magnus", rating=2830, fide_id="1503014")
    ev.register_player(d, event_id, "Smith, Anna", rating=1900, fide_id="4100018")
    anna.get(f"/desk/events/{event_id}")
    done = anna.submit(
        f"/desk/events/{event_id}/ratings/update", {"list": "FIDE 2026-11", "kind": "standard"}
    )
    assert done.status_code == 303, done.text
    page = anna.get(done.headers["location"]).text
    assert "Updated 2 player(s) from FIDE 2026-11: 1 Carlsen, Magnus 2830 → 2823" in html.unescape(
        page
    )
    t = ev.load(d, event_id).tournament
    assert [(p.rating, p.title) for p in t.players] == [(2823, "GM"), (1987, "WFM")]
    last = ev.history(d, event_id)[-1]
    assert (last.action, last.actor) == ("ratings.updated", "anna")
    anna.submit(f"/desk/events/{event_id}/undo")
    assert [p.rating for p in ev.load(d, event_id).tournament.players] == [2830, 1900]
    again = anna.get(f"/desk/events/{event_id}")
    assert 'id="update-ratings"' in again.text
    stale = anna.post(
        f"/desk/events/{event_id}/ratings/update",
        anna.hidden_fields(f"/desk/events/{event_id}/ratings/update") | {"version": "1"},
        token=None,
    )
    assert stale.status_code == 409
    ev.register_player(d, event_id, "Third, Player")
    ev.pair_round(d, event_id)
    assert 'id="update-ratings"' not in anna.get(f"/desk/events/{event_id}").text
    refused = anna.post(
        f"/desk/events/{event_id}/ratings/update",
        {"version": str(ev.load(d, event_id).version), "list": "FIDE 2026-11"},
    )
    assert refused.status_code == 400
    assert "round 1 is paired" in refused.text
