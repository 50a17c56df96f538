"""Standings of a FIDE Double-Swiss event (C.04.5): players ranked by game points or match
points, then by FIDE C.07 tie-breaks.

**A player is a one-player team.** Every match-round gives a Double-Swiss player what a round
gives a team in a two-board match: game points (GP: the sum of his two games, the score the
Double-Swiss pairs on, spec double-swiss.md §1.3) and match points (MP: match won 2, drawn 1,
lost 0, :func:`fairpair.core.double_swiss.match_points`). FIDE C.07 defines its tie-breaks for
participants with these two score types in its team articles, and
:mod:`fairpair.standings.team` computes them (verified against gacrux, the FIDE tie-break
checker) on top of the individual machinery. This module only says what each round was for
each player in the team vocabulary (:func:`double_team_entries`) and hands that to
:func:`~fairpair.standings.team.compute_team_standings`; no tie-break formula is written here.

What a round is (spec §2.1-2.4):

* a **played match** (including one with a single game forfeited, and one where each player
  forfeited one game, §11 R1) is a played round against the opponent: won, drawn or lost on
  its game points. Spec §2.2: "for standings and tie-breaks a forfeited single game inside a
  played match is treated as played". (The team rule would call a match in which no board was
  played over the board unplayed; the Double-Swiss text says otherwise, so the entry is made
  a played draw here.)
* a **forfeited match** (a player forfeited both games) is an unplayed round against the
  scheduled opponent: a forfeit win for the player who came (his game points as scored, e.g.
  1 for ``+ -`` and ``- -``), a forfeit loss - a voluntary unplayed round (VUR) - for the one
  who did not; a match forfeited by both is a forfeit loss for both.
* **byes** are whole matches with the event's values (PAB 1½ GP, half-point bye 1, full-point
  bye 2, zero 0) and the match points of the match that value stands for (1½ or 2: won; 1:
  drawn; less: lost); the requested byes and absences are VURs, the PAB is not.
* an unfinished match makes its round incomplete: standings count the complete rounds only.

**Codes** (team syntax, spec team-swiss.md §10.2: ``BASE[:MP|:GP][/Cn|/Mn][/P]``):

* scores: ``GPTS`` (game points), ``MPTS`` (match points), ``MPvGP`` (the score that is not
  the primary one);
* opponents' strength: ``BH`` with ``/C1``, ``/C2``, ``/M1``... (8.1), ``FB`` (8.3), ``AOB``
  (8.2), ``SB`` (9.1), ``KS``; the extended Sonneborn-Berger ``EMMSB``, ``EMGSB``,
  ``EGMSB``, ``EGGSB`` (13.2) and ``SSSC`` (13.4), which mix the two score types exactly as for
  teams;
* ``DE`` (6) and ``EDE`` (13.3, DE on the primary score, then on the other);
* ``PS`` (progressive score), ``WIN`` (matches won, forfeit wins and byes worth a won match
  included), ``WON`` (matches won over the board), ``REP``, ``VUR`` (rounds, i.e. matches);
* ratings: ``ARO``, ``TPR``, ``PTP``, ``APRO``, ``APPO`` (10-11), over the **games** played
  over the board (:class:`DoubleGamesView`): a Double-Swiss is rated game by game, and C.07
  defines these codes on games; each opponent counts once per game he played against the
  player, and the score share of TPR is the player's game points over those games.

Not offered: the board codes ``BC``, ``TBR``, ``BBE`` and ``EDEBT``/``EDEBB``/``EDET``/
``EDEB`` (a Double-Swiss match has no boards of different strength: "board 1" would be game 1,
i.e. only the colour order of the match); ``ARO-C1`` (which of an opponent's two games to
drop is not defined); ``BPG``/``BWG``, ``NUM``: every played match gives each player one game
with each colour, so "games with Black" counts played matches less the odd forfeited game and
says nothing about colours.

**"Computed on games"** (issue #16): a code without ``:MP``/``:GP`` is computed on **game
points** whatever the primary score - the opponents' scores, the points scored against them and
the direct encounters are counted in games, the unit the Double-Swiss pairs on. This departs
from the team convention (no suffix = the primary score) on purpose: when an event ranks by
match points its match points are coarse (every match is 2, 1 or 0), and the games are what
tells two players with the same match points apart. ``:MP`` asks for match points explicitly.
The counts keep the round as their unit, as C.07 for teams does: ``WIN``/``WON`` count matches,
``REP``/``VUR`` count match-rounds (a single forfeited game inside a played match is no
unplayed round, spec §2.2). gacrux, given a Double-Swiss as a two-board team event, counts
these four in board games instead; the tests show the exact relation.

**Verified**: every opponent-score code, the scores, PS and the rankings with DE and EDE agree
with gacrux (the FIDE tie-break checker) on the 80 reference events written as two-board team
files, and the rating codes with gacrux on the same events read as individual events of one
game per round (tests/golden/test_double_tiebreaks_gacrux.py).

**Default list** (:func:`default_tiebreaks`): the FIDE recommendation for an individual Swiss
(tiebreaks.md §2.15: BH-C1, BH, DE, WON) with a match as the "game": ``BH/C1``, ``BH``, ``DE``,
``WON`` on game points. An event ranked by match points puts its game points first (``GPTS``,
as a team event puts its secondary score first, C.07 13.1).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from fairpair.core import (
    TENTHS,
    Colour,
    Outcome,
    PlayerId,
    PrimaryScore,
    Team,
    TeamEntry,
    TeamOutcome,
    TeamRound,
    TeamScoring,
    TeamTournament,
    Tournament,
)
from fairpair.core.double_swiss import (
    DoubleSwissTournament,
    Mark,
    MatchByeKind,
    MatchEntry,
    MatchOutcome,
    match_entries,
    match_points,
)
from fairpair.standings.event import EventView, Slot, Value, Values
from fairpair.standings.registry import REGISTRY, UnknownTiebreakError
from fairpair.standings.settings import TiebreakSettings
from fairpair.standings.team import (
    TeamCode,
    TeamContext,
    TeamStandings,
    TeamTiebreak,
    TeamTiebreakKind,
    complete_round_count,
    compute_team_standings,
    parse_team_code,
)

__all__ = [
    "CODES",
    "DoubleStandings",
    "DoubleStandingsRow",
    "UnknownDoubleTiebreakError",
    "compute_double_standings",
    "default_tiebreaks",
    "describe_double_tiebreak",
    "double_code",
    "double_team_entries",
]

GP = PrimaryScore.GAME_POINTS
MP = PrimaryScore.MATCH_POINTS

HALVES_TO_TENTHS = TENTHS // 2
"""The Double-Swiss core counts half points, the standings tenths."""

CODES = (
    "GPTS",
    "MPTS",
    "MPvGP",
    "BH",
    "FB",
    "AOB",
    "SB",
    "KS",
    "EMMSB",
    "EMGSB",
    "EGMSB",
    "EGGSB",
    "SSSC",
    "DE",
    "EDE",
    "PS",
    "WIN",
    "WON",
    "REP",
    "VUR",
    "ARO",
    "TPR",
    "PTP",
    "APRO",
    "APPO",
)
"""The base codes a Double-Swiss event offers (see the module text for why)."""

GAME_CODES = ("ARO", "TPR", "PTP", "APRO", "APPO")
"""The rating codes, computed game by game on :class:`DoubleGamesView`."""

_BASES = frozenset(code.upper() for code in CODES)
_SCORED = frozenset({"BH", "FB", "AOB", "SB", "KS", "DE", "PS", "REP", "VUR"})
"""Codes computed on one score type: game points unless ``:MP`` says otherwise."""

_DEFAULT_GP = ("BH:GP/C1", "BH:GP", "DE:GP", "WON")
_DEFAULT_MP = ("GPTS", *_DEFAULT_GP)


class UnknownDoubleTiebreakError(UnknownTiebreakError):
    """A code a Double-Swiss event does not offer."""

    def __init__(self, code: str) -> None:
        self.code = code
        ValueError.__init__(
            self,
            f"unknown Double-Swiss tie-break {code!r}; valid codes: {', '.join(CODES)} "
            "(with :GP or :MP and /C1, /M1, /P as for teams)",
        )


def default_tiebreaks(primary: PrimaryScore = GP) -> tuple[str, ...]:
    """The tie-breaks of a Double-Swiss event that names none (module text)."""
    return _DEFAULT_MP if primary is MP else _DEFAULT_GP


def double_code(text: str) -> TeamCode:
    """A Double-Swiss tie-break code parsed, with its score type made explicit (game points
    when it names none); :class:`UnknownDoubleTiebreakError` for a code not offered."""
    if text.strip().upper() in GAME_CODES:
        return TeamCode(text.strip().upper())
    try:
        parsed = parse_team_code(text)
    except UnknownTiebreakError:
        raise UnknownDoubleTiebreakError(text) from None
    if parsed.base not in _BASES:
        raise UnknownDoubleTiebreakError(text)
    if parsed.base in _SCORED and parsed.score is None:
        parsed = replace(parsed, score=GP)
    return parsed


# --- the event seen as one-player teams ---------------------------------------------------


_BYE_OUTCOMES = {
    MatchByeKind.PAIRING_ALLOCATED: TeamOutcome.PAIRING_BYE,
    MatchByeKind.HALF_POINT: TeamOutcome.HALF_BYE,
    MatchByeKind.FULL_POINT: TeamOutcome.FULL_BYE,
    MatchByeKind.ZERO_POINT: TeamOutcome.ZERO_BYE,
}
_BY_MATCH_POINTS = {2: TeamOutcome.WON, 1: TeamOutcome.DRAWN, 0: TeamOutcome.LOST}


def _team_entry(pid: PlayerId, entry: MatchEntry) -> TeamEntry:
    """One round of a player as a team's round (module text, "What a round is")."""
    gp = entry.points * HALVES_TO_TENTHS
    mp = match_points(entry) * TENTHS
    number = entry.round
    match = entry.match
    if match is not None:
        first = match.white == pid
        if not match.finished:
            return TeamEntry(number, TeamOutcome.PENDING, 0, 0, entry.opponent, first=first)
        if entry.outcome is MatchOutcome.PLAYED:
            outcome = _BY_MATCH_POINTS[match_points(entry)]
            return TeamEntry(number, outcome, mp, gp, entry.opponent, entry.colour, True, first)
        if entry.outcome is MatchOutcome.FORFEIT_WIN:
            return TeamEntry(number, TeamOutcome.FORFEIT_WIN, mp, gp, entry.opponent, first=first)
        # Lost by forfeit, also when both players forfeited (no match points for either).
        return TeamEntry(number, TeamOutcome.FORFEIT_LOSS, mp, gp, entry.opponent, first=first)
    if entry.bye is not None:
        return TeamEntry(number, _BYE_OUTCOMES[entry.bye], mp, gp)
    return TeamEntry(number, TeamOutcome.ABSENT, 0, 0)


