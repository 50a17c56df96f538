"""An event of any kind as JSON, for the event store: an individual event
(:mod:`fairpair.formats.event_json`), a team event (:mod:`fairpair.formats.team_json`) or a
Double-Swiss event (:mod:`fairpair.formats.double_json`).

Every command over the store reads its event through here: the team and Double-Swiss
formats, and the core modules they bring, are imported only for an event of their kind.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from fairpair.core import Tournament
from fairpair.formats.event_json import dump_event, load_event

if TYPE_CHECKING:
    from fairpair.core import TeamTournament
    from fairpair.core.double_swiss import DoubleSwissTournament

__all__ = ["dump_snapshot", "load_snapshot"]


def dump_snapshot(
    snapshot: Tournament | TeamTournament | DoubleSwissTournament, *, compact: bool = False
) -> str:
    """An individual, a team or a Double-Swiss event as JSON text."""
    if isinstance(snapshot, Tournament):
        return dump_event(snapshot, compact=compact)
    from fairpair.core.double_swiss import DoubleSwissTournament

    if isinstance(snapshot, DoubleSwissTournament):
        from fairpair.formats.double_json import dump_double_event

        return dump_double_event(snapshot, compact=compact)
    from fairpair.formats.team_json import dump_team_event

    return dump_team_event(snapshot, compact=compact)


def load_snapshot(
    text: str, source: str = "<string>"
) -> Tournament | TeamTournament | DoubleSwissTournament:
    """An event document of any kind (:func:`~fairpair.formats.event_json.load_event`,
    :func:`~fairpair.formats.team_json.load_team_event` or
    :func:`~fairpair.formats.double_json.load_double_event`)."""
    # The kind comes second in a document these modules wrote; a look at the start of the
    # text spares an individual event of 100,000 players a second parse.
    found = _KIND_START.match(text)
    if found is None:
        return load_event(text, source)
    from fairpair.formats import double_json

    if found[1] == double_json.KIND:
        return double_json.load_double_event(text, source)
    from fairpair.formats.team_json import load_team_event

    return load_team_event(text, source)


_KIND_START = re.compile(r'\s*\{\s*"format"\s*:\s*"[^"]*"\s*,\s*"kind"\s*:\s*"([^"]*)"')
