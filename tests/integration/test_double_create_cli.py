"""``fairpair event create --system double-swiss`` reads its options with the reader the desk's
form and the API use (service.entry.double_event_settings): the same refusals in the same
words, each under its option's name, all at once, and nothing saved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from fairpair.cli import commands
from fairpair.service import entry
from fairpair.service.errors import FieldErrors
from tests.e2e.test_director_cli import Director


def _run(url: str, *args: str) -> tuple[int, str, str]:
    app = typer.Typer()
    commands.register(app)
    said = CliRunner().invoke(app, [*args, "--db", url])
    return said.exit_code, said.stdout, said.stderr


def _the_readers_words(**fields: str) -> dict[str, str]:
    """What the desk's and the API's reader says of these fields."""
    with pytest.raises(FieldErrors) as refused:
        entry.double_event_settings(
            fields.get("name", "Open"),
            fields.get("rounds", "5"),
            fields.get("tiebreaks", ""),
            initial_colour=fields.get("initial_colour", ""),
            byes=fields.get("byes", ""),
            primary=fields.get("primary", ""),
        )
    return refused.value.errors


@pytest.mark.parametrize(
    ("options", "fields", "option"),
    [
        ((), {"rounds": ""}, "--rounds"),
        (("--rounds", "0"), {"rounds": "0"}, "--rounds"),
        (("--rounds", "5", "--initial-colour", "green"), {"initial_colour": "green"}, None),
        (("--rounds", "5", "--bye-values", "3/1/2"), {"byes": "3/1/2"}, "--bye-values"),
        (("--rounds", "5", "--primary", "xp"), {"primary": "xp"}, "--primary"),
        (("--rounds", "5", "-t", "BH,NOPE"), {"tiebreaks": "BH,NOPE"}, "--tiebreaks"),
    ],
)
def test_a_refusal_is_the_readers_under_the_options_name(
    tmp_path: Path, options: tuple[str, ...], fields: dict[str, str], option: str | None
) -> None:
    url = f"sqlite:///{tmp_path / 'events.sqlite3'}"
    code, out, err = _run(url, "event", "create", "Open", "--system", "double-swiss", *options)
    (words,) = _the_readers_words(**fields).values()
    assert code == 2 and out == ""
    assert f"{option or '--initial-colour'}: {words}" in err, err
    assert "Open" not in Director(url).run("event", "list")  # nothing saved


def test_every_refusal_at_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'events.sqlite3'}"
    code, _, err = _run(
        url, "event", "create", " ", "--system", "double-swiss", "--rounds", "100",
        "--primary", "zz",
    )  # fmt: skip
    assert code == 2
    assert "NAME: give the event a name" in err
    assert "--rounds: '100'" in err and "--primary: primary score 'zz'" in err


def test_the_options_are_the_event_settings(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'events.sqlite3'}"
    code, out, err = _run(
        url, "event", "create", "Open", "--system", "double-swiss", "--rounds", "7",
        "--black-first", "--bye-values", "1/1/2", "--primary", "MP", "-t", "BH:GP/C1,WON",
        "--federation", "FRA",
    )  # fmt: skip
    assert code == 0, err
    assert "7 match-rounds" in out and "top seed black in game 1 of round 1" in out
    assert "drawn by lot" not in out
    shown = json.loads(Director(url).run("event", "show", "--format", "json"))
    assert shown["rounds"] == 7 and shown["tiebreaks"] == ["BH:GP/C1", "WON"]
    assert shown["initial_colour"] == "black" and shown["federation"] == "FRA"
    assert shown["double_swiss"]["primary"] == "MP"
    assert shown["double_swiss"]["colour_drawn"] is False
    assert shown["double_swiss"]["byes"]["pairing_allocated"] == "1"
    code, _, err = _run(
        url, "event", "create", "Two", "--system", "double-swiss", "--rounds", "7",
        "--black-first", "--initial-colour", "white",
    )  # fmt: skip
    assert code == 2 and "give --initial-colour or --black-first, not both" in err
