"""Matches of a knockout, game by game, against the rules written out by hand: best-of-three
(Magic's top cut: the first to win two games; a drawn game does not count and another is
played; the loser of a game chooses to play or draw in the next), and chess mini-matches
(two classical games, then two rapid, two blitz and an Armageddon game while the match is
level; a phase ends early once the leader cannot be caught; a forfeit loses the match)."""

from __future__ import annotations

import pytest

from fairpair.core.knockout import (
    FirstWhite,
    KnockoutError,
    KnockoutRules,
    KnockoutStage,
    MatchFormat,
    MatchState,
    MatchStatus,
    PhaseKind,
    bracket_state,
)
from fairpair.core.player import PlayerId
from fairpair.core.results import Game, GameResult

ALICE, BOB, CAROL, DAN = 11, 22, 33, 44
"""Seeds 1, 2, 3, 4 (in that order when all four are seeded)."""

WIN, DRAW, LOSS = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS


def stage(
    match: str,
    seeds: tuple[PlayerId, ...] = (ALICE, BOB),
    first_white: FirstWhite = FirstWhite.SEED,
    lot: int = 0,
) -> KnockoutStage:
    rules = KnockoutRules(match=MatchFormat.parse(match), first_white=first_white)
    return KnockoutStage(rules, seeds, lot=lot)


def card(first: PlayerId, second: PlayerId, result: GameResult) -> Game:
    """A card game: no colours, the first-named player's result first."""
    return Game(first, second, result, coloured=False)


def chess(white: PlayerId, black: PlayerId, result: GameResult) -> Game:
    return Game(white, black, result)


def after(s: KnockoutStage, match: int, games: list[Game]) -> MatchState:
    return bracket_state(s.with_games(match, games)).match(match)


# --- best of three ----------------------------------------------------------------------


def test_best_of_three_won_two_nil() -> None:
    s = stage("best-of-3")
    start = bracket_state(s).match(1)
    assert start.status is MatchStatus.READY
    assert start.next_game is not None
    # The higher seed chooses to play or draw in game 1; there are no colours.
    assert (start.next_game.number, start.next_game.chooser) == (1, ALICE)
    assert start.next_game.white is None
    one = after(s, 1, [card(ALICE, BOB, WIN)])
    assert (one.status, one.score, one.winner) == (MatchStatus.PLAYING, (1, 0), None)
    assert one.next_game is not None
    assert (one.next_game.number, one.next_game.chooser) == (2, BOB)  # the loser chooses
    done = after(s, 1, [card(ALICE, BOB, WIN), card(ALICE, BOB, WIN)])
    assert (done.status, done.score, done.winner, done.loser) == (
        MatchStatus.DECIDED,
        (2, 0),
        ALICE,
        BOB,
    )
    assert done.next_game is None


def test_best_of_three_won_two_one_by_the_lower_seed() -> None:
    s = stage("bo3")
    games = [card(ALICE, BOB, LOSS), card(ALICE, BOB, WIN)]
    level = after(s, 1, games)
    assert (level.status, level.score) == (MatchStatus.PLAYING, (1, 1))
    assert level.next_game is not None
    assert (level.next_game.number, level.next_game.chooser) == (3, BOB)  # lost game 2
    # The games may be written with either player first: the result says who won.
    done = after(s, 1, [*games, card(BOB, ALICE, WIN)])
    assert (done.status, done.score, done.winner) == (MatchStatus.DECIDED, (1, 2), BOB)


def test_best_of_three_drawn_game_is_replayed() -> None:
    s = stage("best-of-3")
    games = [card(ALICE, BOB, WIN), card(ALICE, BOB, DRAW), card(ALICE, BOB, LOSS)]
    level = after(s, 1, games)
    # Three games played, one win each: the draw did not count, a fourth decides.
    assert (level.status, level.score, level.winner) == (MatchStatus.PLAYING, (1, 1), None)
    assert level.next_game is not None
    assert level.next_game.number == 4
    assert level.next_game.chooser == ALICE  # lost game 3
    after_draw = after(s, 1, games[:2])
    assert after_draw.next_game is not None
    # A drawn game changes nothing about who chooses: Bob chose game 2 and chooses game 3.
    assert after_draw.next_game.chooser == BOB
    done = after(s, 1, [*games, card(ALICE, BOB, WIN)])
    assert (done.status, done.score, done.winner) == (MatchStatus.DECIDED, (2, 1), ALICE)
    with pytest.raises(KnockoutError, match="one too many"):
        s.with_games(1, [*games, card(ALICE, BOB, WIN), card(ALICE, BOB, WIN)])


