"""Late entries with the points awarded for missed rounds, and the limit on requested byes:
the core snapshot, the rules kept by ``actions.apply`` (commands and replays alike), the
service commands and the files (TRF, JSON) a late entrant is written to."""

from __future__ import annotations

import dataclasses
import io
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from fairpair.cli.engine import run as engine
from fairpair.core import (
    MATCH_POINTS,
    Bye,
    ByeKind,
    Game,
    GameResult,
    LateEntry,
    Player,
    RequestedBye,
    Round,
    Tournament,
    scores,
)
from fairpair.formats.event_json import dump_event, event_data, load_event
from fairpair.formats.trf import parse_trf, write_trf
from fairpair.pairing.dutch import pair_dutch
from fairpair.pairing.swiss.view import swiss_round
from fairpair.service import actions
from fairpair.service import events as ev
from fairpair.service.errors import CommandError
from fairpair.service.settings import ByeLimit, EventSettings, System
from fairpair.storage import MemoryStore

W, H, Z, F = (
    GameResult.WHITE_WINS,
    ByeKind.HALF_POINT,
    ByeKind.ZERO_POINT,
    ByeKind.FULL_POINT,
)


def four_players_two_rounds() -> Tournament:
    """1 beats 3 and 2; 2 beats 4; 3 beats 4: scores 2, 1, 1, 0 after round 2."""
    return Tournament(
        players=tuple(Player(i, f"Player {i}", rating=2100 - 100 * i) for i in range(1, 5)),
        rounds=(
            Round(1, (Game(1, 3, W), Game(2, 4, W))),
            Round(2, (Game(1, 2, W), Game(3, 4, W))),
        ),
        total_rounds=5,
    )


LATE = Player(5, "Late, Lucy", rating=1500)


# --- the core: a late entry --------------------------------------------------------------


def test_a_late_entry_gets_the_awarded_bye_in_every_missed_round() -> None:
    t = four_players_two_rounds().with_player(LATE, [H, F])
    assert t.late_entries == (LateEntry(5, 3),)
    assert t.entry_round(5) == 3 and t.entry_round(1) == 1
    assert [b for r in t.rounds for b in r.byes] == [Bye(5, H), Bye(5, F)]
    assert scores(t)[5] == 5 + 10  # a half-point and a full-point bye under chess points
    assert four_players_two_rounds().with_player(LATE).rounds[1].byes == (Bye(5, Z),)


def test_a_player_registered_before_round_one_is_no_late_entry() -> None:
    t = Tournament(players=()).with_player(LATE)
    assert t.players == (LATE,) and t.late_entries == ()


