"""No text of an event can add a record to its TRF: the writer writes each on one line."""

from __future__ import annotations

import pytest

from fairpair.core import EventDetails, Player, Tournament
from fairpair.formats.trf import parse_trf, write_trf

INJECTED = "Open\n012 Injected\nXXR 1"


@pytest.mark.parametrize("flavour", ["trf16", "trf2026"])
@pytest.mark.parametrize("breaking", ["\n", "\r", "\r\n", "\u2028", "\x0b", "\x85", "\x00"])
def test_a_line_break_in_any_text_never_makes_a_record(flavour: str, breaking: str) -> None:
    injected = INJECTED.replace("\n", breaking)
    tournament = Tournament(
        players=(
            Player(id=1, name=f"Ada{breaking}001    2 Injected", club=injected, rating=2000),
            Player(id=3, name=f"Wolfeschlegelsteinhausenbergerdorff,{breaking}Hubert Blaine"),
            Player(id=2, name="Boris"),
        ),
        name=injected,
        total_rounds=5,
        details=EventDetails(
            city=injected,
            chief_arbiter=injected,
            deputy_arbiters=(injected, "Deputy"),
            event_type=injected,
            time_control=injected,
        ),
    )
    text = write_trf(tournament, "trf16" if flavour == "trf16" else "trf2026")
    lines = text.split("\n")[:-1]
    assert not any(mark in text for mark in ("\r", "\u2028", "\x0b", "\x85", "\x00"))
    codes = [line[:3] for line in lines]
    assert codes.count("012") == 1 and codes.count("001") == 3
    # A name longer than its 33 columns is cut, never refused.
    assert [line[14:47] for line in lines if line.startswith("001    3")] == [
        "Wolfeschlegelsteinhausenbergerdor"
    ]
    assert "XXR 1" not in lines and not any(line.startswith("Injected") for line in lines)
    back = parse_trf(text).tournament()
    assert " ".join(back.name.split()) == "Open 012 Injected XXR 1"
    assert [" ".join(p.name.split()) for p in back.players][:2] == ["Ada 001 2 Injected", "Boris"]
    assert back.total_rounds == 5
