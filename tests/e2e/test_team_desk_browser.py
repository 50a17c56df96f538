"""Team events run in the browser at the director's desk, on SQLite and PostgreSQL: a 16-team,
4-board, 7-round Swiss and a 10-team round robin, with line-ups changed, a forfeited board, a
whole match forfeited, a withdrawn team and a correction.

Every change made in the pages is written down and replayed through
:mod:`fairpair.service.team_events` alone on an in-memory store: the stored event must be the
replayed one. The TRF-2026 the desk exports is read back as the same event and passes
``fairpair-engine --team FILE -c``. The results of the first rounds are typed in the browser;
the later rounds post the same forms from the browser's own session (the rules of the form
are the same, a page load per match is not): the test stays a few seconds per round.
"""

from __future__ import annotations

import dataclasses
import random
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from fairpair.core import ByeKind, GameResult, Player
from fairpair.core.teams import MatchForfeit, TeamTournament
from fairpair.formats.trf_team import read_team_trf
from fairpair.service import events as ev
from fairpair.service import team_events as te
from fairpair.service.settings import EventSettings
from fairpair.storage import MemoryStore
from tests.e2e.browser import LiveServer, Screenshots
from tests.e2e.desk import DirectorAtDesk, event_id_in
from tests.e2e.test_team_event_cli import same_event, teams_csv

pytestmark = pytest.mark.browser

ENGINE = Path(sys.executable).with_name("fairpair-engine")
RESULTS = ("1", "0", "=", "1-0", "0-1", "5")
"""Board results as a director types them (one key or written out)."""
POINTS = {"1": (2, 0), "1-0": (2, 0), "0": (0, 2), "0-1": (0, 2), "=": (1, 1), "5": (1, 1)}
"""Half game points of each side for a typed result, worked out by hand."""


@dataclass
class Replay:
    """What the director did at the desk, as service calls to run again elsewhere."""

    teams: list[te.NewTeam] = field(default_factory=list)
    steps: list[tuple[str, tuple[object, ...]]] = field(default_factory=list)

    def run(self, settings: EventSettings) -> TeamTournament:
        desk = ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, tzinfo=UTC), "replay")
        event_id = te.create_team_event(desk, settings).id
        te.import_teams(desk, event_id, self.teams)
        for kind, args in self.steps:
            match kind:
                case "register":
                    te.register_team(desk, event_id, *args)
                case "remove":
                    te.remove_team(desk, event_id, *args)
                case "withdraw":
                    te.withdraw_team(desk, event_id, *args)
                case "bye":
                    te.grant_team_bye(desk, event_id, *args)
                case "pair":
                    te.pair_team_round(desk, event_id)
                case "lineup":
                    te.set_lineup(desk, event_id, *args)
                case "results":
                    te.record_team_results(desk, event_id, *args)
                case "undo":
                    te.undo_team(desk, event_id)
                case "redo":
                    te.redo_team(desk, event_id)
                case _:
                    raise ValueError(kind)
        return te.load_team(desk, event_id).tournament


