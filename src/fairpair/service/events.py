"""The use cases of running an event: every director's command, over the event store.

Each command loads the event, builds one log action from the director's input, applies it
to the snapshot (:func:`fairpair.service.actions.apply`, which checks it) and appends it to
the store with the version it started from, all or nothing. Reads (standings, crosstable,
exports) use the cached snapshot. The clock and the actor are injected (:class:`Desk`).
"""

from __future__ import annotations

import dataclasses
import difflib
import logging
import threading
import unicodedata
import weakref
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

from fairpair.core import (
    ByeKind,
    Entry,
    Pairing,
    Player,
    PointSystem,
    Tournament,
    entries,
    format_points,
)
from fairpair.core.words import counted
from fairpair.formats import player_fields
from fairpair.service import actions, knockout_actions, pairing_runs, venue
from fairpair.service.cache import LatestVersions
from fairpair.service.errors import (
    CommandError,
    DuplicatePlayerError,
    FieldErrors,
    FilledBoardError,
)
from fairpair.service.settings import (
    REPORT_FIELDS,
    SETTING_FIELDS,
    AccelerationMethod,
    ByeLimit,
    EventSettings,
    Game,
    System,
    WithdrawalPolicy,
    game_follows,
    report_fields,
    setting_fields,
    setting_label,
)
from fairpair.service.text_fields import check_texts
from fairpair.service.withdrawals import standings_settings
from fairpair.standings.prizes import PrizeRules
from fairpair.storage import (
    ConcurrencyError,
    EventInfo,
    EventStore,
    LogRecord,
    NewRecord,
    PairingRun,
    Snapshot,
    UnknownEventError,
)

if TYPE_CHECKING:
    from fairpair.core import TeamTournament
    from fairpair.core.double_swiss import DoubleSwissTournament
    from fairpair.standings import Standings

# A command loads what it uses: the writers of exports, the standings, the result parser, the
# other kinds of event (their core, settings and replay) are imported by the functions that
# use them.

__all__ = [
    "LOG_PAGE",
    "ApplyOne",
    "BackgroundPairing",
    "Desk",
    "Event",
    "LogTail",
    "PairsUnderMarker",
    "Progress",
    "RebuildReport",
    "begin_pairing",
    "check_name_free",
    "check_steps",
    "check_tiebreaks",
    "correct_results",
    "create_event",
    "describe",
    "duplicate_of",
    "edit_event",
    "edit_player",
    "enter_results",
    "export",
    "find_event",
    "find_player",
    "forbid_pairs",
    "grant_bye",
    "headline",
    "history",
    "import_players",
    "in_background",
    "last_change",
    "list_events",
    "load",
    "log_since",
    "marker_for",
    "pair_round",
    "pairing_status",
    "rating_order",
    "rebuild",
    "record_results",
    "redo",
    "register_player",
    "remove_player",
    "return_player",
    "set_manual_board",
    "settings_data",
    "settings_lines",
    "standings",
    "start_pair_round",
    "store_command",
    "store_walk",
    "under_marker",
    "undo",
    "undo_history",
    "undo_last_pairing",
    "undo_targets",
    "voided_checkpoints",
    "walk_log",
    "withdraw",
]

_log = logging.getLogger("fairpair.service.events")

T = TypeVar("T")
S = TypeVar("S")
Snap = TypeVar("Snap", Tournament, "TeamTournament", "DoubleSwissTournament")
Clock = Callable[[], datetime]
Progress = Callable[[int, int], None]
"""Called with (done, total) while a long command works."""


@dataclass(frozen=True, slots=True)
class Desk:
    """What every command needs: the store, the clock (UTC) and who is acting."""

    store: EventStore
    clock: Clock
    actor: str = "director"


@dataclass(frozen=True, slots=True)
class Event:
    """An event as a command sees it: its row, its settings and its snapshot."""

    info: EventInfo
    settings: EventSettings
    tournament: Tournament
    _memo: dict[str, Any] = dataclasses.field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _computing: dict[str, threading.RLock] = dataclasses.field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    _guard: threading.Lock = dataclasses.field(
        default_factory=threading.Lock, init=False, repr=False, compare=False
    )

    @property
    def version(self) -> int:
        return self.info.version

    @property
    def id(self) -> int:
        return self.info.id

    def memo(self, key: str, compute: Callable[[], T]) -> T:
        """``compute()``, worked out once for this event at this version: :func:`load` gives
        every reader of a version the same :class:`Event`, so the standings, crosstable and
        pages built from it are computed once per change, not once per request.

        Requests that ask at the same time wait for the first one's result instead of each
        computing it (the standings of 100,000 players take seconds)."""
        try:
            return cast(T, self._memo[key])
        except KeyError:
            pass
        with self._guard:
            lock = self._computing.setdefault(key, threading.RLock())
        with lock:
            if key not in self._memo:
                self._memo[key] = compute()
            return cast(T, self._memo[key])


_READ: weakref.WeakKeyDictionary[EventStore, LatestVersions[Event]] = weakref.WeakKeyDictionary()
_READ_LOCK = threading.Lock()


def _kept(store: EventStore) -> LatestVersions[Event]:
    """The events of ``store`` kept in this process (one cache per store object: two stores
    in one process may both hold an event 1 at version 5)."""
    with _READ_LOCK:
        kept = _READ.get(store)
        if kept is None:
            kept = _READ[store] = LatestVersions()
        return kept


def _remember(desk: Desk, event: Event) -> Event:
    """Keep the event a command has just written or a reader has just read: the next command
    or page reads it without reading the snapshot back from the store. It takes over the
    standings of the version kept before, for :func:`_computed_standings` to reuse if what
    they were computed from has not changed."""
    kept = _kept(desk.store)
    before = kept.latest(event.id)
    if before is not None and before.version < event.version:
        computed = before._memo.get(_STANDINGS_FROM)
        if computed is not None:
            event._memo[_STANDINGS_BEFORE] = computed
    kept.put(event)
    return event


_STANDINGS_FROM = "standings from"
"""Memo key: (what the standings were computed from, the standings)."""
_STANDINGS_BEFORE = "standings before"
"""Memo key: the same, of the version read before this one in this process."""


# --- events ---------------------------------------------------------------------------------


DEMO_ACCOUNT = "demo"
"""The demo director (:mod:`fairpair.service.demo`), whose password is public: it runs the
demo event and nothing else."""


def create_event(desk: Desk, settings: EventSettings, owner: str | None = None) -> Event:
    """Create an event run by the director ``owner`` (none: the organiser gives it one from
    the command line); its log starts with ``event.created``."""
    if settings.team is not None:
        raise CommandError(
            f"{settings.system.value} is a team system: create the event with "
            "fairpair.service.team_events.create_team_event"
        )
    if owner == DEMO_ACCOUNT and any(e.owner == owner for e in desk.store.events()):
        raise CommandError("the demo account runs the demo event only; it cannot create events")
    if settings.system.round_robin and settings.points.pairing_bye is None:
        # Everyone sits out once in an odd round robin: the bye scores nothing by default.
        settings = dataclasses.replace(
            settings, points=dataclasses.replace(settings.points, pairing_bye=0)
        )
    check_tiebreaks(settings.chosen_tiebreaks)
    settings, info, snapshot = store_new_event(desk, settings, owner, actions.apply)
    return Event(info, settings, snapshot)


def store_new_event(
    desk: Desk,
    settings: EventSettings,
    owner: str | None,
    apply_one: Callable[[Snap | None, str, Mapping[str, Any]], Snap],
) -> tuple[EventSettings, EventInfo, Snap]:
    """Store a new event of either kind, its log started by ``event.created``: the report
    fields and texts checked first, the first snapshot made by ``apply_one``."""
    settings = settings.checked_report()
    data = settings.to_data()
    check_texts(data, desk.actor)
    snapshot = apply_one(None, "event.created", data)
    record = NewRecord(desk.clock(), desk.actor, "event.created", data)
    info = desk.store.create_event(
        settings.name, settings.system.value, data, record, snapshot, owner=owner
    )
    return settings, info, snapshot


def check_tiebreaks(codes: Sequence[str]) -> None:
    """:class:`CommandError` naming the first tie-break code that is not known, or given
    twice (a second BH ranks no one differently: it is a typing slip)."""
    from fairpair.standings import UnknownTiebreakError, compute_standings

    seen: set[str] = set()
    for code in codes:
        if code.casefold() in seen:
            raise CommandError(f"tie-break {code!r} is given twice")
        seen.add(code.casefold())
    try:
        compute_standings(Tournament(players=()), codes)
    except UnknownTiebreakError as error:
        raise CommandError(f"unknown tie-break {error.code!r}") from None


def list_events(desk: Desk) -> Sequence[EventInfo]:
    return desk.store.events()


def find_event(desk: Desk, ref: str | None = None) -> EventInfo:
    """The event named (exactly, then case-insensitively) or numbered ``ref``; without a
    reference the one changed most recently."""
    return pick_event(desk.store.events(), ref)


