"""Title norms: examples derived by hand from FIDE B.01 (Title Regulations) and table 8.1a of
the rating regulations, each derivation written out beside the example.

Table 8.1a facts used (p -> dp): 0.50 -> 0, 0.56 -> 43, 0.67 -> 125, 0.72 -> 166,
0.78 -> 220, 0.83 -> 273.
"""

from __future__ import annotations

from fractions import Fraction

from fairpair.core import Bye, ByeKind, Game, GameResult, Player, Round, Tournament
from fairpair.standings.norms import (
    Norm,
    NormStatus,
    check_norm,
    norm_average,
    norms_to_seek,
    required_score,
    swiss_exempt,
)

HOPEFUL = Player(1, "Hopeful", 2450, federation="IND")
# The opponents of the examples: (title, rating, federation)
FIELD = [
    ("GM", 2550, "USA"),
    ("GM", 2500, "GER"),
    ("GM", 2480, "FRA"),
    ("IM", 2450, "IND"),
    ("IM", 2420, "ENG"),
    ("FM", 2350, "IND"),
    ("", 2300, "ESP"),
    ("", 2250, "IND"),
    ("", 2100, "NED"),
]


def _event(
    field: list[tuple[str, int | None, str]],
    results: list[GameResult],
    total: int = 9,
    byes: tuple[int, ...] = (),
) -> Tournament:
    """Player 1 meets players 2, 3, ... in rounds 1, 2, ... (White, ``results`` from White's
    side); a round in ``byes`` is a pairing-allocated bye for player 1 instead."""
    players = [HOPEFUL] + [
        Player(i + 2, f"Opponent {i + 2}", rating, title=title, federation=fed)
        for i, (title, rating, fed) in enumerate(field)
    ]
    rounds = []
    opponent = 2
    for number in range(1, len(results) + len(byes) + 1):
        if number in byes:
            rounds.append(Round(number, byes=(Bye(1, ByeKind.PAIRING_ALLOCATED),)))
            continue
        result = results[opponent - 2]
        rounds.append(Round(number, games=(Game(1, opponent, result),)))
        opponent += 1
    return Tournament(tuple(players), tuple(rounds), total_rounds=total)


W, D, L = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS


def test_norm_table_gm_nine_games() -> None:
    # 1.48 with 9 games: 7 points is 77.8 %, rounded 78 %, dp 220; 2380 + 220 = 2600.
    assert required_score(2380, 9, Norm.GM) == 7
    # 2379 + 220 = 2599 < 2600, so 7.5 (83.3 % -> 83 %, dp 273).
    assert required_score(2379, 9, Norm.GM) == Fraction(15, 2)
    # Against 2600 a 50 % score (dp 0) is enough: 4.5; against 2599, 5 (55.6 % -> 56 %, 43).
    assert required_score(2600, 9, Norm.GM) == Fraction(9, 2)
    assert required_score(2599, 9, Norm.GM) == 5
    # IM: 2230 + 220 = 2450.
    assert required_score(2230, 9, Norm.IM) == 7
    # Not even 9/9 (dp 800) reaches 2600 from 1700: 1700 + 800 = 2500.
    assert required_score(1700, 9, Norm.GM) is None


def test_floor_raises_only_the_lowest_opponent() -> None:
    # 1.46: the lowest (2100) is raised to the GM floor 2200, the next (2150) is not:
    # (2500 * 7 + 2150 + 2200) / 9 = 21850 / 9 = 2427.8 -> 2428.
    assert norm_average([2500] * 7 + [2150, 2100], Norm.GM) == 2428
    # An unrated opponent counts 1400 (1.45), then is the lowest and goes to the floor:
    # (2450 * 8 + 2200) / 9 = 21800 / 9 = 2422.2 -> 2422.
    assert norm_average([2450] * 8 + [None], Norm.GM) == 2422
    # WIM floor 1850: (2100 * 8 + 1850) / 9 = 18650 / 9 = 2072.2 -> 2072.
    assert norm_average([2100] * 8 + [1700], Norm.WIM) == 2072


def test_gm_norm_met_with_seven_of_nine() -> None:
    # 9 games; titled: 3 GM + 2 IM + 1 FM = 6 >= 5 (half of 9, rounded up); GMs 3 >= 3.
    # Federations other than IND: USA, GER, FRA, ENG, ESP, NED (6 >= 2); from IND 3 <= 5
    # (3/5 of 9 = 5.4); the most from one federation is 3 <= 6 (2/3 of 9).
    # Ratings, the lowest 2100 raised to 2200: 21500 / 9 = 2388.9 -> 2389 >= 2380.
    # 7 points (W W W W W W W L L): 78 %, dp 220: 2389 + 220 = 2609 >= 2600.
    check = check_norm(_event(FIELD, [W] * 7 + [L, L]), 1, Norm.GM)
    assert check.average == 2389
    assert check.performance == 2609
    assert check.status is NormStatus.MET
    assert all(c.met for c in check.conditions)


def test_gm_norm_missed_with_six_and_a_half() -> None:
    # The same opponents, 6.5 points: 72 %, dp 166: 2389 + 166 = 2555 < 2600; no round left.
    check = check_norm(_event(FIELD, [W] * 6 + [D, L, L]), 1, Norm.GM)
    assert check.performance == 2555
    assert check.status is NormStatus.OUT_OF_REACH


