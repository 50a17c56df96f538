"""Team standings: teams ranked by their primary score and the tie-breaks of FIDE C.07 for teams.

Spec team-swiss.md §10. A team is the participant, a match its "game" and each round gives it a
score of two types, match points (MP) and game points (GP). The individual tie-breaks of
:mod:`fairpair.standings.chess` run unchanged on a :class:`TeamEventView`, an
:class:`~fairpair.standings.event.EventView` whose players are the teams and whose per-round
points are of one score type; the rules for unplayed rounds (adjusted scores, the dummy
opponent, VURs, cuts: tiebreaks.md §1.1) are therefore the same code as for players. The
team-only codes (extended Sonneborn-Berger, extended direct encounter, SSSC, board count, top
board results, bottom board elimination) are defined here.

Codes follow the TRF ``202``/``212`` syntax of the spec: a base code, an optional score suffix
``:MP``/``:GP`` and modifiers ``/C1``, ``/M1``, ``/P``, ``/K4``, ``/F`` (e.g. ``BH:GP/C1``,
``EMGSB/C1/P``, ``SSSC/K4``). Values are exact fractions in whole points, as the individual
standings hold them.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from fairpair.core import TENTHS, Outcome, PlayerId
from fairpair.core.teams import (
    MatchForfeit,
    PrimaryScore,
    TeamEntry,
    TeamId,
    TeamOutcome,
    TeamTournament,
    board_points,
    team_entries,
)
from fairpair.standings import chess
from fairpair.standings.event import Contribution, EventView, Slot, Value, Values, cut
from fairpair.standings.registry import UnknownTiebreakError
from fairpair.standings.settings import TiebreakSettings

MP = PrimaryScore.MATCH_POINTS
GP = PrimaryScore.GAME_POINTS

# --- the event seen by the tie-breaks ---------------------------------------------------------


def _complete_round_count(table: dict[TeamId, list[TeamEntry]], rounds: int) -> int:
    """The rounds of the snapshot without trailing rounds whose results are not all known."""
    count = rounds
    while count and any(rows[count - 1].outcome is TeamOutcome.PENDING for rows in table.values()):
        count -= 1
    return count


def _slot_outcome(entry: TeamEntry) -> Outcome:
    """What a team's round is as a "game" of the individual tie-breaks (spec §1.6-1.7, §10).

    A played match is a played game; a match forfeited as a whole (or with every board
    forfeited) is a forfeit against the scheduled opponent, a VUR unless it was won.
    """
    match entry.outcome:
        case TeamOutcome.WON:
            return Outcome.WIN
        case TeamOutcome.LOST:
            return Outcome.LOSS
        case TeamOutcome.DRAWN:
            return Outcome.DRAW if entry.played else Outcome.FORFEIT_LOSS
        case TeamOutcome.FORFEIT_WIN:
            if entry.opponent is None:
                return Outcome.UNPAIRED_FORFEIT_WIN
            return Outcome.FORFEIT_WIN
        case TeamOutcome.FORFEIT_LOSS:
            return Outcome.FORFEIT_LOSS
        case TeamOutcome.PAIRING_BYE:
            return Outcome.PAIRING_BYE
        case TeamOutcome.FULL_BYE:
            return Outcome.FULL_BYE
        case TeamOutcome.HALF_BYE:
            return Outcome.HALF_BYE
        case TeamOutcome.ZERO_BYE:
            return Outcome.ZERO_BYE
        case TeamOutcome.PENDING:
            return Outcome.PENDING
    return Outcome.ABSENT


class TeamEventView(EventView):
    """The teams of a team event seen as the players of an individual one, in one score type.

    ``score`` chooses the per-round points (MP or GP); the win, draw and loss values are those
    of a match in that type (``TW``/``TD``/``TL``, or B × the board values), so that "a draw" of
    an unplayed round is ``TD`` or B × draw (spec §10.2).

    ``as_played`` is the ``/P`` modifier (C.07 14): a match forfeited against a scheduled
    opponent counts as a match played against him, for the opponent-score contributions (the
    mechanism of FIDE rule 4, :attr:`TiebreakSettings.unplayed_as_played`) and for direct
    encounter. The forfeit stays what it was for everything else: a VUR of the team that did not
    come, so its adjusted score (tiebreaks.md §1.1 rule 1) is the same with or without ``/P``
    (gacrux reads it so too).
    """

    def __init__(
        self,
        tournament: TeamTournament,
        score: PrimaryScore,
        settings: TiebreakSettings,
        *,
        as_played: bool = False,
        table: dict[TeamId, list[TeamEntry]] | None = None,
    ) -> None:
        # EventView.__init__ reads an individual Tournament; the attributes the tie-breaks read
        # are filled here from the team entries instead.
        self.team_tournament = tournament
        self.score_type = score
        self.as_played = as_played
        self.table = table
        self.settings = (
            dataclasses.replace(settings, unplayed_as_played=True) if as_played else settings
        )
        scoring = tournament.scoring
        boards = tournament.boards
        if score is MP:
            win, draw, loss = scoring.win, scoring.draw, scoring.loss
        else:
            games = scoring.games
            win, draw, loss = boards * games.win, boards * games.draw, boards * games.loss
        self.win = Fraction(win, TENTHS)
        self.draw = Fraction(draw, TENTHS)
        self.loss = Fraction(loss, TENTHS)
        entries = team_entries(tournament) if table is None else table
        self.rounds = _complete_round_count(entries, len(tournament.rounds))
        self.ids: tuple[PlayerId, ...] = tuple(sorted(entries))
        self.slots: dict[PlayerId, tuple[Slot, ...]] = {}
        for tid in self.ids:
            self.slots[tid] = tuple(
                Slot(
                    e.round,
                    _slot_outcome(e),
                    Fraction(e.match_points if score is MP else e.game_points, TENTHS),
                    e.opponent,
                    e.colour,
                )
                for e in entries[tid][: self.rounds]
            )
        self.score: dict[PlayerId, Fraction] = {
            pid: sum((s.points for s in self.slots[pid]), Fraction(0)) for pid in self.ids
        }
        self._memo: dict[str, object] = {}

    def contributions(self, pid: PlayerId) -> list[Contribution]:
        """Buchholz-like contributions; with ``/P`` a forfeit is a match against its opponent."""
        return self.sb_contributions(pid) if self.as_played else super().contributions(pid)

    def played(self, pid: PlayerId) -> list[Slot]:
        """Matches played over the board; with ``/P`` forfeits against an opponent too."""
        if not self.as_played:
            return super().played(pid)
        return [
            s
            for s in self.slots[pid]
            if s.played
            or (s.opponent is not None and s.outcome in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS))
        ]

    def with_settings(self, settings: TiebreakSettings) -> EventView:
        if settings == self.settings:
            return self
        return TeamEventView(
            self.team_tournament,
            self.score_type,
            settings,
            as_played=self.as_played,
            table=self.table,
        )


class TeamContext:
    """A team event under one set of settings: its views (one per score type and ``/P``) and
    the board results, computed once and shared by every column of the standings.

    ``entries`` replaces :func:`~fairpair.core.teams.team_entries` of the tournament as what
    each round was for each team: an event of another kind seen as teams (the Double-Swiss,
    :mod:`fairpair.standings.double`) gives its own; the tournament then supplies the teams'
    names, the scoring and the number of rounds, and its board results are not read."""

    def __init__(
        self,
        tournament: TeamTournament,
        settings: TiebreakSettings,
        entries: dict[TeamId, list[TeamEntry]] | None = None,
    ) -> None:
        self.tournament = tournament
        self.settings = settings
        self.entries = entries
        self.primary = tournament.scoring.primary
        self._views: dict[tuple[PrimaryScore, bool, bool], TeamEventView] = {}
        self._boards: dict[bool, dict[TeamId, tuple[Fraction, ...]]] = {}

    def view(
        self, score: PrimaryScore | None = None, as_played: bool = False, fore: bool = False
    ) -> TeamEventView:
        """The view of a score type (default: the primary score); ``fore`` for Fore Buchholz."""
        score = score or self.primary
        key = (score, as_played, fore)
        if key not in self._views:
            table = _fore_entries(self.tournament, self.entries) if fore else self.entries
            self._views[key] = TeamEventView(
                self.tournament, score, self.settings, as_played=as_played, table=table
            )
        return self._views[key]

    @property
    def ids(self) -> tuple[PlayerId, ...]:
        return self.view().ids

    @property
    def rounds(self) -> int:
        return self.view().rounds

    def board_points(self, as_played: bool = False) -> dict[TeamId, tuple[Fraction, ...]]:
        """Game points of every team on each board (board 1 first) over the rounds counted
        (spec §10.3 BC/TBR/BBE): the boards of played matches, board forfeits included;
        matches forfeited as a whole only with ``/P`` (a win on every board for the present
        team); byes never (spec §14, last paragraph)."""
        if as_played not in self._boards:
            self._boards[as_played] = _board_points(self, None, as_played)
        return self._boards[as_played]


def _fore_entries(
    tournament: TeamTournament, entries: dict[TeamId, list[TeamEntry]] | None = None
) -> dict[TeamId, list[TeamEntry]]:
    """Entries (the tournament's, or ``entries``) with every last-round match against a named
    opponent made a played draw (Fore Buchholz, C.07 8.3; tiebreaks.md §2.13)."""
    if entries is None:
        table = team_entries(tournament)
    else:
        table = {tid: list(rows) for tid, rows in entries.items()}
    scoring = tournament.scoring
    rounds = _complete_round_count(table, len(tournament.rounds))
    if not rounds:
        return table
    gp = tournament.boards * scoring.games.draw
    for rows in table.values():
        last = rows[rounds - 1]
        if last.opponent is not None and last.outcome.is_match:
            rows[rounds - 1] = dataclasses.replace(
                last,
                outcome=TeamOutcome.DRAWN,
                match_points=scoring.draw,
                game_points=gp,
                played=True,
            )
    return table


def _board_points(
    context: TeamContext, only: frozenset[TeamId] | None, as_played: bool
) -> dict[TeamId, tuple[Fraction, ...]]:
    """Board-by-board game points; ``only`` restricts to the matches among those teams."""
    tournament = context.tournament
    boards = tournament.boards
    games = tournament.scoring.games
    totals = {tid: [0] * boards for tid in context.ids}
    for rnd in tournament.rounds[: context.rounds]:
        for match in rnd.matches:
            if only is not None and not (match.first in only and match.second in only):
                continue
            if match.played:
                for index, board in enumerate(match.boards):
                    totals[match.first][index] += board_points(board, True, games)
                    totals[match.second][index] += board_points(board, False, games)
            elif as_played and match.forfeit is not None:
                winner = {
                    MatchForfeit.FIRST_WINS: match.first,
                    MatchForfeit.SECOND_WINS: match.second,
                }.get(match.forfeit)
                if winner is not None:
                    for index in range(boards):
                        totals[winner][index] += games.forfeit_win_value
            elif as_played and match.boards:
                for index, board in enumerate(match.boards):
                    totals[match.first][index] += board_points(board, True, games)
                    totals[match.second][index] += board_points(board, False, games)
    return {tid: tuple(Fraction(p, TENTHS) for p in points) for tid, points in totals.items()}


# --- codes ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamCode:
    """A parsed team tie-break code: ``BASE[:MP|:GP][/Cn|/Mn][/P][/Kx][/F]``."""

    base: str
    score: PrimaryScore | None = None
    """The ``:MP``/``:GP`` suffix; None means the event's primary score."""
    low: int = 0
    high: int = 0
    as_played: bool = False
    factor: int | None = None
    """SSSC ``/Kx``: the divisor F."""
    fore: bool = False
    """SSSC ``/F``: Fore Buchholz instead of Buchholz."""

    @property
    def code(self) -> str:
        """The code written back in the canonical syntax."""
        text = "MPvGP" if self.base == "MPVGP" else self.base
        if self.score is not None:
            text += f":{self.score.value}"
        if self.low and self.high:
            text += f"/M{self.low}" if self.low == self.high else f"/C{self.low}/M{self.high}"
        elif self.low:
            text += f"/C{self.low}"
        if self.factor is not None:
            text += f"/K{self.factor}"
        if self.fore:
            text += "/F"
        if self.as_played:
            text += "/P"
        return text


_INDIVIDUAL = frozenset({"BH", "AOB", "FB", "SB", "PS", "KS", "DE", "WIN", "WON", "REP", "VUR"})
"""Individual codes that apply to teams with a score suffix (spec §10.2)."""
_ESB = frozenset({"EMMSB", "EMGSB", "EGMSB", "EGGSB"})
_EDE = frozenset({"EDE", "EDEBT", "EDEBB", "EDET", "EDEB"})
_TEAM_ONLY = frozenset({"MPTS", "GPTS", "MPVGP", "SSSC", "BC", "TBR", "BBE"}) | _ESB | _EDE
_CUTS = frozenset({"BH", "FB", "SB", "PS"}) | _ESB
_MEDIANS = frozenset({"BH", "FB"})
_AS_PLAYED = frozenset({"BH", "FB", "SB", "DE", "SSSC", "BC", "TBR", "BBE"}) | _ESB | _EDE
"""Codes that take ``/P`` (C.07 14 as spec §10.3 lists them: not AOB, PS, KS, counts)."""
_MP_ONLY = frozenset({"WIN", "WON"})


def parse_team_code(text: str) -> TeamCode:
    """Parse a team tie-break code (case-insensitive); :class:`UnknownTiebreakError` for a code
    or modifier the spec does not define (spec §10.2-10.3: ``ESB`` alone, ESB medians, a
    score suffix on a team-only code, a rating-based code are all refused)."""
    raw = text.strip().upper()
    # The individual registry writes cuts with a hyphen (BH-C1); accept that spelling too.
    parts = raw.replace("-C", "/C").replace("-M", "/M").split("/")
    name, _, suffix = parts[0].partition(":")
    if name not in _INDIVIDUAL and name not in _TEAM_ONLY:
        raise UnknownTiebreakError(text)
    score: PrimaryScore | None = None
    if suffix:
        if name not in _INDIVIDUAL or suffix not in ("MP", "GP"):
            raise UnknownTiebreakError(text)
        score = MP if suffix == "MP" else GP
        if name in _MP_ONLY and score is GP:
            raise UnknownTiebreakError(text)
    low = high = 0
    factor: int | None = None
    as_played = fore = False
    for modifier in parts[1:]:
        head, number = modifier[:1], modifier[1:]
        if head == "C" and number.isdecimal() and name in _CUTS:
            low = int(number)
        elif head == "M" and number.isdecimal() and name in _MEDIANS:
            low = high = int(number)
        elif modifier == "P" and name in _AS_PLAYED:
            as_played = True
        elif head == "K" and number.isdecimal() and int(number) > 0 and name == "SSSC":
            factor = int(number)
        elif modifier == "F" and name == "SSSC":
            fore = True
        else:
            raise UnknownTiebreakError(text)
    if name in _MP_ONLY:
        score = None
    return TeamCode(name, score, low, high, as_played, factor, fore)


# --- the tie-breaks ---------------------------------------------------------------------------


def _secondary(context: TeamContext) -> PrimaryScore:
    return context.primary.other


def match_points_total(context: TeamContext, code: TeamCode) -> Values:
    """MPTS, C.07 11.1.1: the team's match points."""
    return dict(context.view(MP).score)


def game_points_total(context: TeamContext, code: TeamCode) -> Values:
    """GPTS, C.07 11.1.2: the team's game points."""
    return dict(context.view(GP).score)


def secondary_score(context: TeamContext, code: TeamCode) -> Values:
    """MPvGP, C.07 13.1: the secondary score (GP when MP rank the teams, MP when GP do)."""
    return dict(context.view(_secondary(context)).score)


def buchholz(context: TeamContext, code: TeamCode) -> Values:
    """BH, C.07 8.1 on a team score: the opponents' adjusted scores in that type, a dummy
    opponent on the team's own score for each unplayed round; cuts and medians by
    tiebreaks.md §1.1 rule 3 (spec §10.2)."""
    view = context.view(code.score, code.as_played)
    if not code.low and not code.high:
        return chess.buchholz(view)
    return {
        pid: cut(view.contributions(pid), lambda c: c.score, code.low, code.high, view.rounds)
        for pid in view.ids
    }


def fore_buchholz(context: TeamContext, code: TeamCode) -> Values:
    """FB, C.07 8.3 on a team score: Buchholz with every last-round match against a named
    opponent taken as a played drawn match (spec §10.2)."""
    view = context.view(code.score, code.as_played, fore=True)
    return {
        pid: cut(view.contributions(pid), lambda c: c.score, code.low, code.high, view.rounds)
        for pid in view.ids
    }


def average_of_opponents_buchholz(context: TeamContext, code: TeamCode) -> Values:
    """AOB, C.07 8.2 on a team score: the average Buchholz of the opponents of played
    matches (spec §10.2)."""
    return chess.average_of_opponents_buchholz(context.view(code.score, code.as_played))


def _esb(
    context: TeamContext, factor: PrimaryScore, scored: PrimaryScore, code: TeamCode
) -> Values:
    """Σ (opponent's total in ``factor``) × (points in ``scored`` the team made in the match);
    unplayed rounds against the dummy opponent in the factor's type (spec §10.3, ESB)."""
    of = context.view(factor, code.as_played)
    points = context.view(scored, code.as_played)
    result: Values = {}
    for pid in of.ids:
        items = [
            Contribution(c.score, slot.points, c.voluntary)
            for c, slot in zip(of.contributions(pid), points.slots[pid], strict=True)
        ]
        result[pid] = cut(items, lambda c: c.score * c.points, code.low, 0, of.rounds)
    return result


def sonneborn_berger(context: TeamContext, code: TeamCode) -> Values:
    """SB, C.07 9.1 on a team score: opponent's total × points scored against him, both in
    the stated type (on MP it equals EMMSB; spec §10.2)."""
    score = code.score or context.primary
    return _esb(context, score, score, code)


def emmsb(context: TeamContext, code: TeamCode) -> Values:
    """EMMSB, C.07 13.2.1: Σ opponent's match points × match points scored."""
    return _esb(context, MP, MP, code)


def emgsb(context: TeamContext, code: TeamCode) -> Values:
    """EMGSB, C.07 13.2.2: Σ opponent's match points × game points scored."""
    return _esb(context, MP, GP, code)


def egmsb(context: TeamContext, code: TeamCode) -> Values:
    """EGMSB, C.07 13.2.3: Σ opponent's game points × match points scored."""
    return _esb(context, GP, MP, code)


def eggsb(context: TeamContext, code: TeamCode) -> Values:
    """EGGSB, C.07 13.2.4: Σ opponent's game points × game points scored."""
    return _esb(context, GP, GP, code)


def progressive_score(context: TeamContext, code: TeamCode) -> Values:
    """PS, C.07 on a team score: the sum of the running scores after each round, without the
    first ``/Cn`` of them (spec §10.2)."""
    view = context.view(code.score)
    result: Values = {}
    for pid in view.ids:
        running = Fraction(0)
        totals: list[Fraction] = []
        for slot in view.slots[pid]:
            running += slot.points
            totals.append(running)
        result[pid] = sum(totals[code.low :], Fraction(0))
    return result


def koya(context: TeamContext, code: TeamCode) -> Values:
    """KS, C.07 on a team score: points scored against opponents with at least half the
    maximum score of the type (spec §10.2)."""
    return chess.koya(context.view(code.score))


def wins(context: TeamContext, code: TeamCode) -> Values:
    """WIN, C.07 7 for teams: matches won, unplayed wins included (MP only, spec §10.2)."""
    return chess.wins(context.view(MP))


def matches_won(context: TeamContext, code: TeamCode) -> Values:
    """WON, C.07 7 for teams: matches won over the board (MP only, spec §10.2)."""
    return chess.games_won(context.view(MP))


def rounds_elected_to_play(context: TeamContext, code: TeamCode) -> Values:
    """REP, C.07 for teams: rounds minus the voluntary unplayed rounds (spec §10.2)."""
    return chess.rounds_elected_to_play(context.view(code.score))


def voluntary_unplayed_rounds(context: TeamContext, code: TeamCode) -> Values:
    """VUR, C.07 for teams: forfeited matches, requested byes and absences (spec §10.2)."""
    return chess.voluntary_unplayed_rounds(context.view(code.score))


def sssc_divisor(context: TeamContext, code: TeamCode) -> int:
    """F of SSSC (C.07 13.4): ⌊R × max primary per match / max secondary per match⌋, or the
    ``/Kx`` value; at least 1 (the spec gives no value when the quotient is 0)."""
    if code.factor is not None:
        return code.factor
    mp = context.view(MP).win
    gp = context.view(GP).win
    rounds = context.rounds
    ratio = rounds * mp / gp if context.primary is MP else rounds * gp / mp
    return max(1, math.floor(ratio))


def score_strength_combination(context: TeamContext, code: TeamCode) -> Values:
    """SSSC, C.07 13.4: secondary score + Buchholz of the primary score / F, exact (gacrux
    rounds to two decimals; the spec does not, §10.3); ``/F`` takes Fore Buchholz."""
    divisor = sssc_divisor(context, code)
    strength = TeamCode("FB" if code.fore else "BH", as_played=code.as_played)
    bh = (fore_buchholz if code.fore else buchholz)(context, strength)
    secondary = context.view(_secondary(context)).score
    return {pid: secondary[pid] + (bh[pid] or Fraction(0)) / divisor for pid in context.ids}


def board_count(context: TeamContext, code: TeamCode) -> Values:
    """BC, C.07 12.1: Σ board number × game points scored on that board; lower is better
    (spec §10.3)."""
    boards = context.board_points(code.as_played)
    return {
        tid: sum((b * p for b, p in enumerate(points, start=1)), Fraction(0))
        for tid, points in boards.items()
    }


def _tbr_key(points: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    """Top board results, C.07 12.2: board 1's game points, then board 2's, and so on."""
    return points


def _bbe_key(points: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    """Bottom board elimination, C.07 12.3: all boards but the last, then without the last
    two, and so on."""
    return tuple(sum(points[:n], Fraction(0)) for n in range(len(points) - 1, 0, -1))


def _places_by_key(
    group: Sequence[PlayerId], key: Callable[[PlayerId], tuple[Fraction, ...]]
) -> dict[PlayerId, int]:
    """Places inside a group by a key (higher first), equal keys sharing a place; all 0 when
    the key separates nobody (as DE's places, tiebreaks.md §2.4)."""
    ordered = sorted(group, key=key, reverse=True)
    places: dict[PlayerId, int] = {}
    for index, pid in enumerate(ordered):
        same = index and key(pid) == key(ordered[index - 1])
        places[pid] = places[ordered[index - 1]] if same else index + 1
    if len(set(places.values())) <= 1:
        return dict.fromkeys(group, 0)
    return places


def top_board_results(context: TeamContext, code: TeamCode) -> Values:
    """TBR, C.07 12.2: inside a group of tied teams, the place by board 1's game points, then
    board 2's, and so on (lower is better; 0 when nobody is separated)."""
    return _whole_field(context, code, top_board_places)


def top_board_places(
    context: TeamContext, code: TeamCode, group: Sequence[PlayerId]
) -> dict[PlayerId, int]:
    boards = context.board_points(code.as_played)
    return _places_by_key(group, lambda t: _tbr_key(boards[t]))


def bottom_board_elimination(context: TeamContext, code: TeamCode) -> Values:
    """BBE, C.07 12.3: inside a group of tied teams, the place by game points on all boards
    but the last, then without the last two, and so on (lower is better)."""
    return _whole_field(context, code, bottom_board_places)


def bottom_board_places(
    context: TeamContext, code: TeamCode, group: Sequence[PlayerId]
) -> dict[PlayerId, int]:
    boards = context.board_points(code.as_played)
    return _places_by_key(group, lambda t: _bbe_key(boards[t]))


GroupPlaces = Callable[[TeamContext, TeamCode, Sequence[PlayerId]], dict[PlayerId, int]]


def _whole_field(context: TeamContext, code: TeamCode, within: GroupPlaces) -> Values:
    """A group tie-break outside a standings table: groups of teams tied on the primary."""
    score = context.view().score
    groups: dict[Fraction, list[PlayerId]] = {}
    for pid in context.ids:
        groups.setdefault(score[pid], []).append(pid)
    result: Values = {}
    for members in groups.values():
        result.update({p: Fraction(v) for p, v in within(context, code, members).items()})
    return result


def direct_encounter(context: TeamContext, code: TeamCode) -> Values:
    """DE, C.07 6 on a team score among teams tied on the primary score (spec §10.2)."""
    return _whole_field(context, code, direct_encounter_places)


def direct_encounter_places(
    context: TeamContext, code: TeamCode, group: Sequence[PlayerId]
) -> dict[PlayerId, int]:
    return chess.direct_encounter_places(context.view(code.score, code.as_played), group)


def _ede_parts(
    context: TeamContext, group: list[PlayerId], first: PrimaryScore, as_played: bool
) -> list[list[PlayerId]]:
    """EDE (C.07 13.3) as ordered subgroups: DE on ``first``; if that separates nobody, DE on
    the other score; every subgroup still tied is treated again starting with the score that
    split its parent (§14 Q13)."""
    if len(group) < 2:
        return [group]
    for score in (first, first.other):
        parts = chess._separate(context.view(score, as_played), group)
        if len(parts) > 1:
            result: list[list[PlayerId]] = []
            for part in parts:
                result.extend(_ede_parts(context, part, score, as_played))
            return result
    return [group]


def _mutual_addons(
    context: TeamContext, pair: list[PlayerId], base: str, as_played: bool
) -> list[list[PlayerId]]:
    """The add-ons of C.07 13.3.2 for two teams EDE left tied: ``BC`` then ``TBR`` (EDEBT),
    ``BC`` then ``BBE`` (EDEBB), ``TBR`` (EDET) or ``BBE`` (EDEB), computed on the board
    results of their mutual match(es) (§14 Q13)."""
    boards = _board_points(context, frozenset(pair), as_played)
    keys: list[Callable[[PlayerId], tuple[Fraction, ...]]] = []
    if base in ("EDEBT", "EDEBB"):
        keys.append(lambda t: (-sum((b * p for b, p in enumerate(boards[t], 1)), Fraction(0)),))
    keys.append(
        (lambda t: _tbr_key(boards[t]))
        if base in ("EDEBT", "EDET")
        else (lambda t: _bbe_key(boards[t]))
    )
    for key in keys:
        a, b = pair
        if key(a) != key(b):
            return [[a], [b]] if key(a) > key(b) else [[b], [a]]
    return [pair]


def extended_direct_encounter_places(
    context: TeamContext, code: TeamCode, group: Sequence[PlayerId]
) -> dict[PlayerId, int]:
    parts = _ede_parts(context, sorted(group), context.primary, code.as_played)
    if code.base != "EDE":
        expanded: list[list[PlayerId]] = []
        for part in parts:
            if len(part) == 2:
                expanded.extend(_mutual_addons(context, part, code.base, code.as_played))
            else:
                expanded.append(part)
        parts = expanded
    if len(parts) <= 1:
        return dict.fromkeys(group, 0)
    places: dict[PlayerId, int] = {}
    offset = 1
    for part in parts:
        for pid in part:
            places[pid] = offset
        offset += len(part)
    return places


def extended_direct_encounter(context: TeamContext, code: TeamCode) -> Values:
    """EDE, C.07 13.3: direct encounter on the primary score among tied teams, then on the
    secondary score (spec §10.3, §14 Q13); EDEBT/EDEBB/EDET/EDEB add BC, TBR, BBE."""
    return _whole_field(context, code, extended_direct_encounter_places)


# --- the table of codes -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamTiebreakKind:
    """What a base code computes and how it orders teams."""

    name: str
    compute: Callable[[TeamContext, TeamCode], Values]
    higher_is_better: bool = True
    within_group: GroupPlaces | None = None

    @property
    def rule(self) -> str:
        doc = (self.compute.__doc__ or self.name).strip()
        return " ".join(doc.split("\n\n")[0].split())


TEAM_TIEBREAKS: dict[str, TeamTiebreakKind] = {
    "MPTS": TeamTiebreakKind("Match points", match_points_total),
    "GPTS": TeamTiebreakKind("Game points", game_points_total),
    "MPVGP": TeamTiebreakKind("Secondary score", secondary_score),
    "EMMSB": TeamTiebreakKind("Extended Sonneborn-Berger MP×MP", emmsb),
    "EMGSB": TeamTiebreakKind("Extended Sonneborn-Berger MP×GP", emgsb),
    "EGMSB": TeamTiebreakKind("Extended Sonneborn-Berger GP×MP", egmsb),
    "EGGSB": TeamTiebreakKind("Extended Sonneborn-Berger GP×GP", eggsb),
    **{
        base: TeamTiebreakKind(
            "Extended direct encounter" + ("" if base == "EDE" else f" ({base[3:]})"),
            extended_direct_encounter,
            higher_is_better=False,
            within_group=extended_direct_encounter_places,
        )
        for base in sorted(_EDE)
    },
    "SSSC": TeamTiebreakKind("Score strength combination", score_strength_combination),
    "BC": TeamTiebreakKind("Board count", board_count, higher_is_better=False),
    "TBR": TeamTiebreakKind(
        "Top board results",
        top_board_results,
        higher_is_better=False,
        within_group=top_board_places,
    ),
    "BBE": TeamTiebreakKind(
        "Bottom board elimination",
        bottom_board_elimination,
        higher_is_better=False,
        within_group=bottom_board_places,
    ),
    "BH": TeamTiebreakKind("Buchholz", buchholz),
    "AOB": TeamTiebreakKind("Average of opponents' Buchholz", average_of_opponents_buchholz),
    "FB": TeamTiebreakKind("Fore Buchholz", fore_buchholz),
    "SB": TeamTiebreakKind("Sonneborn-Berger", sonneborn_berger),
    "PS": TeamTiebreakKind("Progressive score", progressive_score),
    "KS": TeamTiebreakKind("Koya score", koya),
    "DE": TeamTiebreakKind(
        "Direct encounter",
        direct_encounter,
        higher_is_better=False,
        within_group=direct_encounter_places,
    ),
    "WIN": TeamTiebreakKind("Matches won", wins),
    "WON": TeamTiebreakKind("Matches won over the board", matches_won),
    "REP": TeamTiebreakKind("Rounds elected to play", rounds_elected_to_play),
    "VUR": TeamTiebreakKind(
        "Voluntary unplayed rounds", voluntary_unplayed_rounds, higher_is_better=False
    ),
}
"""Every team tie-break by its base code (spec §10.2-10.3)."""


@dataclass(frozen=True, slots=True)
class TeamTiebreak:
    """A column of the team standings: a parsed code and its kind."""

    parsed: TeamCode
    kind: TeamTiebreakKind

    @property
    def code(self) -> str:
        return self.parsed.code

    @property
    def name(self) -> str:
        return self.kind.name

    @property
    def higher_is_better(self) -> bool:
        return self.kind.higher_is_better

    @property
    def decimals(self) -> int | None:
        return None

    def values(self, context: TeamContext) -> Values:
        return self.kind.compute(context, self.parsed)

    def values_in_group(self, context: TeamContext, group: Sequence[PlayerId]) -> Values:
        if self.kind.within_group is None:
            whole = self.values(context)
            return {pid: whole[pid] for pid in group}
        places = self.kind.within_group(context, self.parsed, group)
        return {pid: Fraction(place) for pid, place in places.items()}

    def describe(self) -> str:
        text = f"{self.code}: {self.name} (FIDE C.07 for teams)"
        if not self.higher_is_better:
            text += "; lower is better"
        return text


def team_tiebreak(code: str) -> TeamTiebreak:
    """The team tie-break of a code; :class:`UnknownTiebreakError` otherwise."""
    parsed = parse_team_code(code)
    return TeamTiebreak(parsed, TEAM_TIEBREAKS[parsed.base])


def team_tiebreak_values(
    tournament: TeamTournament, code: str, settings: TiebreakSettings | None = None
) -> Values:
    """The value of one team tie-break for every team (group codes inside groups tied on
    the primary score)."""
    return team_tiebreak(code).values(TeamContext(tournament, settings or TiebreakSettings()))


# --- the standings ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamStandingsRow:
    """One line of the team standings (the shape the standings renderers read)."""

    rank: int
    team_id: TeamId
    name: str
    points: Fraction
    """The primary score."""
    values: tuple[Value, ...]
    secondary: Fraction = Fraction(0)
    rating: int | None = None

    @property
    def start_rank(self) -> int:
        return self.team_id


@dataclass(frozen=True, slots=True)
class TeamStandings:
    """Team standings after the complete rounds of a snapshot: one column per tie-break."""

    columns: tuple[TeamTiebreak, ...]
    rows: tuple[TeamStandingsRow, ...]
    primary: PrimaryScore
    rounds: int

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(c.code for c in self.columns)

    @property
    def score(self) -> str:
        """The primary score shown as the points column, which heads it: ``MP`` or ``GP``."""
        return self.primary.value

    def notes(self) -> tuple[str, ...]:
        head = f"Ranked by {'match' if self.primary is MP else 'game'} points"
        return (head, *(c.describe() for c in self.columns))


def _order_key(value: Value, higher_is_better: bool) -> tuple[int, Fraction]:
    if value is None:
        return (1, Fraction(0))
    return (0, -value if higher_is_better else value)


def compute_team_standings(
    tournament: TeamTournament,
    codes: Sequence[str],
    settings: TiebreakSettings | None = None,
    entries: dict[TeamId, list[TeamEntry]] | None = None,
) -> TeamStandings:
    """Order the teams by the primary score (C.07 11.1), then by each code in turn.

    Group codes (DE, EDE…, TBR, BBE) are computed inside the groups tied on the primary score
    and every preceding code. Teams share a rank only when everything is equal; inside a
    shared rank the order is the TPN's. ``PTS`` in the list stands for the primary score.
    ``entries``: what each round was for each team, when not the tournament's own
    (:class:`TeamContext`).
    """
    context = TeamContext(tournament, settings or TiebreakSettings(), entries)
    primary = context.primary
    columns = tuple(
        team_tiebreak("MPTS" if primary is MP else "GPTS")
        if code.strip().upper() == "PTS"
        else team_tiebreak(code)
        for code in codes
    )
    points = context.view(primary).score
    secondary = context.view(primary.other).score
    ids = context.ids
    keys: dict[PlayerId, list[tuple[int, Fraction]]] = {
        pid: [_order_key(points[pid], True)] for pid in ids
    }
    values: dict[PlayerId, list[Value]] = {pid: [] for pid in ids}
    for column in columns:
        if column.kind.within_group is None:
            computed = column.values(context)
        else:
            groups: dict[tuple[tuple[int, Fraction], ...], list[PlayerId]] = {}
            for pid in ids:
                groups.setdefault(tuple(keys[pid]), []).append(pid)
            computed = {}
            for members in groups.values():
                computed.update(column.values_in_group(context, members))
        for pid in ids:
            values[pid].append(computed[pid])
            keys[pid].append(_order_key(computed[pid], column.higher_is_better))
    ordered = sorted(ids, key=lambda p: (keys[p], p))
    rows: list[TeamStandingsRow] = []
    for index, tid in enumerate(ordered):
        shared = index > 0 and keys[tid] == keys[ordered[index - 1]]
        rows.append(
            TeamStandingsRow(
                rank=rows[-1].rank if shared else index + 1,
                team_id=tid,
                name=tournament.team(tid).name,
                points=points[tid],
                values=tuple(values[tid]),
                secondary=secondary[tid],
            )
        )
    return TeamStandings(columns, tuple(rows), primary, context.rounds)