class TeamDirector:
    """A director's browser page on the desk of one team event."""

    def __init__(self, page: Page, server: LiveServer, screenshots: Screenshots) -> None:
        # The individual desk's director signs up and knows the event's addresses.
        self.at_desk = DirectorAtDesk(page, server, screenshots)
        self.page = page
        self.server = server
        self.shots = screenshots
        self.replay = Replay()

    @property
    def event_id(self) -> int:
        return self.at_desk.event_id

    def url(self, path: str) -> str:
        return self.at_desk.url(path)

    @property
    def desk_url(self) -> str:
        return self.at_desk.desk_url

    def round_url(self, number: int) -> str:
        return self.url(f"/desk/events/{self.event_id}/rounds/{number}/matches")

    def stored(self) -> TeamTournament:
        store = self.server.open_store()
        try:
            t = store.load(self.event_id).tournament
        finally:
            store.close()
        assert isinstance(t, TeamTournament)
        return t

    def settings(self) -> EventSettings:
        store = self.server.open_store()
        try:
            return EventSettings.from_data(store.load(self.event_id).info.settings)
        finally:
            store.close()

    def create(self, name: str, system: str, **fields: str) -> None:
        page = self.page
        page.goto(self.url("/desk/events/new"))
        page.locator('[name="name"]').fill(name)
        page.locator('[name="system"]').select_option(system)
        for key, value in fields.items():
            box = page.locator(f'[name="{key}"]')
            if box.evaluate("e => e.tagName") == "SELECT":
                box.select_option(value)
            else:
                box.fill(value)
        self.shots.shoot(page, "new-team-event")
        page.locator('[name="name"]').press("Enter")
        expect(page).to_have_url(re.compile(r"/desk/events/\d+/?$"))
        self.at_desk.event_id = event_id_in(page.url)
        expect(page.get_by_role("heading", name=name)).to_be_visible()

    def import_teams(self, path: Path, teams: list[te.NewTeam]) -> None:
        page = self.page
        page.goto(self.desk_url)
        form = page.locator(f'form[action="/desk/events/{self.event_id}/teams/import"]')
        form.locator('[name="file"]').set_input_files(str(path))
        form.locator('[type="submit"]').click()
        expect(page.locator(".flash")).to_contain_text(f"Imported {len(teams)} teams")
        expect(page.locator("#teams tbody tr")).to_have_count(len(teams))
        self.replay.teams = teams

    def add_team(self, name: str, captain: str, players: list[tuple[str, int]]) -> None:
        page = self.page
        form = page.locator("#add-team")
        form.locator('[name="name"]').fill(name)
        form.locator('[name="captain"]').fill(captain)
        form.locator('[name="players"]').fill("\n".join(f"{n}, {r}" for n, r in players))
        form.locator('[type="submit"]').click()
        expect(page.locator(".flash")).to_contain_text("Registered team")
        expect(page.get_by_role("cell", name=name, exact=True)).to_have_count(1)
        roster = tuple(Player(id=i + 1, name=n, rating=r) for i, (n, r) in enumerate(players))
        self.replay.steps.append(("register", (te.NewTeam(name, roster, captain),)))

    def remove_team(self, tpn: int, name: str) -> None:
        page = self.page
        page.goto(self.desk_url)
        page.get_by_role("link", name=f"Edit {name}").click()
        page.locator("#remove").click()
        expect(page.locator(".flash")).to_contain_text(f"Removed team {tpn} {name}")
        self.replay.steps.append(("remove", (str(tpn),)))

    def withdraw(self, tpn: int, name: str, next_round: int) -> None:
        page = self.page
        page.goto(self.desk_url)
        page.get_by_role("button", name=f"Withdraw {name} from round {next_round}").click()
        expect(page.locator(".flash")).to_contain_text(f"Withdrew team {tpn} {name}")
        self.replay.steps.append(("withdraw", (str(tpn), None)))

    def bye(self, tpn: int, kind: str) -> None:
        page = self.page
        page.goto(self.desk_url)
        page.locator("#bye-team").select_option(str(tpn))
        page.locator("#bye-kind").select_option(kind)
        page.get_by_role("button", name="Grant the bye").click()
        expect(page.locator(".flash")).to_contain_text(f"{kind}-point bye")
        self.replay.steps.append(("bye", (str(tpn), None, kind)))

    def pair(self, number: int) -> None:
        page = self.page
        page.goto(self.desk_url)
        page.get_by_role("button", name=f"Pair round {number}", exact=True).click()
        expect(page).to_have_url(self.round_url(number))
        expect(
            page.get_by_role("heading", name=f"Round {number}: line-ups and results")
        ).to_be_visible()
        self.replay.steps.append(("pair", ()))

    def _send_lineup(self, number: int, match: int, tpn: int, refs: list[str]) -> None:
        """Choose the team's players board by board (``""``: an empty board) and save."""
        page = self.page
        page.goto(self.round_url(number))
        form = page.locator(f"#lineup-{match}-{tpn}")
        page.locator(f"#match-{match} details.lineups").evaluate("d => { d.open = true; }")
        for board, ref in enumerate(refs, start=1):
            page.locator(f"#lineup-{match}-{tpn}-b{board}").select_option(value=ref)
        form.locator('[type="submit"]').click()

    def lineup(self, number: int, match: int, tpn: int, refs: list[str]) -> None:
        self._send_lineup(number, match, tpn, refs)
        expect(self.page.locator(".flash")).to_contain_text("line-up of")
        self.replay.steps.append(("lineup", (str(tpn), [r for r in refs if r], number)))

    def lineup_refused(self, number: int, match: int, tpn: int, refs: list[str]) -> str:
        self._send_lineup(number, match, tpn, refs)
        alert = self.page.locator(f"#lineup-{match}-{tpn}-alert")
        expect(alert).to_be_visible()
        return alert.inner_text()

    def _board_entries(
        self, t: TeamTournament, number: int, match: int, rng: random.Random
    ) -> dict[str, str]:
        played = t.rounds[number - 1].matches[match - 1]
        return {
            f"b{b}": rng.choice(RESULTS)
            for b, board in enumerate(played.boards, start=1)
            if board.result is None
        }

    def _record(self, number: int, match: int, typed: dict[str, str], last: bool) -> None:
        if typed.get("forfeit"):
            entries = [(str(match), typed["forfeit"])]
        else:
            short = {"1": "1-0", "0": "0-1", "5": "=", "+": "+-", "-": "-+"}
            entries = [
                (f"{match}.{key[1:]}", short.get(value, value))
                for key, value in typed.items()
                if value
            ]
        self.replay.steps.append(("results", (None if last else number, entries)))

    def type_results(self, number: int, match: int, typed: dict[str, str]) -> None:
        """In the browser: type each board's result (or choose a whole-match forfeit) and
        save."""
        page = self.page
        if not page.url.startswith(self.round_url(number)):
            page.goto(self.round_url(number))
        form = page.locator(f"#results-{match}")
        for key, value in typed.items():
            if key == "forfeit":
                form.locator('[name="forfeit"]').select_option(value)
            else:
                form.locator(f'[name="{key}"]').fill(value)
        form.locator('[type="submit"]').click()
        expect(page.locator(".flash")).to_contain_text(f"match {match}:")

    def post_results(self, number: int, match: int, typed: dict[str, str], version: int) -> str:
        """The same form posted from the browser's session, without loading the page."""
        token = self.page.locator('input[name="csrf_token"]').first.get_attribute("value")
        assert token
        answer = self.page.request.post(
            self.url(f"/desk/events/{self.event_id}/rounds/{number}/matches/{match}/results"),
            form={"csrf_token": token, "version": str(version), **typed},
            max_redirects=0,
        )
        assert answer.status == 303, answer.text()
        return answer.headers["location"]

    def play_round(
        self,
        number: int,
        rng: random.Random,
        in_browser: bool,
        forfeit: tuple[int, str] | None = None,
    ) -> None:
        """Every unfinished match of the round gets its results; ``forfeit``: (match, +-/-+)
        forfeited as a whole."""
        t = self.stored()
        version = self.version()
        if not in_browser:
            self.page.goto(self.round_url(number))  # for the session's CSRF token
        for index, played in enumerate(t.rounds[number - 1].matches, start=1):
            if played.finished:
                continue
            if forfeit is not None and forfeit[0] == index:
                typed = {"forfeit": forfeit[1]}
            else:
                typed = self._board_entries(t, number, index, rng)
            if in_browser:
                self.type_results(number, index, typed)
                if not typed.get("forfeit"):
                    self.check_match_result(t, number, index, typed)
            else:
                self.post_results(number, index, typed, version)
            version += 1
            self._record(number, index, typed, last=True)
        self.page.goto(self.desk_url)
        done = re.compile(rf"Round {number} is complete|All {number} rounds are played")
        expect(self.page.locator("#next-h")).to_have_text(done)

    def version(self) -> int:
        store = self.server.open_store()
        try:
            return store.event(self.event_id).version
        finally:
            store.close()

    def check_match_result(
        self, t: TeamTournament, number: int, match: int, typed: dict[str, str]
    ) -> None:
        """The match result the page shows is the one worked out by hand from the boards
        (match points 2/1/0)."""
        played = t.rounds[number - 1].matches[match - 1]
        mine = theirs = 0
        for b, board in enumerate(played.boards, start=1):
            if f"b{b}" in typed:
                a, c = POINTS[typed[f"b{b}"]]
            elif board.first is None and board.second is None:
                a, c = 0, 0
            else:
                a, c = (0, 2) if board.first is None else (2, 0)
            mine, theirs = mine + a, theirs + c
        mp = "2-0" if mine > theirs else "0-2" if mine < theirs else "1-1"
        gp = f"{_half(mine)}-{_half(theirs)}"
        if not self.page.url.startswith(self.round_url(number)):
            self.page.goto(self.round_url(number))  # the round is complete: back to it
        shown = self.page.locator(f"#match-{match}-result")
        expect(shown).to_contain_text(f"{gp} game points, {mp} match points")

    def correct(self, number: int, match: int, board: int) -> None:
        """Type another result for a board that has one: a correction."""
        now = self.stored().rounds[number - 1].matches[match - 1].boards[board - 1].result
        text = "=" if now is not GameResult.DRAW else "1-0"
        page = self.page
        page.goto(self.round_url(number))
        form = page.locator(f"#results-{match}")
        form.locator(f'[name="b{board}"]').fill(text)
        form.locator('[type="submit"]').click()
        expect(page.locator(".flash")).to_contain_text(f"Corrected round {number}, match {match}")
        self.replay.steps.append(("results", (number, [(f"{match}.{board}", text)])))

    def undo_redo(self) -> None:
        page = self.page
        page.goto(self.desk_url)
        page.get_by_role("button", name=re.compile(r"^Undo: corrected")).click()
        expect(page.locator(".flash")).to_contain_text("Undid")
        page.get_by_role("button", name=re.compile(r"^Redo: corrected")).click()
        expect(page.locator(".flash")).to_contain_text("Redid")
        self.replay.steps += [("undo", ()), ("redo", ())]

    def export_trf(self, tmp_path: Path) -> Path:
        page = self.page
        page.goto(self.desk_url)
        with page.expect_download() as info:
            page.get_by_role("link", name="TRF-2026 (team records)").click()
        path = tmp_path / "event.trf"
        info.value.save_as(path)
        return path

    def check_audit_log(self) -> None:
        page = self.page
        store = self.server.open_store()
        try:
            records = store.log(self.event_id)
        finally:
            store.close()
        page.goto(self.url(f"/desk/events/{self.event_id}/log"))
        rows = page.locator("#log tbody tr")
        expect(rows).to_have_count(len(records))
        corrected = [r for r in records if r.action == "result.corrected"][-1]
        line = te.describe_team(corrected, records)
        # The correction, and the undo and the redo that name it.
        expect(rows.filter(has_text=line)).to_have_count(3)
        expect(rows.filter(has_text=f"undid #{corrected.seq}: {line}")).to_have_count(1)
        self.shots.shoot(page, "audit-log")


