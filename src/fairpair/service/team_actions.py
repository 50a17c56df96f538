"""The actions of a team event's audit log and how each changes the team snapshot.

A team event is logged as an individual one is (:mod:`fairpair.service.actions`): one record
per command, applied here to a :class:`~fairpair.core.TeamTournament` both when the command
runs and when the event is rebuilt from its log; undo and redo work on the log the same way.

Line-ups (spec team-swiss.md §1.2-1.3): when a round is paired each team fields the first B
players of its roster; ``lineup.set`` changes a team's line-up in a match of a paired round
until a board of it has a result. The players sit in roster order; fewer players than boards
leave the lowest boards empty, lost by forfeit.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from fairpair.core import ByeKind, ForbiddenPairs, GameResult, PlayerId, RequestedBye
from fairpair.core.teams import (
    MAX_ROSTER,
    Board,
    FixedMatch,
    MatchForfeit,
    Team,
    TeamBye,
    TeamId,
    TeamMatch,
    TeamRound,
    TeamTournament,
    boards_from_lineups,
)
from fairpair.service.actions import (
    EDITABLE_FIELDS,
    STAFF,
    paired_round,
    player_from_data,
    replay_log,
)
from fairpair.service.errors import CommandError
from fairpair.service.settings import REPORT_FIELDS, EventSettings

__all__ = [
    "TEAM_ACTIONS",
    "apply_team",
    "board_lineup",
    "default_lineup",
    "replay_team_event",
    "team_data",
]

Payload = Mapping[str, Any]

TEAM_EDITABLE = ("name", "nickname", "captain")
"""A team's fields a ``team.edited`` record may change (its roster grows by ``players``)."""


