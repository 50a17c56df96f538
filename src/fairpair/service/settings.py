"""An event's settings as the organiser chooses them, and how they are kept in the log."""

from __future__ import annotations

import dataclasses
import datetime
import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fairpair.core import (
    CHESS,
    MATCH_POINTS,
    ByeKind,
    Colour,
    EventDetails,
    PlayerId,
    PointSystem,
    Tournament,
    format_points,
    points_from_text,
)
from fairpair.core.lazy import exports
from fairpair.core.words import counted
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.text_fields import text_problem
from fairpair.service.venue import Venue
from fairpair.standings.prizes import PrizeRules

if TYPE_CHECKING:
    from fairpair.core.double_swiss import DoubleSwissTournament
    from fairpair.core.teams import TeamTournament
    from fairpair.service.double_settings import (
        DOUBLE_SWISS_PRIMARY_CHOICES,
        DoubleSwissSettings,
        parse_bye_values,
    )
    from fairpair.service.knockout_settings import (
        KNOCKOUT_BRACKETS,
        KNOCKOUT_FIRST_WHITE,
        KnockoutSettings,
    )
    from fairpair.service.team_settings import (
        COLOUR_MODEL_CHOICES,
        PRIMARY_CHOICES,
        TeamSettings,
        parse_board_colours,
        parse_colour_model,
        parse_match_points,
        parse_primary,
    )

__all__ = [
    "CARD_GAME_TIEBREAKS",
    "COLOUR_MODEL_CHOICES",
    "DOUBLE_SWISS_PRIMARY_CHOICES",
    "FIRST_COLOURS",
    "GO_TIEBREAKS",
    "KNOCKOUT_BRACKETS",
    "KNOCKOUT_FIRST_WHITE",
    "PRIMARY_CHOICES",
    "REPORT_FIELDS",
    "ROUND_ROBIN_TIEBREAKS",
    "SETTING_FIELDS",
    "SWISS_TIEBREAKS",
    "AccelerationMethod",
    "ByeLimit",
    "DoubleSwissSettings",
    "EventSettings",
    "Game",
    "KnockoutSettings",
    "System",
    "TeamSettings",
    "WithdrawalPolicy",
    "game_follows",
    "parse_board_colours",
    "parse_bye_values",
    "parse_colour_model",
    "parse_match_points",
    "parse_points",
    "parse_primary",
    "report_fields",
    "setting_fields",
    "setting_label",
    "usual_scoring",
]

# The settings of team, Double-Swiss and knockout events live in modules of their own, each
# imported when one of its names is first used: they bring those events' core modules.
__getattr__ = exports(
    __name__,
    {
        "fairpair.service.double_settings": (
            "DOUBLE_SWISS_PRIMARY_CHOICES",
            "DoubleSwissSettings",
            "parse_bye_values",
        ),
        "fairpair.service.knockout_settings": (
            "KNOCKOUT_BRACKETS",
            "KNOCKOUT_FIRST_WHITE",
            "KnockoutSettings",
        ),
        "fairpair.service.team_settings": (
            "COLOUR_MODEL_CHOICES",
            "PRIMARY_CHOICES",
            "TeamSettings",
            "parse_board_colours",
            "parse_colour_model",
            "parse_match_points",
            "parse_primary",
        ),
    },
)


class System(enum.StrEnum):
    """How an event is paired."""

    BERGER = "berger"
    """Round robin, FIDE Berger tables."""
    ROTATION = "rotation"
    """Round robin, seat rotation."""
    DUTCH = "dutch"
    BURSTEIN = "burstein"
    CASUAL = "casual"
    TEAM_SWISS = "team-swiss"
    """Teams, the FIDE Swiss Team Pairing System (C.04.6)."""
    TEAM_BERGER = "team-berger"
    """Teams, round robin on the FIDE Berger tables (spec team-swiss.md §9)."""
    DOUBLE_SWISS = "double-swiss"
    """Two-game matches, the FIDE Double-Swiss (C.04.5)."""
    KNOCKOUT = "knockout"
    """A knockout from the start: the players seeded by rating into a bracket
    (:class:`KnockoutSettings`)."""

    @property
    def round_robin(self) -> bool:
        """An individual round robin (a team round robin is :attr:`team_round_robin`)."""
        return self in (System.BERGER, System.ROTATION)

    @property
    def label(self) -> str:
        """In an organiser's words, wherever the system is shown (the value is what is
        typed: ``--system dutch``)."""
        return _LABELS[self]

    @property
    def team(self) -> bool:
        """Teams meet teams: the snapshot is a :class:`~fairpair.core.TeamTournament`."""
        return self in (System.TEAM_SWISS, System.TEAM_BERGER)

    @property
    def team_round_robin(self) -> bool:
        return self is System.TEAM_BERGER

    @property
    def double(self) -> bool:
        """Two-game matches: the snapshot is a
        :class:`~fairpair.core.double_swiss.DoubleSwissTournament`."""
        return self is System.DOUBLE_SWISS

    @property
    def knockout(self) -> bool:
        """A standalone knockout: no rounds, a bracket seeded by rating."""
        return self is System.KNOCKOUT

    @property
    def scheduled(self) -> bool:
        """Paired from a fixed schedule (its number of rounds follows from the field)."""
        return self.round_robin or self.team_round_robin


