"""The public pages of a FIDE Double-Swiss event: each page on a real event built through the
service, its values checked against what this test computes from the games typed."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.core.double_swiss import DoubleSwissTournament
from fairpair.service import double_events as de
from fairpair.service import events as ev
from fairpair.web import double_views as dv
from tests.web.double_event import (
    NAMES,
    Built,
    double_event,
    expected_match_points,
    expected_scores,
    halves_text,
    match_points_of,
)
from tests.web.public_events import desk_of, dutch_event, read_table, running_app, shown
from tests.web.team_event import team_event


@dataclass
class Site:
    app: FastAPI
    client: TestClient
    desk: ev.Desk
    built: Built
    individual: int
    team: int

    @property
    def event_id(self) -> int:
        return self.built.event_id

    @property
    def base(self) -> str:
        return f"/events/{self.event_id}"

    def page(self, path: str) -> str:
        answer = self.client.get(self.base + path)
        assert answer.status_code == 200, (path, answer.text)
        assert answer.headers["content-type"].startswith("text/html")
        return answer.text

    @property
    def tournament(self) -> DoubleSwissTournament:
        return de.load_double(self.desk, self.event_id).tournament


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    with running_app() as (app, client):
        desk = desk_of(app)
        individual = dutch_event(desk, players=8, rounds_played=1).id
        team = team_event(desk)
        yield Site(app, client, desk, double_event(desk), individual, team)


def names(t: DoubleSwissTournament) -> dict[int, str]:
    return {p.id: p.name for p in t.players}


def test_the_event_list_and_the_overview_show_the_double_swiss(site: Site) -> None:
    listed = site.client.get("/").text
    assert "Double open" in listed and "FIDE Double-Swiss (two-game matches)" in listed
    page = site.page("")
    players = read_table(page, "players")
    assert [r.cells[1] for r in players.rows] == list(NAMES)
    assert players.rows[0].links[1] == [f"{site.base}/players/1"]
    # The markup-like name is text, never markup.
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    # The settings in words: the system, the byes' values, what ranks the standings.
    assert "FIDE Double-Swiss (two-game matches)" in page
    assert "pairing-allocated 1.5, half-point 1, full-point 2" in page
    assert "<dt>ranked by</dt><dd>game points" in page
    assert page.split('id="rounds"')[1].split("</ul>")[0].count("<li") == 3
    assert f'href="{site.base}/rounds/3"' in page and "in progress" in page


def test_a_round_shows_both_games_and_the_match_of_every_board(site: Site) -> None:
    t = site.tournament
    people = names(t)
    rnd = t.rounds[0]
    table = read_table(site.page("/rounds/1"), "pairings")
    assert table.header == ["Bd", "Players", "G1", "G2", "Match"]
    boards = [r for r in table.rows if "bye" not in (r.attrs.get("class") or "")]
    assert len(boards) == len(rnd.matches) == 3
    for index, (row, match) in enumerate(zip(boards, rnd.matches, strict=True)):
        g1, g2 = site.built.typed[1][index]
        bd, pair, game1, game2, result = row.cells
        assert bd == str(index + 1)
        # The first-named player (White in game 1) first, then the second (Black in game 1),
        # each with start number and the game points before the round (0 in round 1).
        white, black = match.white, match.black
        assert pair == f"W {white} {people[white]} (0) B {black} {people[black]} (0)"
        # Each game as typed, White first; the match from the left-hand player's side.
        assert (game1, game2) == (g1, g2)
        mine, theirs = match_points_of(g1, g2)
        assert result.startswith(f"{halves_text(mine)}-{halves_text(theirs)}")
        # Board 2 was forfeited as a whole by its first-named player: said so.
        assert ("forfeit" in result) == (index == 1)
        assert row.links[1] == [f"{site.base}/players/{p}" for p in (match.white, match.black)]
    # The pairing-allocated bye with what it gives.
    bye = [r for r in table.rows if "bye" in (r.attrs.get("class") or "")]
    assert len(bye) == 1
    assert bye[0].cells[1] == f"{rnd.byes[0].player} {people[rnd.byes[0].player]} (0)"
    assert bye[0].cells[2] == "pairing-allocated bye (1.5)"


def test_a_round_gives_the_points_before_it_and_the_half_point_bye(site: Site) -> None:
    t = site.tournament
    people = names(t)
    before = expected_scores(t, site.built, 1)
    table = read_table(site.page("/rounds/2"), "pairings")
    for row, match in zip(table.rows, t.rounds[1].matches, strict=False):
        white, black = match.white, match.black
        assert row.cells[1] == (
            f"W {white} {people[white]} ({shown(before[white])}) "
            f"B {black} {people[black]} ({shown(before[black])})"
        )
    bye = [r for r in table.rows if "bye" in (r.attrs.get("class") or "")]
    assert [r.cells[1].split(" ")[0] for r in bye] == ["3"]
    assert bye[0].cells[2] == "half-point bye (1)"


def test_a_round_under_way_shows_the_results_in_and_empty_cells_for_the_rest(site: Site) -> None:
    table = read_table(site.page("/rounds/3"), "pairings")
    first, *rest = [r for r in table.rows if "bye" not in (r.attrs.get("class") or "")]
    assert first.cells[2:5] == ["1-0", "1-0", "1-1"]
    for row in rest:
        assert row.cells[2:5] == ["", "", ""]


def test_the_name_filter_finds_a_players_board_without_accents(site: Site) -> None:
    t = site.tournament
    chloe = next(p.id for p in t.players if p.name == "Chloé Marchand")
    board = next(i for i, m in enumerate(t.rounds[1].matches, start=1) if chloe in m.players)
    table = read_table(site.page("/rounds/2?q=CHLOE%20march"), "pairings")
    visible = table.visible
    assert len(visible) == 1 and visible[0].cells[0] == str(board)
    assert "Chloé Marchand" in " ".join(visible[0].cells)
    # Every board is still sent (the script widens the filter without a reload), marked
    # with its players' names folded as the script folds what is typed.
    assert len(table.rows) == 4
    assert "chloe marchand" in (visible[0].attrs.get("data-names") or "")
    page = site.page("/rounds/2?q=chloe")
    assert "1 of 4" in page
    assert read_table(site.page("/rounds/2?q=nobody"), "pairings").visible == []
    assert "No player matches the filter." in site.page("/rounds/2?q=nobody")
    # The filter follows to the other rounds.
    assert f'href="{site.base}/rounds/3?q=chloe"' in page


def test_the_standings_give_game_and_match_points_and_the_tie_breaks_in_words(
    site: Site,
) -> None:
    t = site.tournament
    gp = expected_scores(t, site.built, 2)
    mp = expected_match_points(t, site.built, 2)
    page = site.page("/standings")
    assert "after round 2" in page
    table = read_table(page, "standings")
    assert table.header[:5] == ["Rk", "No", "Name", "GP", "MP"]
    got = {int(r.cells[1]): (r.cells[3], r.cells[4]) for r in table.rows}
    assert got == {pid: (shown(gp[pid]), shown(mp[pid])) for pid in gp}
    # Ranked by game points first.
    ranked = [gp[int(r.cells[1])] for r in table.rows]
    assert ranked == sorted(ranked, reverse=True)
    assert "GP: game points" in page and "MP: match points" in page
    assert "Ranked by game points" in page


def test_the_crosstable_gives_opponent_colour_games_and_match(site: Site) -> None:
    t = site.tournament
    table = read_table(site.page("/crosstable"), "crosstable")
    assert table.header == ["Rk", "Name", "R1", "R2", "R3", "GP", "MP"]
    rank = {int(r.links[1][0].rsplit("/", 1)[1]): int(r.cells[0]) for r in table.rows}
    rows = {int(r.links[1][0].rsplit("/", 1)[1]): r for r in table.rows}
    # Round 2, board 1: 0-1 then 0-1 on the scoresheets, a 1-1 draw; board 3: 1-0 then 0-1,
    # a 2-0 win of the first-named player (White in game 1).
    match = t.rounds[1].matches[0]
    assert rows[match.white].cells[3] == f"{rank[match.black]}w 1-1"
    assert rows[match.black].cells[3] == f"{rank[match.white]}b 1-1"
    match = t.rounds[1].matches[2]
    assert rows[match.white].cells[3] == f"{rank[match.black]}w 2-0"
    assert rows[match.black].cells[3] == f"{rank[match.white]}b 0-2"
    # Round 1, board 2 forfeited as a whole: no colour, the match score, marked.
    forfeit = t.rounds[0].matches[1]
    assert rows[forfeit.white].cells[2] == f"{rank[forfeit.black]} 0-2 ff"
    assert rows[forfeit.black].cells[2] == f"{rank[forfeit.white]} 2-0 ff"
    # Byes in short; round 3 under way: opponent and colour without a score.
    assert rows[t.rounds[0].byes[0].player].cells[2] == "bye"
    assert rows[3].cells[3] == "H"
    third = t.rounds[2].matches[1]
    assert rows[third.white].cells[4] == f"{rank[third.black]}w"


def test_a_player_page_lists_his_matches_round_by_round(site: Site) -> None:
    t = site.tournament
    people = names(t)
    match = t.rounds[0].matches[2]  # ½-0, then a game 2 lost by forfeit by its Black
    pid = match.white
    page = site.page(f"/players/{pid}")
    assert f"<h1>{people[pid]}</h1>" in page
    games = read_table(page, "games")
    assert games.header == ["Rd", "Bd", "Opponent", "G1", "1", "2", "Match", "GP"]
    first = games.rows[0].cells
    assert first[:4] == ["1", "3", f"{match.black} {people[match.black]}", "w"]
    # His own results: ½ in game 1, a game lost by forfeit in game 2 (he was Black).
    assert first[4:7] == ["½", "-", "½-1"]
    gp = expected_scores(t, site.built, 2)
    mp = expected_match_points(t, site.built, 2)
    assert f"<strong>{shown(gp[pid])}</strong> game points" in page
    assert f"<strong>{shown(mp[pid])}</strong> match points" in page
    # The half-point bye in words on player 3's page.
    assert "half-point bye (1)" in site.page("/players/3")


def test_unknown_and_mismatched_pages_are_404(site: Site) -> None:
    for path in (
        f"{site.base}/rounds/4",
        f"{site.base}/rounds/0",
        f"{site.base}/players/8",
        f"{site.base}/players/0",
        f"{site.base}/boards",  # a team event's page
        f"{site.base}/teams/1",
        f"/events/{site.team}/players/1",
    ):
        assert site.client.get(path).status_code == 404, path
    answer = site.client.get(f"{site.base}/boards")
    assert "Double-Swiss" in answer.text
    # The other kinds are untouched.
    assert site.client.get(f"/events/{site.individual}/rounds/1").status_code == 200
    assert site.client.get(f"/events/{site.team}/rounds/1").status_code == 200


def test_hostile_queries_are_text(site: Site) -> None:
    page = site.page("/rounds/2?q=%22%3E%3Cscript%3Ealert(2)%3C/script%3E")
    assert "<script>alert(2)" not in page
    answer = site.client.get(f"{site.base}/rounds/99999999999999999999")
    assert answer.status_code == 404
    answer = site.client.get(f"{site.base}/players/abc")
    assert answer.status_code in (404, 422)


def test_the_standings_are_worked_out_once_per_version_for_every_page(
    site: Site, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    original = dv.double_standings_view

    def counted(event: de.DoubleEvent) -> dv.DoubleStandingsView:
        calls.append(event.version)
        return original(event)

    monkeypatch.setattr(dv, "double_standings_view", counted)
    # A new version (board 3 of round 3 entered): every page and read ranks by one table.
    de.record_double_results(site.desk, site.event_id, None, [(3, "1-0", "½-½")])
    for path in ("", "/standings", "/crosstable", "/players/1", "/players/2"):
        site.page(path)
    for path in ("", "/standings", "/crosstable", "/players/3", "/players"):
        assert site.client.get(f"/api{site.base}{path}").status_code == 200, path
    assert len(calls) == 1


def test_pages_follow_the_event_version_like_the_individual_ones(site: Site) -> None:
    path = f"{site.base}/rounds/3"
    first = site.client.get(path)
    tag = first.headers["etag"]
    assert first.headers["cache-control"] == "public, no-cache"
    again = site.client.get(path, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.text == ""
    head = site.client.head(path)
    assert head.status_code == 200
    # A result entered at the desk changes the version: the page comes back new.
    de.record_double_results(site.desk, site.event_id, None, [(2, "½-½", "0-1")])
    changed = site.client.get(path, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["etag"] != tag
    board = read_table(changed.text, "pairings").rows[1].cells
    assert board[0] == "2" and board[2:5] == ["½-½", "0-1", "1½-½"]
    current = site.client.get(f"{site.base}/rounds/current", follow_redirects=False)
    assert current.headers["location"] == path