def test_best_of_three_two_draws_then_two_wins() -> None:
    s = stage("best-of-3")
    games = [card(ALICE, BOB, DRAW), card(ALICE, BOB, DRAW), card(ALICE, BOB, WIN)]
    assert after(s, 1, games).status is MatchStatus.PLAYING
    assert after(s, 1, [*games, card(BOB, ALICE, LOSS)]).winner == ALICE


def test_one_game_match() -> None:
    s = stage("1")
    assert after(s, 1, [card(BOB, ALICE, WIN)]).winner == BOB


# --- chess mini-matches -----------------------------------------------------------------

WORLD_CUP = "classical:2,rapid:2,blitz:2,armageddon"


def test_chess_level_through_every_phase_to_an_armageddon_drawn_and_won_by_black() -> None:
    s = stage(WORLD_CUP)
    games: list[Game] = []

    def next_game() -> tuple[int, str, PlayerId | None]:
        ms = after(s, 1, games) if games else bracket_state(s).match(1)
        assert ms.status is not MatchStatus.DECIDED
        assert ms.next_game is not None
        return ms.next_game.number, ms.next_game.phase.name, ms.next_game.white

    # Colours alternate game by game, from White for the higher seed in game 1.
    assert next_game() == (1, "classical", ALICE)
    games.append(chess(ALICE, BOB, DRAW))
    assert next_game() == (2, "classical", BOB)
    games.append(chess(BOB, ALICE, DRAW))
    # 1-1 after the classical games: two rapid games.
    assert next_game() == (3, "rapid", ALICE)
    games.append(chess(ALICE, BOB, WIN))
    assert next_game() == (4, "rapid", BOB)
    games.append(chess(BOB, ALICE, WIN))
    # 2-2: two blitz games.
    assert next_game() == (5, "blitz", ALICE)
    games.append(chess(ALICE, BOB, DRAW))
    assert next_game() == (6, "blitz", BOB)
    games.append(chess(BOB, ALICE, DRAW))
    # 3-3: one Armageddon game, White by lot.
    number, phase, white = next_game()
    assert (number, phase) == (7, "armageddon")
    assert white in (ALICE, BOB)
    ms = after(s, 1, games)
    assert ms.next_game is not None and ms.next_game.phase.kind is PhaseKind.ARMAGEDDON
    assert ms.score == (6, 6)  # half points: 3-3
    black = BOB if white == ALICE else ALICE
    assert white is not None
    games.append(chess(white, black, DRAW))
    done = after(s, 1, games)
    # A drawn Armageddon is won by Black, on level points.
    assert (done.status, done.winner, done.score) == (MatchStatus.DECIDED, black, (7, 7))


def test_chess_armageddon_won_by_white() -> None:
    s = stage("classical:2,armageddon")
    games = [chess(ALICE, BOB, LOSS), chess(BOB, ALICE, LOSS)]
    ms = after(s, 1, games)
    assert ms.next_game is not None and ms.next_game.white is not None
    white = ms.next_game.white
    black = BOB if white == ALICE else ALICE
    assert after(s, 1, [*games, chess(white, black, WIN)]).winner == white


def test_chess_phase_decided_early_at_two_and_a_half_to_a_half() -> None:
    s = stage("classical:4,armageddon")
    # Alice 1, ½, 1 after three games: 2½-½, Bob cannot catch her with one game left.
    games = [chess(ALICE, BOB, WIN), chess(BOB, ALICE, DRAW), chess(ALICE, BOB, WIN)]
    done = after(s, 1, games)
    assert (done.status, done.winner, done.score) == (MatchStatus.DECIDED, ALICE, (5, 1))
    with pytest.raises(KnockoutError, match="one too many"):
        s.with_games(1, [*games, chess(BOB, ALICE, WIN)])
    # At 2-1 after three games the fourth can still level the match.
    open_games = [chess(ALICE, BOB, WIN), chess(BOB, ALICE, LOSS), chess(ALICE, BOB, LOSS)]
    still = after(s, 1, open_games)
    assert (still.status, still.winner, still.score) == (MatchStatus.PLAYING, None, (4, 2))
    assert still.next_game is not None
    assert (still.next_game.number, still.next_game.white) == (4, BOB)


def test_chess_last_phase_repeats_while_level() -> None:
    s = stage("classical:2,blitz:2")
    games = [
        chess(ALICE, BOB, DRAW),
        chess(BOB, ALICE, DRAW),
        chess(ALICE, BOB, WIN),
        chess(BOB, ALICE, WIN),
    ]
    ms = after(s, 1, games)
    assert ms.next_game is not None
    assert (ms.next_game.number, ms.next_game.phase.name) == (5, "blitz")
    more = [*games, chess(ALICE, BOB, DRAW), chess(BOB, ALICE, WIN)]
    assert after(s, 1, more).winner == BOB


