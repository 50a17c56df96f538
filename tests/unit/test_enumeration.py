"""The enumeration of all pairings: counts, distinctness, each one a valid pairing."""

from __future__ import annotations

import itertools

import pytest

from fairpair.pairing.enumeration import count_pairings, pairings

EXPECTED = {0: 1, 1: 1, 2: 1, 3: 3, 4: 3, 5: 15, 6: 15, 7: 105, 8: 105, 9: 945, 10: 945}


@pytest.mark.parametrize("n", range(0, 15))
def test_count_is_the_double_factorial(n: int) -> None:
    even = n - n % 2
    double_factorial = 1
    for odd in range(even - 1, 0, -2):
        double_factorial *= odd
    assert count_pairings(n) == (n if n % 2 else 1) * double_factorial
    if n in EXPECTED:
        assert count_pairings(n) == EXPECTED[n]


@pytest.mark.parametrize("n", range(0, 12))
def test_every_pairing_is_valid_and_distinct(n: int) -> None:
    players = [f"p{i}" for i in range(n)]
    seen = set()
    for pairing in pairings(players):
        used = [p for pair in pairing.pairs for p in pair]
        if pairing.bye is not None:
            used.append(pairing.bye)
        assert sorted(used) == sorted(players)
        assert (pairing.bye is None) == (n % 2 == 0)
        key = (frozenset(frozenset(pair) for pair in pairing.pairs), pairing.bye)
        assert key not in seen
        seen.add(key)
    assert len(seen) == count_pairings(n)


def test_fourteen_players_give_135135_pairings_lazily() -> None:
    generator = pairings(range(14))
    first = next(generator)
    assert first.pairs == ((0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (10, 11), (12, 13))
    assert 1 + sum(1 for _ in generator) == 135_135


def test_small_fields_match_a_brute_force_over_permutations() -> None:
    for n in range(1, 8):
        brute = set()
        for perm in itertools.permutations(range(n)):
            bye = perm[-1] if n % 2 else None
            body = perm[:-1] if n % 2 else perm
            pairs = frozenset(frozenset(body[i : i + 2]) for i in range(0, len(body), 2))
            brute.add((pairs, bye))
        mine = {(frozenset(frozenset(p) for p in x.pairs), x.bye) for x in pairings(range(n))}
        assert mine == brute


def test_negative_sizes_are_rejected() -> None:
    with pytest.raises(ValueError):
        count_pairings(-1)