class AccelerationMethod(enum.StrEnum):
    """How a Swiss event adds virtual points for pairing (spec acceleration.md)."""

    NONE = "none"
    BAKU = "baku"
    """FIDE's Baku acceleration (C.04.7, formerly C.04.5.1): Group A is the top 2·⌈N/4⌉ of
    the initial ranking, which gets a win's worth in the first half of the accelerated rounds
    and a draw's worth in the rest, the first ⌈R/2⌉ rounds."""

    @property
    def label(self) -> str:
        return "no acceleration" if self is AccelerationMethod.NONE else "Baku acceleration"


class WithdrawalPolicy(enum.StrEnum):
    """How a round robin scores the games of a player who withdraws (spec round-robin.md
    §6.3). Either way his remaining games are not played: the scheduled opponent has a free
    round and the others' schedule stays as it is."""

    KEEP_PLAYED_FORFEIT_REST = "keep_played_forfeit_rest"
    """Games played stay; each game not played is a forfeit win for the scheduled opponent."""
    ANNUL_IF_UNDER_HALF = "annul_if_under_half"
    """If he played fewer than half of his games, all his results are deleted from the
    ranking (his games count for nobody); otherwise as :attr:`KEEP_PLAYED_FORFEIT_REST`."""

    @property
    def label(self) -> str:
        """A few words naming the policy, for a list to choose from and a log line."""
        return _LABELS[self]

    def describe(self) -> str:
        """In an organiser's words, for ``event show`` and the standings footer."""
        if self is WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST:
            return "games played count; games not played are forfeit wins for the opponents"
        return (
            "all results of a player who withdrew having played fewer than half of his games "
            "are annulled; otherwise games not played are forfeit wins for the opponents"
        )


SWISS_TIEBREAKS = ("BH-C1", "BH", "DE", "WON")
"""FIDE's recommendation for an individual Swiss (spec tiebreaks.md §2.15)."""
ROUND_ROBIN_TIEBREAKS = ("SB", "DE", "WON")
CARD_GAME_TIEBREAKS = ("OMW", "GW", "OGW")
"""Magic: The Gathering's order (MTR appendix C, spec tiebreaks.md §3): match points (the
points of a 3-1-0 event, so not a column of their own), OMW%, GW%, OGW%."""
GO_TIEBREAKS = ("SOS", "SOSOS")
"""Go, EGF (spec tiebreaks.md §4): the McMahon score ranks (a Go Swiss: everyone starts at
0), then SOS, then SOSOS."""


class Game(enum.StrEnum):
    """What is played: it decides the usual points, tie-breaks and whether boards have
    colours, so that a director need not type them."""

    CHESS = "chess"
    """1 / ½ / 0, FIDE tie-breaks, White and Black."""
    CARDS = "cards"
    """A card or board game played as matches (Magic): 3 / 1 / 0 match points, OMW%, GW%,
    OGW%, no colours."""
    GO = "go"
    """1 per win, ½ per jigo; ranked by McMahon score, then SOS, SOSOS."""

    @property
    def label(self) -> str:
        """In an organiser's words, wherever the game is shown."""
        return _LABELS[self]

    def describe(self) -> str:
        """What the game brings by default, for a list to choose from."""
        return _GAME_DEFAULTS[self]


_USUAL_POINTS = {Game.CHESS: CHESS, Game.CARDS: MATCH_POINTS, Game.GO: CHESS}
_LABELS: dict[enum.StrEnum, str] = {
    System.BERGER: "Round robin (Berger tables)",
    System.ROTATION: "Round robin (seat rotation)",
    System.DUTCH: "Swiss (FIDE Dutch)",
    System.BURSTEIN: "Swiss (Burstein)",
    System.CASUAL: "Swiss (casual)",
    System.TEAM_SWISS: "Team Swiss (FIDE C.04.6)",
    System.TEAM_BERGER: "Team round robin (Berger tables)",
    System.DOUBLE_SWISS: "FIDE Double-Swiss (two-game matches)",
    System.KNOCKOUT: "Knockout (seeded by rating)",
    WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST: "games played count, the rest are forfeits",
    WithdrawalPolicy.ANNUL_IF_UNDER_HALF: "annulled if he played under half of his games",
    Game.CHESS: "chess",
    Game.CARDS: "card or board game (match points)",
    Game.GO: "Go",
}
"""Each setting's values in words, in one place: what the pages, ``event show``, the log and
the printouts show. The values themselves (``dutch``, ``annul_if_under_half``) stay what a
director types and the API takes."""
_GAME_DEFAULTS = {
    Game.CHESS: "1, 0.5, 0; FIDE tie-breaks; White and Black",
    Game.CARDS: "3, 1, 0 match points; OMW%, GW%, OGW%; no colours",
    Game.GO: "1, 0.5, 0; McMahon score, SOS, SOSOS",
}
FIRST_COLOURS = {"white": "White", "black": "Black"}
"""The top seed's colour in round 1 (``initial_colour``), in words."""


def setting_label(field: str, value: object) -> str | None:
    """A setting's value (as kept: ``"annul_if_under_half"``, ``"black"``) in words, or None
    for a setting whose value is already words or numbers (points, tie-breaks...)."""
    match field:
        case "system":
            return System(str(value)).label
        case "withdrawal_policy":
            return WithdrawalPolicy(str(value)).label
        case "game":
            return Game(str(value)).label
        case "initial_colour":
            return FIRST_COLOURS[str(value)]
    return None


