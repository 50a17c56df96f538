"""The director's day: player names found as the desk's filter finds them, defaults that fit
the game (chess, card games, Go) and the settings as JSON."""

from __future__ import annotations

import pytest

from fairpair.core import Player, Tournament
from fairpair.service import events as ev
from fairpair.service.errors import CommandError


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
