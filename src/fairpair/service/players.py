"""The player's own door to an individual event: personal codes, check-in and self-drop.

What this door needs beside the snapshot (the codes, whether check-in is open and who has
checked in) is read from the log records in effect, never put in the snapshot: so a code is
in no export (TRF, JSON, CSV) and on no public page, and every change here is one log record
that undo takes back like any other.

A code is 12 characters of an alphabet without look-alikes (no 0/O, 1/I/L): 31**12, about
2**59 codes, with code attempts throttled (:func:`player_by_code`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fairpair.core import Player, PlayerId, Tournament
from fairpair.service import accounts, actions
from fairpair.service.errors import CommandError
from fairpair.service.events import (
    Desk,
    Event,
    _command,
    _names,
    enter_results,
    find_player,
    load,
    withdraw,
)
from fairpair.service.results import parse_result, turned
from fairpair.storage import ConcurrencyError

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "Door",
    "ReportedBoard",
    "check_in",
    "close_check_in",
    "code_digest",
    "door",
    "issue_codes",
    "mark_missing",
    "missing",
    "new_code",
    "open_check_in",
    "player_by_code",
    "report_result",
    "reported_boards",
    "self_actor",
    "self_drop",
    "switch_reporting",
]

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 12
_LIMITS = accounts.Limits()


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def code_digest(code: str) -> str:
    """What a player's cookie keeps of the code (a new code makes an old cookie useless)."""
    return hashlib.sha256(code.encode()).hexdigest()


def _typed(code: str) -> str:
    """A code as typed: case, spaces and dashes ignored."""
    return "".join(c for c in code.upper() if c.isalnum())


@dataclass(frozen=True, slots=True)
class Door:
    """The state of the players' door of one event, at one version."""

    codes: Mapping[PlayerId, str]
    check_in_round: int | None
    """The round check-in is open for, or None when it is closed."""
    checked_in: frozenset[PlayerId]
    """Who has checked in for ``check_in_round`` (or for the round it was last open for)."""
    check_in_of: int | None
    """The round ``checked_in`` is about."""
    reporting: bool = False
    """Players may report their own results (the director's switch; off at first)."""
    reports: Mapping[tuple[int, int], Mapping[PlayerId, str]] = dataclasses.field(
        default_factory=dict
    )
    """The results players reported, by (round, board) and player, as they typed them."""

    def code_of(self, pid: PlayerId) -> str | None:
        return self.codes.get(pid)

    def here_for(self, round_number: int) -> frozenset[PlayerId]:
        """Who has checked in for round ``round_number`` (nobody, if check-in was last about
        another round)."""
        return self.checked_in if self.check_in_of == round_number else frozenset()


def _renumbered(values: Mapping[PlayerId, Any], step: Mapping[int, int]) -> dict[PlayerId, Any]:
    return {step.get(pid, pid): value for pid, value in values.items()}


def _fold(records: Sequence[tuple[int, str, Mapping[str, Any]]]) -> Door:
    """The door after the records in effect, start numbers followed through the pairing of
    round 1 (by rating) and removals, so that a code stays its player's."""
    history = actions.undo_history(records)
    in_effect = set(history.in_effect)
    codes: dict[PlayerId, str] = {}
    here: dict[PlayerId, bool] = {}
    open_round: int | None = None
    of: int | None = None
    reporting = False
    reports: dict[tuple[int, int], dict[PlayerId, str]] = {}
    for seq, action, p in records:
        if seq not in in_effect:
            continue
        if action == "reporting.switched":
            reporting = p["on"]
        elif action == "result.reported":
            reports.setdefault((p["round"], p["board"]), {})[p["player"]] = p["result"]
        elif action in ("round.unpaired", "board.set"):
            # The boards of that round are not what the players reported on any more.
            reports = {key: value for key, value in reports.items() if key[0] != p["round"]}
        if action == "player.codes.issued":
            codes.update({int(pid): code for pid, code in p["codes"].items()})
        elif action == "checkin.opened":
            open_round = p["round"]
            if of != p["round"]:
                here, of = {}, p["round"]
        elif action == "checkin.closed":
            open_round = None
        elif action == "player.checked.in":
            if of != p["round"]:
                here, of = {}, p["round"]
            here[p["player"]] = True
        elif action == "round.paired":
            if "order" in p:
                step = {old: new for new, old in enumerate(p["order"], start=1)}
                codes, here = _renumbered(codes, step), _renumbered(here, step)
            if p.get("round") == open_round:
                open_round = None  # pairing the round ends its check-in
        elif action == "player.removed":
            gone = p["player"]
            codes.pop(gone, None)
            here.pop(gone, None)
            step = {n: n - 1 for n in (*codes, *here) if n > gone}
            codes, here = _renumbered(codes, step), _renumbered(here, step)
    return Door(codes, open_round, frozenset(here), of, reporting, reports)


