"""A FIDE Double-Swiss run in the browser at the director's desk, on SQLite and PostgreSQL: 40
players, 7 match-rounds, each board's two games chosen in their own result fields, with a
single forfeited game, a match forfeited (one player forfeits both games), the odd results
½-0 and 0-0, a half-point bye, a withdrawal, a correction, undo and redo.

Every change made in the pages is written down and replayed through
:mod:`fairpair.service.double_events` alone on an in-memory store: the stored event must be
the replayed one. The game points of the standings the desk shows are worked out here from
the games chosen (and the byes' values the spec gives), never from fairpair's scoring. The
TRF the desk exports passes ``fairpair-engine --double-swiss FILE -c``. The first rounds are
chosen in the browser, select by select; the later rounds post the same form from the
browser's own session (the form's rules are the same, forty selects a round are not): the
test stays a few seconds per round.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from fractions import Fraction
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from fairpair.core import Player
from fairpair.core.double_swiss import DoubleSwissTournament, MatchByeKind
from fairpair.service import double_events as de
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings
from fairpair.storage import MemoryStore
from tests.e2e.browser import LiveServer, Screenshots
from tests.e2e.desk import DirectorAtDesk, event_id_in, to_number

pytestmark = pytest.mark.browser

ENGINE = Path(sys.executable).with_name("fairpair-engine")
PLAYERS = 40
ROUNDS = 7
SHEET = {
    "1-0": (2, 0),
    "½-½": (1, 1),
    "0-1": (0, 2),
    "+-": (2, 0),
    "-+": (0, 2),
    "--": (0, 0),
    "½-0": (1, 0),
    "0-½": (0, 1),
    "0-0": (0, 0),
}
"""A game's points for White and for Black, in halves, as its scoresheet says (spec §1.2),
worked out by hand."""
BYE_HALVES = {
    MatchByeKind.PAIRING_ALLOCATED: 3,
    MatchByeKind.HALF_POINT: 2,
    MatchByeKind.FULL_POINT: 4,
    MatchByeKind.ZERO_POINT: 0,
}
"""The byes' default values (spec §2.4: 1½, 1, 2, 0), in halves."""
PLAYED = ("1-0", "½-½", "0-1", "1-0", "0-1")

Games = dict[int, tuple[str, str]]
"""A round's results as chosen: board -> (game 1, game 2), each White first."""


Step = Callable[[ev.Desk, int], object]
"""One change made at the desk, as the service call that makes it (desk, event id)."""


@dataclass
class Replay:
    """What the director did at the desk, as service calls to run again elsewhere."""

    players: list[Player] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)

    def run(self, settings: EventSettings) -> DoubleSwissTournament:
        desk = ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, tzinfo=UTC), "replay")
        event_id = de.create_double_event(desk, settings).id
        de.import_double_players(desk, event_id, self.players)
        for step in self.steps:
            step(desk, event_id)
        return de.load_double(desk, event_id).tournament


