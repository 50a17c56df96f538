"""Rating lists: importing FIDE and national lists into the store, searching them as a name
or ID is typed, registering a player from a list and updating the ratings of an event's
players from a newer list before round 1.

Importing a list is the organiser's business, not an event's: it is not written in any
event's log. Updating an event's ratings is one change of the event (``ratings.updated``),
logged and undoable like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import IO, Any

from fairpair.formats import player_fields
from fairpair.formats.errors import FormatError
from fairpair.formats.rating_lists import (
    RatedPlayer,
    parse_mapping,
    read_csv_list,
    read_fide_txt,
    read_fide_xml,
    search_key,
)
from fairpair.service import events as ev
from fairpair.service.errors import CommandError
from fairpair.service.events import _command
from fairpair.storage import RatingListInfo

__all__ = [
    "SEARCH_LIMIT",
    "ListFormat",
    "RatingKind",
    "RatingUpdate",
    "default_name",
    "find_list",
    "from_list",
    "import_list",
    "list_format",
    "lists",
    "player_details",
    "remove_list",
    "search",
    "update_ratings",
]

SEARCH_LIMIT = 10
"""Players a search suggests at most."""


class ListFormat(StrEnum):
    """The file formats a list is read from."""

    XML = "xml"
    TXT = "txt"
    CSV = "csv"


class RatingKind(StrEnum):
    """Which of a FIDE list's ratings an event uses."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"

    def of(self, player: RatedPlayer) -> int | None:
        """The player's rating of this kind (``None``: unrated)."""
        if self is RatingKind.RAPID:
            return player.rapid_rating
        if self is RatingKind.BLITZ:
            return player.blitz_rating
        return player.rating


def list_format(filename: str, given: str | None = None) -> ListFormat:
    """The format named, or the file's by its extension (``.xml``, ``.txt``, ``.csv``)."""
    text = (given or filename.rpartition(".")[2]).lower()
    try:
        return ListFormat(text)
    except ValueError:
        raise CommandError(
            f"{filename}: give --format xml, txt or csv (FIDE's XML or TXT list, or a "
            "national list in CSV)"
        ) from None


def default_name(desk: ev.Desk, fmt: ListFormat, stem: str) -> str:
    """``FIDE 2026-11`` (this month) for a FIDE list; the file's name for a national one."""
    if fmt is ListFormat.CSV:
        return stem
    return f"FIDE {desk.clock():%Y-%m}"


def import_list(
    desk: ev.Desk,
    stream: IO[bytes],
    source: str,
    name: str,
    fmt: ListFormat,
    mapping: str = "",
    progress: Callable[[int], None] | None = None,
) -> RatingListInfo:
    """Read a list from ``stream`` (the file ``source``) and keep it as ``name``, in place of
    a list of that name, all or nothing: a line that cannot be read raises
    :class:`~fairpair.formats.errors.FormatError` naming the file, line and field, and
    nothing of the new list is kept. ``mapping`` names a CSV list's columns
    (``id=ID,name=Name,rating=Elo``). ``progress`` hears how many players are stored."""
    name = name.strip()
    if not name:
        raise CommandError("give the list a name, e.g. 'FIDE 2026-11'")
    players: Iterator[RatedPlayer]
    if fmt is ListFormat.CSV:
        if not mapping:
            raise CommandError(
                "a national list needs --map, e.g. id=ID,name=Name,rating=Elo (the fields: "
                "id, name or surname and first_name, rating, title, federation, sex, "
                "birth_year, fide_id)"
            )
        try:
            columns = parse_mapping(mapping)
        except ValueError as error:
            raise CommandError(f"--map: {error}") from None
        players = read_csv_list(stream, source, columns)
    elif mapping:
        raise CommandError("--map is for a national list in CSV")
    elif fmt is ListFormat.XML:
        players = read_fide_xml(stream, source)
    else:
        players = read_fide_txt(stream, source)
    kind = "national" if fmt is ListFormat.CSV else "fide"
    return desk.store.replace_rating_list(
        name, kind, source, _not_empty(players, source), desk.clock(), progress
    )


def _not_empty(players: Iterator[RatedPlayer], source: str) -> Iterator[RatedPlayer]:
    """The players read, and an error at the end if there were none: a file cut short must
    not replace a list with an empty one."""
    count = 0
    for player in players:
        count += 1
        yield player
    if not count:
        raise FormatError("no player in the file", path=source)


def lists(desk: ev.Desk) -> Sequence[RatingListInfo]:
    """The imported lists, by name."""
    return desk.store.rating_lists()


