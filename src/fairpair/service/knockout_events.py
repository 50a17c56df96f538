"""The use cases of a knockout stage: the cut that starts it, the games of each match, the
bracket and the final standings.

A knockout stage follows the rounds of an individual event (a top cut seeded by its
standings) or is the whole of a standalone knockout event (:attr:`System.KNOCKOUT`, seeded
by rating). Each command is one log record (``stage.cut``, ``knockout.games``; see
:mod:`fairpair.service.knockout_actions`), so undo, redo and the audit log work as for every
other change. The bracket itself is never stored: it follows from the seeds and the games
(:func:`fairpair.core.knockout.bracket_state`), so a corrected result re-seats the later
matches by itself.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from fairpair.core import Game, GameResult, Player, PlayerId, Tournament, format_points
from fairpair.core.knockout import (
    BracketKind,
    BracketState,
    KnockoutError,
    KnockoutRules,
    KnockoutStage,
    LoserOf,
    MatchFormat,
    MatchState,
    MatchStatus,
    Section,
    WinnerOf,
    bracket_state,
    placings,
    round_name,
)
from fairpair.service.errors import CommandError
from fairpair.service.events import (
    Desk,
    Event,
    _command,
    _names,
    find_player,
    rating_order,
    standings,
)
from fairpair.service.knockout_actions import CUT, GAMES, match_label, reseated
from fairpair.service.results import parse_result
from fairpair.service.settings import KnockoutSettings

__all__ = [
    "FinalPlace",
    "bracket",
    "cut",
    "default_rules",
    "final_standings",
    "match_score_text",
    "match_title",
    "record_match",
    "stage_of",
]


def default_rules(event: Event) -> KnockoutRules:
    """The rules of a cut when the director gives none: a standalone knockout's settings;
    after a card game's rounds, best-of-3 matches (as Magic's top cut); after chess or Go,
    two games then an Armageddon."""
    if event.settings.knockout is not None:
        return event.settings.knockout.rules
    if event.settings.card_game:
        return KnockoutRules(match=MatchFormat.parse("best-of-3"))
    return KnockoutRules(match=MatchFormat.parse("games:2,armageddon"))


def stage_of(event: Event) -> KnockoutStage:
    """The event's knockout stage, or :class:`CommandError` saying how to start it."""
    stage = event.tournament.knockout
    if stage is None:
        if event.settings.system.knockout:
            raise CommandError(
                f"the knockout of {event.settings.name!r} has not started: start it when "
                "every player is registered (fairpair event cut)"
            )
        raise CommandError(
            f"{event.settings.name!r} has no knockout stage: after the last round, cut to "
            "the top players (fairpair event cut --top 8)"
        )
    return stage


def cut(
    desk: Desk,
    event_id: int,
    *,
    top: int | None = None,
    players: Sequence[str] = (),
    rules: KnockoutRules | None = None,
    expected_version: int | None = None,
) -> Event:
    """Start the knockout stage (one ``stage.cut`` record).

    After the rounds: the ``top`` players of the standings (players who withdrew left out),
    or the ``players`` named (by start number or name), seeded in standings order, so that
    players tied on points are seeded by the tie-breaks as the standings rank them. A
    standalone knockout event seeds every player still in by rating (neither ``top`` nor
    ``players``). ``rules`` default to :func:`default_rules`. The lot that the rules may
    need (White by lot, the Armageddon's colours) is drawn here once and kept in the record,
    so that every replay draws the same.
    """

    def build(event: Event) -> Mapping[str, Any]:
        t = event.tournament
        name = event.settings.name
        if t.knockout is not None:
            raise CommandError(
                f"the knockout stage of {name!r} has already started (undo takes the cut back)"
            )
        withdrawn = {pid for pid, _ in t.withdrawals}
        how: dict[str, Any]
        if event.settings.system.knockout:
            if top is not None or players:
                raise CommandError(
                    "a knockout event seeds all its players by rating: start it without "
                    "--top or --players"
                )
            seeds = [pid for pid in rating_order(t) if pid not in withdrawn]
            if len(seeds) < 2:
                raise CommandError(
                    f"a knockout needs at least 2 players; {name!r} has {len(seeds)}"
                )
            how = {"by": "rating"}
        else:
            seeds, how = _seeds_from_standings(event, top, players, withdrawn)
        chosen = rules if rules is not None else default_rules(event)
        settings = KnockoutSettings(chosen)  # refuses a third-place match in double elimination
        try:
            KnockoutStage(chosen, tuple(seeds))
        except KnockoutError as error:
            raise CommandError(str(error)) from None
        return {
            "seeds": seeds,
            "rules": settings.to_data(),
            "lot": secrets.randbelow(1 << 31),
            **how,
            **_names(*(t.player(pid) for pid in seeds)),
        }

    return _command(desk, event_id, CUT, build, expected_version)


