"""Absolute rules every Swiss system keeps, checked round by round on a generated event."""

from __future__ import annotations

from fairpair.core import ByeKind, Tournament


def assert_rounds_keep_the_absolute_rules(tournament: Tournament) -> None:
    """Nobody placed twice in a round, everybody possible paired, no two players meeting
    again after a played game (C1), at most one pairing-allocated bye per round."""
    met: set[frozenset[int]] = set()
    for rnd in tournament.rounds:
        seen = list(rnd.participants())
        assert len(seen) == len(set(seen)), "nobody is placed twice in a round"
        to_pair = [
            p
            for p in tournament.player_ids
            if not any(b.player == p and b.kind.requested for b in rnd.byes)
        ]
        assert len(rnd.games) == len(to_pair) // 2, "everybody possible is paired"
        for game in rnd.games:
            pair = frozenset((game.white, game.black))
            assert pair not in met, "C1: no second game between two players"
        for game in rnd.games:
            if game.result is not None and game.result.played:
                met.add(frozenset((game.white, game.black)))
        assert sum(1 for b in rnd.byes if b.kind is ByeKind.PAIRING_ALLOCATED) <= 1