@pytest.mark.parametrize(
    ("missed", "message"),
    [
        ([H], "missed 2 round"),
        ([H, H, H], "missed 2 round"),
        ([H, ByeKind.PAIRING_ALLOCATED], "zero, half or full-point bye"),
        ([ByeKind.ABSENT, H], "zero, half or full-point bye"),
    ],
)
def test_the_awarded_byes_must_fit_the_rounds_missed(missed: list[ByeKind], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        four_players_two_rounds().with_player(LATE, missed)


def test_a_snapshot_cannot_have_a_late_entrant_play_before_his_entry() -> None:
    t = four_players_two_rounds()
    with pytest.raises(
        ValueError, match="player 4 plays in round 1, before his late entry in round 3"
    ):
        t.replace(late_entries=(LateEntry(4, 3),))
    with pytest.raises(ValueError, match="not registered"):
        t.replace(late_entries=(LateEntry(9, 3),))
    with pytest.raises(ValueError, match="round 2 or later"):
        LateEntry(4, 1)


def test_undoing_a_round_turns_the_awarded_bye_into_an_announced_one() -> None:
    t = four_players_two_rounds().with_player(LATE, [Z, H])
    before = t.before_round(2)
    assert before.late_entries == (LateEntry(5, 3),)
    assert RequestedBye(2, 5, H) in before.requested_byes
    assert 5 not in before.players_to_pair(2)


def test_requested_byes_of_a_late_entrant_leave_out_the_missed_rounds() -> None:
    t = four_players_two_rounds().with_player(LATE, [H, H])
    assert t.byes_requested_by(5) == ()
    t = t.replace(requested_byes=(RequestedBye(4, 5, H), RequestedBye(3, 2, Z)))
    assert t.byes_requested_by(5) == (RequestedBye(4, 5, H),)
    assert t.byes_requested_by(2) == (RequestedBye(3, 2, Z),)


# --- the library: pairing a late entrant, from the snapshot and from files ---------------


@pytest.mark.parametrize(
    ("missed", "score", "eligible"),
    [([H, H], 10, True), ([Z, Z], 0, True), ([H, F], 15, False)],
)
def test_the_swiss_systems_see_the_awarded_points_in_the_late_entrants_score(
    missed: list[ByeKind], score: int, eligible: bool
) -> None:
    """A full point awarded without a game bars the pairing bye, like any full-point
    unplayed round (spec scoring.md §2)."""
    view = swiss_round(four_players_two_rounds().with_player(LATE, missed))
    (late,) = [p for p in view.players if p.id == LATE.id]
    assert (late.score, late.played_games, late.pab_eligible) == (score, 0, eligible)


def test_the_dutch_system_pairs_a_late_entrant_on_his_awarded_points() -> None:
    """With half a point for each missed round the late entrant has 1 point, as players 2
    and 3 have; player 4 alone has 0 and gets the pairing bye; the leader (2 points) has met
    2 and 3, so he floats down to the late entrant, and 2 meets 3."""
    paired = pair_dutch(four_players_two_rounds().with_player(LATE, [H, H]))
    assert paired.bye == 4
    assert {frozenset((g.white, g.black)) for g in paired.boards} == {
        frozenset((1, 5)),
        frozenset((2, 3)),
    }


def test_a_late_entrant_round_trips_through_json_and_pairs_the_same_from_trf(
    tmp_path: Path,
) -> None:
    t = four_players_two_rounds().with_player(LATE, [H, H])
    assert load_event(dump_event(t)) == t
    trf = write_trf(t)
    (line,) = [x for x in trf.splitlines() if x.startswith("001    5")]
    assert line[80:84] == " 1.0"
    assert line[91:109] == "0000 - H  0000 - H"
    from_file = parse_trf(trf).tournament()
    assert from_file.late_entries == ()  # a TRF has no late entries: only the byes
    assert pair_dutch(from_file) == pair_dutch(t)
    paired = pair_dutch(t)
    third = paired.to_round(t)
    played = dataclasses.replace(
        third, games=tuple(dataclasses.replace(g, result=W) for g in third.games)
    )
    path = tmp_path / "late.trf"
    path.write_text(write_trf(t.with_round(played)))
    out, err = io.StringIO(), io.StringIO()
    # Rounds 1 and 2 were typed in by hand (not the engine's colours); round 3, paired with
    # the late entrant's byes, is the engine's own.
    code = engine(["--dutch", str(path), "-c", "--report-only"], out, err)
    assert code == 0, out.getvalue() + err.getvalue()
    assert "round 3" not in out.getvalue()


def test_event_json_written_before_late_entries_existed_still_loads() -> None:
    data = event_data(four_players_two_rounds())
    del data["late_entries"]
    import json

    assert load_event(json.dumps(data)).late_entries == ()


# --- the bye limit -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "limit"),
    [
        ("half=2", ByeLimit(half=2)),
        ("half=2,last=2", ByeLimit(half=2, closed_last_rounds=2)),
        (" FULL=0, zero=3 ,total=4", ByeLimit(full=0, zero=3, total=4)),
    ],
)
def test_bye_limits_as_typed(text: str, limit: ByeLimit) -> None:
    assert ByeLimit.parse(text) == limit
    assert ByeLimit.from_data(limit.to_data()) == limit


@pytest.mark.parametrize(
    "text", ["2", "half", "half=x", "half=-1", "quarter=1", "", "half=1,half=2"]
)
def test_malformed_bye_limits(text: str) -> None:
    with pytest.raises(CommandError, match=f"bye limit {text!r}"):
        ByeLimit.parse(text)


