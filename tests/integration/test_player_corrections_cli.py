"""`fairpair player add` refusing a duplicate, `player remove`, `player return` and
`player withdraw --undo` on a SQLite store, and the log naming the player as he was."""

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


def test_duplicates_removal_and_return(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    assert fairpair(db, "event", "create", "Open", "--rounds", "3")[0] == 0
    for name, rating in (("Novak, Petr", "1800"), ("Pim, Ada", "1700"), ("Müller, Jonas", "2200")):
        code, _, err = fairpair(db, "player", "add", name, "--rating", rating)
        assert code == 0, err
    code, out, err = fairpair(db, "player", "add", "muller, jonas")
    assert code == 2 and "3 Müller, Jonas is already registered (same name)" in err
    code, _, err = fairpair(db, "player", "add", "muller, jonas", "--duplicate-ok")
    assert code == 0, err
    code, out, err = fairpair(db, "player", "remove", "4")
    assert code == 0 and "removed 4 muller, jonas" in out, err

    code, _, err = fairpair(db, "player", "withdraw", "pim", "--round", "4")
    assert code == 2 and "last round is round 3" in err
    assert fairpair(db, "player", "withdraw", "pim", "--round", "2")[0] == 0
    code, out, err = fairpair(db, "player", "withdraw", "pim", "--undo")
    assert code == 0 and "2 Pim, Ada is back" in out, err
    assert fairpair(db, "player", "withdraw", "pim", "--round", "2")[0] == 0
    assert fairpair(db, "round", "pair")[0] == 0  # renumbers: 1 Müller, 2 Novak, 3 Pim
    code, out, err = fairpair(db, "player", "return", "novak")
    assert code == 2 and "Novak, Petr has not withdrawn" in err
    code, _, err = fairpair(db, "player", "remove", "novak")
    assert code == 2 and "cannot be removed; withdraw him instead" in err
    assert fairpair(db, "player", "withdraw", "novak")[0] == 0
    code, out, _ = fairpair(db, "log")
    assert "withdrew 2 Novak, Petr from round 2 on" in out
    assert "withdrew 2 Pim, Ada from round 2 on" in out
    assert "took back the withdrawal of 2 Pim, Ada" in out
    assert "removed 4 muller, jonas (never paired)" in out


def test_a_late_entrant_never_paired_is_removed_and_undo_brings_him_back(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    assert fairpair(db, "event", "create", "Open", "--rounds", "3")[0] == 0
    for name in ("Ann", "Bob", "Cy", "Dee"):
        assert fairpair(db, "player", "add", name)[0] == 0
    assert fairpair(db, "round", "pair")[0] == 0
    code, out, err = fairpair(db, "player", "add", "Late, Lucy", "--missed-points", "0.5")
    assert code == 0 and "registered 5 Late, Lucy" in out, err
    code, out, err = fairpair(db, "player", "remove", "lucy")
    assert code == 0 and "removed 5 Late, Lucy" in out, err
    assert "Late, Lucy" not in fairpair(db, "player", "list")[1]
    assert "removed 5 Late, Lucy (never paired)" in fairpair(db, "log")[1]
    assert fairpair(db, "undo")[0] == 0
    assert "Late, Lucy" in fairpair(db, "player", "list")[1]
    code, _, err = fairpair(db, "player", "remove", "ann")
    assert code == 2 and "Ann is paired in round 1" in err