def usual_scoring(
    system: System | None,
    game: Game | None = None,
    points: PointSystem | None = None,
    colours: bool = False,
) -> tuple[System, Game, PointSystem]:
    """The system, game and points of a new event from what the director gave: the one place
    that decides the defaults, for the command line, the desk's form and the API.

    Without a game: match points given (3,1,0) make a card game, other points or
    ``colours`` chess, a casual Swiss a card game, any other system chess. Without points:
    the game's usual ones. Without a system: a FIDE Dutch Swiss for chess, a casual Swiss
    for the other games. A card game has no colours: asking for them is refused.
    """
    if game is None:
        if points is not None:
            game = Game.CARDS if points.card_game else Game.CHESS
        elif colours:
            game = Game.CHESS
        else:
            game = Game.CARDS if system is System.CASUAL else Game.CHESS
    chosen = points if points is not None else _USUAL_POINTS[game]
    if colours and (game is Game.CARDS or chosen.card_game):
        raise CommandError(
            "a card game's boards have no colours: for colours give chess points "
            "(1,0.5,0) or leave out the card game"
        )
    if system is None:
        system = System.DUTCH if game is Game.CHESS else System.CASUAL
    return system, game, chosen


def game_follows(settings: EventSettings, changes: Mapping[str, Any]) -> dict[str, Any]:
    """What a change of the game or of the points brings along, so that the two never
    contradict each other (the settings that change, as :func:`setting_fields` writes them):

    - points alone that are another game's: the game follows, match points (3,1,0) make a
      card game, other points make a card game chess (a Go event keeps its 1, ½, 0);
    - the game alone: the points follow when they were the old game's usual ones (a
      director's own points stay).

    Both changed: as given (a card game may be scored 1, ½, 0 if the director says so).
    """
    if ("game" in changes) == ("points" in changes):
        return {}
    if "points" in changes:
        points = EventSettings.from_data({**settings.to_data(), "points": changes["points"]})
        if points.points.card_game:
            game = Game.CARDS
        else:
            game = Game.CHESS if settings.game is Game.CARDS else settings.game
        return {} if game is settings.game else {"game": game.value}
    usual = _USUAL_POINTS[Game(changes["game"])]

    def scores(p: PointSystem) -> tuple[int, int, int]:
        return p.win, p.draw, p.loss

    # A round robin's pairing bye (0 from its creation) is no part of the game's points.
    if scores(settings.points) != scores(_USUAL_POINTS[settings.game]):
        return {}
    return {} if scores(usual) == scores(settings.points) else {"points": _points_data(usual)}


def parse_points(text: str) -> PointSystem:
    """``"1,0.5,0"`` (win, draw, loss), optionally a fourth value for the pairing bye; also
    ``"3/1/0"`` as the points are shown (without a comma, ``/`` separates them)."""
    compact = text.replace(" ", "")
    parts = [p for p in compact.split("," if "," in compact else "/") if p]
    if len(parts) not in (3, 4):
        raise CommandError(f"points {text!r}: give win,draw,loss (e.g. 1,0.5,0 or 3,1,0)")
    try:
        values = [points_from_text(p) for p in parts]
        bye = values[3] if len(parts) == 4 else None
        return PointSystem(win=values[0], draw=values[1], loss=values[2], pairing_bye=bye)
    except ValueError as error:
        raise CommandError(f"points {text!r}: {error}") from None


_LIMITED = {"full": ByeKind.FULL_POINT, "half": ByeKind.HALF_POINT, "zero": ByeKind.ZERO_POINT}
_BYE_NAME = {ByeKind.FULL_POINT: "full-point", ByeKind.HALF_POINT: "half-point"}
_BYE_NAME[ByeKind.ZERO_POINT] = "zero-point"
_LIMIT_HELP = (
    "give KEY=N pairs separated by commas, e.g. half=2,last=2 (keys: full, half, zero: byes "
    "of that kind per player; total: byes of every kind per player; last: no full- or "
    "half-point bye in the last N rounds)"
)


