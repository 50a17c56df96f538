"""``fairpair print`` for a FIDE Double-Swiss event, on SQLite and PostgreSQL: the pairings
with both games of each board, the match slips, the standings and the crosstable as HTML, PDF
and text; a sheet the event has not is refused by name, nothing written."""

from __future__ import annotations

import io
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pypdf import PdfReader

from fairpair.service import double_events as de
from fairpair.service import events as ev
from fairpair.storage import open_store
from tests.e2e.test_director_cli import Director
from tests.integration.stores import SQL_BACKENDS, database_url
from tests.web.double_event import Built, double_event


@pytest.fixture(params=SQL_BACKENDS)
def seeded(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Director, Built]]:
    """The web tests' Double-Swiss event in a store, and a director at its command line."""
    with database_url(request.param, tmp_path) as url:
        store = open_store(url)
        try:
            desk = ev.Desk(store, lambda: datetime(2026, 5, 1, tzinfo=UTC), "setup")
            built = double_event(desk)
        finally:
            store.close()
        yield Director(url), built


def test_the_match_slips_print_as_a_pdf_with_both_games_of_each_board(
    seeded: tuple[Director, Built], tmp_path: Path
) -> None:
    director, _ = seeded
    pdf = tmp_path / "slips.pdf"
    said = director.run("print", "slips", "--round", "2", "-o", str(pdf))
    assert said.startswith(f"wrote {pdf} (")
    reader = PdfReader(io.BytesIO(pdf.read_bytes()))
    text = "".join(page.extract_text() for page in reader.pages)
    assert text.count("Game 1") == 3 and text.count("Game 2") == 3  # three matches
    assert "Round 2" in text and "Match (game points)" in text


def test_pairings_standings_and_crosstable_from_the_command_line(
    seeded: tuple[Director, Built], tmp_path: Path
) -> None:
    director, built = seeded
    out = tmp_path / "pairings.txt"
    director.run("print", "pairings", "--round", "1", "-o", str(out))
    text = out.read_text()
    assert "White in game 1" in text and "Game 1" in text and "Game 2" in text
    for g1, g2 in built.typed[1]:
        assert g1 in text and g2 in text
    page = tmp_path / "standings.html"
    director.run("print", "standings", "-o", str(page))
    assert '<th class="n">GP</th>' in page.read_text()
    cross = tmp_path / "cross.txt"
    director.run("print", "crosstable", "-o", str(cross))
    assert " ff" in cross.read_text()  # round 1, board 2: forfeited as a whole
    by_name = tmp_path / "names.txt"
    director.run("print", "alphabetical", "-o", str(by_name))
    assert "half-point bye" not in by_name.read_text()  # round 3: everyone plays or has the PAB


def test_a_sheet_the_double_swiss_has_not_is_refused(
    seeded: tuple[Director, Built], tmp_path: Path
) -> None:
    director, _ = seeded
    out = tmp_path / "cards.html"
    said = director.run("print", "match-cards", "-o", str(out), code=2)
    assert "no 'match-cards' sheet" in said and "choose pairings" in said
    assert not out.exists()
    said = director.run("print", "slips", "--round", "7", "-o", str(out), code=2)
    assert "round 7 is not paired" in said


def test_the_event_reads_back_as_the_sheets_say(seeded: tuple[Director, Built]) -> None:
    director, built = seeded
    store = open_store(director.db)
    try:
        desk = ev.Desk(store, lambda: datetime(2026, 5, 1, tzinfo=UTC), "reader")
        t = de.load_double(desk, built.event_id).tournament
    finally:
        store.close()
    assert len(t.rounds) == 3 and len(t.players) == 7
