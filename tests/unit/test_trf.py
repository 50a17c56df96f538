"""The TRF reader and writer on small hand-made files (spec/trf.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fairpair.core import (
    Acceleration,
    Bye,
    ByeKind,
    Colour,
    ForbiddenPairs,
    Game,
    GameResult,
    Outcome,
    Player,
    PointSystem,
    RequestedBye,
    Tournament,
    entries,
    scores,
)
from fairpair.formats.errors import FormatError
from fairpair.formats.trf import TrfError, parse_trf, read_trf, write_trf

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


def cell_line(pid: int, cells: str, points: str = "    ") -> str:
    """A 001 line with the given round cells from column 92 (points column blank: unchecked)."""
    head = f"001 {pid:4d}      {'Player ' + str(pid):<33} 2000".ljust(80)
    return f"{head}{points} {pid:4d}  {cells}"


def cells(*texts: str) -> str:
    return "  ".join(texts)


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


TWO_PLAYERS = cell_line(1, "   2 w 1") + "\n" + cell_line(2, "   1 b 0") + "\n"


def test_trf2026_header_records() -> None:
    text = (
        "012 Autumn Open\n"
        "142 5\n"
        "152 B\n"
        "162  W 3.0    D 1.0\n"
        "192 FIDE_DUTCH_2025\n"
        + cell_line(1, "   2 w 1", " 3.0")
        + "\n"
        + cell_line(2, "   1 b 0")
        + "\n"
        + cell_line(3, "0000 - Z")
        + "\n"
        "240 H 003 0001 0003\n"
        "240 Z 002 0002\n"
        "250      1.0 001 002 0001 0002\n"
        "250      0.5 003 003 0001 0001\n"
        "260 002 004 0001 0002 0003\n"
    )
    t = parse_trf(text, "autumn.trf").tournament()
    assert (t.name, t.total_rounds, t.initial_colour, t.system) == (
        "Autumn Open",
        5,
        Colour.BLACK,
        "FIDE_DUTCH_2025",
    )
    assert t.points == PointSystem(win=30, draw=10)
    assert scores(t) == {1: 30, 2: 0, 3: 0}
    assert t.requested_byes == (
        RequestedBye(3, 1, ByeKind.HALF_POINT),
        RequestedBye(3, 3, ByeKind.HALF_POINT),
        RequestedBye(2, 2, ByeKind.ZERO_POINT),
    )
    assert t.accelerations == (
        Acceleration(1, 1, 10),
        Acceleration(1, 2, 10),
        Acceleration(1, 3, 5),
        Acceleration(2, 1, 10),
        Acceleration(2, 2, 10),
    )
    assert t.forbidden == (ForbiddenPairs((1, 2, 3), 2, 4),)
    assert parse_trf(write_trf(t, "trf2026")).tournament() == t
    assert parse_trf(write_trf(t, "trf16")).tournament() == t


def test_engine_extension_records() -> None:
    text = TWO_PLAYERS + (
        "XXR 4\nXXC black1 rank\nXXA    2  1.0       0.5\nXXP 1 2\n"
        "BBW 2.0\nBBD 1.0\nBBL 0.0\nBBZ 0.5\nBBF -1.0\nBBU 1.0\nXXS W=2.0\n"
    )
    t = parse_trf(text).tournament()
    assert t.total_rounds == 4
    assert t.initial_colour is Colour.BLACK
    assert t.initial_ranking == (1, 2)
    assert t.accelerations == (Acceleration(2, 1, 10), Acceleration(2, 3, 5))
    assert t.forbidden == (ForbiddenPairs((1, 2)),)
    assert t.points == PointSystem(
        win=20, draw=10, loss=0, zero_bye=5, forfeit_loss=-10, pairing_bye=10
    )


def test_every_kind_of_cell() -> None:
    lines = [
        cell_line(1, cells("   2 w W", "   3 - +", "0000 - U")),
        cell_line(2, cells("   1 b L", "0000 - H", "   4 b -")),
        cell_line(3, cells("   4 b D", "   1 - -", "0000 - F")),
        cell_line(4, cells("   3 w D", "0000 - +", "   2 w -")),
        cell_line(5, cells("        ", "0000 - -", "0000 - Z")),
        cell_line(6, cells("   7 b  ", "        ")),
        cell_line(7, "   6 w"),
    ]
    t = parse_trf("\n".join(lines) + "\n").tournament()
    one, two, three = t.rounds
    assert one.games == (
        Game(1, 2, GameResult.WHITE_WINS, rated=False),
        Game(4, 3, GameResult.DRAW, rated=False),
        Game(7, 6, None),
    )
    assert one.byes == (Bye(5, ByeKind.ABSENT),)
    assert two.games == (Game(1, 3, GameResult.WHITE_WINS_BY_FORFEIT, coloured=False),)
    assert two.byes == (
        Bye(2, ByeKind.HALF_POINT),
        Bye(4, ByeKind.FORFEIT_WIN),
        Bye(5, ByeKind.ABSENT),
    )
    assert three.games == (Game(4, 2, GameResult.DOUBLE_FORFEIT),)
    assert three.byes == (
        Bye(1, ByeKind.PAIRING_ALLOCATED),
        Bye(3, ByeKind.FULL_POINT),
        Bye(5, ByeKind.ZERO_POINT),
    )
    # players 6 and 7 have no cell at all in rounds 2 and 3
    assert entries(t)[6][1:] == [None, None]


@pytest.mark.parametrize("ending", ["\r", "\r\n", "\n"])
def test_line_endings_round_trip(ending: str) -> None:
    text = EXAMPLE.replace("\n", ending)
    doc = parse_trf(text)
    assert doc.to_text() == text
    assert doc.tournament() == parse_trf(EXAMPLE).tournament()


def test_mixed_endings_comments_and_unknown_records_are_kept(tmp_path: Path) -> None:
    text = "### made by hand\r\n012 Mixed\r" + TWO_PLAYERS + "013 Team A    1    2\nQQQ ?"
    path = tmp_path / "mixed.trf"
    path.write_bytes(text.encode("utf-8"))
    doc = read_trf(path)
    assert doc.to_text() == text
    assert [line.ending for line in doc.lines] == ["\r\n", "\r", "\n", "\n", "\n", ""]
    assert doc.header("013") == "Team A    1    2"
    assert doc.tournament().name == "Mixed"


def test_latin1_file_round_trips(tmp_path: Path) -> None:
    text = "012 Tournoi d'\xe9t\xe9\n" + TWO_PLAYERS
    path = tmp_path / "latin.trf"
    path.write_bytes(text.encode("latin-1"))
    doc = read_trf(path)
    assert doc.tournament().name == "Tournoi d'\xe9t\xe9"
    assert doc.to_bytes() == path.read_bytes()


def replace_at(line: str, column: int, text: str) -> str:
    return line[: column - 1] + text + line[column - 1 + len(text) :]


P1, P2 = TWO_PLAYERS.splitlines()
ERRORS = [
    # (file text, line, column, start of the message after "line:column: ")
    ("012 x\n" + P1[:60] + "\n", 2, 61, "player record: a 001 line needs at least 84"),
    (replace_at(P1, 5, "  x1") + "\n" + P2, 1, 5, "player id: expected a whole number"),
    (replace_at(P1, 49, "20a0") + "\n" + P2, 1, 49, "rating: expected a whole number"),
    (replace_at(P1, 81, "1,50") + "\n" + P2, 1, 81, "points: expected points"),
    (replace_at(P1, 99, "Q") + "\n" + P2, 1, 99, "round 1 result: unknown result code 'Q'"),
    (replace_at(P1, 97, "x") + "\n" + P2, 1, 97, "round 1 colour: unknown colour 'x'"),
    (replace_at(P1, 92, "  a2") + "\n" + P2, 1, 92, "round 1 opponent: expected a player"),
    (TWO_PLAYERS + P1 + "\n", 3, 5, "player id: player 1 is already defined on line 1"),
    (replace_at(P1, 92, "   9") + "\n" + P2, 1, 92, "round 1 opponent: there is no player 9"),
    (P1 + "\n" + replace_at(P2, 92, "0000") + "\n", 1, 92, "round 1 opponent: player 2"),
    (P1 + "\n" + replace_at(P2, 99, "1") + "\n", 1, 99, "round 1 result: result '1' contradicts"),
    (P1 + "\n" + replace_at(P2, 97, "w") + "\n", 1, 97, "round 1 colour: colour 'w' contradicts"),
    (
        cell_line(1, "0000 - U") + "\n" + cell_line(2, "0000 - U") + "\n",
        2,
        99,
        "round 1 result: player 1 already has the pairing-allocated bye",
    ),
    (cell_line(1, "0000 - 1") + "\n", 1, 99, "round 1 result: result '1' needs an opponent"),
    (cell_line(1, "   2 w U") + "\n" + P2, 1, 99, "round 1 result: a U bye cannot have"),
    (TWO_PLAYERS + "XXR x\n", 3, 4, "total rounds: expected a number of rounds"),
    (TWO_PLAYERS + "142 0\n", 3, 5, "total rounds: expected a number of rounds"),
    (
        cell_line(1, cells("   2 w 1", "0000 - H")) + "\n" + P2 + "\nXXR 1\n",
        3,
        4,
        "total rounds: the",
    ),
    (TWO_PLAYERS + "152 white\n", 3, 5, "initial colour: expected '152 W' or '152 B'"),
    (TWO_PLAYERS + "162  Q 1.0\n", 3, 6, "point system: unknown symbol 'Q'"),
    (TWO_PLAYERS + "162  W 1.x\n", 3, 8, "point system W: expected points"),
    (TWO_PLAYERS + "162  W 0.0    D 1.0\n", 3, 5, "point system: a point system needs"),
    (TWO_PLAYERS + "BBW x\n", 3, 5, "point value: expected points"),
    (TWO_PLAYERS + "240 Q 003 0001\n", 3, 5, "bye type: expected F, H or Z"),
    (TWO_PLAYERS + "240 H 00x 0001\n", 3, 7, "bye round: expected a whole number"),
    (TWO_PLAYERS + "240 H 003 0009\n", 3, 11, "bye player: there is no player 9"),
    (TWO_PLAYERS + "240 H 003\n", 3, 11, "bye player: no player given"),
    (TWO_PLAYERS + "250      x.0 001 002 0001 0002\n", 3, 10, "acceleration points:"),
    (TWO_PLAYERS + "250      1.0 003 002 0001 0002\n", 3, 15, "acceleration rounds: bad"),
    (TWO_PLAYERS + "250      1.0 001 002 0002 0001\n", 3, 23, "acceleration players: bad"),
    (TWO_PLAYERS + "260 00x 003 0001 0002\n", 3, 5, "forbidden first round:"),
    (TWO_PLAYERS + "260 003 001 0001 0002\n", 3, 5, "forbidden rounds: bad round range"),
    (TWO_PLAYERS + "260 001 003 0001 0007\n", 3, 18, "forbidden player: there is no player 7"),
    (TWO_PLAYERS + "XXP 1 x\n", 3, 7, "forbidden player: expected a player number"),
    (TWO_PLAYERS + "XXP 1\n", 3, 5, "forbidden player: at least two players needed"),
    (TWO_PLAYERS + "XXA    9  1.0\n", 3, 5, "accelerated player: there is no player 9"),
    (TWO_PLAYERS + "XXA    1  1.x\n", 3, 10, "acceleration of round 1: expected points"),
]


@pytest.mark.parametrize(("text", "line", "column", "message"), ERRORS)
def test_errors_name_line_and_column(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(TrfError) as caught:
        parse_trf(text, "bad.trf")
    err = caught.value
    assert isinstance(err, FormatError)
    assert str(err).startswith(f"bad.trf:{line}:{column}: {message}"), str(err)
    assert (err.path, err.line, err.column) == ("bad.trf", line, column)


def test_acceleration_records_of_zero_are_kept_and_written_back() -> None:
    # Any XXA/250 record switches off an engine's own acceleration, even one worth nothing.
    for extra in ("XXA    1  0.0\n", "XXA    2\n", "250       0.0 001 002 0001 0002\n"):
        t = parse_trf(TWO_PLAYERS + "XXR 4\n" + extra).tournament()
        assert t.accelerations and all(a.points == 0 for a in t.accelerations), extra
        assert parse_trf(write_trf(t, "trf16")).tournament() == t
        assert parse_trf(write_trf(t, "trf2026")).tournament() == t


def test_a_forbidden_pair_to_the_end_of_the_event_states_its_last_round() -> None:
    # bbpPairings refuses a 260 record whose last round is blank: "from round 4 to the end"
    # is written with the event's last round, and reads back as the same rule.
    players = tuple(Player(pid, f"P{pid}") for pid in (1, 2, 3))
    rule = ForbiddenPairs((1, 3), first_round=4)
    t = Tournament(players, total_rounds=7, forbidden=(rule,), initial_colour=Colour.WHITE)
    text = write_trf(t)
    assert "260 004 007 0001 0003\n" in text
    assert parse_trf(text).tournament().forbidden == (rule,)
    beyond = t.replace(total_rounds=None, forbidden=(ForbiddenPairs((1, 2), 2),))
    assert "260 002 999 0001 0002\n" in write_trf(beyond)
    assert parse_trf(write_trf(beyond)).tournament().forbidden == beyond.forbidden
