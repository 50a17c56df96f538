"""The use cases of running a FIDE Double-Swiss event (C.04.5), over the same event store.

A Double-Swiss event's settings name ``double-swiss`` and carry
:class:`~fairpair.service.settings.DoubleSwissSettings`; its snapshot is a
:class:`~fairpair.core.double_swiss.DoubleSwissTournament`. Every command is one record of
the event's audit log, applied by :func:`fairpair.service.double_actions.apply_double`, and
undone or redone by :func:`undo_double` and :func:`redo_double` over the log as any other
event's.

A board is a match of two games. Each game's result is typed as on that game's scoresheet,
White first: in game 1 the match's first-named player has White, in game 2 the second-named
player has. The match result is computed from the two games, never typed.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from fairpair.core import Colour, Pairing, Player, PlayerId, format_points
from fairpair.core.double_swiss import (
    DoubleSwissTournament,
    Mark,
    Match,
    MatchByeKind,
)
from fairpair.core.teams import PrimaryScore
from fairpair.formats.double_json import dump_double_event
from fairpair.formats.trf_double import write_double_trf
from fairpair.pairing.errors import PairingError
from fairpair.pairing.registry import DoubleSwissPairingSystem, double_swiss_pairing_system
from fairpair.service import double_actions, pairing_runs
from fairpair.service.actions import REDONE, UNDONE, player_data, staff_words
from fairpair.service.double_actions import Games, games_data, unfinished_boards
from fairpair.service.errors import CommandError, DuplicatePlayerError, FieldErrors
from fairpair.service.events import (
    BackgroundPairing,
    Desk,
    check_name_free,
    check_steps,
    checked_player_changes,
    duplicate_of,
    event_system,
    find_player,
    in_background,
    marker_for,
    rating_order,
    store_command,
    store_new_event,
    store_walk,
    under_marker,
)
from fairpair.service.settings import (
    SETTING_FIELDS,
    EventSettings,
    report_fields,
    setting_fields,
)
from fairpair.standings import UnknownTiebreakError
from fairpair.standings.double import (
    DoubleStandings,
    compute_double_standings,
    default_tiebreaks,
    double_code,
)
from fairpair.storage import EventInfo, LogRecord

__all__ = [
    "GAME_RESULTS",
    "DoubleEvent",
    "begin_double_pairing",
    "bye_words",
    "check_double_tiebreaks",
    "create_double_event",
    "describe_double",
    "double_settings_data",
    "double_settings_lines",
    "double_standings",
    "double_tiebreaks",
    "draw_initial_colour",
    "edit_double_event",
    "edit_double_player",
    "export_double_event",
    "forbid_double_pairs",
    "game_text",
    "grant_double_bye",
    "half_points",
    "import_double_players",
    "is_double_event",
    "later_rounds_warnings",
    "load_double",
    "match_games",
    "match_line",
    "match_score",
    "pair_double_round",
    "parse_game",
    "record_double_results",
    "redo_double",
    "register_double_player",
    "removal_refused",
    "remove_double_player",
    "return_double_player",
    "start_pair_double_round",
    "undo_double",
    "withdraw_double_player",
]


@dataclass(frozen=True, slots=True)
class DoubleEvent:
    """A Double-Swiss event as a command sees it: its row, its settings and its snapshot."""

    info: EventInfo
    settings: EventSettings
    tournament: DoubleSwissTournament

    @property
    def id(self) -> int:
        return self.info.id

    @property
    def version(self) -> int:
        return self.info.version


def is_double_event(info: EventInfo) -> bool:
    """Whether the event's settings name the Double-Swiss."""
    return event_system(info).double


def draw_initial_colour() -> Colour:
    """The colour of the first game of the top seed drawn by lot (C.04.5 4.1), when the
    organiser does not choose it."""
    return secrets.choice((Colour.WHITE, Colour.BLACK))


def create_double_event(
    desk: Desk, settings: EventSettings, owner: str | None = None
) -> DoubleEvent:
    """Create a Double-Swiss event; its log starts with ``event.created``."""
    if settings.double_swiss is None:
        raise CommandError(f"{settings.name!r} is not a Double-Swiss event")
    check_double_tiebreaks(settings.chosen_tiebreaks)
    settings, info, snapshot = store_new_event(desk, settings, owner, double_actions.apply_double)
    return DoubleEvent(info, settings, snapshot)


