"""The use cases of running a team event, over the same event store as individual events.

A team event's settings name a team system (``team-swiss``, ``team-berger``) and carry
:class:`~fairpair.service.settings.TeamSettings`; its snapshot is a
:class:`~fairpair.core.TeamTournament`. Every command is one record of the event's audit
log, applied by :func:`fairpair.service.team_actions.apply_team`, and undone or redone by
:func:`fairpair.service.events.undo` and :func:`~fairpair.service.events.redo` like any other.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from fairpair.core import ByeKind, Colour, GameResult, Pairing, Player, format_points
from fairpair.core.teams import (
    MatchForfeit,
    Team,
    TeamTournament,
    board_points,
    match_entries,
)
from fairpair.formats.team_json import dump_team_event
from fairpair.formats.trf_team import write_team_trf
from fairpair.pairing.errors import PairingError
from fairpair.pairing.registry import team_pairing_system
from fairpair.pairing.team_controls import blocking_controls, with_fixed_matches
from fairpair.service import pairing_runs, team_actions
from fairpair.service.actions import REDONE, UNDONE, player_data, staff_words
from fairpair.service.errors import CommandError
from fairpair.service.events import (
    BackgroundPairing,
    Desk,
    check_name_free,
    check_steps,
    checked_player_changes,
    event_system,
    in_background,
    marker_for,
    name_key,
    store_command,
    store_new_event,
    store_walk,
    under_marker,
)
from fairpair.service.results import parse_result
from fairpair.service.settings import (
    SETTING_FIELDS,
    EventSettings,
    report_fields,
    setting_fields,
)
from fairpair.standings import UnknownTiebreakError
from fairpair.standings.boards import BoardStanding, BoardStandingsSettings
from fairpair.standings.boards import board_standings as compute_board_standings
from fairpair.standings.team import TeamStandings, compute_team_standings, team_tiebreak
from fairpair.storage import EventInfo, LogRecord

__all__ = [
    "TEAM_TIEBREAKS_USUAL",
    "MatchResult",
    "NewTeam",
    "TeamEvent",
    "TeamPairingSystem",
    "begin_team_pairing",
    "board_colour_letter",
    "board_standings",
    "check_team_tiebreaks",
    "create_team_event",
    "describe_team",
    "edit_team",
    "edit_team_event",
    "edit_team_player",
    "export_team_event",
    "find_team",
    "find_team_player",
    "fix_match",
    "forbid_teams",
    "grant_team_bye",
    "import_teams",
    "is_team_event",
    "load_team",
    "match_result",
    "pair_team_round",
    "record_team_results",
    "redo_team",
    "register_team",
    "remove_team",
    "reorder_roster",
    "return_team",
    "set_lineup",
    "start_pair_team_round",
    "team_round_robin_rounds",
    "team_settings_data",
    "team_settings_lines",
    "team_standings",
    "team_tiebreaks",
    "undo_team",
    "unfix_match",
    "withdraw_team",
]

TeamPairingSystem = Callable[[TeamTournament], Pairing]
"""Pairs the next round of a team snapshot: a :class:`Pairing` of TPNs, the White team first
on each board, ``bye`` the team given the pairing-allocated bye."""


@dataclass(frozen=True, slots=True)
class TeamEvent:
    """A team event as a command sees it: its row, its settings and its snapshot."""

    info: EventInfo
    settings: EventSettings
    tournament: TeamTournament

    @property
    def id(self) -> int:
        return self.info.id

    @property
    def version(self) -> int:
        return self.info.version


@dataclass(frozen=True, slots=True)
class NewTeam:
    """A team to register: its name and its players in board order (name, rating)."""

    name: str
    players: tuple[Player, ...]
    captain: str = ""


def is_team_event(info: EventInfo) -> bool:
    """Whether the event's settings name a team system."""
    return event_system(info).team


def create_team_event(desk: Desk, settings: EventSettings, owner: str | None = None) -> TeamEvent:
    """Create a team event; its log starts with ``event.created``."""
    if settings.team is None:
        raise CommandError(f"{settings.name!r} is not a team event")
    check_team_tiebreaks(settings.chosen_tiebreaks)
    settings, info, snapshot = store_new_event(desk, settings, owner, team_actions.apply_team)
    return TeamEvent(info, settings, snapshot)


def load_team(desk: Desk, event_id: int) -> TeamEvent:
    """The team event as the store holds it now."""
    stored = desk.store.load(event_id)
    if not isinstance(stored.tournament, TeamTournament):
        raise CommandError(f"{stored.info.name!r} is not a team event")
    settings = EventSettings.from_data(stored.info.settings)
    t = stored.tournament
    if t.name != settings.name or t.details != settings.details:
        t = dataclasses.replace(t, name=settings.name, details=settings.details)
    return TeamEvent(stored.info, settings, t)


