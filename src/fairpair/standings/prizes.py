"""Prize lists: who wins what, from the standings, as the organiser announced it.

A prize list has categories (the whole field, a rating band, an age group by birth date,
women, the best club), each with its amounts by place. The organiser chooses whether a player
may take more than one prize, and how tied players share: not at all (the tie-breaks decide),
equally, or by the Hort system.

Rules followed here, in the organiser's words:

* A category ranks its eligible players in standings order (annulled players win nothing).
* **One prize per player**: the prizes are given from the largest amount down, each to the
  best-ranked eligible player without a prize yet, so a player who could win two takes the
  larger (on the announced amounts, ties to the category listed first). A category then ranks
  only its eligible players who took no prize elsewhere; categories are shared out from the
  one with the largest prize down, and a player who had a share of one is left out of the
  later ones.
* **Sharing**: players of a category on the same points who occupy places i..j pool the
  amounts of those places (places beyond the list are worth nothing). *Equal*: each gets
  pool / n. *Hort*: half the pool is shared equally, the other half goes by the tie-break
  order, each player taking half of the prize of his own place; so each gets pool / 2n +
  prize(place) / 2. *Tie-breaks*: each takes the prize of his place.
* **Best club**: clubs rank by the sum of the points of their best ``club_players`` players
  (clubs with fewer players are not ranked); the prize goes to the club, which is no player
  and never counts against one prize per player.

Amounts are whole units of the smallest coin (cents); shares are exact fractions of them.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from fairpair.core import Player, PlayerId

__all__ = [
    "Award",
    "CategoryKind",
    "PrizeCategory",
    "PrizeEntrant",
    "PrizeRules",
    "Sharing",
    "assign_prizes",
]


class CategoryKind(enum.StrEnum):
    """Who a category is open to."""

    OVERALL = "overall"
    RATING = "rating"
    """Players whose rating is within the band (an unrated player counts as rated 0)."""
    AGE = "age"
    """Players born within the dates (a date known only in part counts if it may fit)."""
    WOMEN = "women"
    """Players registered as women (TRF sex ``w`` or ``f``)."""
    CLUB = "club"
    """Clubs, by the points of their best players."""


class Sharing(enum.StrEnum):
    """How players tied on points share the prizes of the places they occupy."""

    TIEBREAK = "tiebreak"
    EQUAL = "equal"
    HORT = "hort"

    @property
    def label(self) -> str:
        return {
            Sharing.TIEBREAK: "not shared: the tie-breaks decide",
            Sharing.EQUAL: "shared equally among tied players",
            Sharing.HORT: "Hort system: half shared equally, half by tie-break order",
        }[self]


class PrizeError(ValueError):
    """A prize list that cannot be (a field named in the message)."""


_DATE = re.compile(r"(\d{4})(?:[-/.](\d{1,2})(?:[-/.](\d{1,2}))?)?")


def _date_range(text: str) -> tuple[str, str] | None:
    """The earliest and latest ISO dates a birth date as given may be; None if unknown."""
    found = _DATE.fullmatch(text.strip())
    if found is None:
        return None
    year = found[1]
    month = int(found[2] or 0)
    day = int(found[3] or 0)
    low_month, high_month = (month, month) if month else (1, 12)
    low_day, high_day = (day, day) if day else (1, 31)
    return (
        f"{year}-{low_month:02d}-{low_day:02d}",
        f"{year}-{high_month:02d}-{high_day:02d}",
    )


def _iso(text: str, what: str) -> str:
    if not text:
        return ""
    found = _DATE.fullmatch(text.strip())
    if found is None or found[2] is None or found[3] is None:
        raise PrizeError(f"{what}: a date YYYY-MM-DD, not {text!r}")
    return f"{found[1]}-{int(found[2]):02d}-{int(found[3]):02d}"


@dataclass(frozen=True, slots=True)
class PrizeCategory:
    """One category of the prize list and its amounts by place (cents, place 1 first)."""

    name: str
    kind: CategoryKind
    amounts: tuple[int, ...]
    rating_min: int | None = None
    rating_max: int | None = None
    born_from: str = ""
    """``YYYY-MM-DD``: born on this day or later (an age category: under so many years)."""
    born_to: str = ""
    """``YYYY-MM-DD``: born on this day or earlier (a seniors' category)."""
    club_players: int = 3
    """Best club: how many of each club's players count."""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise PrizeError("a prize category needs a name")
        if not self.amounts or any(a < 0 for a in self.amounts):
            raise PrizeError(f"{self.name}: amounts are one or more sums, none below zero")
        if self.kind is CategoryKind.RATING and self.rating_min is None and self.rating_max is None:
            raise PrizeError(f"{self.name}: a rating category needs its band (--min/--max)")
        if (
            self.rating_min is not None
            and self.rating_max is not None
            and self.rating_min > self.rating_max
        ):
            raise PrizeError(f"{self.name}: the rating band's minimum is above its maximum")
        if self.kind is CategoryKind.AGE and not (self.born_from or self.born_to):
            raise PrizeError(f"{self.name}: an age category needs --born-from or --born-to")
        object.__setattr__(self, "born_from", _iso(self.born_from, f"{self.name}: born from"))
        object.__setattr__(self, "born_to", _iso(self.born_to, f"{self.name}: born to"))
        if self.club_players < 1:
            raise PrizeError(f"{self.name}: a club counts at least one player")

    def admits(self, player: Player) -> bool:
        """Whether the player may win a prize of this category."""
        match self.kind:
            case CategoryKind.OVERALL:
                return True
            case CategoryKind.RATING:
                rating = player.rating or 0
                low_ok = self.rating_min is None or rating >= self.rating_min
                return low_ok and (self.rating_max is None or rating <= self.rating_max)
            case CategoryKind.AGE:
                span = _date_range(player.birth_date)
                if span is None:
                    return False
                earliest, latest = span
                return (not self.born_from or latest >= self.born_from) and (
                    not self.born_to or earliest <= self.born_to
                )
            case CategoryKind.WOMEN:
                return player.sex.strip().lower() in ("w", "f")
            case CategoryKind.CLUB:
                return bool(player.club.strip())

    def describe(self) -> str:
        """Who may win, in words."""
        match self.kind:
            case CategoryKind.RATING:
                low = "" if self.rating_min is None else f"from {self.rating_min}"
                high = "" if self.rating_max is None else f"to {self.rating_max}"
                return "rated " + " ".join(t for t in (low, high) if t)
            case CategoryKind.AGE:
                parts = [f"born from {self.born_from}" if self.born_from else ""]
                parts.append(f"born to {self.born_to}" if self.born_to else "")
                return ", ".join(p for p in parts if p)
            case CategoryKind.WOMEN:
                return "women"
            case CategoryKind.CLUB:
                return f"clubs, the best {self.club_players} players' points"
        return "all players"

    def to_data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind.value,
            "amounts": list(self.amounts),
            "rating_min": self.rating_min,
            "rating_max": self.rating_max,
            "born_from": self.born_from,
            "born_to": self.born_to,
            "club_players": self.club_players,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> PrizeCategory:
        return cls(
            name=str(data["name"]),
            kind=CategoryKind(data["kind"]),
            amounts=tuple(int(a) for a in data["amounts"]),
            rating_min=data.get("rating_min"),
            rating_max=data.get("rating_max"),
            born_from=data.get("born_from", ""),
            born_to=data.get("born_to", ""),
            club_players=int(data.get("club_players", 3)),
        )


@dataclass(frozen=True, slots=True)
class PrizeRules:
    """The event's prize list and how it is given."""

    categories: tuple[PrizeCategory, ...] = ()
    one_per_player: bool = True
    sharing: Sharing = Sharing.TIEBREAK
    currency: str = ""

    def __post_init__(self) -> None:
        names = [c.name.casefold() for c in self.categories]
        if len(set(names)) != len(names):
            raise PrizeError("two prize categories have the same name")

    def to_data(self) -> dict[str, Any]:
        return {
            "categories": [c.to_data() for c in self.categories],
            "one_per_player": self.one_per_player,
            "sharing": self.sharing.value,
            "currency": self.currency,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> PrizeRules:
        return cls(
            categories=tuple(PrizeCategory.from_data(c) for c in data.get("categories", ())),
            one_per_player=bool(data.get("one_per_player", True)),
            sharing=Sharing(data.get("sharing", Sharing.TIEBREAK.value)),
            currency=str(data.get("currency", "")),
        )


@dataclass(frozen=True, slots=True)
class PrizeEntrant:
    """A player as the prizes see him: his details and his points, in standings order."""

    player: Player
    points: Fraction
    annulled: bool = False


@dataclass(frozen=True, slots=True)
class Award:
    """What one player (or club) receives in one category."""

    category: str
    places: tuple[int, int]
    """The places the recipient's tie group occupies in the category (first, last)."""
    recipient: str
    player_id: PlayerId | None
    """None for a club."""
    amount: Fraction
    """In cents, exact."""

    @property
    def place(self) -> str:
        first, last = self.places
        return str(first) if first == last else f"{first}-{last}"


@dataclass(frozen=True, slots=True)
class _Contender:
    name: str
    points: Fraction
    player_id: PlayerId | None
    player: Player | None = None


def _share(category: PrizeCategory, ranked: Sequence[_Contender], sharing: Sharing) -> list[Award]:
    """The awards of one category among its ranked contenders (see the module's rules)."""
    amounts = category.amounts

    def prize(place: int) -> int:
        return amounts[place - 1] if place <= len(amounts) else 0

    awards: list[Award] = []
    start = 0
    while start < len(ranked) and start < len(amounts):
        end = start
        if sharing is not Sharing.TIEBREAK:
            while end + 1 < len(ranked) and ranked[end + 1].points == ranked[start].points:
                end += 1
        group = ranked[start : end + 1]
        first, last = start + 1, end + 1
        pool = sum(prize(p) for p in range(first, last + 1))
        for offset, who in enumerate(group):
            own = prize(first + offset)
            if sharing is Sharing.TIEBREAK:
                amount = Fraction(own)
            elif sharing is Sharing.EQUAL:
                amount = Fraction(pool, len(group))
            else:
                amount = Fraction(pool, 2 * len(group)) + Fraction(own, 2)
            if amount:
                awards.append(Award(category.name, (first, last), who.name, who.player_id, amount))
        start = end + 1
    return awards


def _clubs(category: PrizeCategory, entrants: Sequence[PrizeEntrant]) -> list[_Contender]:
    """Clubs ranked by the points of their best players (ties: the better best player)."""
    members: dict[str, list[tuple[int, PrizeEntrant]]] = {}
    for rank, e in enumerate(entrants):
        if not e.annulled and category.admits(e.player):
            members.setdefault(e.player.club.strip(), []).append((rank, e))
    scored = []
    for club, rows in members.items():
        if len(rows) < category.club_players:
            continue
        best = rows[: category.club_players]  # standings order: the best first
        total = sum((e.points for _, e in best), Fraction(0))
        scored.append((-total, best[0][0], club))
    return [_Contender(club, -neg, None) for neg, _, club in sorted(scored)]


def assign_prizes(rules: PrizeRules, entrants: Sequence[PrizeEntrant]) -> tuple[Award, ...]:
    """Who wins what, category by category in the order of the list, each category's awards
    by place. ``entrants`` are the standings, best first (see the module's rules)."""
    players = [
        _Contender(e.player.name, e.points, e.player.id, e.player)
        for e in entrants
        if not e.annulled
    ]
    taken: dict[PlayerId, str] = {}
    """One prize per player: the category of each player's prize."""
    player_categories = [c for c in rules.categories if c.kind is not CategoryKind.CLUB]
    if rules.one_per_player:
        prizes = [
            (-amount, order, place, category)
            for order, category in enumerate(player_categories)
            for place, amount in enumerate(category.amounts, start=1)
            if amount > 0
        ]
        for _, _, _, category in sorted(prizes, key=lambda p: p[:3]):
            for who in players:
                pid = who.player_id
                if pid is None or who.player is None or pid in taken:
                    continue
                if category.admits(who.player):
                    taken[pid] = category.name
                    break
    by_category: dict[str, list[Award]] = {}
    paid: set[PlayerId] = set()
    """One prize per player: who has had money from a category already given."""
    # The category with the largest prize first, so that a tied player sharing in a larger
    # prize has his one prize there and is left out of the smaller categories.
    for category in sorted(rules.categories, key=lambda c: -max(c.amounts)):
        if category.kind is CategoryKind.CLUB:
            by_category[category.name] = _share(category, _clubs(category, entrants), rules.sharing)
            continue
        ranked = [
            who
            for who in players
            if who.player is not None
            and category.admits(who.player)
            and taken.get(who.player.id, category.name) == category.name
            and who.player.id not in paid
        ]
        made = _share(category, ranked, rules.sharing)
        if rules.one_per_player:
            paid.update(a.player_id for a in made if a.player_id is not None)
        by_category[category.name] = made
    return tuple(a for c in rules.categories for a in by_category[c.name])