def _seeds_from_standings(
    event: Event, top: int | None, players: Sequence[str], withdrawn: set[PlayerId]
) -> tuple[list[PlayerId], dict[str, Any]]:
    t = event.tournament
    if not t.rounds:
        raise CommandError("no round has been played yet: the cut comes after the last round")
    last = t.rounds[-1]
    if not last.complete:
        missing = sum(1 for g in last.games if g.result is None)
        raise CommandError(
            f"round {last.number} still lacks {missing} result(s): enter them before the cut"
        )
    if t.total_rounds is not None and len(t.rounds) < t.total_rounds:
        raise CommandError(
            f"round {len(t.rounds)} of {t.total_rounds} is the last one played: the cut comes "
            "after the last round (or change the number of rounds: fairpair event edit)"
        )
    ranking = [row.player_id for row in standings(event).rows if row.player_id not in withdrawn]
    if top is not None and players:
        raise CommandError("give the number of players to cut to or the players, not both")
    if players:
        chosen: list[PlayerId] = []
        for ref in players:
            player = find_player(t, ref)
            if player.id in chosen:
                raise CommandError(f"{player.name} is named twice")
            if player.id in withdrawn:
                raise CommandError(f"{player.name} has withdrawn and cannot be seeded")
            chosen.append(player.id)
        if len(chosen) < 2:
            raise CommandError("a knockout needs at least 2 players: name them all")
        place = {pid: index for index, pid in enumerate(ranking)}
        return sorted(chosen, key=place.__getitem__), {"players": len(chosen)}
    if top is None:
        raise CommandError("give the number of players to cut to (--top 8) or the players")
    if not 2 <= top <= len(ranking):
        raise CommandError(
            f"the cut is to 2 to {len(ranking)} players (the players still in), not {top}"
        )
    return ranking[:top], {"top": top}


def record_match(
    desk: Desk,
    event_id: int,
    match: int,
    games: Sequence[tuple[str, str | None]],
    *,
    expected_version: int | None = None,
) -> Event:
    """The games of match ``match`` so far, each (result, White) as typed, in the order
    played (one ``knockout.games`` record). They replace what was recorded: more games carry
    the match on, other games correct it, none clear it.

    Chess: each result is written White first (``1-0``, ``0-1``, ``½-½``/``=``/``1/2``,
    ``+-``, ``-+``); White is the player the rules give the game (the higher seed or the lot
    in game 1, then alternating; the Armageddon by lot) unless a start number or name says
    who had White. Card and board games: each result is written with the match's first
    player (the higher seed) first, ``1-0``, ``0-1``, or ``=`` for a drawn game.

    A correction that changes who goes through re-seats the later matches; it is refused if
    a later match whose players would change already has games, naming it.
    """

    def build(event: Event) -> Mapping[str, Any]:
        t = event.tournament
        stage = stage_of(event)
        try:
            label = match_label(stage, match)
        except KnockoutError as error:
            raise CommandError(str(error)) from None
        # The match as the earlier matches leave it (they do not depend on this one).
        current = KnockoutStage(
            stage.rules, stage.seeds, tuple(r for r in stage.results if r.match < match), stage.lot
        )
        state = bracket_state(current).match(match)
        top, bottom = state.top, state.bottom
        if state.status is MatchStatus.NOT_NEEDED:
            raise CommandError(
                f"{label} is not played: the winners' bracket winner won the grand final"
            )
        if top is None or bottom is None:
            raise CommandError(f"{label}: its players are not known yet ({_waits_for(state)})")
        coloured = stage.rules.match.coloured
        made: list[Game] = []
        for number, (text, white_ref) in enumerate(games, start=1):
            result = _game_result(text, label, number)
            now = bracket_state(current).match(match)
            if now.winner is not None:
                raise CommandError(
                    f"{label} was decided after game {number - 1} ({_who(t, now.winner)} "
                    f"won {match_score_text(now)}): game {number} is one too many"
                )
            if coloured:
                assert now.next_game is not None
                white = now.next_game.white
                if white_ref is not None and white_ref.strip():
                    white = find_player(t, white_ref).id
                    if white not in (top, bottom):
                        raise CommandError(
                            f"{_who(t, white)} does not play in {label} "
                            f"({_who(t, top)} - {_who(t, bottom)})"
                        )
                assert white is not None
                black = bottom if white == top else top
            else:
                if white_ref is not None and white_ref.strip():
                    raise CommandError(
                        f"{label}: a card or board game's match has no colours; write each "
                        f"game's result with {_who(t, top)} first"
                    )
                white, black = top, bottom
            made.append(Game(white, black, result, coloured=coloured))
            try:
                current = current.with_games(match, made)
            except KnockoutError as error:
                raise CommandError(f"{label}: {error}") from None
        before = stage.games(match)
        after = reseated(stage, match, made, lambda pid: _who(t, pid))
        decided = bracket_state(after).match(match)
        return {
            "match": match,
            "round": label.split(" (", 1)[1].rstrip(")"),
            "players": [top, bottom],
            "games": [
                {"white": g.white, "black": g.black, "result": _result_value(g)} for g in made
            ],
            "score": match_score_text(decided),
            "winner": decided.winner,
            "correction": bool(before) and tuple(made[: len(before)]) != before,
            **_names(t.player(top), t.player(bottom)),
        }

    return _command(desk, event_id, GAMES, build, expected_version)


