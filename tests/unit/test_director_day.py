"""The director's day: player names found as the desk's filter finds them, defaults that fit
the game (chess, card games, Go) and the settings as JSON."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from fractions import Fraction

import pytest

from fairpair.cli import common
from fairpair.core import CHESS, MATCH_POINTS, Player, Tournament
from fairpair.formats import standings_render
from fairpair.service import entry
from fairpair.service import events as ev
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.settings import SWISS_TIEBREAKS, EventSettings, Game, System
from fairpair.storage import MemoryStore


def _field(*names: str) -> Tournament:
    return Tournament(players=tuple(Player(i, n) for i, n in enumerate(names, start=1)))


def test_a_name_typed_without_accents_finds_the_player_with_them() -> None:
    field = _field("García, Ana", "Dvořák, Jan", "Smith, Bob")
    assert ev.find_player(field, "garcia").id == 1
    assert ev.find_player(field, "DVORAK").id == 2
    assert ev.find_player(field, "García").id == 1


def test_accents_typed_find_a_name_written_without_them() -> None:
    assert ev.find_player(_field("Muller, Eva", "Smith, Bob"), "Müller").id == 1


def test_an_ambiguous_name_is_refused_listing_the_players() -> None:
    field = _field("García, Ana", "Garcia, Luis", "Smith, Bob")
    with pytest.raises(CommandError) as refused:
        ev.find_player(field, "garcia")
    message = str(refused.value)
    assert "matches 2 players" in message
    assert "1 García, Ana" in message and "2 Garcia, Luis" in message


def test_the_name_written_exactly_wins_over_a_folded_twin() -> None:
    field = _field("García", "Garcia")
    assert ev.find_player(field, "García").id == 1
    assert ev.find_player(field, "garcia").id == 2


# --- the standings' columns -----------------------------------------------------------------


@dataclass(frozen=True)
class _Column:
    code: str
    decimals: int | None = None


@dataclass(frozen=True)
class _Line:
    rank: int
    start_rank: int
    name: str
    rating: int | None
    points: Fraction
    values: tuple[Fraction | None, ...]


@dataclass(frozen=True)
class _Table:
    columns: tuple[_Column, ...]
    rows: tuple[_Line, ...]
    score: str = "PTS"

    def notes(self) -> tuple[str, ...]:
        return ()


def _card_table(rating: int | None = None) -> _Table:
    """Match points as the points and again as an MP column, then OMW."""
    return _Table(
        (_Column("MP"), _Column("OMW", 4)),
        (
            _Line(1, 2, "Ann", rating, Fraction(6), (Fraction(6), Fraction(1, 2))),
            _Line(2, 1, "Bob", None, Fraction(3), (Fraction(3), Fraction(1, 3))),
        ),
    )


def test_an_event_without_ratings_has_no_rating_column() -> None:
    text = standings_render.render_text(_card_table())
    header = text.splitlines()[0].split()
    assert header == ["Rk", "SNo", "Name", "Pts", "OMW"]
    assert "Rtg" not in standings_render.render_html(_card_table())


def test_a_rating_column_when_someone_has_a_rating() -> None:
    header = standings_render.render_text(_card_table(1800)).splitlines()[0].split()
    assert header == ["Rk", "SNo", "Name", "Rtg", "Pts", "OMW"]


def test_a_column_repeating_the_points_is_not_shown_twice() -> None:
    csv_header = standings_render.render_csv(_card_table()).splitlines()[0]
    assert csv_header == "rank,start_rank,name,rating,points,OMW"
    assert "<th>MP</th>" not in standings_render.render_html(_card_table())


def test_a_score_column_that_differs_from_the_points_stays() -> None:
    table = _Table(
        (_Column("MMS"),),
        (_Line(1, 1, "Ann", None, Fraction(2), (Fraction(22),)),),
    )
    assert standings_render.render_text(table).splitlines()[0].split()[-1] == "MMS"


def test_a_mcmahon_score_heads_the_points_column_mms() -> None:
    table = _Table(
        (_Column("SOS"),), (_Line(1, 1, "Ann", None, Fraction(2), (Fraction(3),)),), "MMS"
    )
    assert standings_render.render_text(table).splitlines()[0].split() == [
        "Rk",
        "SNo",
        "Name",
        "MMS",
        "SOS",
    ]
    assert "<th>MMS</th>" in standings_render.render_html(table)


# --- defaults that fit the game -------------------------------------------------------------


def test_a_casual_swiss_is_a_card_game_by_default() -> None:
    settings = entry.event_settings("Friday Magic", "casual", "4", "", "")
    assert settings.game is Game.CARDS
    assert settings.points == MATCH_POINTS
    assert settings.chosen_tiebreaks == ("OMW", "GW", "OGW")
    assert settings.card_game  # no colour columns


def test_a_casual_swiss_with_colours_or_chess_points_is_chess() -> None:
    coloured = entry.event_settings("Club night", "casual", "4", "", "", colours=True)
    assert (coloured.game, coloured.points) == (Game.CHESS, CHESS)
    assert coloured.chosen_tiebreaks == SWISS_TIEBREAKS and not coloured.card_game
    chess_points = entry.event_settings("Club night", "casual", "4", "1,0.5,0", "")
    assert chess_points.game is Game.CHESS and not chess_points.card_game


def test_a_go_event_ranks_by_mcmahon_score_then_sos_and_sosos() -> None:
    settings = entry.event_settings("Go club", "", "4", "", "", game="go")
    assert settings.system is System.CASUAL
    assert settings.points == CHESS
    assert settings.chosen_tiebreaks == ("SOS", "SOSOS")


def test_chess_stays_the_default_of_the_fide_systems() -> None:
    settings = entry.event_settings("Open", "dutch", "5", "", "")
    assert (settings.game, settings.points) == (Game.CHESS, CHESS)
    assert settings.chosen_tiebreaks == SWISS_TIEBREAKS


def test_colours_for_a_card_game_are_refused_on_the_field() -> None:
    with pytest.raises(FieldErrors) as refused:
        entry.event_settings("Friday Magic", "casual", "4", "3,1,0", "", colours=True)
    assert "no colours" in refused.value.errors["points"]
    with pytest.raises(FieldErrors) as unknown:
        entry.event_settings("Friday Magic", "casual", "4", "", "", game="poker")
    assert "chess, cards, go" in unknown.value.errors["game"]


def test_the_game_is_kept_and_an_old_event_with_match_points_reads_as_cards() -> None:
    settings = entry.event_settings("Go club", "", "4", "", "", game="go")
    assert EventSettings.from_data(settings.to_data()) == settings
    old = EventSettings("Old league", System.CASUAL, 3, MATCH_POINTS).to_data()
    del old["game"]
    assert EventSettings.from_data(old).game is Game.CARDS


def _played_go_event() -> ev.Event:
    desk = ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, tzinfo=UTC), "arbiter")
    event = ev.create_event(desk, entry.event_settings("Go club", "", "2", "", "", game="go"))
    for name in ("Ann", "Bob", "Cid", "Dee"):
        ev.register_player(desk, event.id, name)
    ev.pair_round(desk, event.id)
    ev.enter_results(desk, event.id, [(1, "1-0"), (2, "0-1")])
    return ev.load(desk, event.id)


def test_go_standings_have_the_mcmahon_score_as_points_and_sos_columns() -> None:
    event = _played_go_event()
    table = ev.standings(event)
    assert table.codes == ("SOS", "SOSOS")
    assert sorted(row.points for row in table.rows) == [0, 0, 1, 1]
    assert ("game", "Go") in ev.settings_lines(event)


def test_an_error_message_of_several_lines_is_printed_on_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    exit_ = common.fail("fairpair", "cannot read players.csv:\n  line 3: 'Ann;1800'\n")
    assert exit_.exit_code == 2
    assert (
        capsys.readouterr().err == "fairpair: error: cannot read players.csv: line 3: 'Ann;1800'\n"
    )
