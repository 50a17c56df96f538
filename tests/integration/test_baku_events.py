"""A stored event that chose Baku acceleration pairs as the reference Baku-accelerated events.

The reference Dutch corpus has events paired by bbpPairings under FIDE's Baku acceleration,
their virtual points written out as XXA lines by the corpus' own generator (the FIDE C.04.5.1
table). Here each is run through the service as an organiser would: an event created with
``acceleration=baku`` (the XXA lines are not given to it), the players registered, and round
by round the requested byes granted, the round paired and the file's results entered. Every
round must be paired exactly as in the file. The virtual points the service computes must also
be the file's XXA lines, record for record.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from fairpair.core import ByeKind, Colour, GameResult, Tournament
from fairpair.formats.trf import parse_trf
from fairpair.pairing.swiss.acceleration import fide_baku_accelerations
from fairpair.service import events as ev
from fairpair.service.settings import AccelerationMethod, EventSettings, System
from fairpair.storage.memory import MemoryStore
from tests.golden_data import REFERENCE, require
from tests.integration.stores import ticking_clock


def _baku_files() -> list[Path]:
    rows = csv.DictReader(require(REFERENCE / "index.csv").open(encoding="utf-8"))
    return [require(REFERENCE / r["file"]) for r in rows if r["acceleration"] == "xxa-baku"]


FILES = _baku_files()


_TYPED = {
    GameResult.WHITE_WINS: "1-0",
    GameResult.BLACK_WINS: "0-1",
    GameResult.DRAW: "1/2",
    GameResult.WHITE_WINS_BY_FORFEIT: "+-",
    GameResult.BLACK_WINS_BY_FORFEIT: "-+",
    GameResult.DOUBLE_FORFEIT: "--",
}
_REQUESTED = {ByeKind.HALF_POINT: "half", ByeKind.ZERO_POINT: "zero", ByeKind.FULL_POINT: "full"}


def _initial_colour(t: Tournament) -> Colour:
    """The file's initial colour, else the colour of the top-ranked player paired in round 1
    (he receives it, reference/README.md)."""
    if t.initial_colour is not None:
        return t.initial_colour
    games = t.rounds[0].games
    top = min(p for g in games for p in (g.white, g.black))
    return next(Colour.WHITE if g.white == top else Colour.BLACK for g in games if top in g)


def test_the_corpus_has_thirty_baku_events() -> None:
    assert len(FILES) == 30


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_fide_baku_table_is_the_files_xxa_lines(path: Path) -> None:
    t = parse_trf(path.read_text(encoding="utf-8")).tournament()
    assert t.accelerations
    given = {(a.player, a.round): a.points for a in t.accelerations if a.points}
    table = fide_baku_accelerations(t.replace(accelerations=()))
    ours = {(a.player, a.round): a.points for a in table}
    assert ours == given


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_stored_baku_event_pairs_as_the_reference(path: Path) -> None:
    t = parse_trf(path.read_text(encoding="utf-8")).tournament()
    desk = ev.Desk(MemoryStore(), ticking_clock(), "arbiter")
    settings = EventSettings(
        path.stem,
        System.DUTCH,
        rounds=t.total_rounds,
        initial_colour=_initial_colour(t),
        acceleration=AccelerationMethod.BAKU,
    )
    event = ev.create_event(desk, settings)
    for player in t.players:  # in start-number order: the ids stay the file's
        ev.register_player(desk, event.id, player.name, rating=player.rating)
    for rnd in t.rounds:
        for bye in rnd.byes:
            if bye.kind in _REQUESTED:
                ev.grant_bye(desk, event.id, str(bye.player), rnd.number, _REQUESTED[bye.kind])
        event, pairing = ev.pair_round(desk, event.id)
        assert [p.name for p in event.tournament.players] == [p.name for p in t.players]
        expected = sorted((g.white, g.black) for g in rnd.games)
        assert sorted((g.white, g.black) for g in pairing.boards) == expected, rnd.number
        pab = [b.player for b in rnd.byes if b.kind is ByeKind.PAIRING_ALLOCATED]
        assert ([pairing.bye] if pairing.bye is not None else []) == pab, rnd.number
        boards = {(g.white, g.black): n for n, g in enumerate(pairing.boards, start=1)}
        results = [
            (boards[(g.white, g.black)], _TYPED[g.result])
            for g in rnd.games
            if g.result is not None
        ]
        if results:
            ev.enter_results(desk, event.id, results)
    final = ev.load(desk, event.id).tournament
    assert len(final.rounds) == len(t.rounds) == t.total_rounds
    assert ev.export(ev.load(desk, event.id), "trf").count("\nXXA ") == len(
        {a.player for a in t.accelerations if a.points}
    )
