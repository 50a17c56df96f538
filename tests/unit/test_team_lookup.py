"""Finding a team by what a director types (service.team_events.find_team): its pairing number or
a part of its name, accents and case ignored as the player look-up ignores them (name_key)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from fairpair.service.errors import CommandError
from fairpair.service.team_events import find_team
from tests.team_builders import team_event

NAMES = ["Échecs Lyon", "Nice", "Nice Côte d'Azur", "Saint-Étienne"]
_PLAIN = team_event(4, [], total_rounds=3)
EVENT = dataclasses.replace(
    _PLAIN, teams=tuple(dataclasses.replace(team, name=NAMES[team.id - 1]) for team in _PLAIN.teams)
)


@pytest.mark.parametrize(
    ("typed", "tpn"),
    [
        ("echecs lyon", 1),
        ("ÉCHECS", 1),
        ("lyon", 1),
        ("NICE", 2),  # the exact name wins over "Nice Côte d'Azur", which contains it
        ("cote", 3),
        ("saint-etienne", 4),
        ("4", 4),
        (" 2 ", 2),
    ],
)
def test_a_team_is_found_whatever_the_accents_and_case(typed: str, tpn: int) -> None:
    assert find_team(EVENT, typed).id == tpn


def test_an_ambiguous_name_is_refused_listing_the_candidates() -> None:
    with pytest.raises(CommandError) as refused:
        find_team(EVENT, "ni")
    assert str(refused.value) == "'ni' matches 2 teams: 2 Nice; 3 Nice Côte d'Azur"


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("9", "no team has pairing number 9 (1-4)"),
        ("Paris", "no team matches 'Paris'"),
        ("  ", "name a team"),
    ],
)
def test_an_unknown_team_is_refused(typed: str, message: str) -> None:
    with pytest.raises(CommandError, match=re.escape(message)):
        find_team(EVENT, typed)
