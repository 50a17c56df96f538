"""A team event built through the service for the team pages' and API's tests, and scores
computed here from its board results, independently of fairpair's own scoring."""

from __future__ import annotations

from fractions import Fraction

from fairpair.core import GameResult, Player
from fairpair.core.teams import MatchForfeit, TeamTournament
from fairpair.service import events as ev
from fairpair.service import team_events as te
from fairpair.service.settings import EventSettings, System, TeamSettings

TEAM_NAMES = ("Échecs Lyon", "Björkö SK", "Caïssa Club", "Dragons", "Zürich Knights")
"""Five teams: one team has the pairing-allocated bye each round."""

BOARDS = 4


def roster(team: int) -> tuple[Player, ...]:
    """Five players (one reserve), accented names; ``Chloé Marchand`` plays for team 1."""
    first = ("Chloé", "Zoë", "Émile", "Noël", "Sören")
    surname = ("Marchand", "Weiß", "Dvořák", "Núñez", "Kowalski")[team - 1]
    return tuple(
        Player(id=1, name=f"{first[b]} {surname}", rating=2400 - 40 * team - 25 * b)
        for b in range(5)
    )


def board_result(round_number: int, match: int, board: int) -> str:
    """A fixed result per board, first team's player first."""
    return ("1-0", "1/2", "0-1", "1-0", "0-1", "1/2", "1-0")[(round_number * 3 + match + board) % 7]


def team_event(desk: ev.Desk, name: str = "Club league", owner: str | None = None) -> int:
    """A 5-team, 4-board team Swiss of 4 rounds, 2 complete and the third in progress:

    - round 1: the first match played, the second forfeited as a whole by its second team;
    - round 2: every match played; team 2 fields its reserve and only three players (its
      board 4 is empty, lost by forfeit);
    - round 3: paired, one board entered.
    """
    settings = EventSettings(
        name=name,
        system=System.TEAM_SWISS,
        rounds=4,
        tiebreaks=("EDE", "BH:GP/C1"),
        team=TeamSettings(boards=BOARDS, min_board_games=2),
    )
    event = te.create_team_event(desk, settings, owner=owner)
    for index, team in enumerate(TEAM_NAMES, start=1):
        te.register_team(
            desk, event.id, te.NewTeam(team, roster(index), captain=f"Captain {index}")
        )
    te.pair_team_round(desk, event.id)
    _enter(desk, event.id, 1, forfeit=2)
    te.pair_team_round(desk, event.id)
    te.set_lineup(desk, event.id, "2", ["#2", "#3", "#5"])
    _enter(desk, event.id, 2)
    te.pair_team_round(desk, event.id)
    te.record_team_results(desk, event.id, None, [("1.1", "1-0")])
    return event.id


def _enter(desk: ev.Desk, event_id: int, number: int, forfeit: int | None = None) -> None:
    """Every board of round ``number``; match ``forfeit`` forfeited by its second team."""
    t = te.load_team(desk, event_id).tournament
    entries = []
    for m, match in enumerate(t.rounds[number - 1].matches, start=1):
        if m == forfeit:
            entries.append((str(m), "+-"))
            continue
        for b, board in enumerate(match.boards, start=1):
            if board.first is not None and board.second is not None:
                entries.append((f"{m}.{b}", board_result(number, m, b)))
    te.record_team_results(desk, event_id, None, entries)


# --- scores computed here ----------------------------------------------------------------------

_FIRST_GETS = {
    GameResult.WHITE_WINS: Fraction(1),
    GameResult.DRAW: Fraction(1, 2),
    GameResult.BLACK_WINS: Fraction(0),
    GameResult.WHITE_WINS_BY_FORFEIT: Fraction(1),
    GameResult.BLACK_WINS_BY_FORFEIT: Fraction(0),
    GameResult.DOUBLE_FORFEIT: Fraction(0),
}

_SECOND_GETS = {
    GameResult.WHITE_WINS: Fraction(0),
    GameResult.DRAW: Fraction(1, 2),
    GameResult.BLACK_WINS: Fraction(1),
    GameResult.WHITE_WINS_BY_FORFEIT: Fraction(0),
    GameResult.BLACK_WINS_BY_FORFEIT: Fraction(1),
    GameResult.DOUBLE_FORFEIT: Fraction(0),
}


def expected_scores(t: TeamTournament) -> dict[int, tuple[Fraction, Fraction]]:
    """(MP, GP) of each team over the finished rounds, by the rules read from the spec and
    computed here: a board 1/½/0 (a forfeit win 1, an empty board 0); a match won 2, drawn 1,
    lost 0 by its game points; a match forfeited as a whole 2 and B game points to the team
    present; the pairing-allocated bye a drawn match (1 MP, B × ½ GP)."""
    mp = {team.id: Fraction(0) for team in t.teams}
    gp = {team.id: Fraction(0) for team in t.teams}
    for rnd in t.rounds:
        if not all(m.finished for m in rnd.matches):
            continue
        for match in rnd.matches:
            if match.forfeit is MatchForfeit.FIRST_WINS:
                mp[match.first] += 2
                gp[match.first] += BOARDS
                continue
            if match.forfeit is MatchForfeit.SECOND_WINS:
                mp[match.second] += 2
                gp[match.second] += BOARDS
                continue
            first = sum((_FIRST_GETS[b.result] for b in match.boards if b.result), Fraction(0))
            second = sum((_SECOND_GETS[b.result] for b in match.boards if b.result), Fraction(0))
            gp[match.first] += first
            gp[match.second] += second
            mp[match.first] += 2 if first > second else 1 if first == second else 0
            mp[match.second] += 2 if second > first else 1 if first == second else 0
        for bye in rnd.byes:
            mp[bye.team] += 1
            gp[bye.team] += Fraction(BOARDS, 2)
    return {tid: (mp[tid], gp[tid]) for tid in mp}


def decimal(value: Fraction) -> str:
    """A score as the API writes it: ``"2.5"``, ``"3"``."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"