def double_team_entries(t: DoubleSwissTournament) -> dict[PlayerId, list[TeamEntry]]:
    """Every player's rounds as a team's rounds, with game and match points in tenths."""
    return {pid: [_team_entry(pid, e) for e in rows] for pid, rows in match_entries(t).items()}


def _as_teams(t: DoubleSwissTournament, primary: PrimaryScore) -> TeamTournament:
    """The team event the team tie-breaks read for its names, scoring and round count: one
    team per player, two "boards" (the two games), match points 2/1/0, games 1/½/0. Its
    rounds carry no matches: what each round was comes from :func:`double_team_entries`."""
    return TeamTournament(
        teams=tuple(Team(p.id, p.name) for p in sorted(t.players, key=lambda p: p.id)),
        boards=2,
        rounds=tuple(TeamRound(r.number) for r in t.rounds),
        scoring=TeamScoring(primary=primary),
        name=t.name,
    )


# --- the games seen as the rounds of an individual event ----------------------------------

_GAME_OUTCOMES = {
    Mark.WIN: Outcome.WIN,
    Mark.DRAW: Outcome.DRAW,
    Mark.LOSS: Outcome.LOSS,
    Mark.FORFEIT_WIN: Outcome.FORFEIT_WIN,
    Mark.FORFEIT_LOSS: Outcome.FORFEIT_LOSS,
}
_BYE_SLOTS = {
    MatchByeKind.PAIRING_ALLOCATED: Outcome.PAIRING_BYE,
    MatchByeKind.HALF_POINT: Outcome.HALF_BYE,
    MatchByeKind.FULL_POINT: Outcome.FULL_BYE,
    MatchByeKind.ZERO_POINT: Outcome.ZERO_BYE,
}


