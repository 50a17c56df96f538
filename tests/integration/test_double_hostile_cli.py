"""A Double-Swiss event from the command line with what a careless user or an attacker types:
each is refused naming what is wrong (exit 2, never a traceback), nothing is logged, and a
file written is whole and readable as any other file the user writes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.test_director_cli import Director
from tests.integration.test_team_attacks_cli import director as director  # on SQLite


def paired(director: Director) -> None:
    director.run("event", "create", "Open", "--system", "double-swiss", "--rounds", "3")
    for name in ("Ann", "Bob", "Cid", "Dan", "Eve"):
        director.run("player", "add", name)
    director.run("round", "pair")


def test_an_export_into_a_missing_folder_names_the_file_asked_for(
    director: Director, tmp_path: Path
) -> None:
    # The error named the temporary file (.x.trf.0qe32q7k.tmp), not the file the user typed.
    paired(director)
    target = tmp_path / "missing" / "x.trf"
    refused = director.run("export", str(target), code=2)
    assert f"{target}: No such file or directory" in refused
    assert ".tmp" not in refused


def test_an_exported_file_is_as_readable_as_any_file_the_user_writes(
    director: Director, tmp_path: Path
) -> None:
    # It was private to its writer (0600, from the temporary file), whatever the umask said.
    paired(director)
    umask = os.umask(0o022)
    try:
        for name in ("e.trf", "e.json"):
            director.run("export", str(tmp_path / name))
            assert (tmp_path / name).stat().st_mode & 0o777 == 0o644
    finally:
        os.umask(umask)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["0", "1-0", "1-0"], "round 1 has no board 0 (boards 1-2)"),
        (["99", "1-0", "1-0"], "round 1 has no board 99 (boards 1-2)"),
        (["99999999999999999999999", "1-0", "1-0"], "has no board 99999999999999999999999"),
        (["²", "1-0", "1-0"], "'²' is not a board number"),
        (["1", "2-0", "1-0"], "board 1, game 1: '2-0' is not a game result"),
        (["1", "1-0"], "give BOARD GAME1 GAME2"),
        (["1", "1-0", "1-0", "1-0"], "give BOARD GAME1 GAME2"),
        (["1", "1-0", "1-0", "--round", "0"], "round 0 is not paired (rounds 1-1 are paired)"),
        (["1", "1-0", "1-0", "--round", "99"], "round 99 is not paired"),
        (["1", "1-0", "1-0", "1", "0-1", "0-1"], "board 1 is given twice"),
    ],
)
def test_a_result_that_cannot_be_is_refused_and_nothing_is_logged(
    director: Director, args: list[str], why: str
) -> None:
    paired(director)
    length = director.log_length()
    assert why in director.run("result", *args, code=2)
    assert director.log_length() == length


def test_markup_in_names_is_text_on_every_printed_sheet(director: Director, tmp_path: Path) -> None:
    # An event and players named like markup, through every Double-Swiss sheet as HTML.
    markup = '<img src=x onerror="alert(1)">'
    director.run("event", "create", f"Open {markup}", "--system", "double-swiss", "--rounds", "3")
    for name in (markup, "<script>alert(2)</script>", "Cid", "Dan", "Eve"):
        director.run("player", "add", name)
    director.run("round", "pair")
    director.run("result", "1", "1-0", "½-½")
    for sheet in ("pairings", "alphabetical", "slips", "standings", "crosstable"):
        page = tmp_path / f"{sheet}.html"
        director.run("print", sheet, "-o", str(page))
        text = page.read_text()
        assert "<img" not in text and "<script>alert" not in text, sheet
        assert "&lt;script&gt;alert(2)&lt;/script&gt;" in text, sheet
