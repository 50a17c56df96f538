"""A team event's printouts at the desk's print address: the same route, toolbar and PDF link
as an individual event's, with the team sheets (match cards, team pairings, team standings,
board prizes); a sheet a team event has not is refused with the ones it has."""

from __future__ import annotations

import html
import io

from fastapi import FastAPI
from pypdf import PdfReader

from fairpair.core import Player
from fairpair.service import team_events as te
from fairpair.service.settings import EventSettings, System, TeamSettings
from tests.web.desk_client import Browser, add_director, service_desk


def team_league(app: FastAPI, teams: int = 6, owner: str = "anna") -> int:
    """A team round robin run by ``owner``, round 1 paired (set up through the service: the
    desk's own team pages are another door's work)."""
    desk = service_desk(app, owner)
    settings = EventSettings("League", System.TEAM_BERGER, team=TeamSettings(boards=4))
    event = te.create_team_event(desk, settings, owner=owner)
    te.import_teams(
        desk,
        event.id,
        [
            te.NewTeam(f"Club {t}", tuple(Player(1, f"Player {t}-{b}") for b in range(1, 6)))
            for t in range(1, teams + 1)
        ],
    )
    te.pair_team_round(desk, event.id)
    return event.id


def test_the_match_cards_of_a_round_print_at_the_desk_as_html_and_pdf(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = team_league(app)
    page = anna.get(f"/desk/events/{event_id}/print/match-cards?round=1")
    assert page.status_code == 200
    assert page.text.count('<div class="card">') == 3
    # The desk's toolbar: back to the event, and the PDF of the same sheet.
    assert f'<a href="/desk/events/{event_id}">' in page.text
    assert f'href="/desk/events/{event_id}/print/match-cards?round=1&amp;pdf=1"' in page.text
    assert "Rtg" not in page.text  # nobody in the event is rated
    pdf = anna.get(f"/desk/events/{event_id}/print/match-cards?round=1&pdf=1")
    assert pdf.headers["content-type"] == "application/pdf"
    assert len(PdfReader(io.BytesIO(pdf.content)).pages) == 3
    letter = anna.get(f"/desk/events/{event_id}/print/match-cards?pdf=1&paper=letter")
    width, height = PdfReader(io.BytesIO(letter.content)).pages[0].mediabox.upper_right
    assert (round(float(width) / 72 * 25.4, 1), round(float(height) / 72 * 25.4, 1)) == (
        215.9,
        279.4,
    )


def test_team_pairings_standings_and_board_prizes_print_at_the_desk(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = team_league(app, teams=4)
    for sheet, expected in (
        ("pairings", "round 1 team pairings"),
        ("board-pairings", "Player 1-4"),
        ("standings", "team standings after round 0"),
        ("board-prizes", "board prizes"),
    ):
        page = anna.get(f"/desk/events/{event_id}/print/{sheet}")
        assert page.status_code == 200, (sheet, page.text)
        assert expected in page.text and "<table>" in page.text, sheet


def test_a_sheet_a_team_event_has_not_is_refused_with_those_it_has(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = team_league(app, teams=4)
    refused = anna.get(f"/desk/events/{event_id}/print/alphabetical")
    assert refused.status_code == 404
    text = html.unescape(refused.text)
    assert "no sheet 'alphabetical': choose pairings, board-pairings, match-cards" in text
    assert anna.get(f"/desk/events/{event_id}/print/match-cards?round=3").status_code == 400


def test_another_directors_team_event_prints_nothing(site: tuple[FastAPI, Browser]) -> None:
    app, anna = site
    add_director(app, "boris")
    event_id = team_league(app, teams=4, owner="boris")
    assert anna.get(f"/desk/events/{event_id}/print/match-cards").status_code == 404
