"""Round-robin withdrawals (spec round-robin.md §6.3) and the round-robin tie-break rules
(spec tiebreaks.md §2.8 Koya, §1.1 rule 4), on hand-made events.

Every expected value is worked out by hand in the comments from the spec and the FIDE
Berger tables of spec §1.5, never taken from the program's output.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fairpair.cli.app import app
from fairpair.cli.commands import register
from fairpair.core import (
    Bye,
    ByeKind,
    Game,
    GameResult,
    Player,
    PointSystem,
    Round,
    Tournament,
)
from fairpair.formats.trf import write_trf
from fairpair.service import events as ev
from fairpair.service import printouts
from fairpair.service.errors import CommandError
from fairpair.service.pairing import scheduled_rounds
from fairpair.service.settings import EventSettings, System, WithdrawalPolicy
from fairpair.service.withdrawals import annulled_players, standings_settings
from fairpair.standings import TiebreakSettings, compute_standings, tiebreak_values
from fairpair.storage import MemoryStore

F = Fraction
register(app)
KEEP = WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST
ANNUL = WithdrawalPolicy.ANNUL_IF_UNDER_HALF
RR_POINTS = PointSystem(pairing_bye=0)
"""Chess points with a bye worth nothing, as a stored round robin has them."""

_RESULT = {
    "1-0": GameResult.WHITE_WINS,
    "0-1": GameResult.BLACK_WINS,
    "=": GameResult.DRAW,
    "+-": GameResult.WHITE_WINS_BY_FORFEIT,
    "-+": GameResult.BLACK_WINS_BY_FORFEIT,
}


def event(count: int, *rounds: str) -> Tournament:
    """Rounds as text: ``"2-5 1-0, 3-4 =, 1 U"`` (white-black result, or player and bye)."""
    players = tuple(Player(p, f"P{p}") for p in range(1, count + 1))
    built = []
    for number, text in enumerate(rounds, start=1):
        games, byes = [], []
        for item in (part.strip() for part in text.split(",")):
            left, right = item.split()
            if "-" in left:
                white, black = (int(x) for x in left.split("-"))
                games.append(Game(white, black, _RESULT[right]))
            else:
                byes.append(Bye(int(left), ByeKind(right)))
        built.append(Round(number, tuple(games), tuple(byes)))
    return Tournament(players, tuple(built), points=RR_POINTS)


def values(tournament: Tournament, code: str, **options: object) -> dict[int, Fraction | None]:
    return tiebreak_values(tournament, code, TiebreakSettings(**options))  # type: ignore[arg-type]


# --- Koya in an odd round robin (spec §2.8) ----------------------------------------------------

# Five players on the Berger table for six (§1.5); whoever meets number 6 has the bye (0).
FIVE = event(
    5,
    "2-5 1-0, 3-4 1-0, 1 U",
    "5-3 0-1, 1-2 1-0, 4 U",
    "3-1 0-1, 4-5 1-0, 2 U",
    "1-4 1-0, 2-3 0-1, 5 U",
    "4-2 0-1, 5-1 1-0, 3 U",
)
# Scores: 1 = 1+1+1+0 = 3; 2 = 1+0+0+1 = 2; 3 = 1+1+0+1 = 3; 4 = 0+1+0+0 = 1; 5 = 0+0+0+1 = 1.


def test_koya_in_an_odd_round_robin_measures_opponents_against_the_games_they_play() -> None:
    # R = 5 and every player sat out once, so each plays 4 games: the limit is 50 % of 4 = 2,
    # and players 1, 2 and 3 (3, 2, 3 points) qualify. Points scored against them:
    # 1: beat 2 (r2) and 3 (r3) = 2; 2: lost to 1 and 3 = 0; 3: lost to 1, beat 2 (r4) = 1;
    # 4: lost to 3, 1, 2 = 0; 5: beat 1 (r5) = 1.
    assert values(FIVE, "KS", round_robin=True) == {1: F(2), 2: F(0), 3: F(1), 4: F(0), 5: F(1)}


def test_koya_counts_an_absence_in_the_bye_round_as_no_game() -> None:
    # As FIVE, but player 2 had withdrawn by round 3, his bye round: an absence, not a bye.
    # He still had an opponent in 4 rounds only, so the limit for him stays 2 and he counts.
    absent = event(
        5,
        "2-5 1-0, 3-4 1-0, 1 U",
        "5-3 0-1, 1-2 1-0, 4 U",
        "3-1 0-1, 4-5 1-0, 2 -",
        "1-4 1-0, 2-3 0-1, 5 U",
        "4-2 0-1, 5-1 1-0, 3 U",
    )
    # The values are those of FIVE: 1 beat 2 and 3 (2), 3 beat 2 (1), 5 beat 1 (1).
    # (Counting only pairing byes as rounds sat out, 2 would need 2.5: 1 and 3 lose a point.)
    expected = {1: F(2), 2: F(0), 3: F(1), 4: F(0), 5: F(1)}
    assert values(absent, "KS", round_robin=True) == expected


def test_koya_of_a_swiss_keeps_the_maximum_of_all_rounds() -> None:
    # Off (a Swiss, the reference checker): the limit is 50 % of R = 5, i.e. 2.5, so player 2
    # (2 points) no longer counts: 1 keeps only the win over 3 (1), 3 loses the win over 2 (0).
    assert values(FIVE, "KS") == {1: F(1), 2: F(0), 3: F(0), 4: F(0), 5: F(1)}


def test_the_standings_command_takes_the_round_robin_rules(tmp_path: Path) -> None:
    trf = tmp_path / "five.trf"
    trf.write_text(write_trf(FIVE))
    runner = CliRunner()

    def koya(*extra: str) -> dict[int, float]:
        result = runner.invoke(app, ["standings", str(trf), "-t", "KS", "-f", "json", *extra])
        assert result.exit_code == 0, result.output
        rows = json.loads(result.stdout)["standings"]
        return {row["start_rank"]: row["tiebreaks"]["KS"] for row in rows}

    # The values worked out above, with and without the round-robin maximum.
    assert koya("--round-robin") == {1: 2, 2: 0, 3: 1, 4: 0, 5: 1}
    assert koya() == {1: 1, 2: 0, 3: 0, 4: 0, 5: 1}


# --- FIDE rule 4: unplayed round-robin games count as played for SB (spec §1.1) ---------------

# Four players on the Berger table for four (1-4 2-3 / 4-3 1-2 / 2-4 3-1); player 4 won in
# round 1 and withdrew: his games of rounds 2 and 3 are forfeits won by 3 and 2.
FOUR = event(4, "1-4 0-1, 2-3 =", "4-3 -+, 1-2 1-0", "2-4 +-, 3-1 =")
# Scores: 1 = 0+1+½ = 1.5; 2 = ½+0+1 = 1.5; 3 = ½+1+½ = 2; 4 = 1+0+0 = 1.
# Adjusted scores (rule 1): 4's forfeit losses had a scheduled opponent, so they stay 0: 1.


def test_unplayed_games_against_the_scheduled_opponent_count_as_played_for_sb() -> None:
    # With rule 4 a forfeit counts as a game against the withdrawn player (score 1):
    # 1: 0 (lost to 4) + 1.5×1 (beat 2) + 2×½ (drew 3) = 2.5
    # 2: 2×½ (drew 3) + 0 (lost to 1) + 1×1 (forfeit win over 4) = 2
    # 3: 1.5×½ (drew 2) + 1×1 (forfeit win over 4) + 1.5×½ (drew 1) = 2.5
    # 4: 1.5×1 (beat 1) + 0 + 0 = 1.5
    expected = {1: F(5, 2), 2: F(2), 3: F(5, 2), 4: F(3, 2)}
    assert values(FOUR, "SB", unplayed_as_played=True) == expected


def test_without_rule_4_a_forfeit_win_is_scored_against_the_dummy_opponent() -> None:
    # FIDE 2023 rule 2: the forfeit win counts against a dummy on the player's own score:
    # 2: 1 + 0 + 1.5×1 = 2.5; 3: 0.75 + 2×1 + 0.75 = 3.5; 1 and 4 have no forfeit: as above.
    expected = {1: F(5, 2), 2: F(5, 2), 3: F(7, 2), 4: F(3, 2)}
    assert values(FOUR, "SB") == expected


def test_rule_4_leaves_buchholz_alone() -> None:
    assert values(FOUR, "BH", unplayed_as_played=True) == values(FOUR, "BH")


# --- annulled results (spec round-robin.md §6.3, annul_if_under_half) -------------------------


def test_annulled_results_count_for_nobody_and_the_player_is_ranked_last() -> None:
    # Player 4 is annulled: every round against him is a free round without points.
    # 1 = (annulled) + 1 + ½ = 1.5; 2 = ½ + 0 + (annulled) = 0.5; 3 = ½ + (annulled) + ½ = 1.
    # SB: 1 = 0 + 0.5×1 (beat 2) + 1×½ (drew 3) = 1; 3 = 0.5×½ + 0 + 1.5×½ = 1;
    # 2 = 1×½ + 0 + 0 = 0.5.
    settings = TiebreakSettings(annulled_players=frozenset({4}), unplayed_as_played=True)
    table = compute_standings(FOUR, ["SB"], settings)
    shown = [(r.rank, r.player_id, r.points, r.values[0], r.annulled) for r in table.rows]
    assert shown == [
        (1, 1, F(3, 2), F(1), False),
        (2, 3, F(1), F(1), False),
        (3, 2, F(1, 2), F(1, 2), False),
        (4, 4, F(0), F(0), True),
    ]


def test_an_annulled_player_is_ranked_after_a_player_on_zero() -> None:
    # 2 lost everything (0 points); 1 withdrew after beating 2 and is annulled (0 points too):
    # 2 still ranks above him.
    t = event(3, "1-2 1-0, 3 U", "3-1 +-, 2 U", "2-3 0-1, 1 U")
    table = compute_standings(t, ["SB"], TiebreakSettings(annulled_players=frozenset({1})))
    assert [(r.rank, r.player_id) for r in table.rows] == [(1, 3), (2, 2), (3, 1)]


def test_card_game_tiebreaks_leave_annulled_rounds_out() -> None:
    # Match points of FOUR with player 4 annulled: his rounds are not rounds taken part in
    # (not byes, which would be match wins). 1: win (r2) 3 + draw (r3) 1 = 4 over 2 rounds;
    # 2: draw 1 + loss 0 = 1 over 2; 3: draw 1 + draw 1 = 2 over 2; 4: nothing.
    annulled = frozenset({4})
    assert values(FOUR, "MP", annulled_players=annulled) == {1: 4, 2: 1, 3: 2, 4: 0}
    # MWP = MP / (3 × rounds taken part in), floored at 0.33: 1 = 4/6, 2 = 1/6 -> 0.33,
    # 3 = 2/6 = 1/3 (above 0.33), 4 took part in no round: the floor.
    floor = F(33, 100)
    expected = {1: F(2, 3), 2: floor, 3: F(1, 3), 4: floor}
    assert values(FOUR, "MWP", annulled_players=annulled) == expected


# --- the event store: pairing after a withdrawal -----------------------------------------------


def desk() -> ev.Desk:
    return ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, 9, tzinfo=UTC), "arbiter")


def round_robin(d: ev.Desk, players: int, policy: WithdrawalPolicy = KEEP) -> ev.Event:
    settings = EventSettings("Club", System.BERGER, withdrawal_policy=policy)
    event = ev.create_event(d, settings)
    for i in range(1, players + 1):
        ev.register_player(d, event.id, f"Player {i}")
    return ev.load(d, event.id)


def play_round(d: ev.Desk, event_id: int, result: str = "1-0") -> ev.Event:
    """Pair the next round and give every board still open the same result."""
    event, _ = ev.pair_round(d, event_id)
    games = event.tournament.rounds[-1].games
    open_boards = [(b, result) for b, g in enumerate(games, start=1) if g.result is None]
    return ev.enter_results(d, event_id, open_boards) if open_boards else event


def boards(event: ev.Event, number: int) -> list[tuple[int, int, GameResult | None]]:
    return [(g.white, g.black, g.result) for g in event.tournament.rounds[number - 1].games]


def test_a_withdrawal_leaves_the_schedule_of_the_others_as_it_was() -> None:
    d = desk()
    event = round_robin(d, 5)
    for _ in range(2):
        play_round(d, event.id)
    ev.withdraw(d, event.id, "Player 3")
    for _ in range(3):
        event = play_round(d, event.id)
    # Berger table for 6 (§1.5), number 6 the bye: R3 2-6 3-1 4-5, R4 6-5 1-4 2-3,
    # R5 3-6 4-2 5-1. Player 3's games stay on their boards as forfeits he lost, his bye
    # round (R5) is an absence, everybody else's games and colours are the table's.
    won, lost = GameResult.BLACK_WINS_BY_FORFEIT, GameResult.WHITE_WINS_BY_FORFEIT
    assert boards(event, 3) == [(3, 1, won), (4, 5, GameResult.WHITE_WINS)]
    assert boards(event, 4) == [(1, 4, GameResult.WHITE_WINS), (2, 3, lost)]
    assert boards(event, 5) == [(4, 2, GameResult.WHITE_WINS), (5, 1, GameResult.WHITE_WINS)]
    byes = [[(b.player, b.kind) for b in rnd.byes] for rnd in event.tournament.rounds[2:]]
    assert byes == [
        [(2, ByeKind.PAIRING_ALLOCATED)],
        [(5, ByeKind.PAIRING_ALLOCATED)],
        [(3, ByeKind.ABSENT)],
    ]
    assert ev.rebuild(d, event.id).matched


def test_the_forfeit_of_a_withdrawn_player_is_on_record_when_the_round_is_paired() -> None:
    d = desk()
    event = round_robin(d, 4)
    play_round(d, event.id)
    ev.withdraw(d, event.id, "4")
    event, _ = ev.pair_round(d, event.id)
    # Round 2 of the table for four is 4-3 1-2: board 1 is already 3's forfeit win.
    assert boards(event, 2) == [(4, 3, GameResult.BLACK_WINS_BY_FORFEIT), (1, 2, None)]
    assert ev.history(d, event.id)[-1].payload["forfeited"] == [1]
    with pytest.raises(CommandError, match="board 1 of round 2 already has a result"):
        ev.enter_results(d, event.id, [(1, "1-0")])
    assert ev.enter_results(d, event.id, [(2, "=")]).tournament.rounds[-1].complete


def test_the_rounds_still_to_come_show_the_forfeits_they_will_have() -> None:
    d = desk()
    event = round_robin(d, 4)
    play_round(d, event.id)
    event = ev.withdraw(d, event.id, "4")
    # Rounds 2 and 3 of the table for four: 4-3 1-2, then 2-4 3-1; 4's games forfeited.
    coming = scheduled_rounds(event.tournament, event.settings)
    assert [[(g.white, g.black, g.result) for g in p.boards] for p in coming] == [
        [(4, 3, GameResult.BLACK_WINS_BY_FORFEIT), (1, 2, None)],
        [(2, 4, GameResult.WHITE_WINS_BY_FORFEIT), (3, 1, None)],
    ]
    _, paired = ev.pair_round(d, event.id)
    assert paired == coming[0]


def test_an_undone_withdrawal_gives_the_player_his_games_back() -> None:
    d = desk()
    event = round_robin(d, 4, ANNUL)
    play_round(d, event.id)
    ev.withdraw(d, event.id, "4")
    ev.pair_round(d, event.id)
    ev.undo(d, event.id, 2)  # the pairing of round 2, then the withdrawal
    event, _ = ev.pair_round(d, event.id)
    # Round 2 of the table for four, 4-3 1-2, both to be played; nobody is annulled.
    assert boards(event, 2) == [(4, 3, None), (1, 2, None)]
    assert annulled_players(event.tournament, event.settings) == frozenset()
    assert ev.rebuild(d, event.id).matched


@pytest.mark.parametrize(
    ("withdraw_from", "annulled"),
    [
        # Player 7 of seven (Berger table for 8): games in rounds 1-5 and 7, bye in round 6,
        # so 6 games. From round 3 on he has played 2 of 6 (< half): annulled.
        (3, True),
        # From round 4 on he has played 3 of 6: exactly half is not "less than half".
        (4, False),
    ],
)
def test_annulled_only_below_half_of_the_games(withdraw_from: int, annulled: bool) -> None:
    d = desk()
    event = round_robin(d, 7, ANNUL)
    for _ in range(withdraw_from - 1):
        event = play_round(d, event.id)
    event = ev.withdraw(d, event.id, "Player 7")
    for _ in range(7 - withdraw_from + 1):
        event = play_round(d, event.id)
    assert annulled_players(event.tournament, event.settings) == (
        frozenset({7}) if annulled else frozenset()
    )
    last = ev.standings(event).rows[-1]
    assert (last.player_id == 7 and last.annulled) is annulled


def test_keep_played_forfeit_rest_scores_the_unplayed_games_as_forfeit_wins() -> None:
    # 4 players (1-4 2-3 / 4-3 1-2 / 2-4 3-1), white wins every game played; player 4
    # withdraws after round 1: 4-3 and 2-4 are forfeits won by 3 and 2.
    # 1 = 1 + 1 + 0 = 2; 2 = 1 + 0 + 1 (forfeit) = 2; 3 = 0 + 1 (forfeit) + 1 = 2; 4 = 0.
    d = desk()
    event = round_robin(d, 4)
    play_round(d, event.id)
    ev.withdraw(d, event.id, "4")
    for _ in range(2):
        event = play_round(d, event.id)
    points = {row.player_id: row.points for row in ev.standings(event).rows}
    assert points == {1: 2, 2: 2, 3: 2, 4: 0}


def test_annul_if_under_half_deletes_every_result_of_the_player() -> None:
    # The same event under annul_if_under_half: 4 played 1 of 3 games (< half), so 1-4
    # (won by 1) and both forfeits count for nobody:
    # 1: (annulled) + 1 (beat 2) + 0 (lost to 3) = 1; 2: 1 (beat 3) + 0 + (annulled) = 1;
    # 3: 0 + (annulled) + 1 = 1; 4: annulled, last.
    d = desk()
    event = round_robin(d, 4, ANNUL)
    play_round(d, event.id)
    ev.withdraw(d, event.id, "4")
    for _ in range(2):
        event = play_round(d, event.id)
    rows = ev.standings(event).rows
    assert {row.player_id: row.points for row in rows} == {1: 1, 2: 1, 3: 1, 4: 0}
    assert rows[-1].player_id == 4 and rows[-1].annulled
    crosstable = printouts.crosstable_sheet(event)
    line = next(row for row in crosstable.rows if row[1] == "4")
    assert line[2] == "Player 4 (annulled)"
    first = crosstable.header.index("1")
    assert all(cell.startswith("(") and cell.endswith(")") for cell in line[first : first + 3])
    assert any(
        note.startswith("Withdrawals: all results of a player who withdrew having played fewer")
        for note in crosstable.notes
    )
    assert not any("annul_if_under_half" in note for note in crosstable.notes)


def test_the_policy_is_a_setting_of_round_robins_kept_in_the_log() -> None:
    settings = EventSettings("Club", System.ROTATION, withdrawal_policy=ANNUL)
    assert EventSettings.from_data(settings.to_data()) == settings
    old = settings.to_data()
    del old["withdrawal_policy"]  # an event created before the setting existed
    assert EventSettings.from_data(old).withdrawal_policy is KEEP
    with pytest.raises(CommandError, match="--withdrawal-policy is for round robins"):
        EventSettings("Open", System.DUTCH, rounds=5, withdrawal_policy=ANNUL)
    d = desk()
    event = round_robin(d, 4, ANNUL)
    shown = dict(ev.settings_lines(event))
    assert shown["withdrawals"] == ANNUL.describe()  # in words, not the identifier


def test_stored_round_robins_use_the_round_robin_tiebreak_rules() -> None:
    d = desk()
    rr = round_robin(d, 4)
    assert standings_settings(rr.tournament, rr.settings) == TiebreakSettings(
        round_robin=True, unplayed_as_played=True
    )
    swiss = EventSettings("Open", System.DUTCH, rounds=5)
    assert standings_settings(rr.tournament, swiss) == TiebreakSettings()
