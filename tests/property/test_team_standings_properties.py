"""Team standings (spec team-swiss.md §10): properties on random team events.

The standings do not depend on the order in which teams and matches are listed (nor on which
team of a match is written first); a team's MP is the sum of its match results, recomputed here
from the boards by §1.5-1.7; BC, TBR and BBE read game points that add up to the GP of the
matches they count.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.core import (
    Board,
    ByeKind,
    MatchForfeit,
    Player,
    PrimaryScore,
    Team,
    TeamBye,
    TeamMatch,
    TeamRound,
    TeamScoring,
    TeamTournament,
)
from fairpair.core.results import GameResult
from fairpair.standings import TiebreakSettings
from fairpair.standings.team import (
    TEAM_TIEBREAKS,
    TeamContext,
    TeamStandings,
    compute_team_standings,
    team_tiebreak_values,
)

G = GameResult
_FLIP = {
    G.WHITE_WINS: G.BLACK_WINS,
    G.BLACK_WINS: G.WHITE_WINS,
    G.DRAW: G.DRAW,
    G.WHITE_WINS_BY_FORFEIT: G.BLACK_WINS_BY_FORFEIT,
    G.BLACK_WINS_BY_FORFEIT: G.WHITE_WINS_BY_FORFEIT,
    G.DOUBLE_FORFEIT: G.DOUBLE_FORFEIT,
}
_RESULTS = [G.WHITE_WINS, G.DRAW, G.BLACK_WINS, G.WHITE_WINS_BY_FORFEIT, G.BLACK_WINS_BY_FORFEIT]
_BYES = [ByeKind.PAIRING_ALLOCATED, ByeKind.HALF_POINT, ByeKind.ZERO_POINT, ByeKind.FULL_POINT]

CODES = [
    "MPTS", "GPTS", "MPvGP", "EMMSB", "EMGSB/C1", "EGMSB", "EGGSB/P", "EDE", "EDEBT", "EDEBB",
    "EDET", "EDEB", "SSSC", "SSSC/F", "SSSC/K3", "BC", "BC/P", "TBR", "BBE", "BH:MP",
    "BH:GP/C1", "BH/M1/P", "AOB", "FB:GP", "SB:GP", "PS:MP", "KS", "DE", "DE:GP", "WIN", "WON",
    "REP", "VUR",
]  # fmt: skip


@st.composite
def team_events(draw: st.DrawFn) -> TeamTournament:
    count = draw(st.integers(2, 7))
    boards = draw(st.integers(1, 4))
    rounds = draw(st.integers(1, 4))
    players = tuple(Player(i, f"P{i}", 2000 + i) for i in range(1, count * boards + 1))
    teams = tuple(
        Team(t, f"T{t}", tuple(range((t - 1) * boards + 1, t * boards + 1)))
        for t in range(1, count + 1)
    )
    roster = {team.id: team.roster for team in teams}
    made: list[TeamRound] = []
    for number in range(1, rounds + 1):
        order = draw(st.permutations(range(1, count + 1)))
        absent = draw(st.integers(0, 1)) if count > 2 else 0
        playing, resting = list(order[absent:]), list(order[:absent])
        if len(playing) % 2:
            resting.append(playing.pop())
        matches: list[TeamMatch] = []
        for a, b in zip(playing[::2], playing[1::2], strict=True):
            forfeit = draw(st.sampled_from([None] * 6 + list(MatchForfeit)))
            if forfeit is not None:
                matches.append(TeamMatch(a, b, forfeit=forfeit))
                continue
            board_list = []
            for index in range(boards):
                result = draw(st.sampled_from(_RESULTS))
                first: int | None = roster[a][index]
                second: int | None = roster[b][index]
                if result is G.WHITE_WINS_BY_FORFEIT and draw(st.booleans()):
                    second = None
                board_list.append(Board(first, second, result))
            matches.append(TeamMatch(a, b, tuple(board_list)))
        byes = tuple(TeamBye(t, draw(st.sampled_from(_BYES))) for t in resting)
        made.append(TeamRound(number, tuple(matches), byes))
    scoring = TeamScoring(
        *draw(st.sampled_from([(20, 10, 0), (30, 10, 0), (10, 5, 0)])),
        primary=draw(st.sampled_from(list(PrimaryScore))),
    )
    return TeamTournament(teams, players, boards=boards, rounds=tuple(made), scoring=scoring)


def _flip(match: TeamMatch) -> TeamMatch:
    forfeit = {
        MatchForfeit.FIRST_WINS: MatchForfeit.SECOND_WINS,
        MatchForfeit.SECOND_WINS: MatchForfeit.FIRST_WINS,
    }.get(match.forfeit, match.forfeit) if match.forfeit else None  # fmt: skip
    boards = tuple(
        Board(b.second, b.first, _FLIP[b.result] if b.result else None) for b in match.boards
    )
    return TeamMatch(match.second, match.first, boards, forfeit)


@st.composite
def relisted(draw: st.DrawFn, tournament: TeamTournament) -> TeamTournament:
    """The same event with teams, matches and byes listed in another order, and some matches
    written the other team first."""
    teams = tuple(draw(st.permutations(tournament.teams)))
    rounds = tuple(
        TeamRound(
            rnd.number,
            tuple(
                _flip(m) if draw(st.booleans()) else m for m in draw(st.permutations(rnd.matches))
            ),
            tuple(draw(st.permutations(rnd.byes))),
        )
        for rnd in tournament.rounds
    )
    return TeamTournament(
        teams, tournament.players, tournament.boards, rounds, scoring=tournament.scoring
    )


def _lines(table: TeamStandings) -> list[tuple[object, ...]]:
    return [(r.rank, r.team_id, r.points, r.values) for r in table.rows]


@settings(max_examples=80, deadline=None)
@given(st.data(), team_events())
def test_standings_do_not_depend_on_listing_order(
    data: st.DataObject, tournament: TeamTournament
) -> None:
    codes = data.draw(st.lists(st.sampled_from(CODES), min_size=1, max_size=5))
    other = data.draw(relisted(tournament))
    assert _lines(compute_team_standings(other, codes)) == _lines(
        compute_team_standings(tournament, codes)
    )


def _match_points(tournament: TeamTournament) -> dict[int, int]:
    """MP recomputed from the boards and byes by spec §1.5-1.7, independently of the core."""
    s = tournament.scoring
    games = s.games
    total = dict.fromkeys(tournament.team_ids, 0)
    for rnd in tournament.rounds:
        for m in rnd.matches:
            if m.forfeit is MatchForfeit.FIRST_WINS:
                total[m.first] += s.win
                total[m.second] += s.loss
                continue
            if m.forfeit is MatchForfeit.SECOND_WINS:
                total[m.second] += s.win
                total[m.first] += s.loss
                continue
            if m.forfeit is MatchForfeit.DOUBLE:
                total[m.first] += s.loss
                total[m.second] += s.loss
                continue
            value = {
                G.WHITE_WINS: (games.win, games.loss),
                G.DRAW: (games.draw, games.draw),
                G.BLACK_WINS: (games.loss, games.win),
                G.WHITE_WINS_BY_FORFEIT: (games.win, games.forfeit_loss),
                G.BLACK_WINS_BY_FORFEIT: (games.forfeit_loss, games.win),
            }
            a = sum(value[b.result][0] for b in m.boards if b.result)
            b_ = sum(value[b.result][1] for b in m.boards if b.result)
            total[m.first] += s.win if a > b_ else s.draw if a == b_ else s.loss
            total[m.second] += s.win if b_ > a else s.draw if a == b_ else s.loss
        for bye in rnd.byes:
            total[bye.team] += {
                ByeKind.PAIRING_ALLOCATED: s.draw,
                ByeKind.HALF_POINT: s.draw,
                ByeKind.FULL_POINT: s.win,
            }.get(bye.kind, 0)
    return total


@settings(max_examples=80, deadline=None)
@given(team_events())
def test_match_points_are_the_sum_of_the_match_results(tournament: TeamTournament) -> None:
    mp = team_tiebreak_values(tournament, "MPTS")
    assert mp == {t: Fraction(v, 10) for t, v in _match_points(tournament).items()}


@settings(max_examples=80, deadline=None)
@given(team_events())
def test_board_tiebreaks_agree_with_game_points(tournament: TeamTournament) -> None:
    context = TeamContext(tournament, TiebreakSettings())
    gp = context.view(PrimaryScore.GAME_POINTS)
    # GP of the rounds BC reads: played matches without /P, every match with /P (byes never).
    for as_played in (False, True):
        counted = {
            t: sum(
                (
                    s.points
                    for s in gp.slots[t]
                    if s.opponent is not None and (as_played or s.played)
                ),
                Fraction(0),
            )
            for t in gp.ids
        }
        boards = context.board_points(as_played)
        bc = team_tiebreak_values(tournament, "BC/P" if as_played else "BC")
        for t in gp.ids:
            assert sum(boards[t], Fraction(0)) == counted[t]
            value = bc[t]
            assert value is not None
            # Every board number is between 1 and B.
            assert counted[t] <= value <= tournament.boards * counted[t]
    # TBR and BBE give places: 0, or 1..n inside a group.
    for code in ("TBR", "BBE"):
        for place in team_tiebreak_values(tournament, code).values():
            assert place is not None and 0 <= place <= len(tournament.teams)


def test_every_code_is_exercised() -> None:
    assert {c.split("/")[0].split(":")[0].upper() for c in CODES} == set(TEAM_TIEBREAKS)


@st.composite
def renumbered(
    draw: st.DrawFn, tournament: TeamTournament
) -> tuple[TeamTournament, dict[int, int]]:
    """The same event with the teams registered in another order: every team has another
    pairing number (its roster, matches and byes follow it), and the map old -> new."""
    ids = list(tournament.team_ids)
    new = dict(zip(ids, draw(st.permutations(ids)), strict=True))
    teams = tuple(
        sorted((Team(new[t.id], t.name, t.roster) for t in tournament.teams), key=lambda t: t.id)
    )
    rounds = tuple(
        TeamRound(
            rnd.number,
            tuple(TeamMatch(new[m.first], new[m.second], m.boards, m.forfeit) for m in rnd.matches),
            tuple(TeamBye(new[b.team], b.kind) for b in rnd.byes),
        )
        for rnd in tournament.rounds
    )
    return (
        TeamTournament(
            teams, tournament.players, tournament.boards, rounds, scoring=tournament.scoring
        ),
        new,
    )


@settings(max_examples=80, deadline=None)
@given(st.data(), team_events())
def test_standings_do_not_depend_on_the_order_of_registration(
    data: st.DataObject, tournament: TeamTournament
) -> None:
    """Pairing numbers are the order of registration: given other numbers, each team keeps its
    rank, its points and every tie-break value."""
    codes = data.draw(st.lists(st.sampled_from(CODES), min_size=1, max_size=5))
    other, new = data.draw(renumbered(tournament))

    def by_team(table: TeamStandings, names: dict[int, int]) -> dict[int, tuple[object, ...]]:
        return {names[r.team_id]: (r.rank, r.points, r.secondary, r.values) for r in table.rows}

    same = {tpn: tpn for tpn in tournament.team_ids}
    assert by_team(compute_team_standings(other, codes), same) == by_team(
        compute_team_standings(tournament, codes), new
    )


def _game_points(tournament: TeamTournament) -> dict[int, int]:
    """GP recomputed from the boards and byes by spec §1.5-1.7, independently of the core: a
    board's points for each side, B x win for a match won by forfeit, B x draw for a PAB or a
    half-point bye, B x win for a full-point bye."""
    s = tournament.scoring
    games = s.games
    boards = tournament.boards
    side = {
        G.WHITE_WINS: (games.win, games.loss),
        G.DRAW: (games.draw, games.draw),
        G.BLACK_WINS: (games.loss, games.win),
        G.WHITE_WINS_BY_FORFEIT: (games.win, games.forfeit_loss),
        G.BLACK_WINS_BY_FORFEIT: (games.forfeit_loss, games.win),
        G.DOUBLE_FORFEIT: (games.forfeit_loss, games.forfeit_loss),
    }
    total = dict.fromkeys(tournament.team_ids, 0)
    for rnd in tournament.rounds:
        for m in rnd.matches:
            if m.forfeit is MatchForfeit.FIRST_WINS:
                total[m.first] += boards * games.win
            elif m.forfeit is MatchForfeit.SECOND_WINS:
                total[m.second] += boards * games.win
            elif m.forfeit is None:
                total[m.first] += sum(side[b.result][0] for b in m.boards if b.result)
                total[m.second] += sum(side[b.result][1] for b in m.boards if b.result)
        for bye in rnd.byes:
            total[bye.team] += {
                ByeKind.PAIRING_ALLOCATED: boards * games.draw,
                ByeKind.HALF_POINT: boards * games.draw,
                ByeKind.FULL_POINT: boards * games.win,
            }.get(bye.kind, 0)
    return total


@settings(max_examples=80, deadline=None)
@given(team_events())
def test_game_points_are_the_sum_of_the_board_points(tournament: TeamTournament) -> None:
    gp = team_tiebreak_values(tournament, "GPTS")
    assert gp == {t: Fraction(v, 10) for t, v in _game_points(tournament).items()}
