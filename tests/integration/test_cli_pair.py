"""``fairpair pair``: the next round as a table, JSON or TRF, with explanations on request."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from fairpair.core import (
    MATCH_POINTS,
    ByeKind,
    Colour,
    Game,
    GameResult,
    Player,
    Round,
    Tournament,
)
from fairpair.formats.event_json import dump_event
from fairpair.formats.trf import parse_trf, write_trf

register(app)
EXAMPLE_B = str(Path(__file__).resolve().parents[1] / "unit" / "data" / "example-b.trf")
runner = CliRunner()


def test_text_is_an_aligned_table_with_the_bye() -> None:
    result = runner.invoke(app, ["pair", EXAMPLE_B])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any("Player0001 (1)" in line and "Player0007 (7)" in line for line in lines)
    assert any("Player0004 (4)" in line and "bye" in line for line in lines)


def test_json_lists_boards_and_the_bye() -> None:
    result = runner.invoke(app, ["pair", EXAMPLE_B, "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {
        "round": 3,
        "boards": [
            {"board": 1, "white": 1, "black": 7},
            {"board": 2, "white": 2, "black": 6},
            {"board": 3, "white": 5, "black": 3},
        ],
        "bye": 4,
    }


def test_trf_appends_the_new_round() -> None:
    result = runner.invoke(app, ["pair", EXAMPLE_B, "--format", "trf"])
    assert result.exit_code == 0, result.output
    tournament = parse_trf(result.output).tournament()
    third = tournament.rounds[2]
    assert {(g.white, g.black) for g in third.games} == {(1, 7), (2, 6), (5, 3)}
    assert third.pairing_bye == 4


def test_explain_says_which_rule_gave_the_colours() -> None:
    result = runner.invoke(app, ["pair", EXAMPLE_B, "--explain"])
    assert result.exit_code == 0
    assert "rule 6.5" in result.output and "pairing-allocated bye" in result.output
    data = json.loads(
        runner.invoke(app, ["pair", EXAMPLE_B, "--format", "json", "--explain"]).output
    )
    assert len(data["notes"]) == 4


def test_errors_have_exit_codes(tmp_path: Path) -> None:
    assert runner.invoke(app, ["pair", str(tmp_path / "none.trf")]).exit_code == 5
    assert runner.invoke(app, ["pair", EXAMPLE_B, "--system", "nope"]).exit_code == 3


def test_a_json_event_with_a_late_entrant_pairs_on_his_awarded_points(tmp_path: Path) -> None:
    """Players 1-4 after two rounds score 2, 1, 1, 0; the late entrant has half a point for
    each missed round, so he is on 1 point: 4 gets the bye and the leader, who has met 2
    and 3, meets him."""
    won = GameResult.WHITE_WINS
    event = Tournament(
        players=tuple(Player(i, f"Player {i}", rating=2100 - 100 * i) for i in range(1, 5)),
        rounds=(
            Round(1, (Game(1, 3, won), Game(2, 4, won))),
            Round(2, (Game(1, 2, won), Game(3, 4, won))),
        ),
        total_rounds=5,
    ).with_player(Player(5, "Late, Lucy"), [ByeKind.HALF_POINT] * 2)
    path = tmp_path / "event.json"
    path.write_text(dump_event(event))
    result = runner.invoke(app, ["pair", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    paired = json.loads(result.output)
    assert paired["bye"] == 4
    assert {frozenset((b["white"], b["black"])) for b in paired["boards"]} == {
        frozenset((1, 5)),
        frozenset((2, 3)),
    }


def _new_round_colours(trf_text: str) -> dict[int, Colour | None]:
    """Each player's colour in the round that ``pair --format trf`` appended."""
    tournament = parse_trf(trf_text).tournament()
    last = tournament.rounds[-1]
    return {pid: g.colour_of(pid) for g in last.games for pid in (g.white, g.black)}


def test_the_casual_swiss_gives_colours_to_a_chess_file() -> None:
    """`--system casual` on a chess TRF: colours by swiss-dutch §6, explained per board."""
    args = ["pair", EXAMPLE_B, "--system", "casual", "--seed", "3"]
    result = runner.invoke(app, [*args, "--format", "trf"])
    assert result.exit_code == 0, result.output
    colours = _new_round_colours(result.output)
    assert len(colours) == 6 and None not in colours.values()
    assert (
        sorted(c.name for c in colours.values() if c is not None) == ["BLACK"] * 3 + ["WHITE"] * 3
    )
    # Player 3 has had white twice running (an absolute wish for black): he gets black.
    assert colours[3] is Colour.BLACK
    explained = runner.invoke(app, [*args, "--explain"])
    assert explained.exit_code == 0, explained.output
    assert explained.output.count("colours by rule 6.") == 3
    assert "3: absolute black" in explained.output


def test_the_casual_swiss_gives_no_colours_to_a_card_game_file(tmp_path: Path) -> None:
    """A file with match points (3/1/0) is a card game: boards without colours."""
    players = tuple(Player(i, f"Player {i}") for i in range(1, 5))
    first = Round(
        1,
        (
            Game(1, 2, GameResult.WHITE_WINS, coloured=False),
            Game(3, 4, GameResult.DRAW, coloured=False),
        ),
    )
    source = tmp_path / "magic.trf"
    event = Tournament(players, (first,), points=MATCH_POINTS, total_rounds=3)
    source.write_text(write_trf(event))
    args = ["pair", str(source), "--system", "casual", "--seed", "1"]
    result = runner.invoke(app, [*args, "--format", "trf"])
    assert result.exit_code == 0, result.output
    colours = _new_round_colours(result.output)
    assert sorted(colours) == [1, 2, 3, 4] and set(colours.values()) == {None}
    assert "colours by rule" not in runner.invoke(app, [*args, "--explain"]).output
