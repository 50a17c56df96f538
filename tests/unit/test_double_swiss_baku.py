"""Baku acceleration of a Double-Swiss (spec double-swiss.md §10, §11 R10): the pairing score is
the score plus the virtual points of the round, in every rule of §§2-6 (scoregroups, PAB,
upfloaters, the floats of the previous round); colours (4.2) and board order (§8) use the real
score. No reference engine or corpus has an accelerated Double-Swiss: the expected pairings
below are derived by hand from the spec, the derivation written beside each."""

from __future__ import annotations

import dataclasses
import io
import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.cli.engine import run
from fairpair.core import Acceleration, Colour, Player
from fairpair.core.double_swiss import DoubleRound, DoubleSwissTournament, Match
from fairpair.formats.double_json import dump_double_event, load_double_event
from fairpair.formats.trf_double import parse_double_trf, write_double_trf
from fairpair.pairing.double_generator import generate_double_swiss
from fairpair.pairing.double_swiss import (
    baku_virtual_points,
    pair_double_swiss,
    player_states,
)
from fairpair.pairing.errors import NoValidPairing
from fairpair.pairing.generator import GeneratorConfig
from tests.golden_data import DOUBLE_SWISS, DOUBLE_SWISS_EVENTS, require
from tests.unit.test_double_swiss_examples import RESULTS

BAKU = "FIDE_DOUBLESWISS_BAKU"


def start(players: int, rounds: int, system: str = BAKU) -> DoubleSwissTournament:
    return DoubleSwissTournament(
        players=tuple(Player(i, f"Player {i}") for i in range(1, players + 1)),
        total_rounds=rounds,
        initial_colour=Colour.WHITE,
        system=system,
    )


def played(
    t: DoubleSwissTournament, matches: Sequence[tuple[int, int, str]]
) -> DoubleSwissTournament:
    rnd = DoubleRound(t.next_round, tuple(Match(w, b, RESULTS[result]) for w, b, result in matches))
    return dataclasses.replace(t, rounds=(*t.rounds, rnd))


def lines(t: DoubleSwissTournament) -> list[str]:
    pairing = pair_double_swiss(t)
    out = [f"{g.white} {g.black}" for g in pairing.boards]
    return out + ([f"{pairing.bye} 0"] if pairing.bye is not None else [])


def test_the_baku_table_of_a_double_swiss() -> None:
    # N = 10: Group A = 2·⌈10/4⌉ = 6 players. R = 9 matches: A = ⌈9/2⌉ = 5 accelerated
    # rounds, a match won 2-0 (2 points, 4 halves) in the first ⌈5/2⌉ = 3, a drawn match
    # (1 point) in rounds 4-5, nothing from round 6.
    t = start(10, 9)
    assert [baku_virtual_points(t, 1, r) for r in range(1, 10)] == [4, 4, 4, 2, 2, 0, 0, 0, 0]
    assert [baku_virtual_points(t, 6, r) for r in (1, 5)] == [4, 2]
    assert [baku_virtual_points(t, 7, r) for r in (1, 5)] == [0, 0]
    # N = 8, R = 4: Group A 1-4; A = 2 rounds: +2 in round 1, +1 in round 2.
    t = start(8, 4)
    assert [baku_virtual_points(t, 4, r) for r in range(1, 5)] == [4, 2, 0, 0]
    assert baku_virtual_points(t, 5, 1) == 0


