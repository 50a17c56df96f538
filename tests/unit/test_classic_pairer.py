"""The Algorithm::Pair::Swiss-style interface (swiss-casual.md §7)."""

from __future__ import annotations

import itertools
import random

import pytest

from fairpair.pairing.classic import SwissPairer, best_pairing
from fairpair.pairing.enumeration import pairings


def test_parties_are_ranked_by_their_sort_order() -> None:
    pairer = SwissPairer(["d", "b", "a", "c"])
    assert pairer.parties == ["a", "b", "c", "d"]
    assert pairer.pairs() == [("a", "b"), ("c", "d")]


def test_the_bye_goes_to_the_lowest_then_the_next_lowest() -> None:
    pairer = SwissPairer(range(1, 6))
    byes = []
    for _ in range(5):
        pairs = pairer.pairs()
        byes.append(next(a for a, b in pairs if b is None))
    assert byes == [5, 4, 3, 2, 1]
    assert pairer.pairs()[-1] == (5, None)  # everybody had one: the lowest again


def test_excluded_pairs_never_meet_and_the_answer_is_optimal_not_first_found() -> None:
    pairer = SwissPairer([1, 2, 3, 4, 5, 6])
    # The answer is checked against every pairing of the six: least Σ (rank distance)².
    pairer.exclude_pairs([(1, 2), (3, 4), (5, 6), (2, 4)])
    pairs = pairer.pairs()
    met = {frozenset(p) for p in pairs}
    assert not met & {frozenset(p) for p in [(1, 2), (3, 4), (5, 6), (2, 4)]}
    cost = sum((b - a) ** 2 for a, b in pairs if b is not None)
    best = min(
        sum((b - a) ** 2 for a, b in p.pairs)
        for p in pairings([1, 2, 3, 4, 5, 6])
        if not {frozenset(x) for x in p.pairs}
        & {frozenset(x) for x in [(1, 2), (3, 4), (5, 6), (2, 4)]}
    )
    assert cost == best


def test_a_whole_round_robin_by_exclusion() -> None:
    pairer = SwissPairer(range(8))
    seen: set[frozenset[int]] = set()
    for _ in range(7):
        pairs = pairer.pairs()
        for a, b in pairs:
            assert b is not None
            assert frozenset((a, b)) not in seen
            seen.add(frozenset((a, b)))
        pairer.exclude_pairs(pairs)
    assert len(seen) == 28
    with pytest.raises(ValueError):
        pairer.pairs()


def test_exclusions_move_the_bye_up_when_needed() -> None:
    pairer = SwissPairer([1, 2, 3])
    pairer.exclude(1, 2)
    assert pairer.pairs() == [(1, 3), (2, None)]
    with pytest.raises(ValueError):
        pairer.exclude(1, 1)
    with pytest.raises(ValueError):
        pairer.exclude(1, 9)


@pytest.mark.parametrize(("n", "seed"), [(n, seed) for n in range(0, 10) for seed in range(3)])
def test_best_pairing_matches_brute_force(n: int, seed: int) -> None:
    rng = random.Random(seed * 100 + n)
    parties = list(range(n))
    table = {
        (a, b): (None if rng.random() < 0.2 else rng.randint(-50, 50))
        for a, b in itertools.combinations(parties, 2)
    }
    bye = {a: rng.randint(-20, 20) for a in parties}

    def weight(a: int, b: int) -> int | None:
        return table[(a, b)]

    def total(pairs: list[tuple[int, int]], left: int | None) -> int:
        return sum(table[p] or 0 for p in pairs) + (bye[left] if left is not None else 0)

    candidates = [
        (list(p.pairs), p.bye)
        for p in pairings(parties)
        if all(table[x] is not None for x in p.pairs)
    ]
    if not candidates:
        with pytest.raises(ValueError):
            best_pairing(parties, weight, bye_weight=bye.__getitem__)
        return
    found = best_pairing(parties, weight, bye_weight=bye.__getitem__)
    pairs = [(a, b) for a, b in found if b is not None]
    left = next((a for a, b in found if b is None), None)
    everybody = [x for pair in pairs for x in pair] + ([left] if left is not None else [])
    assert sorted(everybody) == parties
    assert all(a < b for a, b in pairs)
    assert total(pairs, left) == max(total(p, b) for p, b in candidates)


def test_best_pairing_prefers_more_pairs_to_more_weight() -> None:
    # 0-1 is worth a lot but blocks a complete pairing; the complete one wins.
    weights = {(0, 1): 1000, (0, 2): 1, (1, 3): 1, (2, 3): None, (0, 3): None, (1, 2): None}
    found = best_pairing([0, 1, 2, 3], lambda a, b: weights[(a, b)])
    assert found == [(0, 2), (1, 3)]