def load_double(desk: Desk, event_id: int) -> DoubleEvent:
    """The Double-Swiss event as the store holds it now."""
    stored = desk.store.load(event_id)
    if not isinstance(stored.tournament, DoubleSwissTournament):
        raise CommandError(f"{stored.info.name!r} is not a Double-Swiss event")
    settings = EventSettings.from_data(stored.info.settings)
    t = stored.tournament
    if t.name != settings.name:
        t = dataclasses.replace(t, name=settings.name)
    return DoubleEvent(stored.info, settings, t)


def _command(
    desk: Desk,
    event_id: int,
    action: str,
    build: Callable[[DoubleEvent], Mapping[str, Any]],
    expected_version: int | None = None,
) -> DoubleEvent:
    """One command as one log record: load, build the payload, apply, append (all or
    nothing; ``expected_version``: the version the director's page showed)."""
    event = load_double(desk, event_id)
    info, settings, snapshot = store_command(
        desk,
        (event.info, event.settings, event.tournament),
        action,
        lambda: build(event),
        double_actions.apply_double,
        expected_version,
    )
    return DoubleEvent(info, settings, snapshot)


DOUBLE_EVENT_SETTINGS = ("rounds", "tiebreaks")
"""The settings of a Double-Swiss event ``event edit`` may change (with the report fields)."""


def edit_double_event(
    desk: Desk,
    event_id: int,
    changes: Mapping[str, Any],
    *,
    expected_version: int | None = None,
) -> DoubleEvent:
    """Change the event's report fields, its number of rounds or its tie-breaks: one
    ``event.edited`` record with the values before."""
    fixed = sorted(k for k in changes if k in SETTING_FIELDS and k not in DOUBLE_EVENT_SETTINGS)
    if fixed:
        raise CommandError(
            f"a Double-Swiss event's {', '.join(SETTING_FIELDS[k] for k in fixed)} cannot "
            "change (its report fields, rounds and tie-breaks can)"
        )
    report = {k: v for k, v in changes.items() if k not in SETTING_FIELDS}
    checked = report_fields(report) | setting_fields(
        {k: v for k, v in changes.items() if k in SETTING_FIELDS}
    )
    if "tiebreaks" in checked:
        try:
            check_double_tiebreaks(checked["tiebreaks"])
        except CommandError as error:
            raise FieldErrors({"tiebreaks": str(error)}) from None

    def build(event: DoubleEvent) -> Mapping[str, Any]:
        before = event.settings.to_data()
        changed = {k: v for k, v in checked.items() if before[k] != v}
        if not changed:
            raise CommandError("nothing to change: the event already says so")
        event.settings.edited(changed).check_report_together()
        check_name_free(desk, event.id, changed)
        return {"changes": changed, "before": {k: before[k] for k in changed}}

    return _command(desk, event_id, "event.edited", build, expected_version)


# --- players ------------------------------------------------------------------------------------


def _names(*players: Player) -> dict[str, Any]:
    """The names of the players a record names, as they are when it is made."""
    return {"names": {str(p.id): p.name for p in players}}


def _missed(t: DoubleSwissTournament, points: Sequence[int] | None) -> dict[str, Any]:
    """The byes a late entrant is given for the match-rounds already paired: ``points``
    (tenths) one value per round or one for all, each what a zero, half or full-point bye
    is worth in the event (default: zero-point byes)."""
    played = len(t.rounds)
    if points is None:
        return {"missed": ["zero_point"] * played} if played else {}
    if not played:
        raise CommandError(
            "no round is paired yet, so nobody missed one: points for missed rounds are for "
            "late entries"
        )
    values = list(points) * played if len(points) == 1 else list(points)
    if len(values) != played:
        raise CommandError(
            f"{played} round(s) already paired: give the points for each missed round, or one "
            f"value for all of them, not {len(points)} values"
        )
    worth = {
        0: "zero_point",
        t.byes.half_point * 5: "half_point",
        t.byes.full_point * 5: "full_point",
    }
    kinds = []
    for number, value in enumerate(values, start=1):
        if value not in worth:
            choices = ", ".join(
                f"{format_points(v)} ({k.replace('_', '-')} bye)" for v, k in sorted(worth.items())
            )
            raise CommandError(
                f"{format_points(value)} point(s) for missed round {number}: the event awards "
                f"a missed round as a bye, worth {choices}"
            )
        kinds.append(worth[value])
    return {"missed": kinds}