def test_an_accelerated_event_round_by_round() -> None:
    # 8 players, 4 match-rounds, initial colour White, 192 FIDE_DOUBLESWISS_BAKU: Group A is
    # 1-4, with +2 points in round 1 and +1 in round 2.
    t = start(8, 4)
    # Round 1. Pairing scores 2 (1-4) and 0 (5-8): two brackets, each top half against bottom
    # half: 1-3, 2-4 and 5-7, 6-8 (unaccelerated: 1-5, 2-6, 3-7, 4-8). Colours 4.3.1 by the
    # HRP's number (the real scores are all 0: the smaller TPN): 1 odd White, 2 even Black, 5
    # White, 6 Black. Board order by the real score (all 0), then the HRP's TPN.
    assert lines(t) == ["1 3", "4 2", "5 7", "8 6"]
    notes = [n.text for n in pair_double_swiss(t).notes]
    assert notes[0].startswith("bracket 2 (4 residents, a pairing score with virtual points")
    assert notes[2].startswith("bracket 0 (4 residents) paired among themselves")
    assert lines(dataclasses.replace(t, system="FIDE_DOUBLESWISS")) == [
        "1 5",
        "6 2",
        "3 7",
        "8 4",
    ]
    t = played(t, [(1, 3, "0-2"), (4, 2, "1-1"), (5, 7, "2-0"), (8, 6, "1-1")])
    # Real scores: 3, 5 = 2; 2, 4, 6, 8 = 1; 1, 7 = 0. Nobody floated: every pair had equal
    # pairing scores in round 1. Round 2 pairing scores (+1 for 1-4): 3 = 3; 2, 4, 5 = 2;
    # 1, 6, 8 = 1; 7 = 0.
    # * Bracket 3: {3} takes one 2-point upfloater; {2} comes first (3 has not met 2, the rest
    #   1, 4, 5, 6, 7, 8 pairs as 4-5, 1-6, 7-8; C6: 4 and 5 can pair): 2-3.
    # * Bracket 2: {4, 5} have not met: 4-5.
    # * Bracket 1: {1, 6, 8} is odd: upfloater 7. 6-8 met; of 1-6 7-8 (identifier 1 7 6 8)
    #   and 1-8 6-7 (1 6 8 7) the second comes first: 1-8, 6-7 (C8 = 0: nobody floated).
    # Colours by the real score (histories 1 [w], 2 [b], 3 [b], 4 [w], 5 [w], 6 [b], 7 [b],
    # 8 [w]): 3-2 HRP 3, equal Whites and histories, 4.3.4: 3 alternates -> White "3 2".
    # 4-5: HRP 5 (real 2 against 1; by pairing score it would be 4), both [w]: 4.3.4, 5
    # alternates -> Black: "4 5". 1-8: HRP 8 (real 1 against 0), both [w]: 8 Black: "1 8".
    # 6-7: HRP 6, both [b]: 6 White "6 7". Board order by the real score: 3-2 (2, 1), 4-5
    # (HRP 5: 2, 1), 6-7 (HRP 6: 1, 0), 1-8 (HRP 8: 1, 0; TPN 8 after 6). By pairing scores
    # the boards would be 3-2, 4-5, 1-8, 6-7 and the colours of 4-5 and 1-8 reversed.
    assert lines(t) == ["3 2", "4 5", "6 7", "1 8"]
    t = played(t, [(3, 2, "1-1"), (4, 5, "1-1"), (6, 7, "2-0"), (1, 8, "1-1")])
    # Round 3: no virtual points. Real = pairing scores: 3, 5, 6 = 3; 2, 4, 8 = 2; 1 = 1;
    # 7 = 0. Floaters of round 2 compare the pairing scores of round 2: 2 (2) met 3 (3) and
    # 6 (1) met 7 (0): 2, 3, 6, 7 floated; 4-5 (2, 2) and 1-8 (1, 1) did not, though their
    # real scores differed.
    # * Bracket 3: {3, 5, 6} needs one 2-point upfloater. {2} is legal (2-5, 3-6; the rest
    #   1-4, 7-8; C6 holds) but floated (C7 = 1); {4} is legal (3-4, 5-6; rest 1-2, 7-8; C6
    #   holds) and did not: {4}. Its pairings: 3-4 5-6 (3 floated: C8 = 1) and 3-5 4-6 (6
    #   floated: C8 = 1); 3-6 4-5 repeats 4-5. Equal C8, first identifier 3 4 5 6: 3-5, 4-6.
    # * Bracket 2: {2, 8} have not met: 2-8. Bracket 1: {1} with 7: 1-7.
    # Colours: 3-5: equal Whites (1, 1), latest colours differ (3 w, 5 b): 4.3.3, 3 takes the
    # opposite of his own -> Black: "5 3". 4-6: HRP 6 (3 against 2), Whites 2 against 1:
    # 4.3.2 -> "6 4". 2-8: Whites 0 against 1: "2 8". 1-7: Whites 2 against 0: "7 1".
    assert lines(t) == ["5 3", "6 4", "2 8", "7 1"]
    states = player_states(t)
    assert {p for p, s in states.items() if s.floated} == {2, 3, 6, 7}
    # Read with the real scores of round 2 (as without acceleration), 2, 4 and 8 all floated
    # and {2} would come first: the floats of round 2 do come from the pairing scores.
    unaccelerated = dataclasses.replace(t, system="FIDE_DOUBLESWISS")
    assert {p for p, s in player_states(unaccelerated).items() if s.floated} == set(range(1, 9))
    assert lines(unaccelerated)[0] != "5 3"