def test_bye_limits_in_an_organisers_words() -> None:
    assert ByeLimit().describe() == "no limit"
    assert ByeLimit(half=2, closed_last_rounds=2).describe() == (
        "per player: at most 2 half-point byes; no full- or half-point bye in the last 2 rounds"
    )
    assert ByeLimit(full=0, total=1, closed_last_rounds=1).describe() == (
        "per player: no full-point byes; at most 1 bye in all; "
        "no full- or half-point bye in the last round"
    )


def with_requests(*requests: tuple[int, int, ByeKind]) -> Tournament:
    t = four_players_two_rounds()
    return t.replace(requested_byes=tuple(RequestedBye(r, p, k) for r, p, k in requests))


def test_a_bye_of_a_limited_kind_beyond_the_limit_is_refused() -> None:
    limit = ByeLimit(half=1)
    limit.check(with_requests((3, 2, H)), 2, 3)
    with pytest.raises(
        CommandError,
        match=r"^Player 2 cannot have a half-point bye in round 4: the event allows at most "
        r"1 half-point bye per player; taken in round 3$",
    ):
        limit.check(with_requests((3, 2, H), (4, 2, H)), 2, 4)
    limit.check(with_requests((3, 2, H), (4, 2, Z), (5, 2, F)), 2, 5)  # other kinds are free
    limit.check(with_requests((3, 2, H), (3, 3, H)), 3, 3)  # per player


def test_a_kind_limited_to_none_and_the_total_over_all_kinds() -> None:
    with pytest.raises(CommandError, match=r"allows no full-point byes per player$"):
        ByeLimit(full=0).check(with_requests((3, 1, F)), 1, 3)
    limit = ByeLimit(total=2)
    limit.check(with_requests((3, 1, F), (4, 1, Z)), 1, 4)
    with pytest.raises(
        CommandError,
        match=r"Player 1 cannot have a bye in round 5: the event allows at most 2 byes of any "
        r"kind per player; taken in rounds 3, 4",
    ):
        limit.check(with_requests((3, 1, F), (4, 1, Z), (5, 1, H)), 1, 5)


def test_byes_already_played_count_and_a_changed_request_counts_once() -> None:
    t = four_players_two_rounds()
    played = dataclasses.replace(t.rounds[1], games=(Game(1, 2, W),), byes=(Bye(3, H), Bye(4, H)))
    t = t.with_rounds([t.rounds[0], played])
    with pytest.raises(CommandError, match="taken in round 2"):
        ByeLimit(half=1).check(t.replace(requested_byes=(RequestedBye(3, 3, H),)), 3, 3)
    # round 3 asked for again with another kind replaces the request: still one bye
    ByeLimit(total=2).check(t.replace(requested_byes=(RequestedBye(3, 3, Z),)), 3, 3)


def test_no_scoring_bye_in_the_closed_last_rounds_but_an_absence_is_fine() -> None:
    limit = ByeLimit(closed_last_rounds=2)  # rounds 4 and 5 of 5
    limit.check(with_requests((3, 1, H)), 1, 3)
    limit.check(with_requests((4, 1, Z)), 1, 4)
    for kind in (H, F):
        with pytest.raises(
            CommandError,
            match=r"Player 1 cannot have a .*-point bye in round 4: the event allows no full- or "
            r"half-point bye in its last 2 rounds \(rounds 4-5\); a zero-point bye is possible",
        ):
            limit.check(with_requests((4, 1, kind)), 1, 4)


def test_awarded_late_entry_points_are_not_requested_byes() -> None:
    t = four_players_two_rounds().with_player(LATE, [H, H])
    ByeLimit(half=1).check(t.replace(requested_byes=(RequestedBye(3, 5, H),)), 5, 3)


# --- the rules in actions.apply: when a command runs and when the log is replayed -----------


def open_settings(**changes: Any) -> EventSettings:
    return dataclasses.replace(EventSettings("Open", System.DUTCH, rounds=5), **changes)


def log_with_byes(settings: EventSettings, *byes: tuple[int, int, str]) -> list[tuple[str, Any]]:
    players = [{"id": i, "name": f"Player {i}"} for i in range(1, 5)]
    return [
        ("event.created", settings.to_data()),
        ("players.imported", {"players": players}),
        *(("bye.granted", {"player": p, "round": r, "kind": k}) for p, r, k in byes),
    ]