def door(desk: Desk, event: Event) -> Door:
    """The players' door of ``event``, worked out once per version."""
    return event.memo(
        "player_door",
        lambda: _fold([(r.seq, r.action, r.payload) for r in desk.store.log(event.id)]),
    )


# --- codes ------------------------------------------------------------------------------------


def issue_codes(
    desk: Desk, event_id: int, refs: Sequence[str] = (), *, expected_version: int | None = None
) -> Event:
    """New codes for the players named (their old codes stop working), or, naming none, for
    every player who has none yet. One log record."""
    event = load(desk, event_id)
    known = door(desk, event)

    def build(e: Event) -> Mapping[str, Any]:
        if refs:
            chosen = [find_player(e.tournament, ref) for ref in refs]
        else:
            chosen = [p for p in e.tournament.players if p.id not in known.codes]
        if not chosen:
            raise CommandError("every player has a code already; name a player for a new one")
        return {"codes": {str(p.id): new_code() for p in chosen}, **_names(*chosen)}

    return _command(desk, event_id, "player.codes.issued", build, expected_version)


def player_by_code(
    desk: Desk,
    event_id: int,
    code: str,
    *,
    address: str,
    limits: accounts.Limits = _LIMITS,
) -> Player | None:
    """The player whose code this is in this event (None if it is none's), through the
    sign-in throttle (per address and per event): :class:`accounts.TooManyAttemptsError`."""
    keys = [
        (f"player-code:{address}", limits.per_address),
        (f"player-code-event:{event_id}", limits.overall),
    ]
    counted = accounts.count_attempts(desk, keys, limits)
    event = load(desk, event_id)
    found = player_by_digest(desk, event, code_digest(_typed(code)))
    if found is not None:
        for key in counted:
            desk.store.forget_attempt(key)
    return found


def player_by_digest(desk: Desk, event: Event, digest: str) -> Player | None:
    """The player whose current code has this digest (a cookie's), if any."""
    by_digest = event.memo(
        "player_code_digests",
        lambda: {code_digest(code): pid for pid, code in door(desk, event).codes.items()},
    )
    pid = by_digest.get(digest)
    if pid is None or not event.tournament.has_player(pid):
        return None
    return event.tournament.player(pid)


def self_actor(player: Player) -> str:
    """How the log names a player acting from their own page."""
    return f"player {player.id} {player.name} (self)"


# --- check-in ---------------------------------------------------------------------------------


def open_check_in(desk: Desk, event_id: int, *, expected_version: int | None = None) -> Event:
    def build(e: Event) -> Mapping[str, Any]:
        if door(desk, e).check_in_round is not None:
            raise CommandError("check-in is already open")
        return {"round": e.tournament.next_round}

    return _command(desk, event_id, "checkin.opened", build, expected_version)


def close_check_in(desk: Desk, event_id: int, *, expected_version: int | None = None) -> Event:
    def build(e: Event) -> Mapping[str, Any]:
        if door(desk, e).check_in_round is None:
            raise CommandError("check-in is not open")
        return {"round": e.tournament.next_round}

    return _command(desk, event_id, "checkin.closed", build, expected_version)


def check_in(
    desk: Desk,
    event_id: int,
    ref: str,
    *,
    player_id: PlayerId | None = None,
    expected_version: int | None = None,
) -> Event:
    """Check a player in for the next round (the director by name or number, or a player
    from their page: ``player_id``), while check-in is open."""

    def build(e: Event) -> Mapping[str, Any]:
        known = door(desk, e)
        if known.check_in_round is None:
            raise CommandError("check-in is not open; the director opens it before the round")
        player = e.tournament.player(player_id) if player_id else find_player(e.tournament, ref)
        if player.id in known.checked_in and known.check_in_of == known.check_in_round:
            raise CommandError(f"{player.name} has already checked in")
        return {"player": player.id, "round": known.check_in_round, **_names(player)}

    return _command(desk, event_id, "player.checked.in", build, expected_version)


def missing(desk: Desk, event: Event) -> tuple[Player, ...]:
    """The players to pair in the next round who have not checked in for it (none while
    check-in has never been opened for it)."""
    known = door(desk, event)
    t: Tournament = event.tournament
    if known.check_in_of != t.next_round:
        return ()
    here = known.here_for(t.next_round)
    return tuple(t.player(pid) for pid in t.players_to_pair() if pid not in here)


