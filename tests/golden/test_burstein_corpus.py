"""Every round of every Burstein reference tournament, re-paired and compared with bbpPairings 6.

For each round r: pair ``tournament.before_round(r)`` with the Burstein system; the boards
(white, black) and the PAB must be those stored in the file, and the drop-in output (board
order included) must be the reference engine's own output in
``engine-output/burstein/<stem>.json``. Any difference is a bug.

A quick subset (small files that between them have forfeits, half- and zero-point byes,
pairing-allocated byes, and ``XXC white1``, ``XXC black1`` and no ``XXC``) runs always; the
rest is ``slow``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fairpair.core import Pairing, Tournament
from fairpair.formats.trf import read_trf
from fairpair.pairing.burstein import pair_burstein
from tests.golden.corpus import (
    REFERENCE,
    Feature,
    always_sparse_matcher,
    corpus_files,
    file_params,
    index_rows,
    needs_sparse_starts,
    quick_subset,
    replay_differences,
)

FOLDER = REFERENCE / "burstein"
FILES = corpus_files("burstein")

FEATURES: dict[str, Feature] = {
    "forfeits": lambda r: int(r["forfeited_games"]) > 0,
    "half-point byes": lambda r: int(r["half_point_byes"]) > 0,
    "zero-point byes": lambda r: int(r["zero_point_byes"]) > 0,
    "pairing-allocated byes": lambda r: int(r["pabs"]) > 0,
    "XXC white1": lambda r: r["initial_colour_line"] == "white1",
    "XXC black1": lambda r: r["initial_colour_line"] == "black1",
    "no XXC": lambda r: r["initial_colour_line"] == "",
}
QUICK = quick_subset(
    "burstein", FEATURES.values(), per_feature=4, always=["burstein/burstein-0017.trf"]
)
"""About 15 small files (the spec's worked example among them) covering every feature."""


@pytest.mark.parametrize("path", file_params(FILES, QUICK))
def test_every_round_is_paired_as_by_the_reference_engine(path: Path) -> None:
    tournament = read_trf(path).tournament()
    output = REFERENCE / "engine-output" / "burstein" / f"{path.stem}.json"
    differences = replay_differences(tournament, pair_burstein, output)
    assert not differences, "\n".join(differences)


def test_the_quick_subset_covers_every_feature() -> None:
    rows = {r["file"]: r for r in index_rows("burstein")}
    assert 10 <= len(QUICK) <= 16
    for name, feature in FEATURES.items():
        assert any(feature(rows[f]) for f in QUICK), name


@needs_sparse_starts
@pytest.mark.parametrize("path", file_params(FILES, QUICK))
def test_every_round_is_paired_alike_with_every_start_sparse(path: Path) -> None:
    """As the Dutch corpus: every solve from scratch on a priced subgraph, the same pairings."""
    tournament = read_trf(path).tournament()
    output = REFERENCE / "engine-output" / "burstein" / f"{path.stem}.json"

    def pair(before: Tournament) -> Pairing:
        return pair_burstein(before, matcher=always_sparse_matcher)

    differences = replay_differences(tournament, pair, output)
    assert not differences, "\n".join(differences)
