"""A round robin in which a player withdraws, run through the director's desk under each
withdrawal policy (spec round-robin.md §6.3), then read on the public pages and the JSON API.

Every expected value is worked out by hand in the comments, from the results typed below, the
FIDE Berger table for six (spec §1.5) and the tie-break rules (FIDE C.07 rule 4 for round
robins: a forfeit against the scheduled opponent counts as a game against him for SB).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.service import events as ev
from fairpair.service.settings import WithdrawalPolicy
from fairpair.web.config import WebConfig
from tests import golden_data
from tests.golden_data import require
from tests.web.desk_client import Browser, add_director, running, service_desk
from tests.web.public_events import player_ids, read_table

SPEC = require(golden_data.SPEC / "round-robin.md")
NAMES = ["Anna", "Boris", "Carla", "Dmitri", "Elena", "Farid"]
KEEP = WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST.value
ANNUL = WithdrawalPolicy.ANNUL_IF_UNDER_HALF.value

# The Berger table for six (spec §1.5), boards in order:
#   R1 1-6 2-5 3-4   R2 6-4 5-3 1-2   R3 2-6 3-1 4-5   R4 6-5 1-4 2-3   R5 3-6 4-2 5-1
# Dmitri (4) withdraws after round 2, having played 3-4 (won) and 6-4 (drawn): 2 of his 5
# games, fewer than half. His boards from round 3 on, 4-5 (R3 board 3), 1-4 (R4 board 2) and
# 4-2 (R5 board 2), are forfeits he lost, already decided when the round is paired.
TYPED = {  # what the director types on the results form, by round and board
    1: {1: "1", 2: "=", 3: "0"},  # Anna beats Farid, Boris-Elena drawn, Dmitri beats Carla
    2: {1: "=", 2: "1", 3: "0"},  # Farid-Dmitri drawn, Elena beats Carla, Boris beats Anna
    3: {1: "1", 2: "="},  # Boris beats Farid, Carla-Anna drawn
    4: {1: "0", 3: "="},  # Elena beats Farid, Boris-Carla drawn
    5: {1: "1", 3: "1"},  # Carla beats Farid, Elena beats Anna
}
FORFEITS = {3: {3: "-+"}, 4: {2: "+-"}, 5: {2: "-+"}}
"""The boards the withdrawal decided, as the results form shows them (Dmitri loses)."""

# keep_played_forfeit_rest: every result counts, the forfeits as wins for Dmitri's opponents.
#   Anna   1 + 0 + ½ + 1(+) + 0   = 2.5     Boris  ½ + 1 + 1 + ½ + 1(+)  = 4
#   Carla  0 + 0 + ½ + ½ + 1      = 2       Dmitri 1 + ½ + 0 + 0 + 0     = 1.5
#   Elena  ½ + 1 + 1(+) + 1 + 1   = 4.5     Farid  0 + ½ + 0 + 0 + 0     = 0.5
# (15 points for the 15 games.) SB, opponent's score times the points scored against him,
# the forfeits counted as games against Dmitri (1.5):
#   Elena  ½·4 (Boris) + 2 (Carla) + 1.5 (Dmitri) + 0.5 (Farid) + 2.5 (Anna) = 8.5
#   Boris  ½·4.5 (Elena) + 2.5 (Anna) + 0.5 (Farid) + ½·2 (Carla) + 1.5 (Dmitri) = 7.75
#   Anna   0.5 (Farid) + ½·2 (Carla) + 1.5 (Dmitri) = 3
#   Carla  ½·2.5 (Anna) + ½·4 (Boris) + 0.5 (Farid) = 3.75
#   Dmitri 2 (Carla) + ½·0.5 (Farid) = 2.25;  Farid ½·1.5 (Dmitri) = 0.75
# No two players are level on points.
KEPT = [  # rank, start number, name, points, SB
    ("1", "5", "Elena", "4.5", "8.5"),
    ("2", "2", "Boris", "4", "7.75"),
    ("3", "1", "Anna", "2.5", "3"),
    ("4", "3", "Carla", "2", "3.75"),
    ("5", "4", "Dmitri", "1.5", "2.25"),
    ("6", "6", "Farid", "0.5", "0.75"),
]

# annul_if_under_half: Dmitri played 2 of 5 (< half), so all his results count for nobody:
# 3-4, 6-4 and the three forfeits are gone.
#   Anna   1 + 0 + ½ + () + 0     = 1.5     Boris  ½ + 1 + 1 + ½ + ()    = 3
#   Carla  () + 0 + ½ + ½ + 1     = 2       Dmitri annulled: 0, ranked last
#   Elena  ½ + 1 + () + 1 + 1     = 3.5     Farid  0 + () + 0 + 0 + 0    = 0
# (10 points for the 10 games among the other five.) SB: an annulled round scores nothing.
#   Elena  ½·3 (Boris) + 2 (Carla) + 0 (Farid) + 1.5 (Anna) = 5
#   Boris  ½·3.5 (Elena) + 1.5 (Anna) + 0 (Farid) + ½·2 (Carla) = 4.25
#   Carla  ½·1.5 (Anna) + ½·3 (Boris) + 0 (Farid) = 2.25
#   Anna   0 (Farid) + ½·2 (Carla) = 1;  Farid 0;  Dmitri scored nothing that counts: 0
# Carla now ranks above Anna, and Dmitri below Farid.
ANNULLED = [
    ("1", "5", "Elena", "3.5", "5"),
    ("2", "2", "Boris", "3", "4.25"),
    ("3", "3", "Carla", "2", "2.25"),
    ("4", "1", "Anna", "1.5", "1"),
    ("5", "6", "Farid", "0", "0"),
    ("6", "4", "Dmitri (annulled)", "0", "0"),
]

# The grid, row player against column player (start numbers 1-6), from the row's side.
GRID = {
    1: {2: "0", 3: "½", 4: "+", 5: "0", 6: "1"},
    2: {1: "1", 3: "½", 4: "+", 5: "½", 6: "1"},
    3: {1: "½", 2: "½", 4: "0", 5: "0", 6: "1"},
    4: {1: "-", 2: "-", 3: "1", 5: "-", 6: "½"},
    5: {1: "1", 2: "½", 3: "1", 4: "+", 6: "1"},
    6: {1: "0", 2: "0", 3: "0", 4: "½", 5: "0"},
}


def berger_six() -> list[list[tuple[int, int]]]:
    """The rounds of the Berger table for 5/6 players, as spec §1.5 prints them."""
    text = SPEC.read_text(encoding="utf-8")
    block = text.split("5/6 players", 1)[1].split("```")[1]
    return [
        [(int(w), int(b)) for w, b in re.findall(r"(\d+)-(\d+)", line.split(":", 1)[1])]
        for line in block.strip().splitlines()
    ]


def result_inputs(page: str) -> dict[int, str]:
    """The results form's fields: board -> the value shown."""
    return {
        int(m[1]): html.unescape(m[2])
        for m in re.finditer(r'<input name="r(\d+)"[^>]*?value="([^"]*)"', page)
    }


