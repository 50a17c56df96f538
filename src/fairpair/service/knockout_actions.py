"""The audit log's knockout actions and how each changes the snapshot: ``stage.cut`` starts
the knockout stage, ``knockout.games`` records (or corrects) the games of one match.

:data:`ACTIONS` is registered in :data:`fairpair.service.actions.ACTIONS`, so
:func:`fairpair.service.actions.apply` is still the one place that turns a record into a
snapshot, when the command runs and when the log is replayed. Once the knockout stage has
started, the earlier stage's commands are refused there too (:func:`closed_by_stage`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from fairpair.core import Game, GameResult, PlayerId, Tournament
from fairpair.service.errors import CommandError

if TYPE_CHECKING:
    from fairpair.core.knockout import KnockoutStage
    from fairpair.service.settings import EventSettings

# Every action passes through closed_by_stage: the bracket's core and the knockout settings
# are imported by the actions that build or change a knockout stage.

__all__ = [
    "ACTIONS",
    "CUT",
    "GAMES",
    "closed_by_stage",
    "match_label",
    "reseated",
]

Payload = Mapping[str, Any]

CUT = "stage.cut"
GAMES = "knockout.games"

_CLOSED = {
    "player.registered": "no player can join",
    "players.imported": "no player can join",
    "player.removed": "no player can be removed",
    "player.withdrawn": "a player leaves the knockout by losing a match (enter a forfeit)",
    "player.returned": "a withdrawal cannot be taken back",
    "round.paired": "no round can be paired",
    "round.unpaired": "no pairing can be taken back",
    "results.entered": "the rounds' results cannot change",
    "result.corrected": "the rounds' results cannot change",
    "bye.granted": "no bye can be granted",
    "board.set": "no board can be changed",
    "pairs.forbidden": "no pairs can be kept apart",
}
"""The earlier stage's commands, and what the start of the knockout stage closes."""
_NOT_IN_A_KNOCKOUT = {
    "round.paired": "a knockout has no rounds to pair: start its bracket (fairpair event cut)",
    "bye.granted": "a knockout has no byes to request: the bracket gives byes to the top seeds",
    "pairs.forbidden": "a knockout's bracket follows the seeds: pairs cannot be kept apart",
}


def closed_by_stage(
    tournament: Tournament, action: str, settings: EventSettings | None = None
) -> str | None:
    """Why ``action`` is refused because of the knockout (its stage has started, or the
    event is a standalone knockout that has no rounds), or None."""
    if tournament.knockout is not None and action in _CLOSED:
        return (
            f"the knockout stage has started, so {_CLOSED[action]}; undo takes the cut back "
            "(fairpair undo, after the knockout games recorded since)"
        )
    if settings is not None and settings.system.knockout:
        return _NOT_IN_A_KNOCKOUT.get(action)
    return None


def match_label(stage: KnockoutStage, number: int) -> str:
    """``match 5 (Semi-finals)``."""
    from fairpair.core.knockout import round_name

    m = stage.bracket.match(number)
    return f"match {number} ({round_name(stage.bracket, m.section, m.round)})"


def _cut(t: Tournament, p: Payload) -> Tournament:
    if t.knockout is not None:
        raise CommandError("the knockout stage has already started (undo takes the cut back)")
    if t.rounds and not t.rounds[-1].complete:
        missing = sum(1 for g in t.rounds[-1].games if g.result is None)
        raise CommandError(
            f"round {t.rounds[-1].number} still lacks {missing} result(s): enter them before "
            "the cut"
        )
    seeds: tuple[PlayerId, ...] = tuple(p["seeds"])
    withdrawn = {pid for pid, _ in t.withdrawals}
    for pid in seeds:
        if not t.has_player(pid):
            raise CommandError(f"no player {pid}")
        if pid in withdrawn:
            raise CommandError(f"{t.player(pid).name} has withdrawn: he cannot be seeded")
    from fairpair.core.knockout import KnockoutError, KnockoutStage
    from fairpair.service.knockout_settings import KnockoutSettings

    try:
        rules = KnockoutSettings.from_data(p["rules"]).rules
        stage = KnockoutStage(rules, seeds, (), int(p["lot"]))
    except KnockoutError as error:
        raise CommandError(str(error)) from None
    return t.replace(knockout=stage)


def _games(t: Tournament, p: Payload) -> Tournament:
    stage = t.knockout
    if stage is None:
        raise CommandError("the knockout stage has not started: there are no matches yet")
    coloured = stage.rules.match.coloured
    try:
        games = tuple(
            Game(g["white"], g["black"], GameResult(g["result"]), coloured=coloured)
            for g in p["games"]
        )
    except ValueError as error:
        raise CommandError(f"match {p['match']}: {error}") from None
    return t.replace(knockout=reseated(stage, p["match"], games, _namer(t)))


def _namer(t: Tournament) -> Callable[[PlayerId | None], str]:
    def name(pid: PlayerId | None) -> str:
        if pid is None:
            return "a player not known yet"
        return t.player(pid).name if t.has_player(pid) else str(pid)

    return name


def reseated(
    stage: KnockoutStage,
    number: int,
    games: Sequence[Game],
    name: Callable[[PlayerId | None], str] = str,
) -> KnockoutStage:
    """The stage with the games of match ``number`` replaced. The later matches follow by
    themselves (the bracket is worked out from the results); a later match whose players
    would change, or that would no longer be played, is refused if it already has games,
    naming it. :class:`CommandError` for games that do not fit the match."""
    from fairpair.core.knockout import KnockoutError, KnockoutStage, MatchStatus, bracket_state

    try:
        label = match_label(stage, number)
    except KnockoutError as error:
        raise CommandError(str(error)) from None
    before = bracket_state(stage)
    # Matches are numbered in an order of play: the earlier ones do not depend on this one.
    earlier = tuple(r for r in stage.results if r.match < number)
    try:
        after = KnockoutStage(stage.rules, stage.seeds, earlier, stage.lot)
        after = after.with_games(number, games)
    except KnockoutError as error:
        raise CommandError(f"{label}: {error}") from None
    for later in (r for r in stage.results if r.match > number):
        now = bracket_state(after).match(later.match)
        was = before.match(later.match)
        if (now.top, now.bottom) != (was.top, was.bottom) or now.status is MatchStatus.NOT_NEEDED:
            change = (
                "would no longer be played"
                if now.status is MatchStatus.NOT_NEEDED
                else f"would be {name(now.top)} - {name(now.bottom)}"
            )
            raise CommandError(
                f"this changes who goes through, and {match_label(stage, later.match)} already "
                f"has games between {name(was.top)} and {name(was.bottom)}: it {change}. "
                f"Clear or correct {match_label(stage, later.match)} first"
            )
        try:
            after = after.with_games(later.match, later.games)
        except KnockoutError as error:  # pragma: no cover - the same players, the same games
            raise CommandError(f"{match_label(stage, later.match)}: {error}") from None
    return after


ACTIONS: dict[str, Callable[[Tournament, Payload], Tournament]] = {
    CUT: _cut,
    GAMES: _games,
}