def pick_event(known: Sequence[EventInfo], ref: str | None = None) -> EventInfo:
    """:func:`find_event` among the events ``known`` (the store's list, read once by a
    caller that needs it for more)."""
    if not known:
        raise UnknownEventError("there is no event yet; create one with: fairpair event create")
    if ref is None:
        return max(known, key=lambda e: (e.updated_at, e.id))
    tests: list[Callable[[EventInfo], bool]] = [
        lambda e: e.name == ref,
        lambda e: e.name.casefold() == ref.casefold(),
        lambda e: ref.isdecimal() and e.id == int(ref),
    ]
    for test in tests:
        found = [e for e in known if test(e)]
        if len(found) == 1:
            return found[0]
    names = ", ".join(repr(e.name) for e in known)
    raise UnknownEventError(f"no event {ref!r}; the events are: {names}")


def event_system(info: EventInfo) -> System:
    """The system an event's settings name: a team or Double-Swiss one, a knockout...
    (read from the event's line in the store, without loading the event)."""
    return System(info.settings.get("system", info.system))


def load(desk: Desk, event_id: int) -> Event:
    """The event as it is now. Its version is read from the store each time (so a change
    made by another process is seen at once); the snapshot only when the version is not the
    one kept in this process."""
    kept = _kept(desk.store)
    found = kept.get(event_id, desk.store.event(event_id).version)
    if found is not None:
        return found
    return _remember(desk, _stored(desk, event_id))


def _stored(desk: Desk, event_id: int) -> Event:
    """The event as the store holds it, whatever this process keeps."""
    stored = desk.store.load(event_id)
    if not isinstance(stored.tournament, Tournament):
        from fairpair.core.double_swiss import DoubleSwissTournament

        if isinstance(stored.tournament, DoubleSwissTournament):
            raise CommandError(
                f"{stored.info.name!r} is a Double-Swiss event: its rounds are two-game "
                "matches (fairpair result BOARD GAME1 GAME2)"
            )
        raise CommandError(
            f"{stored.info.name!r} is a team event: its teams, line-ups and matches have "
            "commands of their own (fairpair team, lineup, result MATCH.BOARD)"
        )
    settings = EventSettings.from_data(stored.info.settings)
    return Event(stored.info, settings, _with_report(stored.tournament, settings))


def _with_report(tournament: Tournament, settings: EventSettings) -> Tournament:
    """The snapshot with the event's name and report fields as the settings hold them (the
    stored snapshot need not keep them: they are the event row's)."""
    if tournament.name == settings.name and tournament.details == settings.details:
        return tournament
    return tournament.replace(name=settings.name, details=settings.details)


def _command(
    desk: Desk,
    event_id: int,
    action: str,
    build: Callable[[Event], Mapping[str, Any]],
    expected_version: int | None = None,
) -> Event:
    """Run one command as one log record: load, build the payload, apply, append."""
    event = load(desk, event_id)
    info, settings, snapshot = store_command(
        desk,
        (event.info, event.settings, event.tournament),
        action,
        lambda: build(event),
        actions.apply,
        expected_version,
    )
    return _remember(desk, Event(info, settings, _with_report(snapshot, settings)))


def store_command(
    desk: Desk,
    loaded: tuple[EventInfo, EventSettings, Snap],
    action: str,
    build: Callable[[], Mapping[str, Any]],
    apply_one: Callable[[Snap, str, Mapping[str, Any], EventSettings], Snap],
    expected_version: int | None = None,
) -> tuple[EventInfo, EventSettings, Snap]:
    """One command of an event of any kind as one log record: the event as ``loaded`` (its
    row, settings and snapshot), the payload ``build`` makes, applied by its kind's
    ``apply_one`` and appended all or nothing (``expected_version``: the version the
    director's page showed; refused if the event moved on). The row, settings and snapshot
    after it."""
    info, settings, snapshot = loaded
    if expected_version is not None and info.version != expected_version:
        raise ConcurrencyError(info.name, expected_version, info.version)
    payload = dict(build())
    check_texts(payload, desk.actor)
    after = apply_one(snapshot, action, payload, settings)
    changed_settings = actions.settings_after(settings, action, payload)
    record = NewRecord(desk.clock(), desk.actor, action, payload)
    changed = None if changed_settings == settings else changed_settings.to_data()
    voided = () if action in actions.KEPT else voided_checkpoints(desk.store, info.id, info.version)
    stored = desk.store.append(info.id, info.version, record, after, changed, voided)
    return stored, changed_settings, after


def voided_checkpoints(store: EventStore, event_id: int, version: int) -> list[tuple[int, int]]:
    """The checkpoints a new change appended after record ``version`` makes useless: it
    empties the redo stack, so the changes undone there stay undone for good, and a
    checkpoint taken while one of them was in effect can never again start a replay (it
    needs that change in the same state as at the checkpoint). Each such change is in effect
    from its record to its first undo, and again from each redo to the next undo: those
    ranges of records, ``[first, last)``. Read from the log's end: nothing when the last
    change was not undone."""
    tail = LogTail(store, event_id, version)
    dying = _stack_top(tail, actions.REDONE, version)
    if not dying:
        return []
    flips: dict[int, list[int]] = {seq: [seq] for seq in dying}
    for record in tail.after(min(dying)):
        if record.action in (actions.UNDONE, actions.REDONE):
            flips.get(record.payload["seq"], []).append(record.seq)
    return [(at[i], at[i + 1]) for at in flips.values() for i in range(0, len(at) - 1, 2)]


# --- players --------------------------------------------------------------------------------


def name_key(text: str) -> str:
    """A name as player look-ups compare it: accents dropped, case folded ("García" ->
    "garcia"), as the desk's name filter folds it."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def find_player(tournament: Tournament | DoubleSwissTournament, ref: str) -> Player:
    """A player by start number or by a unique part of the name, case and accents ignored
    as the desk's name filter ignores them (``garcia`` finds García); an individual or a
    Double-Swiss event's player."""
    text = ref.strip()
    if text.isdecimal():
        numbered = [p for p in tournament.players if p.id == int(text)]
        if numbered:
            return numbered[0]
        raise CommandError(f"no player has start number {text} (1-{len(tournament.players)})")
    key = name_key(text)
    if not key:
        raise CommandError("name a player by start number or name")
    exact = [p for p in tournament.players if p.name.casefold() == text.casefold()]
    if len(exact) == 1:
        return exact[0]
    exact = exact or [p for p in tournament.players if name_key(p.name) == key]
    if len(exact) == 1:
        return exact[0]
    found = exact or [p for p in tournament.players if key in name_key(p.name)]
    if len(found) == 1:
        return found[0]
    if found:
        listed = "; ".join(f"{p.id} {p.name}" for p in found[:10])
        more = f" and {len(found) - 10} more" if len(found) > 10 else ""
        raise CommandError(f"{ref!r} matches {len(found)} players: {listed}{more}")
    names = {name_key(p.name): p for p in tournament.players}
    close = difflib.get_close_matches(key, list(names), n=3, cutoff=0.6)
    hint = "; did you mean " + " or ".join(names[c].name for c in close) + "?" if close else ""
    raise CommandError(f"no player matches {ref!r}{hint}")


def _names(*players: Player) -> dict[str, Any]:
    """The names of the players a log record names, as they are when it is made: the log
    shows them as they were (start numbers change at the first Swiss pairing, names by an
    edit)."""
    return {"names": {str(p.id): p.name for p in players}}


def _missed_rounds(
    tournament: Tournament, names: str, points: Sequence[int] | None
) -> dict[str, Any]:
    """The log's record of the byes awarded for the rounds a late entrant missed.

    ``points`` (tenths) holds one value per paired round, or one value for all of them;
    each must be what a zero, half or full-point bye is worth in the event (default 0).
    """
    played = len(tournament.rounds)
    if points is None:
        return {"missed": ["zero_point"] * played} if played else {}
    if not played:
        raise CommandError(
            f"no round is paired yet, so {names} missed none: points for missed rounds are "
            "for late entries"
        )
    values = list(points) * played if len(points) == 1 else list(points)
    if len(values) != played:
        raise CommandError(
            f"{_plural(played, 'round')} already paired: give the points for each missed "
            f"round, or one value for all of them, not {len(points)} values"
        )
    system = tournament.points
    worth = {
        system.zero_bye: ByeKind.ZERO_POINT,
        system.half_bye_value: ByeKind.HALF_POINT,
        system.full_bye_value: ByeKind.FULL_POINT,
    }
    kinds = []
    for number, value in enumerate(values, start=1):
        if value not in worth:
            choices = ", ".join(
                f"{format_points(v)} ({k.name.lower().replace('_', '-')} bye)"
                for v, k in sorted(worth.items())
            )
            raise CommandError(
                f"{format_points(value)} point(s) for missed round {number}: the event awards "
                f"a missed round as a bye, worth {choices}"
            )
        kinds.append(worth[value].name.lower())
    return {"missed": kinds}


def _plural(count: int, noun: str) -> str:
    return counted(count, noun)


