"""The director's controls of a team event's pairing (issue #15: "the same pairing interface and
controls as individual systems"): forbidden pairs of teams, fixed matches, requested team byes
and withdrawn teams, in the team Swiss (C.04.6) and, where they apply, the team round robin."""

from __future__ import annotations

import dataclasses

import pytest

from fairpair.core import ByeKind, ForbiddenPairs, RequestedBye
from fairpair.core.teams import FixedMatch, TeamTournament
from fairpair.pairing.errors import NoValidPairing, PairingInputError
from fairpair.pairing.team_controls import blocking_controls, with_fixed_matches
from fairpair.pairing.team_round_robin import pair_team_round_robin
from fairpair.pairing.team_swiss import pair_team_swiss
from tests.team_builders import team_event


def placed(pairing_boards: object) -> list[int]:
    return [t for g in pairing_boards for t in (g.white, g.black)]  # type: ignore[attr-defined]


def pairs(event: TeamTournament) -> set[frozenset[int]]:
    return {frozenset((g.white, g.black)) for g in pair_team_swiss(event).boards}


# --- forbidden pairs ---------------------------------------------------------------------------


def test_a_forbidden_pair_holds_only_in_its_rounds() -> None:
    """C1 with the director's prohibited pairs (TRF 260: first and last round)."""
    event = team_event(4, [], total_rounds=5)
    assert frozenset((1, 3)) in pairs(event)
    later = dataclasses.replace(event, forbidden=(ForbiddenPairs((1, 3), 2, 4),))
    assert frozenset((1, 3)) in pairs(later)  # round 1 is before the rule
    now = dataclasses.replace(event, forbidden=(ForbiddenPairs((1, 3), 1, 1),))
    assert frozenset((1, 3)) not in pairs(now)


def test_a_forbidden_group_keeps_every_two_of_its_teams_apart() -> None:
    event = team_event(6, [], total_rounds=5)
    kept = dataclasses.replace(event, forbidden=(ForbiddenPairs((1, 2, 4)),))
    found = pairs(kept)
    assert not found & {frozenset((1, 2)), frozenset((1, 4)), frozenset((2, 4))}
    assert len(found) == 3


def test_forbidden_pairs_that_leave_no_pairing_are_named() -> None:
    """Two teams left and kept apart: no pairing; the refusal names them."""
    event = dataclasses.replace(
        team_event(2, [], total_rounds=3), forbidden=(ForbiddenPairs((1, 2)),)
    )
    with pytest.raises(NoValidPairing):
        pair_team_swiss(event)
    why = blocking_controls(pair_team_swiss, event)
    assert why == "without the forbidden pair(s) 1 Team01 - 2 Team02 the round could be paired"


def test_no_control_is_blamed_when_the_round_cannot_be_paired_anyway() -> None:
    event = team_event(2, [[(1, 2, 1.0)]], total_rounds=3)  # they have met (C1)
    event = dataclasses.replace(event, forbidden=(ForbiddenPairs((1, 2)),))
    assert blocking_controls(pair_team_swiss, event) is None


# --- fixed matches -----------------------------------------------------------------------------


def test_a_fixed_match_comes_first_and_the_engine_pairs_the_others() -> None:
    event = team_event(5, [], total_rounds=5)
    pairing = with_fixed_matches(pair_team_swiss, [(4, 1)])(event)
    first = pairing.boards[0]
    assert (first.white, first.black) == (4, 1)  # the director's White team stays White
    absent = (RequestedBye(1, 1, ByeKind.ABSENT), RequestedBye(1, 4, ByeKind.ABSENT))
    rest = dataclasses.replace(event, requested_byes=absent)
    engine = pair_team_swiss(rest)
    assert pairing.boards[1:] == engine.boards
    assert pairing.bye == engine.bye
    assert sorted([*placed(pairing.boards), pairing.bye]) == [1, 2, 3, 4, 5]
    # The engine's notes follow its boards, shifted by the fixed match.
    assert all(note.board >= 2 for note in pairing.notes)


def test_a_fixed_rematch_stands_with_a_warning() -> None:
    event = team_event(4, [[(1, 2, 1.0), (3, 4, 1.0)]], total_rounds=5)
    event = dataclasses.replace(event, forbidden=(ForbiddenPairs((3, 4)),))
    pairing = with_fixed_matches(pair_team_swiss, [(2, 1), (3, 4)])(event)
    assert [(g.white, g.black) for g in pairing.boards] == [(2, 1), (3, 4)]
    texts = [note.text for note in pairing.notes]
    assert texts[0] == "2 Team02 - 1 Team01: fixed by the director: the teams have already met (C1)"
    assert "the teams have already met; a forbidden pair in round 2" in texts[1]