def _command(
    desk: Desk,
    event_id: int,
    action: str,
    build: Callable[[TeamEvent], Mapping[str, Any]],
    expected_version: int | None = None,
) -> TeamEvent:
    """One command as one log record: load, build the payload, apply, append
    (``expected_version``: the version the director's page showed; refused if it moved on)."""
    event = load_team(desk, event_id)
    info, settings, snapshot = store_command(
        desk,
        (event.info, event.settings, event.tournament),
        action,
        lambda: build(event),
        team_actions.apply_team,
        expected_version,
    )
    return TeamEvent(info, settings, snapshot)


TEAM_EVENT_SETTINGS = ("rounds", "tiebreaks")
"""The settings of a team event ``event edit`` may change (with the report fields)."""


def edit_team_event(
    desk: Desk,
    event_id: int,
    changes: Mapping[str, Any],
    *,
    expected_version: int | None = None,
) -> TeamEvent:
    """Change a team event's report fields, its number of rounds (a team Swiss) or its team
    tie-breaks: one ``event.edited`` record with the values before."""
    fixed = sorted(k for k in changes if k in SETTING_FIELDS and k not in TEAM_EVENT_SETTINGS)
    if fixed:
        raise CommandError(
            f"a team event's {', '.join(SETTING_FIELDS[k] for k in fixed)} cannot change "
            "(its report fields, rounds and tie-breaks can)"
        )
    report = {k: v for k, v in changes.items() if k not in SETTING_FIELDS}
    checked = report_fields(report) | setting_fields(
        {k: v for k, v in changes.items() if k in SETTING_FIELDS}
    )
    if "tiebreaks" in checked:
        check_team_tiebreaks(checked["tiebreaks"])

    def build(event: TeamEvent) -> Mapping[str, Any]:
        before = event.settings.to_data()
        changed = {k: v for k, v in checked.items() if before[k] != v}
        if not changed:
            raise CommandError("nothing to change: the event already says so")
        if "rounds" in changed and event.settings.system.team_round_robin:
            raise CommandError("a round robin's number of rounds follows from its teams")
        event.settings.edited(changed).check_report_together()
        check_name_free(desk, event.id, changed)
        return {"changes": changed, "before": {k: before[k] for k in changed}}

    return _command(desk, event_id, "event.edited", build, expected_version)


# --- teams -------------------------------------------------------------------------------------


def find_team(t: TeamTournament, ref: str) -> Team:
    """A team by pairing number or by a unique part of its name (case and accents ignored)."""
    text = ref.strip()
    if text.isdecimal():
        if t.has_team(int(text)):
            return t.team(int(text))
        raise CommandError(f"no team has pairing number {text} (1-{len(t.teams)})")
    key = name_key(text)
    if not key:
        raise CommandError("name a team by pairing number or name")
    exact = [x for x in t.teams if name_key(x.name) == key]
    found = exact or [x for x in t.teams if key in name_key(x.name)]
    if len(found) == 1:
        return found[0]
    if found:
        listed = "; ".join(f"{x.id} {x.name}" for x in found[:10])
        raise CommandError(f"{ref!r} matches {len(found)} teams: {listed}")
    raise CommandError(f"no team matches {ref!r}")


def _new_player(team: str, player: Player, pid: int) -> dict[str, Any]:
    """A new roster player's record with id ``pid``: refused without a name or with a
    rating outside 0-4000 (as an individual event's registration refuses it)."""
    if not player.name.strip():
        raise CommandError(f"{team}: a player needs a name")
    if player.rating is not None and not 0 <= player.rating <= 4000:
        raise CommandError(
            f"{team}: {player.name}: a rating between 0 and 4000, not {player.rating}"
        )
    return player_data(dataclasses.replace(player, id=pid))


def _team_payloads(t: TeamTournament, teams: Sequence[NewTeam]) -> list[dict[str, Any]]:
    """Registration records of new teams: the next pairing numbers and player ids."""
    next_tpn = max(t.team_ids, default=0) + 1
    next_pid = max((q.id for q in t.players), default=0) + 1
    taken = {name_key(x.name) for x in t.teams}
    data = []
    for offset, new in enumerate(teams):
        name = " ".join(new.name.split())
        if not name:
            raise CommandError("a team needs a name")
        if name_key(name) in taken:
            raise CommandError(f"a team named {name!r} is already registered")
        taken.add(name_key(name))
        players = []
        for player in new.players:
            players.append(_new_player(name, player, next_pid))
            next_pid += 1
        team = Team(id=next_tpn + offset, name=name, captain=new.captain)
        data.append(team_actions.team_data(team, players))
    return data