def test_a_forfeited_game_loses_the_match() -> None:
    # Chess: Alice leads after game 1, then does not come to game 2.
    s = stage("classical:2,armageddon")
    games = [chess(ALICE, BOB, WIN), chess(BOB, ALICE, GameResult.WHITE_WINS_BY_FORFEIT)]
    done = after(s, 1, games)
    assert (done.status, done.winner, done.forfeited_by) == (MatchStatus.DECIDED, BOB, ALICE)
    # Best of three: Bob does not come to game 2 though he won game 1.
    s3 = stage("best-of-3")
    games3 = [card(ALICE, BOB, LOSS), card(ALICE, BOB, GameResult.WHITE_WINS_BY_FORFEIT)]
    done3 = after(s3, 1, games3)
    assert (done3.winner, done3.forfeited_by) == (ALICE, BOB)
    with pytest.raises(KnockoutError, match="one too many"):
        s3.with_games(1, [*games3, card(ALICE, BOB, WIN)])


def test_a_double_forfeit_is_refused() -> None:
    with pytest.raises(KnockoutError, match="one player must go through"):
        stage("best-of-3").with_games(1, [card(ALICE, BOB, GameResult.DOUBLE_FORFEIT)])


def test_colours_start_from_the_higher_seed_even_when_listed_second() -> None:
    # Four seeds: match 1 is 1 v 4, match 2 is 2 v 3, match 3 the final.
    s = stage("classical:2", seeds=(ALICE, BOB, CAROL, DAN))
    s = s.with_games(1, [chess(ALICE, DAN, LOSS), chess(DAN, ALICE, DRAW)])
    s = s.with_games(2, [chess(BOB, CAROL, WIN), chess(CAROL, BOB, DRAW)])
    final = bracket_state(s).match(3)
    # Dan (seed 4) comes from the top half, Bob (seed 2) from the bottom half.
    assert (final.top, final.bottom) == (DAN, BOB)
    assert final.next_game is not None and final.next_game.white == BOB
    one = after(s, 3, [chess(BOB, DAN, DRAW)])
    assert one.next_game is not None and one.next_game.white == DAN
    with pytest.raises(KnockoutError, match="not between its players"):
        s.with_games(3, [chess(BOB, CAROL, WIN)])


def white_in_game_one(lot: int) -> PlayerId | None:
    ms = bracket_state(stage("classical:2", first_white=FirstWhite.LOT, lot=lot)).match(1)
    assert ms.next_game is not None
    return ms.next_game.white


def test_first_white_by_lot_is_reproducible_from_the_lot() -> None:
    draws = {lot: white_in_game_one(lot) for lot in range(40)}
    # The same lot draws the same White every time (every replay of the event's log).
    assert all(white_in_game_one(lot) == white for lot, white in draws.items())
    # And it is a lot: each player has White for some lots.
    assert set(draws.values()) == {ALICE, BOB}
    # The colours then alternate from the player the lot chose.
    lot = next(lot for lot, white in draws.items() if white == BOB)
    s = stage("classical:2", first_white=FirstWhite.LOT, lot=lot)
    one = after(s, 1, [chess(BOB, ALICE, DRAW)])
    assert one.next_game is not None and one.next_game.white == ALICE


def test_armageddon_white_by_lot_is_reproducible() -> None:
    level = [chess(ALICE, BOB, DRAW), chess(BOB, ALICE, DRAW)]

    def armageddon_white(lot: int) -> PlayerId | None:
        s = stage("classical:2,armageddon", lot=lot)
        ms = after(s, 1, level)
        assert ms.next_game is not None
        return ms.next_game.white

    whites = [armageddon_white(lot) for lot in range(40)]
    assert whites == [armageddon_white(lot) for lot in range(40)]
    assert set(whites) == {ALICE, BOB}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("best-of-0", "1 to 99 games, not 0"),
        ("best-of-4", "odd number of games, not 4"),
        ("best-of-999999", "1 to 99 games, not 999999"),
        ("best-of-x", "not a phase"),
        ("classical:٢", "must be a whole number"),
        ("classical:0", "1 to 99 games, not 0"),
        ("armageddon,classical:2", "last phase"),
        ("classical:2,armageddon,blitz:2", "last phase"),
        ("rapid", "not a phase"),
        ("armageddon:2", "an Armageddon is one game"),
    ],
)
def test_a_match_format_that_cannot_be_played_is_refused(text: str, message: str) -> None:
    with pytest.raises(KnockoutError, match=message):
        MatchFormat.parse(text)