class DoubleDirector:
    """A director's browser page on the desk of one Double-Swiss."""

    def __init__(self, page: Page, server: LiveServer, screenshots: Screenshots) -> None:
        # The individual desk's director signs up and knows the event's addresses.
        self.at_desk = DirectorAtDesk(page, server, screenshots)
        self.page = page
        self.server = server
        self.shots = screenshots
        self.replay = Replay()
        self.added: list[str] = []
        """The players registered one by one."""
        self.results: dict[int, Games] = {}
        """Every round's games as finally chosen (a correction replaces a board's)."""

    @property
    def event_id(self) -> int:
        return self.at_desk.event_id

    def url(self, path: str) -> str:
        return self.at_desk.url(path)

    @property
    def desk_url(self) -> str:
        return self.at_desk.desk_url

    def round_url(self, number: int) -> str:
        return self.url(f"/desk/events/{self.event_id}/rounds/{number}/results")

    def stored(self) -> DoubleSwissTournament:
        store = self.server.open_store()
        try:
            t = store.load(self.event_id).tournament
        finally:
            store.close()
        assert isinstance(t, DoubleSwissTournament)
        return t

    def settings(self) -> EventSettings:
        store = self.server.open_store()
        try:
            return EventSettings.from_data(store.load(self.event_id).info.settings)
        finally:
            store.close()

    def version(self) -> int:
        store = self.server.open_store()
        try:
            return store.event(self.event_id).version
        finally:
            store.close()

    def flash(self, text: str) -> None:
        expect(self.page.locator(".flash")).to_contain_text(text)

    # --- the event and its players ---------------------------------------------------------

    def create(self, name: str, **fields: str) -> None:
        page = self.page
        page.goto(self.url("/desk/events/new"))
        page.locator('[name="name"]').fill(name)
        page.locator('[name="system"]').select_option("double-swiss")
        for key, value in fields.items():
            box = page.locator(f'[name="{key}"]')
            if box.evaluate("e => e.tagName") == "SELECT":
                box.select_option(value)
            else:
                box.fill(value)
        self.shots.shoot(page, "new-double-swiss")
        page.get_by_role("button", name="Create the event").click()
        expect(page).to_have_url(re.compile(r"/desk/events/\d+/?$"))
        self.at_desk.event_id = event_id_in(page.url)
        expect(page.get_by_role("heading", name=name)).to_be_visible()

    def import_players(self, path: Path, players: list[Player]) -> None:
        page = self.page
        page.goto(self.desk_url)
        form = page.locator(f'form[action="/desk/events/{self.event_id}/players/import"]')
        form.locator('[name="file"]').set_input_files(str(path))
        form.locator('[type="submit"]').click()
        self.flash(f"Imported {len(players)} players")
        expect(page.locator("#players tbody tr")).to_have_count(len(players))
        self.replay.players = players

    def add_player(self, name: str, rating: int) -> None:
        page = self.page
        form = page.locator("#add-player")
        form.locator('[name="name"]').fill(name)
        form.locator('[name="rating"]').fill(str(rating))
        form.locator('[type="submit"]').click()
        self.flash(f"Registered {len(self.replay.players) + len(self.added) + 1} {name}")
        self.added.append(name)
        self.replay.steps.append(partial(_register, name=name, rating=rating))

    def edit_rating(self, name: str, rating: int) -> None:
        page = self.page
        page.goto(self.desk_url)
        page.get_by_role("link", name=f"Edit {name}").click()
        page.locator("#edit-rating").fill(str(rating))
        page.get_by_role("button", name="Save the corrections").click()
        self.flash("Corrected")
        number = next(p.id for p in self.stored().players if p.name == name)
        self.replay.steps.append(partial(_edit, ref=str(number), changes={"rating": rating}))

    def remove(self, name: str) -> None:
        page = self.page
        page.goto(self.desk_url)
        page.get_by_role("link", name=f"Edit {name}").click()
        page.locator("#ask-remove").click()
        page.locator("#remove").click()
        self.flash(f"{name}; undo brings him back")
        self.replay.steps.append(partial(_remove, ref=name))

    def keep_apart(self, first: int, second: int) -> None:
        page = self.page
        page.goto(self.desk_url)
        form = page.locator(f'form[action="/desk/events/{self.event_id}/forbidden"]')
        form.locator('[name="players"]').fill(f"{first}, {second}")
        form.locator('[type="submit"]').click()
        self.flash(f"Kept apart: {first}, {second}")
        self.replay.steps.append(partial(_apart, refs=[str(first), str(second)]))

    def half_point_bye(self, number: int, round_number: int) -> None:
        page = self.page
        page.goto(self.desk_url)
        form = page.locator(f'form[action="/desk/events/{self.event_id}/byes"]')
        form.locator('[name="player"]').fill(str(number))
        form.locator('[name="round"]').fill(str(round_number))
        form.locator('[name="kind"]').select_option("half")
        form.locator('[type="submit"]').click()
        self.flash(f"round {round_number}")
        self.replay.steps.append(partial(_bye, ref=str(number), number=round_number))

    def withdraw(self, number: int, name: str) -> None:
        page = self.page
        page.goto(self.desk_url)
        page.get_by_role("link", name=f"Withdraw {name}").click()
        page.locator("#withdraw").click()
        self.flash(f"Withdrew {number} {name}")
        self.replay.steps.append(partial(_withdraw, ref=str(number)))

    # --- rounds ------------------------------------------------------------------------------

    def pair(self, number: int) -> None:
        page = self.page
        page.goto(self.desk_url)
        page.get_by_role("button", name=f"Pair round {number}", exact=True).click()
        expect(page).to_have_url(self.round_url(number))
        expect(page.get_by_role("heading", name=f"Results of round {number}")).to_be_visible()
        self.replay.steps.append(de.pair_double_round)

    def choose(self, number: int, games: Games) -> None:
        """In the browser: choose each board's two games, save the round in one submit."""
        page = self.page
        if page.url != self.round_url(number):
            page.goto(self.round_url(number))
        for board, (game1, game2) in games.items():
            page.locator(f"#b{board}g1").select_option(game1)
            page.locator(f"#b{board}g2").select_option(game2)
        self.shots.shoot(page, f"round-{number}-chosen")
        page.locator("#save-results").click()

    def post(self, number: int, games: Games, version: int) -> None:
        """The same form posted from the browser's session, without choosing select by
        select."""
        token = self.page.locator('input[name="csrf_token"]').first.get_attribute("value")
        assert token
        fields = {"csrf_token": token, "version": str(version)}
        for board, (game1, game2) in games.items():
            fields |= {f"b{board}g1": game1, f"b{board}g2": game2}
        answer = self.page.request.post(self.round_url(number), form=fields, max_redirects=0)
        assert answer.status == 303, answer.text()

    def play_round(self, number: int, rng: random.Random, in_browser: bool, special: Games) -> None:
        """Every board of the round gets its two games (``special``: chosen ones, the others
        drawn at random among the usual results), saved with one submit."""
        t = self.stored()
        boards = len(t.rounds[number - 1].matches)
        games = {b: (rng.choice(PLAYED), rng.choice(PLAYED)) for b in range(1, boards + 1)}
        games |= special
        if in_browser:
            self.choose(number, games)
        else:
            self.page.goto(self.round_url(number))  # the session's CSRF token
            self.post(number, games, self.version())
        self.page.goto(self.desk_url)
        done = re.compile(rf"Round {number} is complete|All {ROUNDS} rounds are played")
        expect(self.page.locator("#next-h")).to_have_text(done)
        self.results[number] = dict(games)
        entries = [(b, g1, g2) for b, (g1, g2) in sorted(games.items())]
        self.replay.steps.append(partial(_results, number=None, entries=entries))

    def check_round_page(self, number: int) -> None:
        """The round's page shows each board's match result worked out here from its games,
        a match forfeited (a player forfeited both games) said in words."""
        t = self.stored()
        page = self.page
        page.goto(self.round_url(number))
        names = {p.id: p.name for p in t.players}
        for board, match in enumerate(t.rounds[number - 1].matches, start=1):
            game1, game2 = self.results[number][board]
            first = SHEET[game1][0] + SHEET[game2][1]
            second = SHEET[game1][1] + SHEET[game2][0]
            shown = page.locator(f"#board-{board}-result")
            expect(shown).to_have_text(f"{_half(first)}-{_half(second)}")
            expect(page.locator(f"#b{board}g1")).to_have_value(game1)
            expect(page.locator(f"#b{board}g2")).to_have_value(game2)
            if (game1, game2) == ("-+", "+-"):
                forfeit = page.locator(f"#board-{board}-forfeit")
                expect(forfeit).to_have_text(f"forfeited: {names[match.black]} wins the match")

    def on_a_phone(self, number: int) -> None:
        """The round page on a phone's screen: every game's result field within reach,
        no sideways scrolling to find it."""
        page = self.page
        size = page.viewport_size
        page.set_viewport_size({"width": 390, "height": 844})
        try:
            page.goto(self.round_url(number))
            for field in (page.locator("select.game").first, page.locator("select.game").last):
                box = field.bounding_box()
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
            self.shots.shoot(page, f"round-{number}-phone")
        finally:
            if size is not None:
                page.set_viewport_size(size)

    def correct(self, number: int, board: int, games: tuple[str, str]) -> None:
        """Choose other games for a board of an earlier round: a correction."""
        page = self.page
        page.goto(self.round_url(number))
        page.locator(f"#b{board}g1").select_option(games[0])
        page.locator(f"#b{board}g2").select_option(games[1])
        page.locator("#save-results").click()
        self.flash(f"Round {number}: 1 match corrected")
        self.results[number][board] = games
        self.replay.steps.append(partial(_results, number=number, entries=[(board, *games)]))

    def undo_redo(self) -> None:
        page = self.page
        page.goto(self.desk_url)
        page.get_by_role("button", name=re.compile(r"^Undo: corrected")).click()
        self.flash("Undid")
        page.get_by_role("button", name=re.compile(r"^Redo: corrected")).click()
        self.flash("Redid")
        self.replay.steps += [de.undo_double, de.redo_double]

    def export_trf(self, tmp_path: Path) -> Path:
        page = self.page
        page.goto(self.desk_url)
        with page.expect_download() as info:
            page.get_by_role("link", name="TRF (two columns per match)").click()
        path = tmp_path / "event.trf"
        info.value.save_as(path)
        return path

    def check_audit_log(self) -> None:
        """Every change is a line of the log, in words; each round's results are one."""
        page = self.page
        store = self.server.open_store()
        try:
            records = store.log(self.event_id)
        finally:
            store.close()
        page.goto(self.url(f"/desk/events/{self.event_id}/log"))
        rows = page.locator("#log tbody tr")
        expect(rows).to_have_count(len(records))
        assert sum(1 for r in records if r.action == "results.entered") == ROUNDS
        corrected = [r for r in records if r.action == "result.corrected"][-1]
        line = de.describe_double(corrected, records)
        # The correction, and the undo and the redo that name it.
        expect(rows.filter(has_text=line)).to_have_count(3)
        self.shots.shoot(page, "audit-log")


