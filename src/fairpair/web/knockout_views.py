"""What the bracket pages and the knockout reads of the JSON API show, built once per version
of an event.

As :mod:`fairpair.web.views` does for rounds and standings: one frozen Pydantic model per
thing shown, returned as it is by the API and rendered by the templates, so the pages and the
API say the same. The bracket itself is :func:`fairpair.service.knockout_events.bracket`'s
state (memoised per version); this module only names its players and words its rounds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pydantic import Field

from fairpair.core import GameResult, PlayerId
from fairpair.core.knockout import (
    KnockoutStage,
    LoserOf,
    MatchGames,
    MatchState,
    MatchStatus,
    NextGame,
    Phase,
    PhaseKind,
    Seed,
    Source,
    WinnerOf,
    bracket_state,
    round_name,
)
from fairpair.formats.bracket import score_text
from fairpair.service import events as ev
from fairpair.service import knockout_events as ko
from fairpair.web.views import PlayerRef, View

__all__ = [
    "BracketView",
    "FinalStandingsLine",
    "FinalStandingsView",
    "GameLine",
    "KnockoutMatchView",
    "NextGameView",
    "SeededPlayer",
    "bracket_view",
    "final_standings_view",
    "game_lines",
    "game_phases",
    "game_text",
    "has_knockout",
    "phase_words",
    "source_words",
]

CHESS_RESULTS = ("1-0", "½-½", "0-1", "+-", "-+")
"""A chess game's result as its scoresheet says it, White first (the desk's choices)."""
CARD_RESULTS = ("1-0", "=", "0-1", "+-", "-+")
"""A card game's result, the match's first-named player first: won, drawn (replayed), lost,
and the forfeits."""

_CHESS_TEXT = {
    GameResult.WHITE_WINS: "1-0",
    GameResult.DRAW: "½-½",
    GameResult.BLACK_WINS: "0-1",
    GameResult.WHITE_WINS_BY_FORFEIT: "+-",
    GameResult.BLACK_WINS_BY_FORFEIT: "-+",
}
_FLIPPED = {"1-0": "0-1", "0-1": "1-0", "+-": "-+", "-+": "+-"}


class SeededPlayer(PlayerRef):
    """A player of the bracket with his seed (1: the top seed)."""

    seed: int


class GameLine(View):
    """One game of a match as recorded."""

    number: int = Field(description="Its number in the match, 1 first.")
    phase: str = Field(description='What it was: "classical", "rapid", "armageddon", "game".')
    white: PlayerRef | None = Field(
        description="Chess: who had White. Card and board games: null (no colours)."
    )
    black: PlayerRef | None
    chooser: PlayerRef | None = Field(
        default=None, description="Card and board games: who chose to play or draw first."
    )
    result: str = Field(
        description="Chess: as on the scoresheet, White first (1-0, ½-½, 0-1, +-, -+). Card "
        "and board games: the match's first-named (top) player first (1-0, =, 0-1, +-, -+)."
    )


class NextGameView(View):
    """The match's next game: who has White (chess) or chooses to play or draw first."""

    number: int
    phase: str
    white: PlayerRef | None = None
    chooser: PlayerRef | None = Field(
        default=None, description="Card and board games: who chooses to play or draw first."
    )


class KnockoutMatchView(View):
    """One match of the bracket."""

    number: int = Field(description="Matches are numbered in an order of play, 1 first.")
    section: Literal["winners", "losers", "final", "reset", "third-place"]
    round: int = Field(description="The round within its section.")
    round_name: str = Field(description='E.g. "Quarter-finals", "Losers\' round 2".')
    top: SeededPlayer | None = Field(description="Null while not known yet.")
    bottom: SeededPlayer | None
    top_from: str = Field(
        description='Where the top player comes from: "Seed 1", "Winner of match 3".'
    )
    bottom_from: str
    status: Literal["waiting", "ready", "playing", "decided", "not needed"]
    current: bool = Field(description="Ready or under way: a match being played now.")
    score: str = Field(
        description='Top player first: chess points ("1½-½"), or games won (card games, "2-1").'
    )
    games: list[GameLine]
    winner: PlayerRef | None = None
    forfeited_by: PlayerRef | None = Field(
        default=None, description="A forfeited game lost the match for this player."
    )
    next_game: NextGameView | None = None


class BracketView(View):
    """An event's knockout stage: its rules, seeds and every match."""

    event: int
    kind: Literal["single", "double"]
    match_format: str = Field(
        description='As typed: "best-of-3", "classical:2,rapid:2,blitz:2,armageddon".'
    )
    coloured: bool = Field(description="Chess (games have White and Black) or card games.")
    third_place: bool
    reset: bool
    first_white: Literal["seed", "lot"]
    seeds: list[SeededPlayer] = Field(description="Seed 1 first.")
    matches: list[KnockoutMatchView]
    current: list[int] = Field(description="The matches being played now.")
    champion: PlayerRef | None = None
    finished: bool


class FinalStandingsLine(View):
    place: str = Field(
        description='"1", "2", "3-4", "5-8", then the places below the cut; empty for a '
        "player still in the knockout."
    )
    player: PlayerRef
    stage: str = Field(description='"knockout", or the system of the stage before the cut.')
    decided_by: str = Field(description="What decided the place, in words.")


class FinalStandingsView(View):
    event: int
    finished: bool = Field(description="Every match of the knockout is decided.")
    rows: list[FinalStandingsLine]


def has_knockout(event: ev.Event) -> bool:
    """The event has a knockout stage (cut, or a standalone knockout started)."""
    return event.tournament.knockout is not None


