"""The event's rating-report fields (TRF 012-132): kept in the settings and in the snapshot,
set at creation, changed by one ``event.edited`` record, undone and replayed like any change."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fairpair.core import EventDetails
from fairpair.service import actions
from fairpair.service import events as ev
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.settings import EventSettings, System, report_fields
from fairpair.storage import EventExistsError, MemoryStore

REPORT = {
    "city": "Lyon",
    "federation": "fra",
    "event_type": "Individual: Swiss-System",
    "chief_arbiter": "Marie Curie",
    "deputy_arbiters": ["Paul Langevin", "Jean Perrin"],
    "time_control": "90'/40+30'+30\"",
    "round_dates": ["2026/05/01", "2026-05-02", "2026.5.3"],
}


def desk() -> ev.Desk:
    return ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, 9, tzinfo=UTC), "arbiter")


def open_event(d: ev.Desk, **fields: object) -> ev.Event:
    settings = EventSettings("Spring open", System.DUTCH, rounds=5).edited(fields)
    return ev.create_event(d, settings)


def test_report_fields_are_checked_and_written_one_way() -> None:
    checked = report_fields(REPORT | {"start_date": "2026/5/1", "end_date": ""})
    assert checked["federation"] == "FRA"
    assert checked["round_dates"] == ["2026-05-01", "2026-05-02", "2026-05-03"]
    assert checked["start_date"] == "2026-05-01"
    assert report_fields({"deputy_arbiters": "Ann Lee, Bo Chen,"}) == {
        "deputy_arbiters": ["Ann Lee", "Bo Chen"]
    }
    with pytest.raises(FieldErrors) as refused:
        report_fields(
            {"start_date": "2026-02-30", "federation": "France", "city": "a\nb", "rounds": 3}
        )
    assert set(refused.value.errors) == {"start_date", "federation", "city", "rounds"}
    assert "not a date" in refused.value.errors["start_date"]


def test_settings_from_before_the_report_fields_read_as_empty() -> None:
    data = EventSettings("Old", System.DUTCH, rounds=5).to_data()
    for field in REPORT:
        del data[field]
    old = EventSettings.from_data(data)
    assert old.details == EventDetails()
    assert old == EventSettings("Old", System.DUTCH, rounds=5)


def test_creation_fills_the_snapshot_details() -> None:
    d = desk()
    event = open_event(d, start_date="2026-05-01", end_date="2026-05-03", **REPORT)
    loaded = ev.load(d, event.id)
    details = loaded.tournament.details
    assert details.city == "Lyon" and details.federation == "FRA"
    assert details.deputy_arbiters == ("Paul Langevin", "Jean Perrin")
    assert details.round_dates == ("2026-05-01", "2026-05-02", "2026-05-03")
    assert details.start_date == "2026-05-01" and details.end_date == "2026-05-03"
    assert loaded.settings.details == details
    shown = dict(ev.settings_lines(loaded))
    assert shown["chief arbiter"] == "Marie Curie"
    assert shown["round dates"] == "1: 2026-05-01, 2: 2026-05-02, 3: 2026-05-03"


def test_more_round_dates_than_rounds_are_refused() -> None:
    d = desk()
    with pytest.raises(FieldErrors, match="6 dates for an event of 5 rounds"):
        open_event(d, round_dates=[f"2026-05-0{i}" for i in range(1, 7)])
    assert not d.store.events()


def test_an_edit_is_one_record_undone_and_replayed() -> None:
    d = desk()
    event = open_event(d, city="Lyon")
    ev.register_player(d, event.id, "Ann", rating=2000)
    edited = ev.edit_event(
        d, event.id, {"name": "Spring open 2026", "city": "Paris", "chief_arbiter": "Ann Lee"}
    )
    assert edited.info.name == "Spring open 2026"
    assert edited.tournament.name == "Spring open 2026"
    assert edited.tournament.details.city == "Paris"
    assert ev.find_event(d, "Spring open 2026").id == event.id
    log = ev.history(d, event.id)
    assert log[-1].action == "event.edited"
    assert dict(log[-1].payload["changes"]) == {
        "name": "Spring open 2026",
        "city": "Paris",
        "chief_arbiter": "Ann Lee",
    }
    line = ev.describe(log[-1], edited.tournament)
    assert "city 'Paris' (was 'Lyon')" in line and "chief arbiter 'Ann Lee' (was none)" in line
    assert ev.headline(log[-1], edited.tournament) == (
        "edit of the event's name, city, chief arbiter"
    )
    settings, replayed = actions.replay_event((r.action, r.payload) for r in log)
    assert replayed == ev.load(d, event.id).tournament
    assert settings == ev.load(d, event.id).settings
    assert ev.rebuild(d, event.id).matched

    undone, taken = ev.undo(d, event.id)
    assert [r.action for r in taken] == ["event.edited"]
    assert undone.info.name == "Spring open" and undone.settings.city == "Lyon"
    back = ev.load(d, event.id)
    assert back.info.name == "Spring open" and back.settings.city == "Lyon"
    assert back.tournament.details.city == "Lyon" and back.tournament.name == "Spring open"
    assert len(back.tournament.players) == 1
    ev.redo(d, event.id)
    assert ev.load(d, event.id).tournament.details.chief_arbiter == "Ann Lee"


def test_a_refused_edit_changes_nothing() -> None:
    d = desk()
    event = open_event(d, city="Lyon")
    ev.create_event(d, EventSettings("Autumn open", System.DUTCH, rounds=5))
    version = ev.load(d, event.id).version
    with pytest.raises(FieldErrors, match="already exists"):
        ev.edit_event(d, event.id, {"name": "Autumn open"})
    with pytest.raises(CommandError, match="nothing to change"):
        ev.edit_event(d, event.id, {"city": "Lyon"})
    with pytest.raises(FieldErrors, match="ends"):
        ev.edit_event(d, event.id, {"start_date": "2026-05-03", "end_date": "2026-05-01"})
    with pytest.raises(FieldErrors) as refused:
        ev.edit_event(d, event.id, {"owner": "berger"})
    assert "owner" in refused.value.errors
    assert ev.load(d, event.id).version == version


def test_the_store_refuses_a_name_taken_by_another_event() -> None:
    d = desk()
    event = open_event(d)
    other = ev.create_event(d, EventSettings("Autumn open", System.DUTCH, rounds=5))
    settings = ev.load(d, event.id).settings.edited({"name": "Autumn open"})
    with pytest.raises(EventExistsError):
        d.store.replace_snapshot(event.id, 1, ev.load(d, event.id).tournament, settings.to_data())
    assert ev.load(d, other.id).info.name == "Autumn open"
    assert ev.load(d, event.id).info.name == "Spring open"


def test_an_old_event_with_a_free_text_date_can_still_change_its_other_fields() -> None:
    # Before dates were checked, --start took any text; such an event is not stuck.
    old = EventSettings("Open", System.DUTCH, rounds=5, start_date="May 2020")
    old.edited({"city": "Lyon"}).check_report_together()
    with pytest.raises(FieldErrors, match="end_date"):
        EventSettings(
            "Open", System.DUTCH, rounds=5, start_date="2026-05-03", end_date="2026-05-01"
        ).check_report_together()
    with pytest.raises(FieldErrors, match="start_date"):
        old.checked_report()  # a new event's fields are all checked