def _half(halves: int) -> str:
    value = Fraction(halves, 2)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def check_export(director: TeamDirector, tmp_path: Path, expected: TeamTournament) -> None:
    """The desk's TRF-2026 reads back as the event as far as a TRF says it (a bye requested
    for a round played is that round's bye: a 240 record of a later round is a request;
    a withdrawn team's absences are blank cells), and the engine's checker accepts it (C.04.6
    for a Swiss, the Berger schedule for a round robin)."""
    path = director.export_trf(tmp_path)
    read = read_team_trf(path).tournament()
    played = len(expected.rounds)
    to_come = tuple(b for b in expected.requested_byes if b.round > played)
    # A withdrawn team's absences are blank cells in a TRF: not in the round, worth nothing.
    rounds = tuple(
        dataclasses.replace(r, byes=tuple(b for b in r.byes if b.kind is not ByeKind.ABSENT))
        for r in expected.rounds
    )
    exp = dataclasses.replace(expected, requested_byes=to_come, rounds=rounds)
    assert same_event(read, exp)
    # The engine replays the file by its 192 type: C.04.6 for the Swiss, the Berger table for
    # the round robin.
    checked = subprocess.run(
        [str(ENGINE), "--team", str(path), "-c"], capture_output=True, text=True, check=False
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def rows_of(path: Path) -> list[te.NewTeam]:
    """The teams of a CSV as the import reads them (the file is the test's own)."""
    from fairpair.formats.teams_csv import read_teams_csv

    return [te.NewTeam(r.name, r.players, r.captain) for r in read_teams_csv(path.read_text())]


def report_time(name: str, started: float, timings: dict[str, float]) -> None:
    spent = ", ".join(f"{k} {v:.1f}s" for k, v in timings.items())
    print(f"\n{name}: {time.monotonic() - started:.1f}s in all ({spent})")


def test_a_sixteen_team_swiss_at_the_desk(
    page: Page, server: LiveServer, screenshots: Screenshots, tmp_path: Path
) -> None:
    started = time.monotonic()
    timings: dict[str, float] = {}
    rng = random.Random(16)
    director = TeamDirector(page, server, screenshots)
    director.at_desk.sign_up("captain", "a long and private passphrase")
    director.create(
        "Team open", "team-swiss", rounds="7", boards="4", primary="mp", colour_model="typea"
    )
    expect(page.locator("dl.settings")).to_contain_text("Type A (preferences without strength")
    path = teams_csv(tmp_path / "teams.csv", 16, players=6)
    director.import_teams(path, rows_of(path))
    director.add_team("Late entry", "Joe Late", [("Doe, John", 2010), ("Roe, Jane", 1990)])
    director.remove_team(17, "Late entry")
    screenshots.shoot(page, "teams")
    timings["setup"] = time.monotonic() - started

    for number in range(1, 8):
        lap = time.monotonic()
        if number == 3:
            director.bye(5, "half")
        if number == 4:
            director.withdraw(16, "Club 16", 4)
        director.pair(number)
        t = director.stored()
        if number == 1:
            screenshots.shoot(page, "round-1")
        if number == 2:
            # Club 03 fields its players 1, 2 and 6: board 4 is empty, lost by forfeit; out
            # of roster order it is refused, the board named.
            match = next(i for i, m in enumerate(t.rounds[1].matches, start=1) if m.involves(3))
            refusal = director.lineup_refused(2, match, 3, ["#1", "#6", "#2", ""])
            assert "board 2" in refusal and "roster order" in refusal
            director.lineup(2, match, 3, ["#1", "#2", "#6", ""])
            after = director.stored().rounds[1].matches[match - 1]
            assert after.lineup(3)[3] is None and after.boards[3].result is not None
            screenshots.shoot(page, "round-2-lineup")
        forfeit = (len(t.rounds[-1].matches), "-+") if number == 5 else None
        director.play_round(number, rng, in_browser=number <= 3, forfeit=forfeit)
        timings[f"round {number}"] = time.monotonic() - lap
    page.goto(director.desk_url)
    expect(page.get_by_role("button", name="Pair round 8", exact=True)).to_have_count(0)

    lap = time.monotonic()
    director.correct(2, 1, 1)
    director.undo_redo()
    stored = director.stored()
    expected = director.replay.run(director.settings())
    assert stored == expected
    assert stored.rounds[4].matches[-1].forfeit is MatchForfeit.SECOND_WINS
    assert all(r.bye_of(16) is not None for r in stored.rounds[3:])
    assert stored.requested_bye(5, 3) is not None and stored.rounds[2].bye_of(5) is not None
    page.goto(director.desk_url)
    standings = page.locator("#team-standings tbody tr")
    expect(standings).to_have_count(16)
    expect(page.locator("#team-standings tbody tr", has_text="Club 16")).to_contain_text(
        "(withdrawn)"
    )
    screenshots.shoot(page, "standings")
    director.check_audit_log()
    check_export(director, tmp_path, stored)
    timings["checks"] = time.monotonic() - lap
    report_time("16-team Swiss at the desk", started, timings)


def test_a_ten_team_round_robin_at_the_desk(
    page: Page, server: LiveServer, screenshots: Screenshots, tmp_path: Path
) -> None:
    started = time.monotonic()
    timings: dict[str, float] = {}
    rng = random.Random(10)
    director = TeamDirector(page, server, screenshots)
    director.at_desk.sign_up("captain", "a long and private passphrase")
    director.create("Club league", "team-berger", boards="4", match_points="2/1/0")
    path = teams_csv(tmp_path / "teams.csv", 10)
    director.import_teams(path, rows_of(path))
    timings["setup"] = time.monotonic() - started
    for number in range(1, 10):
        lap = time.monotonic()
        if number == 7:
            director.withdraw(10, "Club 10", 7)
        director.pair(number)
        t = director.stored()
        if number == 2:
            match = next(i for i, m in enumerate(t.rounds[1].matches, start=1) if m.involves(1))
            director.lineup(2, match, 1, ["#1", "#2", "#5", ""])
        if number == 3:
            # One board forfeited: the first team's player of match 1, board 2, did not come.
            director.page.goto(director.round_url(3))
            entries = {f"b{b}": rng.choice(RESULTS) for b in (1, 3, 4)} | {"b2": "-"}
            director.type_results(3, 1, entries)
            director._record(3, 1, entries, last=True)
            assert director.stored().rounds[2].matches[0].boards[1].result is not None
        director.play_round(number, rng, in_browser=number <= 2)
        timings[f"round {number}"] = time.monotonic() - lap
    page.goto(director.desk_url)
    expect(page.locator("#next-h")).to_contain_text("All 9 rounds are played")

    lap = time.monotonic()
    director.correct(1, 1, 1)
    director.undo_redo()
    stored = director.stored()
    assert stored == director.replay.run(director.settings())
    for rnd in stored.rounds[6:]:
        withdrawn = rnd.match_of(10)
        assert withdrawn is not None and withdrawn.forfeit is not None
    met = {frozenset((m.first, m.second)) for r in stored.rounds for m in r.matches}
    assert len(met) == 45
    director.check_audit_log()
    check_export(director, tmp_path, stored)
    timings["checks"] = time.monotonic() - lap
    report_time("10-team round robin at the desk", started, timings)
