"""A knockout stage's printouts at the desk's print address: the bracket (its picture and
its matches), the match slips and the final standings, as HTML and PDF; before the stage
starts they are refused saying how to start it; another director's event prints nothing."""

from __future__ import annotations

import html
import io

from fastapi import FastAPI
from pypdf import PdfReader

from fairpair.core import Player
from fairpair.core.knockout import KnockoutRules, MatchFormat
from fairpair.service import events as ev
from fairpair.service import knockout_events as ko
from fairpair.service.settings import EventSettings, KnockoutSettings, System
from tests.web.desk_client import Browser, add_director, service_desk


def cup(app: FastAPI, owner: str, start: bool = True, name: str = "Cup") -> int:
    """An eight-player best-of-3 knockout run by ``owner``; player k is seed k."""
    desk = service_desk(app, owner)
    rules = KnockoutRules(match=MatchFormat.parse("best-of-3"))
    settings = EventSettings(name, System.KNOCKOUT, knockout=KnockoutSettings(rules))
    event = ev.create_event(desk, settings, owner=owner)
    people = [Player(n, f"Player {n}", rating=2400 - 10 * n) for n in range(1, 9)]
    ev.import_players(desk, event.id, people)
    if start:
        ko.cut(desk, event.id)
        ko.record_match(desk, event.id, 1, [("1-0", None), ("1-0", None)])
    return event.id


def test_the_bracket_and_match_slips_print_at_the_desk(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id = cup(app, "anna")
    page = anna.get(f"/desk/events/{event_id}/print/bracket")
    assert page.status_code == 200, page.text
    assert page.text.count("<svg") == 1 and "Quarter-finals" in page.text
    assert f'href="/desk/events/{event_id}/print/bracket?pdf=1"' in page.text
    # Match 1 (1 - 8) is decided: three quarter-finals are left to play.
    slips = anna.get(f"/desk/events/{event_id}/print/match-slips")
    assert slips.status_code == 200, slips.text
    assert slips.text.count('class="slip ko-slip"') == 3
    pdf = anna.get(f"/desk/events/{event_id}/print/match-slips?pdf=1")
    assert pdf.headers["content-type"] == "application/pdf"
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    for a, b in ((4, 5), (2, 7), (3, 6)):
        assert f"Player {a}" in text and f"Player {b}" in text
    assert "Player 8" not in text
    standings = anna.get(f"/desk/events/{event_id}/print/standings")
    assert standings.status_code == 200 and "the knockout is under way" in standings.text


def test_the_knockout_sheets_wait_for_the_start(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    event_id = cup(app, "anna", start=False)
    refused = anna.get(f"/desk/events/{event_id}/print/bracket")
    assert refused.status_code == 400
    assert "has not started" in html.unescape(refused.text)
    unknown = anna.get(f"/desk/events/{event_id}/print/brackets")
    assert unknown.status_code == 404
    assert "bracket, match-slips" in html.unescape(unknown.text)


def test_another_directors_knockout_prints_nothing(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    add_director(app, "boris")
    event_id = cup(app, "boris")
    for sheet in ("bracket", "match-slips"):
        answer = anna.get(f"/desk/events/{event_id}/print/{sheet}")
        assert answer.status_code == 404, sheet
        assert "Player 1" not in answer.text


def test_the_desk_links_to_the_knockout_sheets_once_started(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    waiting = cup(app, "anna", start=False, name="Cup to come")
    assert "/print/match-slips" not in anna.get(f"/desk/events/{waiting}").text
    event_id = cup(app, "anna")
    for page in (f"/desk/events/{event_id}", f"/desk/events/{event_id}/bracket"):
        text = anna.get(page).text
        for sheet in ("bracket", "match-slips"):
            assert f'href="/desk/events/{event_id}/print/{sheet}"' in text, (page, sheet)
            assert f'href="/desk/events/{event_id}/print/{sheet}?pdf=1"' in text, (page, sheet)
