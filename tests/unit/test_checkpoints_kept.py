"""Which checkpoints a store keeps as an event's log grows (storage.checkpoints_kept): few,
dense near the end, never one that was dropped, and always one not far below any record."""

from __future__ import annotations

import itertools
import random

import pytest

from fairpair.storage import checkpoints_kept


def grown(records: int, every: int, batch: int = 1, seed: int = 0) -> list[set[int]]:
    """The checkpoints kept after each append of a log growing by 1 to ``batch`` records."""
    rng = random.Random(seed)
    kept: set[int] = set()
    version, states = 0, []
    while version < records:
        before, version = version, version + rng.randint(1, batch)
        if version // every > before // every:
            kept = checkpoints_kept(kept | {version}, every)
        states.append(kept)
    return states


@pytest.mark.parametrize(("every", "batch"), [(1, 1), (25, 1), (25, 30), (4, 3)])
def test_a_dropped_checkpoint_never_comes_back_and_the_count_grows_like_a_logarithm(
    every: int, batch: int
) -> None:
    states = grown(4000, every, batch)
    for earlier, later in itertools.pairwise(states):
        assert not later or later - earlier <= {max(later)}  # only the newest is new
    multiples = max(states[-1]) // every
    assert len(states[-1]) <= 2 * multiples.bit_length() + 2


def test_every_record_has_a_checkpoint_not_far_below_it() -> None:
    every = 25
    kept = sorted(grown(5000, every)[-1])
    newest = kept[-1]
    assert kept[-4:] == [newest - 75, newest - 50, newest - 25, newest]  # dense at the end
    for point in range(kept[0], newest + 1):
        below = max(c for c in kept if c <= point)
        # A walk reaching back to `point` replays newest - point records at least: starting
        # from `below` at most doubles that (give or take a multiple).
        assert point - below <= (newest - point) + 2 * every