def register_team(desk: Desk, event_id: int, team: NewTeam) -> tuple[TeamEvent, Team]:
    """Register one team with the next pairing number, its roster in board order."""
    made: list[int] = []

    def build(event: TeamEvent) -> Mapping[str, Any]:
        (data,) = _team_payloads(event.tournament, [team])
        made.append(data["id"])
        return {"teams": [data]}

    event = _command(desk, event_id, "team.registered", build)
    return event, event.tournament.team(made[0])


def import_teams(desk: Desk, event_id: int, teams: Sequence[NewTeam]) -> TeamEvent:
    """Register many teams in one record (all or none), in the order given."""
    if not teams:
        raise CommandError("the file has no teams")
    return _command(
        desk,
        event_id,
        "teams.imported",
        lambda event: {"teams": _team_payloads(event.tournament, teams)},
    )


def edit_team(
    desk: Desk,
    event_id: int,
    ref: str,
    changes: Mapping[str, str],
    players: Sequence[Player] = (),
) -> TeamEvent:
    """Change a team's name or captain, and add players at the end of its roster."""
    if not changes and not players:
        raise CommandError("nothing to change")

    def build(event: TeamEvent) -> Mapping[str, Any]:
        t = event.tournament
        team = find_team(t, ref)
        if "name" in changes:
            clash = [
                x
                for x in t.teams
                if x.id != team.id and name_key(x.name) == name_key(changes["name"])
            ]
            if clash:
                raise CommandError(f"a team named {changes['name']!r} is already registered")
        next_pid = max((q.id for q in t.players), default=0) + 1
        added = [_new_player(team.name, p, next_pid + i) for i, p in enumerate(players)]
        return {"team": team.id, "changes": dict(changes), "players": added, "name": team.name}

    return _command(desk, event_id, "team.edited", build)


def unfix_match(desk: Desk, event_id: int, ref: str, round_number: int | None = None) -> TeamEvent:
    """Take back the fixed match of a team in a round not yet paired (default: the next)."""

    def build(event: TeamEvent) -> Mapping[str, Any]:
        t = event.tournament
        team = find_team(t, ref)
        number = t.next_round if round_number is None else round_number
        for match in t.fixed_matches(number):
            if team.id in (match.first, match.second):
                first, second = t.team(match.first), t.team(match.second)
                return {
                    "round": number,
                    "first": first.id,
                    "second": second.id,
                    "names": [first.name, second.name],
                }
        raise CommandError(f"{team.name} has no fixed match in round {number}")

    return _command(desk, event_id, "match.unfixed", build)


def find_team_player(t: TeamTournament, ref: str, team_ref: str | None = None) -> Player:
    """A player of the event by id or a unique part of the name (case and accents ignored),
    or with ``team_ref`` of that team's roster, also by roster position (``#2``)."""
    if team_ref is not None:
        team = find_team(t, team_ref)
        pid = _roster_player(t, team, ref)
        return next(q for q in t.players if q.id == pid)
    text = ref.strip()
    if text.isdecimal():
        found = [q for q in t.players if q.id == int(text)]
        if found:
            return found[0]
        raise CommandError(f"no player has number {text}")
    key = name_key(text)
    if not key:
        raise CommandError("name a player by number or name")
    exact = [q for q in t.players if name_key(q.name) == key]
    found = exact or [q for q in t.players if key in name_key(q.name)]
    if len(found) == 1:
        return found[0]
    if found:
        teams = {pid: x.name for x in t.teams for pid in x.roster}
        listed = "; ".join(f"{q.name} ({teams.get(q.id, 'no team')})" for q in found[:10])
        raise CommandError(f"{ref!r} matches {len(found)} players: {listed}")
    raise CommandError(f"no player matches {ref!r}")


def edit_team_player(
    desk: Desk,
    event_id: int,
    ref: str,
    changes: Mapping[str, Any],
    team_ref: str | None = None,
) -> TeamEvent:
    """Correct a team player's details (name, rating, FIDE id, title...) as ``player edit``
    corrects an individual event's: one ``player.edited`` record with the values before."""
    if not changes:
        raise CommandError("nothing to change")
    checked = checked_player_changes(changes)

    def build(event: TeamEvent) -> Mapping[str, Any]:
        t = event.tournament
        player = find_team_player(t, ref, team_ref)
        before = player_data(player)
        changed = {k: v for k, v in checked.items() if before[k] != v}
        if not changed:
            raise CommandError(f"nothing to change: {player.name}'s details already say so")
        return {
            "player": player.id,
            "team": t.team_of(player.id),
            "changes": changed,
            "before": {k: before[k] for k in changed},
            "name": player.name,
        }

    return _command(desk, event_id, "player.edited", build)


