"""Double-Swiss standings (issue #16): game points or match points, then FIDE C.07 tie-breaks
computed on games, on small events whose values are derived by hand below."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from fairpair.core import Player, PrimaryScore
from fairpair.core.double_swiss import (
    DoubleRound,
    DoubleSwissTournament,
    Mark,
    Match,
    MatchBye,
    MatchByeKind,
    match_entries,
    match_points,
)
from fairpair.standings import TiebreakSettings
from fairpair.standings.double import (
    UnknownDoubleTiebreakError,
    compute_double_standings,
    default_tiebreaks,
    double_code,
)

W, D, L, FW, FL = Mark.WIN, Mark.DRAW, Mark.LOSS, Mark.FORFEIT_WIN, Mark.FORFEIT_LOSS
GP, MP = PrimaryScore.GAME_POINTS, PrimaryScore.MATCH_POINTS
F = Fraction


def _five() -> DoubleSwissTournament:
    """Five players, two match-rounds.

    Round 1: 1-2 games 1-0, ½-½ (1½-½); 3-4 games 1-0, 1-0 as written white first, i.e.
    3 wins both (2-0); 5 the PAB (1½).
    Round 2: 1-3 games ½-½, then 3 wins game 2 (½-1½); 2-5: player 2 forfeits both games
    (a forfeited match, 0-2); 4 a half-point bye (1).
    """
    players = tuple(Player(i, f"P{i}") for i in range(1, 6))
    rounds = (
        DoubleRound(
            1,
            (Match(1, 2, ((W, L), (D, D))), Match(3, 4, ((W, L), (W, L)))),
            (MatchBye(5, MatchByeKind.PAIRING_ALLOCATED),),
        ),
        DoubleRound(
            2,
            (Match(1, 3, ((D, D), (L, W))), Match(2, 5, ((FL, FW), (FL, FW)))),
            (MatchBye(4, MatchByeKind.HALF_POINT),),
        ),
    )
    return DoubleSwissTournament(players, rounds, total_rounds=2)


def _column(table: object, code: str) -> dict[int, Fraction | None]:
    from fairpair.standings.double import DoubleStandings

    assert isinstance(table, DoubleStandings)
    index = table.codes.index(code)
    return {row.player: row.values[index] for row in table.rows}


def test_scores_of_the_hand_event() -> None:
    """GP: 1 = 1½ + ½ = 2; 2 = ½ + 0 = ½; 3 = 2 + 1½ = 3½; 4 = 0 + 1 (bye) = 1;
    5 = 1½ (PAB) + 2 (forfeit win) = 3½.
    MP: 1 = 2 + 0; 2 = 0 + 0; 3 = 2 + 2; 4 = 0 + 1 (a half-point bye is a drawn match);
    5 = 2 (a PAB of 1½ is a won match) + 2."""
    table = compute_double_standings(_five(), [])
    gp = {row.player: row.game_points for row in table.rows}
    mp = {row.player: row.match_points for row in table.rows}
    assert gp == {1: 2, 2: F(1, 2), 3: F(7, 2), 4: 1, 5: F(7, 2)}
    assert mp == {1: 2, 2: 0, 3: 4, 4: 1, 5: 4}


def test_buchholz_on_games_by_hand() -> None:
    """BH:GP, C.07 2023 (tiebreaks.md §1.1). Scores the opponents use (rule 1): nobody's last
    round is a trailing VUR without an opponent except 4's half-point bye, which counts as a
    drawn match (1 GP, equal to the bye here): 1 → 2, 2 → ½, 3 → 3½, 4 → 1, 5 → 3½.
    Unplayed rounds have a dummy opponent on the player's own score (rule 2):
    1: 2 (½) + 3 (3½) = 4; 2: 1 (2) + forfeited match, dummy ½ = 2½; 3: 4 (1) + 1 (2) = 3;
    4: 3 (3½) + bye, dummy 1 = 4½; 5: PAB dummy 3½ + forfeit win dummy 3½ = 7.
    BH:GP/C1 (rule 3): the lowest contribution goes, a VUR worth as much goes first:
    1: 3½; 2: the VUR ½ → 2; 3: 2; 4: the VUR 1 → 3½; 5: 3½."""
    table = compute_double_standings(_five(), ["BH", "BH/C1"])
    assert table.codes == ("BH:GP", "BH:GP/C1")
    assert _column(table, "BH:GP") == {1: 4, 2: F(5, 2), 3: 3, 4: F(9, 2), 5: 7}
    assert _column(table, "BH:GP/C1") == {1: F(7, 2), 2: 2, 3: 2, 4: F(7, 2), 5: F(7, 2)}
    # 3 and 5 tie on 3½; 5's Buchholz (7) is higher than 3's (3).
    assert [(row.rank, row.player) for row in table.rows] == [
        (1, 5),
        (2, 3),
        (3, 1),
        (4, 4),
        (5, 2),
    ]


def test_sonneborn_berger_and_counts_on_games_by_hand() -> None:
    """SB:GP = Σ opponent's score × game points scored against him (dummy for unplayed rounds):
    1: ½ × 1½ + 3½ × ½ = 2½; 3: 1 × 2 + 2 × 1½ = 5; 5: 3½ × 1½ + 3½ × 2 = 12¼;
    2: 2 × ½ + ½ × 0 = 1; 4: 3½ × 0 + 1 × 1 = 1.
    WON: matches won over the board: 1 → 1, 3 → 2, the others 0 (a PAB and a forfeit win are
    not won over the board); WIN counts them: 5 → 2. VUR: 2's forfeited match, 4's bye."""
    table = compute_double_standings(_five(), ["SB", "WON", "WIN", "VUR"])
    assert _column(table, "SB:GP") == {1: F(5, 2), 2: 1, 3: 5, 4: 1, 5: F(49, 4)}
    assert _column(table, "WON") == {1: 1, 2: 0, 3: 2, 4: 0, 5: 0}
    assert _column(table, "WIN") == {1: 1, 2: 0, 3: 2, 4: 0, 5: 2}
    assert _column(table, "VUR:GP") == {1: 0, 2: 1, 3: 0, 4: 1, 5: 0}


def test_ranked_by_match_points() -> None:
    """MP: 3 and 5 have 4, 1 has 2, 4 has 1, 2 has 0. The default list for match points puts the
    game points first (3½ each), then BH:GP/C1: 5 → 3½ beats 3 → 2.
    BH:MP: the opponents' match points (4's bye counts TD = 1 for his opponents, his own 1):
    3: 4 (1) + 1 (2) = 3; 5: two dummies on his own 4 MP = 8."""
    table = compute_double_standings(_five(), None, primary=MP)
    assert table.codes == default_tiebreaks(MP) == ("GPTS", "BH:GP/C1", "BH:GP", "DE:GP", "WON")
    assert [row.player for row in table.rows] == [5, 3, 1, 4, 2]
    assert [row.points for row in table.rows] == [4, 4, 2, 1, 0]
    bh_mp = _column(compute_double_standings(_five(), ["BH:MP"], primary=MP), "BH:MP")
    assert bh_mp[3] == 3 and bh_mp[5] == 8


def test_a_cross_forfeit_is_a_played_draw_for_the_tiebreaks() -> None:
    """Spec §2.2 and §11 R1: each player forfeits one game: a played match (1-1), no VUR; for
    BH the opponent's own score counts (2's 1 + 3 = 4 for player 1; player 1's 1 + 0 for 2),
    not the dummy on the player's own score."""
    players = tuple(Player(i, f"P{i}") for i in range(1, 5))
    rounds = (
        DoubleRound(1, (Match(1, 2, ((FW, FL), (FL, FW))), Match(3, 4, ((W, L), (W, L))))),
        DoubleRound(2, (Match(2, 3, ((W, L), (W, L))), Match(4, 1, ((L, W), (L, W))))),
    )
    t = DoubleSwissTournament(players, rounds)
    table = compute_double_standings(t, ["VUR", "BH", "WON"])
    assert _column(table, "VUR:GP") == dict.fromkeys(range(1, 5), F(0))
    gp = {row.player: row.game_points for row in table.rows}
    assert gp == {1: 3, 2: 3, 3: 2, 4: 0}
    # BH of 1: 2 (3) + 4 (0) = 3; of 2: 1 (3) + 3 (2) = 5.
    assert _column(table, "BH:GP") == {1: 3, 2: 5, 3: 3, 4: 5}
    assert _column(table, "WON") == {1: 1, 2: 1, 3: 1, 4: 0}


