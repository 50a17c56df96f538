"""A director's day from the `fairpair` command: edits, a removed duplicate, a withdrawal
taken back and every printout, for a chess Swiss and a Magic event, on SQLite and PostgreSQL."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.browser import LiveServer, Screenshots
from tests.e2e.desk import DirectorAtDesk, event_id_in
from tests.e2e.test_director_cli import Director, boards_of, director

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
    for sheet in ("slips", "check-in", "wall-chart"):
        page.goto(director.url(f"/desk/events/{director.event_id}/print/{sheet}"))
        screenshots.shoot(page, f"print-{sheet}")
        text = page.locator("body").inner_text()
        assert sum(name in text for name in MAGIC_NAMES) >= 6, (sheet, text[:500])