@dataclass(frozen=True, slots=True)
class ByeLimit:
    """How many byes a player may request in an event, and when (spec scoring.md §2).

    Open Swisses typically allow at most two half-point byes, none in the last rounds. The
    rounds a late entrant missed are not counted: their points were awarded, not requested.
    """

    full: int | None = None
    """Most full-point byes per player; None: no limit."""
    half: int | None = None
    """Most half-point byes per player; None: no limit."""
    zero: int | None = None
    """Most zero-point byes (announced absences) per player; None: no limit."""
    total: int | None = None
    """Most requested byes of all kinds together per player; None: no limit."""
    closed_last_rounds: int = 0
    """No full- or half-point bye in this many last rounds. A zero-point bye stays allowed:
    a player who cannot come is better announced absent than paired and forfeited."""

    def __post_init__(self) -> None:
        for value in (self.full, self.half, self.zero, self.total, self.closed_last_rounds):
            if value is not None and value < 0:
                raise CommandError(f"a bye limit cannot be negative, not {value}")

    @property
    def limits_anything(self) -> bool:
        return self != ByeLimit()

    def of(self, kind: ByeKind) -> int | None:
        """The limit for one kind of requested bye."""
        return {
            ByeKind.FULL_POINT: self.full,
            ByeKind.HALF_POINT: self.half,
            ByeKind.ZERO_POINT: self.zero,
        }.get(kind)

    @classmethod
    def parse(cls, text: str) -> ByeLimit:
        """``"half=2,last=2"``: keys full, half, zero, total and last, each a number."""
        values: dict[str, int] = {}
        for part in (p for p in text.replace(" ", "").split(",") if p):
            key, sep, number = part.partition("=")
            key = key.lower()
            if not sep or key not in (*_LIMITED, "total", "last") or not number.isdecimal():
                raise CommandError(f"bye limit {text!r}: {_LIMIT_HELP}")
            if key in values:
                raise CommandError(f"bye limit {text!r}: {key} is given twice")
            values[key] = int(number)
        if not values:
            raise CommandError(f"bye limit {text!r}: {_LIMIT_HELP}")
        return cls(
            full=values.get("full"),
            half=values.get("half"),
            zero=values.get("zero"),
            total=values.get("total"),
            closed_last_rounds=values.get("last", 0),
        )

    def describe(self) -> str:
        """In an organiser's words: ``per player: at most 2 half-point byes; ...``."""
        parts = []
        for kind in (ByeKind.FULL_POINT, ByeKind.HALF_POINT, ByeKind.ZERO_POINT):
            limit = self.of(kind)
            if limit is not None:
                parts.append(_at_most(limit, _BYE_NAME[kind] + " bye"))
        if self.total is not None:
            parts.append(_at_most(self.total, "bye") + " in all")
        if self.closed_last_rounds:
            rounds = _count(self.closed_last_rounds, "round").removeprefix("1 ")
            parts.append(f"no full- or half-point bye in the last {rounds}")
        return "per player: " + "; ".join(parts) if parts else "no limit"

    def closed_rounds(self, total_rounds: int | None) -> range:
        """The last rounds in which no full- or half-point bye may be requested."""
        if total_rounds is None or not self.closed_last_rounds:
            return range(0)
        return range(max(total_rounds - self.closed_last_rounds, 0) + 1, total_rounds + 1)

    def check(self, tournament: Tournament, player: PlayerId, round_number: int) -> None:
        """Refuse the player's bye request for ``round_number``, already in ``tournament``,
        if it goes beyond the limit (:class:`CommandError` naming the player and the limit)."""
        name = tournament.player(player).name or f"player {player}"
        byes = tournament.byes_requested_by(player)
        asked = next((b for b in byes if b.round == round_number), None)
        if asked is None:
            return
        others = [b for b in byes if b.round != round_number]
        scoring = asked.kind in (ByeKind.FULL_POINT, ByeKind.HALF_POINT)
        closed = self.closed_rounds(tournament.total_rounds)
        if scoring and round_number in closed:
            span = f"round {closed[0]}" if len(closed) == 1 else f"rounds {closed[0]}-{closed[-1]}"
            raise CommandError(
                f"{name} cannot have a {_BYE_NAME[asked.kind]} bye in round {round_number}: "
                f"the event allows no full- or half-point bye in its last "
                f"{_count(len(closed), 'round').removeprefix('1 ')} ({span}); a zero-point "
                "bye is possible"
            )
        limit = self.of(asked.kind)
        same = [b.round for b in others if b.kind is asked.kind]
        if limit is not None and len(same) + 1 > limit:
            kind = _BYE_NAME[asked.kind] + " bye"
            raise CommandError(
                f"{name} cannot have a {kind} in round {round_number}: the event allows "
                f"{_at_most(limit, kind)} per player{_taken(same)}"
            )
        if self.total is not None and len(others) + 1 > self.total:
            raise CommandError(
                f"{name} cannot have a bye in round {round_number}: the event allows "
                f"{_at_most(self.total, 'bye')} of any kind per player"
                f"{_taken([b.round for b in others])}"
            )

    def to_data(self) -> dict[str, Any]:
        return {
            "full": self.full,
            "half": self.half,
            "zero": self.zero,
            "total": self.total,
            "closed_last_rounds": self.closed_last_rounds,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ByeLimit:
        return cls(
            full=data["full"],
            half=data["half"],
            zero=data["zero"],
            total=data["total"],
            closed_last_rounds=data["closed_last_rounds"],
        )


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _taken(rounds: list[int]) -> str:
    if not rounds:
        return ""
    listed = ", ".join(str(r) for r in rounds)
    return f"; taken in round{'s' if len(rounds) > 1 else ''} {listed}"


def _at_most(limit: int, noun: str) -> str:
    return f"no {noun}s" if limit == 0 else f"at most {_count(limit, noun)}"


SECTION_SET = "section.set"
"""The log record naming an event as a section of an open (payload: :meth:`Section.to_data`)."""
SECTION_NAME_MAX = 40


@dataclass(frozen=True, slots=True)
class Section:
    """An event as one section of an open (A, B, Juniors...): the sections share one
    register and one staff, and each has its own system and settings."""

    open: int
    """The id of the open's first section, the event the other sections were added to."""
    name: str

    def to_data(self) -> dict[str, Any]:
        return {"open": self.open, "name": self.name}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Section:
        return cls(open=int(data["open"]), name=str(data["name"]))


REPORT_FIELDS: dict[str, str] = {
    "name": "name",
    "start_date": "start date",
    "end_date": "end date",
    "city": "city",
    "federation": "federation",
    "event_type": "type",
    "chief_arbiter": "chief arbiter",
    "deputy_arbiters": "deputy arbiters",
    "time_control": "time control",
    "round_dates": "round dates",
}
"""What a FIDE rating report says about the event (TRF 012-132), in the organiser's words:
the settings a director may change at any time (``event.edited``); none changes a pairing."""
SETTING_FIELDS: dict[str, str] = {
    "rounds": "number of rounds",
    "system": "system",
    "game": "game",
    "points": "point system",
    "tiebreaks": "tie-breaks",
    "bye_limit": "bye limit",
    "withdrawal_policy": "withdrawal policy",
    "double": "double round robin",
    "initial_colour": "first colour",
    "seed": "seed",
    "swap_last_rounds": "swap of the last two rounds",
    "acceleration": "acceleration",
    "prizes": "prize list",
}
"""The settings that decide pairings and scores, changed with the report fields by
``event.edited`` while what is already paired or scored allows (see
:func:`fairpair.service.actions.apply`)."""


def setting_fields(values: Mapping[str, Any]) -> dict[str, Any]:
    """The pairing and scoring settings given (as typed: ``"1,0.5,0"``, ``"half=2"``,
    ``"black"``...), as :meth:`EventSettings.to_data` writes them; :class:`FieldErrors`
    names each field that is wrong. Empty points, tie-breaks or bye limit: the default."""
    errors: dict[str, str] = {}
    checked: dict[str, Any] = {}
    for field, value in values.items():
        text = str(value).strip() if not isinstance(value, bool | int | list | tuple) else ""
        try:
            match field:
                case "rounds":
                    number = (
                        value if isinstance(value, int) else int(text) if text.isdecimal() else 0
                    )
                    if not 1 <= number <= 99:
                        raise ValueError("a whole number of rounds between 1 and 99")
                    checked[field] = number
                case "system":
                    checked[field] = System(text).value
                case "game":
                    checked[field] = Game(text).value
                case "points":
                    checked[field] = _points_data(parse_points(text) if text else CHESS)
                case "tiebreaks":
                    items = value if isinstance(value, list | tuple) else re.split(r"[,\s]+", text)
                    checked[field] = [str(code) for code in items if str(code).strip()]
                case "bye_limit":
                    checked[field] = (ByeLimit.parse(text) if text else ByeLimit()).to_data()
                case "withdrawal_policy":
                    checked[field] = WithdrawalPolicy(text).value
                case "double":
                    if not isinstance(value, bool):
                        raise ValueError("yes or no")
                    checked[field] = value
                case "initial_colour":
                    if text.lower() not in ("white", "black"):
                        raise ValueError("white or black (the top seed's colour in round 1)")
                    checked[field] = text.lower()
                case "seed":
                    checked[field] = value if isinstance(value, int) else int(text)
                case "swap_last_rounds":
                    if not isinstance(value, bool):
                        raise ValueError("yes or no")
                    checked[field] = value
                case "acceleration":
                    checked[field] = AccelerationMethod(text or "none").value
                case "prizes":
                    if not isinstance(value, Mapping):
                        raise ValueError("a prize list")
                    try:
                        checked[field] = PrizeRules.from_data(value).to_data()
                    except (KeyError, TypeError) as error:
                        raise ValueError(f"a prize list lacks or misreads {error}") from None
                case _:
                    raise ValueError(f"not a setting (these are: {', '.join(SETTING_FIELDS)})")
        except (ValueError, CommandError) as error:
            problem = str(error)
            if field == "system":
                problem = "choose one of " + ", ".join(s.value for s in System)
            elif field == "withdrawal_policy":
                problem = "choose one of " + ", ".join(w.value for w in WithdrawalPolicy)
            elif field == "game":
                problem = "choose one of " + ", ".join(g.value for g in Game)
            elif field == "acceleration":
                problem = "choose one of " + ", ".join(a.value for a in AccelerationMethod)
            elif field == "seed":
                problem = "a whole number"
            errors[field] = problem
    if errors:
        raise FieldErrors(errors)
    return checked


def _points_data(p: PointSystem) -> dict[str, str | None]:
    return {
        "win": format_points(p.win),
        "draw": format_points(p.draw),
        "loss": format_points(p.loss),
        "pairing_bye": None if p.pairing_bye is None else format_points(p.pairing_bye),
    }


_LISTS = ("deputy_arbiters", "round_dates")
_DATES = ("start_date", "end_date")
_DATE_TEXT = re.compile(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})")