def _new_player(player: Player) -> None:
    if not player.name.strip():
        raise CommandError("a player needs a name")
    if player.rating is not None and not 0 <= player.rating <= 4000:
        raise CommandError(f"{player.name}: a rating between 0 and 4000, not {player.rating}")


def register_double_player(
    desk: Desk,
    event_id: int,
    name: str,
    *,
    missed_points: Sequence[int] | None = None,
    duplicate_ok: bool = False,
    **fields: Any,
) -> tuple[DoubleEvent, Player]:
    """Register one player with the next start number (after round 1: a late entry, with a
    bye for each round already paired, see :func:`_missed`). A name or FIDE ID already
    registered is refused with :class:`DuplicatePlayerError` unless ``duplicate_ok``."""
    if not name.strip():
        raise CommandError("a player needs a name")
    made: list[Player] = []

    def build(event: DoubleEvent) -> Mapping[str, Any]:
        t = event.tournament
        if not duplicate_ok:
            same = duplicate_of(t, name, str(fields.get("fide_id") or ""))
            if same is not None:
                raise DuplicatePlayerError(
                    f"{same.id} {same.name} is already registered; nothing was saved: register "
                    "anyway if this is another player",
                    f"{same.id} {same.name}",
                )
        number = max((q.id for q in t.players), default=0) + 1
        player = Player(id=number, name=name.strip(), **fields)
        _new_player(player)
        made.append(player)
        return {"players": [player_data(player)], **_missed(t, missed_points)}

    return _command(desk, event_id, "player.registered", build), made[0]


def import_double_players(
    desk: Desk,
    event_id: int,
    players: Sequence[Player],
    *,
    missed_points: Sequence[int] | None = None,
) -> DoubleEvent:
    """Register many players in one record (all or none); they take the next start numbers
    in order."""
    if not players:
        raise CommandError("the file has no players")

    def build(event: DoubleEvent) -> Mapping[str, Any]:
        t = event.tournament
        first = max((q.id for q in t.players), default=0) + 1
        data = []
        for index, player in enumerate(players):
            _new_player(player)
            data.append(player_data(dataclasses.replace(player, id=first + index)))
        return {"players": data, **_missed(t, missed_points)}

    return _command(desk, event_id, "players.imported", build)


def edit_double_player(
    desk: Desk, event_id: int, ref: str, changes: Mapping[str, Any]
) -> DoubleEvent:
    """Correct a player's details: one ``player.edited`` record with the values before."""
    if not changes:
        raise CommandError("nothing to change")
    checked = checked_player_changes(changes)

    def build(event: DoubleEvent) -> Mapping[str, Any]:
        player = find_player(event.tournament, ref)
        before = player_data(player)
        changed = {k: v for k, v in checked.items() if before[k] != v}
        if not changed:
            raise CommandError(f"nothing to change: {player.name}'s details already say so")
        return {
            "player": player.id,
            "changes": changed,
            "before": {k: before[k] for k in changed},
            **_names(player),
        }

    return _command(desk, event_id, "player.edited", build)


def _one_player(desk: Desk, event_id: int, action: str, ref: str, **extra: Any) -> DoubleEvent:
    def build(event: DoubleEvent) -> Mapping[str, Any]:
        player = find_player(event.tournament, ref)
        values = {k: v(event) if callable(v) else v for k, v in extra.items()}
        return {"player": player.id, **values, **_names(player)}

    return _command(desk, event_id, action, build)


def remove_double_player(desk: Desk, event_id: int, ref: str) -> DoubleEvent:
    """Take off a player registered by mistake, never paired nor given points."""
    return _one_player(desk, event_id, "player.removed", ref)


def withdraw_double_player(
    desk: Desk, event_id: int, ref: str, from_round: int | None = None
) -> DoubleEvent:
    """The player is not paired from ``from_round`` (default: the next round) on."""

    def number(event: DoubleEvent) -> int:
        return event.tournament.next_round if from_round is None else from_round

    return _one_player(desk, event_id, "player.withdrawn", ref, round=number)