def run_event(app: FastAPI, anna: Browser, policy: str) -> int:
    """Create the round robin on the desk's form, register six players, play five rounds with
    Dmitri withdrawn after round 2: every step through the pages a director uses."""
    form = anna.get("/desk/events/new").text
    assert 'name="withdrawal_policy"' in form
    page = anna.post(
        "/desk/events/new",
        {"name": "Club", "system": "berger", "rounds": "", "withdrawal_policy": policy},
    )
    assert page.status_code == 303, page.text
    event_id = int(page.headers["location"].rsplit("/", 1)[1])
    desk = f"/desk/events/{event_id}"
    anna.get(desk)
    for name in NAMES:
        assert anna.post(f"{desk}/players", {"name": name}).status_code == 303
    schedule = berger_six()
    for number in range(1, 6):
        if number == 3:
            anna.get(f"{desk}/players/4/withdraw")
            assert anna.submit(f"{desk}/players/4/withdraw").status_code == 303
        anna.get(desk)
        assert anna.submit(f"{desk}/pair").status_code == 303
        games = app.state.store.load(event_id).tournament.rounds[number - 1].games
        assert [(g.white, g.black) for g in games] == schedule[number - 1]
        action = f"{desk}/rounds/{number}/results"
        shown = result_inputs(anna.get(action).text)
        assert {b: v for b, v in shown.items() if v} == FORFEITS.get(number, {})
        typed = shown | TYPED[number]  # a browser sends every field, the decided ones too
        page = anna.submit(action, {f"r{b}": v for b, v in typed.items()})
        assert page.status_code == 303, page.text
    assert all(r.complete for r in app.state.store.load(event_id).tournament.rounds)
    return event_id


