"""Invariants of Dutch pairings on random events generated round by round."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings

from fairpair.core import ByeKind, entries
from fairpair.pairing.checker import replay
from fairpair.pairing.dutch import pair_dutch
from fairpair.pairing.generator import GeneratorConfig, generate
from tests.strategies import swiss_event_configs


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(swiss_event_configs())
def test_generated_rounds_respect_the_absolute_criteria(case: tuple[object, int]) -> None:
    config, seed = case
    assert isinstance(config, GeneratorConfig)
    tournament = generate(config, random.Random(seed), pair_dutch)
    met: set[frozenset[int]] = set()
    had_bye: set[int] = set()
    table = entries(tournament)
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
        bye = rnd.pairing_bye
        if bye is not None:
            assert bye not in had_bye, "C2: one pairing-allocated bye per player"
            before = table[bye][: rnd.number - 1]
            assert not any(
                e is not None and not e.played and e.points >= tournament.points.win for e in before
            ), "C2: no bye after an unplayed round worth a win"
            had_bye.add(bye)
        assert sum(1 for b in rnd.byes if b.kind is ByeKind.PAIRING_ALLOCATED) <= 1
    assert replay(tournament, pair_dutch) == [], "pairing is a pure function of the snapshot"
