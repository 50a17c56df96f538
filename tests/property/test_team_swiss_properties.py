"""Invariants of the team Swiss (C.04.6) on random team events."""

from __future__ import annotations

from hypothesis import given, settings

from fairpair.core import Pairing
from fairpair.core.teams import TeamOutcome, TeamTournament, team_entries
from fairpair.pairing.errors import NoValidPairing
from fairpair.pairing.team_swiss import pair_team_swiss, team_states, team_swiss_brackets
from tests.strategies import team_tournaments


def _pair(t: TeamTournament) -> Pairing | None:
    try:
        return pair_team_swiss(t)
    except NoValidPairing:
        return None


@settings(max_examples=150, deadline=None)
@given(team_tournaments())
def test_every_team_to_pair_is_placed_once_with_no_rematch(t: TeamTournament) -> None:
    pairing = _pair(t)
    if pairing is None:
        return
    placed = [team for g in pairing.boards for team in (g.white, g.black)]
    if pairing.bye is not None:
        placed.append(pairing.bye)
    assert sorted(placed) == sorted(t.to_pair())  # nobody twice, nobody absent paired
    assert (pairing.bye is not None) == (len(t.to_pair()) % 2 == 1)  # at most one PAB
    entries = team_entries(t)
    met = {
        frozenset((tpn, e.opponent))
        for tpn, rows in entries.items()
        for e in rows
        if e.played and e.opponent is not None
    }
    forbidden = t.forbidden_pairs(t.next_round)
    for game in pairing.boards:
        pair = frozenset((game.white, game.black))
        assert pair not in met  # C1: played matches are never repeated (GHR 3.5 allows forfeits)
        assert pair not in forbidden


@settings(max_examples=150, deadline=None)
@given(team_tournaments())
def test_the_pab_never_goes_to_a_team_barred_by_c2(t: TeamTournament) -> None:
    pairing = _pair(t)
    if pairing is None or pairing.bye is None:
        return
    barred = (TeamOutcome.PAIRING_BYE, TeamOutcome.FULL_BYE, TeamOutcome.FORFEIT_WIN)
    assert all(e.outcome not in barred for e in team_entries(t)[pairing.bye])


@settings(max_examples=150, deadline=None)
@given(team_tournaments())
def test_brackets_take_upfloaters_and_never_send_a_resident_down(t: TeamTournament) -> None:
    """3.2, 3.5.1: each bracket is the whole top scoregroup of the teams left plus upfloaters
    from below; no team is paired in a bracket below its own score."""
    try:
        pab, brackets = team_swiss_brackets(t)
    except NoValidPairing:
        return
    states = team_states(t)
    left = {tpn for tpn in t.to_pair() if tpn != pab}
    for bracket in brackets:
        top = max(states[tpn].score for tpn in left)
        assert bracket.score == top
        assert set(bracket.residents) == {tpn for tpn in left if states[tpn].score == top}
        assert all(states[u].score < top for u in bracket.upfloaters)
        members = {tpn for pair in bracket.pairs for tpn in pair}
        assert members == set(bracket.residents) | set(bracket.upfloaters)
        left -= members
    assert not left
