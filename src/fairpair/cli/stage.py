"""The knockout stage at the command line: ``event cut``, ``result MATCH GAME...`` on an
event in its knockout stage, ``bracket`` (and ``round show``), the final standings."""

from __future__ import annotations

import enum
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated

import typer

from fairpair.cli.director import ActorOption, DbOption, EventOption, Session, fail, session
from fairpair.service import events as ev
from fairpair.service.errors import FieldErrors

if TYPE_CHECKING:
    from fairpair.core.knockout import KnockoutRules
    from fairpair.service.knockout_settings import KnockoutSettings

# `round show` and `result` ask this module whether the event is in a knockout stage: the
# knockout use cases and the printed sheets are imported by the functions that use them.

__all__ = [
    "bracket",
    "cut",
    "in_knockout",
    "knockout_rules",
    "not_started",
    "options_named",
    "result",
    "show_bracket",
    "standings",
    "start",
]

BracketOption = Annotated[
    str,
    typer.Option(
        "--bracket", help="single or double elimination (default single).", show_default=False
    ),
]
MatchOption = Annotated[
    str,
    typer.Option(
        "--match",
        help="How a match is played: best-of-3 (bo3, 1: card and board games, drawn games "
        "replayed) or chess phases classical:2,rapid:2,blitz:2,armageddon.",
        show_default=False,
    ),
]
ThirdPlaceOption = Annotated[
    bool, typer.Option("--third-place", help="Single elimination: a third-place match.")
]
ResetOption = Annotated[
    bool,
    typer.Option(
        "--reset/--no-reset",
        help="Double elimination: a second grand final if the losers' bracket winner wins "
        "the first.",
    ),
]
FirstWhiteOption = Annotated[
    str,
    typer.Option(
        "--first-white",
        help="Chess: White in a match's first game, seed (the higher seed) or lot.",
        show_default=False,
    ),
]


def knockout_rules(
    bracket: str, match: str, third_place: bool, reset: bool, first_white: str
) -> KnockoutSettings:
    """The knockout settings as typed, each refusal under its option's name."""
    from fairpair.service.knockout_settings import KnockoutSettings

    try:
        return KnockoutSettings.parse(
            bracket=bracket,
            match=match,
            third_place=third_place,
            reset=reset,
            first_white=first_white,
        )
    except FieldErrors as error:
        raise fail(options_named(error)) from None


def options_named(error: FieldErrors) -> str:
    """The refusals of a settings reader, each under its option's name (``--first-white``)
    or ``NAME``, on one line."""
    return "; ".join(
        f"{'NAME' if field == 'name' else '--' + field.replace('_', '-')}: {message}"
        for field, message in error.errors.items()
    )


def cut(
    top: Annotated[
        int | None, typer.Option("--top", help="Cut to the top N of the standings.")
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            help="Or the players, by start number or name, separated by commas: they are "
            "seeded in standings order.",
        ),
    ] = None,
    bracket_kind: BracketOption = "",
    match: MatchOption = "",
    third_place: ThirdPlaceOption = False,
    reset: ResetOption = True,
    first_white: FirstWhiteOption = "",
    db: DbOption = None,
    event: EventOption = None,
    actor: ActorOption = None,
) -> None:
    """Start the knockout stage after the last round: the top N (or the players named),
    seeded by the standings (tie-breaks decide ties at the cut line). A knockout event
    (--system knockout) starts with all its players seeded by rating. Undo takes it back."""
    given = bool(bracket_kind or match or third_place or first_white) or not reset
    rules: KnockoutRules | None = None
    if given:
        rules = knockout_rules(bracket_kind, match, third_place, reset, first_white).rules
    named = [p.strip() for p in (players or "").split(",") if p.strip()]
    if players is not None and not named:
        raise fail("--players: name the players, separated by commas")
    from fairpair.service import knockout_events as ko

    with session(db, event, actor) as s:
        if rules is not None and s.event().settings.system.knockout:
            raise fail(
                "a knockout event plays by its own settings (fairpair event show): start it "
                "without --bracket, --match, --third-place, --no-reset or --first-white"
            )
        changed = ko.cut(s.desk, s.event_id(), top=top, players=named, rules=rules)
        _started(s, changed)


def start(s: Session) -> None:
    """``round pair`` on a knockout event that has not started: start it."""
    from fairpair.service import knockout_events as ko

    _started(s, ko.cut(s.desk, s.event_id()))


def _started(s: Session, changed: ev.Event) -> None:
    record = ev.history(s.desk, changed.id)[-1]
    typer.echo(ev.describe(record, changed.tournament))
    show_bracket(changed)


def _individual(s: Session) -> bool:
    system = s.system()
    return not (system.team or system.double)