def team_data(team: Team, players: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """A team as a registration record keeps it: its fields and its players in board order."""
    return {
        "id": team.id,
        "name": team.name,
        "nickname": team.nickname,
        "captain": team.captain,
        "players": [dict(p) for p in players],
    }


def _team(t: TeamTournament, tpn: TeamId) -> Team:
    try:
        return t.team(tpn)
    except KeyError as error:
        raise CommandError(str(error.args[0])) from None


def _rebuilt(t: TeamTournament, **changes: Any) -> TeamTournament:
    try:
        return dataclasses.replace(t, **changes)
    except ValueError as error:
        raise CommandError(str(error)) from None


# --- teams ------------------------------------------------------------------------------------


def _registered(t: TeamTournament, p: Payload) -> TeamTournament:
    players = list(t.players)
    teams = list(t.teams)
    for item in p["teams"]:
        if t.has_team(item["id"]) or any(x.id == item["id"] for x in teams):
            raise CommandError(f"team pairing number {item['id']} is taken")
        new = [player_from_data(d) for d in item["players"]]
        players.extend(new)
        try:
            team = Team(
                id=item["id"],
                name=item["name"],
                roster=tuple(q.id for q in new),
                nickname=item.get("nickname", ""),
                captain=item.get("captain", ""),
            )
        except ValueError as error:
            raise CommandError(str(error)) from None
        _roster_size(team)
        teams.append(team)
    return _rebuilt(t, teams=tuple(teams), players=tuple(players))


def _team_edited(t: TeamTournament, p: Payload) -> TeamTournament:
    team = _team(t, p["team"])
    changes = dict(p.get("changes", {}))
    unknown = set(changes) - set(TEAM_EDITABLE)
    if unknown:
        raise CommandError(f"cannot edit {', '.join(sorted(unknown))} of a team")
    new = [player_from_data(d) for d in p.get("players", ())]
    edited = dataclasses.replace(team, **changes, roster=(*team.roster, *(q.id for q in new)))
    _roster_size(edited)
    return _rebuilt(
        t,
        teams=tuple(edited if x.id == team.id else x for x in t.teams),
        players=(*t.players, *new),
    )


def _roster_size(team: Team) -> None:
    if len(team.roster) > MAX_ROSTER:
        raise CommandError(
            f"{team.name}: {len(team.roster)} players; a roster holds at most {MAX_ROSTER} "
            "(TRF-2026 310)"
        )


def _player_edited(t: TeamTournament, p: Payload) -> TeamTournament:
    """A player's details corrected; who played where does not change."""
    pid = p["player"]
    found = [q for q in t.players if q.id == pid]
    if not found:
        raise CommandError(f"no player has number {pid}")
    changes = dict(p["changes"])
    unknown = set(changes) - set(EDITABLE_FIELDS)
    if unknown:
        raise CommandError(f"cannot edit {', '.join(sorted(unknown))}")
    try:
        edited = dataclasses.replace(found[0], **changes)
    except (TypeError, ValueError) as error:
        raise CommandError(str(error)) from None
    return _rebuilt(t, players=tuple(edited if q.id == pid else q for q in t.players))


def _fielded(t: TeamTournament, tpn: TeamId) -> int | None:
    """The first round in which the team has a line-up on the boards (paired, played or not)."""
    for rnd in t.rounds:
        match = rnd.match_of(tpn)
        if match is not None and match.boards:
            return rnd.number
    return None


def _reordered(t: TeamTournament, p: Payload) -> TeamTournament:
    """A new board order of a team's roster, before any line-up of it is on the boards (the
    line-ups follow the roster order, spec §1.2: a fielded one must not change silently)."""
    team = _team(t, p["team"])
    order = tuple(p["roster"])
    if sorted(order) != sorted(team.roster) or len(set(order)) != len(order):
        raise CommandError(
            f"{team.name}: name each of its {len(team.roster)} players once, in the new order"
        )
    if order == team.roster:
        raise CommandError(f"{team.name}'s roster is already in that order")
    number = _fielded(t, team.id)
    if number is not None:
        undo = (
            f"; undo the pairing of round {number} first if it has no result yet"
            if number == len(t.rounds)
            else ""
        )
        raise CommandError(
            f"{team.name} fielded a line-up in round {number} in its roster order: the order "
            f"cannot change any more (players can still be added at the end){undo}"
        )
    edited = dataclasses.replace(team, roster=order)
    return _rebuilt(t, teams=tuple(edited if x.id == team.id else x for x in t.teams))


def _paired_ever(t: TeamTournament, tpn: TeamId) -> int | None:
    for rnd in t.rounds:
        if tpn in rnd.participants() and not any(
            b.team == tpn and b.kind is ByeKind.ABSENT for b in rnd.byes
        ):
            return rnd.number
    return None


def _team_removed(t: TeamTournament, p: Payload) -> TeamTournament:
    """A team registered by mistake, taken off before it was ever paired; while no round is
    paired the teams after it move up one pairing number."""
    team = _team(t, p["team"])
    number = _paired_ever(t, team.id)
    if number is not None:
        raise CommandError(
            f"{team.name} is in round {number} (paired, or a bye): a team that has been paired "
            "cannot be removed; withdraw it instead"
        )
    if any(b.player == team.id for b in t.requested_byes):
        raise CommandError(f"{team.name} has a bye requested: undo it before removing the team")
    if any(team.id in (m.first, m.second) for m in t.fixed):
        raise CommandError(
            f"{team.name} has a fixed match: take it back before removing the team (team unfix)"
        )
    gone = set(team.roster)
    teams = [x for x in t.teams if x.id != team.id]
    players = tuple(q for q in t.players if q.id not in gone)
    withdrawals = tuple(w for w in t.withdrawals if w[0] != team.id)
    if t.rounds:
        return _rebuilt(t, teams=tuple(teams), players=players, withdrawals=withdrawals)
    # Nothing paired: the later teams take the numbers they would have had without it.
    renumber = {x.id: n for n, x in enumerate(sorted(teams, key=lambda x: x.id), start=1)}
    return _rebuilt(
        t,
        teams=tuple(dataclasses.replace(x, id=renumber[x.id]) for x in teams),
        players=players,
        withdrawals=tuple((renumber[x], r) for x, r in withdrawals),
        forbidden=tuple(
            dataclasses.replace(f, players=tuple(renumber[x] for x in f.players if x in renumber))
            for f in t.forbidden
            if sum(1 for x in f.players if x in renumber) >= 2
        ),
    )


def _withdrawn(t: TeamTournament, p: Payload) -> TeamTournament:
    team, number = _team(t, p["team"]), p["round"]
    if any(x == team.id for x, _ in t.withdrawals):
        raise CommandError(f"{team.name} has already withdrawn")
    if number < t.next_round:
        raise CommandError(f"round {number} is already paired; withdraw from round {t.next_round}")
    if t.total_rounds is not None and number > t.total_rounds:
        raise CommandError(f"the event's last round is round {t.total_rounds}")
    for fixed in t.fixed:
        if fixed.round >= number:
            _no_fixed_match(t, team, fixed.round, "a withdrawal")
    return _rebuilt(t, withdrawals=(*t.withdrawals, (team.id, number)))


def _no_fixed_match(t: TeamTournament, team: Team, number: int, what: str) -> None:
    for match in t.fixed_matches(number):
        if team.id in (match.first, match.second):
            raise CommandError(
                f"{team.name} has a fixed match in round {number}: take it back before {what} "
                f"(team unfix)"
            )


def _returned(t: TeamTournament, p: Payload) -> TeamTournament:
    team = _team(t, p["team"])
    found = [r for x, r in t.withdrawals if x == team.id]
    if not found:
        raise CommandError(f"{team.name} has not withdrawn")
    if found[0] <= len(t.rounds):
        raise CommandError(
            f"{team.name} withdrew from round {found[0]} on, and round {found[0]} is already "
            "paired without it: the withdrawal can be taken back only before that round is paired"
        )
    return _rebuilt(t, withdrawals=tuple(w for w in t.withdrawals if w[0] != team.id))


def _bye(t: TeamTournament, p: Payload) -> TeamTournament:
    team, number, kind = _team(t, p["team"]), p["round"], ByeKind[p["kind"].upper()]
    if number < t.next_round:
        raise CommandError(
            f"round {number} is already paired; a bye can be granted from round {t.next_round} on"
        )
    if t.total_rounds is not None and number > t.total_rounds:
        raise CommandError(f"the event has {t.total_rounds} rounds, not {number}")
    if t.withdrawn_in(team.id, number):
        raise CommandError(f"{team.name} has withdrawn")
    _no_fixed_match(t, team, number, "a bye")
    others = tuple(b for b in t.requested_byes if not (b.player == team.id and b.round == number))
    return _rebuilt(t, requested_byes=(*others, RequestedBye(number, team.id, kind)))


def _forbidden(t: TeamTournament, p: Payload) -> TeamTournament:
    """Teams kept apart from ``first_round`` on (C.04.6 C1; TRF ``260``)."""
    teams = tuple(_team(t, tpn).id for tpn in p["teams"])
    if len(teams) < 2:
        raise CommandError("name at least two teams to keep apart")
    if len(set(teams)) != len(teams):
        raise CommandError(f"{_team(t, teams[0]).name}: a team is named twice")
    first = p["first_round"]
    if first < t.next_round:
        raise CommandError(f"round {first} is already paired; forbid from round {t.next_round}")
    if t.total_rounds is not None and first > t.total_rounds:
        raise CommandError(f"the event has {t.total_rounds} rounds, not {first}")
    rule = ForbiddenPairs(teams, first_round=first, last_round=p.get("last_round"))
    return _rebuilt(t, forbidden=(*t.forbidden, rule))


def _fixed(t: TeamTournament, p: Payload) -> TeamTournament:
    """A match the director fixes for a round not yet paired; the pairing keeps it."""
    number = p["round"]
    first, second = _team(t, p["first"]), _team(t, p["second"])
    if first.id == second.id:
        raise CommandError(f"{first.name} cannot meet itself")
    if number < t.next_round:
        raise CommandError(
            f"round {number} is already paired; a match can be fixed from round {t.next_round} on"
        )
    if t.total_rounds is not None and number > t.total_rounds:
        raise CommandError(f"the event has {t.total_rounds} rounds, not {number}")
    for team in (first, second):
        if t.withdrawn_in(team.id, number):
            raise CommandError(f"{team.name} has withdrawn")
        if t.requested_bye(team.id, number) is not None:
            raise CommandError(f"{team.name} has a bye in round {number}")
        for match in t.fixed_matches(number):
            if team.id in (match.first, match.second):
                other = t.team(match.second if team.id == match.first else match.first)
                raise CommandError(
                    f"{team.name} already has a fixed match in round {number}, against {other.name}"
                )
    return _rebuilt(t, fixed=(*t.fixed, FixedMatch(number, first.id, second.id)))


def _unfixed(t: TeamTournament, p: Payload) -> TeamTournament:
    """A fixed match taken back before its round is paired."""
    number = p["round"]
    if number < t.next_round:
        raise CommandError(f"round {number} is already paired; its fixed match stays in the log")
    gone = FixedMatch(number, p["first"], p["second"])
    if gone not in t.fixed:
        raise CommandError(f"no match {p['first']}-{p['second']} is fixed in round {number}")
    return _rebuilt(t, fixed=tuple(m for m in t.fixed if m != gone))


# --- rounds and line-ups ------------------------------------------------------------------------


def default_lineup(t: TeamTournament, tpn: TeamId) -> tuple[PlayerId, ...]:
    """The line-up a team fields when none is given: the first B players of its roster."""
    return _team(t, tpn).roster[: t.boards]


def board_lineup(
    t: TeamTournament, tpn: TeamId, players: Sequence[PlayerId]
) -> tuple[PlayerId | None, ...]:
    """A team's players board by board, ``None`` for the empty boards at the bottom (spec
    team-swiss.md §1.2-1.3); :class:`CommandError` for a player not on the roster, named
    twice, too many players, or an order that puts a lower-listed player above a higher-listed
    one (both named)."""
    team = _team(t, tpn)
    position = {pid: index for index, pid in enumerate(team.roster)}
    names = {q.id: q.name for q in t.players}
    if len(players) > t.boards:
        raise CommandError(
            f"{team.name}: {len(players)} players for {t.boards} boards; a team fields at most "
            f"{t.boards}"
        )
    seen: set[PlayerId] = set()
    for pid in players:
        if pid not in position:
            raise CommandError(f"{names.get(pid, pid)} is not on the roster of {team.name}")
        if pid in seen:
            raise CommandError(f"{names[pid]} is named twice in the line-up of {team.name}")
        seen.add(pid)
    for board, (above, below) in enumerate(itertools.pairwise(players), start=1):
        if position[above] > position[below]:
            raise CommandError(
                f"{team.name}, board {board}: {names[above]} (roster {position[above] + 1}) "
                f"cannot play above {names[below]} (roster {position[below] + 1}) on board "
                f"{board + 1}; players sit in roster order"
            )
    return (*players, *([None] * (t.boards - len(players))))


def _lineup_of(t: TeamTournament, tpn: TeamId) -> tuple[PlayerId | None, ...]:
    return board_lineup(t, tpn, default_lineup(t, tpn))


_MATCH_FORFEIT = {
    (True, False): MatchForfeit.SECOND_WINS,
    (False, True): MatchForfeit.FIRST_WINS,
    (True, True): MatchForfeit.DOUBLE,
}


def _paired(t: TeamTournament, p: Payload) -> TeamTournament:
    if "total_rounds" in p:
        t = _rebuilt(t, total_rounds=p["total_rounds"])
    number = p["round"]
    if number != t.next_round:
        raise CommandError(f"the next round is {t.next_round}, not {number}")
    if t.rounds:
        last = t.rounds[-1]
        missing = sum(1 for m in last.matches if not m.finished)
        if missing:
            raise CommandError(
                f"round {last.number} still lacks the result of {missing} match(es); enter them "
                "first"
            )
    matches = []
    for first, second in p["matches"]:
        _team(t, first), _team(t, second)
        gone = (t.withdrawn_in(first, number), t.withdrawn_in(second, number))
        if any(gone):
            # A scheduled match of a withdrawn team is not played: lost by forfeit.
            matches.append(TeamMatch(first, second, forfeit=_MATCH_FORFEIT[gone]))
            continue
        boards = boards_from_lineups(_lineup_of(t, first), _lineup_of(t, second))
        matches.append(TeamMatch(first, second, boards))
    byes: list[TeamBye] = []
    if p.get("bye") is not None:
        tpn = _team(t, p["bye"]).id
        # A withdrawn team's free round in a round robin's schedule is an absence.
        absent = t.withdrawn_in(tpn, number)
        byes.append(TeamBye(tpn, ByeKind.ABSENT if absent else ByeKind.PAIRING_ALLOCATED))
    placed = {x for m in matches for x in (m.first, m.second)} | {b.team for b in byes}
    for tpn in t.team_ids:
        if tpn in placed:
            continue
        asked = t.requested_bye(tpn, number)
        kind = ByeKind.ABSENT if asked is None or t.withdrawn_in(tpn, number) else asked.kind
        byes.append(TeamBye(tpn, kind))
    try:
        rnd = TeamRound(number, tuple(matches), tuple(byes))
    except ValueError as error:
        raise CommandError(str(error)) from None
    return _rebuilt(t, rounds=(*t.rounds, rnd))


def _unpaired(t: TeamTournament, p: Payload) -> TeamTournament:
    number = p["round"]
    if number != len(t.rounds) or number == 0:
        raise CommandError(f"round {number} is not the last paired round")
    entered = [
        m
        for m in t.rounds[-1].matches
        if m.forfeit is not None or any(_entered(b) for b in m.boards)
    ]
    if entered:
        raise CommandError(
            f"round {number} already has results in {len(entered)} match(es); undo is only "
            "possible before any result is in"
        )
    return _rebuilt(t, rounds=t.rounds[:-1])


def _entered(board: Board) -> bool:
    """A result the director gave (an empty board's forfeit is the line-up's, not his)."""
    return board.result is not None and board.first is not None and board.second is not None


def _match_index(t: TeamTournament, rnd: TeamRound, tpn: TeamId) -> int:
    for index, match in enumerate(rnd.matches):
        if match.involves(tpn):
            return index
    raise CommandError(f"{_team(t, tpn).name} has no match in round {rnd.number}")


def _with_match(t: TeamTournament, rnd: TeamRound, index: int, match: TeamMatch) -> TeamTournament:
    matches = list(rnd.matches)
    matches[index] = match
    rounds = list(t.rounds)
    rounds[rnd.number - 1] = dataclasses.replace(rnd, matches=tuple(matches))
    return _rebuilt(t, rounds=tuple(rounds))


def _lineup(t: TeamTournament, p: Payload) -> TeamTournament:
    rnd = paired_round(t.rounds, p["round"])
    tpn = _team(t, p["team"]).id
    index = _match_index(t, rnd, tpn)
    match = rnd.matches[index]
    name = t.team(tpn).name
    if match.forfeit is not None:
        raise CommandError(f"the match of {name} in round {rnd.number} was forfeited as a whole")
    if any(_entered(b) for b in match.boards):
        raise CommandError(
            f"the match of {name} in round {rnd.number} already has results: its line-ups are "
            "fixed (correct the results, or undo them first)"
        )
    mine = board_lineup(t, tpn, p["players"])
    first = mine if tpn == match.first else match.lineup(match.first)
    second = mine if tpn == match.second else match.lineup(match.second)
    return _with_match(
        t, rnd, index, dataclasses.replace(match, boards=boards_from_lineups(first, second))
    )


def _results(t: TeamTournament, p: Payload) -> TeamTournament:
    rnd = paired_round(t.rounds, p["round"])
    correction = p.get("correction", False)
    seen: set[tuple[int, int | None]] = set()
    for item in p["results"]:
        number, board = item["match"], item.get("board")
        if not 1 <= number <= len(rnd.matches):
            raise CommandError(
                f"round {rnd.number} has no match {number} (matches 1-{len(rnd.matches)})"
            )
        if (number, board) in seen:
            raise CommandError(
                f"match {number}{'' if board is None else f' board {board}'} is given twice"
            )
        seen.add((number, board))
        match = rnd.matches[number - 1]
        if board is None:
            # The match as a whole: forfeited by one team, or both.
            if not correction and (
                match.forfeit is not None or any(_entered(b) for b in match.boards)
            ):
                raise CommandError(
                    f"match {number} of round {rnd.number} already has results; to correct them "
                    f"name the round: fairpair result --round {rnd.number} {number} RESULT"
                )
            forfeit = None if item["result"] is None else MatchForfeit(item["result"])
            match = dataclasses.replace(match, forfeit=forfeit)
        else:
            if not 1 <= board <= len(match.boards):
                raise CommandError(
                    f"match {number} of round {rnd.number} has no board {board} "
                    f"(boards 1-{len(match.boards)})"
                )
            old = match.boards[board - 1]
            if old.first is None or old.second is None:
                raise CommandError(
                    f"board {board} of match {number} is empty on one side: it is lost by "
                    "forfeit (change the line-up to put a player there)"
                )
            if match.forfeit is not None and not correction:
                raise CommandError(
                    f"match {number} of round {rnd.number} was forfeited as a whole; to give "
                    f"its boards results instead, correct it: fairpair result --round "
                    f"{rnd.number} {number}.{board} RESULT"
                )
            if old.result is not None and not correction:
                raise CommandError(
                    f"board {board} of match {number} in round {rnd.number} already has a "
                    f"result; to correct it, name the round: fairpair result --round "
                    f"{rnd.number} {number}.{board} RESULT"
                )
            boards = list(match.boards)
            boards[board - 1] = dataclasses.replace(old, result=GameResult(item["result"]))
            # Board results replace a whole-match forfeit given before.
            match = dataclasses.replace(match, boards=tuple(boards), forfeit=None)
        rnd = dataclasses.replace(
            rnd, matches=(*rnd.matches[: number - 1], match, *rnd.matches[number:])
        )
    rounds = list(t.rounds)
    rounds[rnd.number - 1] = rnd
    return _rebuilt(t, rounds=tuple(rounds))


# --- the event ----------------------------------------------------------------------------------


def _claimed(t: TeamTournament, _: Payload) -> TeamTournament:
    return t


def _event_edited(t: TeamTournament, p: Payload) -> TeamTournament:
    """Report fields (and the number of rounds of a team Swiss) changed."""
    changes = dict(p["changes"])
    unknown = sorted(set(changes) - set(REPORT_FIELDS) - {"rounds", "tiebreaks"})
    if unknown:
        raise CommandError(
            f"cannot edit {', '.join(unknown)} of a team event (its report fields and number "
            "of rounds can change)"
        )
    changes.pop("tiebreaks", None)  # the settings keep them; the snapshot has none
    name = changes.pop("name", t.name)
    rounds = changes.pop("rounds", t.total_rounds)
    if rounds is not None and rounds < len(t.rounds):
        raise CommandError(f"{len(t.rounds)} rounds are already paired")
    details: dict[str, Any] = {
        k: tuple(v) if isinstance(v, list | tuple) else v for k, v in changes.items()
    }
    return _rebuilt(
        t,
        name=name,
        total_rounds=rounds,
        details=dataclasses.replace(t.details, **details),
    )


TEAM_ACTIONS: dict[str, Callable[[TeamTournament, Payload], TeamTournament]] = {
    "team.registered": _registered,
    "teams.imported": _registered,
    "team.edited": _team_edited,
    "player.edited": _player_edited,
    "roster.reordered": _reordered,
    "team.removed": _team_removed,
    "team.withdrawn": _withdrawn,
    "team.returned": _returned,
    "bye.granted": _bye,
    "pairs.forbidden": _forbidden,
    "match.fixed": _fixed,
    "match.unfixed": _unfixed,
    "round.paired": _paired,
    "round.unpaired": _unpaired,
    "lineup.set": _lineup,
    "results.entered": _results,
    "result.corrected": _results,
    "event.claimed": _claimed,
    STAFF: _claimed,
    "event.edited": _event_edited,
}
"""Every action of a team event after ``event.created``, by its name in the log."""


def _joining_allowed(before: TeamTournament, s: EventSettings) -> None:
    if s.system.team_round_robin and before.rounds:
        raise CommandError(
            "teams cannot join a round robin once round 1 is paired (its schedule is fixed)"
        )


def apply_team(
    tournament: TeamTournament | None,
    action: str,
    payload: Payload,
    settings: EventSettings | None = None,
) -> TeamTournament:
    """The team snapshot after one action; :class:`CommandError` if it does not fit."""
    if action == "event.created":
        return EventSettings.from_data(payload).empty_team_event()
    if tournament is None:
        raise CommandError(f"the log must start with event.created, not {action}")
    try:
        change = TEAM_ACTIONS[action]
    except KeyError:
        raise CommandError(f"{action!r} is not an action of a team event") from None
    if settings is not None and action in ("team.registered", "teams.imported"):
        _joining_allowed(tournament, settings)
    return change(tournament, payload)


def replay_team_event(
    records: Iterable[tuple[str, Payload]],
) -> tuple[EventSettings, TeamTournament]:
    """The settings and team snapshot a whole log leads to, undone changes skipped."""
    return replay_log(records, apply_team)