def register_player(
    desk: Desk,
    event_id: int,
    name: str,
    *,
    missed_points: Sequence[int] | None = None,
    duplicate_ok: bool = False,
    **fields: Any,
) -> tuple[Event, Player]:
    """Register one player with the next start number.

    After round 1 is paired (Swiss only) this is a late entry: ``missed_points`` (tenths)
    are awarded for the rounds already paired, one value per round or one for all,
    each the worth of a zero, half or full-point bye (default 0).

    A name (ignoring case and accents) or FIDE ID already registered is refused with
    :class:`DuplicatePlayerError` unless ``duplicate_ok``.
    """
    if not name.strip():
        raise CommandError("a player needs a name")
    made: list[Player] = []

    def build(event: Event) -> Mapping[str, Any]:
        if not duplicate_ok:
            same = duplicate_of(event.tournament, name, str(fields.get("fide_id") or ""))
            if same is not None:
                what = "FIDE ID" if _name_key(same.name) != _name_key(name) else "name"
                raise DuplicatePlayerError(
                    f"{same.id} {same.name} is already registered (same {what}); nothing was "
                    "saved: register anyway if this is another player",
                    f"{same.id} {same.name}",
                )
        number = max(event.tournament.player_ids, default=0) + 1
        made.append(Player(id=number, name=name.strip(), **fields))
        missed = _missed_rounds(event.tournament, made[0].name, missed_points)
        return {"players": [actions.player_data(made[0])], **missed}

    return _command(desk, event_id, "player.registered", build), made[0]


def import_players(
    desk: Desk,
    event_id: int,
    players: Sequence[Player],
    progress: Progress | None = None,
    *,
    missed_points: Sequence[int] | None = None,
) -> Event:
    """Register many players in one transaction; they take the next start numbers in order.

    After round 1 is paired they are late entries with ``missed_points`` for each round
    already paired (see :func:`register_player`).
    """
    if not players:
        raise CommandError("the file has no players")

    def build(event: Event) -> Mapping[str, Any]:
        first = max(event.tournament.player_ids, default=0) + 1
        missed = _missed_rounds(event.tournament, "these players", missed_points)
        data = []
        for index, player in enumerate(players):
            data.append(actions.player_data(dataclasses.replace(player, id=first + index)))
            if progress is not None and (index % 500 == 0 or index + 1 == len(players)):
                progress(index + 1, len(players))
        return {"players": data, **missed}

    return _command(desk, event_id, "players.imported", build)


def edit_player(desk: Desk, event_id: int, ref: str, changes: Mapping[str, Any]) -> Event:
    if not changes:
        raise CommandError("nothing to change")
    changes = checked_player_changes(changes)

    def build(event: Event) -> Mapping[str, Any]:
        player = find_player(event.tournament, ref)
        return {"player": player.id, "changes": dict(changes), **_names(player)}

    return _command(desk, event_id, "player.edited", build)


def checked_player_changes(changes: Mapping[str, Any]) -> dict[str, Any]:
    """A correction's fields read as a registration reads them (name, rating 0-4000, the
    K-factor 1-100 or None, the rating-report fields as :mod:`fairpair.formats.player_fields`
    reads them)."""
    errors: dict[str, str] = {}
    report = {f: str(v) for f, v in changes.items() if f in player_fields.READERS}
    read = player_fields.read(report, errors)
    checked: dict[str, Any] = {}
    for field, value in changes.items():
        if field in report:
            if field in read:
                checked[field] = read[field]
        elif field == "name" and not str(value).strip():
            errors[field] = "give the player's name"
        elif field == "rating" and value is not None and not 0 <= int(value) <= 4000:
            errors[field] = "between 0 and 4000"
        elif field == "k_factor" and value is not None and not 1 <= int(value) <= 100:
            errors[field] = "between 1 and 100 (FIDE uses 40, 20 or 10), or none"
        else:
            checked[field] = value.strip() if isinstance(value, str) else value
    if errors:
        raise FieldErrors(errors)
    return checked


def withdraw(
    desk: Desk,
    event_id: int,
    ref: str,
    from_round: int | None = None,
    *,
    expected_version: int | None = None,
) -> Event:
    """The player is not paired from ``from_round`` (default: the next round) on."""

    def build(event: Event) -> Mapping[str, Any]:
        player = find_player(event.tournament, ref)
        number = event.tournament.next_round if from_round is None else from_round
        return {"player": player.id, "round": number, **_names(player)}

    return _command(desk, event_id, "player.withdrawn", build, expected_version)


def return_player(desk: Desk, event_id: int, ref: str) -> Event:
    """Take a withdrawal back (the player is paired again), while no round it affects is
    paired."""

    def build(event: Event) -> Mapping[str, Any]:
        player = find_player(event.tournament, ref)
        gone = [r for x, r in event.tournament.withdrawals if x == player.id]
        return {"player": player.id, "round": gone[0] if gone else None, **_names(player)}

    return _command(desk, event_id, "player.returned", build)


def remove_player(desk: Desk, event_id: int, ref: str) -> Event:
    """Take off a player registered by mistake, who has never been paired nor given points
    (a late entrant too, with the byes of the rounds he missed; see
    :func:`~fairpair.service.actions.removal_refused`); before round 1 the players after
    him move up one start number."""

    def build(event: Event) -> Mapping[str, Any]:
        player = find_player(event.tournament, ref)
        return {"player": player.id, **_names(player)}

    return _command(desk, event_id, "player.removed", build)


def _name_key(name: str) -> str:
    """A name as the duplicate check compares it: without case, accents, commas or extra
    spaces ("Müller, Jonas" is "muller jonas"). Our own helper: :func:`find_player` is not
    the place to change how names are compared."""
    letters = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(c for c in letters if not unicodedata.combining(c))
    return " ".join(plain.replace(",", " ").split())


def duplicate_of(
    tournament: Tournament | DoubleSwissTournament, name: str, fide_id: str = ""
) -> Player | None:
    """A registered player with the same name (ignoring case and accents) or FIDE ID."""
    key = _name_key(name)
    for player in tournament.players:
        if _name_key(player.name) == key or (fide_id and player.fide_id == fide_id):
            return player
    return None


_BYE_KINDS = {"full": ByeKind.FULL_POINT, "half": ByeKind.HALF_POINT, "zero": ByeKind.ZERO_POINT}


def grant_bye(desk: Desk, event_id: int, ref: str, round_number: int | None, kind: str) -> Event:
    """Grant a requested bye (full, half or zero point) for a round not yet paired."""
    if kind not in _BYE_KINDS:
        raise CommandError(f"bye kind {kind!r}: choose full, half or zero")

    def build(event: Event) -> Mapping[str, Any]:
        if event.settings.system.round_robin:
            raise CommandError(
                "a round robin follows its schedule; enter a forfeit (+- or -+) instead"
            )
        player = find_player(event.tournament, ref)
        number = event.tournament.next_round if round_number is None else round_number
        kind_name = _BYE_KINDS[kind].name.lower()
        return {"player": player.id, "round": number, "kind": kind_name, **_names(player)}

    return _command(desk, event_id, "bye.granted", build)


def forbid_pairs(
    desk: Desk, event_id: int, refs: Sequence[str], first_round: int | None = None
) -> Event:
    """Keep players apart: no two of them are paired from ``first_round`` (default: the next
    round) on, e.g. relatives or team mates. Swiss systems only."""

    def build(event: Event) -> Mapping[str, Any]:
        if event.settings.system.round_robin:
            raise CommandError("a round robin follows its schedule; pairs cannot be forbidden")
        found = [find_player(event.tournament, ref) for ref in refs]
        number = event.tournament.next_round if first_round is None else first_round
        return {"players": [p.id for p in found], "first_round": number, **_names(*found)}

    return _command(desk, event_id, "pairs.forbidden", build)


def check_name_free(desk: Desk, event_id: int, changed: Mapping[str, Any]) -> None:
    """:class:`FieldErrors` when the new name of an event (if ``changed`` has one) is
    another event's."""
    name = changed.get("name")
    if name is not None and any(e.id != event_id and e.name == name for e in desk.store.events()):
        raise FieldErrors({"name": f"an event named {name!r} already exists"})


