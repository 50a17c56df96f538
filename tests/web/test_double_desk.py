"""The director's desk for a FIDE Double-Swiss through its pages (no browser): the new-event
form, the players' forms, pairing, the round page with two result fields per board and the
match result computed, corrections, undo and redo, the log, the exports; hostile input (bad
result values, boards and rounds that do not exist, stale and missing versions, another
director) refused with nothing saved."""

from __future__ import annotations

import html
import re

import pytest
from fastapi import FastAPI

from fairpair.core import Colour
from fairpair.core.double_swiss import DoubleSwissTournament, Mark, MatchByeKind
from fairpair.formats.trf_double import parse_double_trf
from fairpair.service import double_events as de
from tests.web.desk_client import Browser, alerts, browser, field_error, service_desk

Site = tuple[FastAPI, Browser]


def new_event(anna: Browser, **fields: str) -> tuple[int, str]:
    """Submit the new-event form for a Double-Swiss; the event's id (0 if refused) and the
    answer's text."""
    anna.get("/desk/events/new")
    data = {"name": "Double open", "system": "double-swiss", "rounds": "5"}
    data |= {"ds_colour": "white", "ds_primary": "gp"} | fields
    page = anna.submit("/desk/events/new", data)
    if page.status_code != 303:
        return 0, page.text
    found = re.search(r"/desk/events/(\d+)$", page.headers["location"])
    assert found, page.headers["location"]
    return int(found[1]), ""


def stored(app: FastAPI, event_id: int) -> DoubleSwissTournament:
    return de.load_double(service_desk(app), event_id).tournament


def version(app: FastAPI, event_id: int) -> int:
    return de.load_double(service_desk(app), event_id).version


def with_players(app: FastAPI, anna: Browser, count: int = 8, **fields: str) -> int:
    """A Double-Swiss of ``count`` players registered through the desk's import form."""
    event_id, page = new_event(anna, **fields)
    assert event_id, page
    csv = "name,rating\n" + "".join(f"Player {i},{2300 - 10 * i}\n" for i in range(1, count + 1))
    anna.get(f"/desk/events/{event_id}")
    answer = anna.post(
        f"/desk/events/{event_id}/players/import",
        files={"file": ("players.csv", csv.encode(), "text/csv")},
    )
    assert answer.status_code == 303, answer.text
    return event_id


def paired(app: FastAPI, anna: Browser, count: int = 8) -> int:
    """A Double-Swiss with round 1 paired at the desk."""
    event_id = with_players(app, anna, count)
    anna.get(f"/desk/events/{event_id}")
    answer = anna.submit(f"/desk/events/{event_id}/pair")
    assert answer.status_code == 303
    assert answer.headers["location"] == f"/desk/events/{event_id}/rounds/1/results"
    return event_id


def results(
    anna: Browser, event_id: int, number: int, games: dict[int, tuple[str, str]], **extra: str
) -> object:
    """Send the round form as the page has it, with ``games`` chosen."""
    action = f"/desk/events/{event_id}/rounds/{number}/results"
    anna.get(action)
    data = {f"b{b}g{g}": text for b, pair in games.items() for g, text in enumerate(pair, 1)}
    return anna.submit(action, data | extra)


# --- the new-event form -------------------------------------------------------------------


def test_the_new_event_form_offers_the_double_swiss_and_its_settings_in_words(
    site: Site,
) -> None:
    _, anna = site
    page = anna.get("/desk/events/new").text
    assert '<option value="double-swiss">FIDE Double-Swiss (two-game matches)</option>' in page
    assert "Drawn by lot when the event is created" in page
    assert "pairing-allocated / half-point / full-point (empty: 1.5/1/2)" in page
    assert "Game points (a game won 1, drawn ½)" in page and "Match points (a match won 2" in page


def test_a_double_swiss_is_created_with_its_settings(site: Site) -> None:
    app, anna = site
    event_id, _ = new_event(
        anna, rounds="7", bye_values="1/0.5/1", ds_primary="mp", ds_colour="black", city="Lyon"
    )
    event = de.load_double(service_desk(app), event_id)
    ds = event.settings.double_swiss
    assert ds is not None and not ds.colour_drawn
    assert (ds.byes.pairing_allocated, ds.byes.half_point, ds.byes.full_point) == (2, 1, 2)
    assert ds.primary.value == "MP" and event.settings.initial_colour is Colour.BLACK
    assert event.tournament.total_rounds == 7 and event.settings.city == "Lyon"
    assert event.info.owner == "anna"
    page = anna.get(f"/desk/events/{event_id}").text
    assert "FIDE Double-Swiss (two-game matches)" in page and "0 of 7 match-rounds" in page
    assert "Add players" in page


