"""A TRF written from an event tells an engine who is not to be paired in the next round.

bbpPairings reads no 240 record: it leaves a player out of the round it pairs only when his
line has a cell for that round (spec trf.md §4). The writer puts ``0000 - H``/``F``/``Z``
there for the requested byes of that round and ``Z`` for a withdrawal in force; the reader
takes such a column, stated again by 240 records, as the announcement it is.
"""

from __future__ import annotations

import io
from pathlib import Path

from fairpair.cli.engine import next_round_state, run
from fairpair.core import (
    Bye,
    ByeKind,
    Colour,
    Game,
    GameResult,
    Player,
    RequestedBye,
    Round,
    Tournament,
)
from fairpair.formats.trf import parse_trf, write_trf
from fairpair.pairing.registry import pairing_system

W, B, D = GameResult.WHITE_WINS, GameResult.BLACK_WINS, GameResult.DRAW


def _event() -> Tournament:
    """Eight players after two rounds; 3 withdrew from round 3, 5 asked for a half-point bye
    in round 3, 6 announced an absence in round 3 and 2 a full-point bye in round 4."""
    players = tuple(Player(i, f"Player {i}", rating=2500 - 50 * i) for i in range(1, 9))
    one = Round(1, (Game(1, 5, W), Game(6, 2, B), Game(3, 7, D), Game(8, 4, B)))
    two = Round(2, (Game(4, 1, D), Game(2, 3, W), Game(5, 8, W), Game(7, 6, B)))
    return Tournament(
        players=players,
        rounds=(one, two),
        total_rounds=5,
        name="Spring open",
        initial_colour=Colour.WHITE,
        requested_byes=(
            RequestedBye(3, 5, ByeKind.HALF_POINT),
            RequestedBye(3, 6, ByeKind.ZERO_POINT),
            RequestedBye(4, 2, ByeKind.FULL_POINT),
        ),
        withdrawals=((3, 3),),
    )


def _cell(text: str, player: int, round_number: int) -> str:
    line = next(x for x in text.splitlines() if x.startswith(f"001 {player:4d}"))
    start = 92 + 10 * (round_number - 1) - 1
    return line[start : start + 8]


def test_the_next_round_cells_say_who_is_not_paired() -> None:
    text = write_trf(_event())
    assert _cell(text, 3, 3) == "0000 - Z"  # withdrawn
    assert _cell(text, 5, 3) == "0000 - H"
    assert _cell(text, 6, 3) == "0000 - Z"
    # a bye of a later round and everyone to be paired: no cell beyond round 2
    for player in (1, 2, 4, 7, 8):
        line = next(x for x in text.splitlines() if x.startswith(f"001 {player:4d}"))
        assert len(line) == 92 + 10 + 7
    # the points column stays the real score: 5 has 1 point, not 1.5
    line5 = next(x for x in text.splitlines() if x.startswith("001    5"))
    assert line5[80:84] == " 1.0"
    # TRF-2026 readers: the byes and the withdrawal as 240 records too
    assert "240 H 003 0005" in text.splitlines()
    assert "240 Z 003 0006 0003" in text.splitlines()
    assert "240 F 004 0002" in text.splitlines()


def test_reading_the_export_back_pairs_the_same_round() -> None:
    event = _event()
    read = parse_trf(write_trf(event)).tournament()
    assert len(read.rounds) == 2
    assert read.next_round == 3
    assert read.players_to_pair() == event.players_to_pair() == (1, 2, 4, 7, 8)
    dutch = pairing_system("dutch")
    expected = dutch(event)
    assert dutch(read).boards == expected.boards
    assert dutch(next_round_state(read)).boards == expected.boards
    assert expected.bye is not None and dutch(read).bye == expected.bye


def test_the_engine_leaves_out_the_withdrawn_and_the_byes(tmp_path: Path) -> None:
    path = tmp_path / "export.trf"
    path.write_text(write_trf(_event(), "trf2026"), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert run(["--dutch", str(path), "-p"], out, err) == 0, err.getvalue()
    lines = out.getvalue().split()
    paired = {int(x) for x in lines[1:]} - {0}
    assert paired == {1, 2, 4, 7, 8}


def test_a_last_column_of_byes_without_240_records_stays_a_round() -> None:
    # A file from another program: round 3 of players 5 and 6 are byes they took.
    text = write_trf(_event().replace(withdrawals=(), requested_byes=()))
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("001    5"):
            lines[index] = line + "  0000 - H"
        if line.startswith("001    6"):
            lines[index] = line + "  0000 - Z"
    read = parse_trf("\n".join(lines) + "\n").tournament()
    assert len(read.rounds) == 3
    assert read.rounds[2].byes == (Bye(5, ByeKind.HALF_POINT), Bye(6, ByeKind.ZERO_POINT))


def test_no_cell_after_the_last_round() -> None:
    event = _event().replace(total_rounds=2)
    text = write_trf(event)
    assert all(len(x) <= 92 + 10 + 7 for x in text.splitlines() if x.startswith("001"))
