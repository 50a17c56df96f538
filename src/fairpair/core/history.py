"""Per-player views of a tournament: what each round was for each player, and the scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from fairpair.core.player import PlayerId
from fairpair.core.points import PointSystem
from fairpair.core.results import Colour, Outcome, bye_outcome
from fairpair.core.tournament import Tournament


@dataclass(frozen=True, slots=True)
class Entry:
    """One player's round: opponent, colour, outcome and the points it gave."""

    round: int
    outcome: Outcome
    points: int
    opponent: PlayerId | None = None
    colour: Colour | None = None
    rated: bool = True

    @property
    def played(self) -> bool:
        """A game played over the board."""
        return self.outcome.played


def outcome_points(outcome: Outcome, points: PointSystem) -> int:
    """Points (tenths) an outcome gives under a point system."""
    match outcome:
        case Outcome.WIN:
            return points.win
        case Outcome.DRAW:
            return points.draw
        case Outcome.LOSS:
            return points.loss
        case Outcome.FORFEIT_WIN:
            return points.forfeit_win_value
        case Outcome.FORFEIT_LOSS:
            return points.forfeit_loss
        case Outcome.PAIRING_BYE | Outcome.UNPAIRED_FORFEIT_WIN:
            return points.pairing_bye_value
        case Outcome.FULL_BYE:
            return points.full_bye_value
        case Outcome.HALF_BYE:
            return points.half_bye_value
        case Outcome.ZERO_BYE | Outcome.ABSENT | Outcome.PENDING:
            return points.zero_bye if outcome is not Outcome.PENDING else 0
    raise AssertionError(outcome)  # pragma: no cover


def entries(tournament: Tournament) -> dict[PlayerId, list[Entry | None]]:
    """For each player, one slot per round: the entry, or None where he has no record at all."""
    count = len(tournament.rounds)
    table: dict[PlayerId, list[Entry | None]] = {p.id: [None] * count for p in tournament.players}
    system = tournament.points
    for index, rnd in enumerate(tournament.rounds):
        for game in rnd.games:
            for pid in (game.white, game.black):
                outcome = game.outcome_for(pid)
                table[pid][index] = Entry(
                    round=rnd.number,
                    outcome=outcome,
                    points=outcome_points(outcome, system),
                    opponent=game.opponent_of(pid),
                    colour=game.colour_of(pid),
                    rated=game.rated,
                )
        for bye in rnd.byes:
            outcome = bye_outcome(bye.kind)
            table[bye.player][index] = Entry(
                round=rnd.number, outcome=outcome, points=outcome_points(outcome, system)
            )
    return table


def scores(
    tournament: Tournament,
    through_round: int | None = None,
    table: Mapping[PlayerId, Sequence[Entry | None]] | None = None,
) -> dict[PlayerId, int]:
    """Each player's score in tenths after a round (default: all rounds). ``table``: the
    tournament's :func:`entries`, where the caller has them already."""
    last = len(tournament.rounds) if through_round is None else through_round
    rows = entries(tournament) if table is None else table
    return {pid: sum(e.points for e in row[:last] if e is not None) for pid, row in rows.items()}


def infer_initial_colour(tournament: Tournament) -> Colour | None:
    """The colour the top-ranked player had in round 1, inferred from the history.

    bbpPairings' rule (spec/trf.md §3, "Initial colour"): take ``m``, the first round in which
    any player has a colour; walk the players in initial-ranking order, counting those who took
    part in a pairing (a game, a forfeit or the pairing-allocated bye) in some round up to
    ``m``; the first of them with a colour ``c`` in round ``m`` decides: ``c`` if an even
    number of such players precede him, the opposite colour if odd. None without any colour.
    """
    table = entries(tournament)
    first_coloured = next(
        (
            index
            for index in range(len(tournament.rounds))
            if any(_has_colour(row[index]) for row in table.values())
        ),
        None,
    )
    if first_coloured is None:
        return None
    counted = 0
    for pid in tournament.ranking_order:
        row = table[pid][: first_coloured + 1]
        if not any(e is not None and e.outcome.took_part_in_pairing for e in row):
            continue
        entry = row[first_coloured]
        if entry is not None and entry.colour is not None:
            return entry.colour if counted % 2 == 0 else entry.colour.opposite
        counted += 1
    return None


def _has_colour(entry: Entry | None) -> bool:
    return entry is not None and entry.colour is not None