def _date(text: str) -> str:
    """``2026-05-01`` from ``2026-05-01``, ``2026/05/01`` or ``2026.5.1``."""
    match = _DATE_TEXT.fullmatch(text)
    try:
        if match is None:
            raise ValueError
        day = datetime.date(*(int(part) for part in match.groups()))
    except ValueError:
        raise ValueError(f"{text!r} is not a date: write YYYY-MM-DD, e.g. 2026-05-01") from None
    return day.isoformat()


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"give the {what} as text")
    problem = text_problem(value)
    if problem is not None:
        raise ValueError(f"the {what} {problem}")
    text = " ".join(value.split())
    return text


def report_fields(values: Mapping[str, Any]) -> dict[str, Any]:
    """The report fields given, checked and written one way (JSON data, lists for lists).

    Dates become ``YYYY-MM-DD``, a federation its upper-case three-letter code; the deputy
    arbiters and round dates are lists (a text is split at commas). :class:`FieldErrors`
    names each field that is wrong.
    """
    errors: dict[str, str] = {}
    checked: dict[str, Any] = {}
    for field, value in values.items():
        what = REPORT_FIELDS.get(field)
        try:
            if what is None:
                raise ValueError(f"not a report field (these are: {', '.join(REPORT_FIELDS)})")
            if field in _LISTS:
                items = value.split(",") if isinstance(value, str) else list(value)
                texts = [t for t in (_text(item, what) for item in items) if t]
                if field == "round_dates":
                    texts = [_date(t) for t in texts]
                checked[field] = texts
                continue
            text = _text(value, what)
            if field == "name" and not text:
                raise ValueError("an event needs a name")
            if field in _DATES and text:
                text = _date(text)
            if field == "federation" and text:
                if not re.fullmatch(r"[A-Za-z]{3}", text):
                    raise ValueError(f"{text!r}: a federation is a three-letter code, e.g. FRA")
                text = text.upper()
            checked[field] = text
        except ValueError as error:
            errors[field] = str(error)
    if errors:
        raise FieldErrors(errors)
    return checked