def return_double_player(desk: Desk, event_id: int, ref: str) -> DoubleEvent:
    """Take a withdrawal back, while no round it affects is paired."""
    return _one_player(desk, event_id, "player.returned", ref)


_BYE_KINDS = {"half": "half_point", "full": "full_point", "zero": "zero_point"}


def grant_double_bye(
    desk: Desk, event_id: int, ref: str, round_number: int | None, kind: str
) -> DoubleEvent:
    """A bye asked for a whole match-round not yet paired (default: the next): ``half``,
    ``full`` or ``zero`` (an absence announced), worth what the event's settings say."""
    if kind not in _BYE_KINDS:
        raise CommandError(f"bye kind {kind!r}: choose half, full or zero")

    def number(event: DoubleEvent) -> int:
        return event.tournament.next_round if round_number is None else round_number

    return _one_player(desk, event_id, "bye.granted", ref, round=number, kind=_BYE_KINDS[kind])


def forbid_double_pairs(
    desk: Desk, event_id: int, refs: Sequence[str], first_round: int | None = None
) -> DoubleEvent:
    """Keep players apart: no two of them are paired from ``first_round`` (default: the next
    round) on (TRF ``260``)."""

    def build(event: DoubleEvent) -> Mapping[str, Any]:
        found = [find_player(event.tournament, ref) for ref in refs]
        number = event.tournament.next_round if first_round is None else first_round
        return {"players": [p.id for p in found], "first_round": number, **_names(*found)}

    return _command(desk, event_id, "pairs.forbidden", build)


# --- rounds ------------------------------------------------------------------------------------


def pair_double_round(
    desk: Desk,
    event_id: int,
    system: DoubleSwissPairingSystem | None = None,
    *,
    held: pairing_runs.Held | None = None,
) -> tuple[DoubleEvent, Pairing]:
    """Pair the next match-round with the FIDE Double-Swiss (``system``: another pairer, for
    tests). Round 1 first gives start numbers by rating (C.04.2); a player with an absence
    announced (a requested bye, a withdrawal) has his bye instead of a match. Under the
    event's marker, as :func:`fairpair.service.events.pair_round`; ``held``: the marker
    :func:`start_pair_double_round` has already put up."""
    pair = partial(_pair_double_round, desk, event_id, system)
    return under_marker(desk, event_id, held, begin_double_pairing, pair)


def begin_double_pairing(desk: Desk, event_id: int) -> pairing_runs.Held:
    """Put up the event's marker for its next round, once the round can be paired at all."""
    t = load_double(desk, event_id).tournament
    _check_double_pairable(t)
    return marker_for(desk, event_id, t.next_round)


def start_pair_double_round(
    desk: Desk, event_id: int
) -> BackgroundPairing[tuple[DoubleEvent, Pairing]]:
    """Start pairing the next match-round in a thread and return at once (the desk's Pair)."""
    return in_background(desk, event_id, begin_double_pairing, pair_double_round)


def _check_double_pairable(t: DoubleSwissTournament) -> None:
    """Refuse to pair when the next round cannot be: all rounds paired, results missing, fewer
    than two players to pair."""
    if t.total_rounds is not None and t.next_round > t.total_rounds:
        raise CommandError(f"all {t.total_rounds} rounds are paired")
    if t.rounds:
        missing = unfinished_boards(t.rounds[-1])
        if missing:
            raise CommandError(
                f"round {len(t.rounds)} still lacks the result of board(s) "
                f"{', '.join(map(str, missing))}; enter them first"
            )
    if len(t.to_pair()) < 2:
        raise CommandError(f"round {t.next_round} needs at least 2 players to pair")


def _pair_double_round(
    desk: Desk, event_id: int, system: DoubleSwissPairingSystem | None
) -> tuple[DoubleEvent, Pairing]:
    made: list[Pairing] = []

    def build(event: DoubleEvent) -> Mapping[str, Any]:
        t = event.tournament
        payload: dict[str, Any] = {}
        _check_double_pairable(t)
        if not t.rounds:
            order = rating_order(t)
            if order != sorted(order):
                payload["order"] = order
                t = double_actions.renumbered(t, order)
        engine = system if system is not None else double_swiss_pairing_system()
        try:
            pairing = engine(t)
        except PairingError as error:
            raise CommandError(f"round {t.next_round} cannot be paired: {error}") from None
        made.append(pairing)
        payload.update(
            {
                "round": pairing.round,
                "matches": [[g.white, g.black] for g in pairing.boards],
                "bye": pairing.bye,
            }
        )
        return payload

    return _command(desk, event_id, "round.paired", build), made[0]