def test_a_log_holding_a_bye_beyond_the_limit_does_not_replay() -> None:
    settings = open_settings(bye_limit=ByeLimit(half=1))
    fine = log_with_byes(settings, (2, 1, "half_point"), (2, 2, "zero_point"))
    assert len(actions.replay(fine).byes_requested_by(2)) == 2
    forged = log_with_byes(settings, (2, 1, "half_point"), (2, 3, "half_point"))
    with pytest.raises(CommandError, match="Player 2 cannot have a half-point bye in round 3"):
        actions.replay(forged)
    # without a limit the same log is fine, and apply without settings keeps no rules
    assert actions.replay(
        log_with_byes(open_settings(), (2, 1, "half_point"), (2, 3, "half_point"))
    )


def test_the_settings_of_an_event_created_before_bye_limits_have_none() -> None:
    data = open_settings().to_data()
    del data["bye_limit"]
    assert EventSettings.from_data(data).bye_limit == ByeLimit()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"system": System.BERGER, "rounds": None}, "a round robin has no requested byes"),
        ({"rounds": 3}, "the event has 3 rounds, so byes cannot be closed in its last 4"),
    ],
)
def test_bye_limits_that_cannot_apply_are_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        open_settings(bye_limit=ByeLimit(half=1, closed_last_rounds=4), **changes)


def test_a_round_robin_refuses_a_late_entry_in_apply_too() -> None:
    settings = EventSettings("Club", System.BERGER, rounds=3)
    t = four_players_two_rounds()
    new = {"players": [{"id": 5, "name": "Late"}], "missed": ["zero_point"] * 2}
    with pytest.raises(CommandError, match="cannot join a round robin once round 1 is paired"):
        actions.apply(t, "player.registered", new, settings)
    assert actions.apply(t, "player.registered", new).late_entries == (LateEntry(5, 3),)


def test_the_log_says_how_many_rounds_a_late_entrant_missed_and_what_he_got() -> None:
    t = four_players_two_rounds()
    new = {"players": [{"id": 5, "name": "Late"}], "missed": ["half_point", "full_point"]}
    assert actions.apply(t, "player.registered", new).rounds[1].byes == (Bye(5, F),)
    with pytest.raises(CommandError, match="give the points of each missed round, not of 1"):
        actions.apply(t, "player.registered", new | {"missed": ["half_point"]})
    with pytest.raises(CommandError, match="not 'pairing_allocated'"):
        actions.apply(t, "player.registered", new | {"missed": ["half_point", "pairing_allocated"]})


# --- the service commands on the in-memory store --------------------------------------------


def desk() -> ev.Desk:
    return ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, 9, tzinfo=UTC), "arbiter")


def paired_twice(d: ev.Desk, settings: EventSettings) -> ev.Event:
    event = ev.create_event(d, settings)
    for i in range(1, 7):
        ev.register_player(d, event.id, f"Player {i}", rating=2000 - i)
    for _ in range(2):
        event, _ = ev.pair_round(d, event.id)
        event = ev.enter_results(d, event.id, [(b, "1-0") for b in range(1, 4)])
    return event


def test_a_late_entry_through_the_service_with_one_value_for_every_missed_round() -> None:
    d = desk()
    event = paired_twice(d, open_settings())
    event, late = ev.register_player(d, event.id, "Late, Lucy", missed_points=[5])
    assert event.tournament.late_entry(late.id) == LateEntry(late.id, 3)
    assert scores(event.tournament)[late.id] == 10
    last = ev.history(d, event.id)[-1]
    assert last.payload["missed"] == ["half_point", "half_point"]
    assert ev.describe(last, event.tournament) == (
        "registered 7 Late, Lucy, a late entry: 0.5, 0.5 point(s) for rounds 1-2"
    )
    event, other = ev.register_player(d, event.id, "Later, Len", missed_points=[0, 10])
    assert [b.kind for r in event.tournament.rounds for b in r.byes if b.player == other.id] == [
        Z,
        F,
    ]
    event, _ = ev.pair_round(d, event.id)
    placed = {p for g in event.tournament.rounds[2].games for p in (g.white, g.black)}
    assert {late.id, other.id} <= placed | {event.tournament.rounds[2].pairing_bye}
    assert ev.rebuild(d, event.id).matched


