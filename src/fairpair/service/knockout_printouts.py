"""What a knockout stage puts on paper: the bracket (its picture and the matches by round),
a slip for each match to be played, the final standings; and the final standings as JSON.

Each sheet is a :class:`~fairpair.formats.printouts.Sheet`, laid out as text, HTML or PDF by
the formats layer like every other event's sheets; :func:`knockout_sheet` finds one by the
name the ``print`` command and the desk's print address use (:data:`KNOCKOUT_SHEETS`).
"""

from __future__ import annotations

from typing import Any

from fairpair.core import Game, GameResult, PlayerId
from fairpair.core.knockout import (
    BracketState,
    LoserOf,
    MatchState,
    MatchStatus,
    Phase,
    PhaseKind,
    Seed,
    Source,
    WinnerOf,
    round_name,
)
from fairpair.formats.bracket import bracket_svg, score_text
from fairpair.formats.printouts import KNOCKOUT_SLIP_HEADER, Layout, Sheet
from fairpair.service.errors import CommandError
from fairpair.service.events import Event
from fairpair.service.knockout_events import bracket, final_standings, stage_of
from fairpair.service.printouts import event_dates
from fairpair.service.settings import KnockoutSettings

__all__ = [
    "KNOCKOUT_SHEETS",
    "bracket_sheet",
    "final_standings_data",
    "final_standings_sheet",
    "knockout_sheet",
    "match_slips_sheet",
]

KNOCKOUT_SHEETS = {
    # A knockout stage's sheets by the name the print command and the desk's address use,
    # and their name on the desk's links. "standings" stands for the Swiss standings until
    # the cut, the final standings after it.
    "bracket": "bracket",
    "match-slips": "match slips",
    "standings": "final standings",
}


def knockout_sheet(event: Event, name: str) -> Sheet | None:
    """The knockout sheet called ``name``: the bracket and the match slips of an event with
    a knockout stage (:class:`CommandError` saying how to start one otherwise), the final
    standings once the stage has started; None for the other sheets, which an event prints
    as before (the Swiss rounds' pairings stay there to print)."""
    match name:
        case "bracket":
            return bracket_sheet(event)
        case "match-slips":
            return match_slips_sheet(event)
        case "standings" if event.tournament.knockout is not None or (
            event.settings.system.knockout
        ):
            return final_standings_sheet(event)
    return None


def _names(event: Event) -> dict[PlayerId, str]:
    return {p.id: p.name for p in event.tournament.players}


def _rules_words(event: Event) -> str:
    return KnockoutSettings(stage_of(event).rules).summary()


def _title(event: Event, what: str) -> str:
    return f"{event.tournament.name}: {what}"


def _round_of(state: BracketState, ms: MatchState) -> str:
    return round_name(state.bracket, ms.match.section, ms.match.round)


def _source_words(source: Source) -> str:
    if isinstance(source, Seed):
        return f"seed {source.seed}"
    kind = "winner" if isinstance(source, WinnerOf) else "loser"
    assert isinstance(source, WinnerOf | LoserOf)
    return f"{kind} of match {source.match}"


_STATUS_WORDS = {
    MatchStatus.WAITING: "waiting",
    MatchStatus.READY: "to play",
    MatchStatus.PLAYING: "playing",
    MatchStatus.NOT_NEEDED: "not needed",
}


def bracket_sheet(event: Event) -> Sheet:
    """The bracket: its picture (HTML and PDF), then every match in order of play with its
    round, its players (seed, start number and name, or where the player comes from while
    not known), the score and the winner or how far the match is."""
    state = bracket(event)
    names = _names(event)
    stage = state.stage

    def side(player: PlayerId | None, source: Source) -> tuple[str, str]:
        if player is None:
            return "", _source_words(source)
        return str(stage.seed_of(player)), f"{player} {names[player]}"

    rows = []
    for ms in state.matches:
        top = side(ms.top, ms.match.top)
        bottom = side(ms.bottom, ms.match.bottom)
        score = score_text(state, ms) if ms.games else ""
        if ms.winner is not None:
            outcome = f"{ms.winner} {names[ms.winner]}"
        else:
            outcome = _STATUS_WORDS[ms.status]
        rows.append((_round_of(state, ms), str(ms.match.number), *top, score, *bottom, outcome))
    byes = [a for a, b in state.bracket.first_round if b is None]
    notes = []
    if byes:
        shown = ", ".join(f"seed {n} {names[stage.seeds[n - 1]]}" for n in byes)
        notes.append(f"Byes in the first round: {shown}.")
    notes.append("Scores are the first-named player's first.")
    if state.champion is not None:
        notes.append(f"Champion: {state.champion} {names[state.champion]}.")
    return Sheet(
        title=_title(event, "knockout bracket"),
        subtitle=" · ".join(x for x in (event_dates(event.settings), _rules_words(event)) if x),
        header=("Round", "Match", "Seed", "Player", "Score", "Seed", "Player", "Winner"),
        rows=tuple(rows),
        numeric=frozenset({1, 2, 5}),
        notes=tuple(notes),
        picture=bracket_svg(state, names),
    )


