"""The Swiss view of a snapshot: who is paired, pairing scores and numbers, colour
preferences, floats and bye eligibility (FIDE C.04.3 as read by bbpPairings 6, spec §1-§2)."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from fairpair.core import (
    Colour,
    Entry,
    Outcome,
    PointSystem,
    Tournament,
    entries,
    infer_initial_colour,
)
from fairpair.core.player import PlayerId
from fairpair.pairing.errors import PairingInputError
from fairpair.pairing.swiss.acceleration import virtual_points_table


class Float(enum.Enum):
    """The float a player had in a past round."""

    DOWN = "D"
    UP = "U"


@dataclass(frozen=True, slots=True)
class ColourPreference:
    """A player's colour preference (spec §2.1) and the flags the criteria read."""

    colour: Colour | None
    absolute: bool = False
    strong: bool = False
    """A strong, non-absolute preference (|CD| = 1)."""
    repeated: Colour | None = None
    """The colour of the last two or more played games in a row, if any."""
    imbalance: int = 0
    """|number of whites - number of blacks| over played games."""

    @property
    def kind(self) -> str:
        if self.colour is None:
            return "none"
        if self.absolute:
            return "absolute"
        return "strong" if self.strong else "mild"


def colour_preference(colours: Sequence[Colour]) -> ColourPreference:
    """The colour preference from the colours of the played games, oldest first (spec §2.1)."""
    if not colours:
        return ColourPreference(None)
    difference = sum(1 if c is Colour.WHITE else -1 for c in colours)
    last = colours[-1]
    run = 0
    for colour in reversed(colours):
        if colour is not last:
            break
        run += 1
    repeated = last if run >= 2 else None
    imbalance = abs(difference)
    fewer = Colour.BLACK if difference > 0 else Colour.WHITE
    if imbalance >= 2:
        return ColourPreference(fewer, True, False, repeated, imbalance)
    if run >= 2:
        return ColourPreference(last.opposite, True, False, repeated, imbalance)
    if imbalance == 1:
        return ColourPreference(fewer, False, True, repeated, imbalance)
    return ColourPreference(last.opposite, False, False, repeated, imbalance)


def played_colours(row: Sequence[Entry | None]) -> tuple[Colour, ...]:
    """A player's colours in the games played over the board, oldest first (spec §2.1).

    ``row`` is his slots of :func:`~fairpair.core.entries`; forfeits, byes, absences and
    games without colours are skipped: they neither extend nor break a run of one colour.
    """
    return tuple(
        entry.colour
        for entry in row
        if entry is not None
        and entry.played
        and entry.opponent is not None
        and entry.colour is not None
    )


@dataclass(frozen=True, slots=True)
class SwissPlayer:
    """One player to be paired, as the Swiss criteria see him."""

    id: PlayerId
    tpn: int
    """Effective pairing number (spec §1.4)."""
    score: int
    """Real score, tenths."""
    pairing_score: int
    """Score plus the virtual points of the round being paired."""
    colours: tuple[Colour, ...]
    """Colours of the played games, oldest first."""
    preference: ColourPreference
    floats: tuple[Float | None, ...]
    """The float of each past round, round 1 first."""
    pab_eligible: bool
    played_games: int
    topscorer: bool
    opponents: frozenset[PlayerId]
    """Opponents met over the board (forfeits do not count)."""

    def float_back(self, rounds_back: int) -> Float | None:
        """The float ``rounds_back`` rounds before the one being paired (1 = previous)."""
        if len(self.floats) < rounds_back:
            return None
        return self.floats[-rounds_back]


@dataclass(frozen=True, slots=True)
class SwissRound:
    """Everything a Swiss system needs to pair one round."""

    round: int
    players: tuple[SwissPlayer, ...]
    """The players to pair, in pairing order (pairing score down, then pairing number)."""
    initial_colour: Colour
    forbidden: frozenset[frozenset[PlayerId]]
    points: PointSystem
    final_round: bool


def _took_part(entry: Entry | None) -> bool:
    return entry is not None and entry.outcome.took_part_in_pairing


def _is_pab_like(outcome: Outcome) -> bool:
    return outcome in (Outcome.PAIRING_BYE, Outcome.UNPAIRED_FORFEIT_WIN)


def swiss_round(tournament: Tournament) -> SwissRound:
    """Build the Swiss view of the round to pair next (spec §1, §2)."""
    rnd = tournament.next_round
    done = rnd - 1
    points = tournament.points
    table = entries(tournament)
    virtual = virtual_points_table(tournament, rnd)
    to_pair = tournament.players_to_pair(rnd)
    to_pair_set = set(to_pair)

    # Running scores: before[pid][k] = score after rounds 1..k-1 (index k = round k).
    before: dict[PlayerId, list[int]] = {}
    for pid, row in table.items():
        running = [0, 0]
        total = 0
        for entry in row[:done]:
            total += points.zero_bye if entry is None else entry.points
            running.append(total)
        before[pid] = running

    tpn: dict[PlayerId, int] = {}
    number = 0
    for pid in tournament.ranking_order:
        if pid not in to_pair_set and not any(_took_part(e) for e in table[pid][:done]):
            continue
        number += 1
        tpn[pid] = number

    def pre_round_score(pid: PlayerId, k: int) -> int:
        return before[pid][k] + virtual[pid][k]

    final_round = tournament.total_rounds is not None and rnd >= tournament.total_rounds
    best = max(points.win, points.draw)
    players: list[SwissPlayer] = []
    for pid in to_pair:
        row = table[pid][:done]
        colours = played_colours(row)
        floats: list[Float | None] = []
        opponents: set[PlayerId] = set()
        eligible = True
        played = 0
        for k, entry in enumerate(row, start=1):
            if entry is None:
                floats.append(None)
                continue
            if entry.played and entry.opponent is not None:
                played += 1
                opponents.add(entry.opponent)
                mine = pre_round_score(pid, k)
                theirs = pre_round_score(entry.opponent, k)
                floats.append(Float.DOWN if mine > theirs else Float.UP if mine < theirs else None)
            else:
                floats.append(Float.DOWN if entry.points > points.loss else None)
                if _is_pab_like(entry.outcome) or entry.points >= points.win:
                    eligible = False
        score = before[pid][done + 1]
        pairing_score = score + virtual[pid][rnd]
        players.append(
            SwissPlayer(
                id=pid,
                tpn=tpn[pid],
                score=score,
                pairing_score=pairing_score,
                colours=colours,
                preference=colour_preference(colours),
                floats=tuple(floats),
                pab_eligible=eligible,
                played_games=played,
                topscorer=final_round and pairing_score > (done * best) // 2,
                opponents=frozenset(opponents),
            )
        )
    players.sort(key=lambda p: (-p.pairing_score, p.tpn))

    initial = tournament.initial_colour or infer_initial_colour(tournament)
    if initial is None:
        raise PairingInputError("the initial colour is neither given nor inferable")
    return SwissRound(
        round=rnd,
        players=tuple(players),
        initial_colour=initial,
        forbidden=tournament.forbidden_pairs(rnd),
        points=points,
        final_round=final_round,
    )
