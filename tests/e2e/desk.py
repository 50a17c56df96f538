"""A director at the web desk, driven through the pages, and an independent replay of their work.

:class:`DirectorAtDesk` does what a director does in the browser (sign up, create an event,
register and import players, pair, type results with the keyboard, correct, undo) and writes
each change into a :class:`Script`. :meth:`Script.replay` runs the same changes through
:mod:`fairpair.service.events` on an in-memory store, so the tests compare what the pages
produced with what the service alone computes, never with numbers we wrote down.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from fairpair.core import Player
from fairpair.service import actions
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings
from fairpair.standings import Standings
from fairpair.storage import MemoryStore
from tests.e2e.browser import LiveServer, Screenshots

Entries = tuple[tuple[int, str], ...]
"""Results by board as typed: ``((1, "1-0"), (2, "="), ...)``."""

SHORTHAND = {"1": "1-0", "0": "0-1", "5": "1/2", "+": "+-", "-": "-+"}
"""The result form's one-key results (issue #7), in the service's notation."""


def service_notation(entries: Entries) -> Entries:
    return tuple((board, SHORTHAND.get(text, text)) for board, text in entries)


@dataclass(frozen=True)
class Step:
    """One change the director made: ``pair``, ``undo``, ``results`` or ``correct``."""

    kind: str
    round: int = 0
    entries: Entries = ()


@dataclass
class Script:
    """The players registered (in order) and every change made, to replay them elsewhere."""

    players: list[Player] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)

    def replay(self, settings: EventSettings) -> ev.Event:
        """The same event run through the service alone, on a fresh in-memory store."""
        desk = ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, tzinfo=UTC), "replay")
        event = ev.create_event(desk, settings)
        event = ev.import_players(desk, event.id, self.players)
        for step in self.steps:
            match step.kind:
                case "pair":
                    event, _ = ev.pair_round(desk, event.id)
                case "undo":
                    event, _ = ev.undo(desk, event.id)
                case "results":
                    event = ev.enter_results(desk, event.id, service_notation(step.entries))
                case "correct":
                    entries = service_notation(step.entries)
                    event = ev.correct_results(desk, event.id, step.round, entries)
                case _:
                    raise ValueError(step.kind)
        return event


def event_id_in(url: str) -> int:
    found = re.search(r"/desk/events/(\d+)", url)
    assert found, f"not an event's desk page: {url}"
    return int(found.group(1))


class DirectorAtDesk:
    """One director's browser page on the desk of one event."""

    def __init__(self, page: Page, server: LiveServer, screenshots: Screenshots) -> None:
        self.page = page
        self.server = server
        self.shots = screenshots
        self.script = Script()
        self.event_id = 0
        self.username = ""

    def url(self, path: str) -> str:
        return self.server.url + path

    @property
    def desk_url(self) -> str:
        return self.url(f"/desk/events/{self.event_id}")

    def form(self, action: str) -> Locator:
        """The form posting to ``action`` (a path under the event's desk)."""
        return self.page.locator(f'form[action$="/desk/events/{self.event_id}{action}"]')

    def submit(self, form: Locator) -> None:
        form.locator('[type="submit"]').first.click()

    # --- account and event ---------------------------------------------------------------

    def sign_up(self, username: str, password: str) -> None:
        page = self.page
        self.username = username
        page.goto(self.url("/desk/signup"))
        self.shots.shoot(page, "sign-up")
        page.locator('[name="username"]').fill(username)
        page.locator('[name="password"]').fill(password)
        page.locator('[name="password2"]').fill(password)
        page.locator('[name="password2"]').press("Enter")
        expect(page).to_have_url(re.compile(r"/desk/?$"))
        self.shots.shoot(page, "my-events")

    def create_event(self, name: str, system: str, rounds: int | None = None) -> None:
        page = self.page
        page.goto(self.url("/desk/events/new"))
        page.locator('[name="name"]').fill(name)
        page.locator('[name="system"]').select_option(system)
        if rounds is not None:
            page.locator('[name="rounds"]').fill(str(rounds))
        self.shots.shoot(page, "new-event")
        page.locator('[name="name"]').press("Enter")
        expect(page).to_have_url(re.compile(r"/desk/events/\d+/?$"))
        self.event_id = event_id_in(page.url)
        expect(page.get_by_role("heading", name=name)).to_be_visible()

    def settings(self) -> EventSettings:
        """The event's settings as the server stored them (the replay starts from them)."""
        store = self.server.open_store()
        try:
            return EventSettings.from_data(store.load(self.event_id).info.settings)
        finally:
            store.close()

    def check_audit_log(self) -> None:
        """The event's audit log page lists every change the store logged, each by this
        director, the undo among them in the service's words."""
        page = self.page
        store = self.server.open_store()
        try:
            records = store.log(self.event_id)
            tournament = store.load(self.event_id).tournament
        finally:
            store.close()
        page.goto(self.url(f"/desk/events/{self.event_id}/log"))
        rows = page.locator("table tbody tr")
        expect(rows).to_have_count(len(records))
        for text in rows.all_inner_texts():
            assert self.username in text, text
        (undo,) = [r for r in records if r.action == actions.UNDONE]
        expect(rows.filter(has_text=ev.describe(undo, tournament, records))).to_have_count(1)
        self.shots.shoot(page, "audit-log")

    # --- players -------------------------------------------------------------------------

    def add_player(self, name: str, rating: int) -> None:
        page = self.page
        form = self.form("/players")
        form.locator('[name="name"]').fill(name)
        form.locator('[name="rating"]').fill(str(rating))
        self.submit(form)
        expect(page.get_by_role("cell", name=name, exact=True)).to_have_count(1)
        self.script.players.append(
            Player(id=len(self.script.players) + 1, name=name, rating=rating)
        )

    def import_players(self, path: Path, players: Sequence[Player]) -> None:
        """Upload ``path`` (CSV or TRF), which holds ``players``."""
        page = self.page
        form = self.form("/players/import")
        form.locator('[name="file"]').set_input_files(str(path))
        self.submit(form)
        for player in players:
            expect(page.get_by_role("cell", name=player.name, exact=True)).to_have_count(1)
        first = len(self.script.players) + 1
        self.script.players.extend(
            Player(id=first + i, name=p.name, rating=p.rating) for i, p in enumerate(players)
        )

    # --- rounds --------------------------------------------------------------------------

    def pair(self, number: int) -> None:
        page = self.page
        page.goto(self.desk_url)
        button = page.get_by_role("button", name=f"Pair round {number}", exact=True)
        button.click()
        expect(button).to_have_count(0)  # the round waits for its results
        self.script.steps.append(Step("pair", number))
        self.shots.shoot(page, f"desk-round-{number}-paired")

    def second_pair_refused(self, other: Page, number: int) -> None:
        """In another tab (``other``, signed in as this director): the desk answers while round
        ``number`` is being paired, says so, and refuses a second Pair with the reason."""
        other.context.add_cookies(self.page.context.cookies())
        answer = other.goto(self.desk_url)
        assert answer is not None and answer.status == 200
        expect(other.locator("#pairing-status")).to_contain_text(f"Pairing round {number}")
        other.get_by_role("button", name=f"Pair round {number}", exact=True).click()
        expect(other.get_by_role("alert").first).to_contain_text(f"round {number} is being paired")
        self.shots.shoot(other, "second-pair-refused")

    def undo(self, number: int) -> None:
        """Take back the pairing of round ``number`` (no result in yet)."""
        page = self.page
        page.goto(self.desk_url)
        # "Undo", or "Undo: <what it takes back>"
        page.get_by_role("button", name=re.compile(r"^Undo\b")).click()
        expect(page.get_by_role("button", name=f"Pair round {number}", exact=True)).to_be_visible()
        self.script.steps.append(Step("undo", number))
        self.shots.shoot(page, f"desk-round-{number}-undone")

    def results_form(self, number: int) -> str:
        """Open the result form of round ``number``; its address."""
        url = self.url(f"/desk/events/{self.event_id}/rounds/{number}/results")
        self.page.goto(url)
        return url

    def type_results(self, number: int, results: Sequence[str]) -> None:
        """Type the results of round ``number`` with the keyboard alone: in the first box a
        result, Enter, the next board's result, Enter... Enter after the last one saves."""
        page = self.page
        form = self.results_form(number)
        boxes = page.locator("input.result")
        expect(boxes).to_have_count(len(results))
        boxes.first.focus()
        for index, text in enumerate(results):
            expect(boxes.nth(index)).to_be_focused()
            page.keyboard.type(text)
            if index + 1 < len(results):
                page.keyboard.press("Enter")
        self.shots.shoot(page, f"results-round-{number}-typed")
        page.keyboard.press("Enter")
        expect(page).not_to_have_url(form)  # saved and sent on; a refusal stays on the form
        self.script.steps.append(
            Step("results", number, tuple((i + 1, r) for i, r in enumerate(results)))
        )
        self.shots.shoot(page, f"results-round-{number}-saved")

    def correct(self, number: int, board: int, text: str) -> None:
        """Change the result of one board of a completed round on its result form."""
        page = self.page
        form = self.results_form(number)
        box = page.locator("input.result").nth(board - 1)
        expect(box).not_to_have_value("")
        box.fill(text)
        self.shots.shoot(page, f"correct-round-{number}-board-{board}")
        page.get_by_role("button", name="Save results", exact=True).click()
        expect(page).not_to_have_url(form)
        self.script.steps.append(Step("correct", number, ((board, text),)))
        self.shots.shoot(page, f"corrected-round-{number}-board-{board}")