def edit_event(
    desk: Desk,
    event_id: int,
    changes: Mapping[str, Any],
    *,
    expected_version: int | None = None,
) -> Event:
    """Change the event's report fields (:data:`~fairpair.service.settings.REPORT_FIELDS`:
    name, dates, place, arbiters, time control...) and its pairing and scoring settings
    (:data:`~fairpair.service.settings.SETTING_FIELDS`: rounds, points, tie-breaks, bye
    limit, system options, as typed): one ``event.edited`` record holding the fields that
    change, with their values before. :class:`FieldErrors` names a wrong field; a setting
    that the rounds already paired or scored fix is refused with the reason."""
    report = {k: v for k, v in changes.items() if k not in SETTING_FIELDS}
    checked = report_fields(report) | setting_fields(
        {k: v for k, v in changes.items() if k in SETTING_FIELDS}
    )
    if "tiebreaks" in checked:
        try:
            check_tiebreaks(checked["tiebreaks"])
        except CommandError as error:
            raise FieldErrors({"tiebreaks": str(error)}) from None

    def build(event: Event) -> Mapping[str, Any]:
        s = event.settings
        # to_data leaves these two out at their defaults (the data of older events).
        before: dict[str, Any] = s.to_data() | {
            "swap_last_rounds": s.swap_last_rounds,
            "acceleration": s.acceleration.value,
            "prizes": s.prizes.to_data(),
        }
        changed = {k: v for k, v in checked.items() if before[k] != v}
        # The game and the points go together: one changed alone may bring the other along
        # (a form sends both; the one it leaves as it was is not a choice).
        changed |= {
            k: v for k, v in game_follows(event.settings, changed).items() if k not in changed
        }
        changed = {k: v for k, v in changed.items() if before[k] != v}
        round_robin = System(changed.get("system", before["system"])).round_robin
        if "points" in changed and round_robin and changed["points"]["pairing_bye"] is None:
            # As at creation: everyone sits out once in an odd round robin, for nothing.
            changed["points"] = {**changed["points"], "pairing_bye": "0"}
            if changed["points"] == before["points"]:
                del changed["points"]
        if not changed:
            raise CommandError("nothing to change: the event already says so")
        edited = event.settings.edited(changed)
        edited.check_report_together()
        total = edited.rounds if "rounds" in changed else event.tournament.total_rounds
        if total is not None and len(edited.round_dates) > total:
            dates = len(edited.round_dates)
            raise FieldErrors(
                {"round_dates": f"{dates} dates for an event of {counted(total, 'round')}"}
            )
        check_name_free(desk, event.id, changed)
        return {"changes": changed, "before": {k: before[k] for k in changed}}

    return _command(desk, event_id, "event.edited", build, expected_version)


# --- rounds ---------------------------------------------------------------------------------


def rating_order(tournament: Tournament | DoubleSwissTournament) -> list[int]:
    """Start numbers for a Swiss: rating (highest first), then title, then name (FIDE C.04.2)."""
    titles = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")

    def key(p: Player) -> tuple[int, int, str]:
        title = titles.index(p.title) if p.title in titles else len(titles)
        return (-(p.rating or 0), title, p.name.casefold())

    return [p.id for p in sorted(tournament.players, key=key)]


def set_clock(
    desk: Desk,
    event_id: int,
    step: venue.ClockStep,
    minutes: int | str | None = None,
    *,
    expected_version: int | None = None,
) -> Event:
    """Start, pause or reset the venue screen's round clock (``minutes``: the round's length,
    when it changes): one ``clock.set`` record holding the clock after the step, timed by the
    desk's clock. :class:`FieldErrors` names ``minutes``; a pause of a stopped clock or a
    start of a running one is refused."""
    length = venue.clock_minutes(minutes)

    def build(event: Event) -> Mapping[str, Any]:
        clock = venue.clock_after(event.settings.venue.clock, step, length, desk.clock())
        return {"step": step.value, "clock": clock.to_data()}

    return _command(desk, event_id, venue.CLOCK_SET, build, expected_version)


def announce(desk: Desk, event_id: int, text: str, *, expected_version: int | None = None) -> Event:
    """Show ``text`` on the venue screen (empty: no announcement): one ``announcement.set``
    record. :class:`FieldErrors` names ``announcement`` for a line too long."""
    line = venue.announcement_text(text)

    def build(event: Event) -> Mapping[str, Any]:
        if line == event.settings.venue.announcement:
            raise FieldErrors({"announcement": "the screen already shows that"})
        return {"text": line}

    return _command(desk, event_id, venue.ANNOUNCEMENT_SET, build, expected_version)


def pair_round(
    desk: Desk, event_id: int, *, held: pairing_runs.Held | None = None
) -> tuple[Event, Pairing]:
    """Pair the next round (round 1 of a Swiss first gives start numbers by rating), under
    the event's marker (:mod:`fairpair.service.pairing_runs`): refused with
    :class:`PairingInProgressError` while another pairing of the event runs, on any server.
    ``held``: the marker :func:`start_pair_round` has already put up."""
    return under_marker(desk, event_id, held, begin_pairing, partial(_pair_round, desk, event_id))


def under_marker(
    desk: Desk,
    event_id: int,
    held: pairing_runs.Held | None,
    begin: Callable[[Desk, int], pairing_runs.Held],
    pair: Callable[[], T],
) -> T:
    """``pair()`` under the event's marker: ``held`` if put up already, else the one ``begin``
    puts up (every kind of event: :func:`pair_round`, the team and Double-Swiss pairings)."""
    if held is None:
        held = begin(desk, event_id)
    with pairing_runs.holding(held):
        return pair()


def begin_pairing(desk: Desk, event_id: int) -> pairing_runs.Held:
    """Put up the event's marker for its next round, once the round can be paired at all
    (a refusal that needs no engine comes at once, not from the background)."""
    event = load(desk, event_id)
    _check_pairable(event)
    return marker_for(desk, event_id, event.tournament.next_round)


def marker_for(desk: Desk, event_id: int, number: int) -> pairing_runs.Held:
    """The event's marker for pairing round ``number``, put up by the desk's actor (every kind
    of event: individual, team, Double-Swiss)."""
    return pairing_runs.begin(desk.store, desk.clock, event_id, number, desk.actor)


Paired = TypeVar("Paired")
"""What a kind of event's pairing returns: the event after it, with the pairing."""
Paired_co = TypeVar("Paired_co", covariant=True)


@dataclass(eq=False)
class BackgroundPairing(Generic[Paired]):
    """A round being paired in a thread of this process (:func:`in_background`)."""

    round: int
    finished: threading.Event = dataclasses.field(default_factory=threading.Event)
    paired: Paired | None = None
    error: Exception | None = None
    """Why the pairing failed (also kept on the event's marker for every server's desk)."""

    @property
    def failure(self) -> str | None:
        """What the desk says of the failure, if the pairing failed."""
        if self.error is None:
            return None
        return pairing_runs.failure_text(self.round, self.error)


def start_pair_round(desk: Desk, event_id: int) -> BackgroundPairing[tuple[Event, Pairing]]:
    """Start pairing the next round in a thread and return at once (:func:`in_background`)."""
    return in_background(desk, event_id, begin_pairing, pair_round)


class PairsUnderMarker(Protocol[Paired_co]):
    """A kind of event's pairing of its next round, under a marker already up."""

    def __call__(self, desk: Desk, event_id: int, *, held: pairing_runs.Held) -> Paired_co: ...


def in_background(
    desk: Desk,
    event_id: int,
    begin: Callable[[Desk, int], pairing_runs.Held],
    pair: PairsUnderMarker[Paired],
) -> BackgroundPairing[Paired]:
    """Put up the event's marker (``begin``: refused at once if the round cannot be paired or
    is being paired), then ``pair`` in a thread and return at once. The marker is taken down
    when the pairing is stored, or kept with what went wrong. The pairing is stored with the
    usual version check: a change made meanwhile (a player added) fails it, and the marker
    says so."""
    held = begin(desk, event_id)
    job: BackgroundPairing[Paired] = BackgroundPairing(held.round)

    def work() -> None:
        try:
            job.paired = pair(desk, event_id, held=held)
        except Exception as error:  # kept on the marker; an unexpected one is logged too
            job.error = error
            if not isinstance(error, CommandError | ConcurrencyError):
                _log.exception("pairing round %d of event %d failed", held.round, event_id)
        finally:
            job.finished.set()

    threading.Thread(target=work, name=f"pair-event-{event_id}", daemon=True).start()
    return job


def pairing_status(desk: Desk, event_id: int) -> PairingRun | None:
    """The event's marker: a round being paired (how far it has got), or one that failed."""
    return desk.store.pairing_run(event_id)


def _check_pairable(event: Event) -> None:
    """Refuse to pair when the next round cannot be: the stage closed, all rounds paired,
    results missing."""
    t = event.tournament
    closed = knockout_actions.closed_by_stage(t, "round.paired", event.settings)
    if closed is not None:
        raise CommandError(closed)
    if t.total_rounds is not None and t.next_round > t.total_rounds:
        raise CommandError(f"all {t.total_rounds} rounds are paired")
    if t.rounds and not t.rounds[-1].complete:
        missing = sum(1 for g in t.rounds[-1].games if g.result is None)
        raise CommandError(
            f"round {len(t.rounds)} still lacks {missing} result(s); enter them first"
        )


def _pair_round(desk: Desk, event_id: int) -> tuple[Event, Pairing]:
    # The pairing systems are loaded by the commands that pair, not by every command.
    from fairpair.service.pairing import pair_next_round, round_robin_rounds

    made: list[Pairing] = []

    def build(event: Event) -> Mapping[str, Any]:
        t = event.tournament
        payload: dict[str, Any] = {}
        system = event.settings.system
        _check_pairable(event)
        if not t.rounds:
            if system.round_robin:
                if event.settings.rounds is None:
                    payload["total_rounds"] = round_robin_rounds(len(t.players), event.settings)
            else:
                order = rating_order(t)
                if order != sorted(order):
                    payload["order"] = order
                    t = actions.renumbered(t, order)
        pairing = pair_next_round(t, event.settings)
        made.append(pairing)
        payload.update(actions.pairing_payload(pairing, coloured=not event.settings.card_game))
        forfeited = [
            board for board, game in enumerate(pairing.boards, start=1) if game.result is not None
        ]
        if forfeited:
            payload["forfeited"] = forfeited
        if pairing.bye is not None:
            payload.update(_names(t.player(pairing.bye)))
        return payload

    return _command(desk, event_id, "round.paired", build), made[0]