def game_text(game_result: GameResult, coloured: bool, top_first: bool = True) -> str:
    """A recorded game's result as the desk's select shows it: chess (``coloured``) White
    first as on the scoresheet; a card game the top player first (``top_first``: the game
    was written with him first), a drawn game ``=``."""
    text = _CHESS_TEXT.get(game_result, "")
    if coloured:
        return text
    text = text if top_first else _FLIPPED.get(text, text)
    return "=" if text in ("½-½", "=") else text


def source_words(source: Source) -> str:
    if isinstance(source, Seed):
        return f"Seed {source.seed}"
    if isinstance(source, WinnerOf):
        return f"Winner of match {source.match}"
    assert isinstance(source, LoserOf)
    return f"Loser of match {source.match}"


def phase_words(phase: Phase) -> str:
    if phase.kind is PhaseKind.ARMAGEDDON:
        return "armageddon"
    if phase.kind is PhaseKind.BEST_OF:
        return "game"
    return phase.name or "game"


def game_phases(stage: KnockoutStage, count: int) -> list[str]:
    """What each of a match's first ``count`` games is called: a phase is played in full
    unless it decides the match (then no game follows), and the last phase repeats while the
    match stays level."""
    phases = stage.rules.match.phases
    names: list[str] = []
    for index in range(len(phases)):
        names += [phase_words(phases[index])] * phases[index].games
    while len(names) < count:
        names += [phase_words(phases[-1])] * phases[-1].games
    return names[:count]


def game_lines(
    stage: KnockoutStage,
    ms: MatchState,
    player: Callable[[PlayerId], PlayerRef],
    *,
    choosers: bool = False,
) -> list[GameLine]:
    """Each recorded game of a match; with ``choosers`` (card games), who chose to play or
    draw before each, as the core announced it from the games before (the matches before
    this one, whose numbers are smaller, and this match's earlier games)."""
    number = ms.match.number
    coloured = stage.rules.match.coloured
    earlier = tuple(r for r in stage.results if r.match < number)
    lines = []
    phases = game_phases(stage, len(ms.games))
    for index, (game, phase) in enumerate(zip(ms.games, phases, strict=True)):
        chooser = None
        if choosers and not coloured:
            before = earlier + ((MatchGames(number, ms.games[:index]),) if index else ())
            state = bracket_state(KnockoutStage(stage.rules, stage.seeds, before, stage.lot))
            announced = state.match(number).next_game
            if announced is not None and announced.chooser is not None:
                chooser = player(announced.chooser)
        assert game.result is not None
        lines.append(
            GameLine(
                number=index + 1,
                phase=phase,
                white=player(game.white) if coloured else None,
                black=player(game.black) if coloured else None,
                chooser=chooser,
                result=game_text(game.result, coloured, game.white == ms.top),
            )
        )
    return lines


def _next_view(ng: NextGame, player: Callable[[PlayerId], PlayerRef]) -> NextGameView:
    return NextGameView(
        number=ng.number,
        phase=phase_words(ng.phase),
        white=None if ng.white is None else player(ng.white),
        chooser=None if ng.chooser is None else player(ng.chooser),
    )


def bracket_view(event: ev.Event) -> BracketView:
    """The event's bracket, built once per version of the event."""
    return event.memo("bracket_view", lambda: _bracket_view(event))


def _bracket_view(event: ev.Event) -> BracketView:
    state = ko.bracket(event)
    stage = state.stage
    t = event.tournament
    names = {p.id: p.name for p in t.players}
    seed_of = {pid: index for index, pid in enumerate(stage.seeds, start=1)}

    def ref(pid: PlayerId) -> PlayerRef:
        return PlayerRef(id=pid, name=names[pid])

    def seeded(pid: PlayerId | None) -> SeededPlayer | None:
        return None if pid is None else SeededPlayer(id=pid, name=names[pid], seed=seed_of[pid])

    matches = []
    for ms in state.matches:
        m = ms.match
        lines = game_lines(stage, ms, ref)
        ng = ms.next_game
        matches.append(
            KnockoutMatchView(
                number=m.number,
                section=m.section.value,
                round=m.round,
                round_name=round_name(state.bracket, m.section, m.round),
                top=seeded(ms.top),
                bottom=seeded(ms.bottom),
                top_from=source_words(m.top),
                bottom_from=source_words(m.bottom),
                status=ms.status.value,
                current=ms.current,
                score=score_text(state, ms) if ms.status is not MatchStatus.WAITING else "",
                games=lines,
                winner=None if ms.winner is None else ref(ms.winner),
                forfeited_by=None if ms.forfeited_by is None else ref(ms.forfeited_by),
                next_game=None if ng is None else _next_view(ng, ref),
            )
        )
    rules = stage.rules
    return BracketView(
        event=event.id,
        kind=rules.kind.value,
        match_format=rules.match.text,
        coloured=rules.match.coloured,
        third_place=rules.third_place,
        reset=rules.reset,
        first_white=rules.first_white.value,
        seeds=[SeededPlayer(id=p, name=names[p], seed=i) for p, i in seed_of.items()],
        matches=matches,
        current=[m.match.number for m in state.current()],
        champion=None if state.champion is None else ref(state.champion),
        finished=state.finished,
    )


def final_standings_view(event: ev.Event) -> FinalStandingsView:
    return event.memo("final_standings_view", lambda: _final_standings_view(event))


def _final_standings_view(event: ev.Event) -> FinalStandingsView:
    rows = [
        FinalStandingsLine(
            place=row.place,
            player=PlayerRef(id=row.player.id, name=row.player.name),
            stage=row.stage,
            decided_by=row.decided,
        )
        for row in ko.final_standings(event)
    ]
    return FinalStandingsView(event=event.id, finished=ko.bracket(event).finished, rows=rows)
