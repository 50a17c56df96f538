"""Running a team event through the service, on the in-memory fake, SQLite and PostgreSQL.

The team pairing systems come from the pairing registry; these tests pair with a stub of a
team round robin (the circle method, written here) so that they test the store and the
service, not a pairing system.
"""

from __future__ import annotations

import pytest

from fairpair.core import ByeKind, GameResult, Pairing, Player
from fairpair.core import Game as Board
from fairpair.core.teams import (
    ColourModel,
    MatchForfeit,
    PrimaryScore,
    TeamOutcome,
    TeamTournament,
    team_entries,
    team_scores,
)
from fairpair.formats.snapshots import load_snapshot
from fairpair.formats.team_json import dump_team_event, load_team_event
from fairpair.service import events as ev
from fairpair.service import team_events as te
from fairpair.service.errors import CommandError
from fairpair.service.settings import EventSettings, System, TeamSettings
from fairpair.service.team_actions import replay_team_event
from fairpair.storage import EventStore
from tests.integration.stores import ticking_clock


def circle_stub(t: TeamTournament) -> Pairing:
    """Round ``next_round`` of a single round robin by the circle method: team 1 stays, the
    others turn; an odd field gets a bye slot (0). Only for these tests."""
    ids = list(t.team_ids)
    if len(ids) % 2:
        ids.append(0)
    n = len(ids)
    r = (t.next_round - 1) % (n - 1)
    turned = [ids[0], *(ids[1:][-r:] + ids[1:][:-r] if r else ids[1:])]
    boards, bye = [], None
    for i in range(n // 2):
        a, b = turned[i], turned[n - 1 - i]
        if 0 in (a, b):
            bye = a or b
            continue
        boards.append(Board(a, b) if (i + t.next_round) % 2 else Board(b, a))
    return Pairing(t.next_round, tuple(boards), bye)


def settings(system: System = System.TEAM_BERGER, boards: int = 4) -> EventSettings:
    return EventSettings(
        "League",
        system,
        rounds=None if system is System.TEAM_BERGER else 5,
        team=TeamSettings(boards=boards, primary=PrimaryScore.MATCH_POINTS),
    )


def roster(team: str, size: int = 5) -> tuple[Player, ...]:
    return tuple(Player(1, f"{team} {b}", rating=2400 - 10 * b) for b in range(1, size + 1))


@pytest.fixture
def desk(store: EventStore) -> ev.Desk:
    return ev.Desk(store, ticking_clock(), "arbiter")


def league(desk: ev.Desk, teams: int = 4) -> int:
    event = te.create_team_event(desk, settings())
    names = [f"Team {chr(65 + i)}" for i in range(teams)]
    te.import_teams(desk, event.id, [te.NewTeam(n, roster(n)) for n in names])
    return event.id


def test_a_team_event_is_stored_with_its_settings_and_comes_back_a_team_snapshot(
    desk: ev.Desk,
) -> None:
    event = te.create_team_event(desk, settings(System.TEAM_SWISS, boards=6))
    loaded = te.load_team(desk, event.id)
    assert isinstance(loaded.tournament, TeamTournament)
    assert loaded.settings.team == TeamSettings(boards=6)
    assert loaded.tournament.boards == 6
    assert loaded.tournament.system == "FIDE_TEAM_TYPEA_MP_GP"
    assert loaded.tournament.total_rounds == 5
    data = te.team_settings_data(loaded)
    assert data["team"]["boards"] == 6 and data["team"]["colour_model"] == "A"
    # An individual command says at once that this is a team event.
    with pytest.raises(CommandError, match="team event"):
        ev.load(desk, event.id)
    with pytest.raises(CommandError, match="team system"):
        ev.create_event(desk, settings(System.TEAM_SWISS))


def test_teams_take_pairing_numbers_in_order_with_their_rosters(desk: ev.Desk) -> None:
    event_id = league(desk)
    t = te.load_team(desk, event_id).tournament
    assert [(x.id, x.name) for x in t.teams] == [
        (1, "Team A"),
        (2, "Team B"),
        (3, "Team C"),
        (4, "Team D"),
    ]
    names = {p.id: p.name for p in t.players}
    assert [names[pid] for pid in t.team(3).roster] == [f"Team C {b}" for b in range(1, 6)]
    with pytest.raises(CommandError, match="already registered"):
        te.register_team(desk, event_id, te.NewTeam("team a", roster("X")))
    te.remove_team(desk, event_id, "Team B")
    t = te.load_team(desk, event_id).tournament
    assert [(x.id, x.name) for x in t.teams] == [(1, "Team A"), (2, "Team C"), (3, "Team D")]
    assert len(t.players) == 15


def test_a_round_is_paired_with_default_lineups_and_scored_from_its_boards(
    desk: ev.Desk,
) -> None:
    event_id = league(desk)
    event, _ = te.pair_team_round(desk, event_id, circle_stub)
    t = event.tournament
    assert t.total_rounds == 3  # four teams: three rounds
    assert len(t.rounds[0].matches) == 2
    first = t.rounds[0].matches[0]
    # Each team fields the first four of its five players, in roster order.
    assert first.lineup(first.first) == t.team(first.first).roster[:4]
    # Match 1: 2.5-1.5 to the first team: 2 match points to 0.
    event = te.record_team_results(
        desk, event_id, None, [("1.1", "1-0"), ("1.2", "="), ("1.3", "0-1"), ("1.4", "1-0")]
    )
    result = te.match_result(event.tournament, 1, 1)
    assert (result.first_points, result.second_points, result.finished) == (
        (20, 25),
        (0, 15),
        True,
    )
    # Match 2 is forfeited as a whole by its second team.
    event = te.record_team_results(desk, event_id, None, [("2", "+-")])
    second = event.tournament.rounds[0].matches[1]
    assert second.forfeit is MatchForfeit.FIRST_WINS
    scores = team_scores(event.tournament)
    assert scores[second.first] == (20, 40) and scores[second.second] == (0, 0)
    with pytest.raises(CommandError, match="already has a result"):
        te.record_team_results(desk, event_id, None, [("1.1", "0-1")])
    # A correction with the round named; the match becomes a draw.
    event = te.record_team_results(desk, event_id, 1, [("1.1", "=")])
    assert te.match_result(event.tournament, 1, 1).first_points == (10, 20)


def test_lineups_keep_roster_order_and_empty_boards_are_forfeits(desk: ev.Desk) -> None:
    event_id = league(desk)
    t = te.pair_team_round(desk, event_id, circle_stub)[0].tournament
    match = t.rounds[0].matches[0]
    home = t.team(match.first)
    with pytest.raises(CommandError, match=r"3 .*cannot play above .* 2"):
        te.set_lineup(
            desk, event_id, home.name, [f"{home.name} 1", f"{home.name} 3", f"{home.name} 2"]
        )
    with pytest.raises(CommandError, match="has 5 players, not 9"):
        te.set_lineup(desk, event_id, home.name, ["#9"])
    away = t.team(match.second)
    with pytest.raises(CommandError, match="roster matches"):
        te.set_lineup(desk, event_id, home.name, [f"{away.name} 1"])
    # Players 1, 2 and 5: board 3 goes to the reserve, board 4 stays empty.
    event = te.set_lineup(desk, event_id, home.name, ["#1", "#2", "#5"])
    boards = event.tournament.rounds[0].matches[0].boards
    assert [b.first for b in boards] == [home.roster[0], home.roster[1], home.roster[4], None]
    assert boards[3].result is GameResult.BLACK_WINS_BY_FORFEIT
    with pytest.raises(CommandError, match="empty on one side"):
        te.record_team_results(desk, event_id, None, [("1.4", "1-0")])
    event = te.record_team_results(
        desk, event_id, None, [("1.1", "1-0"), ("1.2", "1-0"), ("1.3", "0-1")]
    )
    # 2-2 on the boards: the empty board cost the match its win.
    assert te.match_result(event.tournament, 1, 1).first_points == (10, 20)
    with pytest.raises(CommandError, match="line-ups are fixed"):
        te.set_lineup(desk, event_id, home.name, ["#1"])


def test_a_withdrawn_team_loses_its_scheduled_matches_by_forfeit(desk: ev.Desk) -> None:
    event_id = league(desk, 5)
    t = te.pair_team_round(desk, event_id, circle_stub)[0].tournament
    assert [b.kind for b in t.rounds[0].byes] == [ByeKind.PAIRING_ALLOCATED]
    items = [(f"{m}.{b}", "=") for m in (1, 2) for b in range(1, 5)]
    te.record_team_results(desk, event_id, None, items)
    te.withdraw_team(desk, event_id, "Team C")
    t = te.pair_team_round(desk, event_id, circle_stub)[0].tournament
    rounds = team_entries(t)[3]
    assert rounds[1].outcome in (TeamOutcome.FORFEIT_LOSS, TeamOutcome.ABSENT)
    with pytest.raises(CommandError, match="already paired"):
        te.return_team(desk, event_id, "Team C")


def test_undo_and_a_replay_of_the_log_give_the_stored_snapshot(desk: ev.Desk) -> None:
    event_id = league(desk)
    te.pair_team_round(desk, event_id, circle_stub)
    before = te.load_team(desk, event_id).tournament
    te.record_team_results(desk, event_id, None, [("1.1", "1-0")])
    event, taken = te.undo_team(desk, event_id)
    assert [r.action for r in taken] == ["results.entered"]
    assert event.tournament == before == te.load_team(desk, event_id).tournament
    te.redo_team(desk, event_id)
    stored = te.load_team(desk, event_id)
    replayed = replay_team_event((r.action, r.payload) for r in desk.store.log(event_id))
    assert replayed == (stored.settings, stored.tournament)
    lines = [te.describe_team(r) for r in desk.store.log(event_id)]
    assert lines[1] == "imported 4 teams" and lines[-1].startswith("redid #")


def test_the_team_snapshot_codec_round_trips_and_is_told_from_an_individual_one(
    desk: ev.Desk,
) -> None:
    event_id = league(desk, 3)
    te.pair_team_round(desk, event_id, circle_stub)
    home = te.load_team(desk, event_id).tournament.rounds[0].matches[0].first
    te.set_lineup(desk, event_id, str(home), ["#2"])
    t = te.load_team(desk, event_id).tournament
    text = dump_team_event(t)
    assert load_team_event(text) == t
    assert load_snapshot(dump_team_event(t, compact=True)) == t
    t2 = te.load_team(desk, event_id).tournament
    assert t2.colour_model is ColourModel.TYPE_A


def test_teams_csv_errors_name_file_line_and_column(tmp_path: object) -> None:
    from fairpair.formats.teams_csv import TeamsCsvError, read_teams_csv

    rows = read_teams_csv("team,name,board\nLyon,B,2\nLyon,A,1\nNice,C,1\n", "t.csv")
    assert [(r.name, [p.name for p in r.players]) for r in rows] == [
        ("Lyon", ["A", "B"]),
        ("Nice", ["C"]),
    ]
    with pytest.raises(TeamsCsvError, match=r"t\.csv:3:3: board: Lyon has two players"):
        read_teams_csv("team,name,board\nLyon,A,1\nLyon,B,1\n", "t.csv")
    with pytest.raises(TeamsCsvError, match=r"t\.csv:2:3: rating"):
        read_teams_csv("team,name,rating\nLyon,A,x\n", "t.csv")


def test_event_edits_and_a_rebuild_of_a_team_event(desk: ev.Desk) -> None:
    event_id = league(desk)
    edited = te.edit_team_event(desk, event_id, {"city": "Lyon", "tiebreaks": "EMMSB,MPvGP"})
    assert edited.settings.city == "Lyon"
    assert te.team_tiebreaks(edited.settings) == ("EMMSB", "MPvGP")
    assert te.load_team(desk, event_id).settings.tiebreaks == ("EMMSB", "MPvGP")
    with pytest.raises(CommandError, match="cannot change"):
        te.edit_team_event(desk, event_id, {"points": "3,1,0"})
    with pytest.raises(CommandError, match="unknown team tie-break"):
        te.edit_team_event(desk, event_id, {"tiebreaks": "NOPE"})
    with pytest.raises(CommandError, match="follows from its teams"):
        te.edit_team_event(desk, event_id, {"rounds": 5})
    te.edit_team(desk, event_id, "Team A", {"captain": "Marie"}, [Player(1, "Reserve, Rita")])
    team = te.find_team(te.load_team(desk, event_id).tournament, "team a")
    assert team.captain == "Marie" and len(team.roster) == 6
    report = ev.rebuild(desk, event_id)
    assert report.matched and report.records == 4
    te.undo_team(desk, event_id, 3)
    assert te.load_team(desk, event_id).settings.city == ""


def test_a_wrong_team_snapshot_is_rebuilt_from_the_log(desk: ev.Desk) -> None:
    event_id = league(desk)
    te.pair_team_round(desk, event_id, circle_stub)
    good = te.load_team(desk, event_id)
    wrong = good.tournament.__class__(
        teams=good.tournament.teams, players=good.tournament.players, name="League"
    )
    desk.store.replace_snapshot(event_id, good.version, wrong)
    assert not te.load_team(desk, event_id).tournament.rounds
    assert not ev.rebuild(desk, event_id).matched
    assert te.load_team(desk, event_id).tournament == good.tournament
