"""Public pages of a FIDE Double-Swiss event: overview, match-rounds with both games of every
board, standings with game and match points, crosstable and each player's page.

The routes of :mod:`fairpair.web.public` hand a Double-Swiss event to the renderers here at the
same addresses (``/events/{id}``, ``/rounds/{n}``, ``/standings``, ``/crosstable``,
``/players/{no}``). Every page renders a view of :mod:`fairpair.web.double_views` (the objects
the JSON API returns) and is revalidated by the event's version like the other events' pages
(:func:`fairpair.web.reading.respond`: an ETag of the version, ``Cache-Control: no-cache``).
"""

from __future__ import annotations

from typing import Any

from fastapi import HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from fairpair.service import double_events as de
from fairpair.web import double_views as dv
from fairpair.web import views
from fairpair.web.deps import templates
from fairpair.web.reading import version_memo

__all__ = ["crosstable", "overview", "player", "round_pairings", "standings", "standings_of"]


def standings_of(request: Request, event: de.DoubleEvent) -> dv.DoubleStandingsView:
    """The event's standings, worked out once per version for all its pages and reads (every
    player's page ranks him in them)."""
    return version_memo(request, event.info, "standings", lambda: dv.double_standings_view(event))


def _page(
    request: Request, name: str, event: de.DoubleEvent, active: str, context: dict[str, Any]
) -> HTMLResponse:
    from fairpair.web.public import EventNav  # the header every event page shares

    paired = len(event.tournament.rounds)
    nav = EventNav(event.id, event.info.name, paired, paired, active, version=event.info.version)
    return templates.TemplateResponse(
        request, f"public/double_{name}.html", {"nav": nav, **context}
    )


def overview(request: Request, event: de.DoubleEvent) -> Response:
    """The event: settings in words, its match-rounds and its players."""
    detail = dv.double_event_detail(event, standings_of(request, event))
    return _page(request, "event", event, "event", {"event": detail})


def _key(*names: str) -> str:
    """Names as the filter script compares them, ``|`` between players."""
    return "|".join(views.search_key(n).replace("|", " ") for n in names)


def round_pairings(request: Request, event: de.DoubleEvent, number: int, q: str) -> Response:
    """A match-round board by board, both games and the match result; ``q`` keeps the boards
    of players whose name matches (accents and case ignored)."""
    try:
        pairings = dv.double_round_view(event, number)
    except IndexError:
        raise HTTPException(404, f"Round {number} is not paired.") from None
    # As on the other round pages every row is sent and those not matching are hidden, so the
    # filter script can widen the filter again without a reload.
    boards = [(m, _key(m.first.name, m.second.name), dv.match_hit(q, m)) for m in pairings.matches]
    byes = [(b, _key(b.player.name), views.matches(q, (b.player.name,))) for b in pairings.byes]
    shown = sum(1 for *_, hit in boards + byes if hit)
    context = {
        "pairings": pairings,
        "boards": boards,
        "byes": byes,
        "q": q,
        "shown": shown,
        "total": len(boards) + len(byes),
    }
    return _page(request, "round", event, f"round-{number}", context)


def standings(request: Request, event: de.DoubleEvent) -> Response:
    """The standings: game points, match points and the tie-breaks named in words."""
    return _page(request, "standings", event, "standings", {"table": standings_of(request, event)})


def crosstable(request: Request, event: de.DoubleEvent) -> Response:
    """Players × match-rounds: opponent's rank, game-1 colour, the match from each side."""
    rounds = event.tournament.rounds
    context = {
        "table": dv.double_crosstable_view(event, standings_of(request, event)),
        "in_progress": bool(rounds) and not all(m.finished for m in rounds[-1].matches),
    }
    return _page(request, "crosstable", event, "crosstable", context)


def player(request: Request, event: de.DoubleEvent, player_id: int) -> Response:
    """A player's matches round by round, with his standing."""
    if player_id not in event.tournament.player_ids:
        raise HTTPException(404, f"There is no player {player_id} in this event.")
    table = standings_of(request, event)
    context = {"player": dv.double_player_view(event, player_id, table), "columns": table.columns}
    return _page(request, "player", event, "", context)
