"""Events built through the service for the public pages' tests, and a small HTML table reader."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from fractions import Fraction
from html.parser import HTMLParser

from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.core import ByeKind, GameResult, Player, Tournament
from fairpair.service import events as ev
from fairpair.service.demo import seed_demo
from fairpair.service.settings import EventSettings, System, parse_points
from fairpair.web.app import create_app
from fairpair.web.config import WebConfig

FIRST_NAMES = (
    "Chloé", "Zoë", "Ana", "Björn", "Émile", "Noël", "Sören", "Łucja", "Jiří", "Inès", "Raúl",
    "Ana",
)  # fmt: skip
SCRIPT_NAME = "<script>alert(1)</script>"


def dutch_players(count: int) -> list[Player]:
    """Players with accented names (two share a first name) and one named like markup."""
    players = []
    for i in range(1, count + 1):
        first = FIRST_NAMES[(i - 1) % len(FIRST_NAMES)]
        name = SCRIPT_NAME if i == 7 else f"{first} Player{i:03d}"
        players.append(Player(id=i, name=name, rating=2500 - 7 * i, federation="FRA"))
    return players


def board_result(round_number: int, board: int) -> str:
    """A fixed result per board, with a draw and a forfeit now and then."""
    return ("1-0", "1/2", "0-1", "1-0", "+-")[(round_number + board) % 5]


def desk_of(app: FastAPI) -> ev.Desk:
    return ev.Desk(app.state.store, lambda: datetime(2026, 5, 1, 9, 0, tzinfo=UTC), "arbiter")


def dutch_event(
    desk: ev.Desk,
    players: int = 24,
    rounds_played: int = 4,
    *,
    pair_next: bool = True,
    name: str = "Spring open",
) -> ev.Event:
    """A Dutch Swiss of ``players`` with ``rounds_played`` rounds of results, then the next
    round paired (no result yet) when ``pair_next``; player 5 takes a half-point bye in
    round 2."""
    event = ev.create_event(desk, EventSettings(name=name, system=System.DUTCH, rounds=7))
    event = ev.import_players(desk, event.id, dutch_players(players))
    for number in range(1, rounds_played + 1):
        if number == 2:
            event = ev.grant_bye(desk, event.id, "5", 2, "half")
        event, pairing = ev.pair_round(desk, event.id)
        results = [(b, board_result(number, b)) for b in range(1, len(pairing.boards) + 1)]
        event = ev.enter_results(desk, event.id, results)
    if pair_next:
        event, _ = ev.pair_round(desk, event.id)
    return ev.load(desk, event.id)


CARD_RESULTS = ("2-1", "1-2", "2-0", "1-1-1")


def card_event(desk: ev.Desk, rounds_played: int = 2) -> ev.Event:
    """A casual Swiss of 7 card players (3/1/0 match points, so no colours; one bye a round)."""
    settings = EventSettings(
        name="Friday Magic", system=System.CASUAL, rounds=3, points=parse_points("3,1,0")
    )
    event = ev.create_event(desk, settings)
    for name in ("Nadia", "Olek", "Pía", "Quinn", "Rosa", "Sven", "Tomé"):
        event, _ = ev.register_player(desk, event.id, name)
    for _ in range(rounds_played):
        event, pairing = ev.pair_round(desk, event.id)
        results = [(b, CARD_RESULTS[(b - 1) % 4]) for b in range(1, len(pairing.boards) + 1)]
        event = ev.enter_results(desk, event.id, results)
    return ev.load(desk, event.id)


def demo_event(desk: ev.Desk) -> ev.Event:
    """The demo club round robin (10 players, two rounds played, the third paired)."""
    return seed_demo(desk)


@contextmanager
def running_app() -> Iterator[tuple[FastAPI, TestClient]]:
    """The web app on an empty in-memory store, started."""
    app = create_app(WebConfig(store=":memory:"))
    with TestClient(app, raise_server_exceptions=False) as client:
        yield app, client


# --- scores computed here from the snapshot's games, independently of fairpair's own ------


def game_points(result: GameResult, white: bool) -> Fraction:
    """What a chess result gives white (or black): 1, ½ or 0; a forfeit as a win or loss."""
    won = {
        GameResult.WHITE_WINS: white,
        GameResult.BLACK_WINS: not white,
        GameResult.WHITE_WINS_BY_FORFEIT: white,
        GameResult.BLACK_WINS_BY_FORFEIT: not white,
    }
    if result is GameResult.DRAW:
        return Fraction(1, 2)
    return Fraction(1) if won.get(result, False) else Fraction(0)


def chess_scores(t: Tournament, rounds: int) -> dict[int, Fraction]:
    """Scores after ``rounds`` rounds under 1/½/0 with a half-point bye worth ½, a PAB 1."""
    total = {p.id: Fraction(0) for p in t.players}
    for rnd in t.rounds[:rounds]:
        for game in rnd.games:
            assert game.result is not None
            total[game.white] += game_points(game.result, True)
            total[game.black] += game_points(game.result, False)
        for bye in rnd.byes:
            total[bye.player] += {ByeKind.HALF_POINT: Fraction(1, 2)}.get(bye.kind, Fraction(1))
    return total


def shown(value: Fraction) -> str:
    """Points as the pages print them: "2", "2.5"."""
    return str(value.numerator) if value.denominator == 1 else str(float(value))


# --- reading tables -------------------------------------------------------------------------


@dataclass
class Row:
    """A table row: its attributes, cell texts and the links in each cell."""

    attrs: dict[str, str | None]
    cells: list[str]
    links: list[list[str]]

    @property
    def hidden(self) -> bool:
        return "hidden" in self.attrs


class _TableReader(HTMLParser):
    def __init__(self, table_id: str) -> None:
        super().__init__()
        self.table_id = table_id
        self.depth = 0  # >0 inside the wanted table
        self.in_body = False
        self.header: list[str] = []
        self.rows: list[Row] = []
        self.cell: list[str] | None = None
        self.in_head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "table":
            if self.depth:
                self.depth += 1
            elif found.get("id") == self.table_id:
                self.depth = 1
            return
        if not self.depth:
            return
        if tag == "thead":
            self.in_head = True
        elif tag == "tr" and not self.in_head:
            self.rows.append(Row(found, [], []))
        elif tag in ("td", "th"):
            self.cell = []
            if not self.in_head:
                self.rows[-1].links.append([])
        elif tag == "a" and self.cell is not None and not self.in_head:
            self.rows[-1].links[-1].append(found.get("href") or "")

    def handle_endtag(self, tag: str) -> None:
        if not self.depth:
            return
        if tag == "table":
            self.depth -= 1
        elif tag == "thead":
            self.in_head = False
        elif tag in ("td", "th") and self.cell is not None:
            text = " ".join("".join(self.cell).split())
            if self.in_head:
                self.header.append(text)
            else:
                self.rows[-1].cells.append(text)
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.depth and self.cell is not None:
            self.cell.append(data)


@dataclass
class Table:
    header: list[str]
    rows: list[Row]

    @property
    def visible(self) -> list[Row]:
        return [r for r in self.rows if not r.hidden]


def read_table(page: str, table_id: str) -> Table:
    """The table with that id: its header texts and its body rows (AssertionError if absent)."""
    reader = _TableReader(table_id)
    reader.feed(page)
    assert reader.header or reader.rows, f"no table #{table_id} on the page"
    return Table(reader.header, reader.rows)


def player_ids(links: Sequence[str]) -> list[int]:
    """The start numbers of the player pages among links."""
    return [int(link.rsplit("/", 1)[1]) for link in links if "/players/" in link]