def test_a_match_forfeited_by_both_gives_nobody_a_match_point() -> None:
    players = (Player(1, "A"), Player(2, "B"))
    t = DoubleSwissTournament(players, (DoubleRound(1, (Match(1, 2, ((FL, FL), (FL, FL))),)),))
    assert [match_points(e[0]) for e in match_entries(t).values()] == [0, 0]
    table = compute_double_standings(t, ["VUR"], primary=MP)
    assert {row.player: (row.match_points, row.values[0]) for row in table.rows} == {
        1: (0, 1),
        2: (0, 1),
    }


def test_an_unfinished_round_is_left_out() -> None:
    t = _five()
    third = DoubleRound(
        3, (Match(5, 3), Match(4, 1, ((W, L), (D, D)))), (MatchBye(2, MatchByeKind.ZERO_POINT),)
    )
    table = compute_double_standings(DoubleSwissTournament(t.players, (*t.rounds, third)), [])
    assert table.rounds == 2
    assert {row.player: row.game_points for row in table.rows}[4] == 1


def test_codes_are_on_games_unless_they_say_match_points() -> None:
    assert double_code("bh/c1").code == "BH:GP/C1"
    assert double_code("BH:MP").code == "BH:MP"
    assert double_code("DE").code == "DE:GP"
    assert double_code("WIN").code == "WIN"
    assert double_code("aro").code == "ARO"
    for code in ("BC", "TBR", "BBE", "EDEBT", "ARO-C1", "ARO:GP", "BPG", "XYZ", "WIN:GP"):
        with pytest.raises(UnknownDoubleTiebreakError, match="Double-Swiss"):
            double_code(code)