_GAMES: dict[str, tuple[Mark, Mark]] = {
    "1-0": (Mark.WIN, Mark.LOSS),
    "0-1": (Mark.LOSS, Mark.WIN),
    "½-½": (Mark.DRAW, Mark.DRAW),
    "=": (Mark.DRAW, Mark.DRAW),
    "½": (Mark.DRAW, Mark.DRAW),
    "1/2": (Mark.DRAW, Mark.DRAW),
    "1/2-1/2": (Mark.DRAW, Mark.DRAW),
    "0.5-0.5": (Mark.DRAW, Mark.DRAW),
    "+-": (Mark.FORFEIT_WIN, Mark.FORFEIT_LOSS),
    "-+": (Mark.FORFEIT_LOSS, Mark.FORFEIT_WIN),
    "--": (Mark.FORFEIT_LOSS, Mark.FORFEIT_LOSS),
    "½-0": (Mark.DRAW, Mark.LOSS),
    "1/2-0": (Mark.DRAW, Mark.LOSS),
    "0.5-0": (Mark.DRAW, Mark.LOSS),
    "0-½": (Mark.LOSS, Mark.DRAW),
    "0-1/2": (Mark.LOSS, Mark.DRAW),
    "0-0.5": (Mark.LOSS, Mark.DRAW),
    "0-0": (Mark.LOSS, Mark.LOSS),
}
GAME_RESULTS = "1-0, 0-1, ½-½ (or =, 1/2), +- or -+ (forfeit), -- (both forfeit), ½-0, 0-½, 0-0"
"""What a game's result may be, White's score first, for an error message or a form's help."""


_DASHES = str.maketrans(dict.fromkeys("–—‐−－:", "-"))
"""What a phone's keyboard or a copied scoresheet puts between the scores: the en and em
dash, the hyphen, the minus sign, the full-width hyphen-minus, a colon."""


def parse_game(text: str, what: str = "game") -> tuple[Mark, Mark]:
    """One game's result as on its scoresheet, White first: (White's mark, Black's mark);
    :class:`CommandError` naming ``what`` and saying what is accepted otherwise."""
    typed = text.strip().replace(" ", "").translate(_DASHES)
    found = _GAMES.get(typed)
    if found is None:
        raise CommandError(f"{what}: {text!r} is not a game result; type {GAME_RESULTS}")
    return found


def match_games(sheet1: tuple[Mark, Mark], sheet2: tuple[Mark, Mark]) -> Games:
    """A match's games in the match's order (first-named player's mark first) from the two
    scoresheets (White first): game 2 has the second-named player as White."""
    return (sheet1, (sheet2[1], sheet2[0]))


def record_double_results(
    desk: Desk,
    event_id: int,
    round_number: int | None,
    entries: Sequence[tuple[int, str, str]],
    *,
    expected_version: int | None = None,
) -> DoubleEvent:
    """The results of boards of one round (default: the last paired) as ``(board, game 1,
    game 2)``, each game as on its scoresheet, White first (``(3, "1-0", "½-½")``): one
    record, a correction when ``round_number`` is given."""
    if not entries:
        raise CommandError("give a board and its two games, e.g. 3 1-0 ½-½")
    items = []
    for board, game1, game2 in entries:
        sheet1 = parse_game(game1, f"board {board}, game 1")
        sheet2 = parse_game(game2, f"board {board}, game 2")
        items.append({"board": board, "games": games_data(match_games(sheet1, sheet2))})

    def build(event: DoubleEvent) -> Mapping[str, Any]:
        t = event.tournament
        if not t.rounds:
            raise CommandError("no round is paired yet")
        number = len(t.rounds) if round_number is None else round_number
        return {"round": number, "results": items, "correction": round_number is not None}

    action = "result.corrected" if round_number is not None else "results.entered"
    return _command(desk, event_id, action, build, expected_version)


