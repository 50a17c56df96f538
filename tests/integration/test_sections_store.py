"""Sections of an open over each store (the fake, SQLite, PostgreSQL when configured): each
section its own system and settings, one register, one staff, players moved between
sections before round 1 only, each move undoable."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fairpair.service import directors
from fairpair.service import events as ev
from fairpair.service import prizes as pz
from fairpair.service import sections as sc
from fairpair.service.directors import Right
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.settings import AccelerationMethod, EventSettings, Game, System
from fairpair.standings.prizes import CategoryKind, PrizeCategory, PrizeRules
from fairpair.storage import EventStore
from tests.integration.stores import ticking_clock


def desk(store: EventStore, actor: str = "arbiter") -> ev.Desk:
    return ev.Desk(store, ticking_clock(), actor)


def spring_open(d: ev.Desk) -> ev.Event:
    event = ev.create_event(
        d,
        EventSettings(
            "Spring open", System.DUTCH, rounds=7, tiebreaks=("BH-C1", "BH"), city="Ghent"
        ),
        owner="olga",
    )
    for name, rating in (("Ann", 2210), ("Bob", 2150), ("Cy", 1720), ("Dee", 1690)):
        ev.register_player(d, event.id, name, rating=rating, federation="BEL")
    return ev.load(d, event.id)


def test_each_section_has_its_own_system_and_the_opens_game_and_report(
    open_store: Callable[[], EventStore],
) -> None:
    d = desk(open_store())
    root = spring_open(d)
    assert sc.sections(d, root.id) == ()
    b = sc.add_section(d, root.id, "B", system=System.CASUAL, rounds=5, first_name="A")
    juniors = sc.add_section(d, b.id, " Juniors ", system=System.BERGER, rounds=None)
    listed = sc.sections(desk(open_store()), juniors.id)
    assert [(s.id, s.name) for s in listed] == [
        (root.id, "A"),
        (b.id, "B"),
        (juniors.id, "Juniors"),
    ]
    assert b.info.name == "Spring open – B" and b.info.owner == "olga"
    assert (b.settings.system, b.settings.rounds) == (System.CASUAL, 5)
    assert juniors.settings.system is System.BERGER
    for section in (b, juniors):
        assert section.settings.game is Game.CHESS
        assert section.settings.tiebreaks == ("BH-C1", "BH")
        assert section.settings.city == "Ghent"
    # The first section was named by one change of its own log, undoable like any other.
    assert ev.history(d, root.id)[-1].action == "section.set"
    assert ev.load(d, root.id).settings.section is not None
    with pytest.raises(FieldErrors, match="has a section 'b' already"):
        sc.add_section(d, root.id, "b", system=System.DUTCH, rounds=5)
    with pytest.raises(FieldErrors, match="needs a name"):
        sc.add_section(d, root.id, "  ", system=System.DUTCH, rounds=5)
    with pytest.raises(CommandError, match="not team-swiss"):
        sc.add_section(d, root.id, "Teams", system=System.TEAM_SWISS, rounds=5)


def test_a_player_moves_between_sections_before_round_1_only(
    open_store: Callable[[], EventStore],
) -> None:
    d = desk(open_store())
    root = spring_open(d)
    b = sc.add_section(d, root.id, "B", system=System.DUTCH, rounds=5)
    left, moved = sc.move_player(d, root.id, "Cy", b.id)
    assert [p.name for p in left.tournament.players] == ["Ann", "Bob", "Dee"]
    cy = ev.find_player(moved.tournament, "Cy")
    assert (cy.rating, cy.federation) == (1720, "BEL")
    register = sc.register(d, b.id)
    assert [(s.name, p.name) for s, p in register] == [
        ("A", "Ann"),
        ("A", "Bob"),
        ("B", "Cy"),
        ("A", "Dee"),
    ]
    # Each section's log has its half of the move; undo there takes it back.
    assert ev.history(d, root.id)[-1].action == "player.removed"
    assert ev.history(d, b.id)[-1].action == "player.registered"
    ev.undo(d, root.id)
    assert ev.find_player(ev.load(d, root.id).tournament, "Cy").rating == 1720

    with pytest.raises(CommandError, match="not a section of the same open"):
        other = ev.create_event(d, EventSettings("Blitz", System.DUTCH, rounds=9))
        sc.move_player(d, root.id, "Ann", other.id)
    ev.register_player(d, b.id, "Eve", rating=1500)
    ev.pair_round(d, b.id)
    with pytest.raises(CommandError, match="has paired round 1"):
        sc.move_player(d, root.id, "Dee", b.id)
    assert [p.name for p in ev.load(d, root.id).tournament.players] == ["Ann", "Bob", "Cy", "Dee"]


def test_the_opens_staff_runs_every_section(open_store: Callable[[], EventStore]) -> None:
    d = desk(open_store())
    root = spring_open(d)
    b = sc.add_section(d, root.id, "B", system=System.DUTCH, rounds=5)
    for name in ("olga", "bruno", "carla", "dora"):
        directors.add_director(d, name, f"{name}'s long password")
    directors.set_staff(desk(d.store, "olga"), root.id, "carla", "assistant")
    directors.set_staff(desk(d.store, "olga"), root.id, "bruno", "co-director")
    assert directors.access_of(d, b.id, "bruno", Right.DIRECT).role.value == "co-director"
    assert directors.access_of(d, b.id, "carla", Right.RESULTS).role.value == "assistant"
    with pytest.raises(directors.NotYourEventError):
        directors.access_of(d, b.id, "carla", Right.DIRECT)
    with pytest.raises(directors.NotYourEventError):
        directors.access_of(d, b.id, "dora", Right.RESULTS)
    assert {info.id for info, _ in directors.events_of(d, "carla")} == {root.id, b.id}


def test_a_section_takes_no_prizes_and_no_acceleration_it_cannot_use(
    open_store: Callable[[], EventStore],
) -> None:
    d = desk(open_store())
    root = ev.create_event(
        d,
        EventSettings("Baku open", System.DUTCH, rounds=9, acceleration=AccelerationMethod.BAKU),
    )
    pz.add_category(d, root.id, PrizeCategory("Overall", CategoryKind.OVERALL, (100000,)))
    assert ev.load(d, root.id).settings.prizes != PrizeRules()
    fide = sc.add_section(d, root.id, "B", system=System.BURSTEIN, rounds=9)
    casual = sc.add_section(d, root.id, "Rapid", system=System.CASUAL, rounds=5)
    assert fide.settings.acceleration is AccelerationMethod.BAKU
    assert casual.settings.acceleration is AccelerationMethod.NONE
    assert fide.settings.prizes == casual.settings.prizes == PrizeRules()
