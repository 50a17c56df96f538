"""The criteria of a round computed once per pair of player kinds (what makes
``--alternatives`` fast at 1,000 players) equal the criteria computed pair by pair: the same
graph, the same vector for every pairing, valid or not."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairpair.core import PlayerId
from fairpair.pairing.criteria import PackedCriteria, burstein_criteria, dutch_criteria
from fairpair.pairing.dutch import DutchRound
from fairpair.pairing.errors import PairingError
from fairpair.pairing.matcher import default_matcher
from fairpair.pairing.registry import pairing_system
from fairpair.pairing.swiss.view import swiss_round
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


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_players_of_one_dutch_kind_weigh_the_same_with_any_partner(data: st.DataObject) -> None:
    """``DutchRound.kinds``, after the bye pre-pass and with C9 on or off: swapping a player
    for another of his kind, first or second in the pair, never changes a pair's weight."""
    tournament = data.draw(swiss_rounds_to_pair("dutch", max_players=24))
    dutch = DutchRound(swiss_round(tournament), default_matcher)
    try:
        dutch.settle_bye_score()
    except PairingError:
        return
    dutch.c9 = data.draw(st.booleans())
    kinds = dutch.kinds()
    firsts = [kinds.index(kind) for kind in range(len(set(kinds)))]
    assert firsts == sorted(firsts), "numbered 0, 1, 2 ... in order of first appearance"
    weights: dict[tuple[int, int, bool, bool], int] = {}
    for u, v in itertools.combinations(range(dutch.n), 2):
        for steps in itertools.product((False, True), repeat=2):
            weight = dutch.base_weight(u, v, *steps)
            key = (kinds[u], kinds[v], *steps)
            assert weights.setdefault(key, weight) == weight
