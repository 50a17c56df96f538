"""Running a FIDE Double-Swiss event through the service, on the in-memory fake, SQLite and
PostgreSQL: every use case, and the refusals that keep the log honest.

Expected pairings are hand-derived from the rules (C.04.5 4.3.1, spec double-swiss.md §13);
scores are counted from the games typed here.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from fairpair.core import Colour, Player
from fairpair.core.double_swiss import Mark, Match, MatchByeKind, scores
from fairpair.core.teams import PrimaryScore
from fairpair.formats.trf_double import parse_double_trf
from fairpair.pairing.double_swiss import replay_double_swiss
from fairpair.service import double_actions
from fairpair.service import double_events as de
from fairpair.service import events as ev
from fairpair.service.errors import CommandError, DuplicatePlayerError, FieldErrors
from fairpair.service.settings import DoubleSwissSettings, EventSettings, System
from fairpair.storage import EventStore
from tests.integration.stores import ticking_clock

W, D, L, FW, FL = Mark.WIN, Mark.DRAW, Mark.LOSS, Mark.FORFEIT_WIN, Mark.FORFEIT_LOSS


def ds_settings(rounds: int = 5, colour: Colour = Colour.WHITE, **extra: object) -> EventSettings:
    return EventSettings(
        "Double Open",
        System.DOUBLE_SWISS,
        rounds=rounds,
        initial_colour=colour,
        double_swiss=DoubleSwissSettings(**extra),  # type: ignore[arg-type]
    )


@pytest.fixture
def desk(store: EventStore) -> ev.Desk:
    return ev.Desk(store, ticking_clock(), "arbiter")


def field(count: int) -> list[Player]:
    """Players listed weakest first, so that round 1 must renumber them by rating."""
    return [Player(1, f"Player {n:02d}", rating=2000 + 10 * n) for n in range(1, count + 1)]


def event_of(desk: ev.Desk, players: int = 8, **kw: object) -> int:
    event = de.create_double_event(desk, ds_settings(**kw))  # type: ignore[arg-type]
    de.import_double_players(desk, event.id, field(players))
    return event.id


def test_a_double_swiss_event_is_stored_and_comes_back_with_its_settings(
    desk: ev.Desk,
) -> None:
    made = de.create_double_event(desk, ds_settings(rounds=7, colour=Colour.BLACK))
    info = desk.store.event(made.id)
    assert de.is_double_event(info)
    loaded = de.load_double(desk, made.id)
    t = loaded.tournament
    assert (t.total_rounds, t.initial_colour, t.name) == (7, Colour.BLACK, "Double Open")
    assert (t.byes.pairing_allocated, t.byes.half_point, t.byes.full_point) == (3, 2, 4)
    assert loaded.settings.double_swiss == DoubleSwissSettings()
    lines = dict(de.double_settings_lines(loaded))
    assert lines["system"] == "FIDE Double-Swiss (two-game matches)"
    assert lines["byes"] == (
        "pairing-allocated 1.5, half-point 1, full-point 2, zero-point 0 (per match)"
    )
    assert lines["ranked by"] == "game points, then the tie-breaks"
    assert lines["tie-breaks"] == "BH:GP/C1, BH:GP, DE:GP, WON"
    assert lines["first colour"] == "top seed black in game 1 of round 1"
    # An individual event's commands refuse it, naming what it is.
    with pytest.raises(CommandError, match="Double-Swiss"):
        ev.load(desk, made.id)


def test_round_one_renumbers_by_rating_and_gives_colours_by_4_3_1(desk: ev.Desk) -> None:
    event_id = event_of(desk, 8)
    event, pairing = de.pair_double_round(desk, event_id)
    t = event.tournament
    # Start numbers by rating: the strongest (Player 08) is 1.
    assert [p.name for p in t.players][:2] == ["Player 08", "Player 07"]
    # Spec §13: 8 players, initial colour White: 1-5, 6-2, 3-7, 8-4.
    assert [(m.white, m.black) for m in t.rounds[0].matches] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert pairing.bye is None


def test_game_results_are_typed_white_first_per_game_and_the_match_is_computed(
    desk: ev.Desk,
) -> None:
    event_id = event_of(desk, 4)
    event, _ = de.pair_double_round(desk, event_id)
    first = event.tournament.rounds[0].matches[0]
    # Game 2 has the second-named player as White: "1-0" in game 2 is his win.
    event = de.record_double_results(desk, event_id, None, [(1, "1-0", "1-0"), (2, "½-½", "0-1")])
    m1, m2 = event.tournament.rounds[0].matches
    assert m1.games == ((W, L), (L, W))
    assert de.match_score(m1) == "1-1"
    # Game 2 "0-1": Black of game 2 - the first-named player - wins it.
    assert m2.games == ((D, D), (W, L))
    assert de.match_score(m2) == "1½-½"
    assert de.game_text(m2, 1) == "½-½" and de.game_text(m2, 2) == "0-1"
    names = {p.id: p.name for p in event.tournament.players}
    assert de.match_line(event.tournament, 1, m1) == (
        f"Board 1: {names[first.white]} (W) – {names[first.black]}   "
        "game 1 1-0, game 2 1-0, match 1-1"
    )
    assert scores(event.tournament)[m2.white] == 3


@pytest.mark.parametrize(
    ("typed", "marks"),
    [
        ("1-0", (W, L)),
        ("0-1", (L, W)),
        ("=", (D, D)),
        ("1/2-1/2", (D, D)),
        ("0.5-0.5", (D, D)),
        ("½-½", (D, D)),
        ("+-", (FW, FL)),
        ("-+", (FL, FW)),
        ("--", (FL, FL)),
        ("½-0", (D, L)),
        ("0-½", (L, D)),
        ("0-0", (L, L)),
    ],
)
def test_every_accepted_game_result_reads_as_the_scoresheet_says(
    typed: str, marks: tuple[Mark, Mark]
) -> None:
    assert de.parse_game(typed) == marks


@pytest.mark.parametrize("typed", ["2-0", "1", "1-1", "+", "w", ""])
def test_a_game_result_that_is_not_one_is_refused_naming_the_board_and_game(typed: str) -> None:
    with pytest.raises(CommandError, match=r"board 4, game 2: .* is not a game result"):
        de.parse_game(typed, "board 4, game 2")


def test_result_refusals_leave_the_event_as_it_was(desk: ev.Desk) -> None:
    event_id = event_of(desk, 4)
    with pytest.raises(CommandError, match="no round is paired yet"):
        de.record_double_results(desk, event_id, None, [(1, "1-0", "0-1")])
    de.pair_double_round(desk, event_id)
    version = desk.store.event(event_id).version
    with pytest.raises(CommandError, match=r"round 1 has no board 3 \(boards 1-2\)"):
        de.record_double_results(desk, event_id, None, [(1, "1-0", "0-1"), (3, "1-0", "0-1")])
    with pytest.raises(CommandError, match="board 2, game 1: '3-0' is not a game result"):
        de.record_double_results(desk, event_id, None, [(2, "3-0", "0-1")])
    with pytest.raises(CommandError, match="board 1 is given twice"):
        de.record_double_results(desk, event_id, None, [(1, "1-0", "0-1"), (1, "1-0", "0-1")])
    with pytest.raises(CommandError, match="round 1 still lacks the result of board\\(s\\) 1, 2"):
        de.pair_double_round(desk, event_id)
    assert desk.store.event(event_id).version == version
    assert all(m.games is None for m in de.load_double(desk, event_id).tournament.rounds[0].matches)


def test_a_result_given_twice_is_refused_and_corrected_by_naming_the_round(
    desk: ev.Desk,
) -> None:
    event_id = event_of(desk, 4)
    de.pair_double_round(desk, event_id)
    de.record_double_results(desk, event_id, None, [(1, "1-0", "0-1"), (2, "=", "=")])
    with pytest.raises(CommandError, match=r"already has a result; to correct it.*--round 1"):
        de.record_double_results(desk, event_id, None, [(1, "0-1", "0-1")])
    de.pair_double_round(desk, event_id)
    event = de.record_double_results(desk, event_id, 1, [(1, "0-1", "1-0")])
    m1 = event.tournament.rounds[0].matches[0]
    assert m1.games == ((L, W), (L, W))
    log = desk.store.log(event_id)
    assert log[-1].action == "result.corrected"
    assert de.describe_double(log[-1]) == "corrected round 1: board 1 0-1 1-0 (0-2)"


def test_a_single_forfeited_game_is_a_played_match_and_two_a_forfeited_one(
    desk: ev.Desk,
) -> None:
    event_id = event_of(desk, 4)
    de.pair_double_round(desk, event_id)
    event = de.record_double_results(desk, event_id, None, [(1, "+-", "½-½"), (2, "-+", "+-")])
    single, double = event.tournament.rounds[0].matches
    assert single.played and not single.forfeited
    assert double.forfeited and double.won_by_forfeit(double.black)
    assert de.match_score(double) == "0-2"


def test_absences_become_byes_and_withdrawn_players_are_not_paired(desk: ev.Desk) -> None:
    event_id = event_of(desk, 7)
    de.pair_double_round(desk, event_id)  # numbers by rating: Player 07 is 1 ... Player 01 is 7
    t = de.load_double(desk, event_id).tournament
    pab = next(b for b in t.rounds[0].byes if b.kind is MatchByeKind.PAIRING_ALLOCATED)
    de.record_double_results(
        desk, event_id, None, [(n, "1-0", "½-½") for n in range(1, len(t.rounds[0].matches) + 1)]
    )
    de.grant_double_bye(desk, event_id, "Player 07", None, "half")
    de.grant_double_bye(desk, event_id, "Player 06", 2, "zero")
    de.withdraw_double_player(desk, event_id, "Player 05")
    event, pairing = de.pair_double_round(desk, event_id)
    rnd = event.tournament.rounds[1]
    byes = {b.player: b.kind for b in rnd.byes}
    assert byes == {
        1: MatchByeKind.HALF_POINT,
        2: MatchByeKind.ZERO_POINT,
        3: MatchByeKind.ZERO_POINT,
    }
    assert pairing.bye is None  # four players left, two matches
    assert len(rnd.matches) == 2
    assert not event.tournament.requested_byes  # the requests are the round's byes now
    s = scores(event.tournament)
    assert s[1] - scores(event.tournament, before_round=2)[1] == 2  # a half-point bye: 1 point
    # The PAB of round 1 (1½ points) counted once.
    assert scores(event.tournament, before_round=2)[pab.player] == 3


def test_two_pairing_allocated_byes_for_one_player_are_refused() -> None:
    settings = ds_settings(rounds=3)
    t = double_actions.apply_double(None, "event.created", settings.to_data())
    players = [
        {"id": n, "name": f"P{n}", "rating": None, "title": "", "federation": "", "club": "",
         "fide_id": "", "birth_date": "", "sex": ""}
        for n in (1, 2, 3)
    ]  # fmt: skip
    t = double_actions.apply_double(t, "players.imported", {"players": players})
    t = double_actions.apply_double(t, "round.paired", {"round": 1, "matches": [[1, 2]], "bye": 3})
    t = double_actions.apply_double(
        t,
        "results.entered",
        {"round": 1, "results": [{"board": 1, "games": [["1", "0"], ["=", "="]]}]},
    )
    with pytest.raises(CommandError, match=r"P3 cannot have the pairing-allocated bye.*round 1"):
        double_actions.apply_double(t, "round.paired", {"round": 2, "matches": [[1, 2]], "bye": 3})
    with pytest.raises(CommandError, match="P3 is neither paired nor absent in round 2"):
        double_actions.apply_double(
            t, "round.paired", {"round": 2, "matches": [[1, 2]], "bye": None}
        )


def test_players_are_registered_edited_removed_withdrawn_and_returned(desk: ev.Desk) -> None:
    event_id = event_of(desk, 4)
    with pytest.raises(DuplicatePlayerError):
        de.register_double_player(desk, event_id, "player 03")
    event, late = de.register_double_player(desk, event_id, "Zed", rating=1500)
    assert late.id == 5
    event = de.edit_double_player(desk, event_id, "Zed", {"rating": 1600})
    assert next(p for p in event.tournament.players if p.id == 5).rating == 1600
    event = de.remove_double_player(desk, event_id, "Player 02")
    assert [p.id for p in event.tournament.players] == [1, 2, 3, 4]  # moved up before round 1
    de.withdraw_double_player(desk, event_id, "Zed", 2)
    with pytest.raises(CommandError, match="has already withdrawn"):
        de.withdraw_double_player(desk, event_id, "Zed", 3)
    event = de.return_double_player(desk, event_id, "Zed")
    assert not event.tournament.withdrawn
    de.pair_double_round(desk, event_id)
    with pytest.raises(CommandError, match="cannot be removed; withdraw him instead"):
        de.remove_double_player(desk, event_id, "Zed")


def test_a_late_entry_gets_a_bye_for_each_round_missed(desk: ev.Desk) -> None:
    event_id = event_of(desk, 4)
    de.pair_double_round(desk, event_id)
    de.record_double_results(desk, event_id, None, [(1, "1-0", "0-1"), (2, "=", "=")])
    with pytest.raises(CommandError, match=r"0\.5 point.*worth 0 .*1 .*2 "):
        de.register_double_player(desk, event_id, "Late", missed_points=[5])
    event, late = de.register_double_player(desk, event_id, "Late", missed_points=[10])
    assert event.tournament.rounds[0].bye_of(late.id).kind is MatchByeKind.HALF_POINT  # type: ignore[union-attr]
    assert scores(event.tournament)[late.id] == 2


def test_forbidden_pairs_keep_players_apart(desk: ev.Desk) -> None:
    event_id = event_of(desk, 8)
    # By rating Player 08 is 1 and Player 04 is 5: round 1 would pair them (1-5).
    de.forbid_double_pairs(desk, event_id, ["Player 08", "Player 04"])
    event, _ = de.pair_double_round(desk, event_id)
    pairs = {frozenset(m.players) for m in event.tournament.rounds[0].matches}
    assert frozenset((1, 5)) not in pairs
    assert dict(de.double_settings_lines(event))["kept apart"] == (
        "1 Player 08 and 5 Player 04, from round 1"
    )


def test_undo_and_redo_walk_the_log(desk: ev.Desk) -> None:
    event_id = event_of(desk, 4)
    de.pair_double_round(desk, event_id)
    de.record_double_results(desk, event_id, None, [(1, "1-0", "0-1"), (2, "=", "=")])
    event, taken = de.undo_double(desk, event_id)
    assert [r.action for r in taken] == ["results.entered"]
    assert all(m.games is None for m in event.tournament.rounds[0].matches)
    event, taken = de.undo_double(desk, event_id)
    assert not event.tournament.rounds
    event, _ = de.redo_double(desk, event_id, 2)
    assert all(m.finished for m in event.tournament.rounds[0].matches)
    log = desk.store.log(event_id)
    assert de.describe_double(log[-1], log).startswith("redid #4: results round 1: board 1 1-0 0-1")
    # The store's snapshot is what the log leads to.
    assert ev.rebuild(desk, event_id).matched


def test_the_exported_trf_reads_back_and_re_pairs_every_round_identically(
    desk: ev.Desk,
) -> None:
    event_id = event_of(desk, 7, rounds=3)
    for number in range(1, 4):
        event, _ = de.pair_double_round(desk, event_id)
        boards = len(event.tournament.rounds[-1].matches)
        games = ["1-0", "0-1", "=", "½-0", "+-"]
        de.record_double_results(
            desk,
            event_id,
            None,
            [
                (b, games[(b + number) % 5], games[(2 * b + number) % 4])
                for b in range(1, boards + 1)
            ],
        )
    event = de.load_double(desk, event_id)
    trf = de.export_double_event(event, "trf")
    read = parse_double_trf(trf).tournament()
    # A TRF has no board numbers: the matches of each round, in any order.
    assert [set(r.matches) for r in read.rounds] == [
        set(r.matches) for r in event.tournament.rounds
    ]
    assert replay_double_swiss(read) == []
    json_text = de.export_double_event(event, "json")
    assert '"kind": "double-swiss"' in json_text
    with pytest.raises(CommandError, match="choose trf or json"):
        de.export_double_event(event, "csv")


def test_standings_rank_on_game_points_or_match_points(desk: ev.Desk) -> None:
    event_id = event_of(desk, 4)
    de.pair_double_round(desk, event_id)
    event = de.record_double_results(desk, event_id, None, [(1, "1-0", "½-½"), (2, "0-1", "0-1")])
    m1, m2 = event.tournament.rounds[0].matches
    table = de.double_standings(event)
    assert table.score == "GP" and table.codes == ("BH:GP/C1", "BH:GP", "DE:GP", "WON")
    points = {row.player: (row.game_points, row.match_points) for row in table.rows}
    # Match points: 2 a match won, 1 drawn (C.04.5 1.2.2 counted as for teams).
    assert points[m1.white] == (Fraction(3, 2), 2) and points[m1.black] == (Fraction(1, 2), 0)
    assert points[m2.white] == (1, 1) and points[m2.black] == (1, 1)
    assert [row.rank for row in table.rows] == [1, 2, 2, 4]
    assert sum(row.game_points for row in table.rows) == 4  # two matches of two games


def test_tie_breaks_are_checked_and_match_points_may_rank(desk: ev.Desk) -> None:
    with pytest.raises(CommandError, match="unknown Double-Swiss tie-break 'BPG'"):
        de.create_double_event(desk, dataclasses.replace(ds_settings(), tiebreaks=("BPG",)))
    # No tie-breaks named: an event ranked by match points breaks ties on game points first.
    settings = dataclasses.replace(ds_settings(primary=PrimaryScore.MATCH_POINTS), name="By MP")
    event_id = de.create_double_event(desk, settings).id
    de.import_double_players(desk, event_id, field(4))
    de.pair_double_round(desk, event_id)
    # Board 1: 1½-½; board 2: 2-0 - more game points, the same match points.
    event = de.record_double_results(desk, event_id, None, [(1, "1-0", "½-½"), (2, "1-0", "0-1")])
    m1, m2 = event.tournament.rounds[0].matches
    table = de.double_standings(event)
    assert table.score == "MP"
    top = [(row.player, row.points, row.values[0]) for row in table.rows[:2]]
    assert top == [(m2.white, 2, 2), (m1.white, 2, Fraction(3, 2))]
    with pytest.raises(FieldErrors, match="tiebreaks"):
        de.edit_double_event(desk, event_id, {"tiebreaks": "BH,XYZ"})
    changed = de.edit_double_event(desk, event_id, {"tiebreaks": "BH:MP"})
    assert dict(de.double_settings_lines(changed))["tie-breaks"] == "BH:MP"


def test_settings_refuse_what_a_double_swiss_cannot_have() -> None:
    with pytest.raises(CommandError, match="needs its number of rounds"):
        EventSettings("x", System.DOUBLE_SWISS, double_swiss=DoubleSwissSettings())
    with pytest.raises(CommandError, match="for Double-Swiss events"):
        EventSettings("x", System.DOUBLE_SWISS, rounds=5)
    # The bye values themselves refuse it (core ByeValues), before the settings are made.
    with pytest.raises(ValueError, match="worth 0 to 2 points"):
        DoubleSwissSettings(byes=dataclasses.replace(DoubleSwissSettings().byes, full_point=6))
    data = ds_settings(primary=PrimaryScore.MATCH_POINTS).to_data()
    assert EventSettings.from_data(data).double_swiss == DoubleSwissSettings(
        primary=PrimaryScore.MATCH_POINTS
    )


def test_the_log_reads_in_words(desk: ev.Desk) -> None:
    event_id = event_of(desk, 3)
    de.grant_double_bye(desk, event_id, "Player 01", 1, "half")
    de.pair_double_round(desk, event_id)
    de.record_double_results(desk, event_id, None, [(1, "1-0", "=")])
    lines = [de.describe_double(r) for r in desk.store.log(event_id)]
    assert lines == [
        "created 'Double Open' (FIDE Double-Swiss, 5 match-rounds)",
        "imported 3 players",
        "half-point bye for 1 Player 01 in round 1",
        "paired round 1: 1 matches",
        "results round 1: board 1 1-0 ½-½ (1½-½)",
    ]


def test_a_match_that_is_not_a_match_is_refused() -> None:
    with pytest.raises(ValueError, match="against himself"):
        Match(1, 1)


def test_a_round_that_cannot_be_paired_is_refused_with_the_reason(desk: ev.Desk) -> None:
    event_id = event_of(desk, 4)
    de.forbid_double_pairs(desk, event_id, ["Player 01", "Player 02", "Player 03", "Player 04"])
    version = desk.store.event(event_id).version
    with pytest.raises(CommandError, match="round 1 cannot be paired: "):
        de.pair_double_round(desk, event_id)
    assert desk.store.event(event_id).version == version
    de.withdraw_double_player(desk, event_id, "Player 01", 1)
    de.withdraw_double_player(desk, event_id, "Player 02", 1)
    de.withdraw_double_player(desk, event_id, "Player 03", 1)
    with pytest.raises(CommandError, match="round 1 needs at least 2 players to pair"):
        de.pair_double_round(desk, event_id)
