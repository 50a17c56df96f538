"""Single articles of C.04.6 on small events: PAB order and C2, C1 and GHR 3.5, absences,
forbidden pairs, the last two rounds, Baku acceleration (spec §§3-7)."""

from __future__ import annotations

import dataclasses

import pytest

from fairpair.core import ByeKind, ForbiddenPairs
from fairpair.core.teams import MatchForfeit, TeamAcceleration, TeamTournament
from fairpair.pairing.errors import NoValidPairing, PairingInputError
from fairpair.pairing.team_swiss import (
    baku_virtual_points,
    pair_team_swiss,
    team_states,
    team_swiss_brackets,
)
from tests.team_builders import team_event


def pairs(event: TeamTournament) -> set[frozenset[int]]:
    pairing = pair_team_swiss(event)
    return {frozenset((g.white, g.black)) for g in pairing.boards}


def test_c2_bars_a_forfeit_winner_but_not_a_forfeit_loser() -> None:
    """2.1.2: a won unplayed match bars the PAB; the lost one does not."""
    event = team_event(
        5,
        [[(1, 2, 1.0)]],
        total_rounds=5,
        forfeits=[(1, 3, 4, MatchForfeit.FIRST_WINS)],
        byes=[[(5, ByeKind.HALF_POINT)]],
    )
    states = team_states(event)
    assert states[3].pab_barred
    assert not states[4].pab_barred
    assert not states[5].pab_barred  # a half-point bye does not bar it
    # 3.4.2: lowest score first; 4 (0 MP, lost by forfeit) gets it.
    assert pair_team_swiss(event).bye == 4


def test_a_forfeited_match_is_not_a_meeting() -> None:
    """2.1.1 with GHR 3.5: teams whose match was not played may be paired again."""
    event = team_event(2, [[]], total_rounds=3, forfeits=[(1, 1, 2, MatchForfeit.SECOND_WINS)])
    assert pairs(event) == {frozenset((1, 2))}


def test_a_played_match_is_never_repeated() -> None:
    event = team_event(2, [[(1, 2, 1.0)]], total_rounds=3)
    with pytest.raises(NoValidPairing):
        pair_team_swiss(event)


def test_forbidden_pairs_are_kept_apart() -> None:
    """C1 also covers the director's prohibited pairs (TRF 260)."""
    event = team_event(4, [], total_rounds=3)
    assert frozenset((1, 3)) in pairs(event)
    kept = dataclasses.replace(event, forbidden=(ForbiddenPairs((1, 3)),))
    assert frozenset((1, 3)) not in pairs(kept)


def test_announced_absence_is_not_paired_and_gets_no_pab() -> None:
    """GHR 3.3 and spec §4.2: an absent team is not to be paired."""
    event = team_event(5, [], total_rounds=3, absent_next=[5])
    pairing = pair_team_swiss(event)
    assert pairing.bye is None
    assert 5 not in {t for g in pairing.boards for t in (g.white, g.black)}


def test_c7_applies_before_the_last_two_rounds_only() -> None:
    """§6: C7 (and C10) are off when r >= R - 1. Example C's round 3 with R = 4: the first
    legal set {1} is taken although 1 floated."""
    rounds = [
        [(1, 4, 0.0), (5, 2, 0.5), (3, 6, 2.0)],
        [(4, 2, 0.0), (1, 3, 1.5), (6, 5, 2.0)],
    ]
    _, early = team_swiss_brackets(team_event(6, rounds, total_rounds=6))
    _, late = team_swiss_brackets(team_event(6, rounds, total_rounds=4))
    assert early[0].upfloaters == (6,)
    assert late[0].upfloaters == (1,)


def test_no_initial_colour_and_nothing_to_infer_it_from() -> None:
    event = dataclasses.replace(team_event(4, [], total_rounds=3), initial_colour=None)
    with pytest.raises(PairingInputError, match="152"):
        pair_team_swiss(event)


def test_the_number_of_rounds_is_required() -> None:
    event = dataclasses.replace(team_event(4, [], total_rounds=3), total_rounds=None)
    with pytest.raises(PairingInputError, match="142"):
        pair_team_swiss(event)


def test_baku_for_teams_follows_the_c047_team_example() -> None:
    """C.04.7's team example (spec §7): 11 rounds, TW = 2: Group A carries 2 virtual MP in
    rounds 1-3 and 1 in rounds 4-6; Group A = the first 2·⌈N/4⌉ = 6 of 10 teams."""
    event = dataclasses.replace(
        team_event(10, [], total_rounds=11), system="FIDE_TEAM_TYPEA_MP_GP_BAKU"
    )
    assert [baku_virtual_points(event, 1, r) for r in range(1, 8)] == [20, 20, 20, 10, 10, 10, 0]
    assert baku_virtual_points(event, 6, 1) == 20
    assert baku_virtual_points(event, 7, 1) == 0
    # Round 1: Group A {1..6} and Group B {7..10} are paired apart.
    assert pairs(event) == {frozenset(p) for p in [(1, 4), (2, 5), (3, 6), (7, 9), (8, 10)]}


def test_250_records_override_the_baku_code() -> None:
    event = dataclasses.replace(
        team_event(4, [], total_rounds=4),
        system="FIDE_TEAM_BAKU",
        accelerations=(TeamAcceleration(4, 1, 20),),
    )
    assert team_states(event)[4].score == 20
    assert team_states(event)[1].score == 0
