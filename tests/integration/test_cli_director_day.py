"""The director's day on the command line: events created with the defaults of their game,
their settings as JSON, players found without accents, and the event each command took."""

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


def shown(db: Path, *args: str) -> dict[str, str]:
    code, out, err = fairpair(db, "event", "show", *args)
    assert code == 0, err
    return {line[:16].rstrip().rstrip(":"): line[16:] for line in out.splitlines()}


def test_a_casual_swiss_gets_match_points_and_the_magic_tiebreaks(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    code, out, err = fairpair(
        db, "event", "create", "Friday Magic", "--system", "casual", "-r", "4"
    )
    assert code == 0, err
    assert "points 3/1/0" in out and "tie-breaks OMW,GW,OGW" in out
    settings = shown(db)
    assert settings["game"] == "cards"
    assert settings["points"] == "win 3, draw 1, loss 0"
    assert settings["tie-breaks"] == "OMW, GW, OGW"
    assert "first colour" not in settings


def test_colours_make_a_casual_swiss_chess(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    code, _, err = fairpair(
        db, "event", "create", "Club night", "-s", "casual", "--colours", "-r", "4"
    )
    assert code == 0, err
    settings = shown(db)
    assert settings["game"] == "chess" and settings["points"] == "win 1, draw 0.5, loss 0"
    assert settings["tie-breaks"] == "BH-C1, BH, DE, WON" and "first colour" in settings


def test_a_go_event_is_a_casual_swiss_ranked_by_mcmahon_score(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    code, _, err = fairpair(db, "event", "create", "Go club", "--game", "go", "-r", "4")
    assert code == 0, err
    settings = shown(db)
    assert settings["system"] == "casual" and settings["game"] == "go"
    assert settings["tie-breaks"] == "SOS, SOSOS"
    assert "McMahon" in settings["points"]


def test_colours_for_a_card_game_are_refused_on_one_line(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    code, _, err = fairpair(
        db, "event", "create", "X", "-s", "casual", "--points", "3,1,0", "--colours", "-r", "3"
    )
    assert code == 2
    assert err.startswith("fairpair: error: a card game's boards have no colours")
