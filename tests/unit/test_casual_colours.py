"""Casual Swiss colours (swiss-casual.md §5): the allocation of swiss-dutch.md §6, rule by rule.

Most cases pair two players, One (1) and Two (2), whose colour histories are written round by
round: ``W``/``B`` a game played (drawn) with that colour, ``w``/``b`` a double forfeit with
that colour (no game: it must not count), ``-`` a zero-point bye. Their earlier opponents have
left the event, so the next round is exactly One against Two. With equal points One ranks
higher (seed tie order) and has pairing number 1, Two number 2.
"""

from __future__ import annotations

import random

import pytest

from fairpair.core import (
    CHESS,
    MATCH_POINTS,
    Bye,
    ByeKind,
    Colour,
    Game,
    GameResult,
    Pairing,
    Player,
    PlayerId,
    Round,
    Tournament,
)
from fairpair.pairing.casual import (
    CasualOptions,
    GroupStyle,
    TieOrder,
    initial_colour,
    pair_casual,
    tie_order,
)

COLOURS_BY_SEED = CasualOptions(tie_order=TieOrder.SEED, colours=True, seed=1)


def _before_meeting(one: str, two: str) -> Tournament:
    players = [Player(1, "One"), Player(2, "Two")]
    rounds: list[Round] = []
    for index in range(max(len(one), len(two))):
        games: list[Game] = []
        byes: list[Bye] = []
        for pid, history in ((1, one), (2, two)):
            code = history[index] if index < len(history) else "-"
            opponent = 10 * (index + 1) + pid
            players.append(Player(opponent, f"Opponent {opponent}"))
            result = GameResult.DRAW if code in "WB" else GameResult.DOUBLE_FORFEIT
            if code in "Ww":
                games.append(Game(pid, opponent, result))
            elif code in "Bb":
                games.append(Game(opponent, pid, result))
            else:
                byes += [Bye(pid, ByeKind.ZERO_POINT), Bye(opponent, ByeKind.ZERO_POINT)]
        rounds.append(Round(index + 1, tuple(games), tuple(byes)))
    after = len(rounds) + 1
    gone = tuple((p.id, after) for p in players if p.id > 2)
    return Tournament(players=tuple(players), rounds=tuple(rounds), withdrawals=gone)


def _meeting(one: str, two: str, options: CasualOptions = COLOURS_BY_SEED) -> tuple[Game, str]:
    """The board of One and Two and the explanation of its colours."""
    pairing = pair_casual(_before_meeting(one, two), options, random.Random(0))
    (game,) = pairing.boards
    (note,) = [n.text for n in pairing.notes if n.board == 1]
    return game, note


def _white(one: str, two: str) -> PlayerId:
    return _meeting(one, two)[0].white


@pytest.mark.parametrize(
    ("one", "two", "white", "rule"),
    [
        # 6.1: different wishes, each gets his own (strong and strong, absolute and mild).
        ("W", "B", 2, "6.1"),
        ("BB", "BW", 1, "6.1"),
        # 6.1: only one has a preference (Two never played): he gets it.
        ("W", "-", 2, "6.1"),
        ("-", "W", 1, "6.1"),
        # 6.2: an absolute wish (colour difference 2, or the same colour twice) beats a strong
        # or mild one, whoever ranks higher.
        ("W", "WW", 1, "6.2"),
        ("WW", "W", 2, "6.2"),
        ("BW", "BW-W", 1, "6.2"),  # Two: +1 but the same colour twice (run): absolute
        # 6.2: two absolute wishes, the larger colour difference wins (3 against 1).
        ("WWW", "BWW", 2, "6.2"),
        ("BWW", "WWW", 1, "6.2"),
        # 6.3: strong (difference 1) beats mild (difference 0, opposite of the last colour).
        ("W", "BW", 2, "6.3"),
        ("BW", "W", 1, "6.3"),
        # 6.4: equal strength (strong black), different histories: back to the latest round
        # where their colours differed (the third last game), each gets the colour the other
        # had there. (Two has more points and ranks higher: 6.5 would decide the other way.)
        ("--WBW", "WWBBW", 2, "6.4"),
        ("WWBBW", "--WBW", 1, "6.4"),
        # 6.5: equal strength, same history: the higher-ranked (One) gets his wish.
        ("W", "W", 2, "6.5"),
        ("B", "B", 1, "6.5"),
        ("WBW", "WBW", 2, "6.5"),
    ],
)
def test_each_colour_rule(one: str, two: str, white: PlayerId, rule: str) -> None:
    game, note = _meeting(one, two)
    assert game.coloured
    assert game.white == white
    assert f"colours by rule {rule} " in note


