"""A director's day from the `fairpair` command: edits, a removed duplicate, a withdrawal
taken back and every printout, for a chess Swiss and a Magic event, on SQLite and PostgreSQL."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from fairpair.core import Player
from fairpair.service import events as ev
from tests.e2e.browser import LiveServer, Screenshots
from tests.e2e.desk import DirectorAtDesk, check_standings_page, event_id_in
from tests.e2e.test_director_cli import Director, boards_of, director
from tests.e2e.test_events_browser import SWISS_FIELD, stored_tournament

__all__ = ["director"]


def play_round(director: Director, results: list[str], number: int) -> str:
    pairings = director.run("round", "pair")
    assert f"round {number} pairings" in pairings
    boards = boards_of(pairings)
    items = [x for b in range(1, boards + 1) for x in (str(b), results[b % len(results)])]
    assert "complete" in director.run("result", *items)
    return pairings


def printouts(director: Director, tmp_path: Path, names: list[str]) -> None:
    for sheet in ("slips", "check-in", "wall-chart", "crosstable"):
        out = tmp_path / f"{sheet}.html"
        assert "wrote" in director.run("print", sheet, "-o", str(out))
        text = out.read_text()
        assert "<html" in text.lower(), sheet
        assert sum(name in text for name in names) >= len(names) // 2, sheet
    slips = (tmp_path / "slips.html").read_text()
    assert re.search(r"Board\s*(<[^>]*>\s*)*1\b", slips, flags=re.IGNORECASE), slips[:2000]
    pdf = tmp_path / "wall-chart.pdf"
    assert "page" in director.run("print", "wall-chart", "-o", str(pdf))
    assert pdf.read_bytes().startswith(b"%PDF")


def test_a_24_player_swiss_with_edits_a_duplicate_and_a_withdrawal_taken_back(
    director: Director, tmp_path: Path
) -> None:
    rng = random.Random(24)
    names = [f"Player{i:02d}" for i in range(1, 25)]
    director.run("event", "create", "Spring open", "--system", "dutch", "--rounds", "5")
    for i, name in enumerate(names):
        director.run("player", "add", name, "--rating", str(2200 - 10 * i))
    refused = director.run("player", "add", "Player07", code=2)
    assert "already registered" in refused
    assert "registered 25 Player07" in director.run("player", "add", "Player07", "--duplicate-ok")
    assert "removed 25 Player07" in director.run("player", "remove", "25")
    edited = director.run("event", "edit", "--tiebreaks", "BH,SB", "--rounds", "6")
    assert "number of rounds 6 (was 5)" in edited and "tie-breaks 'BH, SB'" in edited
    director.run("event", "edit", "--rounds", "5")
    first = play_round(director, ["1-0", "0-1", "="], 1)
    assert boards_of(first) == 12 and "bye" not in first  # the duplicate is gone
    refusal = director.run("event", "edit", "--system", "berger", code=2)
    assert "system cannot change once round 1 is paired" in refusal
    play_round(director, ["0-1", "1-0", "="], 2)
    assert "withdrawn" in director.run("player", "withdraw", "Player13")
    assert "Player13 is back" in director.run("player", "return", "Player13")
    third = play_round(director, ["1-0", "=", "0-1"], 3)
    assert "Player13" in third and boards_of(third) == 12
    for number in (4, 5):
        play_round(director, [rng.choice(["1-0", "0-1", "="]) for _ in range(3)], number)
    refused = director.run("player", "withdraw", "Player02", "--round", "6", code=2)
    assert "last round is round 5: there is no round 6" in refused
    standings = director.run("event", "standings")
    assert "standings after round 5" in standings and "BH" in standings and "SB" in standings
    printouts(director, tmp_path, names)


def test_a_13_player_magic_event_scores_matches(director: Director, tmp_path: Path) -> None:
    names = [f"Mage{i:02d}" for i in range(1, 14)]
    created = director.run("event", "create", "Friday Magic", "--game", "cards", "--rounds", "4")
    assert "points 3/1/0" in created and "OMW,GW,OGW" in created
    for name in names:
        director.run("player", "add", name)
    director.run("player", "add", "Mage05", code=2)
    director.run("player", "add", "Mage05", "--duplicate-ok")
    assert "removed 14 Mage05" in director.run("player", "remove", "14")
    assert "number of rounds 3" in director.run("event", "edit", "--rounds", "3")
    first = play_round(director, ["2-1", "1-2", "2-0"], 1)
    assert boards_of(first) == 6 and "bye" in first
    refused = director.run("event", "edit", "--points", "2,1,0", code=2)
    assert "point system cannot change once results are in" in refused
    play_round(director, ["2-1", "0-2", "1-2"], 2)
    director.run("player", "withdraw", "Mage09")
    director.run("player", "return", "Mage09")
    assert "Mage09" in play_round(director, ["2-0", "2-1", "1-2"], 3)
    refused = director.run("player", "withdraw", "Mage01", "--round", "4", code=2)
    assert "last round is round 3: there is no round 4" in refused
    standings = director.run("event", "standings")
    header = next(line for line in standings.splitlines() if line.startswith("Rank"))
    assert header.split()[-3:] == ["OMW", "GW", "OGW"]
    assert "Col" not in header and "W" not in header.split()
    crosstable = director.run("event", "crosstable")
    assert "2-1" in crosstable and "½" not in crosstable
    assert not re.search(r"\d[wb]\d", crosstable)  # no colours in a card game
    printouts(director, tmp_path, names)


MAGIC_NAMES = (
    "Aurelia Ashdown",
    "Bastian Bellweather",
    "Corin Crowe",
    "Dagny Dunmore",
    "Esker Elwood",
    "Fennick Frost",
    "Galen Greaves",
    "Hollis Hartwell",
    "Isolde Inchbald",
    "Jory Jessop",
    "Kestrel Kane",
    "Lorcan Lisle",
    "Maren Mossop",
)


@pytest.mark.browser
def test_a_13_player_magic_event_at_the_desk(
    page: Page, server: LiveServer, screenshots: Screenshots
) -> None:
    director = DirectorAtDesk(page, server, screenshots)
    director.sign_up("arbiter", "a long and private passphrase")
    page.goto(director.url("/desk/events/new"))
    page.locator('[name="name"]').fill("Friday Magic")
    page.locator('[name="system"]').select_option("casual")
    page.locator('[name="game"]').select_option("cards")
    page.locator('[name="rounds"]').fill("4")
    page.locator('[name="name"]').press("Enter")
    expect(page).to_have_url(re.compile(r"/desk/events/\d+/?$"))
    director.event_id = event_id_in(page.url)
    for name in MAGIC_NAMES:
        director.add_player(name, 0)
    form = director.form("/players")
    form.locator('[name="name"]').fill(MAGIC_NAMES[4])
    director.submit(form)
    page.locator("#register-anyway").click()
    expect(page.get_by_role("cell", name=MAGIC_NAMES[4], exact=True)).to_have_count(2)
    page.goto(director.url(f"/desk/events/{director.event_id}/players/14"))
    page.locator("#ask-remove").click()
    screenshots.shoot(page, "remove-duplicate")
    page.locator("#remove").click()
    page.goto(director.desk_url)
    expect(page.get_by_role("cell", name=MAGIC_NAMES[4], exact=True)).to_have_count(1)
    page.locator("#event-settings summary").click()
    settings = director.form("/settings")
    settings.locator('[name="rounds"]').fill("3")
    director.submit(settings)
    page.goto(director.desk_url)
    expect(director.form("/settings").locator('[name="rounds"]')).to_have_value("3")
    for number in (1, 2, 3):
        if number == 3:
            page.goto(director.url(f"/desk/events/{director.event_id}/players/9/withdraw"))
            page.locator("#withdraw").click()
            page.goto(director.desk_url)
            page.get_by_role("button", name=f"Take back the withdrawal of {MAGIC_NAMES[8]}").click()
        director.pair(number)
        page.goto(director.url(f"/events/{director.event_id}/rounds/{number}"))
        expect(page.locator("#pairings")).to_contain_text(MAGIC_NAMES[8])
        director.type_results(number, ["2-1", "1-2", "2-0", "0-2", "2-1", "1-2"])
    page.goto(director.desk_url)
    expect(page.get_by_role("button", name="Pair round 4", exact=True)).to_have_count(0)
    for sheet in ("slips", "check-in", "wall-chart", "crosstable"):
        text = open_printout(director, sheet)
        assert sum(name in text for name in MAGIC_NAMES) >= 6, (sheet, text[:500])
    crosstable = open_printout(director, "crosstable")
    # Match scores as entered, never a chess half point.
    assert "2-1" in crosstable and "1-2" in crosstable and "½" not in crosstable


def open_printout(director: DirectorAtDesk, sheet: str) -> str:
    """Open one of the desk's printouts (as its link does) and read it."""
    page = director.page
    page.goto(director.desk_url)
    page.locator(f'a[href="/desk/events/{director.event_id}/print/{sheet}"]').click()
    expect(page).to_have_url(director.url(f"/desk/events/{director.event_id}/print/{sheet}"))
    director.shots.shoot(page, f"print-{sheet}")
    return page.locator("body").inner_text()


