"""The actions of the audit log and how each one changes the tournament snapshot.

Every command a director runs is recorded as one action with a JSON payload; :func:`apply`
is the single place that turns an action into a new snapshot, both when the command runs and
when the event is rebuilt from its log, so the two cannot drift apart. It checks the action
against the snapshot and raises :class:`CommandError` when it does not fit.

Undo and redo never delete or rewrite a record: ``action.undone`` names the sequence number
of the change it takes back and ``action.redone`` the one it brings back, and a replay skips
what is undone (:func:`undo_history`). Undo always takes the latest change still in effect,
so no change in effect can depend on one that is undone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from fairpair.core import (
    AWARDABLE_BYES,
    Bye,
    ByeKind,
    Colour,
    ForbiddenPairs,
    Game,
    GameResult,
    MatchScore,
    Pairing,
    Player,
    PlayerId,
    RequestedBye,
    Round,
    Tournament,
)
from fairpair.service import knockout_actions, venue
from fairpair.service.errors import CommandError
from fairpair.service.settings import (
    REPORT_FIELDS,
    SECTION_SET,
    SETTING_FIELDS,
    EventSettings,
    Section,
    System,
)

__all__ = [
    "ACTIONS",
    "KEPT",
    "REDONE",
    "STAFF",
    "UNDONE",
    "UndoHistory",
    "apply",
    "paired_round",
    "pairing_payload",
    "player_data",
    "player_from_data",
    "removal_refused",
    "renumbered",
    "replay",
    "replay_event",
    "replay_log",
    "replay_onto",
    "result_boards",
    "settings_after",
    "undo_history",
    "withdrawal_forfeit",
]

Payload = Mapping[str, Any]

_PLAYER_FIELDS = ("name", "rating", "title", "federation", "club", "fide_id", "birth_date", "sex")
EDITABLE_FIELDS = (*_PLAYER_FIELDS, "k_factor")


def player_data(player: Player) -> dict[str, Any]:
    data = {"id": player.id} | {name: getattr(player, name) for name in _PLAYER_FIELDS}
    # Only when set: the log records of players without one stay as they were.
    return data if player.k_factor is None else data | {"k_factor": player.k_factor}


def player_from_data(data: Payload) -> Player:
    return Player(id=data["id"], **{name: data[name] for name in EDITABLE_FIELDS if name in data})


# --- one function per action ----------------------------------------------------------------


def _registered(t: Tournament, p: Payload) -> Tournament:
    new = [player_from_data(d) for d in p["players"]]
    # A late entry has a bye in every round already paired (spec scoring.md §3): the points
    # the director awarded for it, a zero-point bye when the log names none.
    missed = p.get("missed")
    awarded = None if missed is None else [_awarded_bye(name) for name in missed]
    if awarded is not None and len(awarded) != len(t.rounds):
        raise CommandError(
            f"{len(t.rounds)} round(s) are paired: give the points of each missed round, "
            f"not of {len(awarded)}"
        )
    seen: set[PlayerId] = set()
    for player in new:
        if t.has_player(player.id) or player.id in seen:
            raise CommandError(f"start number {player.id} is taken")
        seen.add(player.id)
    try:
        # All in one copy: one copy per player made an import quadratic in its size.
        return t.with_players(new, awarded)
    except ValueError as error:
        raise CommandError(str(error)) from None


def _awarded_bye(name: str) -> ByeKind:
    try:
        kind = ByeKind[name.upper()]
    except KeyError:
        kind = ByeKind.ABSENT
    if kind not in AWARDABLE_BYES:
        raise CommandError(f"a missed round is a zero, half or full-point bye, not {name!r}")
    return kind


def _edited(t: Tournament, p: Payload) -> Tournament:
    pid = p["player"]
    player = t.player(pid)
    changes = dict(p["changes"])
    unknown = set(changes) - set(EDITABLE_FIELDS)
    if unknown:
        raise CommandError(f"cannot edit {', '.join(sorted(unknown))}")
    edited = dataclasses.replace(player, **changes)
    return t.replace(players=tuple(edited if q.id == pid else q for q in t.players))


def renumbered(t: Tournament, order: Sequence[PlayerId]) -> Tournament:
    """Give start numbers 1..n in ``order`` (before round 1 only)."""
    if t.rounds:
        raise CommandError("start numbers are fixed once round 1 is paired")
    if sorted(order) != sorted(t.player_ids):
        raise CommandError("the new order must name every player once")
    new_id = {old: new for new, old in enumerate(order, start=1)}
    players = tuple(dataclasses.replace(t.player(old), id=new_id[old]) for old in order)
    return t.replace(
        players=players,
        requested_byes=tuple(
            dataclasses.replace(b, player=new_id[b.player]) for b in t.requested_byes
        ),
        accelerations=tuple(
            dataclasses.replace(a, player=new_id[a.player]) for a in t.accelerations
        ),
        forbidden=tuple(
            dataclasses.replace(f, players=tuple(new_id[x] for x in f.players)) for f in t.forbidden
        ),
        withdrawals=tuple((new_id[x], r) for x, r in t.withdrawals),
        late_entries=tuple(dataclasses.replace(e, player=new_id[e.player]) for e in t.late_entries),
        initial_ranking=None,
    )


def _paired(t: Tournament, p: Payload) -> Tournament:
    if "order" in p:
        t = renumbered(t, p["order"])
    if "total_rounds" in p:
        t = t.replace(total_rounds=p["total_rounds"])
    number = p["round"]
    if number != t.next_round:
        raise CommandError(f"the next round is {t.next_round}, not {number}")
    if t.rounds and not t.rounds[-1].complete:
        missing = sum(1 for g in t.rounds[-1].games if g.result is None)
        raise CommandError(
            f"round {t.rounds[-1].number} still lacks {missing} result(s); enter them first"
        )
    coloured = p.get("coloured", True)
    boards = tuple(Game(w, b, coloured=coloured) for w, b in p["boards"])
    for pid in (x for g in boards for x in (g.white, g.black)):
        if not t.has_player(pid):
            raise CommandError(f"no player {pid}")
    if "forfeited" in p:
        boards = _forfeited(t, number, boards, p["forfeited"])
    pairing = Pairing(number, boards, p["bye"])
    try:
        rnd = pairing.to_round(t)
        # Whoever the pairing leaves out without a requested bye has withdrawn: absent.
        placed = set(rnd.participants())
        absent = tuple(Bye(pid, ByeKind.ABSENT) for pid in t.player_ids if pid not in placed)
        return t.with_round(dataclasses.replace(rnd, byes=(*rnd.byes, *absent)))
    except ValueError as error:
        raise CommandError(str(error)) from None


def withdrawal_forfeit(white_withdrawn: bool, black_withdrawn: bool) -> GameResult:
    """The result of a scheduled game that a withdrawal leaves unplayed: a forfeit lost by
    whoever has withdrawn (both, if both have)."""
    if white_withdrawn and black_withdrawn:
        return GameResult.DOUBLE_FORFEIT
    if white_withdrawn:
        return GameResult.BLACK_WINS_BY_FORFEIT
    if black_withdrawn:
        return GameResult.WHITE_WINS_BY_FORFEIT
    raise ValueError("neither player has withdrawn")


def _forfeited(
    t: Tournament, number: int, boards: tuple[Game, ...], forfeited: Sequence[int]
) -> tuple[Game, ...]:
    """A round robin's scheduled games left unplayed by a withdrawal (spec round-robin.md
    §6.3): each listed board is a forfeit lost by its withdrawn player."""
    games = list(boards)
    for board in forfeited:
        if not 1 <= board <= len(games):
            raise CommandError(f"round {number} has no board {board}")
        game = games[board - 1]
        white, black = (t.withdrawn_before(pid, number) for pid in (game.white, game.black))
        if not (white or black):
            raise CommandError(
                f"board {board} of round {number}: neither player has withdrawn, so the game "
                "is to be played"
            )
        games[board - 1] = dataclasses.replace(game, result=withdrawal_forfeit(white, black))
    return tuple(games)


def _unpaired(t: Tournament, p: Payload) -> Tournament:
    number = p["round"]
    if number != len(t.rounds) or number == 0:
        raise CommandError(f"round {number} is not the last paired round")
    entered = [g for g in t.rounds[-1].games if g.result is not None]
    if entered:
        raise CommandError(
            f"round {number} already has {len(entered)} result(s); "
            "undo is only possible before any result is in (correct results instead)"
        )
    return t.before_round(number)


R = TypeVar("R")


def paired_round(rounds: Sequence[R], number: int) -> R:
    """Round ``number`` of the rounds paired so far (of any kind of event), or a
    :class:`CommandError` saying which rounds are paired."""
    if not 1 <= number <= len(rounds):
        paired = "no round is paired yet" if not rounds else f"rounds 1-{len(rounds)} are paired"
        raise CommandError(f"round {number} is not paired ({paired})")
    return rounds[number - 1]


def result_boards(number: int, boards: int, items: Iterable[Payload]) -> Iterator[Payload]:
    """The items of a results record of round ``number`` (of ``boards`` boards), each checked:
    a board the round has, given once."""
    seen: set[int] = set()
    for item in items:
        board = item["board"]
        if not 1 <= board <= boards:
            raise CommandError(
                f"round {number} has no board {board} (boards 1-{boards})"
                if boards
                else f"round {number} has no boards"
            )
        if board in seen:
            raise CommandError(f"board {board} is given twice")
        seen.add(board)
        yield item


def _results(t: Tournament, p: Payload) -> Tournament:
    number = p["round"]
    rnd = paired_round(t.rounds, number)
    games = list(rnd.games)
    for item in result_boards(number, len(games), p["results"]):
        board = item["board"]
        game = games[board - 1]
        result = GameResult(item["result"])
        score = item.get("match_score")
        if not p.get("correction", False) and game.result is not None:
            raise CommandError(
                f"board {board} of round {number} already has a result; to correct it, "
                f"name the round: fairpair result --round {number} {board} RESULT"
            )
        games[board - 1] = dataclasses.replace(
            game,
            result=result,
            match_score=None if score is None else MatchScore(*score),
        )
    rounds = list(t.rounds)
    rounds[number - 1] = dataclasses.replace(rnd, games=tuple(games))
    return t.with_rounds(rounds)


def _bye(t: Tournament, p: Payload) -> Tournament:
    pid, number, kind = p["player"], p["round"], ByeKind[p["kind"].upper()]
    t.player(pid)
    if number < t.next_round:
        raise CommandError(
            f"round {number} is already paired; a bye can be granted from round "
            f"{t.next_round} on (undo the pairing first if it has no results)"
        )
    if t.total_rounds is not None and number > t.total_rounds:
        raise CommandError(f"the event has {t.total_rounds} rounds, not {number}")
    if t.withdrawn_before(pid, number):
        raise CommandError(f"{t.player(pid).name} has withdrawn")
    others = tuple(b for b in t.requested_byes if not (b.player == pid and b.round == number))
    return t.replace(requested_byes=(*others, RequestedBye(number, pid, kind)))


def _withdrawn(t: Tournament, p: Payload) -> Tournament:
    pid, number = p["player"], p["round"]
    t.player(pid)
    if any(x == pid for x, _ in t.withdrawals):
        raise CommandError(f"{t.player(pid).name} has already withdrawn")
    if number < t.next_round:
        raise CommandError(f"round {number} is already paired; withdraw from round {t.next_round}")
    if t.total_rounds is not None and number > t.total_rounds:
        raise CommandError(
            f"the event's last round is round {t.total_rounds}: there is no round {number} "
            "to withdraw from"
        )
    return t.replace(withdrawals=(*t.withdrawals, (pid, number)))


def _returned(t: Tournament, p: Payload) -> Tournament:
    """A withdrawal taken back, while no round it affects is paired."""
    pid = p["player"]
    name = t.player(pid).name
    found = [r for x, r in t.withdrawals if x == pid]
    if not found:
        raise CommandError(f"{name} has not withdrawn")
    if found[0] <= len(t.rounds):
        raise CommandError(
            f"{name} withdrew from round {found[0]} on, and round {found[0]} is already paired "
            "without him: the withdrawal can be taken back only before that round is paired "
            "(undo the pairing first if it has no results)"
        )
    return t.replace(withdrawals=tuple(w for w in t.withdrawals if w[0] != pid))


def removal_refused(t: Tournament, pid: PlayerId) -> str | None:
    """Why player ``pid`` cannot be removed, or None when he can: he has never been paired
    in a game nor given points in a round he could play, and has no bye requested ahead.

    A late entrant goes with the byes of the rounds he missed (his registration awarded
    them); a round he sat out without points (absent, zero-point bye) leaves nothing for
    anyone else either. A game, a pairing-allocated bye or a bye with points he asked for
    is part of the event: withdraw him instead.
    """
    name = t.player(pid).name
    entry = t.late_entry(pid)
    missed = range(1, entry.first_round) if entry is not None else range(0)
    pointless = (ByeKind.ABSENT, ByeKind.ZERO_POINT)
    for rnd in t.rounds:
        if any(g.involves(pid) for g in rnd.games):
            return (
                f"{name} is paired in round {rnd.number}: a player who has been paired "
                "cannot be removed; withdraw him instead"
            )
        for bye in rnd.byes:
            if bye.player == pid and rnd.number not in missed and bye.kind not in pointless:
                return (
                    f"{name} has a bye with points in round {rnd.number}: a player who has "
                    "been given points cannot be removed; withdraw him instead"
                )
    ahead = [b.round for b in t.requested_byes if b.player == pid and b.round > len(t.rounds)]
    if ahead:
        return f"{name} has a bye requested for round {ahead[0]}: undo it before removing him"
    return None


def _removed(t: Tournament, p: Payload) -> Tournament:
    """A player registered by mistake taken off (see :func:`removal_refused`); before round
    1 the players after him move up one start number (as they would have had without him)."""
    pid = p["player"]
    refused = removal_refused(t, pid)
    if refused is not None:
        raise CommandError(refused)
    rest = tuple(q for q in t.players if q.id != pid)
    forbidden = []
    for rule in t.forbidden:
        members = tuple(x for x in rule.players if x != pid)
        if len(members) >= 2:
            forbidden.append(dataclasses.replace(rule, players=members))
    rounds = tuple(
        dataclasses.replace(r, byes=tuple(b for b in r.byes if b.player != pid)) for r in t.rounds
    )
    ranking = t.initial_ranking
    gone = t.replace(
        players=rest,
        rounds=rounds,
        late_entries=tuple(e for e in t.late_entries if e.player != pid),
        requested_byes=tuple(b for b in t.requested_byes if b.player != pid),
        initial_ranking=None if ranking is None else tuple(x for x in ranking if x != pid),
        withdrawals=tuple(w for w in t.withdrawals if w[0] != pid),
        forbidden=tuple(forbidden),
        accelerations=tuple(a for a in t.accelerations if a.player != pid),
    )
    if t.rounds:
        return gone
    return renumbered(gone, [q.id for q in sorted(rest, key=lambda q: q.id)])


def _board_set(t: Tournament, p: Payload) -> Tournament:
    """Put two players on one board of the last round; their former partners meet instead.

    ``white`` keeps his board, ``black`` leaves his: the two players left alone take the
    board ``black`` left (or the pairing-allocated bye, if one of them had it).
    """
    number, white, black = p["round"], p["white"], p["black"]
    if number != len(t.rounds):
        raise CommandError(f"only the last paired round ({len(t.rounds)}) can be changed")
    rnd = t.rounds[-1]
    if white == black:
        raise CommandError("a player cannot play himself")

    def place(pid: PlayerId) -> int | None:
        for index, game in enumerate(rnd.games):
            if game.involves(pid):
                if game.result is not None:
                    raise CommandError(f"board {index + 1} already has a result")
                return index
        if rnd.pairing_bye == pid:
            return None
        raise CommandError(f"{t.player(pid).name} is not paired in round {number}")

    wi, bi = place(white), place(black)
    games = list(rnd.games)
    byes = list(rnd.byes)
    coloured = games[0].coloured if games else True
    if wi is not None and wi == bi:
        games[wi] = Game(white, black, coloured=coloured)
    else:
        w_partner = None if wi is None else games[wi].opponent_of(white)
        b_partner = None if bi is None else games[bi].opponent_of(black)
        target, other = (wi, bi) if wi is not None else (bi, wi)
        assert target is not None
        games[target] = Game(white, black, coloured=coloured)
        left = [x for x in (w_partner, b_partner) if x is not None]
        byes = [b for b in byes if b.kind is not ByeKind.PAIRING_ALLOCATED]
        if other is None:
            byes.append(Bye(left[0], ByeKind.PAIRING_ALLOCATED))
        else:
            games[other] = Game(left[0], left[1], coloured=coloured)
    rounds = list(t.rounds)
    try:
        rounds[-1] = Round(number, tuple(games), tuple(byes))
    except ValueError as error:
        raise CommandError(str(error)) from None
    return t.with_rounds(rounds)


def _forbidden(t: Tournament, p: Payload) -> Tournament:
    """Players kept apart: no two of them are paired from ``first_round`` on."""
    members = tuple(p["players"])
    for pid in members:
        if not t.has_player(pid):
            raise CommandError(f"no player {pid}")
    if len(set(members)) < 2:
        raise CommandError("name at least two different players to keep apart")
    first = p.get("first_round", t.next_round)
    if first < t.next_round:
        raise CommandError(f"round {first} is already paired; forbid from round {t.next_round}")
    rule = ForbiddenPairs(members, first_round=first, last_round=p.get("last_round"))
    return t.replace(forbidden=(*t.forbidden, rule))


def _event_edited(t: Tournament, p: Payload) -> Tournament:
    """Report fields changed (name, place, dates, arbiters...): the snapshot keeps them as
    the settings do (:meth:`EventSettings.edited`); no pairing or score changes."""
    changes = dict(p["changes"])
    unknown = sorted(set(changes) - set(REPORT_FIELDS) - set(SETTING_FIELDS))
    if unknown:
        raise CommandError(f"cannot edit {', '.join(unknown)} of an event")
    name = changes.pop("name", t.name)
    details: dict[str, Any] = {
        k: tuple(v) if isinstance(v, list | tuple) else v
        for k, v in changes.items()
        if k in REPORT_FIELDS
    }
    edited = t.replace(name=name, details=dataclasses.replace(t.details, **details))
    # Of the pairing and scoring settings, the snapshot keeps these three.
    if "rounds" in changes:
        edited = edited.replace(total_rounds=changes["rounds"])
    if "points" in changes:
        points = EventSettings.from_data({**_ANY_SETTINGS, "points": changes["points"]}).points
        edited = edited.replace(points=points)
    if "initial_colour" in changes:
        edited = edited.replace(initial_colour=Colour[changes["initial_colour"].upper()])
    return edited


_ANY_SETTINGS = EventSettings("settings", System.BERGER).to_data()
"""Settings data to read one changed setting with (:meth:`EventSettings.from_data`)."""


def _settings_fit(before: Tournament, after: Tournament, p: Payload, s: EventSettings) -> None:
    """Refuse a change of setting that would make the rounds already paired or scored wrong,
    saying why; the settings after it must hold together (:class:`EventSettings`)."""
    changes = p["changes"]
    paired = len(before.rounds)
    # Results in first: the points are what is wrong, whatever they bring along.
    if "points" in changes:
        scored = [
            r.number for r in before.rounds if r.byes or any(g.result is not None for g in r.games)
        ]
        if scored:
            raise CommandError(
                f"point system cannot change once results are in (round {scored[0]} has "
                "results or byes scored with it): correct the results instead, or undo them"
            )
    if paired:
        fixed = {
            "system": f"the {paired} round(s) paired were paired by {s.system.label}",
            "game": "the boards paired have colours or none by it (points of another game "
            "bring the game along)",
            "seed": "the lots drawn with it made the rounds already paired",
            "initial_colour": "round 1's colours were given with it",
            "double": "a round robin's schedule is fixed once round 1 is paired",
            "swap_last_rounds": "a round robin's schedule is fixed once round 1 is paired",
            "acceleration": "Group A is fixed by the initial ranking before round 1",
        }
        if s.system.round_robin:
            fixed["rounds"] = "a round robin's schedule is fixed once round 1 is paired"
        for field, why in fixed.items():
            if field in changes:
                raise CommandError(
                    f"{SETTING_FIELDS[field]} cannot change once round 1 is paired: {why}"
                )
    if "points" in changes:
        new = EventSettings.from_data({**_ANY_SETTINGS, "points": changes["points"]}).points
        if paired and new.card_game != s.points.card_game:
            raise CommandError(
                "point system cannot change between match points and chess points once a "
                "round is paired: a card game's boards have no colours"
            )
    number = changes.get("rounds")
    if number is not None and number < paired:
        raise CommandError(
            f"number of rounds: {paired} rounds are already paired, so the event cannot have "
            f"{number}"
        )
    try:
        s.edited(changes)
    except CommandError as error:
        raise CommandError(f"the settings would not hold together: {error}") from None


def _claimed(t: Tournament, _: Payload) -> Tournament:
    """The event was given to a director, or its staff changed: who runs an event is kept
    beside the snapshot, not in it."""
    return t


STAFF = "event.staff"
"""A change of the event's staff: payload ``username``, ``role`` (``None`` when removed) and
``previous`` (the role before, ``None`` when added); written by
:func:`fairpair.service.directors.set_staff`."""


def staff_words(p: Payload) -> str:
    """An ``event.staff`` record in words, for the log of any kind of event."""
    name, role, previous = p["username"], p["role"], p["previous"]
    if role is None:
        return f"{name} is no longer {previous} of the event"
    if previous is None:
        return f"{name} is now {role} of the event"
    return f"{name} is now {role} of the event (was {previous})"


def _venue_set(t: Tournament, _: Payload) -> Tournament:
    """The round clock, the announcement or the section's name: kept with the settings, not
    in the snapshot."""
    return t


def _codes_issued(t: Tournament, p: Payload) -> Tournament:
    """Personal codes given to players: kept in the log beside the snapshot, never in it (so
    never in an export); see :mod:`fairpair.service.players`."""
    for pid in p["codes"]:
        t.player(int(pid))
    return t


def _checkin_changed(t: Tournament, p: Payload) -> Tournament:
    """Check-in opened or closed for the next round (kept beside the snapshot)."""
    if p["round"] != t.next_round:
        raise CommandError(
            f"check-in is for the next round, round {t.next_round}, not round {p['round']}"
        )
    return t


def _checked_in(t: Tournament, p: Payload) -> Tournament:
    """A player is here for the next round (kept beside the snapshot)."""
    _checkin_changed(t, p)
    if t.withdrawn_before(p["player"], p["round"]):
        raise CommandError(f"{t.player(p['player']).name} has withdrawn")
    return t


def _reporting_switched(t: Tournament, _: Payload) -> Tournament:
    """Players may report their own results, or no longer (kept beside the snapshot)."""
    return t


def _result_reported(t: Tournament, p: Payload) -> Tournament:
    """One player's report of their board's result, while the board waits for one: kept
    beside the snapshot until both players agree or the director enters it."""
    if not t.rounds or p["round"] != t.rounds[-1].number:
        raise CommandError(f"round {p['round']} is not the round being played")
    games = t.rounds[-1].games
    if not 1 <= p["board"] <= len(games):
        raise CommandError(f"round {p['round']} has no board {p['board']}")
    game = games[p["board"] - 1]
    if p["player"] not in (game.white, game.black):
        raise CommandError(f"player {p['player']} does not play on board {p['board']}")
    if game.result is not None:
        raise CommandError(f"board {p['board']} has its result already")
    return t


def _missing_out(t: Tournament, p: Payload) -> Tournament:
    """The players who did not check in for the next round: each absent from it (a bye of no
    points, as a requested absence) or withdrawn from it on, in one step."""
    _checkin_changed(t, p)
    for pid in p["players"]:
        if p["as"] == "withdrawn":
            t = _withdrawn(t, {"player": pid, "round": p["round"]})
        else:
            t = _bye(t, {"player": pid, "round": p["round"], "kind": "absent"})
    return t


def _ratings_updated(t: Tournament, p: Payload) -> Tournament:
    """The ratings and titles of a newer rating list, before round 1 (FIDE C.04.2 2.1: one
    rating list for all players; the initial ranking is made from it when round 1 is
    paired)."""
    if t.rounds:
        raise CommandError("round 1 is paired: ratings are updated before it")
    updated = {item["player"]: item for item in p["players"]}
    missing = set(updated) - set(t.player_ids)
    if missing:
        raise CommandError(f"no player has start number {min(missing)}")
    return t.replace(
        players=tuple(
            dataclasses.replace(q, rating=updated[q.id]["rating"], title=updated[q.id]["title"])
            if q.id in updated
            else q
            for q in t.players
        )
    )


def _created(_: Tournament | None, p: Payload) -> Tournament:
    return EventSettings.from_data(p).empty_event()


ACTIONS: dict[str, Callable[[Tournament, Payload], Tournament]] = {
    "player.registered": _registered,
    "players.imported": _registered,
    "player.edited": _edited,
    "ratings.updated": _ratings_updated,
    "round.paired": _paired,
    "round.unpaired": _unpaired,
    "results.entered": _results,
    "result.corrected": _results,
    "bye.granted": _bye,
    "player.withdrawn": _withdrawn,
    "player.returned": _returned,
    "player.removed": _removed,
    "board.set": _board_set,
    "pairs.forbidden": _forbidden,
    "event.claimed": _claimed,
    STAFF: _claimed,
    "event.edited": _event_edited,
    **dict.fromkeys(venue.ACTIONS, _venue_set),
    SECTION_SET: _venue_set,
    "player.codes.issued": _codes_issued,
    "checkin.opened": _checkin_changed,
    "checkin.closed": _checkin_changed,
    "player.checked.in": _checked_in,
    "checkin.missing": _missing_out,
    "reporting.switched": _reporting_switched,
    "result.reported": _result_reported,
    **knockout_actions.ACTIONS,
}
"""Every action after ``event.created``, by its name in the log (the knockout stage's from
:mod:`fairpair.service.knockout_actions`)."""


def _bye_within_limit(before: Tournament, after: Tournament, p: Payload, s: EventSettings) -> None:
    s.bye_limit.check(after, p["player"], p["round"])


def _joining_allowed(before: Tournament, after: Tournament, p: Payload, s: EventSettings) -> None:
    if s.system.round_robin and before.rounds:
        raise CommandError(
            "players cannot join a round robin once round 1 is paired (its schedule is fixed)"
        )


RULES: dict[str, Callable[[Tournament, Tournament, Payload, EventSettings], None]] = {
    "bye.granted": _bye_within_limit,
    "player.registered": _joining_allowed,
    "players.imported": _joining_allowed,
    "event.edited": _settings_fit,
}
"""The organiser's rules (the event's settings) an action must keep, checked on its result."""


def apply(
    tournament: Tournament | None,
    action: str,
    payload: Payload,
    settings: EventSettings | None = None,
) -> Tournament:
    """The snapshot after one action; :class:`CommandError` if it does not fit.

    With the event's ``settings`` (as they were when the action was taken), its rules are
    kept too: the bye limit, no late entry into a round robin.
    """
    if action == "event.created":
        return _created(tournament, payload)
    if tournament is None:
        raise CommandError(f"the log must start with event.created, not {action}")
    try:
        change = ACTIONS[action]
    except KeyError:
        raise CommandError(f"unknown action {action!r} in the log") from None
    closed = knockout_actions.closed_by_stage(tournament, action, settings)
    if closed is not None:
        raise CommandError(closed)
    after = change(tournament, payload)
    rule = RULES.get(action)
    if rule is not None and settings is not None:
        rule(tournament, after, payload, settings)
    return after


UNDONE = "action.undone"
"""A record taking back the change whose sequence number it names (payload ``seq``, and
``action`` for the reader)."""
REDONE = "action.redone"
"""A record bringing back the undone change whose sequence number it names."""
KEPT = frozenset({"event.created", "event.claimed", STAFF, *venue.ACTIONS, SECTION_SET})
"""Records undo passes over: the event's creation (undoing it is refused), a director
taking the event over and a change of its staff (who runs an event is kept beside the
snapshot, not in it; the owner changes the staff back by another change), and the venue
screen's clock and announcement (undoing a result must not stop the clock; they are set
again instead), and the naming of an open's first section (the other sections name it as
their open; taking it back would leave them without one)."""


@dataclass(frozen=True, slots=True)
class UndoHistory:
    """What undo and redo records of a log leave in effect, and what they would take next."""

    in_effect: tuple[int, ...]
    """Sequence numbers of the records a replay applies, in log order (no undo or redo
    records, no undone change)."""
    undoable: tuple[int, ...]
    """Changes in effect that undo may take back, oldest first: undo takes the last."""
    redoable: tuple[int, ...]
    """Undone changes that redo may bring back: redo takes the last (the latest undone).
    Empty once a new change is made after an undo."""
    undone_by: Mapping[int, int]
    """For each change now undone, the sequence number of the record that undid it."""


def undo_history(log: Iterable[tuple[int, str, Payload]]) -> UndoHistory:
    """Which records of a log (sequence number, action, payload) are in effect.

    Raises :class:`CommandError` for an undo record that does not name the latest change in
    effect, or a redo record that does not name the latest undone change.
    """
    seqs: list[int] = []
    undoable: list[int] = []
    redoable: list[int] = []
    actions: dict[int, str] = {}
    undone_by: dict[int, int] = {}
    for seq, action, payload in log:
        if action in (UNDONE, REDONE):
            undoing = action == UNDONE
            stack = undoable if undoing else redoable
            target = payload.get("seq")
            if not stack or stack[-1] != target:
                latest = (
                    f"the latest {'change in effect' if undoing else 'undone change'} is "
                    f"#{stack[-1]}"
                    if stack
                    else f"there is no {'change in effect' if undoing else 'undone change'}"
                )
                raise CommandError(
                    f"record #{seq} {'undoes' if undoing else 'redoes'} #{target}, but {latest}"
                )
            if payload.get("action", actions[target]) != actions[target]:
                raise CommandError(
                    f"record #{seq} names #{target} as {payload['action']}, "
                    f"but #{target} is {actions[target]}"
                )
            (redoable if undoing else undoable).append(stack.pop())
            if undoing:
                undone_by[target] = seq
            else:
                del undone_by[target]
            continue
        seqs.append(seq)
        actions[seq] = action
        if action not in KEPT:
            undoable.append(seq)
            redoable.clear()  # a new change: what was undone stays undone
    return UndoHistory(
        in_effect=tuple(seq for seq in seqs if seq not in undone_by),
        undoable=tuple(undoable),
        redoable=tuple(redoable),
        undone_by=undone_by,
    )


def replay(records: Iterable[tuple[str, Payload]]) -> Tournament:
    """The snapshot a whole log (from record 1, in order) leads to, keeping the rules of the
    event's settings; undone changes are skipped, undo and redo records checked."""
    return replay_event(records)[1]


