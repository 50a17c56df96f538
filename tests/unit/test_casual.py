"""Casual Swiss (swiss-casual.md): hand-made cases for each rule."""

from __future__ import annotations

import random

import pytest

from fairpair.core import (
    MATCH_POINTS,
    Bye,
    ByeKind,
    ForbiddenPairs,
    Game,
    GameResult,
    Pairing,
    Player,
    RequestedBye,
    Round,
    Tournament,
    scores,
)
from fairpair.pairing.casual import (
    CasualOptions,
    GroupStyle,
    NoValidPairing,
    TieOrder,
    pair_casual,
    rematch_count,
)

BY_SEED = CasualOptions(tie_order=TieOrder.SEED)
W, D, L = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS


def _event(n: int, *rounds: Round, clubs: str = "", **kw: object) -> Tournament:
    players = tuple(Player(i, f"P{i}", club=clubs[i - 1] if clubs else "") for i in range(1, n + 1))
    return Tournament(players=players, rounds=rounds, points=MATCH_POINTS, **kw)  # type: ignore[arg-type]


def _round(number: int, *games: tuple[int, int, GameResult], byes: tuple[Bye, ...] = ()) -> Round:
    return Round(number, tuple(Game(a, b, r, coloured=False) for a, b, r in games), byes)


def _pairs(pairing: Pairing) -> list[tuple[int, int]]:
    return [(g.white, g.black) for g in pairing.boards]


def _pair(t: Tournament, options: CasualOptions = BY_SEED) -> Pairing:
    return pair_casual(t, options, random.Random(0))


def test_round_one_by_seed_adjacent_and_fold() -> None:
    t = _event(8)
    assert _pairs(_pair(t)) == [(1, 2), (3, 4), (5, 6), (7, 8)]
    fold = CasualOptions(tie_order=TieOrder.SEED, style=GroupStyle.FOLD)
    assert _pairs(_pair(t, fold)) == [(1, 5), (2, 6), (3, 7), (4, 8)]


def test_round_one_random_depends_only_on_the_seed() -> None:
    t = _event(16)
    first = pair_casual(t, CasualOptions(seed=7), random.Random(1))
    again = pair_casual(t, CasualOptions(seed=7), random.Random(99))
    other = pair_casual(t, CasualOptions(seed=8), random.Random(1))
    assert first == again
    assert _pairs(first) != _pairs(other)
    # Without a seed in the options, the injected generator supplies it.
    assert pair_casual(t, CasualOptions(), random.Random(3)) == pair_casual(
        t, CasualOptions(), random.Random(3)
    )


def test_random_tie_order_is_reshuffled_every_round() -> None:
    t = _event(32)
    p1 = pair_casual(t, CasualOptions(seed=1), random.Random(0))
    games = tuple(Game(g.white, g.black, D, coloured=False) for g in p1.boards)
    t2 = t.with_round(Round(1, games))  # all drawn: one point group again
    p2 = pair_casual(t2, CasualOptions(seed=1), random.Random(0))
    assert rematch_count(t2, p2) == 0
    assert _pairs(p2) != _pairs(p1)


def test_match_points_three_one_zero_make_the_groups() -> None:
    # 1 and 3 won (3 points), 5 and 6 drew (1 point each), 2 and 4 lost (0).
    t = _event(6, _round(1, (1, 2, W), (3, 4, W), (5, 6, D)))
    assert scores(t) == {1: 30, 2: 0, 3: 30, 4: 0, 5: 10, 6: 10}
    pairs = {frozenset(p) for p in _pairs(_pair(t))}
    # 5 and 6 drew together, so both float down (one float each beats a rematch); the higher
    # of them meets the top of the 0-point group.
    assert pairs == {frozenset((1, 3)), frozenset((5, 2)), frozenset((6, 4))}


def test_rematch_avoided_where_greedy_fails() -> None:
    # All drawn so everybody has 2 points; greedy (each takes the next he has not met) gives
    # 1-3, 2-5 and leaves 4-6, a rematch. Of the rematch-free pairings the closest in the
    # standings (Σ distance², rule 6) is 1-4, 2-3, 5-6.
    t = _event(
        6,
        _round(1, (1, 2, D), (3, 5, D), (4, 6, D)),
        _round(2, (2, 4, D), (1, 5, D), (3, 6, D)),
    )
    pairing = _pair(t)
    assert rematch_count(t, pairing) == 0
    assert {frozenset(p) for p in _pairs(pairing)} == {
        frozenset((1, 4)),
        frozenset((2, 3)),
        frozenset((5, 6)),
    }


def test_unavoidable_rematch_is_minimal_and_noted() -> None:
    # Four players after three rounds: everyone has met everyone, one rematch per board.
    t = _event(
        4,
        _round(1, (1, 2, D), (3, 4, D)),
        _round(2, (1, 3, D), (2, 4, D)),
        _round(3, (1, 4, D), (2, 3, D)),
    )
    pairing = _pair(t)
    assert rematch_count(t, pairing) == 2
    assert [n.board for n in pairing.notes] == [1, 2]
    assert "rematch" in pairing.notes[0].text


