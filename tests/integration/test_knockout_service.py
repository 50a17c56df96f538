"""The knockout stage through the service, on every store: the cut seeded from the Swiss
standings, the games of each match, corrections that re-seat later matches or are refused,
undo and redo, the Swiss commands closed after the cut, hostile input, the final standings.

What the tests expect is worked out here from the rules (standard seeding 1-8, 4-5, 2-7,
3-6; a best-of-3 is won by two game wins, drawn games not counting; chess colours alternate
from the higher seed's White in game 1), not read back from the code under test.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from fairpair.core import GameResult, Player
from fairpair.core.knockout import (
    BracketKind,
    FirstWhite,
    KnockoutRules,
    MatchFormat,
)
from fairpair.formats.event_json import load_event
from fairpair.service import events as ev
from fairpair.service import knockout_events as ko
from fairpair.service.entry import event_settings
from fairpair.service.errors import CommandError
from fairpair.service.settings import EventSettings, KnockoutSettings, System
from fairpair.storage import EventStore, MemoryStore
from tests.integration.stores import ticking_clock

BO3 = KnockoutRules(match=MatchFormat.parse("best-of-3"))
CHESS_KO = KnockoutRules(match=MatchFormat.parse("classical:2,rapid:2,blitz:2,armageddon"))


def swiss(store: EventStore, seed: int = 0) -> tuple[ev.Desk, ev.Event]:
    """24 players (start number = rating order), 5 casual rounds of card-game matches with
    results drawn from ``seed``."""
    desk = ev.Desk(store, ticking_clock(), "arbiter")
    event = ev.create_event(desk, event_settings("Cards", "casual", "5", "", ""))
    players = [Player(i, f"P{i}", rating=2000 - i) for i in range(1, 25)]
    event = ev.import_players(desk, event.id, players)
    rng = random.Random(seed)
    for _ in range(5):
        event, pairing = ev.pair_round(desk, event.id)
        results = [rng.choice(["2-0", "2-1", "0-2", "1-2"]) for _ in pairing.boards]
        event = ev.enter_results(desk, event.id, list(enumerate(results, start=1)))
    return desk, event


def order(event: ev.Event) -> list[int]:
    return [row.player_id for row in ev.standings(event).rows]


def test_the_cut_seeds_the_top_of_the_standings_ties_broken_by_the_tie_breaks(
    store: EventStore,
) -> None:
    desk, event = swiss(store)
    rows = ev.standings(event).rows
    # Seed 0 leaves players 13 and 5 level on points at the cut line; OMW% puts 13 first,
    # although 5 has the lower start number (the higher rating).
    line, below = rows[7], rows[8]
    assert (line.player_id, below.player_id) == (13, 5)
    assert line.points == below.points and line.values[0] > below.values[0]

    event = ko.cut(desk, event.id, top=8, rules=BO3)

    stage = event.tournament.knockout
    assert stage is not None
    assert list(stage.seeds) == order(event)[:8]
    assert 13 in stage.seeds and 5 not in stage.seeds
    state = ko.bracket(event)
    first = [(m.top, m.bottom) for m in state.matches[:4]]
    s = stage.seeds
    assert first == [(s[0], s[7]), (s[3], s[4]), (s[1], s[6]), (s[2], s[5])]
    # The store keeps it: a new connection reads the same stage, and the log replays to it.
    reloaded = ev.load(ev.Desk(store, ticking_clock()), event.id)
    assert reloaded.tournament.knockout == stage
    assert ev.rebuild(desk, event.id).matched


def test_named_players_are_seeded_in_standings_order() -> None:
    desk, event = swiss(MemoryStore())
    ranking = order(event)
    named = [ranking[10], ranking[2], ranking[20], ranking[0]]
    event = ko.cut(desk, event.id, players=[str(pid) for pid in named], rules=BO3)
    assert event.tournament.knockout is not None
    expected = [ranking[0], ranking[2], ranking[10], ranking[20]]
    assert list(event.tournament.knockout.seeds) == expected
    record = ev.history(desk, event.id)[-1]
    assert ev.describe(record, event.tournament).startswith("cut to 4 players named")


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"top": 1}, "the cut is to 2 to 24 players"),
        ({"top": 25}, "the cut is to 2 to 24 players"),
        ({}, "give the number of players"),
        ({"top": 8, "players": ["1", "2"]}, "not both"),
        ({"players": ["1", "P1"]}, "P1 is named twice"),
        ({"players": ["1", "99"]}, "no player has start number 99"),
        ({"players": ["1", "Nobody"]}, "no player matches 'Nobody'"),
        ({"players": ["1"]}, "at least 2 players"),
        ({"players": ["1", "P\u202e2"]}, "no player matches"),
    ],
)
def test_a_cut_that_does_not_fit_is_refused_and_nothing_is_saved(
    kwargs: dict[str, object], words: str
) -> None:
    desk, event = swiss(MemoryStore())
    with pytest.raises(CommandError, match=words):
        ko.cut(desk, event.id, rules=BO3, **kwargs)  # type: ignore[arg-type]
    assert ev.load(desk, event.id).version == event.version


def test_the_cut_waits_for_the_last_round_and_comes_once() -> None:
    desk = ev.Desk(MemoryStore(), ticking_clock(), "arbiter")
    event = ev.create_event(desk, event_settings("Early", "casual", "2", "", ""))
    event = ev.import_players(desk, event.id, [Player(i, f"P{i}") for i in range(1, 7)])
    with pytest.raises(CommandError, match="no round has been played yet"):
        ko.cut(desk, event.id, top=4)
    event, _ = ev.pair_round(desk, event.id)
    with pytest.raises(CommandError, match="round 1 still lacks 3 result"):
        ko.cut(desk, event.id, top=4)
    event = ev.enter_results(desk, event.id, [(1, "2-0"), (2, "2-0"), (3, "2-0")])
    with pytest.raises(CommandError, match="round 1 of 2 is the last one played"):
        ko.cut(desk, event.id, top=4)
    event, _ = ev.pair_round(desk, event.id)
    event = ev.enter_results(desk, event.id, [(1, "2-0"), (2, "2-0"), (3, "2-0")])
    event = ko.cut(desk, event.id, top=4)
    with pytest.raises(CommandError, match="already started"):
        ko.cut(desk, event.id, top=4)


def test_a_withdrawn_player_is_not_seeded() -> None:
    desk = ev.Desk(MemoryStore(), ticking_clock(), "arbiter")
    event = ev.create_event(desk, event_settings("W", "casual", "2", "", ""))
    event = ev.import_players(desk, event.id, [Player(i, f"P{i}") for i in range(1, 7)])
    event, _ = ev.pair_round(desk, event.id)
    event = ev.enter_results(desk, event.id, [(1, "2-0"), (2, "2-0"), (3, "2-0")])
    leader = order(event)[0]
    event = ev.withdraw(desk, event.id, str(leader))
    event, _ = ev.pair_round(desk, event.id)
    event = ev.enter_results(desk, event.id, [(1, "2-0"), (2, "2-0")])
    with pytest.raises(CommandError, match="has withdrawn"):
        ko.cut(desk, event.id, players=[str(leader), str(order(event)[1])])
    with pytest.raises(CommandError, match="2 to 5 players"):
        ko.cut(desk, event.id, top=6)
    event = ko.cut(desk, event.id, top=4)
    assert event.tournament.knockout is not None
    assert leader not in event.tournament.knockout.seeds


def _swiss_commands(desk: ev.Desk, event_id: int) -> list[Callable[[], object]]:
    return [
        lambda: ev.pair_round(desk, event_id),
        lambda: ev.correct_results(desk, event_id, 5, [(1, "0-2")]),
        lambda: ev.register_player(desk, event_id, "Late Comer"),
        lambda: ev.remove_player(desk, event_id, "1"),
        lambda: ev.withdraw(desk, event_id, "1"),
        lambda: ev.grant_bye(desk, event_id, "1", None, "half"),
        lambda: ev.undo_last_pairing(desk, event_id),
    ]


def test_the_swiss_commands_are_refused_after_the_cut_and_undo_takes_it_back(
    store: EventStore,
) -> None:
    desk, event = swiss(store)
    before = event.tournament
    event = ko.cut(desk, event.id, top=8, rules=BO3)
    for command in _swiss_commands(desk, event.id):
        with pytest.raises(CommandError, match=r"knockout stage has started.*undo takes the cut"):
            command()
    assert ev.load(desk, event.id).version == event.version

    event, taken = ev.undo(desk, event.id)
    assert taken[0].action == "stage.cut"
    assert event.tournament.knockout is None and event.tournament == before
    # The Swiss is open again (a correction of round 5 is accepted), then undone.
    event = ev.correct_results(desk, event.id, 5, [(1, "0-2")])
    event, _ = ev.undo(desk, event.id)

    event = ko.cut(desk, event.id, top=8, rules=BO3)
    seeds = event.tournament.knockout.seeds  # type: ignore[union-attr]
    lot = event.tournament.knockout.lot  # type: ignore[union-attr]
    event, _ = ev.undo(desk, event.id)
    event, taken = ev.redo(desk, event.id)
    assert taken[0].action == "stage.cut"
    stage = event.tournament.knockout
    assert stage is not None and stage.seeds == seeds and stage.lot == lot
    assert ev.rebuild(desk, event.id).matched


def test_games_a_correction_that_reseats_and_one_refused_naming_the_match(
    store: EventStore,
) -> None:
    desk, event = swiss(store)
    event = ko.cut(desk, event.id, top=8, rules=BO3)
    s = event.tournament.knockout.seeds  # type: ignore[union-attr]
    # Match 1: seed 1 - seed 8; a drawn game replayed, seed 1 wins 2-1.
    event = ko.record_match(desk, event.id, 1, [("1-0", None), ("=", None), ("0-1", None)])
    assert ko.bracket(event).match(1).status.value == "playing"
    event = ko.record_match(
        desk, event.id, 1, [("1-0", None), ("=", None), ("0-1", None), ("1-0", None)]
    )
    m1 = ko.bracket(event).match(1)
    assert (m1.winner, m1.score) == (s[0], (2, 1))
    event = ko.record_match(desk, event.id, 2, [("1-0", None), ("1-0", None)])  # seed 4, 2-0
    m5 = ko.bracket(event).match(5)
    assert (m5.top, m5.bottom) == (s[0], s[3])
    log = ev.history(desk, event.id)
    assert ev.describe(log[-1], event.tournament) == (
        f"match 2 (Quarter-finals): {s[3]} P{s[3]} 2-0 {s[4]} P{s[4]}, {s[3]} P{s[3]} goes through"
    )
    assert ev.headline(log[-1], event.tournament) == "games of match 2"

    # A correction of match 1 that sends seed 8 through re-seats match 5 (no games yet).
    event = ko.record_match(desk, event.id, 1, [("0-1", None), ("0-1", None)])
    assert ev.history(desk, event.id)[-1].payload["correction"] is True
    m5 = ko.bracket(event).match(5)
    assert (m5.top, m5.bottom) == (s[7], s[3])

    # Match 5 is played; a correction of match 1 that changes who goes through is refused,
    # naming match 5; one that keeps the same winner is taken and match 5 stays.
    event = ko.record_match(desk, event.id, 5, [("1-0", None)])
    version = event.version
    with pytest.raises(CommandError, match=r"match 5 \(Semi-finals\) already has games"):
        ko.record_match(desk, event.id, 1, [("1-0", None), ("1-0", None)])
    assert ev.load(desk, event.id).version == version
    event = ko.record_match(desk, event.id, 1, [("0-1", None), ("1-0", None), ("0-1", None)])
    assert ko.bracket(event).match(5).games == event.tournament.knockout.games(5)  # type: ignore[union-attr]
    assert len(ko.bracket(event).match(5).games) == 1

    # Undo and redo of a match.
    event, taken = ev.undo(desk, event.id)
    assert taken[0].action == "knockout.games"
    assert len(ko.bracket(event).match(1).games) == 2
    event, _ = ev.redo(desk, event.id)
    assert len(ko.bracket(event).match(1).games) == 3
    # Clearing a match takes its games away.
    event = ko.record_match(desk, event.id, 5, [])
    assert ko.bracket(event).match(5).status.value == "ready"
    assert ev.rebuild(desk, event.id).matched


def test_hostile_match_input_is_refused_naming_what_is_wrong() -> None:
    desk, event = swiss(MemoryStore())
    event = ko.cut(desk, event.id, top=8, rules=BO3)
    s = event.tournament.knockout.seeds  # type: ignore[union-attr]
    refused = [
        (0, [("1-0", None)], "there is no match 0: the matches are 1-7"),
        (999, [("1-0", None)], "there is no match 999"),
        (
            5,
            [("1-0", None)],
            r"match 5 \(Semi-finals\): its players are not known yet "
            r"\(it waits for the winner of match 1 and the winner of match 2\)",
        ),
        (1, [("1-0", None), ("1-0", None), ("1-0", None)], "game 3 is one too many"),
        (1, [("--", None)], "one player must go through"),
        (1, [("2-1", None)], "is a match score"),
        (1, [("1-0", str(s[0]))], "a card or board game's match has no colours"),
        (1, [("x", None)], "is not a result"),
        (1, [("1-0\u202e", None)], "is not a result"),
    ]
    for match, games, words in refused:
        with pytest.raises(CommandError, match=words):
            ko.record_match(desk, event.id, match, games)
    assert ev.load(desk, event.id).version == event.version
    # A forfeit loses the whole match.
    event = ko.record_match(desk, event.id, 1, [("-+", None)])
    assert ko.bracket(event).match(1).winner == s[7]


def test_no_match_before_the_cut() -> None:
    desk, event = swiss(MemoryStore())
    with pytest.raises(CommandError, match="has no knockout stage"):
        ko.record_match(desk, event.id, 1, [("1-0", None)])
    with pytest.raises(CommandError, match="has no knockout stage"):
        ko.bracket(event)


def test_final_standings_after_the_bracket_then_the_swiss_below_the_cut(
    store: EventStore,
) -> None:
    desk, event = swiss(store)
    ranking = order(event)
    event = ko.cut(desk, event.id, top=8, rules=BO3)
    # Match 1 (seed 1 - 8), 2 (4 - 5), 3 (2 - 7), 4 (3 - 6): the lower seed wins each 2-0
    # (its game results written second). Match 5 is winner 1 - winner 2 (8 - 5), match 6
    # winner 3 - winner 4 (7 - 6); 8 and 6 win them; the final 8 - 6 goes to 8.
    won = {1: "0-1", 2: "0-1", 3: "0-1", 4: "0-1", 5: "1-0", 6: "0-1", 7: "1-0"}
    for match, result in won.items():
        event = ko.record_match(desk, event.id, match, [(result, None), (result, None)])
    s = event.tournament.knockout.seeds  # type: ignore[union-attr]
    state = ko.bracket(event)
    assert (state.match(5).top, state.match(5).bottom) == (s[7], s[4])
    assert (state.match(7).top, state.match(7).bottom) == (s[7], s[5])
    assert state.champion == s[7] and state.finished

    rows = ko.final_standings(event)
    seen = [(r.place, r.player.id, r.stage) for r in rows]
    knockout = [
        ("1", s[7]),
        ("2", s[5]),
        ("3-4", s[4]),
        ("3-4", s[6]),
        ("5-8", s[0]),
        ("5-8", s[1]),
        ("5-8", s[2]),
        ("5-8", s[3]),
    ]
    below = [(str(place), pid) for place, pid in enumerate(ranking[8:], start=9)]
    assert [(p, pid) for p, pid, _ in seen] == knockout + below
    assert {stage for _, _, stage in seen[:8]} == {"knockout"}
    assert {stage for _, _, stage in seen[8:]} == {"Swiss (casual)"}
    assert rows[0].decided == "won the final"
    assert rows[1].decided == "lost the final"
    assert rows[2].decided == "lost in the semi-finals"
    assert rows[4].decided == "lost in the quarter-finals"
    assert rows[8].decided.endswith("after 5 rounds, 9th in the standings")


def test_a_third_place_match_splits_three_and_four() -> None:
    desk, event = swiss(MemoryStore())
    rules = KnockoutRules(match=MatchFormat.parse("bo1"), third_place=True)
    event = ko.cut(desk, event.id, top=4, rules=rules)
    s = event.tournament.knockout.seeds  # type: ignore[union-attr]
    # Matches: 1 (seed 1 - 4), 2 (2 - 3), then the third-place match 3 and the final 4.
    for match, result in [(1, "1-0"), (2, "1-0"), (3, "0-1"), (4, "0-1")]:
        event = ko.record_match(desk, event.id, match, [(result, None)])
    places = [(r.place, r.player.id) for r in ko.final_standings(event)[:4]]
    assert places == [("1", s[1]), ("2", s[0]), ("3", s[2]), ("4", s[3])]
    assert ko.final_standings(event)[2].decided == "won the third-place match"


def test_a_standalone_chess_knockout_seeded_by_rating_colours_and_armageddon(
    store: EventStore,
) -> None:
    desk = ev.Desk(store, ticking_clock(), "arbiter")
    settings = EventSettings("Cup", System.KNOCKOUT, knockout=KnockoutSettings(CHESS_KO))
    event = ev.create_event(desk, settings)
    # Start numbers in reverse rating order: seeding must follow the ratings.
    players = [Player(i, f"Q{i}", rating=2000 + 10 * i) for i in range(1, 17)]
    event = ev.import_players(desk, event.id, players)
    with pytest.raises(CommandError, match="a knockout has no rounds to pair"):
        ev.pair_round(desk, event.id)
    with pytest.raises(CommandError, match="has not started"):
        ko.record_match(desk, event.id, 1, [("1-0", None)])
    with pytest.raises(CommandError, match="seeds all its players by rating"):
        ko.cut(desk, event.id, top=8)
    event = ko.cut(desk, event.id)
    stage = event.tournament.knockout
    assert stage is not None and list(stage.seeds) == list(range(16, 0, -1))
    assert ev.headline(ev.history(desk, event.id)[-1], event.tournament) == (
        "the start of the knockout"
    )

    # Match 1: seed 1 (Q16) - seed 16 (Q1). Classical 2 draws, rapid 2 draws, blitz 2
    # draws, then the Armageddon drawn: Black wins it.
    draws = [("=", None)] * 6
    event = ko.record_match(desk, event.id, 1, draws)
    games = event.tournament.knockout.games(1)  # type: ignore[union-attr]
    # Higher seed White in game 1, colours alternating.
    assert [g.white for g in games] == [16, 1, 16, 1, 16, 1]
    state = ko.bracket(event).match(1)
    assert state.next_game is not None and state.next_game.phase.kind.value == "armageddon"
    armageddon_white = state.next_game.white
    event = ko.record_match(desk, event.id, 1, [*draws, ("=", None)])
    state = ko.bracket(event).match(1)
    assert state.winner == ({16, 1} - {armageddon_white}).pop()

    # Match 2 decided in the rapid: a white ref says who had White.
    event = ko.record_match(
        desk, event.id, 2, [("=", None), ("=", None), ("1-0", "Q9"), ("=", None)]
    )
    games = event.tournament.knockout.games(2)  # type: ignore[union-attr]
    assert [(g.white, g.result) for g in games][2] == (9, GameResult.WHITE_WINS)
    assert ko.bracket(event).match(2).winner == 9
    with pytest.raises(CommandError, match="Q3 does not play in match 3"):
        ko.record_match(desk, event.id, 3, [("1-0", "Q3")])
    # Classical 1½-½ decides match 3 after two games (no rapid).
    event = ko.record_match(desk, event.id, 3, [("1-0", None), ("=", None)])
    assert ko.bracket(event).match(3).status.value == "decided"
    assert ev.rebuild(desk, event.id).matched
    assert ko.final_standings(event)[0].decided.startswith("lost in the round of 16")

    # The event's JSON export carries the knockout stage.
    exported = ev.export(event, "json")
    assert "knockout" in json.loads(exported)
    assert load_event(exported).knockout == event.tournament.knockout


def test_knockout_settings_are_kept_and_described() -> None:
    settings = KnockoutSettings(
        KnockoutRules(
            kind=BracketKind.DOUBLE,
            match=MatchFormat.parse("classical:2,armageddon"),
            reset=False,
            first_white=FirstWhite.LOT,
        )
    )
    assert KnockoutSettings.from_data(settings.to_data()) == settings
    lines = dict(settings.describe())
    assert lines["bracket"].startswith("Double elimination")
    assert lines["matches"] == (
        "2 classical games, then an Armageddon (a draw counts as a win for Black)"
    )
    assert lines["grand final"] == "one match, no reset"
    assert lines["White in game 1"] == "drawn by lot for each match"
    with pytest.raises(CommandError, match="third-place match is for single elimination"):
        KnockoutSettings(KnockoutRules(kind=BracketKind.DOUBLE, third_place=True))
