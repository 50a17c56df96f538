"""A ten-player round robin with a GM-norm hopeful, run through the service round by round:
the norm report is asked after every round, the K-factor and rating report read the same
event. The final figures are those derived by hand in ``test_norms.py`` (the same nine
opponents, 7 points: average 2389, performance 2609), whatever order the schedule brings
them in."""

from __future__ import annotations

from datetime import UTC, datetime

from fairpair.service import chess_reports
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.standings.norms import Norm, NormStatus
from fairpair.storage import MemoryStore
from tests.unit.test_norms import FIELD

LOSSES = ("FM", 2350, "IND"), ("", 2300, "ESP")
"""The two opponents the hopeful loses to; he beats the other seven: 7 of 9."""


def test_a_norm_hopeful_round_by_round() -> None:
    desk = ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, 9, tzinfo=UTC), "arbiter")
    event = ev.create_event(desk, EventSettings("Norm RR", System.BERGER))
    ev.register_player(desk, event.id, "Hopeful", rating=2450, federation="IND")
    for i, (title, rating, fed) in enumerate(FIELD):
        ev.register_player(desk, event.id, f"Opp {i}", rating=rating, title=title, federation=fed)
    seen: list[NormStatus] = []
    for _ in range(9):
        event, _pairing = ev.pair_round(desk, event.id)
        t = event.tournament
        hopeful = next(p.id for p in t.players if p.name == "Hopeful")
        entries = []
        for board, game in enumerate(t.rounds[-1].games, start=1):
            if not game.involves(hopeful):
                entries.append((board, "1/2"))
                continue
            other = t.player(game.opponent_of(hopeful))
            wins = (other.title, other.rating, other.federation) not in LOSSES
            entries.append((board, "1-0" if wins == (game.white == hopeful) else "0-1"))
        event = ev.enter_results(desk, event.id, entries)
        mine = [
            c for c in chess_reports.norm_checks(event, everyone=True) if c.player.id == hopeful
        ]
        gm = next(c for c in mine if c.norm is Norm.GM)
        seen.append(gm.status)
        assert gm.after_round == len(event.tournament.rounds)
    # Eight games and no bye: not yet a norm however they went (B.01 1.41).
    assert NormStatus.MET not in seen[:8]
    assert seen[8] is NormStatus.MET
    assert (gm.average, gm.performance, gm.score) == (2389, 2609, 7)
    after_eight = chess_reports.norm_checks(event, after_round=8, everyone=True)
    assert all(c.rounds_left == 1 for c in after_eight)

    lines = {line.player.name: line for line in chess_reports.rating_lines(event)}
    assert lines["Hopeful"].k == 10 and len(lines["Hopeful"].counted) == 9  # rated 2450
    # The TPR has no floor: (21500 - 2200 + 2100) / 9 = 2377.8 -> 2378, 78 %: dp 220 -> 2598.
    assert lines["Hopeful"].performance == 2598
