"""`fairpair knockout N`: the empty bracket of N seeds from the command line, without a store.
Expected brackets are drawn by hand from standard seeding (1 v 8, 4 v 5, 2 v 7, 3 v 6 for
eight; the byes go to the top seeds)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
import typer
from typer.testing import CliRunner

from fairpair.cli import commands


def fairpair(*args: str, code: int = 0) -> str:
    app = typer.Typer()
    commands.register(app)
    result = CliRunner().invoke(app, ["knockout", *args])
    assert result.exit_code == code, result.output
    return result.output


def test_json_of_eight_seeds_is_standard_seeding() -> None:
    data = json.loads(fairpair("8", "--format", "json"))
    assert data["seeds"] == 8
    first = data["rounds"][0]
    assert first["round"] == 1
    assert first["matches"] == [[1, 8], [4, 5], [2, 7], [3, 6]]
    assert [r["round"] for r in data["rounds"]] == [1, 2, 3]


def test_json_of_five_seeds_gives_byes_as_null() -> None:
    data = json.loads(fairpair("5", "--format", "json"))
    assert data["rounds"][0]["matches"] == [[1, None], [4, 5], [2, None], [3, None]]
    # Only one match is played in the first round; the final is the fourth match.
    assert data["rounds"][0]["numbers"] == [None, 1, None, None]


def test_text_of_six_seeds() -> None:
    text = fairpair("6")
    assert "Match 1: seed 4 v seed 5" in text
    assert "Match 2: seed 3 v seed 6" in text
    assert "seed 1: bye" in text and "seed 2: bye" in text
    assert "Match 5: winner of match 3 v winner of match 4" in text


def test_double_elimination_svg_is_a_picture_with_a_box_per_match() -> None:
    svg = fairpair("4", "--bracket", "double", "--format", "svg")
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    # Four players, double elimination with a reset: 2 * 4 - 1 = 7 matches.
    boxes = [g for g in root.iter() if "fpb-match" in (g.get("class") or "").split()]
    assert len(boxes) == 7


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["1"], "2 to 4096"),
        (["4097"], "2 to 4096"),
        (["eight"], "whole number"),
        (["٨"], "whole number"),
        (["8", "--bracket", "double", "--third-place"], "--third-place"),
        (["8", "--no-reset"], "--no-reset"),
    ],
)
def test_impossible_requests_are_refused(args: list[str], message: str) -> None:
    assert message in fairpair(*args, code=2)
