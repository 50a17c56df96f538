"""Why each board of a round is as it is (issue #18: pairings players can trust).

The reasons come from the pairing system; what they state is checked here against the games
themselves, counted by the test: the points each player had before the round, the colours
they had played, the round in which a usual opponent was already met. The small cases are
drawn by hand from the Dutch rules (C.04.3): a score group in ranking order, its top half
against its bottom half, no two players meeting twice."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime
from fractions import Fraction

from fairpair.core import GameResult, Player
from fairpair.service import events as ev
from fairpair.service.explanations import round_explanations
from fairpair.service.settings import EventSettings, System
from fairpair.storage.memory import MemoryStore

RESULTS = {"1-0": (1, 0), "0-1": (0, 1), "1/2": (Fraction(1, 2), Fraction(1, 2))}


def started(system: System, players: int, rounds: int) -> tuple[ev.Desk, int]:
    desk = ev.Desk(MemoryStore(), lambda: datetime.now(UTC), "arbiter")
    event = ev.create_event(desk, EventSettings("Open", system, rounds=rounds), owner="arbiter")
    people = [
        Player(id=i, name=f"Player {i:02d}", rating=2400 - 10 * i) for i in range(1, players + 1)
    ]
    ev.import_players(desk, event.id, people)
    return desk, event.id


def play(desk: ev.Desk, event_id: int, results: list[str]) -> ev.Event:
    event, _ = ev.pair_round(desk, event_id)
    games = event.tournament.rounds[-1].games
    assert len(games) == len(results)
    return ev.enter_results(desk, event_id, list(enumerate(results, start=1)))


def test_a_rematch_rules_out_the_usual_board() -> None:
    # Four players, round 1 by the Dutch rules: 1 v 3, 2 v 4 (top half against bottom half),
    # 1 White (an odd pairing number takes the initial colour, White) and 2 Black, so 3 Black
    # and 4 White. Both games drawn: all four on ½, in the order 1 2 3 4. The usual boards
    # 1 v 3 and 2 v 4 are rematches; of the pairings left, 1 v 4 and 2 v 3 would give two
    # players the colour they are not due (1 and 4 both want Black), while 1 v 2 and 3 v 4
    # give everyone theirs (C12): the round is 1 v 2, 3 v 4.
    desk, event_id = started(System.DUTCH, 4, 3)
    first = play(desk, event_id, ["1/2", "1/2"])
    assert {(g.white, g.black) for g in first.tournament.rounds[0].games} == {(1, 3), (4, 2)}
    event, _ = ev.pair_round(desk, event_id)
    games = event.tournament.rounds[1].games
    assert {frozenset((g.white, g.black)) for g in games} == {frozenset((1, 2)), frozenset((3, 4))}
    reasons = {
        frozenset((g.white, g.black)): why
        for g, why in zip(games, round_explanations(event, 2), strict=True)
    }
    top = reasons[frozenset((1, 2))]
    assert "both had 0.5 points" in top.met
    assert "The usual opponent of Player 01 (1)" in top.instead
    assert "was Player 03 (3), but they met in round 1" in top.instead
    # 3 is the higher-ranked of its board and in the bottom half: its usual opponent is 1.
    low = reasons[frozenset((3, 4))]
    assert "The usual opponent of Player 03 (3)" in low.instead
    assert "was Player 01 (1), but they met in round 1" in low.instead
    # The colours: each got the colour they were due (rule 6.1), said in words.
    assert "Player 01 (1): White, so is due Black (one more White than Black game)" in top.colours
    assert "Player 02 (2): Black, so is due White (one more Black than White game)" in top.colours
    assert "each got the colour they were due" in top.colours


def test_round_one_is_the_usual_board_and_colours_by_lot() -> None:
    desk, event_id = started(System.DUTCH, 6, 3)
    event, _ = ev.pair_round(desk, event_id)
    reasons = round_explanations(event, 1)
    assert len(reasons) == 3
    for why in reasons:
        assert "both had 0 points" in why.met
        assert why.instead.startswith("This is the usual board of their score group")
        # No games yet: neither is due a colour, so the pairing number decides (rule 6.6).
        assert "no game yet, so no colour due" in why.colours
        assert "pairing number decides" in why.colours


def _count(event: ev.Event, number: int) -> tuple[dict[int, Fraction], dict[int, list[str]]]:
    """Points and colours of every player before round ``number``, from the games alone."""
    points: dict[int, Fraction] = {p.id: Fraction(0) for p in event.tournament.players}
    colours: dict[int, list[str]] = {p.id: [] for p in event.tournament.players}
    for rnd in event.tournament.rounds[: number - 1]:
        for g in rnd.games:
            assert g.result is not None
            white, black = {
                GameResult.WHITE_WINS: (1, 0),
                GameResult.BLACK_WINS: (0, 1),
                GameResult.DRAW: (Fraction(1, 2), Fraction(1, 2)),
            }[g.result]
            points[g.white] += white
            points[g.black] += black
            colours[g.white].append("White")
            colours[g.black].append("Black")
        for bye in rnd.byes:
            points[bye.player] += 1  # the pairing-allocated bye: a win's points
    return points, colours


def _shown(value: Fraction) -> str:
    whole, half = divmod(value, 1)
    return f"{int(whole)}.5" if half else str(int(whole))


def test_reasons_state_the_facts_of_the_games() -> None:
    rng = random.Random(20261124)
    desk, event_id = started(System.DUTCH, 15, 5)
    event = None
    for _ in range(5):
        event, _ = ev.pair_round(desk, event_id)
        boards = len(event.tournament.rounds[-1].games)
        event = ev.enter_results(
            desk, event_id, [(b, rng.choice(list(RESULTS))) for b in range(1, boards + 1)]
        )
    assert event is not None
    t = event.tournament
    claims = 0
    for number in range(2, 6):
        points, colours = _count(event, number)
        games = t.rounds[number - 1].games
        reasons = round_explanations(event, number)
        assert [why.board for why in reasons] == list(range(1, len(games) + 1))
        for g, why in zip(games, reasons, strict=True):
            assert "director" not in " ".join(why.lines)  # the system made every board
            for pid in (g.white, g.black):
                name = f"Player {pid:02d} ({pid})"
                assert f"{name} had {_shown(points[pid])} point" in why.met or (
                    f"both had {_shown(points[pid])} point" in why.met
                ), (number, why.met)
                history = " ".join(colours[pid]) or "no game yet"
                assert f"{name}: {history}, so" in why.colours, (number, why.colours)
            found = re.search(
                r"The usual opponent of .*\((\d+)\).* was .*\((\d+)\), but they met in round (\d+)",
                why.instead,
            )
            if found:
                a, b, met = (int(x) for x in found.groups())
                earlier = t.rounds[met - 1].games
                assert any({x.white, x.black} == {a, b} for x in earlier)
                claims += 1
    assert claims > 0  # the random rounds did force rematches to be avoided


def test_a_board_paired_by_hand_says_so() -> None:
    desk, event_id = started(System.DUTCH, 8, 3)
    event, _ = ev.pair_round(desk, event_id)
    first = event.tournament.rounds[0].games[0]
    assert not any("director" in " ".join(w.lines) for w in round_explanations(event, 1))
    # 1 and 2 (the top two) paired by hand: their opponents meet instead. The reasons kept
    # for the round as the system paired it must not be served for the changed round.
    event = ev.set_manual_board(desk, event_id, "1", "2")
    reasons = round_explanations(event, 1)
    by_pair = {
        frozenset((g.white, g.black)): why
        for g, why in zip(event.tournament.rounds[0].games, reasons, strict=True)
    }
    assert "The director paired this board" in by_pair[frozenset((1, 2))].met
    assert frozenset((first.white, first.black)) not in by_pair


def test_a_round_robin_board_names_its_table() -> None:
    desk = ev.Desk(MemoryStore(), lambda: datetime.now(UTC), "arbiter")
    event = ev.create_event(desk, EventSettings("Club", System.BERGER), owner="arbiter")
    ev.import_players(desk, event.id, [Player(id=i, name=f"P{i}") for i in range(1, 7)])
    event, _ = ev.pair_round(desk, event.id)
    reasons = round_explanations(event, 1)
    assert len(reasons) == 3
    assert all("round 1 of the round-robin table for 6 players" in why.met for why in reasons)


def test_nothing_to_explain_for_a_round_not_paired() -> None:
    desk, event_id = started(System.DUTCH, 4, 3)
    assert round_explanations(ev.load(desk, event_id), 1) == ()
