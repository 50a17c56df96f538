"""Rating lists on the desk: the search that suggests players as a name or FIDE ID is typed
in the add-player form (a small JSON route for the page's script, and the same search as a
plain form without it), and the button that updates an event's ratings from a list.

Importing a list stays with the command line (``fairpair ratings import``): FIDE's files are
tens of megabytes (the XML over 800 MB unpacked), too large to upload through a form.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from fairpair.formats.rating_lists import RatedPlayer
from fairpair.service import rating_lists as rl
from fairpair.service.errors import CommandError
from fairpair.storage import ConcurrencyError
from fairpair.web.auth import Director
from fairpair.web.deps import desk_for
from fairpair.web.desk import _REFUSED, _done, _here, _mine, _page_version, _refused, _Text

router = APIRouter(prefix="/desk", include_in_schema=False)

FORM = "ratings"
"""The desk form's name: its errors are ``ratings`` (the whole form)."""


def suggestion(player: RatedPlayer, kind: rl.RatingKind = rl.RatingKind.STANDARD) -> dict[str, Any]:
    """A player of the list as the add-player form's fields take him."""
    details = rl.player_details(player, kind)
    return {
        "id": player.ident,
        "name": player.name,
        "rating": "" if details["rating"] is None else str(details["rating"]),
        "title": details["title"],
        "federation": details["federation"],
        "fide_id": details["fide_id"],
        "birth_date": details["birth_date"],
        "sex": details["sex"],
    }


@router.get("/ratings/search")
def search(request: Request, director: Director, q: str = "", list: str = "") -> JSONResponse:
    """Up to 10 players of the list (named, or the one imported last) whose surname, first
    name or FIDE ID starts with ``q``, case and accents ignored."""
    desk = desk_for(request, director)
    try:
        info, found = rl.search(desk, q[:100], list or None)
    except CommandError as error:
        return JSONResponse({"list": None, "players": [], "message": str(error)})
    return JSONResponse({"list": info.name, "players": [suggestion(p) for p in found]})


def ratings_context(request: Request) -> dict[str, Any]:
    """The desk's rating-list search: the lists, the one chosen, what was searched and found
    (``?find=``, the form without the script), and the add-player form's fields filled from
    the player chosen (``?pick=ID``)."""
    desk = desk_for(request)
    known = rl.lists(desk)
    context: dict[str, Any] = {"lists": known, "list": "", "find": "", "found": [], "values": {}}
    if not known:
        return context
    query = request.query_params
    chosen = query.get("list", "")
    try:
        info = rl.find_list(desk, chosen or None)
    except CommandError:
        info = rl.find_list(desk)
    context["list"] = info.name
    find = query.get("find", "").strip()[:100]
    if find:
        context["find"] = find
        context["found"] = [suggestion(p) for p in rl.search(desk, find, info.name)[1]]
    pick = query.get("pick", "").strip()
    if pick:
        try:
            chosen_player = rl.from_list(desk, pick, info.name)
        except CommandError:
            return context
        context["values"] = {f"player.{k}": v for k, v in suggestion(chosen_player).items()}
    return context


@router.post("/events/{event_id}/ratings/update", response_class=HTMLResponse)
def update_ratings(
    request: Request,
    director: Director,
    event_id: int,
    version: _Text = "",
    list: _Text = "",
    kind: _Text = "standard",
) -> Response:
    """Give the players the rating and title of the list (before round 1): one logged
    change, undone by the desk's Undo."""
    event = _mine(request, director, event_id)
    values = {"ratings.list": list, "ratings.kind": kind}
    expected = _page_version(version)
    if expected is None:
        stale = ConcurrencyError(event.info.name, 0, event.version)
        return _refused(request, director, event_id, stale, FORM, values)
    try:
        chosen = rl.RatingKind(kind)
    except ValueError:
        chosen = rl.RatingKind.STANDARD
    try:
        _, updates = rl.update_ratings(
            desk_for(request, director), event_id, list or None, chosen, expected_version=expected
        )
    except _REFUSED as error:
        return _refused(request, director, event_id, error, FORM, values)
    shown = ", ".join(
        f"{u.player} {u.name} {u.was or 'unrated'} → {u.rating or 'unrated'}" for u in updates[:8]
    )
    more = f" and {len(updates) - 8} more" if len(updates) > 8 else ""
    said = f"Updated {len(updates)} player(s) from {list or 'the latest list'}: {shown}{more}."
    return _done(request, said, _here(event_id) + "#players-h")