def _result_value(game: Game) -> str:
    assert game.result is not None
    return game.result.value


def _game_result(text: str, label: str, number: int) -> GameResult:
    entered = parse_result(text)
    if entered.match_score is not None:
        raise CommandError(
            f"{label}, game {number}: {text.strip()!r} is a match score; give the match game "
            "by game (1-0, 0-1, = for a draw, +- or -+ for a forfeit)"
        )
    return entered.result


def _waits_for(state: MatchState) -> str:
    m = state.match
    sources = [s for s, p in ((m.top, state.top), (m.bottom, state.bottom)) if p is None]
    words = []
    for source in sources:
        if isinstance(source, WinnerOf | LoserOf):
            kind = "winner" if isinstance(source, WinnerOf) else "loser"
            words.append(f"the {kind} of match {source.match}")
    return "it waits for " + " and ".join(words) if words else "the grand final decides it"


def _who(t: Tournament, pid: PlayerId | None) -> str:
    if pid is None:
        return "?"
    return f"{pid} {t.player(pid).name}" if t.has_player(pid) else str(pid)


def _halves(halves: int) -> str:
    whole, half = divmod(halves, 2)
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


def match_score_text(state: MatchState) -> str:
    """The score of a match, its first player's first: ``2-1`` (games won) or ``2½-1½``
    (chess points)."""
    a, b = state.score
    if any(g.coloured for g in state.games):
        return f"{_halves(a)}-{_halves(b)}"
    return f"{a}-{b}"


def match_title(state: BracketState, number: int) -> str:
    """``Match 5 (Semi-finals)``, as a heading."""
    label = match_label(state.stage, number)
    return label[0].upper() + label[1:]


def bracket(event: Event) -> BracketState:
    """Who plays each match of the event's knockout and what the games decided, worked out
    once per version of the event."""
    stage = stage_of(event)
    return event.memo("knockout.bracket", lambda: bracket_state(stage))


@dataclass(frozen=True, slots=True)
class FinalPlace:
    """One line of a staged event's final standings."""

    place: str
    """``1``, ``3-4``, ``9``; empty for a player still in the knockout."""
    player: Player
    stage: str
    """``knockout``, or the earlier stage's system in words (``Swiss (casual)``)."""
    decided: str
    """What decided the place, in words: ``won the final``, ``lost in the quarter-finals``,
    ``12 points after 5 rounds``."""


def final_standings(event: Event) -> list[FinalPlace]:
    """The final standings: the knockout's places decided so far (the winner, the finalist,
    the players knocked out in each round sharing a place in seed order, a third-place match
    splitting 3-4), the players still in, then the players below the cut in the order of the
    earlier stage's standings, numbered on. Before the cut: the standings as they are."""
    t = event.tournament
    stage = t.knockout
    rows: list[FinalPlace] = []
    seeded: set[PlayerId] = set()
    if stage is not None:
        state = bracket(event)
        placed = placings(state)
        for placing in placed:
            rows.append(
                FinalPlace(
                    placing.text,
                    t.player(placing.player),
                    "knockout",
                    _how_decided(state, placing.player, placing.first),
                )
            )
        done = {p.player for p in placed}
        for pid in stage.seeds:
            if pid not in done:
                rows.append(FinalPlace("", t.player(pid), "knockout", _still_in(state, pid)))
        seeded = set(stage.seeds)
    if event.settings.system.knockout:
        return rows
    table = standings(event)
    place = len(seeded)
    system = event.settings.system.label
    for row in table.rows:
        if row.player_id in seeded:
            continue
        place += 1
        rows.append(
            FinalPlace(
                str(place),
                t.player(row.player_id),
                system,
                f"{_points(row.points)} points after {table.rounds} rounds, "
                f"{_ordinal(row.rank)} in the standings",
            )
        )
    return rows


def _points(points: Fraction) -> str:
    return format_points(int(points * 10))


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _how_decided(state: BracketState, pid: PlayerId, first: int) -> str:
    bracket_ = state.bracket
    played = [m for m in state.matches_of(pid) if m.status is MatchStatus.DECIDED]
    if not played:
        return ""
    last = played[-1]
    name = round_name(bracket_, last.match.section, last.match.round).lower()
    if last.match.section is Section.THIRD:
        verb = "won" if last.winner == pid else "lost"
        return f"{verb} the third-place match"
    if first == 1:
        return f"won the {name}"
    if last.match.section in (Section.FINAL, Section.RESET) or (
        bracket_.kind is BracketKind.SINGLE and first == 2
    ):
        return f"lost the {name}"
    return f"lost in the {name}" if not name.startswith("losers'") else f"lost in {name}"


def _still_in(state: BracketState, pid: PlayerId) -> str:
    for m in state.matches_of(pid):
        if m.status in (MatchStatus.READY, MatchStatus.PLAYING):
            return f"plays {match_label(state.stage, m.match.number)}"
    return "still in"
