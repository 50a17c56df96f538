"""Public pages of a team event: overview, round pairings with each board, team standings,
team crosstable, board prizes and each team's page.

The routes of :mod:`fairpair.web.public` hand a team event to the renderers here (same
addresses: ``/events/{id}``, ``/rounds/{n}``, ``/standings``, ``/crosstable``); the pages
only a team event has (``/boards``, ``/teams/{tpn}``) are this module's own routes. Every page
renders a view of :mod:`fairpair.web.team_views` (the objects the JSON API returns) and is
revalidated by the event's version like the individual pages (:func:`reading.respond`: an
ETag of the version, ``Cache-Control: no-cache``), so a phone reloading sees a new result at
once and otherwise gets an empty 304.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from fairpair.service import team_events as te
from fairpair.web import team_views as tv
from fairpair.web import views
from fairpair.web.deps import templates
from fairpair.web.reading import respond

router = APIRouter()

page = partial(router.api_route, methods=["GET", "HEAD"], response_class=HTMLResponse)

EVENT = "/events/{event_id:int}"


def _page(
    request: Request, name: str, event: te.TeamEvent, active: str, context: dict[str, Any]
) -> HTMLResponse:
    from fairpair.web.public import EventNav  # the header every event page shares

    paired = len(event.tournament.rounds)
    nav = EventNav(
        event.id, event.info.name, paired, paired, active, team=True, version=event.info.version
    )
    return templates.TemplateResponse(request, f"public/team_{name}.html", {"nav": nav, **context})


def overview(request: Request, event: te.TeamEvent) -> Response:
    """The event: settings in words, its rounds and its teams."""
    return _page(request, "event", event, "event", {"event": tv.team_event_detail(event)})


def round_pairings(request: Request, event: te.TeamEvent, number: int, q: str) -> Response:
    """A round's matches, board by board; ``q`` keeps the matches of a team and the boards
    of a player whose name matches (accents and case ignored)."""
    try:
        pairings = tv.team_round_view(event, number)
    except IndexError:
        raise HTTPException(404, f"Round {number} is not paired.") from None
    # As on the individual pages every row is sent and those not matching are hidden, so the
    # filter script can widen the filter again without a reload.
    rows = []
    for match in pairings.matches:
        hit, boards = tv.match_hits(q, match)
        rows.append((match, _match_key(match), hit, list(zip(match.boards, boards, strict=True))))
    byes = [(b, _key(b.team.name), views.matches(q, (b.team.name,))) for b in pairings.byes]
    shown = sum(1 for _, _, hit, _ in rows if hit) + sum(1 for *_, hit in byes if hit)
    context = {
        "pairings": pairings,
        "rows": rows,
        "byes": byes,
        "q": q,
        "shown": shown,
        "total": len(rows) + len(byes),
        "board_key": _board_key,
    }
    return _page(request, "round", event, f"round-{number}", context)


def _key(*names: str) -> str:
    """Names as the filter script compares them, ``|`` between names."""
    return "|".join(views.search_key(n).replace("|", " ") for n in names)


def _match_key(match: tv.TeamMatchView) -> str:
    players = [s.player.name for b in match.boards for s in (b.first, b.second) if s.player]
    return _key(match.first.name, match.second.name, *players)


def _board_key(match: tv.TeamMatchView, board: tv.TeamBoard) -> str:
    """A board answers its match's team names and its own two players."""
    players = [s.player.name for s in (board.first, board.second) if s.player]
    return _key(match.first.name, match.second.name, *players)


def standings(request: Request, event: te.TeamEvent) -> Response:
    """The team standings: MP, GP and the tie-breaks named in words."""
    return _page(request, "standings", event, "standings", {"table": tv.team_standings_view(event)})


def crosstable(request: Request, event: te.TeamEvent) -> Response:
    """Teams × rounds: opponent, board-1 colour and match score."""
    rounds = event.tournament.rounds
    context = {
        "table": tv.team_crosstable_view(event),
        "in_progress": bool(rounds) and not all(m.finished for m in rounds[-1].matches),
    }
    return _page(request, "crosstable", event, "crosstable", context)


@page(EVENT + "/boards")
def board_prizes(request: Request, event_id: int) -> Response:
    """Board prizes: per board, its players by percentage, with the minimum of games."""

    def render(event: te.TeamEvent) -> Response:
        return _page(request, "boards", event, "boards", {"prizes": tv.board_prizes_view(event)})

    return respond(request, event_id, None, team=render)


@page(EVENT + "/teams/{tpn:int}")
def team(request: Request, event_id: int, tpn: int) -> Response:
    """A team: its roster, place in the standings and every round board by board."""

    def render(event: te.TeamEvent) -> Response:
        if not event.tournament.has_team(tpn):
            raise HTTPException(404, f"There is no team {tpn} in this event.")
        return _page(request, "team", event, "", {"view": tv.team_view(event, tpn)})

    return respond(request, event_id, None, team=render)
