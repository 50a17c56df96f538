"""Undo and redo from the desk and the API put what they took into words from the end of
the log, never reading the whole of it (issue #20: a long event's log is thousands of
records); the words are those the whole log gives. The desk's message after other changes
reads the change it made alone."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from fairpair.service import events as ev
from fairpair.service import team_events as te
from fairpair.service.settings import EventSettings, System
from fairpair.storage import LogRecord
from tests.integration.test_pairing_runs_kinds import team_swiss
from tests.web.desk_client import service_desk
from tests.web.test_desk_background_pairing import ANNA, anna_at_desk

OPEN = EventSettings("Open", System.DUTCH, rounds=5)


def no_whole_log(event_id: int) -> Sequence[LogRecord]:
    raise AssertionError(f"the whole log of event {event_id} was read")


def test_undo_and_redo_say_what_they_took_from_the_end_of_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with anna_at_desk(tmp_path, 30) as (app, anna):
        d = service_desk(app, "anna")
        event_id = ev.create_event(d, OPEN, owner="anna").id
        for n in range(1, 21):
            ev.register_player(d, event_id, f"Player {n:02}", rating=2400 - 10 * n)
        ev.pair_round(d, event_id)
        for board in range(1, 11):
            ev.enter_results(d, event_id, [(board, "1-0")])
        store = app.state.store
        base = f"/desk/events/{event_id}"
        anna.get(base)

        with monkeypatch.context() as patched:
            patched.setattr(store, "log", no_whole_log)
            answer = anna.submit(f"{base}/undo")
            assert answer.status_code == 303, answer.text
            api = anna.client.post(
                f"/api/events/{event_id}/undo", auth=ANNA, json={"steps": 3}
            ).json()
            redone = anna.client.post(
                f"/api/events/{event_id}/redo", auth=ANNA, json={"steps": 2}
            ).json()

        log = store.log(event_id)
        t = ev.load(d, event_id).tournament
        # The API's words are the whole log's.
        for change in redone["changes"] + [redone["undo_next"], redone["redo_next"]]:
            assert change["description"] == ev.describe(log[change["seq"] - 1], t, log)
        # Records: 1 the creation, 2-21 the players, 22 the pairing, 23-32 the results.
        assert [c["seq"] for c in api["changes"]] == [31, 30, 29]
        assert [c["seq"] for c in redone["changes"]] == [29, 30]
        assert (redone["undo_next"]["seq"], redone["redo_next"]["seq"]) == (30, 31)
        # The desk's message named the board undone first, in the whole log's words.
        page = anna.get(base).text
        assert f"Undid #32: {ev.describe(log[31], t, log)}" in page.replace("&#39;", "'")


def test_a_team_event_undo_in_the_api_reads_the_end_of_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with anna_at_desk(tmp_path, 30) as (app, anna):
        d = service_desk(app, "anna")
        event_id = team_swiss(d, owner="anna")
        te.pair_team_round(d, event_id)
        store = app.state.store
        with monkeypatch.context() as patched:
            patched.setattr(store, "log", no_whole_log)
            answer = anna.client.post(f"/api/events/{event_id}/undo", auth=ANNA, json={})
        assert answer.status_code == 200, answer.text
        log = store.log(event_id)
        [change] = answer.json()["changes"]
        assert change["description"] == te.describe_team(log[change["seq"] - 1], log)
        assert change["description"].startswith("paired round 1")


def test_the_message_after_renaming_the_event_reads_its_change_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with anna_at_desk(tmp_path, 30) as (app, anna):
        d = service_desk(app, "anna")
        event_id = ev.create_event(d, OPEN, owner="anna").id
        base = f"/desk/events/{event_id}"
        anna.get(base)
        with monkeypatch.context() as patched:
            patched.setattr(app.state.store, "log", no_whole_log)
            answer = anna.submit(f"{base}/details", {"name": "Spring Open"})
        assert answer.status_code == 303, answer.text
        assert "Spring Open" in anna.get(base).text