@pytest.mark.parametrize(
    ("fixed", "changes", "message"),
    [
        ([(1, 2), (2, 3)], {}, "fixed match 2 Team02 - 3 Team03: team 2 Team02 is in another"),
        ([(1, 9)], {}, "fixed match 1 Team01 - 9: no team has pairing number 9"),
        ([(1, 3)], {"withdrawals": ((3, 1),)}, "team 3 Team03 has withdrawn"),
        (
            [(1, 3)],
            {"requested_byes": (RequestedBye(1, 1, ByeKind.HALF_POINT),)},
            "team 1 Team01 has a bye in round 1",
        ),
    ],
)
def test_a_fixed_match_that_cannot_be_placed_is_refused_naming_the_team(
    fixed: list[tuple[int, int]], changes: dict[str, object], message: str
) -> None:
    event = dataclasses.replace(team_event(4, [], total_rounds=5), **changes)  # type: ignore[arg-type]
    with pytest.raises(PairingInputError, match=message):
        with_fixed_matches(pair_team_swiss, fixed)(event)


def test_the_others_unpairable_around_a_fixed_match_names_it() -> None:
    """Round 2 of four teams after 1-2 and 3-4: fixing 1-3 leaves 2-4, who may meet; fixing
    1-4 leaves 2-3; but with 2-3 forbidden, fixing 1-4 leaves nothing legal."""
    event = team_event(4, [[(1, 2, 1.0), (3, 4, 1.0)]], total_rounds=5)
    event = dataclasses.replace(event, forbidden=(ForbiddenPairs((2, 3)),))
    with pytest.raises(NoValidPairing, match="around the fixed match\\(es\\) 1 Team01 - 4 Team04"):
        with_fixed_matches(pair_team_swiss, [(1, 4)])(event)
    # The event's own fixed match is what blocks it: the refusal says so, teams by name.
    fixed = dataclasses.replace(event, fixed=(FixedMatch(2, 1, 4),))
    assert blocking_controls(pair_team_swiss, fixed) == (
        "without the forbidden pair(s) 2 Team02 - 3 Team03 and the fixed match(es) 1 Team01 - "
        "4 Team04 the round could be paired"
    )


def test_a_round_robin_takes_no_fixed_match() -> None:
    event = team_event(4, [], total_rounds=3)
    with pytest.raises(PairingInputError, match="by its schedule"):
        with_fixed_matches(pair_team_round_robin, [(1, 2)])(event)


# --- requested byes and withdrawals --------------------------------------------------------------


@pytest.mark.parametrize("kind", [ByeKind.FULL_POINT, ByeKind.HALF_POINT, ByeKind.ZERO_POINT])
def test_a_team_with_a_requested_bye_is_not_paired_and_gets_no_pab(kind: ByeKind) -> None:
    """GHR 3.3, spec §1.7: a requested bye takes the team out of the round."""
    event = dataclasses.replace(
        team_event(5, [], total_rounds=5), requested_byes=(RequestedBye(1, 2, kind),)
    )
    pairing = pair_team_swiss(event)
    assert pairing.bye is None  # four teams left: no PAB
    assert sorted(placed(pairing.boards)) == [1, 3, 4, 5]


def test_a_withdrawn_team_is_not_paired_by_the_swiss() -> None:
    """GHR 3.2: a withdrawn team is not paired any more; the PAB goes to another."""
    event = team_event(4, [[(1, 2, 1.0), (3, 4, 1.0)]], total_rounds=5)
    gone = dataclasses.replace(event, withdrawals=((4, 2),))
    pairing = pair_team_swiss(gone)
    assert 4 not in placed(pairing.boards) and pairing.bye not in (None, 4)
    earlier = dataclasses.replace(event, withdrawals=((4, 3),))  # from round 3: still paired
    assert 4 in placed(pair_team_swiss(earlier).boards)


def test_the_round_robin_keeps_its_schedule_for_withdrawn_teams() -> None:
    """Spec §9: the Berger table is fixed in advance; a withdrawn team keeps its place (its
    scheduled matches are forfeits the service records, see the service tests)."""
    event = team_event(4, [], total_rounds=3)
    gone = dataclasses.replace(event, withdrawals=((2, 1),))
    assert pair_team_round_robin(gone).boards == pair_team_round_robin(event).boards
