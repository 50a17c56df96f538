"""The TRF reader and writer on small hand-made files (spec/trf.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairpair.core import (
    Bye,
    ByeKind,
    Colour,
    Game,
    GameResult,
    Outcome,
    entries,
    scores,
)
from fairpair.formats.trf import TrfError, parse_trf

DATA = Path(__file__).parent / "data"
# spec/trf.md §5: seven players before round 3.
EXAMPLE = (DATA / "example-b.trf").read_text()


def test_the_seven_player_example() -> None:
    doc = parse_trf(EXAMPLE, "example.trf")
    t = doc.tournament()
    assert t.name == "Example B"
    assert t.total_rounds == 3
    assert t.initial_colour is Colour.WHITE
    assert [p.rating for p in t.players] == [2400, 2350, 2300, 2250, 2200, 2150, 2100]
    assert t.players[0].name == "Test0001 Player0001"
    first, second = t.rounds
    assert first.games == (
        Game(1, 4, GameResult.WHITE_WINS),
        Game(5, 2, GameResult.BLACK_WINS_BY_FORFEIT),
        Game(3, 6, GameResult.DRAW),
    )
    assert first.byes == (Bye(7, ByeKind.PAIRING_ALLOCATED),)
    assert second.games == (
        Game(3, 1, GameResult.BLACK_WINS),
        Game(7, 2, GameResult.WHITE_WINS),
        Game(4, 5, GameResult.DRAW),
    )
    assert second.byes == (Bye(6, ByeKind.HALF_POINT),)
    assert scores(t) == {r.player.id: r.points for r in doc.players}
    assert entries(t)[2][0] is not None and entries(t)[2][0].outcome is Outcome.FORFEIT_WIN
    assert doc.to_text() == EXAMPLE
    assert t.before_round(3) == t


def test_initial_colour_is_inferred_without_xxc() -> None:
    text = EXAMPLE.replace("XXC white1\n", "")
    assert parse_trf(text).tournament().initial_colour is Colour.WHITE


def cell_line(pid: int, cells: str, points: str = " 0.0") -> str:
    """A 001 line with the given round cells from column 92."""
    head = f"001 {pid:4d}      {'Player ' + str(pid):<33} 2000".ljust(80)
    return f"{head}{points} {pid:4d}  {cells}"


def test_short_player_line_is_an_error() -> None:
    with pytest.raises(TrfError) as caught:
        parse_trf("012 x\n001    1      Someone\n", "short.trf")
    err = caught.value
    assert (err.path, err.line, err.column) == ("short.trf", 2, 22)
    assert str(err).startswith("short.trf:2:22: player record:")


def test_unknown_result_code_names_its_column() -> None:
    text = cell_line(1, "   2 w Q") + "\n" + cell_line(2, "   1 b 0") + "\n"
    with pytest.raises(TrfError) as caught:
        parse_trf(text, "file.trf")
    assert str(caught.value) == "file.trf:1:99: round 1 result: unknown result code 'Q'"