def undo(
    desk: Desk, event_id: int, steps: int = 1, *, expected_version: int | None = None
) -> tuple[Event, Sequence[LogRecord]]:
    """Take back the latest ``steps`` changes still in effect, the latest first, and return
    them: one ``action.undone`` record each, all in one transaction (or none).

    Any change can be undone (results, a pairing, a registration, a bye, a withdrawal...),
    never the creation of the event; taking over an event is passed over. A pairing whose
    round has results is undone only after them, since undo goes from the latest change back.
    """
    return _walk(desk, event_id, steps, actions.UNDONE, expected_version)


def redo(
    desk: Desk, event_id: int, steps: int = 1, *, expected_version: int | None = None
) -> tuple[Event, Sequence[LogRecord]]:
    """Bring back the latest ``steps`` undone changes, the latest undone first, and return
    them; possible until a new change is made after the undo."""
    return _walk(desk, event_id, steps, actions.REDONE, expected_version)


def _walk(
    desk: Desk, event_id: int, steps: int, action: str, expected_version: int | None
) -> tuple[Event, Sequence[LogRecord]]:
    """Undo or redo ``steps`` changes: the new records are checked by a replay of the log
    with them (from the nearest checkpoint), whose result is the new snapshot."""
    check_steps(steps, action)
    event = load(desk, event_id)
    info, settings, snapshot, taken = store_walk(
        desk, event.info, event.settings, steps, action, actions.apply, expected_version
    )
    return _remember(desk, Event(info, settings, _with_report(snapshot, settings))), taken


def check_steps(steps: int, action: str) -> None:
    """Refuse to undo or redo fewer than one change."""
    if steps < 1:
        verb = "undo" if action == actions.UNDONE else "redo"
        raise CommandError(f"{verb} at least one change, not {steps}")


ApplyOne = Callable[[S | None, str, Mapping[str, Any], EventSettings | None], S]
"""An event kind's one action (:func:`fairpair.service.actions.apply` and its team and
Double-Swiss kin)."""


def store_walk(
    desk: Desk,
    info: EventInfo,
    settings: EventSettings,
    steps: int,
    action: str,
    apply_one: ApplyOne[Snap],
    expected_version: int | None = None,
) -> tuple[EventInfo, EventSettings, Snap, Sequence[LogRecord]]:
    """Undo or redo ``steps`` changes of an event of any kind loaded as ``info`` with
    ``settings`` (``expected_version``: the version the director saw), the records appended
    in one transaction: the event's row, settings and snapshot after, and the records taken."""
    check_steps(steps, action)
    if expected_version is not None and info.version != expected_version:
        raise ConcurrencyError(info.name, expected_version, info.version)
    records, taken, after, snapshot = walk_log(
        desk, info.id, info.version, steps, action, apply_one
    )
    changed = None if after == settings else after.to_data()
    stored = desk.store.append_many(info.id, info.version, records, snapshot, changed)
    return stored, after, snapshot, taken


def walk_log(
    desk: Desk,
    event_id: int,
    version: int,
    steps: int,
    action: str,
    apply_one: ApplyOne[S],
) -> tuple[list[NewRecord], list[LogRecord], EventSettings, S]:
    """The undo or redo records of ``steps`` changes of an event loaded at ``version``, the
    records they take, and the settings and snapshot the log with them leads to (any kind of
    event: ``apply_one`` is its kind's).

    Only the end of the log is read: the changes to take from its last records
    (:func:`_stack_top`), and the records after the nearest checkpoint that still holds
    (:func:`_replayed`), the whole log only when there is none."""
    verb = "undo" if action == actions.UNDONE else "redo"
    # The log is append-only: its first `version` records are the event as loaded; anything
    # later is another director's, and the append will refuse.
    tail = LogTail(desk.store, event_id, version)
    top = _stack_top(tail, action, steps)
    if len(top) < steps:
        raise CommandError(_too_far(verb, steps, len(top)))
    taken = [tail.record(seq) for seq in top]
    records = [
        NewRecord(desk.clock(), desk.actor, action, {"seq": r.seq, "action": r.action})
        for r in taken
    ]
    settings, snapshot = _replayed(desk.store, tail, min(top), records, apply_one)
    return records, taken, settings, snapshot


LOG_PAGE = 16
"""Records read at once from the end of a log; each further read takes twice as many."""


class LogTail:
    """An event's log up to ``version``, read from its end backwards only as far as needed
    (:meth:`fairpair.storage.base.EventStore.records`), each record read once."""

    def __init__(self, store: EventStore, event_id: int, version: int) -> None:
        self.store = store
        self.event_id = event_id
        self.version = version
        self.first = version + 1
        """The earliest record read so far."""
        self._read: list[LogRecord] = []
        """Records ``first`` to ``version``, in order."""
        self._page = LOG_PAGE

    def read_from(self, seq: int) -> None:
        """Read back to record ``seq`` (1 at the earliest)."""
        seq = max(seq, 1)
        if seq < self.first:
            earlier = self.store.records(self.event_id, seq, self.first - 1)
            self._read[:0] = earlier
            self.first = seq

    def backwards(self) -> Iterator[LogRecord]:
        """The records from the last to the first, read a page at a time."""
        seq = self.version
        while seq >= 1:
            if seq < self.first:
                self.read_from(self.first - self._page)
                self._page *= 2
            yield self._read[seq - self.first]
            seq -= 1

    def record(self, seq: int) -> LogRecord:
        """Record ``seq`` (read alone if it is before the part read)."""
        if seq >= self.first:
            return self._read[seq - self.first]
        (found,) = self.store.records(self.event_id, seq, seq)
        return found

    def after(self, seq: int) -> list[LogRecord]:
        """The records after ``seq``, in order."""
        self.read_from(seq + 1)
        return self._read[max(seq + 1 - self.first, 0) :]


def _stack_top(tail: LogTail, action: str, count: int) -> list[int]:
    """The sequence numbers of the ``count`` changes undo (``action`` UNDONE) or redo would
    take next, the first taken first; fewer if there are not so many.

    :func:`fairpair.service.actions.undo_history` read backwards: a change pushes itself on
    the undo stack and empties the redo stack, an undo moves the top of the undo stack to the
    redo stack and a redo moves it back. From the end of the log, a pop skips the next push
    met (``pending``), so the stack's top is the first push met that no pop skips."""
    undoing = action == actions.UNDONE
    found: list[int] = []
    pending = 0
    for record in tail.backwards():
        pushed: int | None = None
        if record.action in (actions.UNDONE, actions.REDONE):
            if (record.action == actions.UNDONE) == undoing:
                pending += 1  # it popped the stack we read
            else:
                pushed = record.payload["seq"]
        elif record.action in actions.KEPT:
            continue
        elif undoing:
            pushed = record.seq
        else:
            break  # a change: nothing undone before it can be redone
        if pushed is not None:
            if pending:
                pending -= 1
            else:
                found.append(pushed)
                if len(found) == count:
                    break
    return found


def _replayed(
    store: EventStore,
    tail: LogTail,
    lowest: int,
    records: Sequence[NewRecord],
    apply_one: ApplyOne[S],
) -> tuple[EventSettings, S]:
    """The settings and snapshot the log up to the tail's version, then ``records`` (undo or
    redo records, the earliest change they take being ``lowest``), leads to.

    A checkpoint at record ``c`` is the replay of the log's first ``c`` records; it is the
    start of the replay of the whole log when no record up to ``c`` was undone or redone
    since (an even number of times), and every record after it is in effect unless undone
    since (an odd number of times). Otherwise an earlier checkpoint is tried, and without
    one the whole log is replayed, as before checkpoints."""
    at_most = lowest - 1
    while at_most > 0:
        checkpoint = store.checkpoint(tail.event_id, at_most)
        if checkpoint is None:
            break
        later = [(r.seq, r.action, r.payload) for r in tail.after(checkpoint.seq)]
        later += [(0, n.action, n.payload) for n in records]
        flipped: dict[int, bool] = {}
        for _seq, action, payload in later:
            if action in (actions.UNDONE, actions.REDONE):
                target = payload["seq"]
                flipped[target] = not flipped.get(target, False)
        moved = [seq for seq, odd in flipped.items() if odd and seq <= checkpoint.seq]
        if moved:
            at_most = min(moved) - 1
            continue
        in_effect = (
            (action, payload)
            for seq, action, payload in later
            if action not in (actions.UNDONE, actions.REDONE) and not flipped.get(seq)
        )
        # The checkpoint is of the event's own kind: its snapshot is what apply_one made.
        start = cast(S, checkpoint.snapshot)
        return actions.replay_onto(
            EventSettings.from_data(checkpoint.settings), start, in_effect, apply_one
        )
    whole = [(r.action, r.payload) for r in tail.after(0)]
    return actions.replay_log(whole + [(n.action, n.payload) for n in records], apply_one)