def replay_event(records: Iterable[tuple[str, Payload]]) -> tuple[EventSettings, Tournament]:
    """The settings and the snapshot a whole log leads to (see :func:`replay`): the settings
    of ``event.created`` with the report fields of the ``event.edited`` records in effect."""
    return replay_log(records, apply)


S = TypeVar("S")


def replay_log(
    records: Iterable[tuple[str, Payload]],
    apply_one: Callable[[S | None, str, Payload, EventSettings | None], S],
) -> tuple[EventSettings, S]:
    """Replay a log of either kind of event with its ``apply_one``: the records in effect
    (undone changes skipped, undo and redo records checked) applied in order."""
    log = list(records)
    history = undo_history((seq, action, payload) for seq, (action, payload) in enumerate(log, 1))
    return replay_onto(None, None, (log[seq - 1] for seq in history.in_effect), apply_one)


def replay_onto(
    settings: EventSettings | None,
    snapshot: S | None,
    in_effect: Iterable[tuple[str, Payload]],
    apply_one: Callable[[S | None, str, Payload, EventSettings | None], S],
) -> tuple[EventSettings, S]:
    """Apply records in effect, in log order, to an event as it stood (nothing: before the
    first record; else a checkpoint's settings and snapshot): the one loop of every replay,
    whole or from a checkpoint, so that the two cannot differ."""
    for action, payload in in_effect:
        if action == "event.created":
            settings = EventSettings.from_data(payload)
        snapshot = apply_one(snapshot, action, payload, settings)
        if settings is not None:
            settings = settings_after(settings, action, payload)
    if snapshot is None or settings is None:
        raise CommandError("the log is empty")
    return settings, snapshot


def settings_after(settings: EventSettings, action: str, payload: Payload) -> EventSettings:
    """The event's settings after one action: ``event.edited`` changes them, and the venue
    screen's commands its clock and announcement."""
    if action == "event.edited":
        return settings.edited(payload["changes"])
    if action in venue.ACTIONS:
        return dataclasses.replace(settings, venue=settings.venue.after(action, payload))
    if action == SECTION_SET:
        return dataclasses.replace(settings, section=Section.from_data(payload))
    return settings


def pairing_payload(pairing: Pairing, *, coloured: bool = True) -> dict[str, Any]:
    return {
        "round": pairing.round,
        "boards": [[g.white, g.black] for g in pairing.boards],
        "bye": pairing.bye,
        "coloured": coloured,
    }
