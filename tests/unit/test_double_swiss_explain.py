"""Why the upfloaters are these (3.5), as ``--explain`` says it: the reasons
:func:`upfloater_choice` gives on the spec's hand-derived positions (double-swiss.md §12
Examples 3, 4 and 5)."""

from __future__ import annotations

from fairpair.pairing.double_swiss import DoubleBracket, PlayerState, bracket_note
from fairpair.pairing.lexicographic import UpfloaterChoice, has_perfect_matching, upfloater_choice
from tests.unit.test_double_swiss_examples import _conflicts


def _choice(
    residents: list[int],
    score_of: dict[int, int],
    met: list[tuple[int, int]],
    following: int | None,
    floated: set[int] | None = None,
) -> UpfloaterChoice | None:
    conflicts = _conflicts(met)
    return upfloater_choice(
        residents,
        sorted(score_of),
        score_of,
        lambda members: has_perfect_matching(members, conflicts),
        following,
        None if floated is None else floated.__contains__,
    )


def test_example_3_better_scores_break_c3() -> None:
    # 4, 7, 9 = 4 (all met); 2, 6, 8 = 3; 1, 3, 5 = 2½; 10 = 0 (met 1, 3, 5). Three
    # upfloaters (C4: the residents pair nobody inside); {2, 6, 8} leaves 1, 3, 5, 10
    # unpairable, so the three 3-point players are no legal profile; {2, 6, 1} comes first.
    score_of = {4: 8, 7: 8, 9: 8, 2: 6, 6: 6, 8: 6, 1: 5, 3: 5, 5: 5, 10: 0}
    met = [(4, 7), (4, 9), (7, 9), (10, 1), (10, 3), (10, 5)]
    choice = _choice([4, 7, 9], score_of, met, following=6)
    assert choice == UpfloaterChoice(
        upfloaters=(2, 6, 1),
        fewest=1,
        better_scores=((6, 6, 6),),
        c6_kept=True,
        c7=0,
        passed_over=(),
    )
    states = {
        p: PlayerState(p, s, 0, (), False, frozenset(), False, p) for p, s in score_of.items()
    }
    note = bracket_note(DoubleBracket(8, (4, 7, 9), (2, 6, 1), (), choice), states)
    assert note == (
        "bracket 4 (3 residents) with upfloaters 2 (3), 6 (3), 1 (2½): 3 needed, no fewer "
        "let the bracket and the rest be paired (C4); the best scores possible (C5; none "
        "legal with 3, 3, 3); the following scoregroup can still be paired (C6); the first "
        "such set in the order of 3.5.4"
    )


def test_example_4_c7_passes_over_the_floater() -> None:
    # 1, 2, 3 = 3; 4, 5 = 2; 6 = ½; 2 and 4 floated: {4} is first in order but floated.
    score_of = {1: 6, 2: 6, 3: 6, 4: 4, 5: 4, 6: 1}
    choice = _choice([1, 2, 3], score_of, [], following=4, floated={2, 4})
    assert choice is not None
    assert choice.upfloaters == (5,) and choice.c7 == 0
    assert choice.passed_over == (((4,), "C7"),)


def test_example_5_c6_passes_over_the_first_set() -> None:
    # 1 = 4; 2, 3, 4 = 3 (3 and 4 met); 5, 6 = 1: {2} would leave 3 and 4 to pair each other.
    score_of = {1: 8, 2: 6, 3: 6, 4: 6, 5: 2, 6: 2}
    choice = _choice([1], score_of, [(3, 4)], following=6)
    assert choice is not None
    assert choice.upfloaters == (3,) and choice.c6_kept
    assert choice.passed_over == (((2,), "C6"),)
    states = {
        p: PlayerState(p, s, 0, (), False, frozenset(), False, p) for p, s in score_of.items()
    }
    note = bracket_note(DoubleBracket(8, (1,), (3,), ((1, 3),), choice), states)
    assert note.endswith(
        "the first such set in the order of 3.5.4 (before it: 2 leaves the following "
        "scoregroup unpairable, C6)"
    )


def test_when_no_set_keeps_c6_the_earlier_sets_lost_on_c7() -> None:
    # 1 = 4; 2, 3, 4 = 3, all three met each other; 5 = 1 met 2 and 3. Whichever 3-pointer
    # floats up, the other two cannot pair (C6 fails for every set); 2 floated, so {3} wins.
    score_of = {1: 8, 2: 6, 3: 6, 4: 6, 5: 2, 6: 2}
    met = [(2, 3), (2, 4), (3, 4)]
    choice = _choice([1], score_of, met, following=6, floated={2})
    assert choice is not None
    assert choice.upfloaters == (3,) and not choice.c6_kept
    assert choice.passed_over == (((2,), "C7"),)