def later_rounds_warnings(before: DoubleEvent, after: DoubleEvent, number: int) -> list[str]:
    """What a correction of round ``number`` (``before`` and ``after`` it) leaves behind: the
    later rounds already paired were paired on the scores it changed. The correction stands
    (a wrong result must be fixable) and so do those pairings, but ``fairpair-engine -c``
    will report them, so the director is told which they are; empty when nothing later is
    paired or nothing changed."""
    paired = len(after.tournament.rounds)
    if number >= paired or number > len(before.tournament.rounds):
        return []
    old = before.tournament.rounds[number - 1].matches
    if old == after.tournament.rounds[number - 1].matches:
        return []
    later = list(range(number + 1, paired + 1))
    one = len(later) == 1
    which = f"round {later[0]}" if one else f"rounds {later[0]}-{later[-1]}"
    stands = "that pairing stands" if one else "those pairings stand"
    return [
        f"Round {number}'s results changed after {which} had been paired on the old "
        f"scores: {stands}, but a check of the pairings (fairpair-engine -c) will "
        f"report {which}. Undo this correction to go back."
    ]


def undo_double(
    desk: Desk, event_id: int, steps: int = 1, *, expected_version: int | None = None
) -> tuple[DoubleEvent, Sequence[LogRecord]]:
    """Take back the latest ``steps`` changes (never the event's creation)."""
    return _walk(desk, event_id, steps, UNDONE, expected_version)


def redo_double(
    desk: Desk, event_id: int, steps: int = 1, *, expected_version: int | None = None
) -> tuple[DoubleEvent, Sequence[LogRecord]]:
    """Bring back the latest ``steps`` undone changes."""
    return _walk(desk, event_id, steps, REDONE, expected_version)


def _walk(
    desk: Desk, event_id: int, steps: int, action: str, expected_version: int | None = None
) -> tuple[DoubleEvent, Sequence[LogRecord]]:
    check_steps(steps, action)
    event = load_double(desk, event_id)
    info, settings, snapshot, taken = store_walk(
        desk,
        event.info,
        event.settings,
        steps,
        action,
        double_actions.apply_double,
        expected_version,
    )
    return DoubleEvent(info, settings, snapshot), taken


# --- reading -----------------------------------------------------------------------------------


def half_points(halves: int) -> str:
    """Points counted in halves for people: ``3`` -> ``"1½"``, ``1`` -> ``"½"``."""
    whole, half = divmod(halves, 2)
    if not half:
        return str(whole)
    return f"{whole or ''}½"


_SHEET = {
    (Mark.WIN, Mark.LOSS): "1-0",
    (Mark.LOSS, Mark.WIN): "0-1",
    (Mark.DRAW, Mark.DRAW): "½-½",
    (Mark.FORFEIT_WIN, Mark.FORFEIT_LOSS): "+-",
    (Mark.FORFEIT_LOSS, Mark.FORFEIT_WIN): "-+",
    (Mark.FORFEIT_LOSS, Mark.FORFEIT_LOSS): "--",
    (Mark.DRAW, Mark.LOSS): "½-0",
    (Mark.LOSS, Mark.DRAW): "0-½",
    (Mark.LOSS, Mark.LOSS): "0-0",
}


def game_text(match: Match, number: int) -> str:
    """Game ``number`` (1 or 2) of a finished match as on its scoresheet, White first."""
    if match.games is None:
        return ""
    first, second = match.games[number - 1]
    return _SHEET[(first, second) if number == 1 else (second, first)]


def match_score(match: Match) -> str:
    """The match result from the first-named player's side, e.g. ``1½-½`` (empty while
    unfinished)."""
    if match.games is None:
        return ""
    return f"{half_points(match.points(match.white))}-{half_points(match.points(match.black))}"


def match_line(t: DoubleSwissTournament, board: int, match: Match) -> str:
    """A board of a round in words: ``Board 3: Smith (W) – Jones   game 1 1-0, game 2 ½-½,
    match 1½-½`` (the first-named player has White in game 1)."""
    names = {q.id: q.name for q in t.players}
    head = f"Board {board}: {names[match.white]} (W) – {names[match.black]}"
    if match.games is None:
        return head
    line = (
        f"{head}   game 1 {game_text(match, 1)}, game 2 {game_text(match, 2)}, "
        f"match {match_score(match)}"
    )
    absent = [names[pid] for pid in match.players if match.forfeited_by(pid)]
    if absent:
        line += f" (forfeited by {' and '.join(absent)}: a match not played)"
    return line