def test_the_first_colour_is_drawn_by_lot_when_not_chosen(site: Site) -> None:
    app, anna = site
    event_id, _ = new_event(anna, ds_colour="")
    event = de.load_double(service_desk(app), event_id)
    assert event.settings.double_swiss is not None and event.settings.double_swiss.colour_drawn
    assert "drawn by lot" in anna.get(f"/desk/events/{event_id}").text


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"rounds": ""}, "rounds", "match-rounds"),
        ({"rounds": "hundred"}, "rounds", "match-rounds"),
        ({"rounds": "100"}, "rounds", "1 to 99"),
        ({"bye_values": "3/1/2"}, "bye_values", "0 to 2"),
        ({"bye_values": "1.5/1"}, "bye_values", "1.5/1/2"),
        ({"bye_values": "0.3/1/2"}, "bye_values", "whole or half point"),
        ({"ds_primary": "elo"}, "ds_primary", "choose mp"),
        (
            {"ds_colour": "red"},
            "ds_colour",
            "white or black (without it, the colour is drawn by lot)",
        ),
        ({"points": "3,1,0"}, "points", "scored 1, ½, 0"),
        ({"game": "cards"}, "game", "a Double-Swiss is chess"),
        ({"bye_limit": "half=2"}, "bye_limit", "no bye limit"),
        ({"boards": "4"}, "boards", "for a team event only"),
        ({"tiebreaks": "XYZ"}, "tiebreaks", "XYZ"),
        ({"name": ""}, "name", "give the event a name"),
    ],
)
def test_the_new_double_swiss_form_names_the_field_it_refuses(
    site: Site, fields: dict[str, str], field: str, words: str
) -> None:
    app, anna = site
    event_id, page = new_event(anna, **fields)
    assert event_id == 0
    assert words in field_error(page, field)
    assert not list(app.state.store.events())  # nothing half-saved


def test_every_refused_field_is_named_at_once_and_what_was_typed_is_kept(site: Site) -> None:
    _, anna = site
    event_id, page = new_event(anna, rounds="", bye_values="9/9/9", city="Lyon")
    assert event_id == 0
    assert field_error(page, "rounds") and field_error(page, "bye_values")
    assert 'value="9/9/9"' in page and 'value="Lyon"' in page


def test_bye_values_are_refused_for_an_individual_event(site: Site) -> None:
    _, anna = site
    event_id, page = new_event(anna, system="dutch", bye_values="1/1/1")
    assert event_id == 0 and "for a Double-Swiss only" in field_error(page, "bye_values")


# --- players ------------------------------------------------------------------------------


def test_players_are_added_imported_corrected_and_removed_at_the_desk(site: Site) -> None:
    app, anna = site
    event_id = with_players(app, anna, 3)
    anna.get(f"/desk/events/{event_id}")
    answer = anna.submit(
        f"/desk/events/{event_id}/players", {"name": "Ann Late", "rating": "1800", "sex": "w"}
    )
    assert answer.status_code == 303
    page = anna.get(f"/desk/events/{event_id}").text
    assert "Registered 4 Ann Late." in page and "<td>Player 2</td>" in page
    # A rating that is no number is refused under its field, nothing saved.
    refused = anna.submit(f"/desk/events/{event_id}/players", {"name": "X", "rating": "high"})
    assert refused.status_code == 422 and field_error(refused.text, "player-rating")
    assert len(stored(app, event_id).players) == 4
    # The same name again is asked about, not refused nor saved.
    anna.get(f"/desk/events/{event_id}")
    again = anna.submit(f"/desk/events/{event_id}/players", {"name": "ann late"})
    assert again.status_code == 409 and "Register anyway" in again.text
    anna.get(f"/desk/events/{event_id}/players/4")
    edited = anna.submit(
        f"/desk/events/{event_id}/players/4/edit", {"name": "Ann Late", "rating": "1850"}
    )
    assert edited.status_code == 303
    assert stored(app, event_id).players[3].rating == 1850
    anna.get(f"/desk/events/{event_id}/players/2")
    asked = anna.submit(f"/desk/events/{event_id}/players/2/remove")
    assert asked.status_code == 200 and "Remove 2 Player 2?" in asked.text
    removed = anna.submit(f"/desk/events/{event_id}/players/2/remove", {"confirm": "yes"})
    assert removed.status_code == 303
    assert [p.name for p in stored(app, event_id).players] == ["Player 1", "Player 3", "Ann Late"]
    assert anna.get(f"/desk/events/{event_id}/players/99").status_code == 404


