"""The director's desk for a team event through its pages (no browser): each form, each
refusal next to the field it is about, and another director kept out."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from fastapi import FastAPI

from fairpair.core import GameResult
from fairpair.core.teams import MatchForfeit, TeamTournament
from fairpair.formats.trf_team import read_team_trf
from fairpair.service import team_events as te
from tests.web.desk_client import Browser, alerts, browser, field_error, service_desk


def new_event(anna: Browser, **fields: str) -> tuple[int, str]:
    """Submit the new-event form; the event's id (0 if refused) and the answer's text."""
    anna.get("/desk/events/new")
    data = {"name": "Club league", "system": "team-swiss", "rounds": "5", "boards": "4"}
    data |= {"primary": "mp", "colour_model": "typea", "double": "no"}
    data |= {"initial_colour": "white"} | fields
    page = anna.submit("/desk/events/new", data)
    if page.status_code != 303:
        return 0, page.text
    found = re.search(r"/desk/events/(\d+)$", page.headers["location"])
    assert found, page.headers["location"]
    return int(found[1]), ""


def stored(app: FastAPI, event_id: int) -> TeamTournament:
    return te.load_team(service_desk(app), event_id).tournament


def roster(team: str, size: int = 5) -> str:
    return "\n".join(f"{team} {b}, {2400 - 10 * b}" for b in range(1, size + 1))


def add_teams(anna: Browser, event_id: int, count: int) -> None:
    for number in range(1, count + 1):
        anna.get(f"/desk/events/{event_id}")
        page = anna.submit(
            f"/desk/events/{event_id}/teams",
            {
                "name": f"Club {number:02d}",
                "captain": f"Cap {number}",
                "players": roster(f"P{number:02d}"),
            },
        )
        assert page.status_code == 303, page.text


# --- the new-event form -------------------------------------------------------------------


def test_the_new_event_form_offers_the_team_systems_and_settings_in_words(
    site: tuple[FastAPI, Browser],
) -> None:
    _, anna = site
    page = anna.get("/desk/events/new").text
    assert '<option value="team-swiss">Team Swiss (FIDE C.04.6)</option>' in page
    assert '<option value="team-berger">Team round robin (Berger tables)</option>' in page
    assert "Boards per match" in page and "Match points for a won, drawn, lost match" in page
    assert "Type A (preferences without strength" in page
    assert "Match points, then game points" in page


def test_a_team_swiss_is_created_with_its_settings(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id, _ = new_event(
        anna,
        boards="6",
        match_points="3/1/0",
        primary="gp",
        colour_model="typeb",
        board_colours="WBWBWB",
        min_board_games="3",
        city="Lyon",
    )
    event = te.load_team(service_desk(app), event_id)
    team = event.settings.team
    assert team is not None and team.boards == 6 and team.match_points == (30, 10, 0)
    assert team.primary.value == "GP" and team.colour_model.value == "B"
    assert team.min_board_games == 3 and event.settings.city == "Lyon"
    assert event.info.owner == "anna" and event.settings.rounds == 5
    page = anna.get(f"/desk/events/{event_id}").text
    assert "Team Swiss (FIDE C.04.6)" in page and "6 boards" in page
    assert "won 3, drawn 1, lost 0" in page  # the settings in words


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"boards": "15"}, "boards", "between 1 and 14"),
        ({"boards": "four"}, "boards", "not a whole number"),
        ({"match_points": "1/2/0"}, "match_points", "a win is worth at least a draw"),
        ({"board_colours": "WBW"}, "board_colours", "3 letters for 4 board(s)"),
        ({"rounds": ""}, "rounds", "a team Swiss plays a set number of rounds"),
        ({"system": "team-berger", "rounds": "9"}, "rounds", "counts its own rounds"),
        ({"double": "yes"}, "double", "team round robin's choice"),
        ({"tiebreaks": "XYZ"}, "tiebreaks", "unknown team tie-break"),
        ({"name": ""}, "name", "give the event a name"),
        ({"game": "cards"}, "game", "a team event is chess"),
        ({"primary": "elo"}, "primary", "choose mp (match points) or gp"),
    ],
)
def test_the_new_team_event_form_names_the_field_it_refuses(
    site: tuple[FastAPI, Browser], fields: dict[str, str], field: str, words: str
) -> None:
    app, anna = site
    event_id, page = new_event(anna, **fields)
    assert event_id == 0
    assert words in field_error(page, field)
    assert not list(app.state.store.events())  # nothing half-saved


def test_team_settings_are_refused_for_an_individual_event(site: tuple[FastAPI, Browser]) -> None:
    _, anna = site
    event_id, page = new_event(anna, system="dutch", boards="4")
    assert event_id == 0 and "for a team event only" in field_error(page, "boards")


def test_a_team_round_robin_is_created(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id, _ = new_event(anna, system="team-berger", rounds="", double="yes")
    event = te.load_team(service_desk(app), event_id)
    assert event.settings.system.value == "team-berger" and event.settings.double


# --- teams --------------------------------------------------------------------------------


def test_teams_are_added_with_their_rosters_in_board_order(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id, _ = new_event(anna)
    anna.get(f"/desk/events/{event_id}")
    page = anna.submit(
        f"/desk/events/{event_id}/teams",
        {
            "name": "Knights",
            "captain": "Ann Lee",
            "players": "Doe, John, 2100\n\nAnna Kay\nBo Li,1990\n",
        },
    )
    assert page.status_code == 303
    page_text = anna.get(f"/desk/events/{event_id}").text
    assert "Registered team 1 Knights (3 players)." in page_text
    t = stored(app, event_id)
    (team,) = t.teams
    assert team.captain == "Ann Lee"
    names = [t.players[[p.id for p in t.players].index(pid)] for pid in team.roster]
    assert [(p.name, p.rating) for p in names] == [
        ("Doe, John", 2100),
        ("Anna Kay", None),
        ("Bo Li", 1990),
    ]
    assert re.search(
        r"<li>Doe, John <span class=\"muted\">2100</span></li><li>Anna Kay</li>", page_text
    )


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"name": "", "players": "A"}, "team-name", "give the team a name"),
        (
            {"name": "X", "players": "A, 5000"},
            "team-players",
            "line 1: a rating between 0 and 4000",
        ),
        ({"name": "X", "players": "A\n , 2000"}, "team-players", "line 2: give the player's name"),
    ],
)
def test_a_team_refused_names_its_field_and_keeps_what_was_typed(
    site: tuple[FastAPI, Browser], fields: dict[str, str], field: str, words: str
) -> None:
    app, anna = site
    event_id, _ = new_event(anna)
    anna.get(f"/desk/events/{event_id}")
    page = anna.submit(f"/desk/events/{event_id}/teams", {"captain": "Cap"} | fields)
    assert page.status_code == 422
    assert words in field_error(page.text, field)
    assert 'value="Cap"' in page.text  # what was typed is kept
    assert not stored(app, event_id).teams


def test_a_second_team_of_the_same_name_is_refused(site: tuple[FastAPI, Browser]) -> None:
    _, anna = site
    event_id, _ = new_event(anna)
    add_teams(anna, event_id, 1)
    anna.get(f"/desk/events/{event_id}")
    page = anna.submit(f"/desk/events/{event_id}/teams", {"name": "club 01", "players": "A"})
    assert page.status_code == 400 and "already registered" in " ".join(alerts(page.text))


def test_teams_are_imported_from_a_csv_and_a_bad_file_names_its_line(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id, _ = new_event(anna)
    anna.get(f"/desk/events/{event_id}")
    bad = "team,name,board\nClub X,A,1\nClub X,B,one\n"
    page = anna.post(
        f"/desk/events/{event_id}/teams/import",
        files={"file": ("teams.csv", bad.encode(), "text/csv")},
    )
    assert page.status_code == 400 and "teams.csv:3" in " ".join(alerts(page.text))
    good = "team,name,board,rating\nRooks,R2,2,2000\nRooks,R1,1,2100\nPawns,P1,1,1800\n"
    page = anna.post(
        f"/desk/events/{event_id}/teams/import",
        files={"file": ("teams.csv", good.encode(), "text/csv")},
    )
    assert page.status_code == 303
    t = stored(app, event_id)
    assert [x.name for x in t.teams] == ["Rooks", "Pawns"]
    names = {p.id: p.name for p in t.players}
    assert [names[pid] for pid in t.team(1).roster] == ["R1", "R2"]


def test_a_team_is_edited_and_removed_on_its_page(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id, _ = new_event(anna)
    add_teams(anna, event_id, 2)
    anna.get(f"/desk/events/{event_id}/teams/2")
    page = anna.submit(
        f"/desk/events/{event_id}/teams/2",
        {"name": "Club Two", "captain": "New Cap", "players": "Reserve, 1500"},
    )
    assert page.status_code == 303
    t = stored(app, event_id)
    assert t.team(2).name == "Club Two" and t.team(2).captain == "New Cap"
    assert len(t.team(2).roster) == 6
    anna.get(f"/desk/events/{event_id}/teams/2")
    page = anna.submit(f"/desk/events/{event_id}/teams/2", {"name": " ", "captain": ""})
    assert page.status_code == 422 and "give the team a name" in field_error(page.text, "edit-name")
    anna.get(f"/desk/events/{event_id}/teams/2")
    assert anna.submit(f"/desk/events/{event_id}/teams/2/remove").status_code == 303
    assert [x.name for x in stored(app, event_id).teams] == ["Club 01"]


def test_a_requested_bye_names_its_field(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id, _ = new_event(anna)
    add_teams(anna, event_id, 3)
    anna.get(f"/desk/events/{event_id}")
    page = anna.submit(f"/desk/events/{event_id}/teams/byes", {"team": "", "kind": "half"})
    assert page.status_code == 422 and "choose the team" in field_error(page.text, "bye-team")
    page = anna.submit(f"/desk/events/{event_id}/teams/byes", {"team": "2", "round": "x"})
    assert page.status_code == 422 and "not a round number" in field_error(page.text, "bye-round")
    page = anna.submit(f"/desk/events/{event_id}/teams/byes", {"team": "2", "kind": "half"})
    assert page.status_code == 303
    assert stored(app, event_id).requested_bye(2, 1) is not None
    assert "half-point bye in round 1" in anna.get(f"/desk/events/{event_id}").text


def test_teams_kept_apart_and_a_fixed_match_shape_the_pairing(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id, _ = new_event(anna)
    add_teams(anna, event_id, 6)
    desk_page = f"/desk/events/{event_id}"
    anna.get(desk_page)
    page = anna.submit(f"/desk/events/{event_id}/teams/apart", {"teams": "Club 01"})
    assert page.status_code == 422
    assert "name two teams or more" in field_error(page.text, "apart-teams")
    page = anna.submit(f"/desk/events/{event_id}/teams/apart", {"teams": "1, 4", "round": "1"})
    assert page.status_code == 303
    assert "Club 01, Club 04 from round 1" in anna.get(desk_page).text
    page = anna.submit(f"/desk/events/{event_id}/teams/fixed", {"first": "2", "second": ""})
    assert page.status_code == 422 and "choose the team" in field_error(page.text, "fixed-second")
    page = anna.submit(f"/desk/events/{event_id}/teams/fixed", {"first": "2", "second": "2"})
    assert page.status_code == 422
    assert "cannot meet itself" in field_error(page.text, "fixed-second")
    page = anna.submit(f"/desk/events/{event_id}/teams/fixed", {"first": "6", "second": "5"})
    assert page.status_code == 303
    assert "Round 1: Club 06 – Club 05" in anna.get(desk_page).text
    # Taken back and fixed again: the log keeps both.
    assert anna.submit(f"/desk/events/{event_id}/teams/fixed/1/6/undo").status_code == 303
    anna.get(desk_page)
    anna.submit(f"/desk/events/{event_id}/teams/fixed", {"first": "6", "second": "5"})
    anna.get(desk_page)
    assert anna.submit(f"/desk/events/{event_id}/pair").status_code == 303
    played = stored(app, event_id).rounds[0]
    pairs = [(m.first, m.second) for m in played.matches]
    assert (6, 5) in pairs  # as fixed, Club 06 the first team
    assert all({1, 4} != {a, b} for a, b in pairs)  # kept apart
    actions = [r.action for r in app.state.store.log(event_id)]
    assert actions.count("match.fixed") == 2 and actions.count("match.unfixed") == 1


# --- a round: pairing, line-ups, results ------------------------------------------------------


def paired(app: FastAPI, anna: Browser, teams: int = 4) -> tuple[int, TeamTournament]:
    event_id, _ = new_event(anna)
    add_teams(anna, event_id, teams)
    anna.get(f"/desk/events/{event_id}")
    page = anna.submit(f"/desk/events/{event_id}/pair")
    assert page.status_code == 303, page.text
    assert page.headers["location"] == f"/desk/events/{event_id}/rounds/1/matches"
    return event_id, stored(app, event_id)


def test_pairing_shows_each_match_with_its_boards_colours_and_players(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id, t = paired(app, anna)
    page = anna.get(f"/desk/events/{event_id}").text
    assert "Paired round 1: 2 matches." in page
    assert "Round 1: 0 of 2 matches finished" in page
    match = t.rounds[0].matches[0]
    first, second = t.team(match.first), t.team(match.second)
    names = {p.id: p.name for p in t.players}
    shown = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert f"{first.id} {first.name}" in shown and f"{second.id} {second.name}" in shown
    board1 = match.boards[0]
    assert f"1.1 w {names[board1.first]} b {names[board1.second]}" in shown
    board2 = match.boards[1]
    assert f"1.2 b {names[board2.first]} w {names[board2.second]}" in shown


def lineup_form(event_id: int, match: int) -> str:
    return f"/desk/events/{event_id}/rounds/1/matches/{match}/lineup"


def results_form(event_id: int, match: int) -> str:
    return f"/desk/events/{event_id}/rounds/1/matches/{match}/results"


def test_a_lineup_is_set_from_the_roster_and_its_refusals_name_the_board(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id, t = paired(app, anna)
    match = t.rounds[0].matches[0]
    tpn = match.first
    round_page = f"/desk/events/{event_id}/rounds/1/matches"
    page = anna.get(round_page).text
    # The default line-up is pre-filled: the first four of the roster.
    for board in range(1, 5):
        select = re.search(
            rf'<select id="lineup-1-{tpn}-b{board}" name="b{board}".*?</select>', page, re.S
        )
        assert select and f'<option value="#{board}" selected>' in select[0]
    # Out of roster order: refused by the service, which names the board.
    refused = anna.submit(
        lineup_form(event_id, 1), {"team": str(tpn), "b1": "#1", "b2": "#3", "b3": "#2", "b4": "#4"}
    ).text
    (message,) = [m for m in alerts(refused) if "roster order" in m]
    assert "board 2" in message and "roster 3" in message
    # A gap: an empty board above a filled one, refused on the board.
    anna.get(round_page)
    refused = anna.submit(
        lineup_form(event_id, 1), {"team": str(tpn), "b1": "#1", "b2": "", "b3": "#3", "b4": ""}
    ).text
    assert "board 2 is empty but board 3 is not" in field_error(refused, f"lineup-1-{tpn}-b2")
    assert stored(app, event_id) == t  # nothing saved
    # Players 1, 2 and 5, the last board empty: lost by forfeit.
    anna.get(round_page)
    page = anna.submit(
        lineup_form(event_id, 1), {"team": str(tpn), "b1": "#1", "b2": "#2", "b3": "#5", "b4": ""}
    )
    assert page.status_code == 303
    after = stored(app, event_id).rounds[0].matches[0]
    team = t.team(tpn)
    assert after.lineup(tpn) == (team.roster[0], team.roster[1], team.roster[4], None)
    assert after.boards[3].result in (
        GameResult.WHITE_WINS_BY_FORFEIT,
        GameResult.BLACK_WINS_BY_FORFEIT,
    )
    assert "1 empty board, lost by forfeit" in anna.get(round_page).text


def test_board_results_make_the_match_result_and_a_correction_changes_it(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id, t = paired(app, anna)
    round_page = f"/desk/events/{event_id}/rounds/1/matches"
    anna.get(round_page)
    page = anna.submit(results_form(event_id, 1), {"b1": "1", "b2": "=", "b3": "0-1", "b4": "x"})
    assert page.status_code == 422
    assert "is not a result" in field_error(page.text, "results-1-b4")
    assert 'value="="' in page.text  # what was typed is kept
    page = anna.submit(results_form(event_id, 1), {"b1": "1", "b2": "=", "b3": "0-1", "b4": "1-0"})
    assert page.status_code == 303
    shown = anna.get(round_page).text
    match = stored(app, event_id).rounds[0].matches[0]
    first, second = t.team(match.first).name, t.team(match.second).name
    # 1 + ½ + 0 + 1 = 2½ game points to 1½: the first team wins the match, 2 match points.
    assert (
        f"Saved round 1, match 1: {first} - {second} 2.5-1.5 game points, 2-0 match points"
        in html.unescape(shown)
    )
    assert re.search(
        r"<strong>2.5-1.5</strong> game points, <strong>2-0</strong> match points", shown
    )
    # The other match forfeited as a whole; the round is complete.
    anna.get(round_page)
    page = anna.submit(results_form(event_id, 2), {"forfeit": "-+"})
    assert page.headers["location"] == f"/desk/events/{event_id}"
    assert stored(app, event_id).rounds[0].matches[1].forfeit is MatchForfeit.SECOND_WINS
    assert "Round 1 is complete" in anna.get(f"/desk/events/{event_id}").text
    # A correction: board 4 of match 1 was drawn, so is the match (2-2).
    anna.get(round_page)
    page = anna.submit(results_form(event_id, 1), {"b1": "1", "b2": "=", "b3": "0-1", "b4": "="})
    assert page.status_code == 303
    assert te.match_result(stored(app, event_id), 1, 1).first_points == (10, 20)
    records = app.state.store.log(event_id)
    assert records[-1].action == "result.corrected"
    log = anna.get(f"/desk/events/{event_id}/log").text
    assert "corrected round 1: 1.4 1/2-1/2" in html.unescape(log)
    # Standings at the desk: teams and boards.
    desk_page = anna.get(f"/desk/events/{event_id}").text
    assert 'id="team-standings"' in desk_page and "Board 4" in desk_page


def test_a_match_forfeited_by_mistake_gets_its_board_results(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id, _ = paired(app, anna)
    round_page = f"/desk/events/{event_id}/rounds/1/matches"
    anna.get(round_page)
    assert anna.submit(results_form(event_id, 1), {"forfeit": "+-"}).status_code == 303
    anna.get(round_page)
    page = anna.submit(results_form(event_id, 1), {"forfeit": "-+"})
    assert page.status_code == 303  # the other team forfeited: corrected
    assert stored(app, event_id).rounds[0].matches[0].forfeit is MatchForfeit.SECOND_WINS
    anna.get(round_page)
    boards = {"forfeit": "", "b1": "1", "b2": "1", "b3": "0", "b4": "="}
    assert anna.submit(results_form(event_id, 1), boards).status_code == 303
    match = stored(app, event_id).rounds[0].matches[0]
    assert match.forfeit is None
    assert te.match_result(stored(app, event_id), 1, 1).first_points == (20, 25)


def test_a_stale_result_form_is_refused(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id, _ = paired(app, anna)
    anna.get(f"/desk/events/{event_id}/rounds/1/matches")
    fields = anna.hidden_fields(results_form(event_id, 1))
    anna.submit(results_form(event_id, 2), {"forfeit": "--"})
    page = anna.post(results_form(event_id, 1), fields | {"b1": "1"}, token="")
    assert page.status_code == 409 and "Someone else changed the event" in page.text


def test_undo_and_redo_at_the_team_desk(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id, _ = paired(app, anna)
    page = anna.get(f"/desk/events/{event_id}").text
    assert "Undo: paired round 1: 2 matches" in page
    assert anna.submit(f"/desk/events/{event_id}/undo").status_code == 303
    assert not stored(app, event_id).rounds
    page = anna.get(f"/desk/events/{event_id}").text
    assert "Undid #6: paired round 1: 2 matches. Redo brings it back." in page
    assert anna.submit(f"/desk/events/{event_id}/redo").status_code == 303
    assert len(stored(app, event_id).rounds) == 1
    log = html.unescape(anna.get(f"/desk/events/{event_id}/log").text)
    assert "redid #6: paired round 1: 2 matches" in log
    assert "registered team 1 Club 01 (5 players)" in log


def test_an_undo_from_a_stale_page_is_refused(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id, _ = paired(app, anna)
    anna.get(f"/desk/events/{event_id}")
    stale = anna.hidden_fields(f"/desk/events/{event_id}/undo")
    anna.get(f"/desk/events/{event_id}/rounds/1/matches")
    anna.submit(results_form(event_id, 2), {"forfeit": "--"})
    before = app.state.store.log(event_id)
    page = anna.post(f"/desk/events/{event_id}/undo", stale, token="")
    assert page.status_code == 409 and "Someone else changed the event" in page.text
    assert app.state.store.log(event_id) == before


def test_a_withdrawn_team_is_not_paired_and_its_withdrawal_is_taken_back(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id, _ = new_event(anna)
    add_teams(anna, event_id, 5)
    anna.get(f"/desk/events/{event_id}")
    assert anna.submit(f"/desk/events/{event_id}/teams/5/withdraw").status_code == 303
    page = anna.get(f"/desk/events/{event_id}").text
    assert "withdrawn from round 1" in page and "Take back the withdrawal of Club 05" in page
    anna.submit(f"/desk/events/{event_id}/teams/5/return")
    anna.get(f"/desk/events/{event_id}")
    anna.submit(f"/desk/events/{event_id}/teams/5/withdraw")
    anna.get(f"/desk/events/{event_id}")
    anna.submit(f"/desk/events/{event_id}/pair")
    t = stored(app, event_id)
    assert 5 not in t.rounds[0].participants() or t.rounds[0].bye_of(5) is not None
    assert len(t.rounds[0].matches) == 2


def test_exports_are_the_team_files(site: tuple[FastAPI, Browser], tmp_path: Path) -> None:
    app, anna = site
    event_id, _ = paired(app, anna)
    trf = anna.get(f"/desk/events/{event_id}/export/trf")
    assert trf.status_code == 200 and "attachment" in trf.headers["content-disposition"]
    path = tmp_path / "event.trf"
    path.write_text(trf.text)
    assert len(read_team_trf(path).tournament().teams) == 4
    assert anna.get(f"/desk/events/{event_id}/export/json").json()
    csv = anna.get(f"/desk/events/{event_id}/export/csv")
    assert csv.status_code == 404
    assert "Export a team event as trf or json, not &#39;csv&#39;." in csv.text


def test_the_desk_links_to_the_team_printouts(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id, t = paired(app, anna)
    round_page = anna.get(f"/desk/events/{event_id}/rounds/1/matches").text
    link = f"/desk/events/{event_id}/print/match-cards?round=1"
    assert f'href="{link}"' in round_page
    cards = anna.get(link)
    assert cards.status_code == 200
    assert all(x.name in cards.text for x in t.teams)


def test_the_individual_pages_refuse_a_team_event(site: tuple[FastAPI, Browser]) -> None:
    _, anna = site
    event_id, _ = new_event(anna)
    page = anna.get(f"/desk/events/{event_id}/rounds/1/results")
    assert page.status_code == 404 and "is a team event" in page.text


def test_the_event_details_rounds_and_tie_breaks_are_edited(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id, _ = new_event(anna)
    form = f"/desk/events/{event_id}/team-settings"
    anna.get(f"/desk/events/{event_id}")
    page = anna.submit(form, {"name": "Club league", "rounds": "x"})
    assert page.status_code == 422
    assert "between 1 and 99" in field_error(page.text, "details-rounds")
    page = anna.submit(form, {"name": "Club league", "rounds": "5", "tiebreaks": "MPvGP, NOPE"})
    assert page.status_code == 422
    assert "unknown team tie-break 'NOPE'" in field_error(page.text, "details-tiebreaks")
    page = anna.submit(
        form, {"name": "Club league", "rounds": "6", "tiebreaks": "MPvGP, EMMSB", "city": "Lyon"}
    )
    assert page.status_code == 303
    settings = te.load_team(service_desk(app), event_id).settings
    assert settings.rounds == 6 and settings.tiebreaks == ("MPvGP", "EMMSB")
    assert settings.city == "Lyon"
    page_text = anna.get(f"/desk/events/{event_id}").text
    assert "Edited the event: city, rounds, tiebreaks." in page_text
    assert 'value="MPvGP, EMMSB"' in page_text


# --- rights -----------------------------------------------------------------------------------


def test_another_director_cannot_touch_the_team_event(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id, t = paired(app, anna)
    bob = browser(app)
    bob.sign_up("bob", "bob's own password")
    before = app.state.store.log(event_id)
    gets = [
        f"/desk/events/{event_id}",
        f"/desk/events/{event_id}/rounds/1/matches",
        f"/desk/events/{event_id}/teams/1",
        f"/desk/events/{event_id}/log",
        f"/desk/events/{event_id}/export/trf",
    ]
    for path in gets:
        assert bob.get(path).status_code == 404, path
    bob.get("/desk")
    posts = {
        f"/desk/events/{event_id}/teams": {"name": "Intruders", "players": "X"},
        f"/desk/events/{event_id}/teams/1": {"name": "Hacked"},
        f"/desk/events/{event_id}/teams/1/withdraw": {},
        f"/desk/events/{event_id}/teams/1/remove": {},
        f"/desk/events/{event_id}/teams/byes": {"team": "1"},
        f"/desk/events/{event_id}/pair": {},
        f"/desk/events/{event_id}/teams/apart": {"teams": "1, 2"},
        f"/desk/events/{event_id}/teams/fixed": {"first": "1", "second": "2"},
        f"/desk/events/{event_id}/team-settings": {"city": "X", "version": str(len(before))},
        f"/desk/events/{event_id}/undo": {"version": str(len(before))},
        results_form(event_id, 1): {"b1": "1", "version": str(len(before))},
        lineup_form(event_id, 1): {
            "team": str(t.rounds[0].matches[0].first),
            "version": str(len(before)),
        },
    }
    for path, data in posts.items():
        assert bob.post(path, data).status_code == 404, path
    assert app.state.store.log(event_id) == before


def test_signed_out_the_team_desk_asks_to_sign_in(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id, _ = new_event(anna)
    stranger = browser(app)
    page = stranger.get(f"/desk/events/{event_id}/rounds/1/matches", follow_redirects=False)
    assert page.status_code == 303
    assert page.headers["location"] == f"/desk/signin?next=/desk/events/{event_id}/rounds/1/matches"
