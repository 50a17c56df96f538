"""A TRF file in any layout comes back byte for byte, and a change rewrites only its records.

Layouts real programs write differ from ours: records in other orders, comments, blank lines,
records fairpair does not read, CR/CRLF/LF endings (mixed too), a byte-order mark.
"""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.core import EventDetails, Tournament
from fairpair.formats.event_json import dump_event, load_event, load_event_and_trf
from fairpair.formats.trf import parse_trf, write_trf
from tests.strategies import event_tournaments

ENDINGS = st.sampled_from(["\n", "\r\n", "\r"])
EXTRA_LINES = st.sampled_from(
    ["", "   ", "### comment", "###", "013 Team A    1    2", "299 abnormal", "XXS W=1.0", "ZZZ"]
)


READ_TOGETHER = {"XXP": "forbidden", "260": "forbidden"}
"""Record types read into one list of the tournament: their relative order matters."""


@st.composite
def layouts(draw: st.DrawFn) -> tuple[Tournament, str]:
    """An event and a file for it: our lines shuffled, extra lines put in, endings drawn."""
    tournament = draw(event_tournaments(max_players=6, max_rounds=3))
    flavour = draw(st.sampled_from(["trf16", "trf2026"]))
    lines = write_trf(tournament, flavour).splitlines()
    players = [line for line in lines if line[:3] == "001"]
    others = [line for line in lines if line[:3] != "001"]
    others += draw(st.lists(EXTRA_LINES, max_size=4))
    # Each other line gets a random place among the players' lines; the players keep their
    # order (under XXC rank it is the initial ranking), and so do the lines of one record
    # type (240, 260, XXA... are read in file order).
    spots = st.floats(0, len(players) + 1, allow_nan=False)
    keys = draw(st.lists(spots, min_size=len(others), max_size=len(others)))
    by_code: dict[str, list[int]] = {}
    for index, line in enumerate(others):
        by_code.setdefault(READ_TOGETHER.get(line[:3], line[:3]), []).append(index)
    for indexes in by_code.values():
        for index, key in zip(indexes, sorted(keys[i] for i in indexes), strict=True):
            keys[index] = key
    placed = [(i + 0.5, line) for i, line in enumerate(players)] + list(
        zip(keys, others, strict=True)
    )
    merged = [line for _, line in sorted(placed, key=lambda pair: pair[0])]
    endings = draw(
        st.one_of(
            ENDINGS.map(lambda e: [e] * len(merged)),
            st.lists(ENDINGS, min_size=len(merged), max_size=len(merged)),
        )
    )
    text = "".join(line + ending for line, ending in zip(merged, endings, strict=True))
    if draw(st.booleans()):
        text = text.rstrip("\r\n")
    if draw(st.booleans()):
        text = "\ufeff" + text
    return tournament, text


@settings(max_examples=60, deadline=None)
@given(layouts())
def test_any_layout_is_written_back_byte_for_byte(layout: tuple[Tournament, str]) -> None:
    tournament, text = layout
    doc = parse_trf(text)
    assert doc.tournament() == tournament
    assert write_trf(doc.tournament(), like=doc) == text
    event, kept = load_event_and_trf(dump_event(doc.tournament(), trf=doc))
    assert event == tournament and kept is not None
    assert write_trf(event, like=kept) == text


@settings(max_examples=40, deadline=None)
@given(layouts(), st.text(string.ascii_letters + " -", min_size=1, max_size=30).map(str.strip))
def test_a_new_name_rewrites_only_the_name(layout: tuple[Tournament, str], name: str) -> None:
    tournament, text = layout
    doc = parse_trf(text)
    changed = tournament.replace(name=name)
    written = write_trf(changed, like=doc)
    assert parse_trf(written).tournament() == changed
    assert [line for line in written.lstrip("\ufeff").splitlines() if line[:3] != "012"] == [
        line for line in text.lstrip("\ufeff").splitlines() if line[:3] != "012"
    ]


TEXTS = st.text(string.ascii_letters + string.digits + " ,./'+-()", max_size=20).map(str.strip)
DATES = st.one_of(TEXTS, st.dates().map(lambda d: d.isoformat()))


@st.composite
def details(draw: st.DrawFn) -> EventDetails:
    rounds = draw(
        st.lists(
            st.one_of(
                st.just(""),
                st.dates().map(lambda d: d.isoformat()),
                TEXTS.map(lambda t: t[:10].strip()),
            ),
            max_size=6,
        )
    )
    while rounds and not rounds[-1]:  # a trailing round without a date is no date
        rounds.pop()
    return EventDetails(
        city=draw(TEXTS),
        federation=draw(TEXTS),
        start_date=draw(DATES),
        end_date=draw(DATES),
        event_type=draw(TEXTS),
        chief_arbiter=draw(TEXTS),
        deputy_arbiters=tuple(draw(st.lists(TEXTS, max_size=3))),
        time_control=draw(TEXTS),
        round_dates=tuple(rounds),
    )


def as_trf_writes_them(d: EventDetails) -> EventDetails:
    """ISO dates from the store become TRF's: YYYY/MM/DD in 042/052, YY/MM/DD in 132."""

    def day(text: str) -> str:
        return (
            text.replace("-", "/")
            if len(text) == 10 and text[4] == text[7] == "-" and text.replace("-", "").isdigit()
            else text
        )

    def short(text: str) -> str:
        return day(text)[2:] if day(text) != text else text

    return EventDetails(
        d.city,
        d.federation,
        day(d.start_date),
        day(d.end_date),
        d.event_type,
        d.chief_arbiter,
        d.deputy_arbiters,
        d.time_control,
        tuple(short(r) for r in d.round_dates),
    )


@settings(max_examples=80, deadline=None)
@given(event_tournaments(max_players=6, max_rounds=2), details())
def test_details_go_through_trf_and_json(tournament: Tournament, d: EventDetails) -> None:
    event = tournament.replace(details=d)
    assert load_event(dump_event(event)) == event
    for flavour in ("trf16", "trf2026"):
        back = parse_trf(write_trf(event, flavour)).tournament()
        assert back == event.replace(details=as_trf_writes_them(d))
