"""The director's use cases on the in-memory store: results, manual boards, start numbers,
byes and withdrawals, and the log as the source of truth."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.core import ByeKind, GameResult, MatchScore, Player, RequestedBye
from fairpair.core.knockout import KnockoutRules
from fairpair.service import actions, directors, players, rating_lists, sections
from fairpair.service import events as ev
from fairpair.service import knockout_events as ko
from fairpair.service.errors import CommandError
from fairpair.service.results import format_result, parse_result
from fairpair.service.settings import EventSettings, KnockoutSettings, System, parse_points
from fairpair.service.venue import ClockStep
from fairpair.storage import DirectorRecord, MemoryStore


def desk() -> ev.Desk:
    return ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, 9, tzinfo=UTC), "arbiter")


def round_robin(d: ev.Desk, players: int, system: System = System.BERGER) -> ev.Event:
    event = ev.create_event(d, EventSettings("Club", system))
    for i in range(1, players + 1):
        ev.register_player(d, event.id, f"Player {i}", rating=2000 - i)
    return ev.load(d, event.id)


@pytest.mark.parametrize(
    ("typed", "result", "score"),
    [
        ("1-0", GameResult.WHITE_WINS, None),
        ("0-1", GameResult.BLACK_WINS, None),
        ("1/2", GameResult.DRAW, None),
        ("=", GameResult.DRAW, None),
        ("½", GameResult.DRAW, None),
        ("+-", GameResult.WHITE_WINS_BY_FORFEIT, None),
        ("-+", GameResult.BLACK_WINS_BY_FORFEIT, None),
        ("--", GameResult.DOUBLE_FORFEIT, None),
        ("0-0", GameResult.DOUBLE_FORFEIT, None),
        ("2-1", GameResult.WHITE_WINS, MatchScore(2, 1)),
        ("0-2", GameResult.BLACK_WINS, MatchScore(0, 2)),
        ("1-1-1", GameResult.DRAW, MatchScore(1, 1, 1)),
        ("0-0-1", GameResult.DRAW, MatchScore(0, 0, 1)),
    ],
)
def test_typed_results(typed: str, result: GameResult, score: MatchScore | None) -> None:
    entered = parse_result(typed)
    assert (entered.result, entered.match_score) == (result, score)


@pytest.mark.parametrize("typed", ["", "1:0", "10", "2-1-0-0", "0-0-0", "x", "1-0-"])
def test_malformed_results(typed: str) -> None:
    with pytest.raises(CommandError, match=r"not a result|has no games"):
        parse_result(typed)


def test_results_are_shown_as_on_a_pairing_sheet() -> None:
    assert format_result(GameResult.DRAW) == "½-½"
    assert format_result(GameResult.WHITE_WINS, MatchScore(2, 1, 1)) == "2-1-1"
    assert format_result(None) == ""


def test_points_as_typed() -> None:
    assert parse_points("3,1,0").win == 30
    assert parse_points("1,0.5,0,0.5").pairing_bye == 5
    with pytest.raises(CommandError, match="give win,draw,loss"):
        parse_points("1,0")
    with pytest.raises(CommandError, match="loss <= draw <= win"):
        parse_points("0,0.5,1")


def test_an_odd_round_robin_bye_scores_nothing_by_default() -> None:
    d = desk()
    event = round_robin(d, 3)
    assert event.tournament.points.pairing_bye == 0


def test_a_manual_board_pairs_the_displaced_players_together() -> None:
    d = desk()
    event = round_robin(d, 6)
    event, pairing = ev.pair_round(d, event.id)
    (a, b), (c, e) = [(g.white, g.black) for g in pairing.boards[:2]]
    event = ev.set_manual_board(d, event.id, str(a), str(c))
    games = event.tournament.rounds[0].games
    assert (games[0].white, games[0].black) == (a, c)
    assert {games[1].white, games[1].black} == {b, e}
    assert ev.rebuild(d, event.id).matched


def test_a_manual_board_can_take_the_bye_holder() -> None:
    d = desk()
    event = round_robin(d, 5)
    event, pairing = ev.pair_round(d, event.id)
    assert pairing.bye is not None
    first = pairing.boards[0]
    event = ev.set_manual_board(d, event.id, str(first.white), str(pairing.bye))
    rnd = event.tournament.rounds[0]
    assert (rnd.games[0].white, rnd.games[0].black) == (first.white, pairing.bye)
    assert rnd.pairing_bye == first.black


def test_a_manual_board_needs_boards_without_results() -> None:
    d = desk()
    event = round_robin(d, 4)
    event, pairing = ev.pair_round(d, event.id)
    ev.enter_results(d, event.id, [(1, "1-0")])
    other = pairing.boards[1]
    with pytest.raises(CommandError, match="board 1 already has a result"):
        ev.set_manual_board(d, event.id, str(other.white), str(pairing.boards[0].white))


def test_a_swiss_gets_start_numbers_by_rating_before_round_1() -> None:
    d = desk()
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=5))
    for name, rating in (("Low", 1200), ("High", 2500), ("Mid", 1800), ("Unrated", None)):
        ev.register_player(d, event.id, name, rating=rating)
    ev.grant_bye(d, event.id, "low", 1, "half")
    event, pairing = ev.pair_round(d, event.id)
    t = event.tournament
    assert [p.name for p in t.players] == ["High", "Mid", "Low", "Unrated"]
    assert [p.id for p in t.players] == [1, 2, 3, 4]
    assert (3, ByeKind.HALF_POINT) in [(b.player, b.kind) for b in t.rounds[0].byes]
    assert len(pairing.boards) == 1 and pairing.bye is not None
    assert ev.history(d, event.id)[-1].payload["order"] == [2, 3, 1, 4]
    assert ev.rebuild(d, event.id).matched
    with pytest.raises(CommandError, match="start numbers are fixed"):
        actions.renumbered(t, [2, 1, 3, 4])


def test_byes_and_withdrawals_only_for_rounds_not_yet_paired() -> None:
    d = desk()
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=5))
    for name in ("Ann", "Bob"):
        ev.register_player(d, event.id, name)
    with pytest.raises(CommandError, match="the event has 5 rounds, not 6"):
        ev.grant_bye(d, event.id, "ann", 6, "half")
    with pytest.raises(CommandError, match="choose full, half or zero"):
        ev.grant_bye(d, event.id, "ann", 2, "double")
    ev.withdraw(d, event.id, "bob", 3)
    with pytest.raises(CommandError, match="already withdrawn"):
        ev.withdraw(d, event.id, "bob")
    with pytest.raises(CommandError, match="has withdrawn"):
        ev.grant_bye(d, event.id, "bob", 4, "zero")


def test_a_round_robin_is_closed_once_started() -> None:
    d = desk()
    event = round_robin(d, 4)
    ev.pair_round(d, event.id)
    with pytest.raises(CommandError, match="cannot join a round robin"):
        ev.register_player(d, event.id, "Late")
    with pytest.raises(CommandError, match="follows its schedule"):
        ev.grant_bye(d, event.id, "1", 2, "half")


def test_a_damaged_snapshot_is_rebuilt_from_the_log() -> None:
    d = desk()
    event = round_robin(d, 4)
    event, _ = ev.pair_round(d, event.id)
    good = ev.load(d, event.id).tournament
    d.store.replace_snapshot(event.id, event.version, good.replace(rounds=()))
    report = ev.rebuild(d, event.id)
    assert not report.matched
    assert ev.load(d, event.id).tournament == good
    assert ev.rebuild(d, event.id).matched


def test_events_are_found_by_name_or_id_else_the_latest() -> None:
    d = desk()
    first = ev.create_event(d, EventSettings("Spring Open", System.DUTCH, rounds=5))
    ev.create_event(d, EventSettings("Club", System.BERGER))
    assert ev.find_event(d, "spring open").id == first.id
    assert ev.find_event(d, str(first.id)).name == "Spring Open"
    with pytest.raises(Exception, match="no event 'Autumn'; the events are: 'Spring Open', 'Club'"):
        ev.find_event(d, "Autumn")


COMMANDS = st.lists(
    st.one_of(
        st.tuples(st.just("pair"), st.just(0), st.just("")),
        st.tuples(st.just("result"), st.integers(1, 5), st.sampled_from(["1-0", "0-1", "=", "+-"])),
        st.tuples(st.just("correct"), st.integers(1, 5), st.sampled_from(["1-0", "=", "--"])),
        st.tuples(st.just("undo"), st.just(0), st.just("")),
        st.tuples(st.just("edit"), st.integers(1, 7), st.sampled_from(["A", "B"])),
    ),
    max_size=25,
)


@settings(max_examples=40, deadline=None)
@given(COMMANDS)
def test_replaying_the_log_always_gives_the_saved_snapshot(
    commands: list[tuple[str, int, str]],
) -> None:
    d = desk()
    event = round_robin(d, 7, System.ROTATION)
    for name, number, text in commands:
        try:
            match name:
                case "pair":
                    ev.pair_round(d, event.id)
                case "result":
                    ev.enter_results(d, event.id, [(number, text)])
                case "correct":
                    rounds = len(ev.load(d, event.id).tournament.rounds)
                    ev.correct_results(d, event.id, max(rounds, 1), [(number, text)])
                case "undo":
                    ev.undo_last_pairing(d, event.id)
                case "edit":
                    ev.edit_player(d, event.id, str(number), {"club": text})
        except CommandError:
            pass
    stored = ev.load(d, event.id)
    log = ev.history(d, event.id)
    assert len(log) == stored.version
    assert actions.replay((r.action, r.payload) for r in log) == stored.tournament


def test_a_late_entry_has_zero_point_byes_and_a_withdrawn_player_is_absent() -> None:
    d = desk()
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=5))
    for name in ("Ann", "Bob", "Cy"):
        ev.register_player(d, event.id, name)
    paired = actions.apply(
        ev.load(d, event.id).tournament,
        "player.withdrawn",
        {"player": 3, "round": 1},
    )
    paired = actions.apply(paired, "round.paired", {"round": 1, "boards": [[1, 2]], "bye": None})
    assert [(b.player, b.kind) for b in paired.rounds[0].byes] == [(3, ByeKind.ABSENT)]
    late = actions.apply(paired, "player.registered", {"players": [{"id": 4, "name": "Dee"}]})
    assert [(b.player, b.kind) for b in late.rounds[0].byes][-1] == (4, ByeKind.ZERO_POINT)
    assert late.before_round(1).requested_byes == (
        RequestedBye(1, 3, ByeKind.ABSENT),
        RequestedBye(1, 4, ByeKind.ZERO_POINT),
    )


def test_a_card_game_event_has_no_colours_and_ranks_on_opponents_match_wins() -> None:
    d = desk()
    event = ev.create_event(
        d, EventSettings("Friday draft", System.BERGER, points=parse_points("3,1,0"))
    )
    assert event.settings.chosen_tiebreaks == ("OMW", "GW", "OGW")
    for name in ("Ann", "Bob", "Cy", "Dee"):
        ev.register_player(d, event.id, name)
    event, _ = ev.pair_round(d, event.id)
    event = ev.enter_results(d, event.id, [(1, "2-1"), (2, "1-1-1")])
    games = event.tournament.rounds[0].games
    assert not any(g.coloured for g in games)
    assert games[0].match_score == MatchScore(2, 1)
    rows = ev.standings(event).rows
    assert rows[0].points == 3 and rows[-1].points == 0


def test_every_action_reads_as_words_in_the_log() -> None:
    d = desk()
    event = round_robin(d, 5)
    event, _ = ev.pair_round(d, event.id)
    ev.undo_last_pairing(d, event.id)
    event, pairing = ev.pair_round(d, event.id)
    ev.set_manual_board(d, event.id, str(pairing.boards[0].white), str(pairing.boards[1].white))
    ev.enter_results(d, event.id, [(1, "1-0")])
    ev.correct_results(d, event.id, 1, [(1, "0-1"), (2, "=")])
    ev.edit_player(d, event.id, "1", {"rating": 2100})
    swiss = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=5))
    ev.import_players(d, swiss.id, [Player(1, "Ann"), Player(2, "Bob")])
    ev.grant_bye(d, swiss.id, "ann", 2, "half")
    ev.withdraw(d, swiss.id, "bob", 3)
    ev.return_player(d, swiss.id, "bob")
    ev.register_player(d, swiss.id, "Cy")
    ev.remove_player(d, swiss.id, "cy")
    ev.forbid_pairs(d, swiss.id, ["ann", "bob"])
    d.store.add_director(DirectorRecord(d.actor, "$argon2id$unused", d.clock()))
    directors.give_event(d, swiss.id, d.actor)
    d.store.add_director(DirectorRecord("bruno", "$argon2id$unused", d.clock()))
    directors.set_staff(d, swiss.id, "bruno", "assistant")
    ev.edit_event(d, swiss.id, {"city": "Lyon"})
    ev.set_clock(d, swiss.id, ClockStep.START, 25)
    ev.announce(d, swiss.id, "Round 2 at 14:00")
    sections.add_section(d, swiss.id, "Juniors", system=System.BERGER, rounds=None)
    cup = ev.create_event(
        d, EventSettings("Cup", System.KNOCKOUT, knockout=KnockoutSettings(KnockoutRules()))
    )
    ev.import_players(d, cup.id, [Player(1, "Ann"), Player(2, "Bob", rating=2100)])
    ko.cut(d, cup.id)
    ko.record_match(d, cup.id, 1, [("0-1", None)])
    night = ev.create_event(d, EventSettings("Night", System.DUTCH, rounds=3))
    ev.import_players(d, night.id, [Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cy")])
    players.issue_codes(d, night.id)
    players.open_check_in(d, night.id)
    players.close_check_in(d, night.id)
    players.open_check_in(d, night.id)
    players.check_in(d, night.id, "ann")
    players.check_in(d, night.id, "bob")
    players.mark_missing(d, night.id, "absent")
    paired, _ = ev.pair_round(d, night.id)
    players.switch_reporting(d, night.id, on=True)
    game = paired.tournament.rounds[0].games[0]
    players.report_result(d, night.id, game.white, 1, "1-0")
    rated = ev.create_event(d, EventSettings("Rated", System.DUTCH, rounds=5))
    ev.register_player(d, rated.id, "Carlsen, Magnus", rating=2800, fide_id="1503014")
    list_xml = b"<playerslist><player><fideid>1503014</fideid><name>Carlsen, Magnus</name>"
    list_xml += b"<rating>2823</rating><title>GM</title></player></playerslist>"
    rating_lists.import_list(
        d, io.BytesIO(list_xml), "list.xml", "FIDE 2026-11", rating_lists.ListFormat.XML
    )
    rating_lists.update_ratings(d, rated.id)
    lines = []
    for event_id in (event.id, swiss.id, cup.id, night.id, rated.id):
        t = ev.load(d, event_id).tournament
        lines += [(r.action, ev.describe(r, t)) for r in ev.history(d, event_id)]
    assert {action for action, _ in lines} >= set(actions.ACTIONS) | {"event.created"}
    assert all(text != action for action, text in lines)
    assert ("bye.granted", "half-point bye for 1 Ann in round 2") in lines
    assert ("pairs.forbidden", "kept apart from round 1 on: 1 Ann, 2 Bob") in lines
    assert ("event.claimed", f"{d.actor} now runs the event") in lines
    assert ("event.staff", "bruno is now assistant of the event") in lines
    assert ("event.edited", "edited the event: city 'Lyon' (was none)") in lines
    assert ("clock.set", "started the round clock (25 min, 25:00 left)") in lines
    assert ("announcement.set", "announced: Round 2 at 14:00") in lines
    assert ("section.set", "this event is section A of the open") in lines
    assert ("player.returned", "took back the withdrawal of 2 Bob") in lines
    assert ("player.removed", "removed 3 Cy (never paired)") in lines
    assert (
        "ratings.updated",
        "updated ratings from FIDE 2026-11: 1 Carlsen, Magnus 2800->2823",
    ) in lines
    assert ("checkin.missing", "did not check in, absent from round 1: 3 Cy") in lines
    # The codes themselves never reach a line of the log.
    assert ("player.codes.issued", "new player code for 1 Ann, 2 Bob, 3 Cy") in lines
    assert (
        "stage.cut",
        "started the knockout: 2 players seeded by rating (single elimination, best-of-1): "
        "seed 1 2 Bob, seed 2 1 Ann",
    ) in lines
    assert ("knockout.games", "match 1 (Final): 2 Bob 0-1 1 Ann, 1 Ann goes through") in lines


def test_a_casual_swiss_is_paired_by_its_engine_reproducibly_and_without_rematches() -> None:
    d = desk()
    event = ev.create_event(d, EventSettings("Club night", System.CASUAL, rounds=4, seed=5))
    for i in range(1, 10):
        ev.register_player(d, event.id, f"Player {i}", rating=1500 + 37 * i % 400)
    met: set[frozenset[int]] = set()
    for _ in range(4):
        event, pairing = ev.pair_round(d, event.id)
        event = ev.undo_last_pairing(d, event.id)
        event, again = ev.pair_round(d, event.id)
        assert again == pairing
        assert pairing.bye is not None and len(pairing.boards) == 4
        for game in pairing.boards:
            assert frozenset((game.white, game.black)) not in met
            met.add(frozenset((game.white, game.black)))
        event = ev.enter_results(d, event.id, [(b, "1-0") for b in range(1, 5)])
    assert ev.rebuild(d, event.id).matched
    with pytest.raises(CommandError, match="all 4 rounds are paired"):
        ev.pair_round(d, event.id)


@pytest.mark.parametrize("system", [System.DUTCH, System.BURSTEIN])
def test_a_fide_swiss_replays_exactly_under_its_own_system(system: System) -> None:
    from fairpair.pairing.checker import replay
    from fairpair.pairing.registry import pairing_system

    d = desk()
    event = ev.create_event(d, EventSettings("Open", system, rounds=4))
    ev.import_players(
        d,
        event.id,
        [Player(i, f"Player {i:02d}", rating=2400 - 53 * i % 700) for i in range(1, 12)],
    )
    ev.grant_bye(d, event.id, "Player 05", 2, "half")
    outcomes = ["1-0", "0-1", "=", "1-0", "0-1"]
    for number in range(1, 5):
        event, pairing = ev.pair_round(d, event.id)
        entries = [(b, outcomes[(b + number) % 5]) for b in range(1, len(pairing.boards) + 1)]
        event = ev.enter_results(d, event.id, entries)
    assert replay(event.tournament, pairing_system(system.value)) == []


def test_an_export_the_trf_has_no_room_for_is_a_command_error_not_a_crash() -> None:
    # A player stored before his fields were checked at registration (the service takes the
    # fields as given): the TRF export says what does not fit instead of failing.
    d = desk()
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=3))
    ev.register_player(d, event.id, "Kovacs", federation="HUNGARY")
    with pytest.raises(CommandError, match="cannot write the TRF: federation 'HUNGARY'"):
        ev.export(ev.load(d, event.id), "trf")
    assert "HUNGARY" in ev.export(ev.load(d, event.id), "json")
