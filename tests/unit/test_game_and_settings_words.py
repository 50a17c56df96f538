"""The game and the points never contradict each other (editing one brings the other along),
and every setting is shown in words, never as the identifier a director types."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fairpair.core import CHESS, MATCH_POINTS
from fairpair.service import events as ev
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.settings import (
    CARD_GAME_TIEBREAKS,
    SWISS_TIEBREAKS,
    EventSettings,
    Game,
    System,
    WithdrawalPolicy,
    parse_points,
    setting_label,
)
from fairpair.storage import MemoryStore


def desk() -> ev.Desk:
    return ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, 9, tzinfo=UTC), "arbiter")


def magic(d: ev.Desk) -> ev.Event:
    settings = EventSettings("Friday Magic", System.CASUAL, 3, MATCH_POINTS, game=Game.CARDS)
    return ev.create_event(d, settings)


def test_chess_points_on_a_card_game_make_it_chess_and_undo_takes_both_back() -> None:
    d = desk()
    event = magic(d)
    edited = ev.edit_event(d, event.id, {"points": "1/0.5/0"})
    assert (edited.settings.game, edited.settings.points) == (Game.CHESS, CHESS)
    assert edited.settings.chosen_tiebreaks == SWISS_TIEBREAKS and not edited.settings.card_game
    shown = dict(ev.settings_lines(edited))
    assert shown["game"] == "chess" and "first colour" in shown
    back, _ = ev.undo(d, event.id)
    assert (back.settings.game, back.settings.points) == (Game.CARDS, MATCH_POINTS)


def test_match_points_make_a_chess_event_a_card_game() -> None:
    d = desk()
    event = ev.create_event(d, EventSettings("Club", System.CASUAL, 3))
    edited = ev.edit_event(d, event.id, {"points": "3,1,0"})
    assert edited.settings.game is Game.CARDS
    assert edited.settings.chosen_tiebreaks == CARD_GAME_TIEBREAKS


def test_a_go_event_keeps_its_game_with_chess_points() -> None:
    d = desk()
    event = ev.create_event(d, EventSettings("Go", System.CASUAL, 3, game=Game.GO))
    edited = ev.edit_event(d, event.id, {"points": "1,0,0"})
    assert edited.settings.game is Game.GO


def test_the_game_brings_its_usual_points_but_not_over_a_directors_own() -> None:
    d = desk()
    event = magic(d)
    edited = ev.edit_event(d, event.id, {"game": "chess"})
    assert (edited.settings.game, edited.settings.points) == (Game.CHESS, CHESS)
    own = ev.edit_event(d, event.id, {"points": "2,1,0"})
    assert own.settings.points == parse_points("2,1,0")
    kept = ev.edit_event(d, event.id, {"game": "go"})
    assert (kept.settings.game, kept.settings.points) == (Game.GO, parse_points("2,1,0"))
    both = ev.edit_event(d, event.id, {"game": "cards", "points": "1,0.5,0"})
    assert (both.settings.game, both.settings.points) == (Game.CARDS, CHESS)


def test_the_game_cannot_change_once_round_1_is_paired() -> None:
    d = desk()
    event = magic(d)
    for name in ("A", "B", "C", "D"):
        ev.register_player(d, event.id, name)
    ev.pair_round(d, event.id)
    with pytest.raises(CommandError, match="game cannot change once round 1 is paired"):
        ev.edit_event(d, event.id, {"game": "chess"})
    with pytest.raises(FieldErrors) as wrong:
        ev.edit_event(d, event.id, {"game": "poker"})
    assert wrong.value.errors == {"game": "choose one of chess, cards, go"}


RAW = ("keep_played_forfeit_rest", "annul_if_under_half", "berger", "cards")


def test_event_show_and_the_log_give_settings_in_words() -> None:
    d = desk()
    event = ev.create_event(
        d,
        EventSettings(
            "Club", System.BERGER, withdrawal_policy=WithdrawalPolicy.ANNUL_IF_UNDER_HALF
        ),
    )
    event = ev.edit_event(
        d, event.id, {"withdrawal_policy": "keep_played_forfeit_rest", "initial_colour": "black"}
    )
    shown = dict(ev.settings_lines(event))
    assert shown["system"] == System.BERGER.label == "Round robin (Berger tables)"
    assert shown["withdrawals"] == WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST.describe()
    log = ev.history(d, event.id)
    lines = [ev.describe(r, event.tournament, log) for r in log]
    assert "withdrawals: annulled if he played under half of his games" in lines[0]
    assert "first colour 'Black' (was 'White')" in lines[1]
    text = "\n".join([*lines, *(f"{k}: {v}" for k, v in ev.settings_lines(event))])
    for identifier in RAW:
        assert identifier not in text, identifier


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("system", "dutch", "Swiss (FIDE Dutch)"),
        ("game", "cards", "card or board game (match points)"),
        ("withdrawal_policy", "annul_if_under_half", WithdrawalPolicy.ANNUL_IF_UNDER_HALF.label),
        ("initial_colour", "black", "Black"),
        ("rounds", 5, None),
    ],
)
def test_each_enumerated_setting_has_its_words(field: str, value: object, words: str) -> None:
    assert setting_label(field, value) == words
