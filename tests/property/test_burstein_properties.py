"""Invariants of Burstein pairings on random events generated round by round."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings

from fairpair.core import Colour, Outcome, entries
from fairpair.pairing.burstein import pair_burstein
from fairpair.pairing.checker import replay
from fairpair.pairing.generator import GeneratorConfig, generate
from tests.property.swiss_invariants import assert_rounds_keep_the_absolute_rules
from tests.strategies import swiss_event_configs


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(swiss_event_configs())
def test_generated_rounds_respect_the_absolute_criteria(case: tuple[object, int]) -> None:
    config, seed = case
    assert isinstance(config, GeneratorConfig)
    tournament = generate(config, random.Random(seed), pair_burstein)
    assert_rounds_keep_the_absolute_rules(tournament)
    table = entries(tournament)
    for rnd in tournament.rounds:
        bye = rnd.pairing_bye
        if bye is not None:
            before = table[bye][: rnd.number - 1]
            assert not any(
                e is not None
                and e.outcome
                in (Outcome.PAIRING_BYE, Outcome.UNPAIRED_FORFEIT_WIN, Outcome.FORFEIT_WIN)
                for e in before
            ), "no bye after an earlier bye or a forfeit win"
    for row in table.values():
        # Two equal absolute preferences never meet and an absolute one always wins: nobody
        # reaches a colour difference of 3 or the same colour three times running.
        colours = [e.colour for e in row if e is not None and e.played and e.colour is not None]
        difference = 0
        for k, colour in enumerate(colours):
            difference += 1 if colour is Colour.WHITE else -1
            assert abs(difference) <= 2, "colour difference beyond 2"
            assert colours[k - 2 : k + 1].count(colour) < 3 or k < 2, "three in a row"
    assert replay(tournament, pair_burstein) == [], "pairing is a pure function of the snapshot"