def reorder_roster(desk: Desk, event_id: int, ref: str, players: Sequence[str]) -> TeamEvent:
    """Put a team's roster in a new board order, every player named once (``#2``, a part of
    the name or the number), while no line-up of the team is on a board: the order of a
    line-up already fielded never changes."""

    def build(event: TeamEvent) -> Mapping[str, Any]:
        t = event.tournament
        team = find_team(t, ref)
        order = [_roster_player(t, team, text) for text in players]
        return {"team": team.id, "roster": order, "name": team.name}

    return _command(desk, event_id, "roster.reordered", build)


def _one_team(action: str) -> Callable[..., TeamEvent]:
    def run(desk: Desk, event_id: int, ref: str, **extra: Any) -> TeamEvent:
        def build(event: TeamEvent) -> Mapping[str, Any]:
            team = find_team(event.tournament, ref)
            return {"team": team.id, "name": team.name, **extra}

        return _command(desk, event_id, action, build)

    return run


def remove_team(desk: Desk, event_id: int, ref: str) -> TeamEvent:
    """Take off a team registered by mistake, never paired."""
    return _one_team("team.removed")(desk, event_id, ref)


def withdraw_team(desk: Desk, event_id: int, ref: str, from_round: int | None = None) -> TeamEvent:
    """The team is not paired from ``from_round`` (default: the next round) on; in a round
    robin its scheduled matches are forfeits it loses."""
    number = (
        from_round if from_round is not None else load_team(desk, event_id).tournament.next_round
    )
    return _one_team("team.withdrawn")(desk, event_id, ref, round=number)


def return_team(desk: Desk, event_id: int, ref: str) -> TeamEvent:
    """Take a withdrawal back, while no round it affects is paired."""
    return _one_team("team.returned")(desk, event_id, ref)


_BYE_KINDS = {"full": ByeKind.FULL_POINT, "half": ByeKind.HALF_POINT, "zero": ByeKind.ZERO_POINT}


def grant_team_bye(
    desk: Desk, event_id: int, ref: str, round_number: int | None, kind: str
) -> TeamEvent:
    """A requested team bye (full, half or zero point: spec team-swiss.md §1.7)."""
    if kind not in _BYE_KINDS:
        raise CommandError(f"bye kind {kind!r}: choose full, half or zero")

    def build(event: TeamEvent) -> Mapping[str, Any]:
        if event.settings.system.team_round_robin:
            raise CommandError("a round robin follows its schedule; enter a forfeit instead")
        team = find_team(event.tournament, ref)
        number = event.tournament.next_round if round_number is None else round_number
        return {
            "team": team.id,
            "round": number,
            "kind": _BYE_KINDS[kind].name.lower(),
            "name": team.name,
        }

    return _command(desk, event_id, "bye.granted", build)


def forbid_teams(
    desk: Desk, event_id: int, refs: Sequence[str], first_round: int | None = None
) -> TeamEvent:
    """Keep teams apart: no two of them are paired from ``first_round`` (default: the next
    round) on, e.g. two teams of one club (C.04.6 C1, TRF ``260``). A team Swiss only."""

    def build(event: TeamEvent) -> Mapping[str, Any]:
        if event.settings.system.team_round_robin:
            raise CommandError("a round robin follows its schedule; pairs cannot be forbidden")
        found = [find_team(event.tournament, ref) for ref in refs]
        number = event.tournament.next_round if first_round is None else first_round
        return {
            "teams": [x.id for x in found],
            "first_round": number,
            "names": [x.name for x in found],
        }

    return _command(desk, event_id, "pairs.forbidden", build)


def fix_match(
    desk: Desk,
    event_id: int,
    first_ref: str,
    second_ref: str,
    round_number: int | None = None,
) -> TeamEvent:
    """Fix a match of a round not yet paired (default: the next round), the first team the
    White team; the pairing pairs the other teams around it. A team Swiss only."""

    def build(event: TeamEvent) -> Mapping[str, Any]:
        if event.settings.system.team_round_robin:
            raise CommandError("a round robin follows its schedule; a match cannot be fixed")
        t = event.tournament
        first, second = find_team(t, first_ref), find_team(t, second_ref)
        number = t.next_round if round_number is None else round_number
        return {
            "round": number,
            "first": first.id,
            "second": second.id,
            "names": [first.name, second.name],
        }

    return _command(desk, event_id, "match.fixed", build)