def standings_rows(client: TestClient, event_id: int) -> tuple[list[tuple[str, ...]], str]:
    page = client.get(f"/events/{event_id}/standings")
    assert page.status_code == 200, page.text
    table = read_table(page.text, "standings")
    assert table.header == ["Rk", "No", "Name", "Pts", "SB", "DE", "WON"]  # nobody is rated
    for row in table.rows:
        assert player_ids(row.links[2]) == [int(row.cells[1])]
    return [(r.cells[0], r.cells[1], r.cells[2], r.cells[3], r.cells[4]) for r in table.rows], (
        html.unescape(page.text)
    )


def grid(client: TestClient, event_id: int) -> tuple[dict[int, list[str]], str]:
    """The crosstable page: start number -> the row's cells; and the page's text."""
    page = client.get(f"/events/{event_id}/crosstable")
    assert page.status_code == 200, page.text
    table = read_table(page.text, "crosstable")
    numbers = [str(n) for n in range(1, 7)]
    assert table.header == ["No", "Name", *numbers, "Pts", "SB", "DE", "WON", "Rank"]
    return {int(r.cells[0]): r.cells for r in table.rows}, html.unescape(page.text)


def expected_grid(row: int, annulled: set[int]) -> list[str]:
    """The row's cells against players 1-6 (× for himself); a result involving an annulled
    player is shown in brackets."""
    return [
        "×" if col == row else f"({GRID[row][col]})" if {row, col} & annulled else GRID[row][col]
        for col in range(1, 7)
    ]


def player_rounds(client: TestClient, event_id: int, player: int) -> tuple[list[list[str]], str]:
    page = client.get(f"/events/{event_id}/players/{player}")
    assert page.status_code == 200, page.text
    table = read_table(page.text, "games")
    return [[r.cells[0], r.cells[4], r.cells[5]] for r in table.rows], html.unescape(page.text)


