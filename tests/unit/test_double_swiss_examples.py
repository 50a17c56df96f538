"""The worked examples of spec/double-swiss.md §12 (derived by hand from C.04.5), each round or
position checked against what the spec says the rules give."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from fairpair.core import Colour, Player
from fairpair.core.double_swiss import (
    DoubleRound,
    DoubleSwissTournament,
    Mark,
    Match,
    MatchBye,
    MatchByeKind,
    scores,
)
from fairpair.pairing.double_swiss import (
    PlayerState,
    c8_floaters_facing_upfloaters,
    pair_double_swiss,
)
from fairpair.pairing.lexicographic import (
    choose_upfloaters,
    first_pairing_by_identifier,
    has_perfect_matching,
)

W, D, L, FW, FL = Mark.WIN, Mark.DRAW, Mark.LOSS, Mark.FORFEIT_WIN, Mark.FORFEIT_LOSS
RESULTS = {
    # game 1 (white's mark, black's mark), game 2 (the same players' marks)
    "2-0": ((W, L), (W, L)),
    "1½-½": ((W, L), (D, D)),
    "1-1": ((D, D), (D, D)),
    "½-1½": ((D, D), (L, W)),
    "0-2": ((L, W), (L, W)),
    "+:-": ((FW, FL), (FW, FL)),
    "-:+": ((FL, FW), (FL, FW)),
}


def event(players: int, initial: Colour, rounds: int = 4) -> DoubleSwissTournament:
    return DoubleSwissTournament(
        players=tuple(Player(i, f"Player {i}") for i in range(1, players + 1)),
        total_rounds=rounds,
        initial_colour=initial,
    )


def played(
    t: DoubleSwissTournament, matches: Sequence[tuple[int, int, str]], pab: int | None = None
) -> DoubleSwissTournament:
    """The event with its next round played: (game-1 White, Black, result) per match."""
    byes = (MatchBye(pab, MatchByeKind.PAIRING_ALLOCATED),) if pab else ()
    rnd = DoubleRound(
        t.next_round, tuple(Match(w, b, RESULTS[result]) for w, b, result in matches), byes
    )
    return DoubleSwissTournament(
        players=t.players,
        rounds=(*t.rounds, rnd),
        total_rounds=t.total_rounds,
        initial_colour=t.initial_colour,
    )


def lines(t: DoubleSwissTournament) -> list[str]:
    pairing = pair_double_swiss(t)
    out = [f"{g.white} {g.black}" for g in pairing.boards]
    return out + ([f"{pairing.bye} 0"] if pairing.bye is not None else [])


def test_example_1_six_players() -> None:
    t = event(6, Colour.WHITE)
    assert lines(t) == ["1 4", "5 2", "3 6"]
    t = played(t, [(1, 4, "2-0"), (5, 2, "1-1"), (3, 6, "1½-½")])
    assert {p: s / 2 for p, s in scores(t).items()} == {1: 2, 3: 1.5, 2: 1, 5: 1, 6: 0.5, 4: 0}
    assert lines(t) == ["3 1", "2 6", "4 5"]
    t = played(t, [(3, 1, "½-1½"), (2, 6, "1-1"), (4, 5, "2-0")])
    assert lines(t) == ["1 2", "4 3", "6 5"]


def test_example_2_pab_forfeit_c2_and_rule_4_3_5() -> None:
    t = event(7, Colour.BLACK)
    assert lines(t) == ["4 1", "2 5", "6 3", "7 0"]
    # 5 does not appear for either game: 2 wins the match by forfeit (no meeting, no colour).
    t = played(t, [(4, 1, "½-1½"), (2, 5, "+:-"), (6, 3, "1-1")], pab=7)
    assert lines(t) == ["1 2", "3 7", "4 6", "5 0"]
    t = played(t, [(1, 2, "1½-½"), (3, 7, "2-0"), (4, 6, "½-1½")], pab=5)
    assert lines(t) == ["3 1", "2 6", "7 5", "4 0"]


def _conflicts(met: Sequence[tuple[int, int]]) -> dict[int, set[int]]:
    out: dict[int, set[int]] = {}
    for a, b in met:
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return out


def _upfloaters(
    residents: list[int],
    score_of: dict[int, int],
    met: Sequence[tuple[int, int]],
    following: int | None,
    floated: set[int] | None = None,
) -> tuple[int, ...] | None:
    conflicts = _conflicts(met)
    return choose_upfloaters(
        residents,
        sorted(score_of),
        score_of,
        lambda members: has_perfect_matching(members, conflicts),
        following,
        None if floated is None else floated.__contains__,
    )


def test_example_3_the_handbook_order_of_upfloater_sets() -> None:
    # Scores in halves: 4, 7, 9 = 4 (all met); 2, 6, 8 = 3; 1, 3, 5 = 2½; 10 = 0 (met 1, 3, 5).
    score_of = {4: 8, 7: 8, 9: 8, 2: 6, 6: 6, 8: 6, 1: 5, 3: 5, 5: 5, 10: 0}
    met = [(4, 7), (4, 9), (7, 9), (10, 1), (10, 3), (10, 5)]
    assert _upfloaters([4, 7, 9], score_of, met, following=6) == (2, 6, 1)


def _state(tpn: int, halves: int, floated: bool) -> PlayerState:
    return PlayerState(tpn, halves, 2, (), floated, frozenset(), False, tpn)


@pytest.mark.parametrize("last_round", [False, True])
def test_example_4_c7_and_c8_and_their_lapse_in_the_last_round(last_round: bool) -> None:
    score_of = {1: 6, 2: 6, 3: 6, 4: 4, 5: 4, 6: 1}
    floated = {2, 4}
    chosen = _upfloaters([1, 2, 3], score_of, [], 4, None if last_round else floated)
    assert chosen == ((4,) if last_round else (5,))
    states = {p: _state(p, s, p in floated) for p, s in score_of.items()}

    def criteria(x: int, y: int) -> tuple[int]:
        return (c8_floaters_facing_upfloaters(states[x], states[y], 6, not last_round),)

    pairs = first_pairing_by_identifier(sorted({1, 2, 3, *chosen}), {}, criteria)
    assert pairs == (((1, 3), (2, 4)) if last_round else ((1, 5), (2, 3)))


def test_example_5_c6_overrides_the_order_of_the_sets() -> None:
    score_of = {1: 8, 2: 6, 3: 6, 4: 6, 5: 2, 6: 2}
    assert _upfloaters([1], score_of, [(3, 4)], following=6) == (3,)
    # Without C6 the first set in order would be taken.
    assert _upfloaters([1], score_of, [(3, 4)], following=None) == (2,)


def test_example_6_round_one_colours_alternate_down_the_boards() -> None:
    assert lines(event(8, Colour.WHITE)) == ["1 5", "6 2", "3 7", "8 4"]
