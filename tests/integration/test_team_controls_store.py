"""The team event's controls and roster corrections through the service on every store: one
record each, the stored snapshot equal to a replay of the log, undone like any other change."""

from __future__ import annotations

import pytest

from fairpair.core import Player
from fairpair.core.teams import FixedMatch
from fairpair.service import events as ev
from fairpair.service import team_events as te
from fairpair.service.errors import CommandError
from fairpair.service.settings import System
from fairpair.service.team_actions import replay_team_event
from fairpair.storage import EventStore
from tests.integration.stores import ticking_clock
from tests.integration.test_team_event_store import roster, settings


@pytest.fixture
def desk(store: EventStore) -> ev.Desk:
    return ev.Desk(store, ticking_clock(), "arbiter")


def cup(desk: ev.Desk, teams: int = 6) -> int:
    event = te.create_team_event(desk, settings(System.TEAM_SWISS, boards=2))
    names = [f"Team {chr(65 + i)}" for i in range(teams)]
    te.import_teams(desk, event.id, [te.NewTeam(n, roster(n, 3)) for n in names])
    return event.id


def test_controls_and_corrections_are_records_the_log_replays(desk: ev.Desk) -> None:
    event_id = cup(desk)
    te.forbid_teams(desk, event_id, ["Team A", "team b"])
    te.fix_match(desk, event_id, "Team C", "Team A")
    te.edit_team_player(desk, event_id, "Team D 1", {"rating": 2222, "fide_id": "123"})
    te.reorder_roster(desk, event_id, "Team E", ["#3", "#1", "#2"])
    event, pairing = te.pair_team_round(desk, event_id)
    assert (pairing.boards[0].white, pairing.boards[0].black) == (3, 1)
    assert frozenset((1, 2)) not in {frozenset((g.white, g.black)) for g in pairing.boards}
    t = event.tournament
    assert t.fixed == (FixedMatch(1, 3, 1),)
    assert next(q for q in t.players if q.name == "Team D 1").rating == 2222
    match = t.rounds[0].match_of(5)
    assert match is not None and match.lineup(5) == t.team(5).roster[:2]
    stored = te.load_team(desk, event_id)
    replayed = replay_team_event((r.action, r.payload) for r in desk.store.log(event_id))
    assert replayed == (stored.settings, stored.tournament)
    lines = [te.describe_team(r) for r in desk.store.log(event_id)]
    assert lines[2:6] == [
        "kept teams 1 Team A and 2 Team B apart from round 1 on",
        "fixed the match 3 Team C - 1 Team A in round 1",
        "corrected player 10 Team D 1 (team 4): fide_id='123', rating=2222",
        "new board order of team 5 Team E: players [15, 13, 14]",
    ]
    _, taken = te.undo_team(desk, event_id, 2)
    assert [r.action for r in taken] == ["round.paired", "roster.reordered"]
    assert te.load_team(desk, event_id).tournament.team(5).roster == (13, 14, 15)


def test_refusals_say_why(desk: ev.Desk) -> None:
    event_id = cup(desk, 4)
    with pytest.raises(CommandError, match="'team' matches 4 teams: 1 Team A; 2 Team B"):
        te.fix_match(desk, event_id, "team", "Team A")
    with pytest.raises(CommandError, match="Team A cannot meet itself"):
        te.fix_match(desk, event_id, "Team A", "1")
    with pytest.raises(CommandError, match="a team is named twice"):
        te.forbid_teams(desk, event_id, ["Team A", "1"])
    te.withdraw_team(desk, event_id, "Team D")
    with pytest.raises(CommandError, match="Team D has withdrawn"):
        te.fix_match(desk, event_id, "Team C", "Team D")
    te.fix_match(desk, event_id, "Team A", "Team B", 2)
    with pytest.raises(CommandError, match="Team A has a fixed match: take it back before"):
        te.remove_team(desk, event_id, "Team A")
    with pytest.raises(CommandError, match="Team B has a fixed match in round 2"):
        te.withdraw_team(desk, event_id, "Team B")
    with pytest.raises(CommandError, match="Team C has no fixed match in round 1"):
        te.unfix_match(desk, event_id, "Team C")
    after = te.unfix_match(desk, event_id, "Team B", 2)
    assert after.tournament.fixed == ()
    assert te.describe_team(desk.store.log(event_id)[-1]) == (
        "took back the fixed match 1 Team A - 2 Team B of round 2"
    )
    te.withdraw_team(desk, event_id, "Team B", 2)
    te.edit_team(desk, event_id, "Team A", {}, [Player(1, "Late, Leo")])
    with pytest.raises(CommandError, match="nothing to change"):
        te.edit_team_player(desk, event_id, "Late", {"name": "Late, Leo"})