def test_the_notes_say_how_the_ranking_was_done() -> None:
    notes = compute_double_standings(_five(), None, TiebreakSettings()).notes()
    assert notes[0].startswith("Ranked by game points")
    assert any("Buchholz, on game points" in line for line in notes)
    assert notes[-1] == (
        "Unplayed rounds in the tie-breaks: FIDE 2023 rule (a dummy opponent on the player's "
        "own score)."
    )
    mp_notes = compute_double_standings(
        _five(), ["BH:MP/M1"], TiebreakSettings(fide2026_caps=True), MP
    ).notes()
    assert mp_notes[0].startswith("Ranked by match points")
    assert (
        "BH:MP/M1: Buchholz, on match points (the lowest left out, the highest left out)"
        in (mp_notes)[1]
    )
    assert mp_notes[-1].endswith("with the March 2026 amendment (capped dummy scores).")


def test_each_column_has_its_rule_in_words_for_players_not_teams() -> None:
    table = compute_double_standings(_five(), ["BH/C1", "ARO", "DE:MP", "WON"])
    assert table.rules() == (
        "BH:GP/C1: Buchholz, on game points (the lowest left out) (FIDE C.07)",
        "ARO: Average rating of opponents, over the games played over the board (FIDE C.07)",
        "DE:MP: Direct encounter, on match points (FIDE C.07); lower is better",
        "WON: Matches won over the board (FIDE C.07)",
    )
    # The notes say the same, between the ranking's line and the forfeits'.
    assert table.notes()[1:5] == table.rules()
    assert not any("for teams" in rule for rule in table.rules())


def test_rating_codes_read_the_games_played_over_the_board() -> None:
    """Ratings 1: 2000, 2: 1800, 3: 1600, 4: 1500. Round 1: 1-2 games 1-0, ½-½; 3-4: game 1
    forfeited by 4, game 2 won by 3. Round 2: 1-3 both games won by 1; 2-4 two draws.
    Player 1 played 4 games: ARO = (1800 + 1800 + 1600 + 1600) / 4 = 1700; 3½/4 = 0.875 →
    88 % → dp 336 (FIDE table 8.1a): TPR 2036.
    Player 3 played 3 games (the forfeited one does not count): 1500, 2000, 2000 → 5500 / 3 =
    1833.3 → 1833; 1/3 → 33 % → dp -125: TPR 1708. (Counting each match's opponent once
    would give 1750.)"""
    ratings = (2000, 1800, 1600, 1500)
    players = tuple(Player(i, f"P{i}", r) for i, r in enumerate(ratings, start=1))
    rounds = (
        DoubleRound(1, (Match(1, 2, ((W, L), (D, D))), Match(3, 4, ((FW, FL), (W, L))))),
        DoubleRound(2, (Match(1, 3, ((W, L), (W, L))), Match(2, 4, ((D, D), (D, D))))),
    )
    table = compute_double_standings(DoubleSwissTournament(players, rounds), ["ARO", "TPR"])
    assert _column(table, "ARO")[1] == 1700 and _column(table, "TPR")[1] == 2036
    assert _column(table, "ARO")[3] == 1833 and _column(table, "TPR")[3] == 1708
    assert "ARO: Average rating of opponents, over the games played" in "\n".join(table.notes())
    unrated = replace(players[0], rating=None)
    table = compute_double_standings(
        DoubleSwissTournament((unrated, *players[1:]), rounds), ["ARO"]
    )
    assert set(_column(table, "ARO").values()) == {None}