SWISS_RESULTS = ("1", "0", "5", "1-0", "0-1", "=")
"""Results as a director types them (one key or the whole result)."""


@pytest.mark.browser
def test_a_24_player_swiss_at_the_desk(
    page: Page, server: LiveServer, screenshots: Screenshots, tmp_path: Path
) -> None:
    rng = random.Random(2024)
    rounds = 5
    names = [name for name, _ in SWISS_FIELD]
    director = DirectorAtDesk(page, server, screenshots)
    director.sign_up("arbiter", "a long and private passphrase")
    director.create_event("Spring open", "dutch", rounds=rounds)
    players_csv = tmp_path / "players.csv"
    players_csv.write_text("name,rating\n" + "".join(f"{n},{r}\n" for n, r in SWISS_FIELD))
    field = [Player(id=i + 1, name=n, rating=r) for i, (n, r) in enumerate(SWISS_FIELD)]
    director.import_players(players_csv, field)

    # A duplicate registered anyway, then removed on his page.
    form = director.form("/players")
    form.locator('[name="name"]').fill(names[6].upper())
    director.submit(form)
    page.locator("#register-anyway").click()
    expect(page.get_by_role("cell", name=names[6].upper(), exact=True)).to_have_count(1)
    page.goto(director.url(f"/desk/events/{director.event_id}/players/25"))
    page.locator("#ask-remove").click()
    page.locator("#remove").click()
    page.goto(director.desk_url)
    expect(page.get_by_role("cell", name=names[6].upper(), exact=True)).to_have_count(0)

    # The settings: other tie-breaks, Black for the top seed in round 1, chosen from a list.
    page.locator("#event-settings summary").click()
    settings = director.form("/settings")
    settings.locator('[name="tiebreaks"]').fill("BH, SB")
    settings.locator('select[name="initial_colour"]').select_option(label="Black")
    director.submit(settings)
    page.goto(director.desk_url)
    settings = director.form("/settings")
    expect(settings.locator('select[name="initial_colour"]')).to_have_value("black")
    expect(page.locator("dl.settings")).to_contain_text("top seed black in round 1")
    assert director.settings().tiebreaks == ("BH", "SB")

    for number in range(1, rounds + 1):
        if number == 3:  # a withdrawal by mistake, taken back before round 3 is paired
            page.goto(director.url(f"/desk/events/{director.event_id}/players/13/withdraw"))
            page.locator("#withdraw").click()
            page.goto(director.desk_url)
            withdrawn = stored_tournament(server, director.event_id).player(13).name
            take_back = f"Take back the withdrawal of {withdrawn}"
            page.get_by_role("button", name=take_back).click()
            expect(page.get_by_role("button", name=take_back)).to_have_count(0)
        director.pair(number)
        played = stored_tournament(server, director.event_id).rounds[-1]
        assert len(played.games) == 12 and not played.byes  # the duplicate is gone
        if number == 1:
            top = stored_tournament(server, director.event_id).player(1)
            assert played.games[0].black == 1 and top.name == names[0]  # black, as set
        director.type_results(number, [rng.choice(SWISS_RESULTS) for _ in played.games])
    page.goto(director.desk_url)
    expect(page.get_by_role("button", name=f"Pair round {rounds + 1}", exact=True)).to_have_count(0)

    expected = director.script.replay(director.settings())
    assert stored_tournament(server, director.event_id) == expected.tournament
    page.goto(director.url(f"/events/{director.event_id}/standings"))
    check_standings_page(page, ev.standings(expected))
    for sheet in ("slips", "check-in", "wall-chart", "crosstable"):
        text = open_printout(director, sheet)
        assert sum(name in text for name in names) >= 12, (sheet, text[:500])
    assert re.search(r"Board\s+12\b", open_printout(director, "slips"))
    winner = ev.standings(expected).rows[0].name
    crosstable = open_printout(director, "crosstable")
    assert winner in crosstable and "Rtg" in crosstable