def test_a_bad_players_file_names_its_line_and_nothing_is_saved(site: Site) -> None:
    app, anna = site
    event_id = with_players(app, anna, 2)
    anna.get(f"/desk/events/{event_id}")
    answer = anna.post(
        f"/desk/events/{event_id}/players/import",
        files={"file": ("more.csv", b"name,rating\nA,1500\nB,lots\n", "text/csv")},
    )
    assert answer.status_code == 422 or answer.status_code == 400
    assert "more.csv:3: rating" in html.unescape(answer.text)
    assert len(stored(app, event_id).players) == 2


def test_byes_withdrawals_and_players_kept_apart_shape_the_pairing(site: Site) -> None:
    app, anna = site
    event_id = with_players(app, anna, 8)
    anna.get(f"/desk/events/{event_id}")
    bye = anna.submit(
        f"/desk/events/{event_id}/byes", {"player": "3", "round": "1", "kind": "half"}
    )
    assert bye.status_code == 303
    anna.get(f"/desk/events/{event_id}")
    refused = anna.submit(
        f"/desk/events/{event_id}/byes", {"player": "4", "round": "one", "kind": "half"}
    )
    assert refused.status_code == 422 and field_error(refused.text, "bye-round")
    anna.get(f"/desk/events/{event_id}")
    huge = anna.submit(
        f"/desk/events/{event_id}/byes", {"player": "4", "round": "9" * 5000, "kind": "half"}
    )
    assert huge.status_code == 422 and field_error(huge.text, "bye-round")
    anna.get(f"/desk/events/{event_id}/players/8/withdraw")
    assert anna.submit(f"/desk/events/{event_id}/players/8/withdraw").status_code == 303
    anna.get(f"/desk/events/{event_id}")
    back = anna.submit(f"/desk/events/{event_id}/players/8/return")
    assert back.status_code == 303 and 8 not in stored(app, event_id).withdrawn
    anna.get(f"/desk/events/{event_id}/players/7/withdraw")
    withdrawn = anna.submit(f"/desk/events/{event_id}/players/7/withdraw", {"confirm": "yes"})
    assert withdrawn.status_code == 303 and stored(app, event_id).withdrawn == {7: 1}
    anna.get(f"/desk/events/{event_id}")
    apart = anna.submit(f"/desk/events/{event_id}/forbidden", {"players": "1, 2"})
    assert apart.status_code == 303
    page = anna.get(f"/desk/events/{event_id}").text
    assert "half-point bye in round 1" in page and "withdrawn from round 1" in page
    anna.submit(f"/desk/events/{event_id}/pair")
    rnd = stored(app, event_id).rounds[0]
    assert rnd.bye_of(3) is not None and rnd.bye_of(3).kind is MatchByeKind.HALF_POINT  # type: ignore[union-attr]
    assert rnd.bye_of(7) is not None and rnd.bye_of(7).kind is MatchByeKind.ZERO_POINT  # type: ignore[union-attr]
    assert all({m.white, m.black} != {1, 2} for m in rnd.matches)


# --- the round page -----------------------------------------------------------------------


def test_the_round_page_has_two_result_fields_per_board(site: Site) -> None:
    app, anna = site
    event_id = paired(app, anna, 8)
    t = stored(app, event_id)
    page = anna.get(f"/desk/events/{event_id}/rounds/1/results").text
    names = {p.id: p.name for p in t.players}
    for board, match in enumerate(t.rounds[0].matches, start=1):
        white, black = names[match.white], names[match.black]
        assert f"Board {board}, game 1: {white} (White) - {black} (Black)" in page
        assert f"Board {board}, game 2: {black} (White) - {white} (Black)" in page
    for value in ("1-0", "½-½", "0-1", "+-", "-+", "--", "½-0", "0-½", "0-0"):
        assert page.count(f'<option value="{value}"') == 2 * len(t.rounds[0].matches)


