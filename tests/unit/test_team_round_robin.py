"""Team round robin (spec/team-swiss.md §9) against the transcribed FIDE Berger tables."""

from __future__ import annotations

import json

import pytest

from fairpair.core import Pairing
from fairpair.pairing.errors import PairingInputError
from fairpair.pairing.registry import TEAM_SYSTEMS, team_pairing_system
from fairpair.pairing.team_round_robin import cycles_of, pair_team_round_robin, team_berger_round
from tests.golden_data import SPEC, require
from tests.team_builders import team_event

TABLES: dict[str, list[list[list[int]]]] = json.loads(
    require(SPEC / "data/berger.json").read_text()
)["tables"]


def pairs(pairing: Pairing) -> list[tuple[int, int]]:
    return [(g.white, g.black) for g in pairing.boards]


@pytest.mark.parametrize("teams", [4, 6, 9, 10, 13])
def test_every_round_is_the_fide_table_with_team_numbers(teams: int) -> None:
    size = teams + teams % 2
    for number, boards in enumerate(TABLES[str(size)], start=1):
        pairing = team_berger_round(teams, number)
        expected = [(w, b) for w, b in boards if size not in (w, b) or teams == size]
        assert pairs(pairing) == expected
        byes = [w if b == size else b for w, b in boards if teams < size and size in (w, b)]
        assert pairing.bye == (byes[0] if byes else None)


def test_second_cycle_reverses_colours_without_swapping_rounds() -> None:
    """§9 and §14 Q14: G2 is the table again with White and Black exchanged."""
    table = TABLES["6"]
    for number, boards in enumerate(table, start=1):
        assert pairs(team_berger_round(6, number, 2)) == [(w, b) for w, b in boards]
        second = team_berger_round(6, number + len(table), 2)
        assert pairs(second) == [(b, w) for w, b in boards]


def test_cycles_come_from_the_192_code() -> None:
    assert cycles_of("BERGER_TEAM_ROUNDROBIN") == 1
    assert cycles_of("FIDE_TEAM_ROUNDROBIN") == 1
    assert cycles_of("BERGER_TEAM_DOUBLEROUNDROBIN") == 2
    assert cycles_of("FIDE_TEAM_DOUBLEROUNDROBIN") == 2
    assert cycles_of("BERGER_TEAM_ROUNDROBIN_G3") == 3


def test_a_round_past_the_schedule_is_refused() -> None:
    with pytest.raises(PairingInputError, match="has 3 rounds"):
        team_berger_round(4, 4)


def test_registered_beside_the_individual_systems() -> None:
    assert set(TEAM_SYSTEMS) == {"team-swiss", "team-berger"}
    event = team_event(5, [], total_rounds=5)
    assert team_pairing_system("team-berger")(event) == pair_team_round_robin(event)
    assert pairs(pair_team_round_robin(event)) == [(2, 5), (3, 4)]
    with pytest.raises(KeyError, match="team-swiss"):
        team_pairing_system("dutch")