@dataclass(frozen=True, slots=True)
class EventSettings:
    """What the organiser decides when creating an event."""

    name: str
    system: System = System.DUTCH
    rounds: int | None = None
    """Number of rounds (Swiss: required; round robin: given by the field)."""
    points: PointSystem = CHESS
    tiebreaks: tuple[str, ...] = ()
    """Empty: the usual ones for the kind of event (:attr:`chosen_tiebreaks`)."""
    game: Game = Game.CHESS
    """What is played (:func:`usual_scoring` chooses it for a new event)."""
    start_date: str = ""
    end_date: str = ""
    initial_colour: Colour = Colour.WHITE
    seed: int = 0
    """Seed of the lots drawn (round-robin seats)."""
    double: bool = False
    """Double round robin."""
    bye_limit: ByeLimit = ByeLimit()
    """How many byes a player may request, and when (Swiss events)."""
    withdrawal_policy: WithdrawalPolicy = WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST
    """How a withdrawal is scored (round robins; a Swiss simply stops pairing the player)."""
    city: str = ""
    federation: str = ""
    """The host federation's three-letter code."""
    event_type: str = ""
    """Type of tournament as the rating report states it (free text)."""
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str = ""
    round_dates: tuple[str, ...] = ()
    """The date of each round (``YYYY-MM-DD``), round 1 first."""
    team: TeamSettings | None = None
    """A team event's own settings; ``None`` for an individual event."""
    double_swiss: DoubleSwissSettings | None = None
    """A Double-Swiss event's own settings; ``None`` for any other event."""
    knockout: KnockoutSettings | None = None
    """A standalone knockout's own settings; ``None`` for any other event."""
    venue: Venue = dataclasses.field(default_factory=Venue)
    """The venue screen's round clock and announcement (:mod:`fairpair.service.venue`),
    changed by their own commands, never by the organiser's settings."""
    section: Section | None = None
    """The open this event is a section of (:mod:`fairpair.service.sections`); ``None``
    for an event without sections."""
    swap_last_rounds: bool = True
    """Double round robin: the first cycle's last two rounds swapped, as FIDE's Berger rule
    recommends (round-robin.md); off, both cycles follow the table in order."""
    acceleration: AccelerationMethod = AccelerationMethod.NONE
    """Virtual points for pairing a Dutch or Burstein Swiss (:class:`AccelerationMethod`)."""
    prizes: PrizeRules = dataclasses.field(default_factory=PrizeRules)
    """The prize list and how it is given (:mod:`fairpair.standings.prizes`)."""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise CommandError("an event needs a name")
        if self.system.team != (self.team is not None):
            raise CommandError(
                f"the {self.system.value} system is for "
                + ("team events" if self.system.team else "individual events")
            )
        if self.team is not None and (
            self.bye_limit.limits_anything or self.game is not Game.CHESS
        ):
            raise CommandError("a team event is chess, without a bye limit")
        if self.system.double != (self.double_swiss is not None):
            raise CommandError(
                f"the {self.system.value} system is "
                + ("for Double-Swiss events" if self.system.double else "not a Double-Swiss")
            )
        if self.double_swiss is not None and (
            self.bye_limit.limits_anything
            or self.game is not Game.CHESS
            or (self.points.win, self.points.draw, self.points.loss) != (10, 5, 0)
            or self.double
        ):
            raise CommandError(
                "a Double-Swiss is chess scored 1, ½, 0 a game, without a bye limit (its byes "
                "have values of their own)"
            )
        if self.system.knockout != (self.knockout is not None):
            raise CommandError(
                "knockout settings (bracket, match format) are for a knockout event"
                if self.knockout is not None
                else "a knockout event needs its knockout settings"
            )
        if self.system.knockout and (self.rounds is not None or self.double):
            raise CommandError(
                "a knockout plays matches until one player is left: it has no number of "
                "rounds (leave out --rounds)"
            )
        if self.rounds is not None and not 1 <= self.rounds <= 99:
            raise CommandError(
                f"the number of rounds is a whole number from 1 to 99, not {self.rounds}"
            )
        if self.system.team_round_robin and self.rounds is not None:
            raise CommandError(
                "a team round robin counts its own rounds from its teams: leave out --rounds"
            )
        if not (self.system.scheduled or self.system.knockout) and self.rounds is None:
            what = (
                "team Swiss"
                if self.system.team
                else "Double-Swiss"
                if self.system.double
                else f"{self.system.value} Swiss"
            )
            raise CommandError(f"a {what} needs its number of rounds (--rounds)")
        if self.bye_limit.limits_anything and (self.system.round_robin or self.system.knockout):
            what = (
                "a round robin has no requested byes (its schedule is fixed)"
                if self.system.round_robin
                else "a knockout has no requested byes (the bracket gives byes to the top seeds)"
            )
            raise CommandError(f"{what}: --bye-limit is for Swiss events")
        if (
            self.withdrawal_policy is not WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST
            and not self.system.round_robin
        ):
            raise CommandError(
                "a Swiss stops pairing a player who withdraws and keeps his results: "
                "--withdrawal-policy is for round robins"
            )
        if not self.swap_last_rounds and not (self.system.round_robin and self.double):
            raise CommandError(
                "swapping the last two rounds of the first cycle is for a double round robin "
                "(--double with --system berger or rotation)"
            )
        if self.acceleration is not AccelerationMethod.NONE:
            if self.system not in (System.DUTCH, System.BURSTEIN):
                raise CommandError(
                    f"{self.acceleration.label} is for a FIDE Swiss (dutch or burstein), "
                    f"not {self.system.label}"
                )
            p = self.points
            if p.loss != 0 or p.win != 2 * p.draw:
                raise CommandError(
                    f"{self.acceleration.label} needs the standard points (a win worth two "
                    "draws, a loss nothing; C.04.7)"
                )
        last = self.bye_limit.closed_last_rounds
        if self.rounds is not None and last > self.rounds:
            raise CommandError(
                f"bye limit: the event has {self.rounds} rounds, so byes cannot be closed in "
                f"its last {last}"
            )

    @property
    def details(self) -> EventDetails:
        """The report fields as the tournament snapshot keeps them (TRF 022-132)."""
        return EventDetails(
            city=self.city,
            federation=self.federation,
            start_date=self.start_date,
            end_date=self.end_date,
            event_type=self.event_type,
            chief_arbiter=self.chief_arbiter,
            deputy_arbiters=self.deputy_arbiters,
            time_control=self.time_control,
            round_dates=self.round_dates,
        )

    def edited(self, changes: Mapping[str, Any]) -> EventSettings:
        """These settings with report fields changed, as an ``event.edited`` record logs
        them (see :func:`report_fields`)."""
        unknown = sorted(set(changes) - set(REPORT_FIELDS) - set(SETTING_FIELDS))
        if unknown:
            raise CommandError(f"cannot edit {', '.join(unknown)} of an event")
        values: dict[str, Any] = {
            k: tuple(v) if k in _LISTS else v for k, v in changes.items() if k in REPORT_FIELDS
        }
        setting = {k: v for k, v in changes.items() if k in SETTING_FIELDS}
        base = EventSettings.from_data(self.to_data() | setting) if setting else self
        return dataclasses.replace(base, **values)

    def checked_report(self) -> EventSettings:
        """These settings with the report fields written one way (see :func:`report_fields`);
        :class:`FieldErrors` for fields that are wrong, alone or together: the end before
        the start, more round dates than rounds."""
        settings = self.edited(report_fields({f: getattr(self, f) for f in REPORT_FIELDS}))
        settings.check_report_together()
        return settings

    def check_report_together(self) -> None:
        """:class:`FieldErrors` for report fields that contradict each other: the end before
        the start, more round dates than rounds. Each field alone is not checked again, so
        that an event created before dates were checked can still change its other fields."""
        errors: dict[str, str] = {}
        settings = self
        start, end = settings.start_date, settings.end_date
        iso = re.compile(r"\d{4}-\d{2}-\d{2}")
        if iso.fullmatch(start) and iso.fullmatch(end) and end < start:
            errors["end_date"] = f"the event ends ({end}) before it starts ({start})"
        dates = settings.round_dates
        if settings.rounds is not None and len(dates) > settings.rounds:
            errors["round_dates"] = (
                f"{len(dates)} dates for an event of {counted(settings.rounds, 'round')}"
            )
        if errors:
            raise FieldErrors(errors)

    @property
    def card_game(self) -> bool:
        """A card-game event (or one scored with 3-1-0 match points), whose boards have no
        colours."""
        return self.game is Game.CARDS or self.points.card_game

    @property
    def chosen_tiebreaks(self) -> tuple[str, ...]:
        """The tie-breaks chosen, else the usual ones for a card game, Go, a round robin or
        a Swiss."""
        if self.tiebreaks or self.team is not None or self.double_swiss is not None:
            # Team tie-breaks come with team standings: none until the director names them.
            return self.tiebreaks
        if self.card_game:
            return CARD_GAME_TIEBREAKS
        if self.game is Game.GO:
            return GO_TIEBREAKS
        return ROUND_ROBIN_TIEBREAKS if self.system.round_robin else SWISS_TIEBREAKS

    def to_data(self) -> dict[str, Any]:
        """JSON data (points as decimal strings, so they stay exact)."""
        return {
            "name": self.name,
            "system": self.system.value,
            "rounds": self.rounds,
            "points": _points_data(self.points),
            "tiebreaks": list(self.tiebreaks),
            "game": self.game.value,
            "start_date": self.start_date,
            "end_date": self.end_date,
            "initial_colour": self.initial_colour.name.lower(),
            "seed": self.seed,
            "double": self.double,
            "bye_limit": self.bye_limit.to_data(),
            "withdrawal_policy": self.withdrawal_policy.value,
            "city": self.city,
            "federation": self.federation,
            "event_type": self.event_type,
            "chief_arbiter": self.chief_arbiter,
            "deputy_arbiters": list(self.deputy_arbiters),
            "time_control": self.time_control,
            "round_dates": list(self.round_dates),
        } | (
            ({} if self.team is None else {"team": self.team.to_data()})
            | ({} if self.double_swiss is None else {"double_swiss": self.double_swiss.to_data()})
            | ({} if self.knockout is None else {"knockout": self.knockout.to_data()})
            | ({} if self.venue == Venue() else {"venue": self.venue.to_data()})
            | ({} if self.section is None else {"section": self.section.to_data()})
            | ({} if self.swap_last_rounds else {"swap_last_rounds": False})
            | (
                {}
                if self.acceleration is AccelerationMethod.NONE
                else {"acceleration": self.acceleration.value}
            )
            | ({} if self.prizes == PrizeRules() else {"prizes": self.prizes.to_data()})
        )

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> EventSettings:
        points = data["points"]
        bye = points.get("pairing_bye")
        win, draw = points_from_text(points["win"]), points_from_text(points["draw"])
        # Events created before the game was kept: match points were a card game.
        card_game = draw > 0 and win == 3 * draw
        game = data.get("game", Game.CARDS.value if card_game else Game.CHESS.value)
        return cls(
            name=data["name"],
            system=System(data["system"]),
            rounds=data["rounds"],
            points=PointSystem(
                win=win,
                draw=draw,
                loss=points_from_text(points["loss"]),
                pairing_bye=None if bye is None else points_from_text(bye),
            ),
            tiebreaks=tuple(data["tiebreaks"]),
            game=Game(game),
            start_date=data["start_date"],
            end_date=data["end_date"],
            initial_colour=Colour[data["initial_colour"].upper()],
            seed=data["seed"],
            double=data["double"],
            # Events created before bye limits existed have none.
            bye_limit=ByeLimit.from_data(data["bye_limit"]) if "bye_limit" in data else ByeLimit(),
            # Events created before the setting existed keep played games, forfeit the rest.
            withdrawal_policy=WithdrawalPolicy(
                data.get("withdrawal_policy", WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST.value)
            ),
            # Events created before the report fields existed have them empty.
            city=data.get("city", ""),
            federation=data.get("federation", ""),
            event_type=data.get("event_type", ""),
            chief_arbiter=data.get("chief_arbiter", ""),
            deputy_arbiters=tuple(data.get("deputy_arbiters", ())),
            time_control=data.get("time_control", ""),
            round_dates=tuple(data.get("round_dates", ())),
            team=_team_settings(data["team"]) if "team" in data else None,
            double_swiss=_double_settings(data["double_swiss"]) if "double_swiss" in data else None,
            knockout=_knockout_settings(data["knockout"]) if "knockout" in data else None,
            venue=Venue.from_data(data["venue"]) if "venue" in data else Venue(),
            section=Section.from_data(data["section"]) if "section" in data else None,
            # Events created before these settings existed swap and do not accelerate.
            swap_last_rounds=data.get("swap_last_rounds", True),
            acceleration=AccelerationMethod(data.get("acceleration", "none")),
            prizes=PrizeRules.from_data(data["prizes"]) if "prizes" in data else PrizeRules(),
        )

    def empty_event(self) -> Tournament:
        """The snapshot of the event before anyone registers."""
        if self.team is not None:
            raise CommandError(f"{self.name!r} is a team event")
        if self.double_swiss is not None:
            raise CommandError(f"{self.name!r} is a Double-Swiss event")
        return Tournament(
            players=(),
            name=self.name,
            total_rounds=self.rounds,
            points=self.points,
            initial_colour=self.initial_colour,
            details=self.details,
        )

    def empty_team_event(self) -> TeamTournament:
        """The snapshot of a team event before any team registers."""
        from fairpair.core.teams import TeamTournament

        team = self.team
        if team is None:
            raise CommandError(f"{self.name!r} is not a team event")
        scoring = team.scoring(self.points)
        if self.system.team_round_robin:
            # The team sitting out a round of an odd round robin scores nothing (spec §9).
            scoring = dataclasses.replace(scoring, pab_match_points=0, pab_game_points=0)
        return TeamTournament(
            teams=(),
            boards=team.boards,
            total_rounds=self.rounds,
            scoring=scoring,
            colour_model=team.colour_model,
            board_colours=team.colours if team.board_colours else (),
            initial_colour=self.initial_colour,
            system=team.tournament_type(self.system, self.double),
            name=self.name,
            details=self.details,
        )

    def empty_double_event(self) -> DoubleSwissTournament:
        """The snapshot of a Double-Swiss event before anyone registers."""
        from fairpair.core.double_swiss import DoubleSwissTournament

        ds = self.double_swiss
        if ds is None:
            raise CommandError(f"{self.name!r} is not a Double-Swiss event")
        return DoubleSwissTournament(
            players=(),
            total_rounds=self.rounds,
            initial_colour=self.initial_colour,
            byes=ds.byes,
            name=self.name,
        )


# An event's settings read their kind's own settings through these, importing each module
# only for such an event.


def _team_settings(data: Mapping[str, Any]) -> TeamSettings:
    from fairpair.service.team_settings import TeamSettings

    return TeamSettings.from_data(data)


def _double_settings(data: Mapping[str, Any]) -> DoubleSwissSettings:
    from fairpair.service.double_settings import DoubleSwissSettings

    return DoubleSwissSettings.from_data(data)


def _knockout_settings(data: Mapping[str, Any]) -> KnockoutSettings:
    from fairpair.service.knockout_settings import KnockoutSettings

    return KnockoutSettings.from_data(data)