class DoubleGamesView(EventView):
    """The games of a Double-Swiss event as the rounds of an individual event, for the rating
    codes of C.07 (ARO, TPR, PTP, APRO, APPO), which read single games: match-round k is
    game-rounds 2k-1 and 2k, as the TRF writes it (spec §9); a game over the board is a game
    won, drawn or lost with the player's own game points (½-0 is a draw for one player and a
    loss for the other); a forfeited game is unplayed; a bye fills both game-rounds.

    Only the rating codes read this view: the tie-breaks built on scores per round read the
    matches (:func:`double_team_entries`)."""

    def __init__(
        self, tournament: DoubleSwissTournament, settings: TiebreakSettings, rounds: int
    ) -> None:
        # EventView.__init__ reads an individual Tournament; the rating codes read only the
        # players (their ratings), the settings and the slots filled here.
        self.tournament = Tournament(players=tuple(sorted(tournament.players, key=_by_id)))
        self.settings = settings
        self.win, self.draw, self.loss = Fraction(1), Fraction(1, 2), Fraction(0)
        self.rounds = 2 * rounds
        self.ids: tuple[PlayerId, ...] = tournament.player_ids
        self.slots: dict[PlayerId, tuple[Slot, ...]] = {}
        for pid, entries in match_entries(tournament).items():
            row: list[Slot] = []
            for entry in entries[:rounds]:
                first, second = 2 * entry.round - 1, 2 * entry.round
                match = entry.match
                if match is not None and match.games is not None:
                    colour = match.colour(pid)
                    for number, mark, game_colour in zip(
                        (first, second), match.marks(pid), (colour, colour.opposite), strict=True
                    ):
                        outcome = _GAME_OUTCOMES[mark]
                        shown: Colour | None = game_colour if outcome.played else None
                        points = Fraction(mark.points, 2)
                        row.append(Slot(number, outcome, points, entry.opponent, shown))
                elif entry.bye is not None:
                    half = Fraction(entry.points, 4)
                    row.extend(Slot(n, _BYE_SLOTS[entry.bye], half) for n in (first, second))
                else:
                    row.extend(Slot(n, Outcome.ABSENT, Fraction(0)) for n in (first, second))
            self.slots[pid] = tuple(row)
        self.score: dict[PlayerId, Fraction] = {
            pid: sum((s.points for s in self.slots[pid]), Fraction(0)) for pid in self.ids
        }
        self._memo: dict[str, object] = {}


