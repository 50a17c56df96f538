"""Undo and redo on the director's desk and through the write API, the marks they leave in
the audit log, the confirmation before a withdrawal and the desk's next step.

Every check compares with the event as the store held it before the change (or as the
service alone leaves it), never with figures written here.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI

from fairpair.service import events as ev
from fairpair.web.config import WebConfig
from tests.web.desk_client import Browser, add_director, running, service_desk
from tests.web.test_desk import PLAYERS, create, register, snapshot


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[tuple[FastAPI, Browser]]:
    with running(WebConfig(store=str(tmp_path / "events.sqlite3"), signup=True)) as (app, client):
        anna = Browser(client)
        anna.sign_up("anna", "anna's password")
        yield app, anna


def version(app: FastAPI, event_id: int) -> int:
    return int(app.state.store.event(event_id).version)


def buttons(page: str) -> dict[str, str]:
    """The buttons of a page by id: their words, as a browser shows them."""
    found = re.findall(r'<button [^>]*id="([^"]+)"[^>]*>(.*?)</button>', page, re.S)
    return {ident: html.unescape(text).strip() for ident, text in found}


def flash(page: str) -> str:
    found = re.search(r'<p class="flash" role="status">(.*?)</p>', page, re.S)
    return html.unescape(found[1]) if found else ""


def save_results(anna: Browser, event_id: int, number: int, typed: dict[int, str]) -> None:
    action = f"/desk/events/{event_id}/rounds/{number}/results"
    anna.get(action)
    page = anna.submit(action, {f"r{board}": text for board, text in typed.items()})
    assert page.status_code == 303, page.text


def press(anna: Browser, event_id: int, what: str) -> tuple[int, str]:
    """Open the event's desk and press its Undo or Redo button: the answer's status, and
    the desk page it leads to."""
    anna.get(f"/desk/events/{event_id}")
    answer = anna.submit(f"/desk/events/{event_id}/{what}")
    if answer.status_code != 303:
        return answer.status_code, answer.text
    return answer.status_code, anna.get(answer.headers["location"]).text


def started(desk: tuple[FastAPI, Browser], players: int = 4) -> tuple[FastAPI, Browser, int]:
    """An event with players, round 1 paired."""
    app, anna = desk
    event_id = create(anna)
    register(anna, event_id, PLAYERS[:players])
    anna.get(f"/desk/events/{event_id}")
    assert anna.submit(f"/desk/events/{event_id}/pair").status_code == 303
    return app, anna, event_id


# --- the desk's Undo and Redo buttons -------------------------------------------------------


def test_undo_takes_back_a_result_entry_and_redo_brings_it_back(
    desk: tuple[FastAPI, Browser],
) -> None:
    app, anna, event_id = started(desk)
    before = snapshot(app, event_id)
    save_results(anna, event_id, 1, {1: "1", 2: "="})
    entered = snapshot(app, event_id)
    assert entered != before

    page = anna.get(f"/desk/events/{event_id}").text
    assert buttons(page)["undo"] == "Undo: results of round 1 (2 boards)"
    assert "redo" not in buttons(page)
    status, page = press(anna, event_id, "undo")
    assert status == 303
    assert snapshot(app, event_id) == before
    # The page says what was undone, in the audit log's words, and offers it back.
    (record,) = [r for r in app.state.store.log(event_id) if r.action == "results.entered"]
    said = ev.describe(record, before)
    assert said.startswith("results round 1")
    assert flash(page).startswith(f"Undid #{record.seq}: {said}")
    assert buttons(page)["redo"] == "Redo: results of round 1 (2 boards)"
    assert buttons(page)["undo"] == "Undo: pairing of round 1"

    status, page = press(anna, event_id, "redo")
    assert status == 303
    assert snapshot(app, event_id) == entered
    assert flash(page).startswith(f"Redid #{record.seq}: {said}")
    assert "redo" not in buttons(page)
    assert ev.rebuild(service_desk(app), event_id).matched


def test_undo_takes_back_a_registration(desk: tuple[FastAPI, Browser]) -> None:
    app, anna = desk
    event_id = create(anna)
    register(anna, event_id, PLAYERS[:3])
    before = snapshot(app, event_id)
    register(anna, event_id, PLAYERS[3:4])
    name = PLAYERS[3][0]
    page = anna.get(f"/desk/events/{event_id}").text
    assert buttons(page)["undo"] == f"Undo: registration of 4 {name}"
    status, page = press(anna, event_id, "undo")
    assert status == 303
    assert snapshot(app, event_id) == before
    assert f"registered 4 {name}" in flash(page)
    assert name not in page.split('id="players"', 1)[1].split("</table>", 1)[0]


def test_undo_takes_back_a_pairing_and_the_round_can_be_paired_again(
    desk: tuple[FastAPI, Browser],
) -> None:
    app, anna = desk
    event_id = create(anna)
    register(anna, event_id, PLAYERS[:6])
    before = snapshot(app, event_id)
    anna.get(f"/desk/events/{event_id}")
    anna.submit(f"/desk/events/{event_id}/pair")
    paired = snapshot(app, event_id)
    page = anna.get(f"/desk/events/{event_id}").text
    assert buttons(page)["undo"] == "Undo: pairing of round 1"
    assert "pair" not in buttons(page)  # the round waits for its results
    status, page = press(anna, event_id, "undo")
    assert status == 303
    assert snapshot(app, event_id) == before
    assert buttons(page)["pair"] == "Pair round 1"
    # Pairing again gives the same boards: nothing of the undone pairing is left over.
    anna.submit(f"/desk/events/{event_id}/pair")
    assert snapshot(app, event_id) == paired


def test_a_round_with_results_is_undone_results_first(desk: tuple[FastAPI, Browser]) -> None:
    app, anna, event_id = started(desk)
    paired = snapshot(app, event_id)
    save_results(anna, event_id, 1, {1: "1", 2: "0"})
    save_results(anna, event_id, 1, {1: "0"})  # a correction: the latest change
    assert press(anna, event_id, "undo")[0] == 303
    assert press(anna, event_id, "undo")[0] == 303
    assert snapshot(app, event_id) == paired
    assert press(anna, event_id, "undo")[0] == 303
    assert snapshot(app, event_id).rounds == ()


def test_a_stale_page_changes_nothing(desk: tuple[FastAPI, Browser]) -> None:
    app, anna, event_id = started(desk)
    save_results(anna, event_id, 1, {1: "1"})
    anna.get(f"/desk/events/{event_id}")
    undo_fields = anna.hidden_fields(f"/desk/events/{event_id}/undo")
    # Meanwhile another director's window enters board 2.
    ev.enter_results(service_desk(app, "anna"), event_id, [(2, "0-1")])
    changed, log_length = snapshot(app, event_id), len(app.state.store.log(event_id))
    page = anna.post(f"/desk/events/{event_id}/undo", undo_fields, token="")
    assert page.status_code == 409
    assert "Someone else changed the event" in page.text
    assert snapshot(app, event_id) == changed
    assert len(app.state.store.log(event_id)) == log_length
    # The page it answers with is current: its Undo names the other director's entry.
    assert buttons(page.text)["undo"] == "Undo: results of round 1 (board 2)"

    # Redo from a page loaded before another change is refused the same way.
    assert press(anna, event_id, "undo")[0] == 303
    anna.get(f"/desk/events/{event_id}")
    redo_fields = anna.hidden_fields(f"/desk/events/{event_id}/redo")
    ev.withdraw(service_desk(app, "anna"), event_id, "1")
    changed = snapshot(app, event_id)
    page = anna.post(f"/desk/events/{event_id}/redo", redo_fields, token="")
    assert page.status_code == 409
    assert snapshot(app, event_id) == changed
    # A form without the version it was loaded at is refused too.
    page = anna.post(f"/desk/events/{event_id}/undo")
    assert page.status_code == 409
    assert snapshot(app, event_id) == changed


def test_nothing_to_undo_or_redo(desk: tuple[FastAPI, Browser]) -> None:
    app, anna = desk
    event_id = create(anna)
    page = anna.get(f"/desk/events/{event_id}").text
    assert "undo" not in buttons(page) and "redo" not in buttons(page)
    # A request made by hand with the current version: refused, nothing changed.
    for what in ("undo", "redo"):
        answer = anna.post(f"/desk/events/{event_id}/{what}", {"version": "1"})
        assert answer.status_code == 400
        assert f"nothing to {what}" in html.unescape(answer.text)
    assert version(app, event_id) == 1


# --- the audit log page ---------------------------------------------------------------------


def log_rows(page: str) -> dict[int, str]:
    """The audit log's rows by record number: the text of the row's last cell."""
    body = page.split("<tbody>", 1)[1]
    rows = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        rows[int(cells[0])] = html.unescape(re.sub(r"<[^>]+>", "", cells[-1]))
    return rows


def test_the_log_marks_undone_changes_and_says_what_undo_and_redo_took(
    desk: tuple[FastAPI, Browser],
) -> None:
    app, anna, event_id = started(desk)
    save_results(anna, event_id, 1, {1: "1", 2: "="})
    press(anna, event_id, "undo")  # the results
    press(anna, event_id, "undo")  # the pairing
    press(anna, event_id, "redo")  # the pairing again
    records = app.state.store.log(event_id)
    paired, entered, undo_results, undo_pairing, redo_pairing = records[-5:]
    assert [r.action for r in (undo_results, undo_pairing, redo_pairing)] == [
        "action.undone",
        "action.undone",
        "action.redone",
    ]
    t = snapshot(app, event_id)
    rows = log_rows(anna.get(f"/desk/events/{event_id}/log").text)
    assert len(rows) == len(records)
    assert rows[entered.seq] == f"{ev.describe(entered, t)} (undone by #{undo_results.seq})"
    assert rows[paired.seq] == ev.describe(paired, t)  # brought back: in effect again
    assert rows[undo_results.seq] == f"undid #{entered.seq}: {ev.describe(entered, t)}"
    assert rows[undo_pairing.seq] == f"undid #{paired.seq}: {ev.describe(paired, t)}"
    assert rows[redo_pairing.seq] == f"redid #{paired.seq}: {ev.describe(paired, t)}"
    assert sum("undone by" in text for text in rows.values()) == 1


# --- withdrawing a player -------------------------------------------------------------------


def test_withdrawing_asks_first(desk: tuple[FastAPI, Browser]) -> None:
    app, anna = desk
    event_id = create(anna)
    register(anna, event_id, PLAYERS[:4])
    name = PLAYERS[2][0]
    page = anna.get(f"/desk/events/{event_id}").text
    action = f"/desk/events/{event_id}/players/3/withdraw"
    # The desk links to the question; no form there withdraws at one press.
    assert f'href="{action}"' in page
    assert f'action="{action}"' not in page
    before = version(app, event_id)

    question = anna.get(action)
    assert question.status_code == 200
    assert f"Withdraw 3 {name}?" in html.unescape(question.text)
    assert "not be paired from round 1 on" in question.text
    assert buttons(question.text)["withdraw"] == f"Withdraw {name}"
    assert f'href="/desk/events/{event_id}"' in question.text  # Cancel
    assert version(app, event_id) == before

    # A post without the confirmation (an old form, a double click) asks again.
    asked = anna.post(action)
    assert asked.status_code == 200 and f"Withdraw 3 {name}?" in html.unescape(asked.text)
    assert version(app, event_id) == before and snapshot(app, event_id).withdrawals == ()

    anna.get(action)
    done = anna.submit(action)
    assert done.status_code == 303
    assert snapshot(app, event_id).withdrawals == ((3, 1),)
    page = anna.get(done.headers["location"]).text
    assert flash(page) == f"Withdrew 3 {name}."
    assert buttons(page)["undo"] == f"Undo: withdrawal of 3 {name}"
    # Asked again, the page says so and offers nothing to press.
    again = anna.get(action).text
    assert "has already withdrawn, from round 1 on" in again
    assert "withdraw" not in buttons(again)
    assert anna.get(f"/desk/events/{event_id}/players/99/withdraw").status_code == 404


# --- the next step ----------------------------------------------------------------------------


def next_step(page: str) -> str:
    found = re.search(r'<h2 id="next-h">(.*?)</h2>', page, re.S)
    assert found, "no next step on the page"
    return html.unescape(found[1])


def test_the_desk_shows_the_next_step(desk: tuple[FastAPI, Browser]) -> None:
    app, anna = desk
    event_id = create(anna, rounds="2")
    desk_url = f"/desk/events/{event_id}"
    page = anna.get(desk_url).text
    assert next_step(page) == "No player yet: pairing needs two"
    assert 'href="#add-player">Add players</a>' in page
    register(anna, event_id, PLAYERS[:5])
    page = anna.get(desk_url).text
    assert next_step(page) == "5 players to pair"
    assert buttons(page)["pair"] == "Pair round 1"
    anna.submit(f"{desk_url}/pair")
    boards = len(snapshot(app, event_id).rounds[0].games)
    page = anna.get(desk_url).text
    assert next_step(page) == f"Round 1: 0 of {boards} results in"
    results_url = f"{desk_url}/rounds/1/results"
    assert f'href="{results_url}">Enter results of round 1</a>' in page
    save_results(anna, event_id, 1, {1: "1"})
    assert next_step(anna.get(desk_url).text) == f"Round 1: 1 of {boards} results in"
    save_results(anna, event_id, 1, {b: "=" for b in range(2, boards + 1)})
    page = anna.get(desk_url).text
    assert next_step(page) == "Round 1 is complete; 5 players to pair"
    assert buttons(page)["pair"] == "Pair round 2"
    anna.submit(f"{desk_url}/pair")
    save_results(anna, event_id, 2, {b: "1" for b in range(1, boards + 1)})
    page = anna.get(desk_url).text
    assert next_step(page) == "All 2 rounds are played"
    assert "pair" not in buttons(page)


# --- the write API --------------------------------------------------------------------------


@pytest.fixture
def api(desk: tuple[FastAPI, Browser]) -> Iterator[tuple[FastAPI, Browser, tuple[str, str]]]:
    app, anna = desk
    password = add_director(app, "bea")
    yield app, anna, ("bea", password)


def api_event(app: FastAPI, anna: Browser, bea: tuple[str, str]) -> int:
    client = anna.client
    made = client.post("/api/events", json={"name": "Open", "rounds": 3}, auth=bea)
    assert made.status_code == 201, made.text
    event_id = int(made.json()["id"])
    for name, rating in PLAYERS[:4]:
        answer = client.post(
            f"/api/events/{event_id}/players", json={"name": name, "rating": rating}, auth=bea
        )
        assert answer.status_code == 201, answer.text
    return event_id


def test_the_api_undoes_and_redoes_any_change(
    api: tuple[FastAPI, Browser, tuple[str, str]],
) -> None:
    app, anna, bea = api
    client = anna.client
    event_id = api_event(app, anna, bea)
    registered = snapshot(app, event_id)
    paired = client.post(f"/api/events/{event_id}/pair", auth=bea).json()
    after_pairing = snapshot(app, event_id)
    client.post(
        f"/api/events/{event_id}/results",
        json={"results": [{"board": 1, "result": "1-0"}]},
        auth=bea,
    )
    entered = snapshot(app, event_id)
    log = app.state.store.log(event_id)

    # No body: one step, the result entry.
    answer = client.post(f"/api/events/{event_id}/undo", auth=bea)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert snapshot(app, event_id) == after_pairing
    assert body["version"] == version(app, event_id) == paired["version"] + 2
    assert [c["seq"] for c in body["changes"]] == [log[-1].seq]
    assert body["changes"][0]["action"] == "results.entered"
    assert body["changes"][0]["description"] == ev.describe(log[-1], entered)
    assert body["undo_next"]["action"] == "round.paired"
    assert body["redo_next"]["seq"] == log[-1].seq

    # Two steps at once, at the version just seen: the pairing, then the last registration.
    answer = client.post(
        f"/api/events/{event_id}/undo", json={"steps": 2, "version": body["version"]}, auth=bea
    )
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert [c["action"] for c in body["changes"]] == ["round.paired", "player.registered"]
    assert body["rounds_paired"] == 0 and body["players"] == 3
    assert snapshot(app, event_id).players == registered.players[:3]

    # Redo all three, the latest undone first.
    answer = client.post(f"/api/events/{event_id}/redo", json={"steps": 3}, auth=bea)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert [c["action"] for c in body["changes"]] == [
        "player.registered",
        "round.paired",
        "results.entered",
    ]
    assert body["redo_next"] is None
    assert snapshot(app, event_id) == entered
    assert ev.rebuild(service_desk(app), event_id).matched


def test_the_api_refuses_a_stale_version_and_too_many_steps(
    api: tuple[FastAPI, Browser, tuple[str, str]],
) -> None:
    app, anna, bea = api
    client = anna.client
    event_id = api_event(app, anna, bea)
    seen = version(app, event_id)
    client.post(f"/api/events/{event_id}/pair", auth=bea)
    changed, log_length = snapshot(app, event_id), len(app.state.store.log(event_id))
    for what in ("undo", "redo"):
        answer = client.post(f"/api/events/{event_id}/{what}", json={"version": seen}, auth=bea)
        assert answer.status_code == 409, answer.text
        assert "changed by someone else" in answer.json()["detail"]
    answer = client.post(f"/api/events/{event_id}/undo", json={"steps": 99}, auth=bea)
    assert answer.status_code == 400
    assert "only 5 changes can be undone, not 99" in answer.json()["detail"]
    answer = client.post(f"/api/events/{event_id}/redo", auth=bea)
    assert answer.status_code == 400
    assert "nothing to redo" in answer.json()["detail"]
    answer = client.post(f"/api/events/{event_id}/undo", json={"steps": 0}, auth=bea)
    assert answer.status_code == 422
    assert answer.json()["detail"][0]["loc"] == ["body", "steps"]
    assert snapshot(app, event_id) == changed
    assert len(app.state.store.log(event_id)) == log_length


def test_the_openapi_description_has_undo_and_redo(
    api: tuple[FastAPI, Browser, tuple[str, str]],
) -> None:
    _app, anna, _bea = api
    spec = anna.client.get("/api/openapi.json").json()
    for what in ("undo", "redo"):
        operation = spec["paths"][f"/api/events/{{event_id}}/{what}"]["post"]
        assert {"200", "400", "401", "404", "409", "422"} <= set(operation["responses"])
        body = operation["requestBody"]["content"]["application/json"]["schema"]
        assert "Walk" in str(body)
        assert not operation["requestBody"].get("required", False)
    assert {"steps", "version"} <= set(spec["components"]["schemas"]["Walk"]["properties"])
    out = spec["components"]["schemas"]["WalkOut"]["properties"]
    assert {"changes", "undo_next", "redo_next", "version", "rounds_paired"} <= set(out)