def _roster_player(t: TeamTournament, team: Team, ref: str) -> int:
    """A player of the team's roster by roster position (``#2``), id or part of the name."""
    text = ref.strip()
    roster = [t_p for t_p in t.players if t_p.id in team.roster]
    if text.startswith("#") and text[1:].isdecimal():
        index = int(text[1:])
        if not 1 <= index <= len(team.roster):
            raise CommandError(f"{team.name} has {len(team.roster)} players, not {index}")
        return team.roster[index - 1]
    key = name_key(text)
    exact = [q for q in roster if name_key(q.name) == key]
    found = exact or [q for q in roster if key in name_key(q.name)]
    if len(found) == 1:
        return found[0].id
    if found:
        listed = "; ".join(q.name for q in found)
        raise CommandError(f"{ref!r} matches {len(found)} players of {team.name}: {listed}")
    raise CommandError(f"no player of {team.name}'s roster matches {ref!r}")


def set_lineup(
    desk: Desk,
    event_id: int,
    ref: str,
    players: Sequence[str],
    round_number: int | None = None,
    *,
    expected_version: int | None = None,
) -> TeamEvent:
    """The players a team fields in its match of a paired round (default: the last), board 1
    first, from its roster in roster order; fewer than the boards leaves the lowest empty."""

    def build(event: TeamEvent) -> Mapping[str, Any]:
        t = event.tournament
        if not t.rounds:
            raise CommandError("no round is paired yet: line-ups are given for a paired round")
        team = find_team(t, ref)
        ids = [_roster_player(t, team, text) for text in players]
        number = len(t.rounds) if round_number is None else round_number
        team_actions.board_lineup(t, team.id, ids)  # refused here with the names
        return {"round": number, "team": team.id, "players": ids, "name": team.name}

    return _command(desk, event_id, "lineup.set", build, expected_version)


# --- rounds ------------------------------------------------------------------------------------


def _team_system(settings: EventSettings) -> TeamPairingSystem:
    """The event's team system from the pairing registry."""
    try:
        return team_pairing_system(settings.system.value)
    except KeyError:
        raise CommandError(
            f"the {settings.system.value} pairing system is not available in this version"
        ) from None


def team_round_robin_rounds(teams: int, double: bool) -> int:
    """Rounds of a team round robin on the Berger tables: n - 1 for an even field, n for an
    odd one (each team sits out once), twice that for a double round robin."""
    single = teams if teams % 2 else teams - 1
    return single * (2 if double else 1)


def pair_team_round(
    desk: Desk,
    event_id: int,
    system: TeamPairingSystem | None = None,
    *,
    held: pairing_runs.Held | None = None,
) -> tuple[TeamEvent, Pairing]:
    """Pair the next round with the event's team system (``system``: another pairer, for
    tests); each team fields its first B players until its line-up is given. Under the
    event's marker, as :func:`fairpair.service.events.pair_round`: refused with
    :class:`PairingInProgressError` while another pairing of the event runs, on any server;
    ``held``: the marker :func:`start_pair_team_round` has already put up."""
    pair = partial(_pair_team_round, desk, event_id, system)
    return under_marker(desk, event_id, held, begin_team_pairing, pair)


def begin_team_pairing(desk: Desk, event_id: int) -> pairing_runs.Held:
    """Put up the event's marker for its next round, once the round can be paired at all."""
    t = load_team(desk, event_id).tournament
    _check_team_pairable(t)
    return marker_for(desk, event_id, t.next_round)


def start_pair_team_round(
    desk: Desk, event_id: int
) -> BackgroundPairing[tuple[TeamEvent, Pairing]]:
    """Start pairing the next round in a thread and return at once (the desk's Pair)."""
    return in_background(desk, event_id, begin_team_pairing, pair_team_round)


def _check_team_pairable(t: TeamTournament) -> None:
    """Refuse to pair when the next round cannot be: all rounds paired, results missing, fewer
    than two teams."""
    if t.total_rounds is not None and t.next_round > t.total_rounds:
        raise CommandError(f"all {t.total_rounds} rounds are paired")
    if t.rounds:
        missing = sum(1 for m in t.rounds[-1].matches if not m.finished)
        if missing:
            raise CommandError(
                f"round {len(t.rounds)} still lacks the result of {missing} match(es); "
                "enter them first"
            )
    if len(t.teams) < 2:
        raise CommandError(f"round {t.next_round} needs at least 2 teams to pair")


