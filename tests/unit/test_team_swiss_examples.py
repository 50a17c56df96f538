"""The worked examples of spec/team-swiss.md §15 (A-E) and Example F of §14, each expected
output as the spec gives it (checked there against both reference engines)."""

from __future__ import annotations

from fairpair.core import ByeKind, Pairing
from fairpair.core.teams import ColourModel
from fairpair.pairing.team_swiss import pair_team_swiss
from tests.team_builders import team_event

U = ByeKind.PAIRING_ALLOCATED


def output(pairing: Pairing) -> list[tuple[int, int]]:
    """The engine's lines: each match White team first in board order, then the PAB."""
    lines = [(g.white, g.black) for g in pairing.boards]
    if pairing.bye is not None:
        lines.append((pairing.bye, 0))
    return lines


def test_example_a_round_one_with_a_pab() -> None:
    event = team_event(7, [], boards=4, total_rounds=7)
    assert output(pair_team_swiss(event)) == [(1, 4), (5, 2), (3, 6), (7, 0)]


def test_example_b_pab_by_matches_played() -> None:
    event = team_event(
        5,
        [[(1, 3, 1.5), (4, 2, 2.0)]],
        total_rounds=5,
        byes=[[(5, ByeKind.ZERO_POINT)]],
    )
    assert output(pair_team_swiss(event)) == [(1, 4), (2, 5), (3, 0)]


def test_example_c_choosing_the_upfloater() -> None:
    event = team_event(
        6,
        [
            [(1, 4, 0.0), (5, 2, 0.5), (3, 6, 2.0)],
            [(4, 2, 0.0), (1, 3, 1.5), (6, 5, 2.0)],
        ],
        total_rounds=6,
    )
    assert output(pair_team_swiss(event)) == [(2, 6), (3, 4), (5, 1)]


def test_example_d_type_b_changes_the_pairing() -> None:
    event = team_event(
        6,
        [[(1, 4, 1.0), (5, 2, 1.0), (3, 6, 0.0)]],
        total_rounds=6,
        model=ColourModel.TYPE_B,
    )
    assert output(pair_team_swiss(event)) == [(6, 1), (4, 5), (2, 3)]


def test_example_d_type_a_variant_takes_the_first_identifier() -> None:
    event = team_event(6, [[(1, 4, 1.0), (5, 2, 1.0), (3, 6, 0.0)]], total_rounds=6)
    assert output(pair_team_swiss(event)) == [(6, 1), (2, 4), (3, 5)]


def test_example_e_last_round_pab_to_the_leader() -> None:
    event = team_event(
        5,
        [
            [(1, 3, 1.0), (4, 2, 0.0)],
            [(2, 1, 0.5), (3, 5, 1.0)],
            [(1, 4, 1.0), (5, 2, 1.0)],
            [(5, 1, 0.5), (4, 3, 1.5)],
        ],
        total_rounds=5,
        model=ColourModel.TYPE_B,
        byes=[[(5, U)], [(4, U)], [(3, U)], [(2, U)]],
    )
    assert output(pair_team_swiss(event)) == [(2, 3), (4, 5), (1, 0)]


def test_example_f_bracket_by_bracket_not_one_global_matching() -> None:
    event = team_event(4, [[(1, 3, 2.0), (4, 2, 1.0)]], total_rounds=4)
    assert output(pair_team_swiss(event)) == [(2, 1), (3, 4)]
