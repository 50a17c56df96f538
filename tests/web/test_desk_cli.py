"""`fairpair director add`: accounts for the desk from the command line."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from fairpair.cli import commands
from fairpair.service import directors
from fairpair.service.events import Desk
from fairpair.storage import open_store


def fairpair() -> typer.Typer:
    app = typer.Typer()
    commands.register(app)
    return app


def signs_in(db: Path, username: str, password: str) -> bool:
    from datetime import UTC, datetime

    store = open_store(str(db))
    try:
        desk = Desk(store, lambda: datetime.now(UTC), "test")
        return directors.check_password(desk, username, password) == username
    finally:
        store.close()


def test_a_director_is_added_from_a_password_file(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    secret = tmp_path / "password.txt"
    secret.write_text("a long passphrase\nignored second line\n", encoding="utf-8")
    result = CliRunner().invoke(
        fairpair(), ["director", "add", "Arbiter", "--password-file", str(secret), "--db", str(db)]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout == "added director arbiter\n"
    assert signs_in(db, "arbiter", "a long passphrase")
    again = CliRunner().invoke(
        fairpair(), ["director", "add", "arbiter", "--password-file", str(secret), "--db", str(db)]
    )
    assert again.exit_code == 2
    assert (
        again.stderr == "fairpair: error: username: this username cannot be used; choose another\n"
    )


def test_the_password_is_prompted_twice(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    result = CliRunner().invoke(
        fairpair(),
        ["director", "add", "chief", "--db", str(db)],
        input="correct horse\ncorrect horse\n",
    )
    assert result.exit_code == 0, result.output
    assert "correct horse" not in result.stdout
    assert signs_in(db, "chief", "correct horse")


def test_a_short_password_or_a_missing_file_adds_no_one(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    short = tmp_path / "short.txt"
    short.write_text("abc\n", encoding="utf-8")
    result = CliRunner().invoke(
        fairpair(), ["director", "add", "chief", "--password-file", str(short), "--db", str(db)]
    )
    assert result.exit_code == 2
    assert result.stderr == "fairpair: error: password: at least 8 characters\n"
    missing = tmp_path / "nowhere.txt"
    result = CliRunner().invoke(
        fairpair(), ["director", "add", "chief", "--password-file", str(missing), "--db", str(db)]
    )
    assert result.exit_code == 2
    assert str(missing) in result.stderr
    assert not signs_in(db, "chief", "abc")


def test_serve_opens_sign_up_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    from fairpair.web.config import WebConfig

    started: list[WebConfig] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **_: started.append(app.state.config))
    for options, open_ in (([], False), (["--allow-signup"], True), (["--no-signup"], False)):
        result = CliRunner().invoke(fairpair(), ["serve", "--db", ":memory:", *options])
        assert result.exit_code == 0, result.output
        assert started.pop().signup is open_
