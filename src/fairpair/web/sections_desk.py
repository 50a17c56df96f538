"""The desk's "Sections" part of an individual event: the open's sections (each a link to its
own desk), a form to add one (its name, system and rounds), and, before round 1, a form to
move a player to another section. Each form is one service call, refused with the reason
next to its field."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from fairpair.service import events as ev
from fairpair.service import sections as sc
from fairpair.service.errors import FieldErrors
from fairpair.service.settings import System
from fairpair.web.auth import Director
from fairpair.web.deps import desk_for
from fairpair.web.desk import _REFUSED, _done, _here, _mine, _refused, _Text

router = APIRouter(prefix="/desk", include_in_schema=False)

SYSTEMS = tuple((s.value, s.label) for s in System if not (s.team or s.double or s.knockout))
"""The systems a section may have, for the form."""


def sections_context(request: Request, event: ev.Event) -> dict[str, Any]:
    """What the desk's section shows: the open's sections, the systems to choose from, and
    whether players may still move (no round paired in this section)."""
    found = sc.sections(desk_for(request), event.id)
    return {
        "list": found,
        "systems": SYSTEMS,
        "movable": bool(found) and not event.tournament.rounds,
        "others": [s for s in found if s.id != event.id],
        "move_choices": [(str(s.id), s.name) for s in found if s.id != event.id],
        "knockout": event.settings.system.knockout or event.tournament.knockout is not None,
    }


@router.post("/events/{event_id}/sections", response_class=HTMLResponse)
def add_section(
    request: Request,
    director: Director,
    event_id: int,
    name: _Text = "",
    system: _Text = "",
    rounds: _Text = "",
    first: _Text = "A",
) -> Response:
    """Add a section to the open this event belongs to."""
    _mine(request, director, event_id)
    values = {"sections.name": name, "sections.system": system, "sections.rounds": rounds}
    try:
        chosen = System(system) if system in dict(SYSTEMS) else None
        if chosen is None:
            raise FieldErrors({"system": "choose the section's pairing system"})
        count = None
        if rounds.strip():
            if not rounds.strip().isdecimal():
                raise FieldErrors({"rounds": f"a number of rounds, not {rounds!r}"})
            count = int(rounds)
        elif not chosen.round_robin:
            raise FieldErrors({"rounds": "a Swiss section needs its number of rounds"})
        made = sc.add_section(
            desk_for(request, director),
            event_id,
            name,
            system=chosen,
            rounds=None if chosen.round_robin else count,
            first_name=first or "A",
        )
    except FieldErrors as error:
        renamed = FieldErrors({"name" if k == "section" else k: v for k, v in error.errors.items()})
        return _refused(request, director, event_id, renamed, "sections", values)
    except _REFUSED as error:
        return _refused(request, director, event_id, error, "sections", values)
    return _done(request, f"Section added: {made.info.name}.", _here(event_id))


@router.post("/events/{event_id}/sections/move", response_class=HTMLResponse)
def move_player(
    request: Request, director: Director, event_id: int, player: _Text = "", to: _Text = ""
) -> Response:
    """Move a player of this section to another section of the open (before round 1)."""
    _mine(request, director, event_id)
    values = {"move.player": player, "move.to": to}
    try:
        if not to.strip().isdecimal():
            raise FieldErrors({"to": "choose the section to move the player to"})
        target = int(to)
        _mine(request, director, target)
        left, moved = sc.move_player(desk_for(request, director), event_id, player, target)
    except _REFUSED as error:
        return _refused(request, director, event_id, error, "move", values)
    newcomer = moved.tournament.players[-1]
    return _done(
        request,
        f"{newcomer.name} moved to {moved.info.name} (start number {newcomer.id} there).",
        _here(left.id),
    )
