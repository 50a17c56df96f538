"""Alternatives of a round on the spec's worked example and the wording of the reasons."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from fairpair.cli.engine import next_round_state
from fairpair.core import Tournament
from fairpair.formats.trf import read_trf
from fairpair.pairing.alternatives import Criterion, Difference, alternative_pairings
from fairpair.pairing.criteria import dutch_criteria
from fairpair.pairing.dutch import pair_dutch

EXAMPLE_B = Path(__file__).resolve().parent / "data" / "example-b.trf"


def round_3() -> Tournament:
    """swiss-dutch.md §11 Example B before its round 3."""
    return next_round_state(read_trf(EXAMPLE_B).tournament())


def test_example_b_the_bye_to_5_loses_on_c9() -> None:
    # Spec: in {3, 4, 5} the bye goes to 3 or 4, "C9 rules out 5"; 4-5 met in round 2 (C1),
    # so the only other way to keep the top boards is the bye to 5 with 3-4.
    state = round_3()
    found = alternative_pairings(pair_dutch(state), dutch_criteria(state), 3)
    first = found[0]
    assert first.bye == 5
    assert {frozenset(p) for p in first.new_pairs} == {frozenset((3, 4))}
    assert first.changed_boards == (3, 4)
    assert first.difference is not None and first.difference.criterion.code == "C9"
    assert first.difference.worse


def test_example_b_lists_only_pairings_keeping_c1_and_c2() -> None:
    state = round_3()
    everything = alternative_pairings(pair_dutch(state), dutch_criteria(state), 1000)
    met = {
        frozenset((g.white, g.black))
        for rnd in state.rounds
        for g in rnd.games
        if g.result is not None and g.result.played
    }
    assert 0 < len(everything) < 105  # 7 players: 105 pairings, most break C1, C2 or C3
    for alternative in everything:
        assert not {frozenset(p) for p in alternative.pairs} & met
        assert alternative.bye not in (2, 7)  # forfeit win and pairing-allocated bye (C2)
    keys = [(a.pairs, a.bye) for a in everything]
    assert len(set(keys)) == len(keys)
    vectors = [a.vector for a in everything]
    assert vectors == sorted(vectors, reverse=True)
    assert [a.rank for a in everything] == list(range(1, len(everything) + 1))


def test_no_alternatives_asked_and_bad_requests() -> None:
    state = round_3()
    chosen = pair_dutch(state)
    criteria = dutch_criteria(state)
    assert alternative_pairings(chosen, criteria, 0) == ()
    with pytest.raises(ValueError, match="cannot list"):
        alternative_pairings(chosen, criteria, -1)
    other = next_round_state(read_trf(EXAMPLE_B).tournament().before_round(2))
    with pytest.raises(ValueError, match="does not pair"):
        alternative_pairings(pair_dutch(other), criteria, 2)


@pytest.mark.parametrize(
    ("criterion", "chosen", "alternative", "text"),
    [
        (
            Criterion(
                "C12", "pairs where a player misses his colour preference", sign=-1, bracket=15
            ),
            3,
            5,
            "loses on C12 in the 1.5-point bracket "
            "(pairs where a player misses his colour preference: 2 more)",
        ),
        (
            Criterion("C6", "pairs in the bracket", bracket=20),
            4,
            3,
            "loses on C6 in the 2-point bracket (pairs in the bracket: 1 fewer)",
        ),
        (
            Criterion("C5", "the bye to a player on", "points", -1, offset=30),
            10,
            15,
            "loses on C5 (the bye to a player on 1.5 points instead of 1)",
        ),
        (
            Criterion("C7", "higher-scored players float down", "order", bracket=10),
            8,
            6,
            "loses on C7 in the 1-point bracket (higher-scored players float down)",
        ),
        (Criterion("C12", "pairs", sign=-1), 3, 1, "is better on C12 (pairs: 2 fewer)"),
    ],
)
def test_the_reason_reads_as_the_rule(
    criterion: Criterion, chosen: int, alternative: int, text: str
) -> None:
    assert Difference(criterion, chosen, alternative).describe() == text


def test_natural_values_follow_sign_and_offset() -> None:
    bye = Criterion("C5", "the bye to a player on", "points", -1, offset=30)
    assert [bye.natural(entry) for entry in (0, 10, 30)] == [30, 20, 0]
    assert all(Criterion("C6", "pairs").natural(e) == e for e in itertools.islice(range(5), 5))