def test_needs_one_and_a_half_from_the_last_two_rounds() -> None:
    # After 7 of 9 rounds, 5 points against the first seven opponents:
    # 2550 + 2500 + 2480 + 2450 + 2420 + 2350 + 2300 = 17050; / 7 = 2435.7 -> 2436 (the lowest,
    # 2300, is above the floor). Over 9 games against 2436: 6 points is 67 %, dp 125, 2561;
    # 6.5 is 72 %, dp 166, 2602: 6.5 - 5 = 1.5 from the last 2 rounds.
    check = check_norm(_event(FIELD[:7], [W, W, W, W, L, W, L]), 1, Norm.GM)
    assert check.average == 2436
    assert check.status is NormStatus.POSSIBLE
    assert "needs 1.5 from the last 2 round(s) against opponents averaging 2436" in check.missing


def test_needs_one_more_gm_opponent() -> None:
    # The third GM is an IM instead: 2 GMs after 7 rounds, 3 are needed (a third of 9).
    field = [FIELD[0], FIELD[1], ("IM", 2480, "FRA"), *FIELD[3:7]]
    check = check_norm(_event(field, [W] * 7), 1, Norm.GM)
    assert "needs 1 more GM opponent" in check.missing
    assert check.status is NormStatus.POSSIBLE


def test_federations_all_from_home() -> None:
    # Nine opponents all from IND: no other federation (2 needed), 9 from IND > 5, 9 > 6.
    field = [(title, rating, "IND") for title, rating, _ in FIELD]
    check = check_norm(_event(field, [W] * 9), 1, Norm.GM)
    failed = {c.rule for c in check.conditions if not c.met}
    assert failed == {"1.42"}
    assert check.status is NormStatus.OUT_OF_REACH


def test_eight_games_and_a_pairing_bye_count_as_nine() -> None:
    # 1.41: eight games played plus an unrequested bye meet the number of games.
    check = check_norm(_event(FIELD[:8], [W] * 8, byes=(5,)), 1, Norm.GM)
    assert next(c for c in check.conditions if c.rule == "1.41").met
    # Without the bye, eight games are not enough.
    check = check_norm(_event(FIELD[:8], [W] * 8, total=8), 1, Norm.GM)
    assert not next(c for c in check.conditions if c.rule == "1.41").met


def test_two_unrated_opponents_are_too_many() -> None:
    # 1.45: at most a fifth of 9 (1) unrated.
    field = [*FIELD[:7], ("", None, "ESP"), ("", None, "NED")]
    check = check_norm(_event(field, [W] * 9), 1, Norm.GM)
    assert not next(c for c in check.conditions if c.rule == "1.45").met


def test_strong_swiss_is_exempt_from_federations() -> None:
    # 20 rated players from 3 federations, 10 of them GM/IM/WGM/WIM: exempt (1.43).
    players = [
        Player(i, f"P{i}", 2400, title="GM" if i <= 10 else "", federation=("A", "B", "C")[i % 3])
        for i in range(1, 21)
    ]
    assert swiss_exempt(Tournament(tuple(players)))
    assert not swiss_exempt(Tournament(tuple(players[:19])))


def test_norms_a_player_may_seek() -> None:
    assert norms_to_seek(Player(1, "a", title="FM")) == (Norm.GM, Norm.IM)
    assert norms_to_seek(Player(1, "a", title="IM")) == (Norm.GM,)
    assert norms_to_seek(Player(1, "a", title="GM")) == ()
    assert norms_to_seek(Player(1, "a", sex="w")) == (Norm.GM, Norm.IM, Norm.WGM, Norm.WIM)
    assert norms_to_seek(Player(1, "a", title="WIM", sex="w")) == (Norm.GM, Norm.IM, Norm.WGM)


def test_wim_norm_counts_wgm_and_wim_opponents() -> None:
    # WIM norm: titled opponents of WIM or above (GM, IM, WGM, WIM) count for the third.
    # Opponents WGM 2300, WIM 2250, WIM 2200, WFM x3 2150, 2100 x3 from ENG/GER/FRA;
    # 3 of them WGM/WIM (>= 3); titled 6 >= 5.
    # Average: 2300 + 2250 + 2200 + 3 * 2150 + 3 * 2100 = 19500 / 9 = 2166.7 -> 2167 >= 2030.
    # 6 points: 67 %, dp 125: 2292 >= 2250.
    woman = Player(1, "Hopeful", 2150, federation="IND", sex="w")
    field: list[tuple[str, int | None, str]] = [
        ("WGM", 2300, "ENG"),
        ("WIM", 2250, "GER"),
        ("WIM", 2200, "FRA"),
        ("WFM", 2150, "ENG"),
        ("WFM", 2150, "GER"),
        ("WFM", 2150, "FRA"),
        ("", 2100, "ENG"),
        ("", 2100, "GER"),
        ("", 2100, "FRA"),
    ]
    t = _event(field, [W] * 6 + [L] * 3)
    t = t.replace(players=(woman, *t.players[1:]))
    check = check_norm(t, 1, Norm.WIM)
    assert (check.average, check.performance) == (2167, 2292)
    assert check.status is NormStatus.MET