def test_virtual_points_move_the_pab() -> None:
    # 5 players, 3 rounds, Baku: Group A = 2·⌈5/4⌉ = 4 (1-4); A = 2: +2 in round 1. The PAB
    # goes to the lowest pairing score: 5 (0 against 2), as without acceleration (largest TPN).
    t = start(5, 3)
    assert lines(t)[-1] == "5 0"
    # With explicit records giving 5 two points and 4 none, 4 alone has the lowest pairing
    # score: the PAB is his, and the bracket 2 of 1, 2, 3, 5 pairs 1-3, 2-5.
    explicit = dataclasses.replace(
        t, accelerations=tuple(Acceleration(p, 1, 4) for p in (1, 2, 3, 5))
    )
    assert lines(explicit) == ["1 3", "5 2", "4 0"]


ACCELERATED_TRF = (
    "012 Baku by records\n062 8\n142 8\n152 W\n"
    "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.5    H 1.0    F 2.0\n"
    "192 FIDE_DOUBLESWISS\n"
    "250       2.0 001 002 0001 0004\n"
    "250       1.0 003 004 0001 0004\n"
    + "".join(f"001 {p:4d}      {f'Player {p}':<33}{'0.0':>37}{p:5d}\n" for p in range(1, 9))
)


def test_explicit_250_records_count_columns_and_give_points_per_match() -> None:
    # Columns 1-2 are match 1 (+2), columns 3-4 match 2 (+1): the Baku table of 8 players and
    # 4 rounds, written out; the event pairs as the 192 code does.
    t = parse_double_trf(ACCELERATED_TRF).tournament()
    assert sorted(t.accelerations, key=lambda a: (a.round, a.player)) == [
        *(Acceleration(p, 1, 4) for p in range(1, 5)),
        *(Acceleration(p, 2, 2) for p in range(1, 5)),
    ]
    assert lines(t) == ["1 3", "4 2", "5 7", "8 6"]
    # Written back: the same records, and a fresh file reads to the same event.
    assert write_double_trf(t, like=parse_double_trf(ACCELERATED_TRF)) == ACCELERATED_TRF
    fresh = write_double_trf(t)
    assert "250       2.0 001 002 0001 0004" in fresh
    assert parse_double_trf(fresh).tournament() == t