@pytest.mark.parametrize(
    ("points", "message"),
    [
        (
            [3],
            r"0.3 point\(s\) for missed round 1: the event awards a missed round as a bye, "
            r"worth 0 \(zero-point bye\), 0.5 \(half-point bye\), 1 \(full-point bye\)",
        ),
        (
            [5, 5, 5],
            "2 rounds already paired: give the points for each missed round, or one "
            "value for all of them, not 3 values",
        ),
    ],
)
def test_bad_missed_round_points_change_nothing(points: list[int], message: str) -> None:
    d = desk()
    event = paired_twice(d, open_settings())
    with pytest.raises(CommandError, match=message):
        ev.register_player(d, event.id, "Late", missed_points=points)
    assert ev.load(d, event.id).version == event.version


def test_missed_points_before_round_one_and_in_a_round_robin_are_refused() -> None:
    d = desk()
    event = ev.create_event(d, open_settings())
    with pytest.raises(CommandError, match="no round is paired yet, so Early missed none"):
        ev.register_player(d, event.id, "Early", missed_points=[5])
    club = ev.create_event(d, EventSettings("Club", System.BERGER))
    for i in range(4):
        ev.register_player(d, club.id, f"Member {i}")
    ev.pair_round(d, club.id)
    with pytest.raises(CommandError, match="cannot join a round robin"):
        ev.register_player(d, club.id, "Late")


def test_match_points_award_a_missed_round_as_a_draw() -> None:
    d = desk()
    event = paired_twice(d, open_settings(points=MATCH_POINTS, system=System.CASUAL))
    event, late = ev.register_player(d, event.id, "Late", missed_points=[10])
    assert scores(event.tournament)[late.id] == 20
    with pytest.raises(CommandError, match=r"worth 0 \(zero-point bye\), 1 \(half-point bye\), "):
        ev.register_player(d, event.id, "Later", missed_points=[5])


def test_a_bye_beyond_the_limit_is_refused_by_the_service_and_nothing_is_written() -> None:
    d = desk()
    event = paired_twice(d, open_settings(bye_limit=ByeLimit(half=1, closed_last_rounds=1)))
    event = ev.grant_bye(d, event.id, "Player 3", 3, "half")
    with pytest.raises(
        CommandError,
        match="Player 3 cannot have a half-point bye in round 4: the event allows at most 1 "
        "half-point bye per player; taken in round 3",
    ):
        ev.grant_bye(d, event.id, "Player 3", 4, "half")
    with pytest.raises(CommandError, match="in its last round \\(round 5\\)"):
        ev.grant_bye(d, event.id, "Player 4", 5, "full")
    assert ev.load(d, event.id).version == event.version
    assert ev.describe(ev.history(d, event.id)[0], event.tournament) == (
        "created 'Open': Swiss (FIDE Dutch), 5 rounds; byes per player: at most 1 half-point "
        "bye; no full- or half-point bye in the last round"
    )
    shown = dict(ev.settings_lines(event))
    assert shown["bye limit"] == ByeLimit(half=1, closed_last_rounds=1).describe()
    assert shown["rounds"] == "2 of 5 paired"


def test_players_imported_after_round_two_are_late_entries_with_the_same_points() -> None:
    d = desk()
    event = paired_twice(d, open_settings())
    newcomers = [Player(1, "Late, Lucy"), Player(2, "Later, Len")]  # renumbered
    event = ev.import_players(d, event.id, newcomers, missed_points=[5, 0])
    t = event.tournament
    assert t.late_entries == (LateEntry(7, 3), LateEntry(8, 3))
    assert [scores(t)[7], scores(t)[8]] == [5, 5]
    assert ev.describe(ev.history(d, event.id)[-1], t) == (
        "imported 2 players, late entries: 0.5, 0 point(s) for rounds 1-2"
    )