def test_a_history_that_runs_out_first_is_no_difference_for_6_4() -> None:
    # One's only game matches Two's last; the earlier rounds of Two cannot be compared.
    game, note = _meeting("W", "BWWBW")
    assert "rule 6.5" in note  # both strong black: Two, with more points, ranks higher
    assert game.white == 1


def test_two_equal_absolute_wishes_can_meet_and_one_breaks_the_limits() -> None:
    # The casual pairing ignores colours (swiss-casual.md §5): the Dutch criterion C3, which
    # keeps two equal absolute wishes apart, does not apply. Here both had white twice; the
    # tie goes to the higher-ranked One (6.5) and Two gets white a third time in a row.
    game, note = _meeting("WW", "WW")
    assert "rule 6.5" in note and "1: absolute black" in note and "2: absolute black" in note
    assert (game.white, game.black) == (2, 1)


def test_forfeits_and_byes_are_not_games() -> None:
    # One: W, a forfeit as black, a bye, W. Counting only the games: WW, absolute black.
    # Two: W strong black. (Counting the forfeit it would be W B W: strong, and 6.5 would
    # give One black anyway; so Two plays white because One's wish is absolute.)
    game, note = _meeting("Wb-W", "W")
    assert game.white == 2 and "rule 6.2" in note and "1: absolute black" in note
    # A forfeit between two whites does not break the run: still absolute.
    game, note = _meeting("WbW", "BWB")
    assert "1: absolute black" in note and game.white == 2
    # Only forfeits: no preference at all.
    _, note = _meeting("wb", "-")
    assert "1: none" in note and "2: none" in note and "rule 6.6" in note


def test_the_higher_ranked_is_the_one_higher_in_the_standings() -> None:
    # Same wish, same history: 6.5 gives it to the higher-ranked. Two has more points (a won
    # game), so Two outranks One although One comes first in the tie order.
    event = _before_meeting("W", "W")
    one_game = next(g for g in event.rounds[0].games if 1 in (g.white, g.black))
    two_game = next(g for g in event.rounds[0].games if 2 in (g.white, g.black))
    won = Round(
        1,
        (one_game, Game(two_game.white, two_game.black, GameResult.WHITE_WINS)),
        event.rounds[0].byes,
    )
    event = event.replace(rounds=(won,))
    (game,) = pair_casual(event, COLOURS_BY_SEED, random.Random(0)).boards
    assert game.white == 1  # Two, higher, gets his black


# --- rule 6.6: nobody has a preference (round 1, late entries) -------------------------------


def _seed_with(colour: Colour) -> int:
    return next(seed for seed in range(100) if initial_colour(seed) is colour)


def _round_one(style: GroupStyle, seed: int, players: int = 8) -> Pairing:
    event = Tournament(players=tuple(Player(i, f"P{i}") for i in range(1, players + 1)))
    options = CasualOptions(tie_order=TieOrder.SEED, style=style, colours=True, seed=seed)
    return pair_casual(event, options, random.Random(0))


def test_the_initial_colour_is_drawn_from_the_seed() -> None:
    drawn = {initial_colour(seed) for seed in range(20)}
    assert drawn == {Colour.WHITE, Colour.BLACK}
    assert all(initial_colour(seed) is initial_colour(seed) for seed in range(20))


