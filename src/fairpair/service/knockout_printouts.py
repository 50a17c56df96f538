"""What a staged event publishes: its final standings as a sheet (text, CSV, HTML) and as
JSON data."""

from __future__ import annotations

from typing import Any

from fairpair.formats.printouts import Sheet
from fairpair.service.events import Event
from fairpair.service.knockout_events import final_standings
from fairpair.service.printouts import event_dates

__all__ = ["final_standings_data", "final_standings_sheet"]


def final_standings_sheet(event: Event) -> Sheet:
    """The final standings: the knockout's places, then the players below the cut."""
    rows = tuple(
        (row.place, str(row.player.id), row.player.name, row.stage, row.decided)
        for row in final_standings(event)
    )
    stage = event.tournament.knockout
    finished = stage is not None and not any(row.place == "" for row in final_standings(event))
    what = "final standings" if finished else "standings (the knockout is under way)"
    return Sheet(
        title=f"{event.tournament.name}: {what}",
        subtitle=event_dates(event.settings),
        header=("Place", "No", "Name", "Stage", "Decided by"),
        rows=rows,
        numeric=frozenset({0, 1}),
        notes=(
            "Players knocked out in the same round share a place, listed by seed; the "
            "players below the cut follow in the order of the earlier stage's standings.",
        )
        if stage is not None and not event.settings.system.knockout
        else (),
    )


def final_standings_data(event: Event) -> dict[str, Any]:
    """The final standings as JSON data: the event, whether the knockout is finished, and one
    item per player (place text, start number, name, stage, what decided the place)."""
    rows = final_standings(event)
    return {
        "event": event.tournament.name,
        "finished": bool(rows) and all(row.place for row in rows),
        "standings": [
            {
                "place": row.place or None,
                "id": row.player.id,
                "name": row.player.name,
                "stage": row.stage,
                "decided": row.decided,
            }
            for row in rows
        ],
    }
