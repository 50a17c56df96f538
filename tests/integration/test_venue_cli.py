"""fairpair event clock and fairpair event announce: the venue screen from the command line,
through the same service commands as the desk (one log record each, refusals exit 2)."""

from __future__ import annotations

from pathlib import Path

from fairpair.service import events as ev
from fairpair.storage import open_store
from tests.integration.test_cli_director_day import fairpair


def test_the_clock_and_the_announcement_from_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite3"
    assert fairpair(db, "event", "create", "Hall open", "--rounds", "5")[0] == 0
    code, out, _ = fairpair(db, "event", "clock", "start", "--minutes", "40")
    assert code == 0 and "started the round clock (40 min, 40:00 left)" in out
    code, _, err = fairpair(db, "event", "clock", "start")
    assert code == 2 and "already running" in err
    code, _, err = fairpair(db, "event", "clock", "reset", "--minutes", "0")
    assert code == 2 and "--minutes" in err and "1 to 1440" in err
    code, out, _ = fairpair(db, "event", "clock", "pause")
    assert code == 0 and "paused the round clock" in out
    code, out, _ = fairpair(db, "event", "announce", "Round 1 starts at 10:00")
    assert code == 0 and "announced: Round 1 starts at 10:00" in out
    code, _, err = fairpair(db, "event", "clock", "later")
    assert code == 2
    store = open_store(str(db))
    try:
        info = store.events()[0]
        event = ev.load(ev.Desk(store, lambda: info.updated_at, "t"), info.id)
        assert event.settings.venue.announcement == "Round 1 starts at 10:00"
        clock = event.settings.venue.clock
        assert clock is not None and not clock.running and clock.seconds == 40 * 60
        assert [r.action for r in store.log(info.id)][1:] == ["clock.set"] * 2 + [
            "announcement.set"
        ]
    finally:
        store.close()