def _pair_team_round(
    desk: Desk, event_id: int, system: TeamPairingSystem | None
) -> tuple[TeamEvent, Pairing]:
    made: list[Pairing] = []

    def build(event: TeamEvent) -> Mapping[str, Any]:
        t = event.tournament
        settings = event.settings
        payload: dict[str, Any] = {}
        _check_team_pairable(t)
        if settings.system.team_round_robin and not t.rounds and t.total_rounds is None:
            payload["total_rounds"] = team_round_robin_rounds(len(t.teams), settings.double)
            t = dataclasses.replace(t, total_rounds=payload["total_rounds"])
        engine = system if system is not None else _team_system(settings)
        fixed = [(m.first, m.second) for m in t.fixed_matches()]
        pairer = with_fixed_matches(engine, fixed) if fixed else engine
        try:
            pairing = pairer(t)
        except PairingError as error:  # no legal pairing: the pairing error says why
            blocking = blocking_controls(engine, t)
            why = "" if blocking is None else f" ({blocking})"
            raise CommandError(f"round {t.next_round} cannot be paired: {error}{why}") from None
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


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A match's result as the teams scored it: match points and game points of each."""

    number: int
    first: Team
    second: Team
    first_points: tuple[int, int]
    second_points: tuple[int, int]
    finished: bool

    def describe(self) -> str:
        mp1, gp1 = self.first_points
        mp2, gp2 = self.second_points
        state = "" if self.finished else " (unfinished)"
        return (
            f"match {self.number}: {self.first.name} - {self.second.name} "
            f"{format_points(gp1)}-{format_points(gp2)} game points, "
            f"{format_points(mp1)}-{format_points(mp2)} match points{state}"
        )


def match_result(t: TeamTournament, round_number: int, number: int) -> MatchResult:
    """The result of match ``number`` (1-based) of a round, from its boards (§1.5-1.6)."""
    match = t.rounds[round_number - 1].matches[number - 1]
    finished = match.finished
    if finished:
        first, second = match_entries(t, round_number, match)
        a, b = (first.match_points, first.game_points), (second.match_points, second.game_points)
    else:
        games = t.scoring.games
        a = (0, sum(board_points(x, True, games) for x in match.boards))
        b = (0, sum(board_points(x, False, games) for x in match.boards))
    return MatchResult(number, t.team(match.first), t.team(match.second), a, b, finished)


def _parse_ref(text: str) -> tuple[int, int | None]:
    match_text, dot, board_text = text.partition(".")
    if not match_text.isdecimal() or (dot and not board_text.isdecimal()):
        raise CommandError(f"{text!r}: name a match (3) or a board of a match (3.2)")
    return int(match_text), int(board_text) if dot else None


_MATCH_FORFEITS = {
    GameResult.WHITE_WINS_BY_FORFEIT: MatchForfeit.FIRST_WINS,
    GameResult.BLACK_WINS_BY_FORFEIT: MatchForfeit.SECOND_WINS,
    GameResult.DOUBLE_FORFEIT: MatchForfeit.DOUBLE,
}


def _result_items(entries: Sequence[tuple[str, str]]) -> list[dict[str, Any]]:
    if not entries:
        raise CommandError("give a board and a result, e.g. 1.2 1-0 (match 1, board 2)")
    items = []
    for ref, text in entries:
        number, board = _parse_ref(ref)
        entered = parse_result(text)
        if entered.match_score is not None:
            raise CommandError(f"{text!r}: a board of a team match is one game (1-0, 0-1, =)")
        if board is None:
            forfeit = _MATCH_FORFEITS.get(entered.result)
            if forfeit is None:
                raise CommandError(
                    f"match {number} {text}: a whole match is only forfeited (+-, -+ or --); "
                    f"give each board's result as {number}.BOARD RESULT"
                )
            items.append({"match": number, "board": None, "result": forfeit.value})
        else:
            items.append({"match": number, "board": board, "result": entered.result.value})
    return items


def record_team_results(
    desk: Desk,
    event_id: int,
    round_number: int | None,
    entries: Sequence[tuple[str, str]],
    *,
    expected_version: int | None = None,
) -> TeamEvent:
    """Results typed for one round (default: the last) as ``("1.2", "1-0")`` (match 1, board
    2, first team's player first) or ``("3", "+-")`` (match 3 forfeited by the second team):
    one record, logged as entered when it fills empty boards of the last round, else as a
    correction."""
    items = _result_items(entries)

    def build(event: TeamEvent) -> Mapping[str, Any]:
        t = event.tournament
        if not t.rounds:
            raise CommandError("no round is paired yet")
        number = len(t.rounds) if round_number is None else round_number
        return {"round": number, "results": items, "correction": round_number is not None}

    action = "result.corrected" if round_number is not None else "results.entered"
    return _command(desk, event_id, action, build, expected_version)


