"""Every round of every Dutch reference tournament, re-paired and compared with bbpPairings 6.

For each round r: pair ``tournament.before_round(r)``; the boards (white, black) and the PAB
must be those stored in the file, and the drop-in output (board order included) must be the
reference engine's own output in ``engine-output/dutch/<stem>.json``. Any difference is a bug.

A quick subset (small files that between them have forfeits, half- and zero-point byes,
Baku acceleration, 3-1-0 points and both colour settings) runs always; the rest is ``slow``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fairpair.core import Pairing, Tournament
from fairpair.formats.trf import read_trf
from fairpair.pairing.dutch import pair_dutch
from tests.golden.corpus import (
    REFERENCE,
    Feature,
    always_sparse_matcher,
    corpus_files,
    file_params,
    needs_sparse_starts,
    quick_subset,
    replay_differences,
)

FOLDERS = ("dutch-large", "dutch")
"""The large files first, so that pytest-xdist does not end on them with one worker idle."""
FILES = corpus_files(*FOLDERS)

FEATURES: list[Feature] = [
    lambda r: int(r["forfeited_games"]) > 0,
    lambda r: int(r["half_point_byes"]) > 0,
    lambda r: int(r["zero_point_byes"]) > 0,
    lambda r: int(r["pabs"]) > 0,
    lambda r: r["acceleration"] != "none",
    lambda r: r["point_system"] != "standard",
    lambda r: r["initial_colour_line"] == "white1",
    lambda r: r["initial_colour_line"] == "black1",
    lambda r: r["initial_colour_line"] == "",
]
QUICK = quick_subset("dutch", FEATURES, per_feature=3)
"""About 25 small files that together cover every feature the index lists."""


@pytest.mark.parametrize("path", file_params(FILES, QUICK))
def test_every_round_is_paired_as_by_the_reference_engine(path: Path) -> None:
    tournament = read_trf(path).tournament()
    output = REFERENCE / "engine-output" / path.parent.name / f"{path.stem}.json"
    differences = replay_differences(tournament, pair_dutch, output)
    assert not differences, "\n".join(differences)


def test_the_quick_subset_covers_the_features() -> None:
    assert 20 <= len(QUICK) <= 30


SPARSE_QUICK = {key for key in QUICK if key.startswith("dutch/")}


@needs_sparse_starts
@pytest.mark.parametrize("path", file_params(FILES, SPARSE_QUICK))
def test_every_round_is_paired_alike_with_every_start_sparse(path: Path) -> None:
    """The large rounds are solved on subgraphs and priced (from 100,000 edges, about 450
    players and up); here every bracket is, with one edge kept per vertex and weight, so that
    the pricing and its repairs run all the time. Where several matchings tie, a sparse start
    may find another one: the pairings must not change (spec §9.1, "ties do not matter")."""
    tournament = read_trf(path).tournament()
    output = REFERENCE / "engine-output" / path.parent.name / f"{path.stem}.json"

    def pair(before: Tournament) -> Pairing:
        return pair_dutch(before, matcher=always_sparse_matcher)

    differences = replay_differences(tournament, pair, output)
    assert not differences, "\n".join(differences)
