"""`fairpair event prizes` on a SQLite store: the prize list built, shown as a table on the
standings, each change one undoable log record, bad input refused with the reason."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register

register(app)
runner = CliRunner()


def fairpair(db: Path, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, [*args, "--db", str(db)])
    return result.exit_code, result.stdout, result.stderr


def test_a_prize_list_on_the_final_standings(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    assert fairpair(db, "event", "create", "Open", "-r", "1")[0] == 0
    for name, rating in (("Ann", "2000"), ("Bob", "1700"), ("Cy", "1750"), ("Dee", "1600")):
        assert fairpair(db, "player", "add", name, "--rating", rating)[0] == 0
    code, out, _ = fairpair(db, "event", "prizes")
    assert code == 0 and "no prize list yet" in out
    assert fairpair(db, "event", "prizes", "add", "Overall", "-a", "100,50")[0] == 0
    code, _, err = fairpair(db, "event", "prizes", "add", "U1800", "-k", "rating", "-a", "80")
    assert code != 0 and "needs its band" in err
    code, _, err = fairpair(db, "event", "prizes", "add", "X", "-a", "ten")
    assert code != 0 and "'ten' is not a sum of money" in err
    args = ("event", "prizes", "add", "U1800", "-k", "rating", "--max", "1799", "-a", "80")
    assert fairpair(db, *args)[0] == 0
    rules = ("event", "prizes", "rules", "--sharing", "equal", "--currency", "EUR")
    assert fairpair(db, *rules)[0] == 0
    assert fairpair(db, "round", "pair")[0] == 0
    # Round 1 by rating (1 Ann, 2 Cy, 3 Bob, 4 Dee): Ann-Bob and Dee-Cy; Ann and Cy win.
    assert fairpair(db, "result", "1", "1-0")[0] == 0
    assert fairpair(db, "result", "2", "0-1")[0] == 0
    code, out, err = fairpair(db, "event", "prizes")
    assert code == 0, err
    # Standings Ann 1, Cy 1, Bob 0, Dee 0. By amount: 100 to Ann, U1800's 80 to Cy (the best
    # under 1800), overall 50 to Bob. Overall, shared first, ranks Ann, Bob, Dee (Cy took
    # U1800): Ann alone on 1 point takes 100, Bob and Dee on 0 share places 2-3 (50 + 0)
    # equally. U1800 then has Cy alone: 80.
    rows = [line.split("│")[1:5] for line in out.splitlines() if "EUR" in line]
    assert [[cell.strip() for cell in row] for row in rows] == [
        ["Overall", "1", "Ann", "100.00 EUR"],
        ["Overall", "2-3", "Bob", "25.00 EUR"],
        ["Overall", "2-3", "Dee", "25.00 EUR"],
        ["U1800", "1", "Cy", "80.00 EUR"],
    ]
    code, _, err = fairpair(db, "print", "prizes", "-o", str(tmp_path / "prizes.txt"))
    assert code == 0, err
    printed = (tmp_path / "prizes.txt").read_text()
    assert "Ann" in printed and "100.00 EUR" in printed and "Hort" not in printed
    code, out, _ = fairpair(db, "log")
    assert out.count("prize list") == 3
    assert fairpair(db, "event", "prizes", "remove", "U1800")[0] == 0
    assert fairpair(db, "undo")[0] == 0
    code, out, _ = fairpair(db, "event", "prizes", "list")
    assert "U1800" in out and "rated to 1799" in out