def _phase_at(phases: tuple[Phase, ...], number: int) -> tuple[Phase, bool, int]:
    """The phase of game ``number`` of a match that reaches it, whether the game opens the
    phase, and the number of the phase's last game. A phase is played only when the earlier
    ones left the match level, so a game's phase follows from its number alone; the last
    phase repeats while the match stays level."""
    start = 1
    for phase in phases:
        if number < start + phase.games:
            return phase, number == start, start + phase.games - 1
        start += phase.games
    last = phases[-1]
    offset = (number - start) % last.games
    return last, offset == 0, number - offset + last.games - 1


def _phase_words(phase: Phase) -> str:
    if phase.kind is PhaseKind.BEST_OF:
        return ""
    return phase.name or phase.text


_RESULT_TEXT = {
    GameResult.WHITE_WINS: "1-0",
    GameResult.BLACK_WINS: "0-1",
    GameResult.DRAW: "½-½",
    GameResult.WHITE_WINS_BY_FORFEIT: "+-",
    GameResult.BLACK_WINS_BY_FORFEIT: "-+",
}


def _played(game: Game, coloured: bool) -> str:
    assert game.result is not None
    text = _RESULT_TEXT.get(game.result, game.result.value)
    return "drawn" if not coloured and game.result is GameResult.DRAW else text


def _games_of(
    state: BracketState, ms: MatchState, names: dict[PlayerId, str]
) -> list[tuple[str, ...]]:
    """One row per game: those played with their results, then each game the match may
    still need, as the format has them (a best-of-N: the most decisive games that can still
    be played; chess: the rest of this pass of its phases). Chess: White and Black where the
    schedule knows them (the next game, then alternating within its phase; a later phase
    starts after a new drawing of lots); card games: who chooses to play or draw first in
    the next game."""
    fmt = state.stage.rules.match
    coloured = fmt.coloured
    rows: list[tuple[str, ...]] = []
    for number, game in enumerate(ms.games, start=1):
        words = _phase_words(_phase_at(fmt.phases, number)[0])
        if coloured:
            rows.append(
                (str(number), words, names[game.white], names[game.black], _played(game, True))
            )
        else:
            rows.append((str(number), words, "", "", _played(game, False)))
    nxt = ms.next_game
    if nxt is None or ms.top is None or ms.bottom is None:
        return rows
    top, bottom = ms.top, ms.bottom
    if not coloured:
        need = fmt.phases[0].games // 2 + 1
        won_top, won_bottom = ms.score
        still = (need - won_top) + (need - won_bottom) - 1
        for i in range(still):
            chooser = names[nxt.chooser] if i == 0 and nxt.chooser is not None else ""
            rows.append((str(nxt.number + i), "", chooser, "", ""))
        return rows
    total = sum(p.games for p in fmt.phases)
    last = max(total, _phase_at(fmt.phases, nxt.number)[2])
    white: PlayerId | None = nxt.white
    for number in range(nxt.number, last + 1):
        phase, opens, _ = _phase_at(fmt.phases, number)
        if number > nxt.number:
            if opens:
                white = None  # drawn by lot before the phase starts
            elif white is not None:
                white = bottom if white == top else top
        if white is None:
            rows.append((str(number), _phase_words(phase), "", "", ""))
        else:
            black = bottom if white == top else top
            rows.append((str(number), _phase_words(phase), names[white], names[black], ""))
    return rows


def match_slips_sheet(event: Event) -> Sheet:
    """A slip for each match that is ready or being played, in order of play: the match and
    its round, both players with their seeds, a line per game (see :func:`_games_of`), the
    winner and the signatures."""
    state = bracket(event)
    names = _names(event)
    stage = state.stage
    coloured = stage.rules.match.coloured
    rows: list[tuple[str, ...]] = []
    for ms in state.current():
        assert ms.top is not None and ms.bottom is not None
        head = (
            str(ms.match.number),
            _round_of(state, ms),
            str(stage.seed_of(ms.top)),
            str(ms.top),
            names[ms.top],
            str(stage.seed_of(ms.bottom)),
            str(ms.bottom),
            names[ms.bottom],
        )
        rows.extend((*head, *game) for game in _games_of(state, ms, names))
    if not rows:
        what = "the knockout is over" if state.finished else "no match is ready to play"
        raise CommandError(f"no match slips to print: {what}")
    header = (
        KNOCKOUT_SLIP_HEADER if coloured else (*KNOCKOUT_SLIP_HEADER[:10], "Chooses", "", "Result")
    )
    return Sheet(
        title=_title(event, "match slips"),
        subtitle=_rules_words(event),
        header=header,
        rows=tuple(rows),
        layout=Layout.KNOCKOUT_SLIPS,
    )


def final_standings_sheet(event: Event) -> Sheet:
    """The final standings: the knockout's places, then the players below the cut."""
    rows = tuple(
        (row.place, str(row.player.id), row.player.name, row.stage, row.decided)
        for row in final_standings(event)
    )
    stage = event.tournament.knockout
    finished = stage is not None and all(row[0] for row in rows)
    what = "final standings" if finished else "standings (the knockout is under way)"
    return Sheet(
        title=_title(event, what),
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
