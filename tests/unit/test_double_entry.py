"""The new-event form's Double-Swiss settings read field by field
(:func:`fairpair.service.entry.double_event_settings`)."""

from __future__ import annotations

import pytest

from fairpair.core import Colour
from fairpair.core.double_swiss import ByeValues
from fairpair.core.teams import PrimaryScore
from fairpair.service.entry import double_event_settings
from fairpair.service.errors import FieldErrors
from fairpair.service.settings import System


def test_the_fields_left_empty_give_the_spec_defaults_and_a_colour_drawn_by_lot() -> None:
    settings = double_event_settings("Open", "7")
    ds = settings.double_swiss
    assert settings.system is System.DOUBLE_SWISS and settings.rounds == 7
    assert ds is not None and ds.colour_drawn
    # Spec §2.4: PAB 1½, half-point bye 1, full-point bye 2 (in halves).
    assert ds.byes == ByeValues(pairing_allocated=3, half_point=2, full_point=4)
    assert ds.primary is PrimaryScore.GAME_POINTS
    assert settings.tiebreaks == ()


def test_the_fields_given_are_kept() -> None:
    settings = double_event_settings(
        " Open ", "9", "BH:GP/C1, WON", initial_colour="Black", byes="1/0.5/1", primary="mp"
    )
    ds = settings.double_swiss
    assert settings.name == "Open" and settings.initial_colour is Colour.BLACK
    assert ds is not None and not ds.colour_drawn and ds.primary is PrimaryScore.MATCH_POINTS
    assert ds.byes == ByeValues(pairing_allocated=2, half_point=1, full_point=2)
    assert settings.tiebreaks == ("BH:GP/C1", "WON")


def test_every_field_that_is_wrong_is_named_at_once() -> None:
    with pytest.raises(FieldErrors) as refused:
        double_event_settings(
            "", "9" * 5000, "XYZ", initial_colour="red", byes="3/1/2", primary="elo"
        )
    assert set(refused.value.errors) == {
        "name",
        "rounds",
        "tiebreaks",
        "initial_colour",
        "byes",
        "primary",
    }
    assert "1 to 99" in refused.value.errors["rounds"]


@pytest.mark.parametrize("rounds", ["", "0", "100", "seven", "²", "-3"])
def test_the_number_of_match_rounds_is_needed_from_1_to_99(rounds: str) -> None:
    with pytest.raises(FieldErrors) as refused:
        double_event_settings("Open", rounds)
    assert "match-rounds" in refused.value.errors["rounds"]