def test_one_submit_records_the_round_and_the_match_results_are_computed(site: Site) -> None:
    app, anna = site
    event_id = paired(app, anna, 8)
    before = len(service_desk(app).store.log(event_id))
    answer = results(
        anna,
        event_id,
        1,
        {1: ("1-0", "½-½"), 2: ("-+", "+-"), 3: ("½-0", "0-0"), 4: ("1-0", "+-")},
    )
    assert answer.status_code == 303
    assert answer.headers["location"] == f"/desk/events/{event_id}"
    log = service_desk(app).store.log(event_id)
    assert len(log) == before + 1 and log[-1].action == "results.entered"
    t = stored(app, event_id)
    m1, m2, m3, m4 = t.rounds[0].matches
    assert m1.games == ((Mark.WIN, Mark.LOSS), (Mark.DRAW, Mark.DRAW))
    # Game 2's sheet is White first: +- there is the second-named player's forfeit win.
    assert m2.forfeited_by(m2.white) and not m2.forfeited_by(m2.black)
    assert m3.games == ((Mark.DRAW, Mark.LOSS), (Mark.LOSS, Mark.LOSS))
    assert m4.played and m4.points(m4.black) == 2
    page = anna.get(f"/desk/events/{event_id}/rounds/1/results").text
    shown = dict(re.findall(r'id="board-(\d)-result"[^>]*>([^<]*)</output>', page))
    assert shown == {"1": "1½-½", "2": "0-2", "3": "½-0", "4": "1-1"}
    names = {p.id: p.name for p in t.players}
    assert f"forfeited: {names[m2.black]} wins the match" in page
    desk_page = anna.get(f"/desk/events/{event_id}").text
    assert "Round 1 is complete" in desk_page and "Pair round 2" in desk_page
    # The standings: game points of the games chosen, then the usual tie-breaks.
    assert ">GP</th>" in desk_page and '<th class="num">BH:GP/C1</th>' in desk_page
    table = desk_page[desk_page.index('id="standings"') :].split("</table>")[0]
    gp = dict(
        re.findall(r'<td class="num">(\d)</td><td>[^<]*</td>\s*<td class="num">([^<]*)</td>', table)
    )
    first, second = names[m1.white], names[m1.black]
    assert gp[str(m1.white)] == "1½" and gp[str(m1.black)] == "½", (first, second)


def test_a_round_entered_in_parts_keeps_the_boards_left_empty(site: Site) -> None:
    app, anna = site
    event_id = paired(app, anna, 8)
    answer = results(anna, event_id, 1, {2: ("0-1", "0-1")})
    assert answer.status_code == 303
    assert answer.headers["location"] == f"/desk/events/{event_id}/rounds/1/results"
    t = stored(app, event_id)
    assert [m.finished for m in t.rounds[0].matches] == [False, True, False, False]
    assert "Round 1: 1 of 4 matches finished" in anna.get(f"/desk/events/{event_id}").text
    again = results(anna, event_id, 1, {1: ("1-0", "1-0"), 2: ("0-1", "0-1")})
    assert again.status_code == 303
    log = service_desk(app).store.log(event_id)
    assert log[-1].action == "results.entered" and len(log[-1].payload["results"]) == 1


def test_an_earlier_round_is_corrected_and_undo_and_redo_walk_it(site: Site) -> None:
    app, anna = site
    event_id = paired(app, anna, 6)
    every = {b: ("1-0", "0-1") for b in (1, 2, 3)}
    assert results(anna, event_id, 1, every).status_code == 303
    anna.get(f"/desk/events/{event_id}")
    anna.submit(f"/desk/events/{event_id}/pair")
    answer = results(anna, event_id, 1, {1: ("½-½", "½-½")})
    assert answer.status_code == 303
    # Saved, with a notice that round 2 was paired on the scores this changed.
    notice = html.unescape(anna.get(answer.headers["location"]).text)
    assert "Round 1: 1 match corrected. Warning: Round 1's results changed after round 2" in (
        notice
    )
    assert "fairpair-engine -c) will report round 2" in notice
    log = service_desk(app).store.log(event_id)
    assert log[-1].action == "result.corrected" and log[-1].payload["round"] == 1
    assert stored(app, event_id).rounds[0].matches[0].games == (
        (Mark.DRAW, Mark.DRAW),
        (Mark.DRAW, Mark.DRAW),
    )
    page = anna.get(f"/desk/events/{event_id}").text
    assert "Undo: corrected round 1" in page
    undone = anna.submit(f"/desk/events/{event_id}/undo")
    assert undone.status_code == 303
    # Game 2's 0-1 is the first-named player's win (he has Black in game 2).
    assert stored(app, event_id).rounds[0].matches[0].games == (
        (Mark.WIN, Mark.LOSS),
        (Mark.WIN, Mark.LOSS),
    )
    anna.get(f"/desk/events/{event_id}")
    assert anna.submit(f"/desk/events/{event_id}/redo").status_code == 303
    assert stored(app, event_id).rounds[0].matches[0].games == (
        (Mark.DRAW, Mark.DRAW),
        (Mark.DRAW, Mark.DRAW),
    )
    log_page = anna.get(f"/desk/events/{event_id}/log").text
    assert "undid #" in log_page and "redid #" in log_page and "paired round 2" in log_page
    assert "results round 1: board 1 1-0 0-1 (2-0)" in html.unescape(log_page)
    # Round 2, the last paired, entered and then corrected: no later round to warn about.
    every = {b: ("0-1", "1-0") for b in (1, 2, 3)}
    assert results(anna, event_id, 2, every).status_code == 303
    last = results(anna, event_id, 2, {1: ("1-0", "1-0")})
    assert "1 match corrected" in html.unescape(anna.get(last.headers["location"]).text)
    assert "Warning" not in anna.get(last.headers["location"]).text