def test_xxa_records_and_their_errors() -> None:
    xxa = ACCELERATED_TRF.replace(
        "250       2.0 001 002 0001 0004\n250       1.0 003 004 0001 0004\n",
        "".join(f"XXA {p:4d}  2.0  2.0  1.0  1.0\n" for p in range(1, 5)),
    )
    t = parse_double_trf(xxa).tournament()
    assert lines(t) == ["1 3", "4 2", "5 7", "8 6"]
    assert write_double_trf(t, like=parse_double_trf(xxa)) == xxa
    # Changed virtual points are written as 250 records in place of the XXA lines.
    changed = dataclasses.replace(t, accelerations=(Acceleration(1, 1, 2),))
    text = write_double_trf(changed, like=parse_double_trf(xxa))
    assert "XXA" not in text and "250       1.0 001 002 0001 0001\n" in text
    assert parse_double_trf(text).tournament().accelerations == (Acceleration(1, 1, 2),)
    differ = xxa.replace("XXA    1  2.0  2.0", "XXA    1  2.0  1.0")
    with pytest.raises(ValueError, match=r"^differ.trf:7:5: acceleration points: .*match 1"):
        parse_double_trf(differ, "differ.trf")
    tenth = ACCELERATED_TRF.replace("250       2.0 001", "250       0.3 001")
    with pytest.raises(ValueError, match=r":7:10: .*whole or half number of points"):
        parse_double_trf(tenth, "tenth.trf")


def test_explicit_records_replace_the_baku_code() -> None:
    # Any record, a zero one too, switches the 192 code's table off.
    t = start(8, 4)
    zero = dataclasses.replace(t, accelerations=(Acceleration(1, 1, 0),))
    assert lines(zero) == lines(dataclasses.replace(t, system="FIDE_DOUBLESWISS"))


def _with_zero_records(t: DoubleSwissTournament, rng: random.Random) -> DoubleSwissTournament:
    records = [
        Acceleration(p.id, r, 0)
        for p in t.players
        for r in range(1, (t.total_rounds or 1) + 1)
        if rng.random() < 0.5
    ]
    return dataclasses.replace(t, accelerations=(*records, Acceleration(t.players[0].id, 1, 0)))


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 14), st.integers(1, 6), st.integers(0, 2**32), st.booleans())
def test_zero_virtual_points_pair_as_the_unaccelerated_system(
    players: int, rounds: int, seed: int, baku_code: bool
) -> None:
    config = GeneratorConfig(players=players, rounds=rounds, half_point_bye_rate=5)
    try:
        event = generate_double_swiss(config, random.Random(seed), pair_double_swiss)
    except NoValidPairing:
        return
    rng = random.Random(seed)
    for r in range(1, rounds + 1):
        snapshot = event.before_round(r)
        accelerated = _with_zero_records(snapshot, rng)
        if baku_code:
            accelerated = dataclasses.replace(accelerated, system=BAKU)
        assert pair_double_swiss(accelerated) == pair_double_swiss(snapshot)


@pytest.mark.parametrize("number", range(1, DOUBLE_SWISS_EVENTS + 1, 7))
def test_zero_records_keep_every_reference_round(number: int) -> None:
    path = require(DOUBLE_SWISS / f"ds-{number:04d}.trf")
    event = parse_double_trf(path.read_text()).tournament()
    expected = json.loads(path.with_suffix(".json").read_text())["expected"]
    zero = tuple(Acceleration(p.id, 1, 0) for p in event.players)
    for r in range(1, len(event.rounds) + 1):
        snapshot = dataclasses.replace(event.before_round(r), accelerations=zero, system=BAKU)
        assert [str(len(lines(snapshot))), *lines(snapshot)] == expected[str(r)]


def test_the_engine_pairs_a_file_with_the_baku_code(tmp_path: Path) -> None:
    # Formerly refused with exit 3; round 1 as derived above.
    source = tmp_path / "baku.trf"
    source.write_text(write_double_trf(start(8, 4)))
    assert "192 FIDE_DOUBLESWISS_BAKU\n" in source.read_text()
    out, err = io.StringIO(), io.StringIO()
    assert run(["--double-swiss", str(source), "-p"], out, err) == 0
    assert out.getvalue().splitlines() == ["4", "1 3", "4 2", "5 7", "8 6"]


def test_virtual_points_go_through_json() -> None:
    t = dataclasses.replace(
        start(6, 3), accelerations=(Acceleration(2, 1, 3), Acceleration(5, 2, 0))
    )
    assert load_double_event(dump_double_event(t)) == t
    assert '"points": "1.5"' in dump_double_event(t)
