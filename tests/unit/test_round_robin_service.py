"""The round-robin use case: which system, which seating, one seeded generator."""

from __future__ import annotations

import pytest

from fairpair.core import Player
from fairpair.pairing.round_robin import berger_schedule
from fairpair.service.round_robin import (
    Method,
    RoundRobinRequest,
    Seating,
    plan_round_robin,
)

FIELD = tuple(
    Player(i, name, rating=rating)
    for i, (name, rating) in enumerate(
        [("Ada", 1500), ("Ben", 2400), ("Cid", None), ("Dot", 2000), ("Eli", 2200), ("Fay", 1800)],
        start=1,
    )
)


def test_a_number_of_players_gives_the_berger_table() -> None:
    plan = plan_round_robin(8)
    assert plan.players is None
    assert plan.schedule == berger_schedule(8)


def test_named_players_get_pairing_numbers_by_lot() -> None:
    plan = plan_round_robin(FIELD, RoundRobinRequest(seed=11))
    assert plan.players is not None
    assert [p.id for p in plan.players] == [1, 2, 3, 4, 5, 6]
    assert sorted(p.name for p in plan.players) == sorted(p.name for p in FIELD)
    assert plan.schedule == berger_schedule(6)
    again = plan_round_robin(FIELD, RoundRobinRequest(seed=11))
    assert again.players == plan.players
    draws = {
        tuple(p.name for p in plan_round_robin(FIELD, RoundRobinRequest(seed=s)).players or ())
        for s in range(10)
    }
    assert len(draws) > 1


def test_rotation_keeps_the_file_numbers_and_seats_by_strength() -> None:
    request = RoundRobinRequest(method=Method.ROTATION, seating=Seating.STRENGTH, groups=3)
    plan = plan_round_robin(FIELD, request)
    assert plan.players == FIELD
    # by rating: Ben, Eli | Dot, Fay | Ada, Cid (unrated last); seats filled A, B, C, A, B, C
    groups = [{2, 5}, {4, 6}, {1, 3}]
    seating = plan.schedule.seating
    assert [next(i for i, g in enumerate(groups) if p in g) for p in seating] == [0, 1, 2] * 2


def test_best_games_last_uses_ratings() -> None:
    request = RoundRobinRequest(method=Method.ROTATION, seating=Seating.BEST_LAST)
    last = plan_round_robin(FIELD, request).schedule.rounds[-1]
    assert any({g.white, g.black} == {2, 5} for g in last.boards)  # Ben and Eli


def test_boards_make_sessions() -> None:
    plan = plan_round_robin(6, RoundRobinRequest(boards=1, double=True))
    assert len(plan.schedule.sessions) == 30


@pytest.mark.parametrize(
    ("field", "request_", "message"),
    [
        (1, RoundRobinRequest(), "at least 2 players"),
        (FIELD[:1], RoundRobinRequest(), "at least 2 players"),
        (6, RoundRobinRequest(boards=0), "at least one board"),
        (6, RoundRobinRequest(seating=Seating.BEST_LAST), "rotation method"),
        (
            6,
            RoundRobinRequest(method=Method.ROTATION, seating=Seating.STRENGTH, groups=0),
            "0 strength groups",
        ),
    ],
)
def test_impossible_requests(
    field: int | tuple[Player, ...], request_: RoundRobinRequest, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        plan_round_robin(field, request_)