def test_bye_goes_to_the_lowest_and_never_twice_while_someone_is_eligible() -> None:
    t = _event(5)
    p1 = _pair(t)
    assert p1.bye == 5
    t = t.with_round(p1.to_round(t))
    assert scores(t)[5] == 30  # the pairing bye is worth a match win
    # Now 5 has had the bye; he is still lowest on tie order among equals only if he lost.
    results = tuple(Game(g.white, g.black, W, coloured=False) for g in p1.boards)
    t = t.before_round(1).with_round(Round(1, results, (Bye(5, ByeKind.PAIRING_ALLOCATED),)))
    p2 = _pair(t)
    assert p2.bye is not None and p2.bye != 5
    assert p2.bye == 4  # the lowest-ranked loser by seed
    games = tuple(Game(g.white, g.black, W, coloured=False) for g in p2.boards)
    t = t.with_round(Round(2, games, (Bye(4, ByeKind.PAIRING_ALLOCATED),)))
    p3 = _pair(t)
    assert p3.bye not in (4, 5)


def test_bye_moves_up_when_the_lowest_would_force_a_rematch() -> None:
    # Three players: 1-2 met. If 3 (lowest) took the bye, 1-2 would be a rematch.
    t = _event(3, _round(1, (1, 2, D), byes=(Bye(3, ByeKind.ZERO_POINT),)))
    pairing = _pair(t)
    assert rematch_count(t, pairing) == 0
    assert pairing.bye in (1, 2)
    assert pairing.bye == 2  # of the two who avoid the rematch, the lower one


def test_forbidden_pairs_by_club_and_by_pair() -> None:
    t = _event(4, clubs="AABB")
    clubs = CasualOptions(tie_order=TieOrder.SEED, separate_by_club=True)
    assert {frozenset(p) for p in _pairs(_pair(t, clubs))} == {
        frozenset((1, 3)),
        frozenset((2, 4)),
    }
    explicit = CasualOptions(tie_order=TieOrder.SEED, forbidden_pairs=((1, 2), (3, 4)))
    assert all(frozenset(p) not in ({1, 2}, {3, 4}) for p in _pairs(_pair(t, explicit)))
    snapshot = t.replace(forbidden=(ForbiddenPairs((1, 2)),))
    assert _pairs(_pair(snapshot)) == [(1, 3), (2, 4)]
    later = t.replace(forbidden=(ForbiddenPairs((1, 2), first_round=2),))
    assert _pairs(_pair(later)) == [(1, 2), (3, 4)]
    with pytest.raises(NoValidPairing):
        _pair(t.replace(forbidden=(ForbiddenPairs((1, 2, 3)),)))
    with pytest.raises(NoValidPairing):
        _pair(_event(4, clubs="AAAB"), clubs)


def test_fixed_boards_are_paired_as_given_with_a_warning() -> None:
    t = _event(6, _round(1, (1, 2, D), (3, 4, D), (5, 6, D)))
    options = CasualOptions(tie_order=TieOrder.SEED, fixed_boards=((2, 1),))
    pairing = _pair(t, options)
    assert _pairs(pairing)[0] == (2, 1)
    assert len(pairing.notes) == 1 and pairing.notes[0].board == 1
    assert "fixed board is a rematch" in pairing.notes[0].text
    assert rematch_count(t, pairing) == 1
    with pytest.raises(ValueError):
        _pair(t, CasualOptions(fixed_boards=((1, 2), (2, 3))))
    # A fixed board of two club mates, clubs separated: paired as given, with a warning.
    clubs = _event(6, clubs="AABBCC")
    options = CasualOptions(tie_order=TieOrder.SEED, separate_by_club=True, fixed_boards=((3, 4),))
    pairing = _pair(clubs, options)
    assert _pairs(pairing) == [(3, 4), (1, 5), (2, 6)]
    assert [(n.board, n.text) for n in pairing.notes] == [(1, "fixed board is a forbidden pair")]


def test_requested_byes_withdrawals_and_late_entries() -> None:
    t = _event(6, _round(1, (1, 2, W), (3, 4, W), (5, 6, W)))
    t = t.replace(
        requested_byes=(RequestedBye(2, 3, ByeKind.HALF_POINT),),
        withdrawals=((5, 2),),
        players=(*t.players, Player(7, "Late"), Player(8, "Later")),
    )
    pairing = _pair(t)
    paired = {p for g in pairing.boards for p in (g.white, g.black)}
    assert paired | {pairing.bye} - {None} == {1, 2, 4, 6, 7, 8}
    assert 3 not in paired and 5 not in paired
    rnd = pairing.to_round(t)
    assert Bye(3, ByeKind.HALF_POINT) in rnd.byes
    assert rematch_count(t, pairing) == 0
    # Late entries have 0 points: they meet the round-one losers, not the winners.
    pairs = {frozenset(p) for p in _pairs(pairing)}
    assert frozenset((1, 7)) not in pairs and frozenset((1, 8)) not in pairs


def test_rating_tie_order() -> None:
    players = tuple(Player(i, f"P{i}", rating=r) for i, r in enumerate([1500, 2000, None, 1800], 1))
    t = Tournament(players=players, points=MATCH_POINTS)
    pairing = pair_casual(t, CasualOptions(tie_order=TieOrder.RATING), random.Random(0))
    assert _pairs(pairing) == [(2, 4), (1, 3)]


def test_colours_when_switched_on() -> None:
    t = _event(4)
    on = CasualOptions(tie_order=TieOrder.SEED, colours=True, seed=3)
    p1 = _pair(t, on)
    assert all(g.coloured for g in p1.boards)
    whites = {g.white for g in p1.boards}
    t = t.with_round(Round(1, tuple(Game(g.white, g.black, D) for g in p1.boards)))
    p2 = _pair(t, on)
    for game in p2.boards:
        if (game.white in whites) != (game.black in whites):
            assert game.white not in whites  # fewer whites gets white
    assert p2 == _pair(t, on)
    off = _pair(t)
    assert not any(g.coloured for g in off.boards)
