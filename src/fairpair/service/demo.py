"""A demo event for a first look at the web app: a 10-player round robin, two rounds played,
run by the director ``demo`` whose password is ``demo`` (it is a demo store)."""

from __future__ import annotations

from fairpair.service import directors
from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System

DEMO_PLAYERS = (
    ("Ana Duarte", 2210),
    ("Bruno Keller", 2185),
    ("Chloé Marchand", 2140),
    ("Dmitri Volkov", 2090),
    ("Eva Lindqvist", 2055),
    ("Farid Haddad", 1990),
    ("Greta Novak", 1940),
    ("Hiro Tanaka", 1885),
    ("Ines Ortega", 1820),
    ("Jonas Berg", 1760),
)
"""Invented names and ratings."""

DEMO_DIRECTOR = ("demo", "demo")
"""Username and password of the demo event's director."""

_RESULTS = ("1-0", "1/2", "0-1", "1-0", "1/2")
"""Results by board, the same each round, so the demo is the same on every machine."""


def seed_demo(desk: ev.Desk, rounds_played: int = 2) -> ev.Event:
    """Create the demo director (unless there is one) and the demo club round robin they run,
    and play ``rounds_played`` rounds of it."""
    username, password = DEMO_DIRECTOR
    if desk.store.director(username) is None:
        directors.add_director(desk, username, password, min_length=len(password))
    settings = EventSettings(name="Demo club round robin", system=System.BERGER)
    event = ev.create_event(desk, settings, owner=username)
    for name, rating in DEMO_PLAYERS:
        event, _ = ev.register_player(desk, event.id, name, rating=rating)
    for _ in range(rounds_played):
        event, pairing = ev.pair_round(desk, event.id)
        entries = [(board, _RESULTS[board - 1]) for board in range(1, len(pairing.boards) + 1)]
        event = ev.enter_results(desk, event.id, entries)
    ev.pair_round(desk, event.id)
    return ev.load(desk, event.id)
