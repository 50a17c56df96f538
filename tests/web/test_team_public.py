"""The public pages of a team event: each page on a real event built through the service, its
values checked against what this test computes from the entered board results."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.core import GameResult
from fairpair.core.teams import TeamTournament
from fairpair.service import events as ev
from fairpair.service import team_events as te
from tests.web.public_events import desk_of, dutch_event, read_table, running_app, shown
from tests.web.team_event import BOARDS, TEAM_NAMES, expected_scores, team_event


@dataclass
class Site:
    app: FastAPI
    client: TestClient
    desk: ev.Desk
    event_id: int
    individual: int

    @property
    def base(self) -> str:
        return f"/events/{self.event_id}"

    def page(self, path: str) -> str:
        answer = self.client.get(self.base + path)
        assert answer.status_code == 200, (path, answer.text)
        assert answer.headers["content-type"].startswith("text/html")
        return answer.text

    @property
    def tournament(self) -> TeamTournament:
        return te.load_team(self.desk, self.event_id).tournament


@pytest.fixture(scope="module")
def site() -> Iterator[Site]:
    with running_app() as (app, client):
        desk = desk_of(app)
        individual = dutch_event(desk, players=8, rounds_played=1).id
        yield Site(app, client, desk, team_event(desk), individual)


def names(t: TeamTournament) -> dict[int, str]:
    return {p.id: p.name for p in t.players}


def test_the_event_list_and_overview_show_the_team_event(site: Site) -> None:
    assert "Club league" in site.client.get("/").text
    page = site.page("")
    teams = read_table(page, "teams")
    assert [r.cells[1] for r in teams.rows] == list(TEAM_NAMES)
    t = site.tournament
    # Each team's roster in board order, the reserve last.
    people = names(t)
    for row, team in zip(teams.rows, t.teams, strict=True):
        assert row.cells[2] == ", ".join(people[p] for p in team.roster)
        assert row.links[1] == [f"{site.base}/teams/{team.id}"]
    # The settings in words, the tie-breaks named with their codes.
    assert "Extended direct encounter (EDE)" in page
    assert "Buchholz (BH:GP/C1)" in page
    assert "won 2, drawn 1, lost 0" in page
    assert "at least 2 game(s) on a board" in page
    assert f'href="{site.base}/boards"' in page


def test_a_round_shows_every_board_with_colours_players_and_results(site: Site) -> None:
    t = site.tournament
    people = names(t)
    rnd = t.rounds[1]
    table = read_table(site.page("/rounds/2"), "pairings")
    heads = [r for r in table.rows if "match-head" in (r.attrs.get("class") or "")]
    boards = [r for r in table.rows if "data-part" in r.attrs]
    assert len(heads) == len(rnd.matches)
    assert len(boards) == BOARDS * len(rnd.matches)
    for index, match in enumerate(rnd.matches):
        head = heads[index].cells[0]
        first, second = t.team(match.first).name, t.team(match.second).name
        assert head.startswith(f"{index + 1} {first}") and second in head
        # The match score from the boards, counted here: 1, ½, 0; an empty board 0.
        gp_first = sum(
            {GameResult.WHITE_WINS: Fraction(1), GameResult.DRAW: Fraction(1, 2)}.get(
                b.result,  # type: ignore[arg-type]
                Fraction(1) if b.result is GameResult.WHITE_WINS_BY_FORFEIT else Fraction(0),
            )
            for b in match.boards
        )
        assert f"{shown(gp_first)} – {shown(BOARDS - gp_first)}" in head
        for number, board in enumerate(match.boards, start=1):
            cells = boards[BOARDS * index + number - 1].cells
            # Board 1 of the first team is White, then the colours alternate (spec §1.4).
            colour = "W" if number % 2 else "B"
            other = "B" if colour == "W" else "W"
            assert (cells[0], cells[1], cells[5]) == (str(number), colour, other)
            for cell, player in ((cells[2], board.first), (cells[4], board.second)):
                assert cell.startswith(people[player]) if player else cell == "empty"
    # Team 2 fielded three players: its board 4 is empty and lost by forfeit.
    empty = [r for r in boards if "empty" in r.cells]
    assert len(empty) == 1 and empty[0].cells[0] == "4" and empty[0].cells[3] in ("+--", "--+")
    # The pairing-allocated bye with its match and game points.
    bye = [r for r in table.rows if "bye" in (r.attrs.get("class") or "")]
    assert len(bye) == 1 and f"bye (1 MP, {BOARDS // 2} GP)" in bye[0].cells[3]


def test_the_name_filter_finds_a_players_board_without_accents(site: Site) -> None:
    table = read_table(site.page("/rounds/2?q=chloe%20march"), "pairings")
    visible = table.visible
    # The match heading and Chloé Marchand's own board, nothing else.
    assert len(visible) == 2
    assert "match-head" in (visible[0].attrs.get("class") or "")
    assert "Chloé Marchand" in " ".join(visible[1].cells)
    # A team's name keeps its whole match.
    table = read_table(site.page("/rounds/2?q=ZURICH"), "pairings")
    assert len(table.visible) == 1 + BOARDS
    assert "Zürich Knights" in table.visible[0].cells[0]
    table = read_table(site.page("/rounds/2?q=nobody"), "pairings")
    assert table.visible == []


def test_the_standings_mp_and_gp_are_the_sums_of_the_board_results(site: Site) -> None:
    t = site.tournament
    expected = expected_scores(t)
    table = read_table(site.page("/standings"), "standings")
    assert table.header[:5] == ["Rk", "No", "Team", "MP", "GP"]
    assert table.header[5:] == ["EDE", "BH:GP/C1"]
    got = {int(r.cells[1]): (r.cells[3], r.cells[4]) for r in table.rows}
    assert got == {tid: (shown(mp), shown(gp)) for tid, (mp, gp) in expected.items()}
    # Ranked by match points first, then game points (MPvGP is implied by EDE then BH).
    ranked = [expected[int(r.cells[1])][0] for r in table.rows]
    assert ranked == sorted(ranked, reverse=True)


def test_the_crosstable_gives_each_rounds_opponent_colour_and_score(site: Site) -> None:
    t = site.tournament
    table = read_table(site.page("/crosstable"), "crosstable")
    assert table.header == ["Rk", "Team", "R1", "R2", "R3", "MP", "GP"]
    rows = {r.links[1][0].rsplit("/", 1)[1]: r.cells for r in table.rows}
    match = t.rounds[1].matches[0]  # round 2, first match, all boards played
    first_cells = rows[str(match.first)]
    assert first_cells[3].startswith(f"{match.second}w ")
    assert rows[str(match.second)][3].startswith(f"{match.first}b ")
    bye = t.rounds[1].byes[0].team
    assert rows[str(bye)][3] == "bye"
    forfeit = t.rounds[0].matches[1]  # round 1: forfeited by the second team as a whole
    # No game was played: no colour, the match's score, marked as a forfeit.
    assert rows[str(forfeit.first)][2] == f"{forfeit.second} 4-0 ff"
    assert rows[str(forfeit.second)][2] == f"{forfeit.first} 0-4 ff"
    # Round 3 is under way: the opponent and colour without a score.
    third = t.rounds[2].matches[0]
    assert rows[str(third.first)][4] == f"{third.second}w"


def test_the_board_prizes_count_each_players_games_on_the_board(site: Site) -> None:
    t = site.tournament
    people = names(t)
    page = site.page("/boards")
    assert "at least 2 games on the board" in page
    # Board 1, counted here: games played over the board in matches not forfeited whole.
    games: dict[int, list[Fraction]] = {}
    for rnd in t.rounds:
        for match in rnd.matches:
            board = match.boards[0]
            if match.forfeit is not None or board.result is None or not board.played:
                continue
            first = {GameResult.WHITE_WINS: 1, GameResult.DRAW: Fraction(1, 2)}.get(board.result, 0)
            games.setdefault(board.first, []).append(Fraction(first))  # type: ignore[arg-type]
            games.setdefault(board.second, []).append(1 - Fraction(first))  # type: ignore[arg-type]
    table = read_table(page, "board-prizes-1")
    seen = {}
    for row in table.rows:
        rank, player, _team, _rating, played, points, percentage, _perf = row.cells
        seen[player] = (rank, int(played), points, percentage)
    assert set(seen) == {people[p] for p in games}
    for pid, scores in games.items():
        rank, played, points, percentage = seen[people[pid]]
        assert played == len(scores)
        assert points == shown(sum(scores, Fraction(0)))
        assert percentage == f"{float(sum(scores) * 100 / len(scores)):.1f}"
        # Fewer than the two games the director set: listed, not ranked.
        assert (rank == "") == (len(scores) < 2)


def test_a_team_page_has_its_roster_and_every_round_board_by_board(site: Site) -> None:
    t = site.tournament
    people = names(t)
    team = t.team(2)
    page = site.page("/teams/2")
    roster = read_table(page, "roster")
    assert [r.cells[1] for r in roster.rows] == [people[p] for p in team.roster]
    # Round 2: three players fielded, board 4 empty and lost.
    match = t.rounds[1].match_of(2)
    assert match is not None
    boards = read_table(page, "round-2-boards")
    mine = match.lineup(2)
    assert [r.cells[2] for r in boards.rows] == [people[p] if p else "empty" for p in mine]
    assert boards.rows[3].cells[3] == "-"
    mp, gp = expected_scores(t)[2]
    assert f"{shown(mp)} MP · {shown(gp)} GP" in page


def test_unknown_and_mismatched_pages_are_404(site: Site) -> None:
    for path in (
        "/events/999",
        "/events/999/boards",
        "/events/999/teams/1",
        f"{site.base}/teams/9",
        f"{site.base}/rounds/7",
        f"{site.base}/players/1",  # a team event has teams, not players' pages
        f"/events/{site.individual}/boards",
        f"/events/{site.individual}/teams/1",
    ):
        assert site.client.get(path).status_code == 404, path


def test_team_pages_follow_the_event_version_like_the_individual_ones(site: Site) -> None:
    path = f"{site.base}/rounds/3"
    first = site.client.get(path)
    tag = first.headers["etag"]
    assert first.headers["cache-control"] == "public, no-cache"
    again = site.client.get(path, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.text == ""
    # A result entered at the desk changes the version: the page comes back new.
    te.record_team_results(site.desk, site.event_id, None, [("1.2", "0-1")])
    changed = site.client.get(path, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["etag"] != tag
    board = read_table(changed.text, "pairings").rows[2].cells
    assert board[0] == "2" and board[3] == "0-1"
    current = site.client.get(f"{site.base}/rounds/current", follow_redirects=False)
    assert current.headers["location"] == path