def _by_id(player: object) -> int:
    return player.id  # type: ignore[attr-defined, no-any-return]


def _game_column(code: str, games: Callable[[], DoubleGamesView]) -> TeamTiebreak:
    """A column of a rating code, computed by the individual registry on the games view."""
    individual = REGISTRY[code]

    def compute(context: TeamContext, parsed: TeamCode) -> Values:
        return individual.compute(games())

    compute.__doc__ = individual.compute.__doc__
    kind = TeamTiebreakKind(individual.name, compute, individual.higher_is_better)
    return TeamTiebreak(TeamCode(code), kind)


# --- the standings ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DoubleStandingsRow:
    """One line of the Double-Swiss standings (the shape the standings renderers read)."""

    rank: int
    player: PlayerId
    name: str
    game_points: Fraction
    match_points: Fraction
    values: tuple[Value, ...]
    points: Fraction
    """The primary score (game points or match points)."""
    rating: int | None = None

    @property
    def start_rank(self) -> int:
        return self.player


@dataclass(frozen=True, slots=True)
class DoubleStandings:
    """Double-Swiss standings after the complete match-rounds of a snapshot."""

    columns: tuple[TeamTiebreak, ...]
    rows: tuple[DoubleStandingsRow, ...]
    primary: PrimaryScore
    rounds: int
    settings: TiebreakSettings = TiebreakSettings()  # noqa: RUF009 (frozen, shared safely)

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(c.code for c in self.columns)

    @property
    def score(self) -> str:
        """The heading of the points column: ``GP`` or ``MP``."""
        return self.primary.value

    def rules(self) -> tuple[str, ...]:
        """Each tie-break column's rule in words, in the columns' order (what the public
        pages and the API show for a column; see :func:`describe_double_tiebreak`)."""
        return tuple(describe_double_tiebreak(column) for column in self.columns)

    def notes(self) -> tuple[str, ...]:
        """How the ranking was done, in words, one line each."""
        head = (
            "Ranked by game points (a game won 1, drawn ½; byes: the event's values)"
            if self.primary is GP
            else "Ranked by match points (a match won 2, drawn 1, lost 0)"
        )
        lines = [head, *self.rules()]
        lines.append(
            "A match forfeited as a whole is an unplayed round (a voluntary one for the player "
            "who did not come); a single forfeited game leaves the match played."
        )
        rule = self.settings.unplayed_rule.describe()
        if self.settings.fide2026_caps:
            rule += " with the March 2026 amendment (capped dummy scores)"
        lines.append(f"Unplayed rounds in the tie-breaks: {rule}.")
        return tuple(lines)


