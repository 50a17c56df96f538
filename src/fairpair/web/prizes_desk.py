"""The desk's prize page: who wins what on the current standings, the prize list with a form to
add a category and a button to remove one, and how the prizes are given. Each form is one
undoable change; a refusal is shown on the page with the form as typed."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from fairpair.service import events as ev
from fairpair.service import prizes as pz
from fairpair.service.errors import CommandError
from fairpair.standings.prizes import CategoryKind, PrizeCategory, PrizeError, Sharing
from fairpair.storage import ConcurrencyError
from fairpair.web.auth import Director
from fairpair.web.deps import desk_for
from fairpair.web.desk import _done, _mine, _render, _Text

router = APIRouter(include_in_schema=False)

PAGE = "/desk/events/{event_id}/prizes"
_KINDS = [
    (CategoryKind.OVERALL.value, "All players"),
    (CategoryKind.RATING.value, "A rating band"),
    (CategoryKind.AGE.value, "Born within dates (age)"),
    (CategoryKind.WOMEN.value, "Women"),
    (CategoryKind.CLUB.value, "Best club"),
]
_SHARING = [(s.value, s.label[:1].upper() + s.label[1:]) for s in Sharing]


def _page(
    request: Request,
    event: ev.Event,
    error: str = "",
    typed: Mapping[str, str] | None = None,
    status_code: int = 200,
) -> HTMLResponse:
    rules = event.settings.prizes
    try:
        awarded = [
            (a.category, a.place, a.recipient, pz.money(a.amount, rules.currency))
            for a in pz.awards(event)
        ]
    except CommandError as error_shown:  # standings that cannot be computed (a bad code)
        awarded, error = [], error or str(error_shown)
    context = {
        "event": event,
        "rules": rules,
        "awarded": awarded,
        "categories": [
            (c.name, c.describe(), pz.amounts_text(c, rules.currency)) for c in rules.categories
        ],
        "kinds": _KINDS,
        "sharing": _SHARING,
        "error": error,
        "typed": dict(typed or {}),
    }
    return _render(request, "desk/prizes.html", context, status_code)


@router.get(PAGE, response_class=HTMLResponse)
def prizes_page(request: Request, director: Director, event_id: int) -> HTMLResponse:
    """The prizes on the current standings and the prize list."""
    return _page(request, _mine(request, director, event_id))


def _change(
    request: Request,
    director: str,
    event_id: int,
    run: Callable[[ev.Desk], object],
    said: str,
    typed: Mapping[str, str] | None = None,
) -> Response:
    event = _mine(request, director, event_id)
    try:
        run(desk_for(request, director))
    except (CommandError, ConcurrencyError, PrizeError) as error:
        return _page(request, event, str(error), typed, 400)
    return _done(request, said, PAGE.format(event_id=event_id))


def _number(text: str, what: str) -> int | None:
    typed = text.strip()
    if not typed:
        return None
    if not typed.lstrip("-").isdecimal():
        raise CommandError(f"{what}: a whole number, not {typed!r}")
    return int(typed)


@router.post(PAGE + "/add", response_class=HTMLResponse)
def add_category(
    request: Request,
    director: Director,
    event_id: int,
    name: _Text = "",
    kind: _Text = "overall",
    amounts: _Text = "",
    rating_min: _Text = "",
    rating_max: _Text = "",
    born_from: _Text = "",
    born_to: _Text = "",
    club_players: _Text = "3",
) -> Response:
    typed = {"name": name, "kind": kind, "amounts": amounts, "rating_min": rating_min}
    typed |= {"rating_max": rating_max, "born_from": born_from, "born_to": born_to}
    typed |= {"club_players": club_players}

    def run(desk: ev.Desk) -> object:
        try:
            chosen = CategoryKind(kind.strip())
        except ValueError:
            raise CommandError(f"kind: choose one of {', '.join(k for k, _ in _KINDS)}") from None
        category = PrizeCategory(
            name.strip(),
            chosen,
            pz.parse_amounts(amounts),
            rating_min=_number(rating_min, "lowest rating"),
            rating_max=_number(rating_max, "highest rating"),
            born_from=born_from.strip(),
            born_to=born_to.strip(),
            club_players=_number(club_players, "players of a club") or 3,
        )
        return pz.add_category(desk, event_id, category)

    return _change(request, director, event_id, run, f"Added the prize category {name}.", typed)


@router.post(PAGE + "/remove", response_class=HTMLResponse)
def remove_category(
    request: Request, director: Director, event_id: int, name: _Text = ""
) -> Response:
    def run(desk: ev.Desk) -> object:
        return pz.remove_category(desk, event_id, name)

    return _change(request, director, event_id, run, f"Removed the prize category {name}.")


@router.post(PAGE + "/rules", response_class=HTMLResponse)
def set_rules(
    request: Request,
    director: Director,
    event_id: int,
    one_per_player: _Text = "yes",
    sharing: _Text = "tiebreak",
    currency: _Text = "",
) -> Response:
    def run(desk: ev.Desk) -> object:
        try:
            chosen = Sharing(sharing.strip())
        except ValueError:
            raise CommandError("sharing: choose tiebreak, equal or hort") from None
        return pz.set_rules(
            desk,
            event_id,
            one_per_player=one_per_player.strip().lower() != "no",
            sharing=chosen,
            currency=currency,
        )

    return _change(request, director, event_id, run, "Changed how the prizes are given.")