def api(client: TestClient, path: str) -> Any:
    answer = client.get(path)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_keep_played_forfeit_rest_through_the_desk_and_the_public_pages(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = run_event(app, anna, KEEP)
    desk_page = html.unescape(anna.get(f"/desk/events/{event_id}").text)
    assert "<dt>withdrawals</dt><dd>games played count" in desk_page

    rows, page = standings_rows(anna.client, event_id)
    assert rows == KEPT
    assert "(annulled)" not in page
    assert "Withdrawals: games played count" in page

    cells, page = grid(anna.client, event_id)
    for pid, row in cells.items():
        assert row[2:8] == expected_grid(pid, set()), pid
    # Points and rank as in the standings.
    assert {pid: (row[8], row[12]) for pid, row in cells.items()} == {
        int(no): (points, rank) for rank, no, _, points, _ in KEPT
    }
    assert "Withdrawals: games played count" in page and "brackets" not in page

    # Anna's page: her forfeit win against Dmitri in round 4 counts.
    rounds, page = player_rounds(anna.client, event_id, 1)
    assert rounds == [
        ["1", "1", "1"],
        ["2", "0", "1"],
        ["3", "½", "1.5"],
        ["4", "+", "2.5"],
        ["5", "0", "2.5"],
    ]
    rounds, page = player_rounds(anna.client, event_id, 4)
    assert "withdrawn from round 3" in page and "(annulled)" not in page
    assert [r[1] for r in rounds] == ["1", "½", "-", "-", "-"]

    table = api(anna.client, f"/api/events/{event_id}/standings")
    assert [r["annulled"] for r in table["rows"]] == [False] * 6
    assert table["withdrawal_policy"] == KEEP
    assert [n.startswith("Withdrawals: games played count") for n in table["notes"]] == [True]
    # One rule per column still (the withdrawal line is not among them).
    assert [c["code"] for c in table["columns"]] == ["SB", "DE", "WON"]


def test_annul_if_under_half_through_the_desk_and_the_public_pages(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    event_id = run_event(app, anna, ANNUL)
    desk_page = html.unescape(anna.get(f"/desk/events/{event_id}").text)
    assert "<dt>withdrawals</dt><dd>all results of a player" in desk_page

    rows, page = standings_rows(anna.client, event_id)
    assert rows == ANNULLED
    assert "Withdrawals: all results of a player who withdrew" in page
    assert "A player marked (annulled) has his results deleted from the ranking." in page

    cells, page = grid(anna.client, event_id)
    assert cells[4][1] == "Dmitri (annulled)"
    for pid, row in cells.items():
        assert row[2:8] == expected_grid(pid, {4}), pid
    # The bracketed results are not counted: points and rank as in the standings.
    assert {pid: (row[8], row[12]) for pid, row in cells.items()} == {
        int(no): (points, rank) for rank, no, _, points, _ in ANNULLED
    }
    assert "Results in brackets are annulled: shown, not counted." in page

    # Anna's forfeit win against Dmitri is shown in brackets and not added to her score.
    rounds, page = player_rounds(anna.client, event_id, 1)
    assert rounds == [
        ["1", "1", "1"],
        ["2", "0", "1"],
        ["3", "½", "1.5"],
        ["4", "(+)", "1.5"],
        ["5", "0", "1.5"],
    ]
    assert "Rank <strong>4</strong>, <strong>1.5</strong> points" in page
    # Dmitri: every result in brackets, nothing counted.
    rounds, page = player_rounds(anna.client, event_id, 4)
    assert "<h1>Dmitri <span" in page and "(annulled)" in page
    assert rounds == [
        [str(n), result, "0"] for n, result in enumerate(["(1)", "(½)", "(-)", "(-)", "(-)"], 1)
    ]
    assert "Rank <strong>6</strong>, <strong>0</strong> points" in page

    table = api(anna.client, f"/api/events/{event_id}/standings")
    assert [(r["player"]["id"], r["annulled"]) for r in table["rows"]] == [
        (5, False),
        (2, False),
        (3, False),
        (1, False),
        (6, False),
        (4, True),
    ]
    assert [r["points"] for r in table["rows"]] == [row[3] for row in ANNULLED]
    assert table["withdrawal_policy"] == ANNUL
    assert len(table["notes"]) == 1 and table["notes"][0].startswith(
        "Withdrawals: all results of a player"
    )
    dmitri = api(anna.client, f"/api/events/{event_id}/players/4")
    assert dmitri["annulled"] is True and dmitri["points"] == "0"
    assert [(r["result"], r["points"], r["annulled"]) for r in dmitri["rounds"]] == [
        ("1", "0", True),
        ("½", "0", True),
        ("-", "0", True),
        ("-", "0", True),
        ("-", "0", True),
    ]
    farid = api(anna.client, f"/api/events/{event_id}/players/6")
    assert farid["annulled"] is False
    # Only round 2, his draw with Dmitri, is annulled for Farid.
    assert [r["annulled"] for r in farid["rounds"]] == [False, True, False, False, False]
    assert [r["running"] for r in farid["rounds"]] == ["0"] * 5


def test_the_form_offers_both_policies_and_refuses_one_for_a_swiss(
    site: tuple[FastAPI, Browser],
) -> None:
    app, anna = site
    form = html.unescape(anna.get("/desk/events/new").text)
    options = re.findall(r'<option value="(\w+)"( selected)?>([^<]*)</option>', form)
    policies = [
        (value, chosen, words) for value, chosen, words in options if value in (KEEP, ANNUL)
    ]
    assert policies == [
        (
            KEEP,
            " selected",
            "Games played count; games not played are forfeit wins for the opponents",
        ),
        (
            ANNUL,
            "",
            "All results of a player who withdrew having played fewer than half of "
            "his games are annulled; otherwise games not played are forfeit wins for the "
            "opponents",
        ),
    ]
    typed = {"name": "Open", "system": "dutch", "rounds": "5", "withdrawal_policy": ANNUL}
    page = anna.post("/desk/events/new", typed)
    assert page.status_code == 422
    error = re.search(r'id="withdrawal_policy-error">([^<]*)<', page.text)
    assert error and "for round robins" in html.unescape(error[1])
    assert f'<option value="{ANNUL}" selected>' in page.text  # what was chosen is kept
    page = anna.post("/desk/events/new", typed | {"withdrawal_policy": "annul_everything"})
    assert page.status_code == 422
    error = re.search(r'id="withdrawal_policy-error">([^<]*)<', page.text)
    assert error and KEEP in error[1] and ANNUL in error[1]
    assert app.state.store.events() == []
    # A Swiss with the default policy is created as before.
    assert anna.post("/desk/events/new", typed | {"withdrawal_policy": KEEP}).status_code == 303


@pytest.fixture
def api_site() -> Iterator[tuple[FastAPI, TestClient, tuple[str, str]]]:
    with running(WebConfig(store=":memory:")) as (app, client):
        password = add_director(app, "anna")
        yield app, client, ("anna", password)


def test_the_write_api_takes_the_policy_and_documents_it(
    api_site: tuple[FastAPI, TestClient, tuple[str, str]],
) -> None:
    app, client, anna = api_site
    body = {"name": "Club", "system": "rotation", "withdrawal_policy": ANNUL}
    made = client.post("/api/events", json=body, auth=anna)
    assert made.status_code == 201, made.text
    event = ev.load(service_desk(app), made.json()["id"])
    assert event.settings.withdrawal_policy is WithdrawalPolicy.ANNUL_IF_UNDER_HALF
    made = client.post("/api/events", json={"name": "Club 2", "system": "berger"}, auth=anna)
    event = ev.load(service_desk(app), made.json()["id"])
    assert event.settings.withdrawal_policy is WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST
    swiss = {"name": "Open", "system": "dutch", "rounds": 5, "withdrawal_policy": ANNUL}
    refused = client.post("/api/events", json=swiss, auth=anna)
    assert refused.status_code == 422
    assert refused.json()["detail"][0]["loc"] == ["body", "withdrawal_policy"]
    refused = client.post("/api/events", json=body | {"withdrawal_policy": "never"}, auth=anna)
    assert refused.status_code == 422
    assert refused.json()["detail"][0]["loc"] == ["body", "withdrawal_policy"]
    assert len(app.state.store.events()) == 2

    document = client.get("/api/openapi.json").json()
    schemas = document["components"]["schemas"]
    field = schemas["NewEvent"]["properties"]["withdrawal_policy"]
    assert field["default"] == KEEP and "round robin" in field["description"].lower()
    policy = schemas[field["$ref"].rsplit("/", 1)[1]] if "$ref" in field else field
    assert sorted(policy["enum"]) == sorted([KEEP, ANNUL])
    assert schemas["StandingsLine"]["properties"]["annulled"]["type"] == "boolean"
    assert {"withdrawal_policy", "notes"} <= set(schemas["StandingsView"]["properties"])
    assert schemas["PlayerRound"]["properties"]["annulled"]["type"] == "boolean"


def test_a_swiss_withdrawal_adds_no_policy_line(
    api_site: tuple[FastAPI, TestClient, tuple[str, str]],
) -> None:
    app, client, anna = api_site
    made = client.post("/api/events", json={"name": "Open", "rounds": 3}, auth=anna).json()
    for name in NAMES[:4]:
        client.post(f"/api/events/{made['id']}/players", json={"name": name}, auth=anna)
    ev.withdraw(service_desk(app), made["id"], "4")
    table = api(client, f"/api/events/{made['id']}/standings")
    assert table["notes"] == [] and table["withdrawal_policy"] is None
    assert len(table["columns"]) == 4 and not any(r["annulled"] for r in table["rows"])
    page = client.get(f"/events/{made['id']}/standings").text
    assert "Withdrawals:" not in page
