"""Two pairing settings of a stored event: the swap of a double round robin's first-cycle last
two rounds, and Baku acceleration (service and CLI).

The round-robin expectations are written by hand from FIDE's Berger rule (round-robin.md
§1.1, §1.4) for 4 players: the table is round 1 ``1-4 2-3``, round 2 ``4-3 1-2``, round 3
``2-4 3-1``; the second cycle repeats it with colours reversed; with the swap the first cycle
plays its rounds 1, 3, 2.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from fairpair.core import PointSystem
from fairpair.service import events as ev
from fairpair.service.errors import CommandError
from fairpair.service.settings import AccelerationMethod, EventSettings, System
from fairpair.storage.memory import MemoryStore
from fairpair.storage.sql import SqlStore
from tests.integration.stores import ticking_clock

register(app)
runner = CliRunner()

TABLE = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
REVERSED = [[(b, w) for w, b in rnd] for rnd in TABLE]
IN_ORDER = TABLE + REVERSED
SWAPPED = [TABLE[0], TABLE[2], TABLE[1], *REVERSED]


def _double_round_robin(swap: bool) -> list[list[tuple[int, int]]]:
    desk = ev.Desk(MemoryStore(), ticking_clock(), "arbiter")
    settings = EventSettings("RR", System.BERGER, double=True, swap_last_rounds=swap)
    event = ev.create_event(desk, settings)
    for name in ("Ann", "Bob", "Cy", "Dee"):
        ev.register_player(desk, event.id, name)
    rounds = []
    for _ in range(6):
        event, pairing = ev.pair_round(desk, event.id)
        rounds.append([(g.white, g.black) for g in pairing.boards])
        ev.enter_results(desk, event.id, [(1, "1/2"), (2, "1/2")])
    return rounds


@pytest.mark.parametrize(("swap", "expected"), [(True, SWAPPED), (False, IN_ORDER)])
def test_the_swap_of_the_first_cycles_last_two_rounds(
    swap: bool, expected: list[list[tuple[int, int]]]
) -> None:
    assert _double_round_robin(swap) == expected


def test_without_the_swap_player_1_has_black_three_times_running() -> None:
    # The reason FIDE recommends the swap (round-robin.md §1.4), read off the hand tables.
    def colours(rounds: list[list[tuple[int, int]]]) -> str:
        return "".join("W" if any(w == 1 for w, _ in r) else "B" for r in rounds)

    assert colours(IN_ORDER) == "WWBBBW"
    assert "BBB" not in colours(SWAPPED) and "WWW" not in colours(SWAPPED)


def test_settings_refuse_what_does_not_fit() -> None:
    with pytest.raises(CommandError, match="double round robin"):
        EventSettings("RR", System.BERGER, swap_last_rounds=False)
    with pytest.raises(CommandError, match="FIDE Swiss"):
        EventSettings("RR", System.BERGER, acceleration=AccelerationMethod.BAKU)
    with pytest.raises(CommandError, match="standard points"):
        EventSettings(
            "Open",
            System.DUTCH,
            rounds=5,
            points=PointSystem(win=30, draw=10, loss=0),
            acceleration=AccelerationMethod.BAKU,
        )
    kept = EventSettings("Open", System.DUTCH, rounds=5, acceleration=AccelerationMethod.BAKU)
    assert EventSettings.from_data(kept.to_data()) == kept
    old = EventSettings("Open", System.DUTCH, rounds=5).to_data()
    assert "acceleration" not in old and "swap_last_rounds" not in old


def fairpair(db: Path, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, [*args, "--db", str(db)])
    return result.exit_code, result.stdout, result.stderr


def test_baku_from_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    code, _, err = fairpair(db, "event", "create", "RR", "-s", "berger", "--acceleration", "baku")
    assert code != 0 and "Baku acceleration is for a FIDE Swiss" in err
    code, _, err = fairpair(db, "event", "create", "R2", "-s", "berger", "--no-swap-last-rounds")
    assert code != 0 and "for a double round robin" in err
    code, out, err = fairpair(db, "event", "create", "Open", "-r", "5", "--acceleration", "baku")
    assert code == 0, err
    assert "Baku acceleration" in out
    for index, name in enumerate(("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")):
        assert fairpair(db, "player", "add", name, "--rating", str(2200 - 10 * index))[0] == 0
    code, out, _ = fairpair(db, "event", "show")
    assert "Baku acceleration" in out
    assert fairpair(db, "export", str(tmp_path / "open.trf"))[0] == 0
    # Group A = 2·⌈8/4⌉ = 4; rounds 1-3 accelerated, a win's worth in 1-2, a draw's in 3.
    xxa = [line for line in (tmp_path / "open.trf").read_text().splitlines() if "XXA" in line]
    assert xxa == [f"XXA {pid:4d}  1.0  1.0  0.5" for pid in (1, 2, 3, 4)]
    code, out, err = fairpair(db, "round", "pair")
    assert code == 0, err
    # Round 1 with virtual points: 1-4 against each other (score 1), 5-8 likewise (score 0).
    store = SqlStore(f"sqlite:///{db}")
    loaded = ev.load(ev.Desk(store, ticking_clock(), "x"), 1).tournament.rounds[0]
    assert sorted(tuple(sorted((g.white, g.black))) for g in loaded.games) == [
        (1, 3),
        (2, 4),
        (5, 7),
        (6, 8),
    ]
    code, _, err = fairpair(db, "event", "edit", "--acceleration", "none")
    assert code != 0 and "acceleration cannot change once round 1 is paired" in err


def test_a_round_robin_ranks_by_the_2026_codes(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    create = ("event", "create", "RR", "-s", "berger", "--game", "chess", "--points", "3,1,0")
    code, out, err = fairpair(db, *create, "-t", "STD,RTNG,TPN")
    assert code == 0, err
    assert "tie-breaks STD,RTNG,TPN" in out
    for name, rating in (("Ann", "2000"), ("Bob", "2100"), ("Cy", "1900"), ("Dee", "2000")):
        assert fairpair(db, "player", "add", name, "--rating", rating)[0] == 0
    assert fairpair(db, "round", "pair")[0] == 0
    assert fairpair(db, "result", "1", "1/2", "2", "1/2")[0] == 0
    code, out, err = fairpair(db, "event", "standings", "--format", "csv")
    assert code == 0, err
    header, *rows = [line.split(",") for line in out.strip().splitlines()]
    assert header[-3:] == ["STD", "RTNG", "TPN"]
    # Everyone drew: 1 point (3-1-0), STD ½; then the rating decides, then the pairing number
    # (Ann and Dee are both rated 2000: Ann, registered first, has the smaller number).
    assert [row[header.index("name")] for row in rows] == ["Bob", "Ann", "Dee", "Cy"]
    assert {row[header.index("STD")] for row in rows} == {"0.5"}
