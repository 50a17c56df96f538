"""``fairpair print`` for a team event, on SQLite and PostgreSQL: match cards, team pairings,
team standings and board prizes as HTML, PDF and text; a sheet the event has not is refused
by name."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.e2e.test_director_cli import Director
from tests.integration.stores import SQL_BACKENDS, database_url


@pytest.fixture(params=SQL_BACKENDS)
def director(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Director]:
    with database_url(request.param, tmp_path) as url:
        yield Director(url)


def league(director: Director, tmp_path: Path, teams: int = 6) -> None:
    director.run("event", "create", "Club league", "--system", "team-berger", "--boards", "4")
    rows = ["team,name,board,rating"]
    for t in range(1, teams + 1):
        rows += [f"Club {t},Player {t}-{b},{b},{2400 - 10 * b}" for b in range(1, 6)]
    csv = tmp_path / "teams.csv"
    csv.write_text("\n".join(rows) + "\n")
    director.run("team", "import", str(csv))
    director.run("round", "pair")


def test_a_team_event_prints_its_match_cards_as_a_pdf_of_one_page_a_match(
    director: Director, tmp_path: Path
) -> None:
    league(director, tmp_path)
    # Club 1 fields its reserve (roster 5) in place of roster 2.
    director.run("lineup", "Club 1", "#1", "#3", "#4", "#5")
    pdf = tmp_path / "cards.pdf"
    assert f"wrote {pdf} (3 pages)" in director.run("print", "match-cards", "-o", str(pdf))
    reader = PdfReader(io.BytesIO(pdf.read_bytes()))
    assert len(reader.pages) == 3  # six teams: three matches
    texts = [page.extract_text() for page in reader.pages]
    club_1 = next(text for text in texts if "Player 1-1" in text)
    # Club 1's line-up in board order: roster 1, 3, 4, 5; roster 2 rests.
    found = [club_1.index(f"Player 1-{r}") for r in (1, 3, 4, 5)]
    assert found == sorted(found) and "Player 1-2" not in club_1
    for text in texts:
        assert "Captain of" in text and "Arbiter" in text

    html = tmp_path / "cards.html"
    director.run("print", "match-cards", "--round", "1", "-o", str(html))
    assert html.read_text().count('<div class="card">') == 3


def test_team_pairings_standings_and_board_prizes_from_the_command_line(
    director: Director, tmp_path: Path
) -> None:
    league(director, tmp_path, teams=4)
    director.run("result", *(x for m in (1, 2) for b in range(1, 5) for x in (f"{m}.{b}", "1-0")))
    for sheet, expected in (
        ("pairings", "round 1 team pairings"),
        ("board-pairings", "1.4"),
        ("standings", "team standings after round 1"),
        ("board-prizes", "board prizes"),
    ):
        out = tmp_path / f"{sheet}.txt"
        director.run("print", sheet, "-o", str(out))
        assert expected in out.read_text(), sheet
    standings = (tmp_path / "standings.txt").read_text()
    assert "MPvGP: Secondary score" in standings
    html = tmp_path / "standings.html"
    director.run("print", "standings", "-o", str(html))
    assert "<table>" in html.read_text()


def test_a_sheet_a_team_event_has_not_is_refused_by_name(
    director: Director, tmp_path: Path
) -> None:
    league(director, tmp_path, teams=4)
    out = tmp_path / "x.html"
    error = director.run("print", "alphabetical", "-o", str(out), code=2)
    assert "a team event has no 'alphabetical' sheet: choose pairings, board-pairings, " in error
    assert "match-cards" in error and not out.exists()
    error = director.run("print", "match-cards", "--round", "4", "-o", str(out), code=2)
    assert "round 4 is not paired" in error


def test_an_individual_event_has_no_match_cards(director: Director, tmp_path: Path) -> None:
    director.run("event", "create", "Open", "--system", "dutch", "--rounds", "3")
    for name in ("A", "B", "C", "D"):
        director.run("player", "add", name)
    director.run("round", "pair")
    error = director.run("print", "match-cards", "-o", str(tmp_path / "x.html"), code=2)
    assert "match-cards is a sheet of team events; 'Open' is not one" in error