def undo_team(
    desk: Desk, event_id: int, steps: int = 1, *, expected_version: int | None = None
) -> tuple[TeamEvent, Sequence[LogRecord]]:
    """:func:`fairpair.service.events.undo` for a team event (``expected_version``: the
    version the director saw; a change made since refuses the undo)."""
    return _walk(desk, event_id, steps, UNDONE, expected_version)


def redo_team(
    desk: Desk, event_id: int, steps: int = 1, *, expected_version: int | None = None
) -> tuple[TeamEvent, Sequence[LogRecord]]:
    """:func:`fairpair.service.events.redo` for a team event."""
    return _walk(desk, event_id, steps, REDONE, expected_version)


def _walk(
    desk: Desk, event_id: int, steps: int, action: str, expected_version: int | None = None
) -> tuple[TeamEvent, Sequence[LogRecord]]:
    check_steps(steps, action)
    event = load_team(desk, event_id)
    info, settings, snapshot, taken = store_walk(
        desk,
        event.info,
        event.settings,
        steps,
        action,
        team_actions.apply_team,
        expected_version,
    )
    return TeamEvent(info, settings, snapshot), taken


# --- reading -----------------------------------------------------------------------------------


TEAM_TIEBREAKS_USUAL = ("MPvGP",)
"""The tie-break shown when the director chose none: the secondary score (C.07 13.1)."""


def team_tiebreaks(settings: EventSettings) -> tuple[str, ...]:
    return settings.chosen_tiebreaks or TEAM_TIEBREAKS_USUAL


def check_team_tiebreaks(codes: Sequence[str]) -> None:
    """:class:`CommandError` naming the first team tie-break code that is not known."""
    for code in codes:
        try:
            team_tiebreak(code)
        except (UnknownTiebreakError, ValueError):
            raise CommandError(f"unknown team tie-break {code!r}") from None


def team_standings(event: TeamEvent) -> TeamStandings:
    """Teams by the primary score, then the event's team tie-breaks (spec §10)."""
    return compute_team_standings(event.tournament, team_tiebreaks(event.settings))


def board_standings(event: TeamEvent) -> tuple[BoardStanding, ...]:
    """Each board's players for the board prizes (spec §11.2), with the event's minimum of
    games."""
    team = event.settings.team
    minimum = 0 if team is None else team.min_board_games
    return compute_board_standings(event.tournament, BoardStandingsSettings(min_games=minimum))


def team_settings_lines(event: TeamEvent) -> list[tuple[str, str]]:
    """The team event's settings and progress as (label, value) lines for ``event show``."""
    s, t = event.settings, event.tournament
    team = s.team
    assert team is not None
    total = "" if t.total_rounds is None else f" of {t.total_rounds}"
    p = s.points
    lines = [
        ("event", f"{event.id} {s.name}"),
        ("system", s.system.value + (" (double)" if s.double else "")),
        ("rounds", f"{len(t.rounds)}{total} paired"),
        ("teams", f"{len(t.teams)} ({len(t.players)} players)"),
        *team.describe(),
        (
            "game points",
            f"win {format_points(p.win)}, draw {format_points(p.draw)}, "
            f"loss {format_points(p.loss)}",
        ),
        ("tie-breaks", ", ".join(team_tiebreaks(s))),
        ("first colour", f"first team {s.initial_colour.name.lower()} on board 1 in round 1"),
    ]
    if s.start_date or s.end_date:
        lines.append(("dates", " to ".join(d for d in (s.start_date, s.end_date) if d)))
    lines.extend(_control_lines(t))
    return lines


def _control_lines(t: TeamTournament) -> list[tuple[str, str]]:
    """The director's controls still ahead: teams kept apart, matches fixed."""
    lines = []
    for rule in t.forbidden:
        if rule.last_round is not None and rule.last_round < t.next_round:
            continue
        teams = " and ".join(f"{tpn} {t.team(tpn).name}" for tpn in rule.players)
        until = "" if rule.last_round is None else f" to round {rule.last_round}"
        lines.append(("kept apart", f"{teams}, from round {rule.first_round}{until}"))
    for match in t.fixed:
        if match.round >= t.next_round:
            first, second = t.team(match.first), t.team(match.second)
            lines.append(
                (
                    "fixed match",
                    f"round {match.round}: {first.id} {first.name} - {second.id} {second.name}",
                )
            )
    return lines


def team_settings_data(event: TeamEvent) -> dict[str, Any]:
    """The settings and progress as JSON data for ``event show --format json``."""
    t = event.tournament
    data = event.settings.to_data()
    data["tiebreaks"] = list(team_tiebreaks(event.settings))  # the default resolved
    return {
        "id": event.id,
        **data,
        "tournament_type": t.system,
        "version": event.version,
        "rounds_paired": len(t.rounds),
        "teams": len(t.teams),
        "players": len(t.players),
    }


