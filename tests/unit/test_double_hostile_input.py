"""What a director under time pressure types for a Double-Swiss game, as a phone's keyboard
or a copied scoresheet writes it: the dash between the scores may be any dash."""

from __future__ import annotations

import pytest

from fairpair.core.double_swiss import Mark
from fairpair.service import double_events as de
from fairpair.service.errors import CommandError
from fairpair.service.settings import parse_bye_values

W, L, D = Mark.WIN, Mark.LOSS, Mark.DRAW


@pytest.mark.parametrize("dash", ["\u2212", "\u2014", "\u2010", "\uff0d", "\u2013"])
def test_any_dash_between_the_scores_reads_as_a_hyphen(dash: str) -> None:
    # U+2212 minus sign, em dash, hyphen, full-width hyphen-minus, en dash.
    assert de.parse_game(f"1{dash}0") == (W, L)
    assert de.parse_game(f"½{dash}½") == (D, D)
    assert de.parse_game(f"0{dash}½") == (L, D)


@pytest.mark.parametrize("typed", ["\u22121", "1\u2212\u22120", "\u2212", "１-０", "٢-0"])
def test_a_dash_does_not_make_a_result_of_what_is_none(typed: str) -> None:
    with pytest.raises(CommandError, match="is not a game result"):
        de.parse_game(typed, "board 1, game 1")


@pytest.mark.timeout(10)
@pytest.mark.parametrize("typed", ["1e999999999/1/2", "1.5/1E999999999/2", "1.5/1/2e-999999999"])
def test_bye_values_with_an_exponent_are_refused_at_once(typed: str) -> None:
    # Fraction("1e999999999") computes 10**999999999: a form, the API or the command line
    # held the server (or the terminal) for minutes on one typed value.
    with pytest.raises(CommandError, match="no exponent"):
        parse_bye_values(typed)
