"""`fairpair event rating-report`, `event norms`, `player edit --k-factor` and the printouts
on a SQLite store. The figures are derived by hand from the FIDE rating regulations:

Round 1 of four players (2450, 2000, 1800, 1500) pairs 1-3 and 2-4. Player 1 beats player 3:
the difference 650 counts as 400 (8.3.1), expected 0.92 for the higher (table 8.1b: 392-411),
0.08 for the lower. Player 1 is rated 2400 or more: K 10, change 10 x (1 - 0.92) = +0.8.
Player 3 has K 20: 20 x (0 - 0.08) = -1.6; with K 40 set by the director, -3.2. (Colours
of round 1 are drawn: when player 3 has White, "1-0" makes him the winner, see the test.)
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register

register(app)
runner = CliRunner()


def fairpair(db: Path, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, [*args, "--db", str(db)])
    return result.exit_code, result.stdout, result.stderr


def _changes(db: Path) -> dict[int, tuple[int | None, float | None]]:
    code, out, err = fairpair(db, "event", "rating-report", "--format", "json")
    assert code == 0, err
    return {p["no"]: (p["k"], p["change"]) for p in json.loads(out)["players"]}


def test_rating_report_k_factor_and_printouts(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    assert fairpair(db, "event", "create", "Open", "--rounds", "5")[0] == 0
    for name, rating in (("A", "2450"), ("B", "2000"), ("C", "1800"), ("D", "1500")):
        assert fairpair(db, "player", "add", name, "--rating", rating)[0] == 0
    assert fairpair(db, "round", "pair")[0] == 0
    code, _, err = fairpair(db, "result", "1", "1-0")  # White wins board 1 (1 v 3)
    assert code == 0, err
    code, out, err = fairpair(db, "event", "rating-report", "--format", "json")
    first = json.loads(out)["players"][0]
    assert first["games"][0]["opponent"] == 3
    won = first["games"][0]["score"] == 1
    # Player 1 wins: +0.8 and -1.6 (K 40: -3.2); player 3 wins (White): player 1 gets
    # 10 x (0 - 0.92) = -9.2, player 3 20 x (1 - 0.08) = +18.4 (K 40: +36.8).
    changes = _changes(db)
    assert changes[1] == (10, 0.8 if won else -9.2)
    assert changes[3] == (20, -1.6 if won else 18.4)

    code, out, err = fairpair(db, "player", "edit", "3", "--k-factor", "40")
    assert code == 0, err
    assert _changes(db)[3] == (40, -3.2 if won else 36.8)
    code, _, err = fairpair(db, "player", "edit", "3", "--k-factor", "101")
    assert code != 0 and "k_factor" in err
    assert fairpair(db, "undo")[0] == 0
    assert _changes(db)[3] == (20, -1.6 if won else 18.4)

    code, out, _ = fairpair(db, "event", "rating-report", "--format", "csv")
    assert code == 0 and out.splitlines()[0].startswith("No,Name,Rtg,K,Games")
    code, out, _ = fairpair(db, "event", "rating-report")
    assert code == 0 and "rating report after round 1" in out
    code, _, err = fairpair(db, "event", "rating-report", "--kind", "bullet")
    assert code == 2 and "--kind" in err

    code, out, err = fairpair(db, "event", "norms", "--all", "--format", "json")
    assert code == 0, err
    checks = json.loads(out)["checks"]
    # Nobody has a title or is a woman: GM and IM norms for each of the four.
    assert len(checks) == 8 and {c["norm"] for c in checks} == {"GM", "IM"}
    assert all(c["status"] == "out of reach" for c in checks)  # 5 rounds, 9 games needed
    code, _, err = fairpair(db, "event", "norms", "--round", "4")
    assert code == 2 and "--round" in err

    for sheet in ("rating-report", "norms"):
        page = tmp_path / f"{sheet}.html"
        code, _, err = fairpair(db, "print", sheet, "-o", str(page))
        assert code == 0, err
        assert "<table" in page.read_text(encoding="utf-8")