def _register(desk: ev.Desk, event_id: int, name: str, rating: int) -> object:
    return de.register_double_player(desk, event_id, name, rating=rating)


def _edit(desk: ev.Desk, event_id: int, ref: str, changes: dict[str, object]) -> object:
    return de.edit_double_player(desk, event_id, ref, changes)


def _remove(desk: ev.Desk, event_id: int, ref: str) -> object:
    return de.remove_double_player(desk, event_id, ref)


def _apart(desk: ev.Desk, event_id: int, refs: list[str]) -> object:
    return de.forbid_double_pairs(desk, event_id, refs)


def _bye(desk: ev.Desk, event_id: int, ref: str, number: int) -> object:
    return de.grant_double_bye(desk, event_id, ref, number, "half")


def _withdraw(desk: ev.Desk, event_id: int, ref: str) -> object:
    return de.withdraw_double_player(desk, event_id, ref)


def _results(
    desk: ev.Desk, event_id: int, number: int | None, entries: list[tuple[int, str, str]]
) -> object:
    return de.record_double_results(desk, event_id, number, entries)


def _half(halves: int) -> str:
    whole, half = divmod(halves, 2)
    return f"{whole or ''}½" if half else str(whole)


def expected_game_points(t: DoubleSwissTournament, results: dict[int, Games]) -> dict[int, int]:
    """Each player's game points in halves from the games as chosen and the byes' values."""
    points = dict.fromkeys((p.id for p in t.players), 0)
    for rnd in t.rounds:
        for board, match in enumerate(rnd.matches, start=1):
            game1, game2 = results[rnd.number][board]
            points[match.white] += SHEET[game1][0] + SHEET[game2][1]
            points[match.black] += SHEET[game1][1] + SHEET[game2][0]
        for bye in rnd.byes:
            points[bye.player] += BYE_HALVES[bye.kind]
    return points