def in_knockout(s: Session) -> bool:
    """The event (an individual one) is in its knockout stage, or is a knockout event."""
    if not _individual(s):
        return False
    current = s.event()
    return current.tournament.knockout is not None or current.settings.system.knockout


def not_started(s: Session) -> bool:
    """The event is a knockout event whose bracket is not drawn yet."""
    if not _individual(s):
        return False
    current = s.event()
    return current.settings.system.knockout and current.tournament.knockout is None


def _names(event: ev.Event) -> dict[int, str]:
    return {p.id: p.name for p in event.tournament.players}


def show_bracket(event: ev.Event) -> None:
    from fairpair.formats.bracket import bracket_text
    from fairpair.service import knockout_events as ko

    typer.echo(bracket_text(ko.bracket(event), _names(event)), nl=False)


def result(s: Session, items: Sequence[str], white: Sequence[str], clear: bool) -> None:
    """``fairpair result MATCH GAME [GAME...] [--white N=PLAYER]`` on an event in its
    knockout stage: the games of the match so far (they replace what was recorded)."""
    if not items or not items[0].isdecimal():
        shown = items[0] if items else ""
        raise fail(
            f"{shown!r} is not a match number: give MATCH GAME [GAME...], e.g. "
            "fairpair result 5 1-0 = 0-1"
        )
    match, results = int(items[0]), list(items[1:])
    if clear == bool(results):
        raise fail(
            f"give the games of match {match} (fairpair result {match} 1-0 =), or --clear "
            "to take them all away"
        )
    whites: dict[int, str] = {}
    for item in white:
        number, sep, player = item.partition("=")
        if not sep or not number.strip().isdecimal() or not player.strip():
            raise fail(f"--white {item!r}: give GAME=PLAYER, e.g. --white 3=Carlsen")
        game = int(number)
        if not 1 <= game <= len(results):
            raise fail(f"--white {item!r}: match {match} has games 1-{len(results)} here")
        if game in whites:
            raise fail(f"--white: game {game} is given twice")
        whites[game] = player.strip()
    games = [(text, whites.get(n)) for n, text in enumerate(results, start=1)]
    from fairpair.service import knockout_events as ko

    changed = ko.record_match(s.desk, s.event_id(), match, games)
    record = ev.history(s.desk, changed.id)[-1]
    typer.echo(ev.describe(record, changed.tournament))
    state = ko.bracket(changed)
    ms = state.match(match)
    names = _names(changed)
    if ms.next_game is not None:
        nxt = ms.next_game
        phase = nxt.phase.name or nxt.phase.text
        if nxt.white is not None:
            who = f"White {nxt.white} {names[nxt.white]}"
        elif nxt.chooser is not None:
            who = f"{nxt.chooser} {names[nxt.chooser]} chooses to play or draw"
        else:  # pragma: no cover - a game has a White or a chooser
            who = ""
        typer.echo(f"next: game {nxt.number} ({phase}), {who}")
    if state.champion is not None:
        typer.echo(f"champion: {state.champion} {names[state.champion]}")
    else:
        now = [m.match.number for m in state.current()]
        if now:
            typer.echo("matches to play: " + ", ".join(str(n) for n in now))


class BracketFormat(enum.Enum):
    TEXT = "text"
    SVG = "svg"


def bracket(
    output_format: Annotated[
        BracketFormat,
        typer.Option("--format", "-f", help="text, or svg: the bracket as a picture."),
    ] = BracketFormat.TEXT,
    db: DbOption = None,
    event: EventOption = None,
) -> None:
    """The knockout bracket: each match, its players, its games' score and what is next."""
    with session(db, event) as s:
        current = s.event()
        if output_format is BracketFormat.SVG:
            from fairpair.formats.bracket import bracket_svg
            from fairpair.service import knockout_events as ko

            typer.echo(bracket_svg(ko.bracket(current), _names(current)), nl=False)
            return
        show_bracket(current)


class StandingsFormat(enum.Enum):
    TEXT = "text"
    JSON = "json"
    CSV = "csv"
    HTML = "html"


def standings(event: ev.Event, output_format: str) -> None:
    """The final standings of an event with a knockout stage."""
    from fairpair.formats import printouts as sheets
    from fairpair.service import knockout_printouts

    if output_format == StandingsFormat.JSON.value:
        data = knockout_printouts.final_standings_data(event)
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    sheet = knockout_printouts.final_standings_sheet(event)
    render = {
        StandingsFormat.TEXT.value: sheets.render_text,
        StandingsFormat.CSV.value: sheets.render_csv,
        StandingsFormat.HTML.value: sheets.render_html,
    }[output_format]
    typer.echo(render(sheet), nl=False)