def find_list(desk: ev.Desk, name: str | None = None) -> RatingListInfo:
    """The list of that name, or (none named) the one imported last."""
    known = desk.store.rating_lists()
    if not known:
        raise CommandError("no rating list is imported: fairpair ratings import FILE")
    if name is None or not name.strip():
        return max(known, key=lambda info: (info.imported_at, info.id))
    for info in known:
        if info.name == name.strip():
            return info
    folded = [i for i in known if i.name.casefold() == name.strip().casefold()]
    if len(folded) == 1:
        return folded[0]
    names = ", ".join(repr(i.name) for i in known)
    raise CommandError(f"no rating list named {name!r}; the lists: {names}")


def remove_list(desk: ev.Desk, name: str) -> RatingListInfo:
    """Delete the list of that name and its players (the events registered from it keep
    what they took)."""
    if not name.strip():
        raise CommandError("name the list to remove")
    info = find_list(desk, name)
    desk.store.remove_rating_list(info.id)
    return info


def search(
    desk: ev.Desk, text: str, list_name: str | None = None, limit: int = SEARCH_LIMIT
) -> tuple[RatingListInfo, Sequence[RatedPlayer]]:
    """The players of a list whose ID starts with ``text`` (digits), or whose surname or
    first name starts with it, case and accents ignored (``mull`` finds Müller, Jonas;
    ``jonas m`` too); at most ``limit``, surname matches first."""
    info = find_list(desk, list_name)
    key = search_key(text)
    if not key:
        return info, []
    return info, desk.store.search_rating_list(info.id, key, limit)


def from_list(desk: ev.Desk, ident: str, list_name: str | None = None) -> RatedPlayer:
    """The player with that ID (FIDE ID, or a national list's own ID) in the list."""
    info = find_list(desk, list_name)
    found = desk.store.rated_player(info.id, ident.strip())
    if found is None:
        raise CommandError(f"no player has ID {ident.strip()!r} in the list {info.name!r}")
    return found


def player_details(player: RatedPlayer, kind: RatingKind = RatingKind.STANDARD) -> dict[str, Any]:
    """What registering the player takes from the list: rating (of ``kind``), title,
    federation, FIDE ID, year of birth and sex, and the list's K-factor for a standard
    rating (the rating report's K then is FIDE's own), as :func:`events.register_player`
    takes them."""
    title = player.title
    try:
        title = player_fields.title(title)
    except ValueError:
        title = ""  # longer than a rating report holds
    return {
        "rating": kind.of(player),
        "title": title,
        "federation": player.federation[:3],
        "fide_id": player.fide_id,
        "birth_date": str(player.birth_year) if player.birth_year else "",
        "sex": player.sex,
    } | ({"k_factor": player.k} if kind is RatingKind.STANDARD and player.k else {})


@dataclass(frozen=True, slots=True)
class RatingUpdate:
    """One player whose rating (or title) the list changes."""

    player: int
    name: str
    rating: int | None
    was: int | None
    title: str
    title_was: str


def update_ratings(
    desk: ev.Desk,
    event_id: int,
    list_name: str | None = None,
    kind: RatingKind = RatingKind.STANDARD,
    *,
    expected_version: int | None = None,
) -> tuple[ev.Event, list[RatingUpdate]]:
    """Give the event's players their rating and title in the list (matched by FIDE ID; a
    player the list does not rate keeps his rating), in one logged change
    (``ratings.updated``, undoable); refused once round 1 is paired (the ranking by rating
    has been used then) and when nothing would change. The players whose rating or title
    changed."""
    info = find_list(desk, list_name)
    changed: list[RatingUpdate] = []

    def build(event: ev.Event) -> Mapping[str, Any]:
        t = event.tournament
        if t.rounds:
            raise CommandError(
                "round 1 is paired: ratings are updated before it (undo the pairing first)"
            )
        ids = {p.fide_id for p in t.players if p.fide_id}
        if not ids:
            raise CommandError("no player has a FIDE ID to find in the list")
        found = desk.store.rated_players(info.id, ids)
        items = []
        for p in t.players:
            listed = found.get(p.fide_id) if p.fide_id else None
            if listed is None:
                continue
            # A player the list does not rate (of this kind) keeps the rating he has: it may
            # be the arbiter's estimate (FIDE C.04.2 2.1).
            rating = kind.of(listed)
            rating = p.rating if rating is None else rating
            title = player_details(listed, kind)["title"]
            if rating == p.rating and title == p.title:
                continue
            changed.append(RatingUpdate(p.id, p.name, rating, p.rating, title, p.title))
            items.append(
                {"player": p.id, "rating": rating, "title": title}
                | {"was": {"rating": p.rating, "title": p.title}}
            )
        if not items:
            raise CommandError(f"the list {info.name!r} changes no player's rating or title")
        names = {str(c.player): c.name for c in changed}
        return {"list": info.name, "kind": kind.value, "players": items, "names": names}

    event = _command(desk, event_id, "ratings.updated", build, expected_version)
    return event, changed
