"""Invariants of the team Swiss (C.04.6) on random team events."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.core import Pairing
from fairpair.core.teams import TeamOutcome, TeamTournament, team_entries
from fairpair.pairing.errors import NoValidPairing
from fairpair.pairing.team_round_robin import team_berger_round
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


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 24), st.integers(1, 3))
def test_team_round_robin_every_pair_meets_once_per_cycle(teams: int, cycles: int) -> None:
    """§9: each pair of teams meets once per cycle, nobody twice in a round, the colours of a
    pair reversed from one cycle to the next."""
    size = teams + teams % 2
    met: dict[frozenset[int], list[tuple[int, int]]] = {}
    for number in range(1, (size - 1) * cycles + 1):
        pairing = team_berger_round(teams, number, cycles)
        placed = [t for g in pairing.boards for t in (g.white, g.black)]
        if pairing.bye is not None:
            placed.append(pairing.bye)
        assert sorted(placed) == list(range(1, teams + 1))
        for g in pairing.boards:
            met.setdefault(frozenset((g.white, g.black)), []).append((g.white, g.black))
    assert len(met) == teams * (teams - 1) // 2
    for games in met.values():
        assert len(games) == cycles
        for earlier, later in itertools.pairwise(games):
            assert later == earlier[::-1]


@settings(max_examples=150, deadline=None)
@given(st.data(), team_tournaments())
def test_a_fixed_match_is_kept_and_the_others_are_paired_by_the_rules(
    data: st.DataObject, t: TeamTournament
) -> None:
    """with_fixed_matches: the fixed match first, as fixed; every other team to pair placed
    once, by the engine's rules (no rematch, no forbidden pair, at most one PAB)."""
    from fairpair.pairing.team_controls import with_fixed_matches

    teams = list(t.to_pair())
    if len(teams) < 2:
        return
    first, second = data.draw(st.permutations(teams))[:2]
    try:
        pairing = with_fixed_matches(pair_team_swiss, [(first, second)])(t)
    except NoValidPairing:
        return
    assert (pairing.boards[0].white, pairing.boards[0].black) == (first, second)
    placed = [team for g in pairing.boards for team in (g.white, g.black)]
    if pairing.bye is not None:
        placed.append(pairing.bye)
    assert sorted(placed) == sorted(teams)
    assert (pairing.bye is not None) == (len(teams) % 2 == 1)
    met = {
        frozenset((tpn, e.opponent))
        for tpn, rows in team_entries(t).items()
        for e in rows
        if e.played and e.opponent is not None
    }
    forbidden = t.forbidden_pairs(t.next_round)
    for game in pairing.boards[1:]:
        pair = frozenset((game.white, game.black))
        assert pair not in met and pair not in forbidden