# --- hostile input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("games", "field", "words"),
    [
        ({1: ("2-0", "1-0")}, "b1g1", "not a game result"),
        ({1: ("1-0", "<script>x</script>")}, "b1g2", "not a game result"),
        ({2: ("1-0", "")}, "b2g2", "choose game 2 too"),
        ({3: ("", "½-½")}, "b3g1", "choose game 1 too"),
        ({1: ("1-0", "1-0"), 4: ("1-0-1", "1-0")}, "b4g1", "not a game result"),
    ],
)
def test_a_result_that_is_not_one_is_refused_next_to_its_field(
    site: Site, games: dict[int, tuple[str, str]], field: str, words: str
) -> None:
    app, anna = site
    event_id = paired(app, anna, 8)
    at = version(app, event_id)
    answer = results(anna, event_id, 1, games)
    assert answer.status_code == 422
    assert words in field_error(answer.text, field)
    assert "<script>x" not in answer.text
    assert version(app, event_id) == at  # nothing saved, not even the good boards
    assert not any(m.finished for m in stored(app, event_id).rounds[0].matches)


def test_a_board_the_round_has_not_is_refused(site: Site) -> None:
    app, anna = site
    event_id = paired(app, anna, 8)
    at = version(app, event_id)
    answer = results(anna, event_id, 1, {1: ("1-0", "1-0"), 99: ("1-0", "0-1")})
    assert answer.status_code == 400
    assert any("has no board 99" in a for a in alerts(answer.text))
    zero = results(anna, event_id, 1, {0: ("1-0", "0-1")})
    assert zero.status_code == 400 and version(app, event_id) == at


def test_a_round_not_paired_has_no_page(site: Site) -> None:
    app, anna = site
    event_id = paired(app, anna, 8)
    assert anna.get(f"/desk/events/{event_id}/rounds/2/results").status_code == 404
    anna.get(f"/desk/events/{event_id}/rounds/1/results")
    form = anna.hidden_fields(f"/desk/events/{event_id}/rounds/1/results")
    answer = anna.post(f"/desk/events/{event_id}/rounds/2/results", form, token="")
    assert answer.status_code == 404
    assert anna.get(f"/desk/events/{event_id}/rounds/0/results").status_code == 404


def test_a_stale_or_missing_version_is_refused(site: Site) -> None:
    app, anna = site
    event_id = paired(app, anna, 8)
    action = f"/desk/events/{event_id}/rounds/1/results"
    anna.get(action)
    form = anna.hidden_fields(action)
    # Someone else saves a board meanwhile (the same director in another tab).
    assert results(anna, event_id, 1, {1: ("1-0", "1-0")}).status_code == 303
    at = version(app, event_id)
    stale = anna.post(action, form | {"b2g1": "1-0", "b2g2": "1-0"}, token="")
    assert stale.status_code == 409 and "Someone else changed the event" in stale.text
    missing = anna.post(
        action, {"csrf_token": form["csrf_token"], "b2g1": "1-0", "b2g2": "1-0"}, token=""
    )
    assert missing.status_code == 409
    forged = anna.post(
        action,
        {"csrf_token": form["csrf_token"], "version": "9" * 5000, "b2g1": "1-0", "b2g2": "1-0"},
        token="",
    )
    assert forged.status_code == 409
    assert version(app, event_id) == at and not stored(app, event_id).rounds[0].matches[1].finished
    # What was chosen is kept on the refused page.
    assert re.search(r'<option value="1-0" selected>', stale.text)


