"""The actions of a Double-Swiss event's audit log and how each changes its snapshot.

A Double-Swiss event is logged as an individual one is (:mod:`fairpair.service.actions`): one
record per command, the players' records in the individual events' shapes
(:func:`~fairpair.service.actions.player_data`), applied here to a
:class:`~fairpair.core.double_swiss.DoubleSwissTournament` both when the command runs and when
the event is rebuilt from its log; undo and redo work on the log the same way.

A board is a match of two games (spec double-swiss.md §1.1). A result record keeps each game
as the two players' marks in the match's order - the first-named player (White of game 1)
first - e.g. ``["1", "0"]`` or ``["=", "="]``: the marks of the TRF (spec §9.1).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from fairpair.core import ForbiddenPairs, PlayerId
from fairpair.core.double_swiss import (
    DoubleRound,
    DoubleSwissTournament,
    Mark,
    Match,
    MatchBye,
    MatchByeKind,
    RequestedMatchBye,
    valid_game,
)
from fairpair.service.actions import (
    EDITABLE_FIELDS,
    STAFF,
    paired_round,
    player_from_data,
    replay_log,
    result_boards,
)
from fairpair.service.errors import CommandError
from fairpair.service.settings import REPORT_FIELDS, EventSettings

__all__ = [
    "DOUBLE_ACTIONS",
    "apply_double",
    "games_data",
    "games_from_data",
    "replay_double_event",
]

Payload = Mapping[str, Any]
Games = tuple[tuple[Mark, Mark], tuple[Mark, Mark]]

_REQUESTED = {
    "half_point": MatchByeKind.HALF_POINT,
    "full_point": MatchByeKind.FULL_POINT,
    "zero_point": MatchByeKind.ZERO_POINT,
}
"""The byes a player may ask for (or be given for a round he missed), by their log names."""


def games_data(games: Games) -> list[list[str]]:
    """A match's two games as a result record keeps them (the first-named player's mark
    first)."""
    return [[a.value, b.value] for a, b in games]


def games_from_data(data: Sequence[Sequence[str]]) -> Games:
    """The two games of a result record; :class:`CommandError` for marks that are not a
    result."""
    if len(data) != 2:
        raise CommandError(f"a match has two games, not {len(data)}")
    try:
        (a1, b1), (a2, b2) = ((Mark(a), Mark(b)) for a, b in data)
    except ValueError:
        raise CommandError(f"{data!r} are not the marks of two games") from None
    for number, (a, b) in enumerate(((a1, b1), (a2, b2)), start=1):
        if not valid_game(a, b):
            raise CommandError(f"game {number}: {a.value} against {b.value} is not a result")
    return ((a1, b1), (a2, b2))


def _rebuilt(t: DoubleSwissTournament, **changes: Any) -> DoubleSwissTournament:
    try:
        return dataclasses.replace(t, **changes)
    except ValueError as error:
        raise CommandError(str(error)) from None


def _name(t: DoubleSwissTournament, pid: PlayerId) -> str:
    for player in t.players:
        if player.id == pid:
            return player.name
    raise CommandError(f"no player {pid}")


# --- players ------------------------------------------------------------------------------------


def _registered(t: DoubleSwissTournament, p: Payload) -> DoubleSwissTournament:
    """New players; after round 1 a late entry, with a bye for each round already paired (a
    zero-point bye unless the record names the points awarded for it)."""
    new = [player_from_data(d) for d in p["players"]]
    taken = {q.id for q in t.players}
    for player in new:
        if player.id in taken:
            raise CommandError(f"start number {player.id} is taken")
        taken.add(player.id)
    missed = p.get("missed") or ["zero_point"] * len(t.rounds)
    if len(missed) != len(t.rounds):
        raise CommandError(
            f"{len(t.rounds)} round(s) are paired: give the points of each missed round, "
            f"not of {len(missed)}"
        )
    rounds = []
    for rnd, name in zip(t.rounds, missed, strict=True):
        kind = _REQUESTED.get(name)
        if kind is None:
            raise CommandError(f"a missed round is a zero, half or full-point bye, not {name!r}")
        byes = (*rnd.byes, *(MatchBye(q.id, kind) for q in new))
        rounds.append(dataclasses.replace(rnd, byes=byes))
    return _rebuilt(t, players=(*t.players, *new), rounds=tuple(rounds))


def _edited(t: DoubleSwissTournament, p: Payload) -> DoubleSwissTournament:
    pid = p["player"]
    _name(t, pid)
    changes = dict(p["changes"])
    unknown = set(changes) - set(EDITABLE_FIELDS)
    if unknown:
        raise CommandError(f"cannot edit {', '.join(sorted(unknown))}")
    try:
        players = tuple(dataclasses.replace(q, **changes) if q.id == pid else q for q in t.players)
    except (TypeError, ValueError) as error:
        raise CommandError(str(error)) from None
    return _rebuilt(t, players=players)


def renumbered(t: DoubleSwissTournament, order: Sequence[PlayerId]) -> DoubleSwissTournament:
    """Start numbers 1..n in ``order`` (before round 1 only): the requested byes, withdrawals
    and forbidden pairs follow their players."""
    if t.rounds:
        raise CommandError("start numbers are fixed once round 1 is paired")
    if sorted(order) != sorted(q.id for q in t.players):
        raise CommandError("the new order must name every player once")
    new_id = {old: new for new, old in enumerate(order, start=1)}
    by_id = {q.id: q for q in t.players}
    return _rebuilt(
        t,
        players=tuple(dataclasses.replace(by_id[old], id=new_id[old]) for old in order),
        requested_byes=tuple(
            dataclasses.replace(b, player=new_id[b.player]) for b in t.requested_byes
        ),
        withdrawn={new_id[pid]: r for pid, r in t.withdrawn.items()},
        forbidden=tuple(
            dataclasses.replace(f, players=tuple(new_id[x] for x in f.players)) for f in t.forbidden
        ),
    )


def _removed(t: DoubleSwissTournament, p: Payload) -> DoubleSwissTournament:
    """A player registered by mistake, never paired nor given points, taken off; before round
    1 the players after him move up one start number."""
    pid = p["player"]
    name = _name(t, pid)
    for rnd in t.rounds:
        if rnd.match_of(pid) is not None:
            raise CommandError(
                f"{name} is paired in round {rnd.number}: a player who has been paired cannot "
                "be removed; withdraw him instead"
            )
        bye = rnd.bye_of(pid)
        if bye is not None and t.byes.of(bye.kind):
            raise CommandError(
                f"{name} has a bye with points in round {rnd.number}: a player who has been "
                "given points cannot be removed; withdraw him instead"
            )
    if any(b.player == pid for b in t.requested_byes):
        raise CommandError(f"{name} has a bye requested: undo it before removing him")
    forbidden = []
    for rule in t.forbidden:
        members = tuple(x for x in rule.players if x != pid)
        if len(members) >= 2:
            forbidden.append(dataclasses.replace(rule, players=members))
    gone = _rebuilt(
        t,
        players=tuple(q for q in t.players if q.id != pid),
        rounds=tuple(
            dataclasses.replace(r, byes=tuple(b for b in r.byes if b.player != pid))
            for r in t.rounds
        ),
        withdrawn={x: r for x, r in t.withdrawn.items() if x != pid},
        forbidden=tuple(forbidden),
    )
    if t.rounds:
        return gone
    return renumbered(gone, sorted(q.id for q in gone.players))


def _withdrawn(t: DoubleSwissTournament, p: Payload) -> DoubleSwissTournament:
    """The player is not paired from ``round`` on: each round he misses is a zero-point bye
    (spec §1.6)."""
    pid, number = p["player"], p["round"]
    name = _name(t, pid)
    if pid in t.withdrawn:
        raise CommandError(f"{name} has already withdrawn")
    if number < t.next_round:
        raise CommandError(f"round {number} is already paired; withdraw from round {t.next_round}")
    if t.total_rounds is not None and number > t.total_rounds:
        raise CommandError(
            f"the event's last round is round {t.total_rounds}: there is no round {number} "
            "to withdraw from"
        )
    return _rebuilt(t, withdrawn={**t.withdrawn, pid: number})


def _returned(t: DoubleSwissTournament, p: Payload) -> DoubleSwissTournament:
    pid = p["player"]
    name = _name(t, pid)
    since = t.withdrawn.get(pid)
    if since is None:
        raise CommandError(f"{name} has not withdrawn")
    if since <= len(t.rounds):
        raise CommandError(
            f"{name} withdrew from round {since} on, and round {since} is already paired "
            "without him: the withdrawal can be taken back only before that round is paired "
            "(undo the pairing first if it has no results)"
        )
    return _rebuilt(t, withdrawn={x: r for x, r in t.withdrawn.items() if x != pid})


def _bye(t: DoubleSwissTournament, p: Payload) -> DoubleSwissTournament:
    """A bye asked for a whole match-round not yet paired: half-point, full-point or
    zero-point (an absence announced); a second request for the round replaces the first."""
    pid, number = p["player"], p["round"]
    name = _name(t, pid)
    kind = _REQUESTED.get(p["kind"])
    if kind is None:
        raise CommandError(
            f"a requested bye is half-point, full-point or zero-point, not {p['kind']!r}"
        )
    if number < t.next_round:
        raise CommandError(
            f"round {number} is already paired; a bye can be granted from round "
            f"{t.next_round} on (undo the pairing first if it has no results)"
        )
    if t.total_rounds is not None and number > t.total_rounds:
        raise CommandError(f"the event has {t.total_rounds} rounds, not {number}")
    since = t.withdrawn.get(pid)
    if since is not None and number >= since:
        raise CommandError(f"{name} has withdrawn")
    others = tuple(b for b in t.requested_byes if not (b.player == pid and b.round == number))
    requested = sorted(
        (*others, RequestedMatchBye(number, pid, kind)), key=lambda b: (b.round, b.player)
    )
    return _rebuilt(t, requested_byes=tuple(requested))


def _forbidden(t: DoubleSwissTournament, p: Payload) -> DoubleSwissTournament:
    """Players kept apart: no two of them are paired from ``first_round`` on (TRF ``260``)."""
    members = tuple(p["players"])
    for pid in members:
        _name(t, pid)
    if len(set(members)) < 2:
        raise CommandError("name at least two different players to keep apart")
    first = p.get("first_round", t.next_round)
    if first < t.next_round:
        raise CommandError(f"round {first} is already paired; forbid from round {t.next_round}")
    if t.total_rounds is not None and first > t.total_rounds:
        raise CommandError(f"the event has {t.total_rounds} rounds, not {first}")
    rule = ForbiddenPairs(members, first_round=first, last_round=p.get("last_round"))
    return _rebuilt(t, forbidden=(*t.forbidden, rule))


# --- rounds -------------------------------------------------------------------------------------


def unfinished_boards(rnd: DoubleRound) -> list[int]:
    """The boards of a round whose match has no result yet."""
    return [n for n, m in enumerate(rnd.matches, start=1) if not m.finished]


def _pab_barred(t: DoubleSwissTournament, pid: PlayerId) -> int | None:
    """The round in which the player had a pairing-allocated bye, a full-point bye or a win
    by forfeit: he may not have the pairing-allocated bye again ([C2], spec §2.7)."""
    for rnd in t.rounds:
        bye = rnd.bye_of(pid)
        if bye is not None and bye.kind.bars_pab:
            return rnd.number
        match = rnd.match_of(pid)
        if match is not None and match.won_by_forfeit(pid):
            return rnd.number
    return None


def _paired(t: DoubleSwissTournament, p: Payload) -> DoubleSwissTournament:
    """A match-round paired: its matches (White of game 1 first), the pairing-allocated bye,
    and a bye for everyone with an absence announced (his requested bye, a zero-point bye
    after a withdrawal)."""
    if "order" in p:
        t = renumbered(t, p["order"])
    number = p["round"]
    if number != t.next_round:
        raise CommandError(f"the next round is {t.next_round}, not {number}")
    if t.total_rounds is not None and number > t.total_rounds:
        raise CommandError(f"all {t.total_rounds} rounds are paired")
    if t.rounds:
        missing = unfinished_boards(t.rounds[-1])
        if missing:
            raise CommandError(
                f"round {t.rounds[-1].number} still lacks the result of board(s) "
                f"{', '.join(map(str, missing))}; enter them first"
            )
    matches = []
    for white, black in p["matches"]:
        for pid in (white, black):
            _name(t, pid)
            if t.absence(pid, number) is not None:
                raise CommandError(
                    f"{_name(t, pid)} is absent from round {number} and cannot be paired"
                )
        try:
            matches.append(Match(white, black))
        except ValueError as error:
            raise CommandError(str(error)) from None
    byes: list[MatchBye] = []
    pab = p.get("bye")
    if pab is not None:
        name = _name(t, pab)
        if t.absence(pab, number) is not None:
            raise CommandError(f"{name} is absent from round {number}: no pairing-allocated bye")
        barred = _pab_barred(t, pab)
        if barred is not None:
            raise CommandError(
                f"{name} cannot have the pairing-allocated bye: he had a bye with points or a "
                f"win by forfeit in round {barred} (a player gets it at most once)"
            )
        byes.append(MatchBye(pab, MatchByeKind.PAIRING_ALLOCATED))
    placed = {x for m in matches for x in m.players} | {b.player for b in byes}
    for player in sorted(t.players, key=lambda q: q.id):
        if player.id not in placed:
            absence = t.absence(player.id, number)
            if absence is None:
                raise CommandError(f"{player.name} is neither paired nor absent in round {number}")
            byes.append(MatchBye(player.id, absence))
    try:
        rnd = DoubleRound(number, tuple(matches), tuple(byes))
    except ValueError as error:
        raise CommandError(str(error)) from None
    # The round's absences are now its byes (before_round turns them back into requests).
    requested = tuple(b for b in t.requested_byes if b.round != number)
    return _rebuilt(t, rounds=(*t.rounds, rnd), requested_byes=requested)


def _unpaired(t: DoubleSwissTournament, p: Payload) -> DoubleSwissTournament:
    number = p["round"]
    if number != len(t.rounds) or number == 0:
        raise CommandError(f"round {number} is not the last paired round")
    done = [n for n, m in enumerate(t.rounds[-1].matches, start=1) if m.finished]
    if done:
        raise CommandError(
            f"round {number} already has results on {len(done)} board(s); undo is only "
            "possible before any result is in (correct results instead)"
        )
    return t.before_round(number)


def _results(t: DoubleSwissTournament, p: Payload) -> DoubleSwissTournament:
    """The results of boards of one round: each board's two games, as the match's players'
    marks. Without ``correction`` a board that already has a result is refused."""
    number = p["round"]
    rnd = paired_round(t.rounds, number)
    matches = list(rnd.matches)
    for item in result_boards(number, len(matches), p["results"]):
        board = item["board"]
        match = matches[board - 1]
        if match.finished and not p.get("correction", False):
            raise CommandError(
                f"board {board} of round {number} already has a result; to correct it, name "
                f"the round: fairpair result --round {number} {board} GAME1 GAME2"
            )
        games = None if item["games"] is None else games_from_data(item["games"])
        matches[board - 1] = dataclasses.replace(match, games=games)
    rounds = list(t.rounds)
    rounds[number - 1] = dataclasses.replace(rnd, matches=tuple(matches))
    return _rebuilt(t, rounds=tuple(rounds))


# --- the event ----------------------------------------------------------------------------------


def _claimed(t: DoubleSwissTournament, _: Payload) -> DoubleSwissTournament:
    return t


def _event_edited(t: DoubleSwissTournament, p: Payload) -> DoubleSwissTournament:
    """Report fields, the number of rounds or the tie-breaks changed (the snapshot keeps the
    name and the number of rounds; the settings keep the rest)."""
    changes = dict(p["changes"])
    unknown = sorted(set(changes) - set(REPORT_FIELDS) - {"rounds", "tiebreaks"})
    if unknown:
        raise CommandError(
            f"cannot edit {', '.join(unknown)} of a Double-Swiss event (its report fields, "
            "number of rounds and tie-breaks can change)"
        )
    rounds = changes.get("rounds", t.total_rounds)
    if rounds is not None and rounds < len(t.rounds):
        raise CommandError(
            f"number of rounds: {len(t.rounds)} rounds are already paired, so the event cannot "
            f"have {rounds}"
        )
    return _rebuilt(t, name=changes.get("name", t.name), total_rounds=rounds)


DOUBLE_ACTIONS: dict[str, Callable[[DoubleSwissTournament, Payload], DoubleSwissTournament]] = {
    "player.registered": _registered,
    "players.imported": _registered,
    "player.edited": _edited,
    "player.removed": _removed,
    "player.withdrawn": _withdrawn,
    "player.returned": _returned,
    "bye.granted": _bye,
    "pairs.forbidden": _forbidden,
    "round.paired": _paired,
    "round.unpaired": _unpaired,
    "results.entered": _results,
    "result.corrected": _results,
    "event.claimed": _claimed,
    STAFF: _claimed,
    "event.edited": _event_edited,
}
"""Every action of a Double-Swiss event after ``event.created``, by its name in the log."""


def apply_double(
    tournament: DoubleSwissTournament | None,
    action: str,
    payload: Payload,
    settings: EventSettings | None = None,
) -> DoubleSwissTournament:
    """The Double-Swiss snapshot after one action; :class:`CommandError` if it does not fit."""
    if action == "event.created":
        return EventSettings.from_data(payload).empty_double_event()
    if tournament is None:
        raise CommandError(f"the log must start with event.created, not {action}")
    try:
        change = DOUBLE_ACTIONS[action]
    except KeyError:
        raise CommandError(f"{action!r} is not an action of a Double-Swiss event") from None
    return change(tournament, payload)


def replay_double_event(
    records: Iterable[tuple[str, Payload]],
) -> tuple[EventSettings, DoubleSwissTournament]:
    """The settings and snapshot a whole log leads to, undone changes skipped."""
    return replay_log(records, apply_double)
