"""``fairpair event staff``: the organiser adds, lists and removes an event's staff; each
change is one record of the log, in words; a refusal names the field and writes nothing."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from fairpair.storage import open_store

register(app)
runner = CliRunner()


def fairpair(db: Path, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, [*args, "--db", str(db)], env={"FAIRPAIR_ACTOR": "organiser"})
    return result.exit_code, result.stdout, result.stderr


def test_the_organiser_manages_the_staff_from_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    password = tmp_path / "password"
    password.write_text("correct horse\n")
    assert fairpair(db, "event", "create", "Club", "--system", "dutch", "-r", "3")[0] == 0
    for name in ("anna", "bruno", "carla"):
        code, _, err = fairpair(db, "director", "add", name, "--password-file", str(password))
        assert code == 0, err
    # No owner yet: no staff either.
    code, _, err = fairpair(db, "event", "staff", "add", "bruno", "--role", "assistant")
    assert code != 0 and "has no owner yet" in err
    assert fairpair(db, "event", "owner", "Club", "anna")[0] == 0
    code, out, err = fairpair(db, "event", "staff", "add", "Bruno", "--role", "assistant")
    assert code == 0, err
    assert out.strip() == "bruno is now assistant of Club"
    assert fairpair(db, "event", "staff", "add", "carla", "--role", "co-director")[0] == 0
    assert fairpair(db, "event", "staff", "add", "bruno", "--role", "co-director")[0] == 0
    code, out, _ = fairpair(db, "event", "staff")
    assert out.splitlines() == ["Club: owner anna", "bruno\tco-director", "carla\tco-director"]
    assert fairpair(db, "event", "staff", "remove", "carla")[0] == 0
    # Refusals name the field; nothing is written.
    for args, said in (
        (("add", "anna", "--role", "assistant"), "username: anna owns the event"),
        (("add", "zed", "--role", "assistant"), "username: no director 'zed'"),
        (("remove", "carla"), "username: carla is not on the event's staff"),
        (("add", "bruno", "--role", "co-director"), "already co-director"),
    ):
        code, _, err = fairpair(db, "event", "staff", *args)
        assert code != 0 and said in err, (args, err)
    code, _, err = fairpair(db, "event", "staff", "add", "bruno", "--role", "owner")
    assert code != 0 and "co-director" in err and "assistant" in err
    store = open_store(str(db))
    try:
        log = store.log(1)
    finally:
        store.close()
    assert [(r.actor, r.action) for r in log[2:]] == [("organiser", "event.staff")] * 4
    code, out, _ = fairpair(db, "log")
    for line in (
        "bruno is now assistant of the event",
        "carla is now co-director of the event",
        "bruno is now co-director of the event (was assistant)",
        "carla is no longer co-director of the event",
    ):
        assert line in out
