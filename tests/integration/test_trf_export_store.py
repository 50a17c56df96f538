"""A TRF exported from the store is a complete statement of the event for another engine.

An event run in a real store (SQLite): before each round its TRF export is paired by the
drop-in engine (``fairpair-engine --dutch export.trf -p``, which pairs as bbpPairings does
on every reference round), and the engine must pair exactly what the store pairs: the same
boards, the same bye, never the withdrawn player, never a player with a requested bye.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from fairpair.cli.engine import run
from fairpair.core import ByeKind
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.storage.sql import SqlStore
from tests.integration.stores import ticking_clock

NAMES = (
    "Abel", "Berg", "Cruz", "Dahl", "Egan", "Ford", "Gray", "Hale",
    "Ives", "Jung", "Kerr", "Lund", "Mora", "Nash", "Ortiz",
)  # fmt: skip


def _engine(path: Path, flavour_flag: str = "--dutch") -> tuple[list[tuple[int, int]], int | None]:
    out, err = io.StringIO(), io.StringIO()
    assert run([flavour_flag, str(path), "-p"], out, err) == 0, err.getvalue()
    count, *lines = out.getvalue().splitlines()
    assert int(count) == len(lines)
    boards: list[tuple[int, int]] = []
    bye = None
    for line in lines:
        white, black = (int(x) for x in line.split())
        if black == 0:
            bye = white
        else:
            boards.append((white, black))
    return boards, bye


@pytest.mark.parametrize("kind", ["trf", "trf2026"])
def test_the_engine_pairs_each_exported_round_as_the_store(tmp_path: Path, kind: str) -> None:
    store = SqlStore(f"sqlite:///{tmp_path / 'events.sqlite3'}")
    desk = ev.Desk(store, ticking_clock(), "arbiter")
    event = ev.create_event(desk, EventSettings("Spring open", System.DUTCH, rounds=6))
    for index, name in enumerate(NAMES):  # by rating: start numbers stay as registered
        ev.register_player(desk, event.id, name, rating=2400 - 37 * index)
    lots = random.Random(2026)
    withdrawn = 7
    kept_apart: set[int] = set()
    for number in range(1, 7):
        if number == 2:
            ev.grant_bye(desk, event.id, "4", 3, "half")  # announced a round ahead
        if number == 3:
            ev.withdraw(desk, event.id, str(withdrawn))  # after round 2, from round 3
        if number == 4:
            ev.grant_bye(desk, event.id, "Hale", None, "zero")
            # the two leaders still playing, who would likely meet: kept apart from now on
            rows = ev.standings(ev.load(desk, event.id)).rows
            kept_apart = {r.player_id for r in rows if r.player_id not in (7, 8)}
            kept_apart = set(sorted(kept_apart, key=[r.player_id for r in rows].index)[:2])
            ev.forbid_pairs(desk, event.id, [str(pid) for pid in kept_apart])
        export = tmp_path / f"before-round-{number}.trf"
        export.write_text(ev.export(ev.load(desk, event.id), kind), encoding="utf-8")
        boards, bye = _engine(export)

        event, pairing = ev.pair_round(desk, event.id)
        assert boards == [(g.white, g.black) for g in pairing.boards], f"round {number}"
        assert bye == pairing.bye, f"round {number}"
        paired = {p for b in boards for p in b} | ({bye} if bye else set())
        if number >= 3:
            assert withdrawn not in paired
        if number == 3:
            assert 4 not in paired
        if number == 4:
            assert 8 not in paired
        if number >= 4:
            assert set(kept_apart) not in [set(b) for b in boards]
        ev.enter_results(
            desk,
            event.id,
            [(b, lots.choice(["1-0", "0-1", "1/2"])) for b in range(1, len(boards) + 1)],
        )

    final = ev.load(desk, event.id).tournament
    assert [b.kind for b in final.rounds[2].byes if b.player == 4] == [ByeKind.HALF_POINT]
    assert [b.kind for b in final.rounds[3].byes if b.player == 8] == [ByeKind.ZERO_POINT]
    assert all(not g.involves(withdrawn) for r in final.rounds[2:] for g in r.games)
    # 15 players; from round 3 one has withdrawn, and 4 then 8 sit out a round
    assert [r.pairing_bye is not None for r in final.rounds] == [True] * 4 + [False] * 2
    store.close()
