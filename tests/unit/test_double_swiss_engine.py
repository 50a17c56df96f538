"""``fairpair-engine --double-swiss``: the next match-round in the drop-in output, the checker,
and the exit codes of the other systems."""

from __future__ import annotations

import io
import json
from pathlib import Path

from fairpair.cli.engine import run
from fairpair.formats.trf_double import read_double_trf, write_double_trf
from tests.golden_data import DOUBLE_SWISS, require

EVENT = require(DOUBLE_SWISS / "ds-0002.trf")


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_pair_the_next_round_as_the_reference(tmp_path: Path) -> None:
    event = read_double_trf(EVENT).tournament()
    expected = json.loads(EVENT.with_suffix(".json").read_text())["expected"]
    for r in (1, 6, 8):
        source = tmp_path / f"r{r}.trf"
        source.write_text(write_double_trf(event.before_round(r)))
        code, out, err = _run("--double-swiss", str(source), "-p")
        assert (code, err) == (0, "")
        assert out.splitlines() == expected[str(r)]
        target = tmp_path / f"r{r}.out"
        assert _run("--double-swiss", str(source), "-p", str(target))[0] == 0
        assert target.read_text() == out


def test_check_a_whole_event() -> None:
    assert _run("--double-swiss", str(EVENT), "-c") == (0, "", "")


def test_check_reports_a_round_paired_otherwise(tmp_path: Path) -> None:
    # Swap the colours of game 1 and 2 of one match of round 1: the check names that round.
    lines = EVENT.read_text().splitlines(keepends=True)
    changed = []
    for line in lines:
        if line.startswith(("001    1 ", "001    6 ")):
            cells = line[91:101], line[101:111]
            line = (
                line[:91]
                + cells[0].replace(" b ", " x ").replace(" w ", " b ").replace(" x ", " w ")
                + cells[1].replace(" w ", " x ").replace(" b ", " w ").replace(" x ", " b ")
                + line[111:]
            )
        changed.append(line)
    source = tmp_path / "changed.trf"
    source.write_text("".join(changed))
    code, out, _ = _run("--double-swiss", str(source), "-c")
    assert code == 6
    assert out.startswith("round 1: stored 1-6; C.04.5 pairs 6-1")
    assert _run("--double-swiss", str(source), "-c", "--report-only")[0] == 0


def test_exit_codes(tmp_path: Path) -> None:
    code, _, err = _run("--double-swiss", str(EVENT), "-p")
    assert code == 3 and "the 8 match-rounds of the event (142) are all played" in err
    unsized = tmp_path / "unsized.trf"
    unsized.write_text("".join(x for x in EVENT.read_text().splitlines(True) if x[:3] != "142"))
    code, _, err = _run("--double-swiss", str(unsized), "-p")
    assert code == 3 and f"{unsized}: the number of rounds is missing (a 142 record)" in err
    assert _run("--double-swiss", "-p") == (3, "", "fairpair-engine: an input file is needed\n")
    assert _run("--double-swiss", str(tmp_path / "missing.trf"), "-p")[0] == 5
    bad = tmp_path / "bad.trf"
    bad.write_text(EVENT.read_text().replace("142 16", "142 15"))
    code, _, err = _run("--double-swiss", str(bad), "-p")
    assert code == 3 and f"{bad}:4:5: total rounds" in err
    code, _, err = _run("--double-swiss", "--dutch", str(EVENT), "-p")
    assert code == 3
