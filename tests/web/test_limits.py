"""What a request may send (the body limit) and the headers every answer carries (CSP)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from fairpair.cli import commands
from fairpair.service import events as ev
from fairpair.web.config import WebConfig
from tests.web.desk_client import Browser, add_director, running, service_desk

TEMPLATES = Path(__file__).parents[2] / "src" / "fairpair" / "web" / "templates"


@pytest.fixture
def small() -> Iterator[tuple[FastAPI, TestClient, tuple[str, str]]]:
    """An app that takes bodies of 2,000 bytes at most."""
    with running(WebConfig(store=":memory:", max_body=2000, demo=True)) as (app, client):
        yield app, client, ("anna", add_director(app, "anna"))


def events_of(app: FastAPI) -> list[str]:
    return [e.name for e in service_desk(app).store.events()]


def test_a_declared_body_over_the_limit_is_refused_before_it_is_read(
    small: tuple[FastAPI, TestClient, tuple[str, str]],
) -> None:
    app, client, anna = small
    before = events_of(app)
    big = {"name": "Open", "rounds": 5, "points": " " * 3000}
    answer = client.post("/api/events", json=big, auth=anna)
    assert answer.status_code == 413
    assert "2000 bytes" in answer.json()["detail"]
    assert events_of(app) == before
    fits = client.post("/api/events", json={"name": "Open", "rounds": 5}, auth=anna)
    assert fits.status_code == 201, fits.text


def test_a_chunked_body_is_cut_off_past_the_limit(
    small: tuple[FastAPI, TestClient, tuple[str, str]],
) -> None:
    app, client, anna = small
    before = events_of(app)

    def chunks() -> Iterator[bytes]:  # no Content-Length: sent chunked
        yield b'{"name": "Open", "rounds": 5, "points": "'
        for _ in range(10):
            yield b" " * 500
        yield b'"}'

    answer = client.post(
        "/api/events", content=chunks(), auth=anna, headers={"content-type": "application/json"}
    )
    assert answer.status_code == 413, answer.text
    assert events_of(app) == before


def test_an_upload_over_the_limit_is_refused_on_the_desk(
    small: tuple[FastAPI, TestClient, tuple[str, str]],
) -> None:
    app, client, _ = small
    demo = Browser(client)
    demo.sign_in("demo", "demo")
    event = service_desk(app).store.events()[0]
    players = len(service_desk(app).store.load(event.id).tournament.players)
    page = demo.get(f"/desk/events/{event.id}")
    assert page.status_code == 200
    rows = "".join(f"Player {n},{1500 + n}\n" for n in range(200)).encode()
    answer = demo.post(
        f"/desk/events/{event.id}/players/import",
        files={"file": ("players.csv", b"name,rating\n" + rows, "text/csv")},
    )
    assert answer.status_code == 413
    assert "Traceback" not in answer.text
    assert len(service_desk(app).store.load(event.id).tournament.players) == players


def test_the_default_limit_takes_a_large_import() -> None:
    assert WebConfig(store=":memory:").max_body == 5 * 1024 * 1024


def test_serve_reads_the_limit_and_names_the_option_when_wrong() -> None:
    from fairpair.cli.serve import body_size

    assert (body_size("5M"), body_size("512K"), body_size("1000")) == (5 << 20, 512 << 10, 1000)
    cli = typer.Typer()
    commands.register(cli)
    refused = CliRunner().invoke(cli, ["serve", "--max-body", "lots"])
    assert refused.exit_code == 2
    assert "--max-body 'lots'" in refused.stderr and "Traceback" not in refused.output


def test_every_answer_forbids_framing_and_foreign_scripts(
    small: tuple[FastAPI, TestClient, tuple[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, client, anna = small
    with monkeypatch.context() as patched:

        def broken(*_: object) -> None:
            raise RuntimeError("a bug")

        patched.setattr(ev, "load", broken)
        unexpected = [client.get("/events/1"), client.get("/api/events/1")]
    assert [answer.status_code for answer in unexpected] == [500, 500]
    answers = [
        *unexpected,
        client.get("/"),
        client.get("/events/1"),
        client.get("/desk/signin"),
        client.get("/api/events"),
        client.get("/api/events/99"),
        client.post("/api/events", json={"name": ""}, auth=anna),
        client.get("/static/app.css"),
        client.get("/no/such/page"),
    ]
    for answer in answers:
        policy = answer.headers.get("content-security-policy", "")
        assert "frame-ancestors 'none'" in policy, answer.request.url
        assert re.search(r"script-src 'self';", policy), policy
        assert answer.headers["x-frame-options"] == "DENY"
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["referrer-policy"] == "same-origin"
    # The policy allows only the app's own script files: an inline script or an ``on...``
    # attribute in a template would stop working.
    for template in TEMPLATES.rglob("*.html"):
        text = template.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), template
        assert not re.search(r"\son[a-z]+\s*=", text), template
        assert "javascript:" not in text, template
