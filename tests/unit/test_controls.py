"""Director controls for every Swiss system: fixed boards, forbidden pairs, separation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from fairpair.core import (
    ByeKind,
    Colour,
    ForbiddenPairs,
    Game,
    GameResult,
    Pairing,
    Player,
    RequestedBye,
    Round,
    Tournament,
)
from fairpair.formats.trf import read_trf, write_trf
from fairpair.pairing.controls import forbid_shared_attribute, with_fixed_boards
from fairpair.pairing.errors import PairingInputError
from fairpair.pairing.registry import pairing_system
from tests import golden_data
from tests.golden_data import require

register(app)
runner = CliRunner()
REFERENCE = require(golden_data.REFERENCE / "dutch/dutch-0008.trf")
EXAMPLE_B = Path(__file__).resolve().parent / "data" / "example-b.trf"
SYSTEMS = ("dutch", "burstein", "casual")


@pytest.fixture(scope="module")
def before_round_4() -> Tournament:
    """A 16-player reference event as it stood before round 4 was paired."""
    return read_trf(REFERENCE).tournament().before_round(4)


def pairs_of(pairing: Pairing) -> list[tuple[int, int]]:
    return [(game.white, game.black) for game in pairing.boards]


def everybody(pairing: Pairing) -> list[int]:
    players = [pid for game in pairing.boards for pid in (game.white, game.black)]
    return players + ([] if pairing.bye is None else [pairing.bye])


def small_event(clubs: tuple[str, ...] = ("", "", "", "")) -> Tournament:
    players = tuple(
        Player(n, f"Player {n}", rating=2400 - 100 * n, club=club, federation=club[:3].upper())
        for n, club in enumerate(clubs, start=1)
    )
    return Tournament(players=players, total_rounds=3, initial_colour=Colour.WHITE)


# --- fixed boards --------------------------------------------------------------------------


def test_fixed_boards_come_first_and_the_engine_pairs_the_rest(before_round_4: Tournament) -> None:
    pairing = with_fixed_boards(pairing_system("dutch"), [(16, 3), (5, 9)])(before_round_4)
    assert pairs_of(pairing)[:2] == [(16, 3), (5, 9)]
    players = everybody(pairing)
    assert sorted(players) == sorted(before_round_4.players_to_pair())
    assert len(players) == len(set(players))
    assert pairing.round == 4
    # The engine's notes follow its boards, which now start on board 3.
    assert all(note.board > 2 for note in pairing.notes)
    # The temporary absence does not leak into the round written from the pairing.
    assert all(bye.kind is not ByeKind.ABSENT for bye in pairing.to_round(before_round_4).byes)


@pytest.mark.parametrize("system", SYSTEMS)
def test_fixed_boards_work_with_every_system(before_round_4: Tournament, system: str) -> None:
    pairing = with_fixed_boards(pairing_system(system), [(1, 2)])(before_round_4)
    assert pairs_of(pairing)[0] == (1, 2)
    players = everybody(pairing)
    assert len(players) == len(set(players)) == len(before_round_4.players_to_pair())


def test_a_fixed_rematch_is_kept_with_a_warning(before_round_4: Tournament) -> None:
    # Players 1 and 5 played in round 1 (1-0).
    pairing = with_fixed_boards(pairing_system("dutch"), [(5, 1)])(before_round_4)
    assert pairs_of(pairing)[0] == (5, 1)
    warnings = [note.text for note in pairing.notes if note.board == 1]
    assert len(warnings) == 1 and "already played each other" in warnings[0]


def test_a_fixed_forbidden_pair_is_kept_with_a_warning() -> None:
    event = small_event().replace(forbidden=(ForbiddenPairs((1, 2)),))
    pairing = with_fixed_boards(pairing_system("dutch"), [(1, 2)])(event)
    assert pairs_of(pairing) == [(1, 2), (3, 4)]
    assert [n.board for n in pairing.notes if "forbidden pair" in n.text] == [1]


def test_a_forfeit_is_not_a_rematch() -> None:
    event = small_event(("",) * 6)
    first = Round(
        1,
        (
            Game(1, 4, GameResult.WHITE_WINS_BY_FORFEIT),
            Game(5, 2, GameResult.DRAW),
            Game(3, 6, GameResult.DRAW),
        ),
    )
    pairing = with_fixed_boards(pairing_system("dutch"), [(4, 1)])(event.with_round(first))
    assert pairs_of(pairing)[0] == (4, 1)
    assert not [note for note in pairing.notes if note.board == 1]


def test_the_engine_gives_the_bye_among_the_others() -> None:
    event = Tournament(
        players=tuple(Player(n, f"P{n}", rating=2000 - n) for n in range(1, 6)),
        initial_colour=Colour.WHITE,
    )
    pairing = with_fixed_boards(pairing_system("dutch"), [(1, 2)])(event)
    assert pairing.bye is not None and pairing.bye not in (1, 2)
    assert sorted(everybody(pairing)) == [1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    ("fixed", "message"),
    [
        ([(1, 2), (2, 3)], "player 2 appears twice"),
        ([(1, 9)], "player 9 is not registered"),
        ([(1, 4)], "player 4 has a bye in round 1"),
        ([(3, 1)], "player 3 is absent in round 1"),
    ],
)
def test_impossible_fixed_boards_are_input_errors(
    fixed: list[tuple[int, int]], message: str
) -> None:
    event = small_event().replace(
        requested_byes=(RequestedBye(1, 4, ByeKind.HALF_POINT),), withdrawals=((3, 1),)
    )
    with pytest.raises(PairingInputError, match=message):
        with_fixed_boards(pairing_system("dutch"), fixed)(event)


# --- forbidden pairs and separation -------------------------------------------------------


@pytest.mark.parametrize("system", SYSTEMS)
def test_forbidding_a_chosen_pair_changes_the_pairing(
    before_round_4: Tournament, system: str
) -> None:
    pair_round = pairing_system(system)
    before = pair_round(before_round_4)
    white, black = before.boards[0].white, before.boards[0].black
    rule = ForbiddenPairs((white, black), first_round=4, last_round=4)
    after = pair_round(before_round_4.replace(forbidden=(*before_round_4.forbidden, rule)))
    assert pairs_of(after) != pairs_of(before)
    assert all({g.white, g.black} != {white, black} for g in after.boards)
    players = everybody(after)
    assert len(players) == len(set(players)) == len(before_round_4.players_to_pair())


def test_separate_by_club_keeps_club_mates_apart() -> None:
    event = small_event(("Hastings", "", "Hastings", ""))
    assert {frozenset((1, 3))} <= {
        frozenset((g.white, g.black)) for g in pairing_system("dutch")(event).boards
    }
    separated = forbid_shared_attribute(event, "club")
    assert separated.forbidden == (ForbiddenPairs((1, 3)),)
    for system in SYSTEMS:
        pairing = pairing_system(system)(separated)
        assert all({g.white, g.black} != {1, 3} for g in pairing.boards), system
        assert sorted(everybody(pairing)) == [1, 2, 3, 4]


def test_separation_by_federation_keeps_earlier_rules_and_its_rounds() -> None:
    event = small_event(("abc", "xyz", "abc", "xyz")).replace(forbidden=(ForbiddenPairs((1, 2)),))
    separated = forbid_shared_attribute(event, "federation", first_round=2, last_round=3)
    assert separated.forbidden == (
        ForbiddenPairs((1, 2)),
        ForbiddenPairs((1, 3), 2, 3),
        ForbiddenPairs((2, 4), 2, 3),
    )
    assert forbid_shared_attribute(small_event(), "club").forbidden == ()


# --- fairpair pair --fixed / --forbid / --separate-by --------------------------------------


def pair_json(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["pair", str(EXAMPLE_B), "--format", "json", *args])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return data


def boards_of(data: dict[str, object]) -> list[tuple[int, int]]:
    boards = data["boards"]
    assert isinstance(boards, list)
    return [(b["white"], b["black"]) for b in boards]


def test_cli_fixed_boards_come_first() -> None:
    data = pair_json("--fixed", "7-1", "--fixed", "4-6")
    boards = boards_of(data)
    assert boards[:2] == [(7, 1), (4, 6)]
    bye = data["bye"]
    assert isinstance(bye, int)
    assert sorted([pid for board in boards for pid in board] + [bye]) == [1, 2, 3, 4, 5, 6, 7]


def test_cli_forbid_avoids_the_pair() -> None:
    assert (1, 7) in boards_of(pair_json())
    boards = boards_of(pair_json("--forbid", "1,7"))
    assert all({white, black} != {1, 7} for white, black in boards)


def test_cli_separate_by_federation(tmp_path: Path) -> None:
    event = small_event(("abc", "", "abc", ""))
    target = tmp_path / "event.trf"
    target.write_text(write_trf(event))
    plain = runner.invoke(app, ["pair", str(target), "--format", "json"])
    assert plain.exit_code == 0, plain.output
    assert {"board": 1, "white": 1, "black": 3} in json.loads(plain.output)["boards"]
    result = runner.invoke(
        app, ["pair", str(target), "--format", "json", "--separate-by", "federation"]
    )
    assert result.exit_code == 0, result.output
    assert all({b["white"], b["black"]} != {1, 3} for b in json.loads(result.output)["boards"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--fixed", "1"], "expected W-B"),
        (["--fixed", "1-x"], "expected W-B"),
        (["--fixed", "1-99"], "no player with start number 99"),
        (["--fixed", "1-1"], "cannot play himself"),
        (["--fixed", "1-2", "--fixed", "2-3"], "player 2 appears twice"),
        (["--forbid", "1"], "expected start numbers"),
        (["--forbid", "1,b"], "expected start numbers"),
        (["--forbid", "1,42"], "no player with start number 42"),
        (["--separate-by", "school"], "expected club or federation"),
    ],
)
def test_cli_errors_are_one_line_and_exit_3(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["pair", str(EXAMPLE_B), *args])
    assert result.exit_code == 3, result.output
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("system", SYSTEMS)
def test_cli_forbidding_everybody_leaves_no_valid_pairing(system: str) -> None:
    args = ["pair", str(EXAMPLE_B), "--system", system, "--forbid", "1,2,3,4,5,6,7"]
    result = runner.invoke(app, args)
    assert result.exit_code == 1, result.output
    assert "no valid pairing" in result.output