def double_tiebreaks(settings: EventSettings) -> tuple[str, ...]:
    """The event's tie-breaks: those the director chose, else the usual ones for its primary
    score (:func:`fairpair.standings.double.default_tiebreaks`)."""
    ds = settings.double_swiss
    primary = PrimaryScore.GAME_POINTS if ds is None else ds.primary
    return settings.chosen_tiebreaks or default_tiebreaks(primary)


def check_double_tiebreaks(codes: Sequence[str]) -> None:
    """:class:`CommandError` naming the first code a Double-Swiss event does not offer."""
    for code in codes:
        if code.strip().upper() == "PTS":
            continue
        try:
            double_code(code)
        except UnknownTiebreakError as error:
            raise CommandError(str(error)) from None


def double_standings(event: DoubleEvent) -> DoubleStandings:
    """The players by the event's primary score (game points by default), then its
    tie-breaks (FIDE C.07, computed on games), after the complete match-rounds."""
    ds = event.settings.double_swiss
    primary = PrimaryScore.GAME_POINTS if ds is None else ds.primary
    try:
        return compute_double_standings(
            event.tournament, double_tiebreaks(event.settings), primary=primary
        )
    except UnknownTiebreakError as error:
        raise CommandError(str(error)) from None


def double_settings_lines(event: DoubleEvent) -> list[tuple[str, str]]:
    """The event's settings and progress as (label, value) lines for ``event show``."""
    s, t = event.settings, event.tournament
    ds = s.double_swiss
    assert ds is not None
    total = "" if t.total_rounds is None else f" of {t.total_rounds}"
    drawn = " (drawn by lot)" if ds.colour_drawn else ""
    lines = [
        ("event", f"{event.id} {s.name}"),
        ("system", s.system.label),
        ("rounds", f"{len(t.rounds)}{total} match-rounds paired"),
        ("players", str(len(t.players))),
        ("games", "two per match, colours reversed in game 2; win 1, draw ½, loss 0"),
        *ds.describe(),
        ("tie-breaks", ", ".join(double_tiebreaks(s))),
        (
            "first colour",
            f"top seed {s.initial_colour.name.lower()} in game 1 of round 1{drawn}",
        ),
    ]
    if s.start_date or s.end_date:
        lines.append(("dates", " to ".join(d for d in (s.start_date, s.end_date) if d)))
    report = (
        ("city", s.city),
        ("federation", s.federation),
        ("chief arbiter", s.chief_arbiter),
        ("time control", s.time_control),
    )
    lines.extend((label, value) for label, value in report if value)
    names = {q.id: q.name for q in t.players}
    for rule in t.forbidden:
        if rule.last_round is not None and rule.last_round < t.next_round:
            continue
        kept = " and ".join(f"{pid} {names.get(pid, '')}".strip() for pid in rule.players)
        lines.append(("kept apart", f"{kept}, from round {rule.first_round}"))
    return lines


def double_settings_data(event: DoubleEvent) -> dict[str, Any]:
    """The settings and progress as JSON data for ``event show --format json``."""
    t = event.tournament
    data = event.settings.to_data()
    data["tiebreaks"] = list(double_tiebreaks(event.settings))  # the default resolved
    return {
        "id": event.id,
        **data,
        "tournament_type": t.system,
        "version": event.version,
        "rounds_paired": len(t.rounds),
        "players": len(t.players),
    }


def export_double_event(event: DoubleEvent, kind: str) -> str:
    """The event as ``json`` (the event) or ``trf`` (the Double-Swiss TRF: two columns per
    match, spec double-swiss.md §9)."""
    match kind:
        case "json":
            return dump_double_event(event.tournament)
        case "trf" | "trf2026":
            try:
                return write_double_trf(event.tournament)
            except ValueError as error:  # a value the format has no room for
                raise CommandError(f"cannot write the TRF: {error}") from None
    raise CommandError(f"cannot export a Double-Swiss event as {kind!r}: choose trf or json")


