"""The FIDE rating change, examples derived by hand from the FIDE Rating Regulations
(effective 1 March 2024), each derivation beside its example.

Table 8.1b facts used (rating difference -> expected score of the higher-rated player):
0-3 -> 0.50, 69-76 -> 0.60, 184-193 -> 0.74, 392-411 -> 0.92, 736 and more -> 1.00.
Table 8.1a (p -> dp): 0.50 -> 0, 0.75 -> 193, 0.40 -> -72.
"""

from __future__ import annotations

from fractions import Fraction

from fairpair.core import Game, GameResult, Player, Round, Tournament
from fairpair.standings.rating import (
    TimeControl,
    capped_k,
    expected_score,
    initial_rating,
    k_factor,
    rating_report,
)

W, D, L = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS


def test_expected_score_and_the_400_point_rule() -> None:
    assert expected_score(2000, 2000) == Fraction(1, 2)
    assert expected_score(2075, 2000) == Fraction(60, 100)  # 75 lies in 69-76
    assert expected_score(2000, 2075) == Fraction(40, 100)
    # 8.3.1: a difference of 800 counts as 400 (0.92), not 1.00 as table 8.1b would give.
    assert expected_score(2800, 2000) == Fraction(92, 100)
    assert expected_score(2000, 2800) == Fraction(8, 100)


def test_k_factor_by_status() -> None:
    # 8.3.3: 40 for a junior (18 or younger that year) under 2300, 20 under 2400, 10 from
    # 2400, 20 in rapid and blitz, the director's K first.
    assert k_factor(Player(1, "a", 2250, birth_date="2008/05/01"), 2026)[0] == 40
    assert k_factor(Player(1, "a", 2250, birth_date="2007"), 2026)[0] == 20  # 19 in 2026
    assert k_factor(Player(1, "a", 2350, birth_date="2012"), 2026)[0] == 20  # not under 2300
    assert k_factor(Player(1, "a", 2399), 2026)[0] == 20
    assert k_factor(Player(1, "a", 2400), 2026)[0] == 10
    assert k_factor(Player(1, "a", 2600), 2026, TimeControl.BLITZ)[0] == 20
    assert k_factor(Player(1, "a", 2600, k_factor=40), 2026)[0] == 40


def test_the_700_cap() -> None:
    # 8.3.3: K 40 x 18 games = 720 > 700: K = 38 (38 x 18 = 684; 39 x 18 = 702).
    assert capped_k(40, 18) == 38
    assert capped_k(40, 17) == 40  # 680
    assert capped_k(20, 35) == 20  # exactly 700
    assert capped_k(20, 36) == 19  # 720 > 700: 19 x 36 = 684


def test_initial_rating_of_an_unrated_player() -> None:
    # 8.2: opponents 2000, 2000, 2000, 2000, 2000 and 3.5 points, plus two 1800 draws:
    # average (10000 + 3600) / 7 = 1942.9 -> 1943; score 4.5 / 7 = 64.3 % -> 64 %, dp 102
    # (table 8.1a, p = 0.64): 1943 + 102 = 2045.
    assert initial_rating([2000] * 5, Fraction(7, 2)) == 2045
    # At most 2200: 5/5 against 2400: (12000 + 3600) / 7 = 2228.6 -> 2229; 6 / 7 = 85.7 %
    # -> 86 %, dp 309: 2538, capped to 2200.
    assert initial_rating([2400] * 5, Fraction(5)) == 2200
    assert initial_rating([2000] * 5, Fraction(0)) is None  # a zero score is disregarded


def test_a_small_event() -> None:
    # Player 1 (2100) beats 2 (2000) and draws 3 (unrated): difference 100 -> 0.64
    # (table 8.1b: 92-98 -> 0.63, 99-106 -> 0.64); the unrated game does not count.
    # K 20: 20 x (1 - 0.64) = 7.2. Player 2: 20 x (0 - 0.36) = -7.2.
    players = (Player(1, "A", 2100), Player(2, "B", 2000), Player(3, "C", None))
    rounds = (Round(1, games=(Game(1, 2, W),)), Round(2, games=(Game(3, 1, D),)))
    lines = {line.player.id: line for line in rating_report(Tournament(players, rounds), 2026)}
    assert lines[1].change == Fraction(36, 5)
    assert lines[2].change == Fraction(-36, 5)
    assert [g.counted for g in lines[1].games] == [True, False]
    assert lines[1].games[1].note == "opponent unrated"
    assert lines[3].change is None and lines[3].k is None
    # Player 3's one game against a rated player: 0.5 of 1 against 2100 (+ two 1800 draws):
    # (2100 + 3600) / 3 = 1900; 1.5 / 3 = 50 %, dp 0: 1900; fewer than 5 games, so a note.
    assert lines[3].initial_rating == 1900
    assert "1 of the 5 games" in lines[3].initial_note
    # A forfeit is not a game: nothing counts.
    forfeit = (Round(1, games=(Game(1, 2, GameResult.WHITE_WINS_BY_FORFEIT),)),)
    lines = {line.player.id: line for line in rating_report(Tournament(players, forfeit), 2026)}
    assert lines[1].games == () and lines[1].change == 0
