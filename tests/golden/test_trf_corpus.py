"""Every file of the reference corpus (tests/data/reference) read into the core model.

The files were written by bbpPairings; they are the ground truth the pairing engines and the
tie-breaks are tested against, so the reader must take each of them in whole and unchanged.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from fairpair.cli import commands
from fairpair.core import ByeKind, infer_initial_colour, scores
from fairpair.formats.event_json import dump_event, load_event_and_trf
from fairpair.formats.trf import TrfDocument, encode_trf, parse_trf, read_trf, write_trf
from tests.golden.corpus import corpus_files
from tests.golden_data import REFERENCE

FILES = corpus_files("dutch", "dutch-large", "burstein")


@cache
def document(path: Path) -> TrfDocument:
    return read_trf(path)


def ids(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def test_the_corpus_is_all_there() -> None:
    folders = {p.parent.name for p in FILES}
    assert folders == {"dutch", "dutch-large", "burstein"}
    assert len(FILES) == 510


@pytest.mark.parametrize("path", FILES, ids=ids)
def test_file_reads_and_writes_back_byte_identical(path: Path) -> None:
    doc = document(path)
    tournament = doc.tournament()
    assert len(tournament.players) == len(doc.players) > 0
    assert tournament.total_rounds == len(tournament.rounds)
    assert doc.to_text().encode("utf-8") == path.read_bytes()


@pytest.mark.parametrize("path", FILES, ids=ids)
def test_scores_equal_the_points_column(path: Path) -> None:
    # The corpus holds complete events, so the column carries the real score only: no
    # pre-announced bye of a later round and no virtual points (README: "the 001 score column
    # holds the real score", also in the accelerated files).
    doc = document(path)
    computed = scores(doc.tournament())
    written = {record.player.id: record.points for record in doc.players}
    assert computed == written


@pytest.mark.parametrize("path", [p for p in FILES if "\nXXC " in p.read_text()], ids=ids)
def test_inferred_initial_colour_agrees_with_xxc(path: Path) -> None:
    doc = document(path)
    stated = doc.tournament().initial_colour
    assert stated is not None
    without = "".join(line.text + line.ending for line in doc.lines if line.code != "XXC")
    assert parse_trf(without, str(path)).tournament().initial_colour == stated
    assert infer_initial_colour(doc.tournament()) == stated


@pytest.mark.parametrize("path", FILES, ids=ids)
def test_before_round_is_the_state_the_engine_paired(path: Path) -> None:
    """reference/README.md "How a test should use a file", step 1, for every round."""
    tournament = document(path).tournament()
    output = REFERENCE / "engine-output" / path.parent.name / f"{path.stem}.json"
    engine_rounds = json.loads(output.read_text())["rounds"] if output.exists() else {}
    for number, rnd in enumerate(tournament.rounds, start=1):
        before = tournament.before_round(number)
        assert before.rounds == tournament.rounds[: number - 1]
        announced = {
            (b.player, b.kind)
            for b in rnd.byes
            if b.kind in (ByeKind.HALF_POINT, ByeKind.ZERO_POINT, ByeKind.FULL_POINT)
        }
        assert {(r.player, r.kind) for r in before.requested_byes} == announced
        paired = {p for game in rnd.games for p in (game.white, game.black)}
        if rnd.pairing_bye is not None:
            paired.add(rnd.pairing_bye)
        assert set(before.players_to_pair()) == paired
        if str(number) in engine_rounds:
            lines = engine_rounds[str(number)][1:]
            engine = {int(x) for line in lines for x in line.split() if x != "0"}
            assert engine == paired


@pytest.mark.parametrize("path", FILES, ids=ids)
def test_writer_lays_out_player_lines_as_the_reference_engine(path: Path) -> None:
    """write_trf gives the file's own 001 lines, except the rank column (ours: score, id)."""
    doc = document(path)
    text = write_trf(doc.tournament())
    written = [line for line in text.splitlines() if line[:3] == "001"]
    original = [line.text for line in doc.lines if line.code == "001"]
    assert [w[:85] + w[89:] for w in written] == [o[:85] + o[89:] for o in original]
    assert parse_trf(text).tournament() == doc.tournament()
    assert parse_trf(write_trf(doc.tournament(), "trf2026")).tournament() == doc.tournament()


@pytest.mark.parametrize("path", FILES, ids=ids)
def test_trf_to_trf_and_through_json_is_byte_exact(path: Path) -> None:
    doc = document(path)
    data = path.read_bytes()
    assert encode_trf(write_trf(doc.tournament(), like=doc), doc) == data
    assert encode_trf(write_trf(doc.tournament(), "trf16", like=doc), doc) == data
    tournament, kept = load_event_and_trf(dump_event(doc.tournament(), trf=doc))
    assert tournament == doc.tournament() and kept is not None
    assert encode_trf(write_trf(tournament, like=kept), kept) == data


@pytest.mark.parametrize("path", FILES[::50], ids=ids)
def test_an_earlier_state_is_written_over_the_file(path: Path) -> None:
    """The event before its last round, written like the file: the settings' lines and the
    players' order stay; the players' lines lose the last round."""
    doc = document(path)
    before = doc.tournament().before_round(len(doc.tournament().rounds))
    text = write_trf(before, like=doc)
    assert parse_trf(text).tournament() == before
    kept = [line.text for line in doc.lines if line.code not in ("001", "240")]
    assert [line for line in text.splitlines() if line[:3] not in ("001", "240")] == kept


CLI_SAMPLE = [*FILES[:2], *FILES[400:402], *FILES[410:412]]
"""Two files of each folder: the command line on top of the library tested above."""


@pytest.mark.parametrize("path", CLI_SAMPLE, ids=ids)
def test_convert_command_is_byte_exact(path: Path, tmp_path: Path) -> None:
    app = typer.Typer()
    commands.register(app)
    runner = CliRunner()
    copy, event, back = tmp_path / "copy.trf", tmp_path / "event.json", tmp_path / "back.trf"
    for source, target in ((path, copy), (path, event), (event, back)):
        result = runner.invoke(app, ["convert", str(source), str(target)])
        assert result.exit_code == 0, result.output
    assert copy.read_bytes() == path.read_bytes() == back.read_bytes()
