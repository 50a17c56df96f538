"""The director's day on the command line: events created with the defaults of their game,
their settings as JSON, players found without accents, and the event each command took."""

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
    assert settings["game"] == "card or board game (match points)"
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


def test_event_edit_changes_the_game_and_the_points_follow(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    assert fairpair(db, "event", "create", "Friday Magic", "--game", "cards", "-r", "4")[0] == 0
    code, out, err = fairpair(db, "event", "edit", "--points", "1/0.5/0")
    assert code == 0, err
    assert "game 'chess' (was 'card or board game (match points)')" in out
    settings = shown(db)
    assert settings["game"] == "chess" and settings["tie-breaks"] == "BH-C1, BH, DE, WON"
    assert fairpair(db, "undo")[0] == 0
    code, out, err = fairpair(db, "event", "edit", "--game", "chess")
    assert code == 0 and "point system 1,0.5,0 (was 3,1,0)" in out, err
    assert shown(db)["points"] == "win 1, draw 0.5, loss 0"
    assert json.loads(fairpair(db, "event", "show", "--format", "json")[1])["game"] == "chess"


def test_event_show_names_the_settings_in_words(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    code, _, err = fairpair(
        db, "event", "create", "Club", "-s", "berger", "--withdrawal-policy", "annul_if_under_half"
    )
    assert code == 0, err
    code, out, _ = fairpair(db, "event", "show")
    assert "Round robin (Berger tables)" in out and "are annulled" in out
    assert "annul_if_under_half" not in out and "berger" not in out
    raw = json.loads(fairpair(db, "event", "show", "--format", "json")[1])
    assert raw["withdrawal_policy"] == "annul_if_under_half"  # scripts read the identifiers


def test_a_go_event_is_a_casual_swiss_ranked_by_mcmahon_score(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    code, _, err = fairpair(db, "event", "create", "Go club", "--game", "go", "-r", "4")
    assert code == 0, err
    settings = shown(db)
    assert settings["system"] == "Swiss (casual)" and settings["game"] == "Go"
    assert settings["tie-breaks"] == "SOS, SOSOS"
    assert "McMahon" in settings["points"]


def test_colours_for_a_card_game_are_refused_on_one_line(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    code, _, err = fairpair(
        db, "event", "create", "X", "-s", "casual", "--points", "3,1,0", "--colours", "-r", "3"
    )
    assert code == 2
    assert err.startswith("fairpair: error: a card game's boards have no colours")


def test_event_show_prints_the_settings_as_json_with_defaults_resolved(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    code, _, err = fairpair(db, "event", "create", "Friday Magic", "-s", "casual", "-r", "4")
    assert code == 0, err
    code, out, err = fairpair(db, "event", "show", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert (data["name"], data["system"], data["rounds"], data["game"]) == (
        "Friday Magic",
        "casual",
        4,
        "cards",
    )
    assert data["points"] == {"win": "3", "draw": "1", "loss": "0", "pairing_bye": "3"}
    assert data["tiebreaks"] == ["OMW", "GW", "OGW"]
    assert data["colours"] is False
    assert (data["rounds_paired"], data["players"], data["version"]) == (0, 0, 1)


def test_event_show_json_of_a_chess_swiss_lists_the_fide_tiebreaks(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    fairpair(db, "event", "create", "Spring open", "-r", "5")
    code, out, err = fairpair(db, "event", "show", "-f", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["tiebreaks"] == ["BH-C1", "BH", "DE", "WON"] and data["colours"] is True
    assert data["points"]["win"] == "1" and data["points"]["draw"] == "0.5"


def test_a_player_typed_without_accents_is_found_by_the_commands(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    fairpair(db, "event", "create", "Spring open", "-r", "5")
    for name in ("García, Ana", "Smith, Bob"):
        fairpair(db, "player", "add", name)
    code, out, err = fairpair(db, "bye", "garcia")
    assert code == 0, err
    assert "1 García, Ana: half-point bye in round 1" in out


def test_with_several_events_the_one_taken_is_said(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    fairpair(db, "event", "create", "Spring open", "-r", "5")
    fairpair(db, "event", "create", "Friday Magic", "-s", "casual", "-r", "4")
    code, out, err = fairpair(db, "player", "add", "Ann")
    assert code == 0, err
    assert err == "fairpair: event 'Friday Magic' (the one changed last)\n"
    assert out == "registered 1 Ann\n"  # standard output stays the command's own
    code, _, err = fairpair(db, "event", "show")
    assert code == 0 and "(the one changed last)" in err


def test_a_change_names_its_event(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    fairpair(db, "event", "create", "Spring open", "-r", "5")
    code, _, err = fairpair(db, "player", "add", "Ann")
    assert code == 0 and err == "fairpair: event 'Spring open' changed (version 2)\n"
    code, _, err = fairpair(db, "player", "add", "Bob", "--event", "Spring open")
    assert code == 0 and err == "fairpair: event 'Spring open' changed (version 3)\n"
    code, _, err = fairpair(db, "event", "show")  # reading one event names nothing
    assert code == 0 and err == ""