@pytest.mark.parametrize("colour", [Colour.WHITE, Colour.BLACK])
def test_round_one_fold_alternates_from_the_initial_colour(colour: Colour) -> None:
    # Fold: board i is pairing number i against i + 4, so the boards alternate, board 1
    # giving the top player the initial colour (swiss-dutch §6: "board i has S1[i] with the
    # initial colour when i is odd").
    pairing = _round_one(GroupStyle.FOLD, _seed_with(colour))
    tops = [min(g.white, g.black) for g in pairing.boards]
    assert tops == [1, 2, 3, 4]
    top_white = [g.white == top for g, top in zip(pairing.boards, tops, strict=True)]
    first = colour is Colour.WHITE
    assert top_white == [first, not first, first, not first]
    assert all("rule 6.6" in n.text for n in pairing.notes)


@pytest.mark.parametrize("colour", [Colour.WHITE, Colour.BLACK])
def test_round_one_adjacent_gives_every_odd_number_the_initial_colour(colour: Colour) -> None:
    # Adjacent: boards 1-2, 3-4, ...: the higher player of each board has an odd number.
    pairing = _round_one(GroupStyle.ADJACENT, _seed_with(colour))
    assert [(min(g.white, g.black), max(g.white, g.black)) for g in pairing.boards] == [
        (1, 2),
        (3, 4),
        (5, 6),
        (7, 8),
    ]
    whites = {g.white for g in pairing.boards}
    assert whites == ({1, 3, 5, 7} if colour is Colour.WHITE else {2, 4, 6, 8})


def test_rule_6_6_numbers_by_the_random_tie_order_among_the_players_to_pair() -> None:
    # Random tie order, one player absent: numbers are places in this round's tie order
    # counting only the players to pair.
    players = tuple(Player(i, f"P{i}") for i in range(1, 12))
    event = Tournament(players=players, withdrawals=((5, 1),))
    for seed in range(6):
        options = CasualOptions(style=GroupStyle.FOLD, colours=True, seed=seed)
        pairing = pair_casual(event, options, random.Random(0))
        present = set(event.players_to_pair())
        ties = [pid for pid in tie_order(event, options, random.Random(0)) if pid in present]
        number = {pid: k for k, pid in enumerate(ties, start=1)}
        initial = initial_colour(seed)
        for game in pairing.boards:
            higher = min((game.white, game.black), key=number.__getitem__)
            gets = Colour.WHITE if game.white == higher else Colour.BLACK
            assert (gets is initial) == (number[higher] % 2 == 1)


def test_players_without_games_get_colours_by_6_6() -> None:
    # Both had a bye in round 1: no game behind them when they meet in round 2.
    game, note = _meeting("-", "-")
    assert "rule 6.6" in note
    assert (game.white == 1) == (initial_colour(1) is Colour.WHITE)  # One: number 1, odd


# --- switching colours on and off -----------------------------------------------------------


def test_card_games_have_no_colours_and_no_colour_notes() -> None:
    event = _before_meeting("W", "B")
    off = CasualOptions(tie_order=TieOrder.SEED, seed=1)
    pairing = pair_casual(event, off, random.Random(0))
    assert not any(g.coloured for g in pairing.boards)
    assert [(g.white, g.black) for g in pairing.boards] == [(1, 2)]  # higher-ranked first
    assert pairing.notes == ()


def test_fixed_boards_get_colours_by_the_same_rules() -> None:
    # One wants white, Two black; the director fixes the board as 2-1: colours still by §6.
    event = _before_meeting("B", "W")
    options = CasualOptions(tie_order=TieOrder.SEED, colours=True, seed=1, fixed_boards=((2, 1),))
    pairing = pair_casual(event, options, random.Random(0))
    assert [(g.white, g.black) for g in pairing.boards] == [(1, 2)]
    assert "rule 6.1" in pairing.notes[0].text


def test_the_point_system_says_whether_an_event_has_colours() -> None:
    assert MATCH_POINTS.card_game
    assert not CHESS.card_game