def _too_far(verb: str, steps: int, possible: int) -> str:
    if verb == "undo":
        if possible == 0:
            return (
                "there is nothing to undo: no change is in effect but the creation of the "
                "event, which cannot be undone"
            )
        return f"only {_plural(possible, 'change')} can be undone, not {steps}"
    if possible == 0:
        return "there is nothing to redo: nothing was undone since the last change"
    return f"only {_plural(possible, 'change')} can be redone, not {steps}"


def undo_history(records: Sequence[LogRecord]) -> actions.UndoHistory:
    """Which records of an event's log are in effect, and what undo and redo would take."""
    return actions.undo_history((r.seq, r.action, r.payload) for r in records)


def undo_targets(
    desk: Desk, event_id: int, version: int
) -> tuple[LogRecord | None, LogRecord | None]:
    """The change :func:`undo` would take back next and the one :func:`redo` would bring
    back, of the event at ``version`` (``None``: nothing to undo, or to redo), read from the
    end of its log: the desk names them on its buttons at each page."""
    tail = LogTail(desk.store, event_id, version)
    undo_next = _stack_top(tail, actions.UNDONE, 1)
    redo_next = _stack_top(tail, actions.REDONE, 1)
    return (
        tail.record(undo_next[0]) if undo_next else None,
        tail.record(redo_next[0]) if redo_next else None,
    )


def undo_last_pairing(desk: Desk, event_id: int) -> Event:
    """Take back the last round's pairing while no result is in (logged, never deleted).

    A change of its own (``round.unpaired``), kept for the callers that offer exactly this;
    :func:`undo` takes back the latest change of any kind.
    """

    def build(event: Event) -> Mapping[str, Any]:
        if not event.tournament.rounds:
            raise CommandError("no round is paired; there is nothing to undo")
        return {"round": len(event.tournament.rounds)}

    return _command(desk, event_id, "round.unpaired", build)


def set_manual_board(desk: Desk, event_id: int, white_ref: str, black_ref: str) -> Event:
    """Pair two players on a board of the last round by hand (their partners meet)."""

    def build(event: Event) -> Mapping[str, Any]:
        t = event.tournament
        if not t.rounds:
            raise CommandError("no round is paired yet")
        white = find_player(t, white_ref)
        black = find_player(t, black_ref)
        return {
            "round": len(t.rounds),
            "white": white.id,
            "black": black.id,
            **_names(white, black),
        }

    return _command(desk, event_id, "board.set", build)


def _result_items(entries: Sequence[tuple[int, str]]) -> list[dict[str, Any]]:
    from fairpair.service.results import parse_result

    if not entries:
        raise CommandError("give a board and a result, e.g. 3 1-0")
    items = []
    for board, text in entries:
        entered = parse_result(text)
        score = entered.match_score
        items.append(
            {
                "board": board,
                "result": entered.result.value,
                "match_score": None
                if score is None
                else [score.first_wins, score.second_wins, score.draws],
            }
        )
    return items


def enter_results(
    desk: Desk,
    event_id: int,
    entries: Sequence[tuple[int, str]],
    *,
    expected_version: int | None = None,
) -> Event:
    """Results of the current round by board, e.g. ``[(3, "1-0"), (4, "1/2")]``."""
    items = _result_items(entries)

    def build(event: Event) -> Mapping[str, Any]:
        t = event.tournament
        if not t.rounds:
            raise CommandError("no round is paired yet")
        current = t.rounds[-1]
        if current.complete:
            raise CommandError(
                f"round {current.number} is complete; to correct a result name the round: "
                f"fairpair result --round {current.number} BOARD RESULT"
            )
        return {"round": current.number, "results": items}

    return _command(desk, event_id, "results.entered", build, expected_version)


def correct_results(
    desk: Desk,
    event_id: int,
    round_number: int,
    entries: Sequence[tuple[int, str]],
    *,
    expected_version: int | None = None,
) -> Event:
    """Enter or correct results of any paired round; standings follow."""
    items = _result_items(entries)
    payload = {"round": round_number, "results": items, "correction": True}
    return _command(desk, event_id, "result.corrected", lambda _: payload, expected_version)


def record_results(
    desk: Desk,
    event_id: int,
    round_number: int | None,
    entries: Sequence[tuple[int, str]],
    *,
    expected_version: int | None = None,
    correcting: Collection[int] = (),
) -> Event:
    """Results typed for one round (default: the last), as one change: logged as entered
    when they fill empty boards of the round being played, else as a correction.

    A result over one already entered is taken only from a caller who saw it (gives
    ``expected_version``) or says that board is a correction (``correcting``); otherwise
    :class:`FilledBoardError`, and nothing is saved.
    """
    t = load(desk, event_id).tournament
    if not t.rounds:
        raise CommandError("no round is paired yet")
    number = len(t.rounds) if round_number is None else round_number
    if expected_version is None and 1 <= number <= len(t.rounds):
        games = t.rounds[number - 1].games
        for board, _ in entries:
            filled = 1 <= board <= len(games) and games[board - 1].result is not None
            if filled and board not in correcting:
                raise FilledBoardError(
                    f"board {board} of round {number} already has a result; nothing was "
                    "saved: to change it, say that it is a correction or give the event's "
                    "version you saw"
                )
    current = t.rounds[-1]
    fills = number == current.number and all(
        1 <= board <= len(current.games) and current.games[board - 1].result is None
        for board, _ in entries
    )
    if fills:
        return enter_results(desk, event_id, entries, expected_version=expected_version)
    return correct_results(desk, event_id, number, entries, expected_version=expected_version)


# --- reading --------------------------------------------------------------------------------


def settings_lines(event: Event) -> list[tuple[str, str]]:
    """The event's settings and progress as (label, value) lines for ``event show``."""
    settings, t = event.settings, event.tournament
    p = settings.points
    points = (
        f"win {format_points(p.win)}, draw {format_points(p.draw)}, loss {format_points(p.loss)}"
    )
    if p.pairing_bye is not None:
        points += f", pairing bye {format_points(p.pairing_bye)}"
    total = "" if t.total_rounds is None else f" of {t.total_rounds}"
    late = f" ({len(t.late_entries)} late entries)" if t.late_entries else ""
    lines = [
        ("event", f"{event.id} {settings.name}"),
        ("system", settings.system.label + (", double" if settings.double else "")),
        ("rounds", f"{len(t.rounds)}{total} paired"),
        ("players", f"{len(t.players)}{late}"),
        ("game", settings.game.label),
        ("points", points + (", ranked by McMahon score" if settings.game is Game.GO else "")),
        ("tie-breaks", ", ".join(settings.chosen_tiebreaks)),
    ]
    if settings.system.knockout:  # no rounds; White follows the knockout's own rule
        lines = [line for line in lines if line[0] != "rounds"]
    elif not settings.card_game:  # a card game's boards have no colours
        lines.append(
            ("first colour", f"top seed {settings.initial_colour.name.lower()} in round 1")
        )
    if settings.start_date or settings.end_date:
        lines.append(
            ("dates", " to ".join(d for d in (settings.start_date, settings.end_date) if d))
        )
    report = (
        ("city", settings.city),
        ("federation", settings.federation),
        ("type", settings.event_type),
        ("chief arbiter", settings.chief_arbiter),
        ("deputies", ", ".join(settings.deputy_arbiters)),
        ("time control", settings.time_control),
        ("round dates", _round_dates(settings.round_dates)),
    )
    lines.extend((label, value) for label, value in report if value)
    if settings.knockout is not None:
        lines.extend(settings.knockout.describe())
    elif not settings.system.round_robin:
        lines.append(("bye limit", settings.bye_limit.describe()))
    else:
        lines.append(("withdrawals", settings.withdrawal_policy.describe()))
    if not settings.swap_last_rounds:
        lines.append(("first cycle's last two rounds", "in table order (not swapped)"))
    if settings.acceleration is not AccelerationMethod.NONE:
        lines.append(("acceleration", settings.acceleration.label))
    return lines


def settings_data(event: Event) -> dict[str, Any]:
    """The event's settings and progress as JSON data for ``event show --format json``: the
    settings as kept (points as exact decimal strings), with the tie-breaks and the pairing
    bye's points as they apply (defaults resolved), whether boards have colours, and the
    event's id, version, rounds paired and players."""
    t = event.tournament
    data = event.settings.to_data()
    data["tiebreaks"] = list(event.settings.chosen_tiebreaks)
    data["points"]["pairing_bye"] = format_points(event.settings.points.pairing_bye_value)
    data["colours"] = not event.settings.card_game
    return {
        "id": event.id,
        **data,
        "version": event.version,
        "rounds_paired": len(t.rounds),
        "players": len(t.players),
    }


def _round_dates(dates: Sequence[str]) -> str:
    return ", ".join(f"{number}: {date}" for number, date in enumerate(dates, start=1))


def standings(event: Event) -> Standings:
    """The event's standings, computed once per version (:meth:`Event.memo`)."""
    return event.memo("standings", lambda: _computed_standings(event))


