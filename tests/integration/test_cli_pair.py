"""``fairpair pair``: the next round as a table, JSON or TRF, with explanations on request."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from fairpair.core import (
    MATCH_POINTS,
    Bye,
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


def _player_line(pid: int, points: str, *cells: str) -> str:
    """A 001 record: start number, points column and round cells ``OOOO C R``."""
    fixed = (
        f"001 {pid:>4}      {f'Player {pid}':<33} {2400 - 10 * pid:>4}{'':28}{points:>4}{pid:>5}"
    )
    return fixed + "".join(f"  {cell}" for cell in cells) + "\n"


# Six players, two rounds played.
TWO_ROUNDS = [
    _player_line(1, "2.0", "   4 w 1", "   2 b 1"),
    _player_line(2, "1.0", "   5 b 1", "   1 w 0"),
    _player_line(3, "1.5", "   6 w 1", "   5 b ="),
    _player_line(4, "0.5", "   1 b 0", "   6 w ="),
    _player_line(5, "0.5", "   2 w 0", "   3 w ="),
    _player_line(6, "0.5", "   3 b 0", "   4 b ="),
]


def test_pair_stops_after_the_declared_last_round(tmp_path: Path) -> None:
    finished = tmp_path / "finished.trf"
    finished.write_text("".join(TWO_ROUNDS) + "XXR 2\nXXC white1\n")
    result = runner.invoke(app, ["pair", str(finished), "--format", "json"])
    assert result.exit_code == 3  # invalid input, as fairpair-engine -p on such a file
    assert result.output.count("\n") == 1 and "past the last round, 2" in result.output
    assert "--rounds" in result.output
    # The director adds a round: it is paired, as the last one.
    raised = runner.invoke(app, ["pair", str(finished), "--format", "json", "--rounds", "3"])
    assert raised.exit_code == 0, raised.output
    paired = json.loads(raised.output)
    assert paired["round"] == 3 and len(paired["boards"]) == 3


def _paired_players(output: str) -> set[int]:
    data = json.loads(output)
    players = {p for board in data["boards"] for p in (board["white"], board["black"])}
    return players | ({data["bye"]} if data["bye"] is not None else set())


def test_pair_never_pairs_a_player_absent_from_the_next_round_of_a_trf(tmp_path: Path) -> None:
    # Player 5 withdrew (0000 - -) and player 6 announced an absence (0000 - Z) for round 3.
    lines = list(TWO_ROUNDS)
    lines[4] = _player_line(5, "0.5", "   2 w 0", "   3 w =", "0000 - -")
    lines[5] = _player_line(6, "0.5", "   3 b 0", "   4 b =", "0000 - Z")
    absent = tmp_path / "absent.trf"
    absent.write_text("".join(lines) + "XXR 5\nXXC white1\n")
    result = runner.invoke(app, ["pair", str(absent), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["round"] == 3
    assert _paired_players(result.output) == {1, 2, 3, 4}


def test_pair_never_pairs_a_withdrawn_player_of_a_json_event(tmp_path: Path) -> None:
    players = tuple(Player(i, f"Player {i}", 2400 - 10 * i) for i in range(1, 6))
    first = Round(
        1,
        (Game(1, 3, GameResult.WHITE_WINS), Game(4, 2, GameResult.DRAW)),
        (Bye(5, ByeKind.PAIRING_ALLOCATED),),
    )
    event = Tournament(
        players, (first,), total_rounds=4, initial_colour=Colour.WHITE, withdrawals=((1, 2),)
    )
    path = tmp_path / "event.json"
    path.write_text(dump_event(event))
    result = runner.invoke(app, ["pair", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert _paired_players(result.output) == {2, 3, 4, 5}
