"""A Double-Swiss event's printouts at the desk's print address: the same route, toolbar and
PDF link as the other events', with the Double-Swiss sheets (pairings and match slips with both
games, pairings by name, standings, crosstable); a sheet the event has not is refused with the
ones it has; another director's event prints nothing."""

from __future__ import annotations

import html
import io

from fastapi import FastAPI
from pypdf import PdfReader

from tests.web.desk_client import Browser, add_director, service_desk
from tests.web.double_event import double_event


def test_the_match_slips_of_a_round_print_at_the_desk_as_html_and_pdf(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = double_event(service_desk(app, "anna"), owner="anna").event_id
    page = anna.get(f"/desk/events/{event_id}/print/slips?round=2")
    assert page.status_code == 200, page.text
    assert page.text.count('class="slip match-slip"') == 3
    assert f'<a href="/desk/events/{event_id}">' in page.text
    assert f'href="/desk/events/{event_id}/print/slips?round=2&amp;pdf=1"' in page.text
    pdf = anna.get(f"/desk/events/{event_id}/print/slips?round=2&pdf=1")
    assert pdf.headers["content-type"] == "application/pdf"
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert text.count("Game 2") == 3


def test_every_double_swiss_sheet_prints_at_the_desk(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id = double_event(service_desk(app, "anna"), owner="anna").event_id
    for sheet, expected in (
        ("pairings", "White in game 1"),
        ("alphabetical", "pairings by name"),
        ("standings", "standings after round 2"),
        ("crosstable", "crosstable after round 3"),
    ):
        page = anna.get(f"/desk/events/{event_id}/print/{sheet}")
        assert page.status_code == 200, (sheet, page.text)
        assert expected in page.text and "<table>" in page.text, sheet


def test_a_sheet_the_event_has_not_is_refused_with_those_it_has(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = double_event(service_desk(app, "anna"), owner="anna").event_id
    refused = anna.get(f"/desk/events/{event_id}/print/match-cards")
    assert refused.status_code == 404
    text = html.unescape(refused.text)
    assert "A Double-Swiss event has no sheet 'match-cards': choose pairings, " in text
    assert anna.get(f"/desk/events/{event_id}/print/slips?round=9").status_code == 400
    assert anna.get(f"/desk/events/{event_id}/print/slips?paper=a3").status_code == 404


def test_another_directors_double_swiss_prints_nothing(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    add_director(app, "boris")
    event_id = double_event(service_desk(app, "boris"), owner="boris").event_id
    for sheet in ("pairings", "slips", "standings"):
        answer = anna.get(f"/desk/events/{event_id}/print/{sheet}")
        assert answer.status_code == 404, sheet
        assert "Double open" not in answer.text