def export_team_event(event: TeamEvent, kind: str) -> str:
    """The team event as ``json`` (the event) or ``trf`` (a TRF-2026 team file: the only
    TRF flavour with team records, whatever ``--flavour`` says)."""
    match kind:
        case "json":
            return dump_team_event(event.tournament)
        case "trf" | "trf2026":
            try:
                return write_team_trf(event.tournament)
            except ValueError as error:  # a value the format has no room for
                raise CommandError(f"cannot write the TRF: {error}") from None
    raise CommandError(f"cannot export a team event as {kind!r}: choose trf or json")


_COLOUR_LETTER = {Colour.WHITE: "w", Colour.BLACK: "b"}


def board_colour_letter(t: TeamTournament, board: int, first_team: bool) -> str:
    """``w`` or ``b``: the colour of a side on a board (spec team-swiss.md §1.4)."""
    return _COLOUR_LETTER[t.board_colour(board, first_team)]


def describe_team(record: LogRecord, log: Sequence[LogRecord] | None = None) -> str:
    """One line of a team event's audit log, names as the record kept them."""
    p = record.payload
    if record.action in (UNDONE, REDONE):
        verb = "undid" if record.action == UNDONE else "redid"
        seq = p["seq"]
        target = log[seq - 1] if log is not None and 0 < seq <= len(log) else None
        what = p.get("action", "") if target is None else describe_team(target)
        return f"{verb} #{seq}: {what}"
    name = p.get("name", "")
    match record.action:
        case "event.created":
            rounds = f", {p['rounds']} rounds" if p.get("rounds") else ""
            return f"created {p['name']!r} ({p['system']}, {p['team']['boards']} boards{rounds})"
        case "team.registered" | "teams.imported":
            teams = p["teams"]
            if len(teams) == 1:
                (team,) = teams
                return (
                    f"registered team {team['id']} {team['name']} ({len(team['players'])} players)"
                )
            return f"imported {len(teams)} teams"
        case "team.edited":
            changes = ", ".join(f"{k}={v!r}" for k, v in sorted(p["changes"].items()))
            added = f"; added {len(p['players'])} player(s)" if p.get("players") else ""
            return f"edited team {p['team']} {name}: {changes}{added}".replace(": ;", ":")
        case "player.edited":
            changes = ", ".join(f"{k}={v!r}" for k, v in sorted(p["changes"].items()))
            team = "" if p.get("team") is None else f" (team {p['team']})"
            return f"corrected player {p['player']} {name}{team}: {changes}"
        case "roster.reordered":
            return f"new board order of team {p['team']} {name}: players {p['roster']}"
        case "team.removed":
            return f"removed team {p['team']} {name} (never paired)"
        case "team.withdrawn":
            return f"withdrew team {p['team']} {name} from round {p['round']} on"
        case "team.returned":
            return f"took back the withdrawal of team {p['team']} {name}"
        case "pairs.forbidden":
            names = p.get("names") or [""] * len(p["teams"])
            teams = " and ".join(
                f"{tpn} {n}".strip() for tpn, n in zip(p["teams"], names, strict=True)
            )
            return f"kept teams {teams} apart from round {p['first_round']} on"
        case "match.fixed":
            first, second = p.get("names", ("", ""))
            return (
                f"fixed the match {p['first']} {first} - {p['second']} {second} in round "
                f"{p['round']}"
            )
        case "match.unfixed":
            first, second = p.get("names", ("", ""))
            return (
                f"took back the fixed match {p['first']} {first} - {p['second']} {second} of "
                f"round {p['round']}"
            )
        case "bye.granted":
            kind = p["kind"].replace("_", "-")
            return f"{kind} bye for team {p['team']} {name} in round {p['round']}"
        case "round.paired":
            bye = f", bye team {p['bye']}" if p.get("bye") is not None else ""
            return f"paired round {p['round']}: {len(p['matches'])} matches{bye}"
        case "round.unpaired":
            return f"undid the pairing of round {p['round']}"
        case "lineup.set":
            fielded = len(p["players"])
            return f"round {p['round']}: line-up of team {p['team']} {name} ({fielded} players)"
        case "results.entered" | "result.corrected":
            shown = ", ".join(_result_ref(r) for r in p["results"][:6])
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


def _result_ref(item: Mapping[str, Any]) -> str:
    board = item.get("board")
    return f"{item['match']}{'' if board is None else f'.{board}'} {item['result']}"
