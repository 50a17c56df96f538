"""Team Swiss (C.04.6) and Double-Swiss events pair under the event's marker too, on the
fake, SQLite and PostgreSQL: a second pairing refused while one runs (from another server
as well), the engine's progress by scoregroups, the marker taken down after a success and
kept with the reason after a failure; a refusal that needs no engine puts up no marker."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest

from fairpair.core import Player
from fairpair.service import double_events as de
from fairpair.service import events as ev
from fairpair.service import team_events as te
from fairpair.service.errors import CommandError, PairingInProgressError
from fairpair.service.settings import DoubleSwissSettings, EventSettings, System, TeamSettings
from fairpair.storage import ConcurrencyError, EventStore
from tests.pairing_gate import WAIT, Gate, held_scoregroups, wait_for


def real_time_desk(store: EventStore, actor: str = "anna") -> ev.Desk:
    # The heartbeat runs in real time: the lease must be measured on the same clock.
    return ev.Desk(store, lambda: datetime.now(UTC), actor)


def team_swiss(desk: ev.Desk, teams: int = 6, owner: str | None = None) -> int:
    settings = EventSettings("League", System.TEAM_SWISS, rounds=5, team=TeamSettings(boards=2))
    event = te.create_team_event(desk, settings, owner)
    for n in range(1, teams + 1):
        roster = tuple(Player(1, f"Player {n}.{b}", rating=2300 - 40 * n - b) for b in (1, 2))
        te.register_team(desk, event.id, te.NewTeam(f"Team {n}", roster))
    return event.id


def double_swiss(desk: ev.Desk, players: int = 6, owner: str | None = None) -> int:
    settings = EventSettings(
        "Double Open", System.DOUBLE_SWISS, rounds=5, double_swiss=DoubleSwissSettings()
    )
    event = de.create_double_event(desk, settings, owner)
    de.import_double_players(
        desk, event.id, [Player(1, f"Player {n}", rating=2000 + 10 * n) for n in range(players)]
    )
    return event.id


@dataclass(frozen=True)
class Kind:
    """A kind of event with its own pairing: how to make one, pair it, add a late comer."""

    create: Callable[..., int]
    """(desk, owner=None) -> the event's id."""
    pair: Callable[[ev.Desk, int], tuple[Any, Any]]
    start: Callable[[ev.Desk, int], ev.BackgroundPairing[tuple[Any, Any]]]
    system: str
    late_comer: Callable[[ev.Desk, int], object]
    load: Callable[[ev.Desk, int], Any]

    def held(self, monkeypatch: pytest.MonkeyPatch) -> AbstractContextManager[Gate]:
        """Its engine held in the middle (tests/pairing_gate.py)."""
        return held_scoregroups(monkeypatch, self.system)

    def create_owned(self, desk: ev.Desk, owner: str) -> int:
        """The event, run by ``owner`` (for the desk's tests)."""
        return self.create(desk, owner=owner)


KINDS = {
    "team-swiss": Kind(
        team_swiss,
        te.pair_team_round,
        te.start_pair_team_round,
        "team-swiss",
        lambda d, e: te.register_team(
            d, e, te.NewTeam("Late", (Player(1, "L1", rating=1500), Player(1, "L2")))
        ),
        te.load_team,
    ),
    "double-swiss": Kind(
        double_swiss,
        de.pair_double_round,
        de.start_pair_double_round,
        "double-swiss",
        lambda d, e: de.register_double_player(d, e, "Late Comer", rating=1500),
        de.load_double,
    ),
}


@pytest.fixture(params=sorted(KINDS))
def kind(request: pytest.FixtureRequest) -> Kind:
    return KINDS[request.param]


def test_a_background_pairing_shows_its_scoregroups_and_refuses_a_second_from_anywhere(
    kind: Kind, open_store: Callable[[], EventStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    here, there = open_store(), open_store()  # two app servers on one database
    event_id = kind.create(real_time_desk(here))
    with kind.held(monkeypatch) as (reached, go):
        job = kind.start(real_time_desk(here), event_id)
        assert job.round == 1
        assert reached.wait(WAIT)
        with pytest.raises(PairingInProgressError, match="round 1 is being paired"):
            kind.pair(real_time_desk(there, "bruno"), event_id)
        with pytest.raises(PairingInProgressError, match=r"started by anna"):
            kind.start(real_time_desk(there, "bruno"), event_id)

        def progress() -> tuple[int, int, str] | None:
            run = ev.pairing_status(real_time_desk(there), event_id)
            return None if run is None else (run.done, run.total, run.what)

        wait_for(lambda: progress() == (1, 3, "scoregroup"))
        assert not job.finished.is_set()
        assert kind.load(real_time_desk(there), event_id).tournament.rounds == ()
        go.set()
        assert job.finished.wait(WAIT)
    assert job.error is None and job.paired is not None
    event, pairing = job.paired
    assert pairing.round == 1 and len(pairing.boards) == 3
    stored = kind.load(real_time_desk(there), event_id).tournament.rounds
    assert len(stored) == 1 and stored[0].number == 1
    assert ev.pairing_status(real_time_desk(there), event_id) is None
    assert event.version == kind.load(real_time_desk(there), event_id).version


def test_a_pairing_in_the_foreground_takes_its_marker_down_and_a_refusal_puts_none_up(
    kind: Kind, store: EventStore
) -> None:
    desk = real_time_desk(store)
    event_id = kind.create(desk)
    _, pairing = kind.pair(desk, event_id)
    assert pairing.round == 1
    assert store.pairing_run(event_id) is None
    with pytest.raises(CommandError, match="round 1 still lacks the result"):
        kind.pair(desk, event_id)
    assert store.pairing_run(event_id) is None


def test_a_change_made_during_the_pairing_fails_it_and_the_marker_says_so(
    kind: Kind, store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = real_time_desk(store)
    event_id = kind.create(desk)
    with kind.held(monkeypatch) as (reached, go):
        job = kind.start(desk, event_id)
        assert reached.wait(WAIT)
        kind.late_comer(desk, event_id)
        go.set()
        assert job.finished.wait(WAIT)
    assert isinstance(job.error, ConcurrencyError)
    run = ev.pairing_status(desk, event_id)
    assert run is not None and run.error is not None
    assert "changed while round 1 was being paired" in run.error
    assert kind.load(desk, event_id).tournament.rounds == ()
    # The failure blocks nothing: paired again, with the late comer.
    _, pairing = kind.pair(desk, event_id)
    assert pairing.round == 1 and len(pairing.boards) == 3 and pairing.bye is not None
    assert ev.pairing_status(desk, event_id) is None


def test_an_engine_that_finds_no_pairing_leaves_its_reason(store: EventStore) -> None:
    desk = real_time_desk(store)
    event_id = team_swiss(desk, teams=2)
    te.forbid_teams(desk, event_id, ["1", "2"])
    with pytest.raises(CommandError, match="round 1 cannot be paired") as failed:
        te.pair_team_round(desk, event_id)
    run = ev.pairing_status(desk, event_id)
    assert run is not None and run.error == str(failed.value)
    assert te.load_team(desk, event_id).tournament.rounds == ()
