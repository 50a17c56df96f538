"""What the golden tests of the pairing systems share: the reference corpus (tests/data),
its index, the quick subsets and the round-by-round replay against the engine."""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import pytest

from fairpair.cli.engine import engine_lines
from fairpair.core import Pairing, Tournament
from fairpair.matching import WeightedMatcher, compiled_core_available
from fairpair.pairing.checker import stored_pairing
from fairpair.pairing.matcher import Matcher
from tests.golden_data import REFERENCE, files, require

SIZES = {"dutch": 400, "dutch-large": 10, "burstein": 100}
"""How many files each folder of the corpus holds (reference/README.md)."""

Row = dict[str, str]


def always_sparse_matcher(n: int) -> Matcher:
    """A matcher whose every start from scratch is sparse, with one edge kept per vertex and
    weight, so that pricing and its repairs run all the time (see WeightedMatcher, "Sparse
    starts"; the Dutch engine starts sparse from 100,000 edges, the others never)."""
    return WeightedMatcher(n, backend="c", sparse_edges=0, sparse_keep=1)


needs_sparse_starts = pytest.mark.skipif(
    not compiled_core_available() and not os.environ.get("CI"),
    reason="sparse starts are the compiled core's (CI requires it)",
)
Feature = Callable[[Row], bool]


def corpus_files(*folders: str) -> list[Path]:
    """The ``.trf`` files of the folders, in the order given, each folder sorted."""
    return [p for folder in folders for p in files(REFERENCE / folder, "*.trf", SIZES[folder])]


def index_rows(system: str) -> list[Row]:
    """The rows of ``index.csv`` for one system."""
    with require(REFERENCE / "index.csv").open(newline="") as handle:
        return [r for r in csv.DictReader(handle) if r["system"] == system]


def quick_subset(
    system: str, features: Iterable[Feature], per_feature: int, always: Sequence[str] = ()
) -> set[str]:
    """The smallest few files (players x rounds) having each feature, plus ``always``."""
    rows = sorted(
        index_rows(system), key=lambda r: (int(r["players"]) * int(r["rounds"]), r["file"])
    )
    chosen = list(always)
    for feature in features:
        for row in [r for r in rows if feature(r)][:per_feature]:
            if row["file"] not in chosen:
                chosen.append(row["file"])
    return set(chosen)


def file_params(files: Iterable[Path], quick: set[str]) -> list[object]:
    """One test parameter per file; files outside the quick subset are marked ``slow``."""
    params: list[object] = []
    for path in files:
        key = f"{path.parent.name}/{path.name}"
        marks = () if key in quick else (pytest.mark.slow,)
        params.append(pytest.param(path, id=key, marks=marks))
    return params


def replay_differences(
    tournament: Tournament, pair: Callable[[Tournament], Pairing], engine_output: Path
) -> list[str]:
    """Re-pair every round as it stood before it was paired and list every difference with the
    file (boards with colours, the bye) and with the reference engine's output lines."""
    expected_lines = json.loads(require(engine_output).read_text())["rounds"]
    assert len(expected_lines) == len(tournament.rounds)
    differences: list[str] = []
    for number in range(1, len(tournament.rounds) + 1):
        pairing = pair(tournament.before_round(number))
        boards, bye = stored_pairing(tournament, number)
        paired = frozenset((g.white, g.black) for g in pairing.boards)
        if paired != boards or pairing.bye != bye:
            same_pairs = {frozenset(b) for b in paired} == {frozenset(b) for b in boards}
            kind = "same pairs, different colours" if same_pairs else "different pairs"
            differences.append(f"round {number}: {kind}; bye {pairing.bye} vs {bye}")
        elif engine_lines(pairing) != expected_lines[str(number)]:
            differences.append(f"round {number}: board order or output differs")
    return differences