_BYE_WORDS = {
    "half_point": "half-point",
    "full_point": "full-point",
    "zero_point": "zero-point",
}


def _sheet_of(item: Mapping[str, Any]) -> str:
    """A result item of the log as the director typed it: game 1, game 2 (White first)."""
    games = item.get("games")
    if games is None:
        return f"board {item['board']} cleared"
    g = double_actions.games_from_data(games)
    first = _SHEET[g[0]]
    second = _SHEET[(g[1][1], g[1][0])]
    mine = g[0][0].points + g[1][0].points
    theirs = g[0][1].points + g[1][1].points
    return f"board {item['board']} {first} {second} ({half_points(mine)}-{half_points(theirs)})"


def describe_double(record: LogRecord, log: Sequence[LogRecord] | None = None) -> str:
    """One line of a Double-Swiss event's audit log, names as the record kept them."""
    p = record.payload
    if record.action in (UNDONE, REDONE):
        verb = "undid" if record.action == UNDONE else "redid"
        seq = p["seq"]
        target = log[seq - 1] if log is not None and 0 < seq <= len(log) else None
        what = p.get("action", "") if target is None else describe_double(target)
        return f"{verb} #{seq}: {what}"
    names: Mapping[str, str] = p.get("names", {})

    def who(pid: PlayerId) -> str:
        return f"{pid} {names.get(str(pid), '')}".strip()

    match record.action:
        case "event.created":
            return f"created {p['name']!r} (FIDE Double-Swiss, {p['rounds']} match-rounds)"
        case "player.registered" | "players.imported":
            players = p["players"]
            late = " (late entry)" if p.get("missed") else ""
            if len(players) == 1:
                return f"registered {players[0]['id']} {players[0]['name']}{late}"
            return f"imported {len(players)} players{late}"
        case "player.edited":
            changes = ", ".join(f"{k}={v!r}" for k, v in sorted(p["changes"].items()))
            return f"corrected player {who(p['player'])}: {changes}"
        case "player.removed":
            return f"removed {who(p['player'])} (never paired)"
        case "player.withdrawn":
            return f"withdrew {who(p['player'])} from round {p['round']} on"
        case "player.returned":
            return f"took back the withdrawal of {who(p['player'])}"
        case "bye.granted":
            kind = _BYE_WORDS.get(p["kind"], p["kind"])
            return f"{kind} bye for {who(p['player'])} in round {p['round']}"
        case "pairs.forbidden":
            kept = " and ".join(who(pid) for pid in p["players"])
            return f"kept {kept} apart from round {p['first_round']} on"
        case "round.paired":
            bye = f", pairing-allocated bye {p['bye']}" if p.get("bye") is not None else ""
            return f"paired round {p['round']}: {len(p['matches'])} matches{bye}"
        case "round.unpaired":
            return f"undid the pairing of round {p['round']}"
        case "results.entered" | "result.corrected":
            shown = ", ".join(_sheet_of(r) for r in p["results"][:6])
            more = f" and {len(p['results']) - 6} more" if len(p["results"]) > 6 else ""
            verb = "corrected" if record.action == "result.corrected" else "results"
            return f"{verb} round {p['round']}: {shown}{more}"
        case "event.claimed":
            return f"{p['owner']} now runs the event"
        case "event.staff":
            return staff_words(p)
        case "event.edited":
            return "edited the event: " + ", ".join(sorted(p["changes"]))
    return record.action


def bye_words(kind: MatchByeKind) -> str:
    """A match-round's bye in words, for pairings and crosstables."""
    return {
        MatchByeKind.PAIRING_ALLOCATED: "pairing-allocated bye",
        MatchByeKind.HALF_POINT: "half-point bye",
        MatchByeKind.FULL_POINT: "full-point bye",
        MatchByeKind.ZERO_POINT: "zero-point bye",
    }[kind]


def removal_refused(t: DoubleSwissTournament, pid: PlayerId) -> str | None:
    """Why player ``pid`` cannot be removed (paired, given points, a bye requested), or None
    when he can: the removal's own refusal, asked of the snapshot without saving anything."""
    try:
        double_actions.apply_double(t, "player.removed", {"player": pid})
    except CommandError as error:
        return str(error)
    return None