def test_another_director_cannot_see_or_touch_the_event(site: Site) -> None:
    app, anna = site
    event_id = paired(app, anna, 8)
    bob = browser(app)
    bob.sign_up("bob", "bob's own password")
    for path in ("", "/rounds/1/results", "/log", "/export/trf", "/players/1"):
        assert bob.get(f"/desk/events/{event_id}{path}").status_code == 404, path
    bob.get("/desk")
    answer = bob.post(f"/desk/events/{event_id}/rounds/1/results", {"b1g1": "1-0"})
    assert answer.status_code == 404
    assert bob.post(f"/desk/events/{event_id}/pair").status_code == 404
    assert not any(m.finished for m in stored(app, event_id).rounds[0].matches)


def test_the_individual_pages_refuse_a_double_swiss(site: Site) -> None:
    app, anna = site
    event_id = paired(app, anna, 8)
    anna.get(f"/desk/events/{event_id}")
    answer = anna.post(f"/desk/events/{event_id}/boards", {"white": "1", "black": "2"})
    assert answer.status_code == 404 and "Double-Swiss" in answer.text


# --- files, details -----------------------------------------------------------------------


def test_exports_are_the_double_swiss_files(site: Site) -> None:
    app, anna = site
    event_id = paired(app, anna, 8)
    results(anna, event_id, 1, {b: ("1-0", "½-½") for b in range(1, 5)})
    trf = anna.get(f"/desk/events/{event_id}/export/trf")
    assert trf.status_code == 200 and "192 FIDE_DOUBLESWISS" in trf.text
    read, t = parse_double_trf(trf.text).tournament(), stored(app, event_id)
    # A TRF keeps each player's matches, not the order of the boards.
    assert read.players == t.players
    assert set(read.rounds[0].matches) == set(t.rounds[0].matches)
    data = anna.get(f"/desk/events/{event_id}/export/json")
    assert data.status_code == 200 and data.json()["kind"]
    csv = anna.get(f"/desk/events/{event_id}/export/csv")
    assert csv.status_code == 404
    assert "Export a Double-Swiss event as trf or json, not &#39;csv&#39;." in csv.text


def test_the_desk_links_to_the_double_swiss_printouts(site: Site) -> None:
    app, anna = site
    event_id = paired(app, anna, 8)
    page = anna.get(f"/desk/events/{event_id}").text
    links = set(re.findall(rf'href="(/desk/events/{event_id}/print/[^"]+)"', page))
    assert f"/desk/events/{event_id}/print/pairings?round=1" in links
    assert f"/desk/events/{event_id}/print/slips?round=1" in links
    for link in sorted(links):
        assert anna.get(html.unescape(link)).status_code == 200, link
    round_page = anna.get(f"/desk/events/{event_id}/rounds/1/results").text
    assert f"/desk/events/{event_id}/print/pairings?round=1" in round_page


def test_the_event_details_are_edited_and_a_stale_form_refused(site: Site) -> None:
    app, anna = site
    event_id = with_players(app, anna, 4)
    anna.get(f"/desk/events/{event_id}")
    form = anna.hidden_fields(f"/desk/events/{event_id}/double-settings")
    answer = anna.post(
        f"/desk/events/{event_id}/double-settings",
        form | {"name": "Double open 2026", "rounds": "9", "city": "Nice"},
        token="",
    )
    assert answer.status_code == 303
    event = de.load_double(service_desk(app), event_id)
    assert event.info.name == "Double open 2026" and event.tournament.total_rounds == 9
    stale = anna.post(
        f"/desk/events/{event_id}/double-settings",
        form | {"name": "Other", "rounds": "9"},
        token="",
    )
    assert stale.status_code == 409
    refused = anna.submit(
        f"/desk/events/{event_id}/double-settings", {"name": "X", "rounds": "many"}
    )
    assert refused.status_code == 422 and field_error(refused.text, "details-rounds")
    anna.get(f"/desk/events/{event_id}")
    unknown = anna.submit(
        f"/desk/events/{event_id}/double-settings", {"name": "X", "rounds": "9", "tiebreaks": "XYZ"}
    )
    assert unknown.status_code == 422 and "XYZ" in field_error(unknown.text, "details-tiebreaks")
