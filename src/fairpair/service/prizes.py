"""The event's prize list: kept in its settings, changed as one undoable ``event.edited``
change each, and given from the current standings (:func:`fairpair.standings.prizes.assign_prizes`).
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Sequence
from fractions import Fraction

from fairpair.service import events as ev
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.standings.prizes import (
    Award,
    PrizeCategory,
    PrizeEntrant,
    PrizeError,
    PrizeRules,
    Sharing,
    assign_prizes,
)

__all__ = [
    "add_category",
    "amounts_text",
    "awards",
    "money",
    "parse_amounts",
    "remove_category",
    "set_rules",
]


def parse_amounts(text: str) -> tuple[int, ...]:
    """``1000,500,250.50`` as cents; :class:`CommandError` naming what is wrong."""
    amounts: list[int] = []
    for item in text.replace(";", ",").split(","):
        typed = item.strip()
        if not typed:
            continue
        try:
            value = Fraction(typed)
        except ValueError:
            raise CommandError(f"amounts: {typed!r} is not a sum of money") from None
        cents = value * 100
        if cents.denominator != 1 or cents < 0:
            raise CommandError(f"amounts: {typed!r} is not a sum in cents")
        if amounts and re.fullmatch(r"0\d{2}(\.\d*)?", typed):
            raise CommandError(
                f"amounts: {text.strip()!r} reads as a prize of {typed!r}: prizes are "
                "separated by commas, so write a thousand as 1000, not 1,000"
            )
        amounts.append(int(cents))
    if not amounts:
        raise CommandError("amounts: give the prizes by place, e.g. 1000,500,250")
    for place, (better, worse) in enumerate(itertools.pairwise(amounts), start=2):
        if worse > better:
            raise CommandError(
                f"amounts: place {place} would win more than place {place - 1} "
                f"({money(worse)} after {money(better)}); prizes go from the first place down "
                "(a thousand is 1000, not 1,000)"
            )
    return tuple(amounts)


def money(cents: Fraction | int, currency: str = "") -> str:
    """A sum for people: two decimals (a share rounded down to the cent), the currency after."""
    whole = int(Fraction(cents))  # shares are paid to the cent below
    text = f"{whole // 100:,}.{whole % 100:02d}"
    return f"{text} {currency}".strip()


def amounts_text(category: PrizeCategory, currency: str = "") -> str:
    return ", ".join(money(a, currency) for a in category.amounts)


def _edit(desk: ev.Desk, event_id: int, rules: PrizeRules) -> ev.Event:
    try:
        return ev.edit_event(desk, event_id, {"prizes": rules.to_data()})
    except FieldErrors as error:
        raise CommandError("; ".join(error.errors.values())) from None


def add_category(desk: ev.Desk, event_id: int, category: PrizeCategory) -> ev.Event:
    """Add a category at the end of the prize list (one undoable change)."""
    rules = ev.load(desk, event_id).settings.prizes
    try:
        changed = dataclasses.replace(rules, categories=(*rules.categories, category))
    except PrizeError as error:
        raise CommandError(str(error)) from None
    return _edit(desk, event_id, changed)


def remove_category(desk: ev.Desk, event_id: int, name: str) -> ev.Event:
    """Take a category off the prize list (one undoable change)."""
    rules = ev.load(desk, event_id).settings.prizes
    kept = tuple(c for c in rules.categories if c.name.casefold() != name.strip().casefold())
    if len(kept) == len(rules.categories):
        names = ", ".join(c.name for c in rules.categories) or "none yet"
        raise CommandError(f"no prize category {name!r} (categories: {names})")
    return _edit(desk, event_id, dataclasses.replace(rules, categories=kept))


def set_rules(
    desk: ev.Desk,
    event_id: int,
    *,
    one_per_player: bool | None = None,
    sharing: Sharing | None = None,
    currency: str | None = None,
) -> ev.Event:
    """How the prizes are given: one per player or not, the sharing, the currency."""
    rules = ev.load(desk, event_id).settings.prizes
    changes: dict[str, object] = {}
    if one_per_player is not None:
        changes["one_per_player"] = one_per_player
    if sharing is not None:
        changes["sharing"] = sharing
    if currency is not None:
        changes["currency"] = currency.strip()
    if not changes:
        raise CommandError("give what to change: one prize per player, sharing or currency")
    return _edit(desk, event_id, dataclasses.replace(rules, **changes))  # type: ignore[arg-type]


def awards(event: ev.Event) -> Sequence[Award]:
    """The prizes given on the event's current standings (final once the last round is in)."""
    rows = ev.standings(event).rows
    players = {p.id: p for p in event.tournament.players}
    entrants = [PrizeEntrant(players[r.player_id], r.points, r.annulled) for r in rows]
    return assign_prizes(event.settings.prizes, entrants)