# --- reading the public pages ---------------------------------------------------------------


def to_number(text: str) -> Fraction | None:
    text = text.strip().replace("½", ".5").replace("\u2212", "-")
    if not text:
        return None
    if text.startswith("."):
        text = "0" + text
    return Fraction(text)


def check_standings_page(page: Page, expected: Standings) -> None:
    """The page's ``#standings`` table shows ``expected``: order, ranks, points, tie-breaks."""
    table = page.locator("#standings")
    expect(table.locator("tbody tr")).to_have_count(len(expected.rows))
    headers = [h.strip() for h in table.locator("thead th").all_inner_texts()]
    column = {h: i for i, h in enumerate(headers)}
    points_at = next(column[h] for h in ("Pts", "MMS", "Points", "Score") if h in column)
    for code in expected.codes:
        assert code in column, f"no {code} column in {headers}"
    shown = [row.locator("td").all_inner_texts() for row in table.locator("tbody tr").all()]
    for cells, row in zip(shown, expected.rows, strict=True):
        assert any(cell.strip() == row.name for cell in cells), (cells, row.name)
        assert int(cells[column.get("Rk", 0)]) == row.rank, (cells, row)
        assert to_number(cells[points_at]) == row.points, (cells, row)
        for code, value in zip(expected.codes, row.values, strict=True):
            assert to_number(cells[column[code]]) == value, (code, cells, row)