def check_standings(page: Page, t: DoubleSwissTournament, results: dict[int, Games]) -> None:
    """The desk's standings show every player with the game points of the games chosen."""
    expected = expected_game_points(t, results)
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(len(t.players))
    headers = [h.strip() for h in page.locator("#standings thead th").all_inner_texts()]
    number_at, points_at = headers.index("No"), headers.index("GP")
    shown = {}
    for cells in (row.locator("td").all_inner_texts() for row in rows.all()):
        shown[int(cells[number_at])] = to_number(cells[points_at])
    assert shown == {pid: Fraction(halves, 2) for pid, halves in expected.items()}


def players_csv(path: Path, count: int) -> list[Player]:
    players = [
        Player(id=i, name=f"Player {i:02d}", rating=2400 - 15 * i) for i in range(1, count + 1)
    ]
    path.write_text("name,rating\n" + "".join(f"{p.name},{p.rating}\n" for p in players))
    return players


def test_a_forty_player_double_swiss_at_the_desk(
    page: Page, server: LiveServer, screenshots: Screenshots, tmp_path: Path
) -> None:
    started = time.monotonic()
    timings: dict[str, float] = {}
    rng = random.Random(45)
    director = DoubleDirector(page, server, screenshots)
    director.at_desk.sign_up("arbiter", "a long and private passphrase")
    director.create("Double open", rounds=str(ROUNDS), ds_colour="white")
    expect(page.locator("dl.settings")).to_contain_text("pairing-allocated 1.5")
    imported = players_csv(tmp_path / "players.csv", PLAYERS - 1)
    director.import_players(tmp_path / "players.csv", imported)
    director.add_player("Late, Lucy", 1500)
    director.add_player("Mistake, Max", 1400)
    director.remove("Mistake, Max")
    director.edit_rating("Player 07", 2321)
    director.keep_apart(1, 2)
    screenshots.shoot(page, "players")
    timings["setup"] = time.monotonic() - started

    for number in range(1, ROUNDS + 1):
        lap = time.monotonic()
        if number == 3:
            director.half_point_bye(5, 3)
        if number == 4:
            director.withdraw(9, "Player 09")
        director.pair(number)
        special: Games = {}
        if number == 1:
            special = {1: ("½-0", "0-0")}  # the odd results of the Preface
        if number == 2:
            # Board 1's sheets are swapped below (a correction that leaves the scores, so
            # that the rounds paired since stay C.04.5's); board 2 has one game forfeited,
            # the match played.
            special = {1: ("1-0", "½-½"), 2: ("1-0", "+-")}
        if number == 3:
            special = {3: ("-+", "+-")}  # the first-named player forfeits both games
        director.play_round(number, rng, in_browser=number <= 3, special=special)
        if number <= 3:
            director.check_round_page(number)
            screenshots.shoot(page, f"round-{number}-saved")
        if number == 1:
            director.on_a_phone(1)
        timings[f"round {number}"] = time.monotonic() - lap
    page.goto(director.desk_url)
    expect(page.locator("#next-h")).to_contain_text(f"All {ROUNDS} rounds are played")

    lap = time.monotonic()
    # The two games of round 2, board 1, were entered the wrong way round: the same 1½-½.
    director.correct(2, 1, ("½-½", "0-1"))
    director.check_round_page(2)
    director.undo_redo()
    stored = director.stored()
    assert stored == director.replay.run(director.settings())
    # The forfeited match: no meeting, a forfeit loss for the first-named player.
    forfeited = stored.rounds[2].matches[2]
    assert forfeited.forfeited_by(forfeited.white) and not forfeited.forfeited_by(forfeited.black)
    # The single forfeited game left a played match.
    assert stored.rounds[1].matches[1].played
    assert stored.rounds[2].bye_of(5) is not None
    assert all(r.bye_of(9) is not None for r in stored.rounds[3:])
    page.goto(director.desk_url)
    check_standings(page, stored, director.results)
    expect(page.locator("#standings tbody tr", has_text="Player 09")).to_contain_text("(withdrawn)")
    screenshots.shoot(page, "standings")
    director.check_audit_log()
    path = director.export_trf(tmp_path)
    checked = subprocess.run(
        [str(ENGINE), "--double-swiss", str(path), "-c"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    timings["checks"] = time.monotonic() - lap
    spent = ", ".join(f"{k} {v:.1f}s" for k, v in timings.items())
    print(f"\n40-player Double-Swiss at the desk: {time.monotonic() - started:.1f}s ({spent})")
