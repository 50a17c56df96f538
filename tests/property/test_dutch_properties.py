"""Invariants of Dutch pairings on random events generated round by round."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings

from fairpair.core import entries
from fairpair.pairing.checker import replay
from fairpair.pairing.dutch import pair_dutch
from fairpair.pairing.generator import GeneratorConfig, generate
from tests.property.swiss_invariants import assert_rounds_keep_the_absolute_rules
from tests.strategies import swiss_event_configs


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(swiss_event_configs())
def test_generated_rounds_respect_the_absolute_criteria(case: tuple[object, int]) -> None:
    config, seed = case
    assert isinstance(config, GeneratorConfig)
    tournament = generate(config, random.Random(seed), pair_dutch)
    assert_rounds_keep_the_absolute_rules(tournament)
    had_bye: set[int] = set()
    table = entries(tournament)
    for rnd in tournament.rounds:
        bye = rnd.pairing_bye
        if bye is not None:
            assert bye not in had_bye, "C2: one pairing-allocated bye per player"
            before = table[bye][: rnd.number - 1]
            assert not any(
                e is not None and not e.played and e.points >= tournament.points.win for e in before
            ), "C2: no bye after an unplayed round worth a win"
            had_bye.add(bye)
    assert replay(tournament, pair_dutch) == [], "pairing is a pure function of the snapshot"