def entries_of(event: Event) -> dict[int, list[Entry | None]]:
    """Each player's rounds (:func:`fairpair.core.entries`), worked out once per version:
    the standings, the crosstable, the round pages and every player's page read them. Not
    to be changed by the caller."""
    return event.memo("entries", lambda: entries(event.tournament))


def _computed_standings(event: Event) -> Standings:
    """The standings, or those of the version read before if they were computed from the
    same: the tie-breaks read only the complete rounds, so the results of the round being
    played change nothing until its last one is in (a 2,000-player Swiss: 0.4 s of CPU saved
    per result on every server showing the pages)."""
    from fairpair.standings import UnknownTiebreakError, complete_rounds, compute_standings

    codes = tuple(event.settings.chosen_tiebreaks)
    settings = standings_settings(event.tournament, event.settings)
    # Go ranks by McMahon score (a Go Swiss: everyone starts at 0).
    score = "MMS" if event.settings.game is Game.GO else "PTS"
    basis = (complete_rounds(event.tournament), codes, settings, score)
    before = event._memo.pop(_STANDINGS_BEFORE, None)
    if before is not None and before[0] == basis:
        table: Standings = before[1]
    else:
        try:
            table = compute_standings(
                event.tournament, codes, settings, score=score, table=entries_of(event)
            )
        except UnknownTiebreakError as error:
            raise CommandError(f"unknown tie-break {error.code!r}") from None
    event._memo[_STANDINGS_FROM] = (basis, table)
    return table


def export(event: Event, kind: str) -> str:
    """The event as ``trf`` (TRF-16), ``trf2026``, ``json`` (the event) or ``csv`` (players)."""
    from fairpair.service.pairing import accelerated

    match kind:
        case "trf" | "trf2026":
            from fairpair.formats.trf import write_trf

            try:
                tournament = accelerated(event.tournament, event.settings)
                return write_trf(tournament, "trf16" if kind == "trf" else "trf2026")
            except ValueError as error:  # a value the format has no room for
                raise CommandError(f"cannot write the TRF: {error}") from None
        case "json":
            from fairpair.formats.event_json import dump_event

            return dump_event(event.tournament)
        case "csv":
            from fairpair.formats.players_csv import write_players_csv

            return write_players_csv(event.tournament.players)
    raise CommandError(f"cannot export as {kind!r}: choose trf, trf2026, json or csv")


def history(desk: Desk, event_id: int) -> Sequence[LogRecord]:
    return desk.store.log(event_id)


def log_since(
    desk: Desk, event_id: int, first: int, version: int | None = None
) -> Sequence[LogRecord]:
    """The event's records from ``first`` to ``version`` (default: its last), read alone:
    all that :func:`describe` (and its team and Double-Swiss kin) needs to put changes from
    ``first`` on into words (the later renumberings in effect), instead of the whole log.
    Not for an undo or redo record, whose target may be before ``first``."""
    last = desk.store.event(event_id).version if version is None else version
    return desk.store.records(event_id, first, last)


def last_change(desk: Desk, event_id: int, version: int) -> LogRecord:
    """Record ``version`` of the event: the change a command just made, read alone."""
    (record,) = desk.store.records(event_id, version, version)
    return record


@dataclass(frozen=True, slots=True)
class RebuildReport:
    """What a rebuild from the log found."""

    records: int
    matched: bool
    """The cached snapshot was what the log leads to (if not, it has been replaced)."""


def rebuild(desk: Desk, event_id: int) -> RebuildReport:
    """Replay the whole log and make the cached snapshot what it leads to (an individual or
    a team event, each replayed by its own actions)."""
    from fairpair.core import TeamTournament
    from fairpair.core.double_swiss import DoubleSwissTournament

    stored = desk.store.load(event_id)  # the store's snapshot is the one to check
    current = EventSettings.from_data(stored.info.settings)
    records = desk.store.log(event_id)
    log = [(r.action, r.payload) for r in records]
    replayed: Snapshot
    snapshot: Snapshot
    if isinstance(stored.tournament, TeamTournament):
        from fairpair.service.team_actions import replay_team_event

        settings, replayed = replay_team_event(log)
        snapshot = stored.tournament
    elif isinstance(stored.tournament, DoubleSwissTournament):
        from fairpair.service.double_actions import replay_double_event

        settings, replayed = replay_double_event(log)
        snapshot = stored.tournament
    else:
        settings, replayed = actions.replay_event(log)
        snapshot = _with_report(stored.tournament, current)
    matched = replayed == snapshot and settings == current
    if not matched:
        changed = None if settings == current else settings.to_data()
        desk.store.replace_snapshot(event_id, stored.info.version, replayed, changed)
        # The version stays: what this process kept of it was the wrong snapshot.
        _kept(desk.store).forget(event_id)
    return RebuildReport(len(records), matched)


def describe(
    record: LogRecord, tournament: Tournament, log: Sequence[LogRecord] | None = None
) -> str:
    """One line for the audit log in an arbiter's words (names as they are now); with the
    whole ``log``, an undo or redo record also says what the change it names was."""
    p = record.payload
    if record.action in (actions.UNDONE, actions.REDONE):
        verb = "undid" if record.action == actions.UNDONE else "redid"
        seq = p["seq"]
        # Sequence numbers run 1, 2, ... so the record named is found by position.
        target = log[seq - 1] if log is not None and 0 < seq <= len(log) else None
        if target is not None and target.seq != seq:
            target = None
        what = p.get("action", "") if target is None else describe(target, tournament)
        return f"{verb} #{seq}: {what}"

    who = _namer(record, tournament, log)

    def results() -> str:
        shown = ", ".join(f"board {r['board']} {r['result']}" for r in p["results"][:6])
        more = f" and {len(p['results']) - 6} more" if len(p["results"]) > 6 else ""
        return f"round {p['round']}: {shown}{more}"

    match record.action:
        case "event.created":
            rounds = f", {p['rounds']} rounds" if p.get("rounds") else ""
            created = EventSettings.from_data(p)
            limit = created.bye_limit
            byes = f"; byes {limit.describe()}" if limit.limits_anything else ""
            policy = created.withdrawal_policy
            if policy is not WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST:
                byes += f"; withdrawals: {policy.label}"
            return f"created {p['name']!r}: {created.system.label}{rounds}{byes}"
        case "player.registered":
            (player,) = p["players"]
            return f"registered {player['id']} {player['name']}{_late(p, tournament.points)}"
        case "players.imported":
            late = _late(p, tournament.points, "late entries")
            return f"imported {counted(len(p['players']), 'player')}{late}"
        case "player.edited":
            changes = ", ".join(f"{k}={v!r}" for k, v in sorted(p["changes"].items()))
            return f"edited {who(p['player'])}: {changes}"
        case "ratings.updated":
            changes = ", ".join(
                f"{who(item['player'])} {_shown(item['was']['rating'])}->{_shown(item['rating'])}"
                for item in p["players"][:6]
            )
            more = f" and {len(p['players']) - 6} more" if len(p["players"]) > 6 else ""
            return f"updated ratings from {p['list']}: {changes}{more}"
        case "round.paired":
            bye = f", bye {who(p['bye'])}" if p.get("bye") is not None else ""
            renumbered = ", start numbers by rating" if "order" in p else ""
            return f"paired round {p['round']}: {len(p['boards'])} boards{bye}{renumbered}"
        case "round.unpaired":
            return f"undid the pairing of round {p['round']}"
        case "results.entered":
            return "results " + results()
        case "result.corrected":
            return "corrected " + results()
        case "bye.granted":
            kind = p["kind"].replace("_", "-")
            return f"{kind} bye for {who(p['player'])} in round {p['round']}"
        case "player.withdrawn":
            return f"withdrew {who(p['player'])} from round {p['round']} on"
        case "player.returned":
            return f"took back the withdrawal of {who(p['player'])}"
        case "player.removed":
            return f"removed {who(p['player'])} (never paired)"
        case "board.set":
            return f"round {p['round']}: paired {who(p['white'])} - {who(p['black'])} by hand"
        case "pairs.forbidden":
            kept = ", ".join(who(pid) for pid in p["players"])
            return f"kept apart from round {p['first_round']} on: {kept}"
        case "player.codes.issued":
            # The codes themselves stay out of the log's lines.
            return "new player code for " + ", ".join(who(int(pid)) for pid in p["codes"])
        case "checkin.opened":
            return f"opened check-in for round {p['round']}"
        case "checkin.closed":
            return f"closed check-in for round {p['round']}"
        case "player.checked.in":
            return f"{who(p['player'])} checked in for round {p['round']}"
        case "checkin.missing":
            gone = ", ".join(who(pid) for pid in p["players"])
            how = "absent from" if p["as"] == "absent" else "withdrawn from"
            return f"did not check in, {how} round {p['round']}: {gone}"
        case "reporting.switched":
            return f"players {'may' if p['on'] else 'may no longer'} report their results"
        case "result.reported":
            return (
                f"round {p['round']}: {who(p['player'])} reported board {p['board']} {p['result']}"
            )
        case "stage.cut":
            return _cut_words(p, who)
        case "knockout.games":
            return _match_words(p, who)
        case "event.claimed":
            return f"{p['owner']} now runs the event"
        case actions.STAFF:
            return actions.staff_words(p)
        case venue.CLOCK_SET:
            return venue.clock_words(p)
        case venue.ANNOUNCEMENT_SET:
            return f"announced: {p['text']}" if p["text"] else "took down the announcement"
        case "section.set":
            return f"this event is section {p['name']} of the open"
        case "event.edited":
            return "edited the event: " + "; ".join(
                f"{_field_name(k)} {_shown(v, k)} (was {_shown(p.get('before', {}).get(k), k)})"
                for k, v in p["changes"].items()
            )
    return record.action


