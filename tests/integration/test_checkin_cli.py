"""`fairpair checkin` and `fairpair player codes` on a SQLite store: codes listed for the
director only, check-in, and the missing made absent in one step."""

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


def test_check_in_and_the_missing_made_absent(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    assert fairpair(db, "event", "create", "Open", "-r", "3")[0] == 0
    for name in ("Ann", "Bob", "Cy", "Dee"):
        assert fairpair(db, "player", "add", name)[0] == 0
    code, out, err = fairpair(db, "player", "codes")
    assert code == 0, err
    listed = [line.split("\t") for line in out.splitlines()]
    assert [row[1] for row in listed] == ["Ann", "Bob", "Cy", "Dee"]
    assert len({row[2] for row in listed}) == 4
    for name in ("event.json", "event.trf", "players.csv"):
        assert fairpair(db, "export", str(tmp_path / name))[0] == 0
        written = (tmp_path / name).read_text()
        assert "Ann" in written and not [row for row in listed if row[2] in written]

    code, _, err = fairpair(db, "checkin", "ann")
    assert code != 0 and "check-in is not open" in err
    assert fairpair(db, "checkin", "open")[0] == 0
    assert fairpair(db, "checkin", "ann")[0] == 0
    assert fairpair(db, "checkin", "2")[0] == 0
    code, out, _ = fairpair(db, "checkin", "missing")
    assert (code, out.splitlines()) == (0, ["3 Cy", "4 Dee"])
    code, _, err = fairpair(db, "checkin", "missing", "--absent", "--withdraw")
    assert code != 0 and "not both" in err
    code, out, err = fairpair(db, "checkin", "missing", "--withdraw")
    assert code == 0, err
    assert "2 player(s) withdrawn from round 1" in out
    code, out, _ = fairpair(db, "log")
    assert "did not check in, withdrawn from round 1: 3 Cy, 4 Dee" in out
    code, out, err = fairpair(db, "undo")
    assert code == 0, err
    code, out, _ = fairpair(db, "checkin", "missing")
    assert out.splitlines() == ["3 Cy", "4 Dee"]


def test_the_code_slips_carry_each_players_code_and_page(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    assert fairpair(db, "event", "create", "Open", "-r", "3")[0] == 0
    for name in ("Bob", "Ann"):
        assert fairpair(db, "player", "add", name)[0] == 0
    slips = tmp_path / "codes.html"
    code, _, err = fairpair(
        db, "print", "player-codes", "-o", str(slips), "--site", "https://x.org"
    )
    assert code != 0 and "give them codes first" in err
    listed = {
        row.split("\t")[1]: row.split("\t")[2]
        for row in fairpair(db, "player", "codes")[1].split("\n")
        if row
    }
    code, _, err = fairpair(db, "print", "player-codes", "-o", str(slips))
    assert code != 0 and "--site" in err
    code, _, err = fairpair(
        db, "print", "player-codes", "-o", str(slips), "--site", "https://x.org/"
    )
    assert code == 0, err
    page = slips.read_text()
    assert page.count("<svg") == 2
    for player_code in listed.values():
        assert f"https://x.org/events/1/me?code={player_code}" in page
        assert f'<strong class="code">{player_code}</strong>' in page
    assert page.index("Ann") < page.index("Bob")  # by name, to hand out