def _left_out(count: int, which: str) -> str:
    """E.g. "the lowest left out", "the 2 highest left out" (C.07 cuts and medians)."""
    return f"the {which} left out" if count == 1 else f"the {count} {which} left out"


def describe_double_tiebreak(column: TeamTiebreak) -> str:
    """A tie-break column of the Double-Swiss standings in words, for players: its code and
    name, the score it is computed on, the cuts, how forfeits count, and "lower is better"
    where it is (e.g. "BH:GP/C1: Buchholz, on game points (the lowest left out) (FIDE
    C.07)")."""
    code = column.parsed
    text = f"{column.code}: {column.name}"
    if code.score is GP:
        text += ", on game points"
    elif code.score is MP:
        text += ", on match points"
    if code.low or code.high:
        text += f" ({_left_out(code.low, 'lowest')}"
        text += f", {_left_out(code.high, 'highest')})" if code.high else ")"
    if code.base in GAME_CODES:
        text += ", over the games played over the board"
    if code.as_played:
        text += "; a forfeited match counts as played"
    text += " (FIDE C.07)"
    if not column.higher_is_better:
        text += "; lower is better"
    return text


def compute_double_standings(
    tournament: DoubleSwissTournament,
    codes: Sequence[str] | None = None,
    settings: TiebreakSettings | None = None,
    primary: PrimaryScore = GP,
) -> DoubleStandings:
    """Rank the players of a Double-Swiss event by ``primary`` (game points by default), then
    by each tie-break code in turn (:func:`default_tiebreaks` when ``codes`` is None).

    Players share a rank only when everything is equal; inside a shared rank the order is the
    TPN's. ``PTS`` in the list stands for the primary score. Raises
    :class:`UnknownDoubleTiebreakError` for a code the event does not offer.
    """
    chosen = default_tiebreaks(primary) if codes is None else codes
    settings = settings or TiebreakSettings()
    entries = double_team_entries(tournament)
    views: list[DoubleGamesView] = []

    def games() -> DoubleGamesView:
        if not views:
            counted = complete_round_count(entries, len(tournament.rounds))
            views.append(DoubleGamesView(tournament, settings, counted))
        return views[0]

    resolved: list[str | TeamTiebreak] = []
    for code in chosen:
        if code.strip().upper() == "PTS":
            resolved.append(code)
            continue
        parsed = double_code(code)
        resolved.append(
            _game_column(parsed.base, games) if parsed.base in GAME_CODES else parsed.code
        )
    table: TeamStandings = compute_team_standings(
        _as_teams(tournament, primary), resolved, settings, entries
    )
    players = {p.id: p for p in tournament.players}
    rows = tuple(
        DoubleStandingsRow(
            rank=row.rank,
            player=row.team_id,
            name=row.name,
            game_points=row.points if primary is GP else row.secondary,
            match_points=row.secondary if primary is GP else row.points,
            values=row.values,
            points=row.points,
            rating=players[row.team_id].rating,
        )
        for row in table.rows
    )
    return DoubleStandings(table.columns, rows, primary, table.rounds, settings)
