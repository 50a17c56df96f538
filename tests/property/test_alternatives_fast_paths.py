"""The criteria of a round computed once per pair of player kinds (what makes
``--alternatives`` fast at 1,000 players) equal the criteria computed pair by pair: the same
graph, the same vector for every pairing, valid or not."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairpair.core import PlayerId
from fairpair.pairing.criteria import PackedCriteria, burstein_criteria, dutch_criteria
from fairpair.pairing.errors import PairingError
from fairpair.pairing.registry import pairing_system
from tests.strategies import swiss_rounds_to_pair

BUILDERS = {"dutch": dutch_criteria, "burstein": burstein_criteria}


def random_pairings(
    order: tuple[PlayerId, ...], rng: random.Random, count: int
) -> list[tuple[list[tuple[PlayerId, PlayerId]], PlayerId | None]]:
    """Random pairings of the players (most break an absolute criterion: no vector)."""
    found = []
    for _ in range(count):
        players = list(order)
        rng.shuffle(players)
        bye = players.pop() if len(players) % 2 else None
        found.append((list(zip(players[::2], players[1::2], strict=True)), bye))
    return found


@pytest.mark.parametrize("system", sorted(BUILDERS))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_criteria_by_kinds_equal_criteria_pair_by_pair(system: str, data: st.DataObject) -> None:
    tournament = data.draw(swiss_rounds_to_pair(system, max_players=24))
    try:
        fast = BUILDERS[system](tournament)
    except PairingError:
        return
    assert isinstance(fast, PackedCriteria)
    plain = fast.per_pair()
    (fast_space,) = fast.spaces()
    (plain_space,) = plain.spaces()
    assert fast_space.graph() == plain_space.graph()
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    valid = 0
    for pairs, bye in random_pairings(fast.order, rng, 60):
        vector = plain.vector(pairs, bye)
        valid += vector is not None
        assert fast.vector(pairs, bye) == vector
    try:
        chosen = pairing_system(system)(tournament)
    except PairingError:
        return
    pairs = [(g.white, g.black) for g in chosen.boards]
    assert fast.vector(pairs, chosen.bye) == plain.vector(pairs, chosen.bye) is not None
