"""``fairpair serve``: run the web app (director's desk and public pages) with uvicorn."""

from __future__ import annotations

import dataclasses
import os
import re
import sys
from typing import Annotated

import typer
from rich.console import Console

from fairpair.cli.director import DbOption, fail, session, store_target
from fairpair.service import accounts
from fairpair.service.demo import DEMO_DIRECTOR

SWITCH_INTERVAL = 0.0005
"""Seconds a busy thread of the server keeps the interpreter while others wait."""

_UNITS = {"": 1, "K": 1024, "KB": 1024, "KIB": 1024, "M": 1024**2, "MB": 1024**2}
_UNITS["MIB"] = 1024**2


def body_size(text: str) -> int:
    """``5M`` (MiB), ``512K`` (KiB) or a number of bytes; exit 2 naming the option."""
    found = re.fullmatch(r"\s*(\d+)\s*([A-Za-z]*)\s*", text)
    if found is None or found[2].upper() not in _UNITS or int(found[1]) < 1:
        raise fail(f"--max-body {text!r}: give bytes, or a size such as 512K or 5M")
    return int(found[1]) * _UNITS[found[2].upper()]


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: DbOption = None,
    demo: Annotated[
        bool,
        typer.Option(help="Create a demo event when the store has none."),
    ] = True,
    secure_cookies: Annotated[
        bool,
        typer.Option(help="Session cookies over HTTPS only (behind a TLS proxy)."),
    ] = False,
    allow_signup: Annotated[
        bool,
        typer.Option(
            "--allow-signup",
            help="Anyone may open a director's account at /desk/signup (default: closed; "
            "accounts are made with `fairpair director add`).",
        ),
    ] = False,
    no_signup: Annotated[
        bool,
        typer.Option(
            "--no-signup",
            hidden=True,
            help="Accepted for old scripts: sign-up is closed unless --allow-signup.",
        ),
    ] = False,
    max_body: Annotated[
        str,
        typer.Option(
            help="Largest request body taken (uploads, forms, JSON): bytes, or with K or M "
            "(KiB, MiB), e.g. 5M; larger ones are refused with 413.",
        ),
    ] = "5M",
) -> None:
    """Run the web app: the director's desk and the public pages, on the event store."""
    import uvicorn

    from fairpair.web.app import create_app
    from fairpair.web.config import WebConfig

    console = Console(stderr=True, soft_wrap=True)  # a log file gets one line per message
    target = store_target(db)
    secret = os.environ.get("FAIRPAIR_SECRET_KEY")
    signup = allow_signup and not no_signup
    config = WebConfig(
        store=target,
        secure_cookies=secure_cookies,
        demo=demo,
        signup=signup,
        max_body=body_size(max_body),
    )
    if not secret:
        # Kept in the store: every server on this database accepts the others' cookies, and
        # a restart keeps everyone signed in.
        with session(db, actor="server") as opened:
            secret = accounts.cookie_key(opened.desk)
    config = dataclasses.replace(config, secret_key=secret)
    console.print(f"fairpair: events in {target}; open http://{host}:{port}/", highlight=False)
    if not signup:
        console.print(
            "sign-up is closed (--allow-signup opens it): add directors with "
            "`fairpair director add`",
            highlight=False,
        )
    if demo:
        username, password = DEMO_DIRECTOR
        console.print(
            f"the demo event (on an empty store) is run by director {username!r}, "
            f"password {password!r}: sign in at http://{host}:{port}/desk",
            highlight=False,
        )
    # A large event's pages are rendered again after each change in a thread of its own
    # (web/reading.py) while the other threads answer phones from the pages kept: with the
    # interpreter's 5 ms default, each of those waits up to 5 ms for the lock of the
    # interpreter every time it takes it back, and a request takes it back several times.
    sys.setswitchinterval(SWITCH_INTERVAL)
    uvicorn.run(create_app(config), host=host, port=port, log_level="info")
