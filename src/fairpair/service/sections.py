"""Sections of an open: one event per section (A, B, Juniors...), each with its own pairing
system, rounds and settings, sharing one register of players and one staff.

The open is its first section, the event the others were added to; each section's settings
name it (:class:`~fairpair.service.settings.Section`). Its owner and staff run every section
(:func:`fairpair.service.directors.access_of` looks there too). A player moves between
sections before round 1 of both: registered in one, taken off the other, each a change of
its section's log, undoable there.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fairpair.core import Player
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.events import (
    Desk,
    Event,
    _command,
    create_event,
    find_player,
    load,
    name_key,
    register_player,
    remove_player,
    undo,
)
from fairpair.service.settings import (
    SECTION_NAME_MAX,
    SECTION_SET,
    AccelerationMethod,
    ByeLimit,
    Section,
    System,
    WithdrawalPolicy,
)
from fairpair.service.venue import Venue
from fairpair.standings.prizes import PrizeRules
from fairpair.storage import EventInfo

__all__ = [
    "SectionInfo",
    "add_section",
    "move_player",
    "open_of",
    "register",
    "section_of",
    "sections",
]


def section_of(info: EventInfo) -> Section | None:
    """The section an event's row says it is, if any."""
    data = info.settings.get("section")
    return None if data is None else Section.from_data(data)


def open_of(info: EventInfo) -> int:
    """The id of the open an event belongs to (its own id for an event without sections)."""
    section = section_of(info)
    return info.id if section is None else section.open


@dataclass(frozen=True, slots=True)
class SectionInfo:
    """One section of an open, as the desk and the public pages list them."""

    info: EventInfo
    name: str

    @property
    def id(self) -> int:
        return self.info.id


def sections(desk: Desk, event_id: int) -> tuple[SectionInfo, ...]:
    """The sections of the open ``event_id`` belongs to, the first first; empty for an
    event without sections."""
    root = open_of(desk.store.event(event_id))
    found = []
    for info in desk.store.events():
        section = section_of(info)
        if section is not None and section.open == root:
            found.append(SectionInfo(info, section.name))
    return tuple(sorted(found, key=lambda s: s.info.id))


def _check_name(name: str, taken: Sequence[str]) -> str:
    name = " ".join(name.split())
    if not name:
        raise FieldErrors({"section": "a section needs a name, e.g. B or Juniors"})
    if len(name) > SECTION_NAME_MAX:
        raise FieldErrors({"section": f"at most {SECTION_NAME_MAX} characters"})
    if name.casefold() in {t.casefold() for t in taken}:
        raise FieldErrors({"section": f"the open has a section {name!r} already"})
    return name


def add_section(
    desk: Desk,
    event_id: int,
    name: str,
    *,
    system: System,
    rounds: int | None,
    first_name: str = "A",
) -> Event:
    """A new section ``name`` of the open ``event_id`` belongs to, paired by ``system``: an
    event of its own named after the open, run by the open's owner, with the open's game,
    points, tie-breaks and report fields. Adding the first section names the open's first
    one ``first_name`` (one ``section.set`` record in its log)."""
    info = desk.store.event(event_id)
    root = load(desk, open_of(info))
    if root.settings.system.knockout or root.tournament.knockout is not None:
        raise CommandError("a knockout has no sections: add them to the open before the cut")
    if system.team or system.double or system.knockout:
        raise CommandError(
            f"a section is an individual Swiss or round robin, not {system.value}: "
            "create that event on its own"
        )
    existing = sections(desk, root.id)
    taken = [s.name for s in existing]
    name = _check_name(name, taken)
    if root.settings.section is None:
        label = _check_name(first_name, [name])
        _command(desk, root.id, SECTION_SET, lambda _: Section(root.id, label).to_data())
        taken.append(label)
    base = root.settings
    settings = dataclasses.replace(
        base,
        name=f"{base.name} – {name}",
        system=system,
        rounds=rounds,
        double=False,
        # What another system would refuse: a round robin has no requested byes, a Swiss
        # no withdrawal policy of its own.
        bye_limit=ByeLimit() if system.round_robin else base.bye_limit,
        withdrawal_policy=base.withdrawal_policy
        if system.round_robin
        else WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST,
        venue=Venue(),
        section=Section(root.id, name),
        # Each section has its own prize list, and accelerates only if it is a FIDE Swiss.
        prizes=PrizeRules(),
        acceleration=base.acceleration
        if system in (System.DUTCH, System.BURSTEIN)
        else AccelerationMethod.NONE,
        swap_last_rounds=True,
    )
    return create_event(desk, settings, owner=root.info.owner)


def _fields(player: Player) -> Mapping[str, Any]:
    """A player's registration fields, to register them again elsewhere."""
    data = dataclasses.asdict(player)
    data.pop("id")
    data.pop("name")
    return data


def move_player(desk: Desk, event_id: int, ref: str, to_event: int) -> tuple[Event, Event]:
    """Move a player from section ``event_id`` to section ``to_event`` of the same open,
    before round 1 of both: registered there (the next start number), then taken off here.
    Returns both sections after the move. Nothing changes if either step is refused."""
    here = load(desk, event_id)
    there = load(desk, to_event)
    if event_id == to_event:
        raise CommandError("the player is in that section already")
    if open_of(here.info) != open_of(there.info) or here.settings.section is None:
        raise CommandError(f"{there.info.name!r} is not a section of the same open")
    for event in (here, there):
        if event.tournament.rounds:
            raise CommandError(
                f"{event.info.name!r} has paired round 1: players move between sections "
                "before round 1 only"
            )
    player = find_player(here.tournament, ref)
    moved, _ = register_player(desk, to_event, player.name, **_fields(player))
    try:
        left = remove_player(desk, event_id, str(player.id))
    except Exception:
        undo(desk, to_event, expected_version=moved.version)
        raise
    return left, moved


def register(desk: Desk, event_id: int) -> tuple[tuple[SectionInfo, Player], ...]:
    """The open's one register: every player of every section, with the section, in the
    order of the names (an event without sections: its own players)."""
    found = sections(desk, event_id)
    if not found:
        event = load(desk, event_id)
        only = SectionInfo(event.info, "")
        return tuple((only, p) for p in sorted(event.tournament.players, key=_name_key))
    rows: list[tuple[SectionInfo, Player]] = []
    for section in found:
        rows.extend((section, p) for p in load(desk, section.id).tournament.players)
    return tuple(sorted(rows, key=lambda row: _name_key(row[1])))


def _name_key(player: Player) -> str:
    return name_key(player.name)