def _namer(
    record: LogRecord, tournament: Tournament, log: Sequence[LogRecord] | None
) -> Callable[[int], str]:
    """How a log line names a player: by the name the record keeps (as he was then), else
    (a record made before records kept names) by the start number he had then, carried
    through the renumberings of later pairings in effect to the player it is now."""
    kept: Mapping[str, str] = record.payload.get("names", {})
    found: list[dict[int, int]] = []

    def renumbering() -> dict[int, int]:
        # Worked out only for a line that needs it (records kept no names before).
        if found:
            return found[0]
        renumber: dict[int, int] = {}
        # A later change is in effect unless undone since (an odd number of undos and
        # redos name it, all after it): the log from this record on tells, not all of it.
        walks = (actions.UNDONE, actions.REDONE)
        flipped: set[int] = set()
        for later in log or ():
            if later.action in walks:
                flipped ^= {later.payload["seq"]}
        for later in log or ():
            if later.seq <= record.seq or later.action in walks or later.seq in flipped:
                continue
            step: dict[int, int] = {}
            if later.action == "round.paired" and "order" in later.payload:
                step = {old: new for new, old in enumerate(later.payload["order"], start=1)}
            elif later.action == "player.removed":
                gone = later.payload["player"]
                last = max((*tournament.player_ids, *renumber, *renumber.values()), default=0)
                step = {n: n - 1 for n in range(gone + 1, last + 2)}
            if step:
                renumber = {k: step.get(v, v) for k, v in renumber.items()} | {
                    k: v for k, v in step.items() if k not in renumber
                }
        found.append(renumber)
        return renumber

    def who(pid: int) -> str:
        if str(pid) in kept:
            return f"{pid} {kept[str(pid)]}"
        now = renumbering().get(pid, pid) if log is not None else pid
        return f"{pid} {tournament.player(now).name}" if tournament.has_player(now) else str(pid)

    return who


def _cut_words(p: Mapping[str, Any], who: Callable[[int], str]) -> str:
    """``cut to the top 8 (single elimination, best-of-3): seed 1 3 Ann, seed 2 ...``."""
    from fairpair.service.knockout_settings import KnockoutSettings

    rules = KnockoutSettings.from_data(p["rules"]).rules
    how = f"{rules.kind.value} elimination, {rules.match.text}"
    if rules.third_place:
        how += ", third-place match"
    seeds = p["seeds"]
    shown = ", ".join(f"seed {n} {who(pid)}" for n, pid in enumerate(seeds[:8], start=1))
    more = f" and {len(seeds) - 8} more" if len(seeds) > 8 else ""
    if p.get("by") == "rating":
        start = f"started the knockout: {len(seeds)} players seeded by rating"
    elif "top" in p:
        start = f"cut to the top {p['top']}"
    else:
        start = f"cut to {len(seeds)} players named"
    return f"{start} ({how}): {shown}{more}"


def _match_words(p: Mapping[str, Any], who: Callable[[int], str]) -> str:
    """``match 5 (Semi-finals): 3 Ann 2-1 7 Bob, 3 Ann goes through``."""
    top, bottom = p["players"]
    where = f"match {p['match']} ({p['round']})"
    if not p["games"]:
        return f"cleared the games of {where}: {who(top)} - {who(bottom)}"
    verb = "corrected " if p.get("correction") else ""
    games = len(p["games"])
    line = f"{verb}{where}: {who(top)} {p['score']} {who(bottom)}"
    if p.get("winner") is not None:
        return f"{line}, {who(p['winner'])} goes through"
    return f"{line} after {_plural(games, 'game')}"


def _field_name(key: str) -> str:
    return REPORT_FIELDS.get(key) or SETTING_FIELDS.get(key, key)


def _shown(value: Any, key: str = "") -> str:
    """A field's value in a log line: text quoted, a list joined, nothing as none; points
    and bye limits as an organiser writes them."""
    if key == "points" and isinstance(value, Mapping):
        parts = [value["win"], value["draw"], value["loss"]]
        bye = value.get("pairing_bye")
        return ",".join(parts) + ("" if bye is None else f", pairing bye {bye}")
    if key == "bye_limit" and isinstance(value, Mapping):
        return ByeLimit.from_data(value).describe()
    if key == "prizes" and isinstance(value, Mapping):
        rules = PrizeRules.from_data(value)
        names = ", ".join(c.name for c in rules.categories) or "no categories"
        several = "one prize per player" if rules.one_per_player else "several prizes a player"
        return f"[{names}; {several}; {rules.sharing.label}]"
    if isinstance(value, str) and value:
        words = setting_label(key, value)
        if words is not None:
            return repr(words)
    if isinstance(value, bool | int):
        return str(value).lower() if isinstance(value, bool) else str(value)
    if isinstance(value, list | tuple):
        value = ", ".join(str(v) for v in value)
    return repr(value) if value else "none"


def headline(record: LogRecord, tournament: Tournament) -> str:
    """A few words naming a change, for a button or a heading ("results of round 3",
    "pairing of round 4"); :func:`describe` gives the whole line."""
    p = record.payload
    who = _namer(record, tournament, None)

    def boards() -> str:
        items = p["results"]
        return f"board {items[0]['board']}" if len(items) == 1 else f"{len(items)} boards"

    match record.action:
        case "event.created":
            return "creation of the event"
        case "player.registered":
            (player,) = p["players"]
            return f"registration of {player['id']} {player['name']}"
        case "players.imported":
            return f"import of {_plural(len(p['players']), 'player')}"
        case "player.edited":
            return f"edit of {who(p['player'])}"
        case "ratings.updated":
            return f"rating update from {p['list']}"
        case "round.paired":
            return f"pairing of round {p['round']}"
        case "round.unpaired":
            return f"unpairing of round {p['round']}"
        case "results.entered":
            return f"results of round {p['round']} ({boards()})"
        case "result.corrected":
            return f"correction of round {p['round']} ({boards()})"
        case "bye.granted":
            return f"{p['kind'].replace('_', '-')} bye for {who(p['player'])}"
        case "player.withdrawn":
            return f"withdrawal of {who(p['player'])}"
        case "player.returned":
            return f"return of {who(p['player'])}"
        case "player.removed":
            return f"removal of {who(p['player'])}"
        case "board.set":
            return f"board set by hand in round {p['round']}"
        case "pairs.forbidden":
            return f"keeping {', '.join(str(pid) for pid in p['players'])} apart"
        case "player.codes.issued":
            return f"player codes for {_plural(len(p['codes']), 'player')}"
        case "checkin.opened" | "checkin.closed":
            return f"{'opening' if record.action == 'checkin.opened' else 'closing'} of check-in"
        case "player.checked.in":
            return f"check-in of {who(p['player'])}"
        case "checkin.missing":
            return f"{_plural(len(p['players']), 'player')} who did not check in"
        case "reporting.switched":
            return f"self-reporting {'on' if p['on'] else 'off'}"
        case "result.reported":
            return f"report of board {p['board']} by {who(p['player'])}"
        case "stage.cut":
            if p.get("by") == "rating":
                return "the start of the knockout"
            return "the cut" + (f" to the top {p['top']}" if "top" in p else "")
        case "knockout.games":
            verb = "correction" if p.get("correction") else "games"
            return f"{verb} of match {p['match']}"
        case "event.claimed":
            return "the change of director"
        case actions.STAFF:
            return "the change of staff"
        case venue.CLOCK_SET:
            return "the round clock"
        case venue.ANNOUNCEMENT_SET:
            return "the announcement"
        case "section.set":
            return "the section's name"
        case "event.edited":
            return "edit of the event's " + ", ".join(_field_name(k) for k in p["changes"])
        case actions.UNDONE:
            return f"undo of #{p['seq']}"
        case actions.REDONE:
            return f"redo of #{p['seq']}"
    return record.action


def _late(payload: Mapping[str, Any], points: PointSystem, what: str = "a late entry") -> str:
    missed = payload.get("missed")
    if not missed:
        return ""
    worth = {
        "zero_point": points.zero_bye,
        "half_point": points.half_bye_value,
        "full_point": points.full_bye_value,
    }
    values = ", ".join(format_points(worth[kind]) for kind in missed)
    rounds = "round 1" if len(missed) == 1 else f"rounds 1-{len(missed)}"
    return f", {what}: {values} point(s) for {rounds}"