def mark_missing(
    desk: Desk, event_id: int, how: str, *, expected_version: int | None = None
) -> Event:
    """Everyone who has not checked in for the next round becomes absent from it (a bye of no
    points) or withdrawn from it on (``how``: ``absent`` or ``withdrawn``): one log record."""
    if how not in ("absent", "withdrawn"):
        raise CommandError(f"missing players become 'absent' or 'withdrawn', not {how!r}")

    def build(e: Event) -> Mapping[str, Any]:
        if e.settings.system.round_robin and how == "absent":
            raise CommandError("a round robin follows its schedule: withdraw them instead")
        gone = missing(desk, e)
        if not gone:
            raise CommandError("everyone to pair has checked in")
        return {
            "round": e.tournament.next_round,
            "players": [p.id for p in gone],
            "as": how,
            **_names(*gone),
        }

    return _command(desk, event_id, "checkin.missing", build, expected_version)


# --- self-drop --------------------------------------------------------------------------------


def self_drop(
    desk: Desk,
    event_id: int,
    player_id: PlayerId,
    from_round: int,
    *,
    expected_version: int | None = None,
) -> Event:
    """A player withdraws from ``from_round`` (the next round their page showed) on: refused
    once that round is paired. ``desk.actor`` should be :func:`self_actor`."""
    event = load(desk, event_id)
    if from_round < event.tournament.next_round:
        raise CommandError(
            f"round {from_round} is already paired: ask the director to withdraw you from "
            f"round {event.tournament.next_round} on"
        )
    return withdraw(desk, event_id, str(player_id), from_round, expected_version=expected_version)


# --- self-reported results ----------------------------------------------------------------


def switch_reporting(
    desk: Desk, event_id: int, on: bool, *, expected_version: int | None = None
) -> Event:
    """Let players report their own results (``on``), or stop them."""

    def build(e: Event) -> Mapping[str, Any]:
        if door(desk, e).reporting == on:
            raise CommandError(f"self-reporting is already {'on' if on else 'off'}")
        return {"on": on}

    return _command(desk, event_id, "reporting.switched", build, expected_version)


def _same(first: str, second: str) -> bool:
    return parse_result(first) == parse_result(second)


def report_result(
    desk: Desk,
    event_id: int,
    player_id: PlayerId,
    board: int,
    text: str,
    *,
    own_side: bool = False,
    expected_version: int | None = None,
) -> Event:
    """A player's report of their board's result in the round being played: White's or the
    first-listed player's side first, as a director types it, or with ``own_side`` the
    player's own games first (a card player's ``2-1``: they won two games to one). When the
    opponent has reported the same result, the result is entered, logged as reported by
    both; otherwise the report waits, and the desk shows the board (:func:`reported_boards`).
    The director's entry always wins: a board with a result takes no report."""
    parse_result(text)  # a clear error before anything is written
    event = load(desk, event_id)
    if expected_version is not None and expected_version != event.version:
        raise ConcurrencyError(event.info.name, expected_version, event.version)
    known = door(desk, event)
    if not known.reporting:
        raise CommandError("the director enters the results of this event")
    t = event.tournament
    if not t.rounds or not 1 <= board <= len(t.rounds[-1].games):
        raise CommandError(f"there is no board {board} to report")
    number = t.rounds[-1].number
    game = t.rounds[-1].games[board - 1]
    if player_id not in (game.white, game.black):
        raise CommandError(f"you do not play on board {board}")
    other = game.black if game.white == player_id else game.white
    if own_side and player_id == game.black:
        text = turned(text)
    theirs = known.reports.get((number, board), {}).get(other)
    if theirs is not None and _same(theirs, text) and game.result is None:
        both = Desk(
            desk.store,
            desk.clock,
            f"{self_actor(t.player(other))} and {self_actor(t.player(player_id))}, "
            "reported by both",
        )
        return enter_results(both, event_id, [(board, text)], expected_version=event.version)
    return _command(
        desk,
        event_id,
        "result.reported",
        lambda _: {"round": number, "board": board, "player": player_id, "result": text},
        expected_version=event.version,
    )


@dataclass(frozen=True, slots=True)
class ReportedBoard:
    """A board of the round being played that players reported on without a result yet:
    their reports disagree, or only one has reported."""

    board: int
    first: Player
    """The player listed first on the board (White), whose side every report puts first."""
    second: Player
    reports: tuple[tuple[Player, str], ...]
    disagree: bool


def reported_boards(desk: Desk, event: Event) -> tuple[ReportedBoard, ...]:
    """The boards the desk flags: reports that disagree, or a lone report."""
    t = event.tournament
    if not t.rounds:
        return ()
    number = t.rounds[-1].number
    flagged = []
    for (rnd, board), reports in sorted(door(desk, event).reports.items()):
        game = t.rounds[-1].games[board - 1]
        if rnd != number or game.result is not None or game.black is None:
            continue
        texts = list(reports.values())
        disagree = len(texts) == 2 and not _same(texts[0], texts[1])
        shown = tuple((t.player(pid), text) for pid, text in reports.items())
        first, second = t.player(game.white), t.player(game.black)
        flagged.append(ReportedBoard(board, first, second, shown, disagree))
    return tuple(flagged)
