"""Knockout brackets for people: a text bracket, a picture of it (SVG), and the description
of an empty bracket that ``fairpair knockout N`` prints.

Everything here reads the core's :class:`~fairpair.core.knockout.BracketState` (or, for an
empty bracket, :func:`~fairpair.core.knockout.draw_bracket`); nothing decides anything.

The empty bracket as JSON (:func:`empty_bracket_data`)::

    {
      "seeds": 6, "size": 8, "kind": "single",          # "double" for double elimination
      "rounds": [                                      # the winners' bracket, round by round
        {"round": 1, "name": "Quarter-finals",
         "matches": [[1, null], [4, 5], [2, null], [3, 6]],
         "numbers": [null, 1, null, 2]},
        {"round": 2, "name": "Semi-finals",
         "matches": [[1, "W1"], [2, "W2"]], "numbers": [3, 4]},
        {"round": 3, "name": "Final", "matches": [["W3", "W4"]], "numbers": [6]}
      ],
      "third_place": {"number": 5, "name": "Third-place match", "match": ["L3", "L4"]},
      "losers_rounds": [...],                          # double elimination only
      "final": {...}, "reset": {...}                   # double elimination only
    }

Round 1 lists every pair of the draw in bracket order, ``null`` standing for a bye (the seed
beside it goes through to round 2 without playing). In every other slot a number is a seed
(one a bye sent on), ``"W5"`` the winner and ``"L5"`` the loser of match 5. ``numbers`` gives
each listed match its number (``null`` for a bye); matches are numbered in an order in which
they can be played. ``third_place`` is there only for a single elimination with a third-place
match (and at least four players). A double elimination adds ``losers_rounds`` (the same shape;
their byes are left out, so their slots name where each player comes from), ``final`` (the
grand final: the winners' bracket winner against the losers' bracket winner) and ``reset``
(the second grand final, between the same two players, played only if the losers' bracket
winner wins the first; ``null`` when the rules have none).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from fairpair.core.knockout import (
    MAX_SEEDS,
    Bracket,
    BracketKind,
    BracketMatch,
    BracketState,
    KnockoutRules,
    KnockoutStage,
    MatchState,
    MatchStatus,
    PhaseKind,
    Section,
    Seed,
    Source,
    WinnerOf,
    bracket_state,
    draw_bracket,
    round_name,
)
from fairpair.core.player import PlayerId

__all__ = [
    "bracket_svg",
    "bracket_text",
    "empty_bracket_data",
    "empty_bracket_svg",
    "empty_bracket_text",
    "match_line",
    "score_text",
]

Names = Mapping[PlayerId, str]


# --- words ------------------------------------------------------------------------------


def _halves(value: int) -> str:
    whole, half = divmod(value, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def _points(state: BracketState, value: int) -> str:
    """A player's score in a match: half points for chess, games won otherwise."""
    return _halves(value) if state.stage.rules.match.coloured else str(value)


def score_text(state: BracketState, ms: MatchState, *, winner_first: bool = False) -> str:
    """The score of a match, top player first (``2-1``, ``2½-1½``), or the winner's first."""
    top, bottom = ms.score
    if winner_first and ms.winner is not None and ms.winner == ms.bottom:
        top, bottom = bottom, top
    return f"{_points(state, top)}-{_points(state, bottom)}"


def _name(names: Names, player: PlayerId) -> str:
    return names.get(player) or f"player {player}"


def _seeded(state: BracketState, names: Names, player: PlayerId) -> str:
    return f"({state.stage.seed_of(player)}) {_name(names, player)}"


def _source_text(source: Source) -> str:
    if isinstance(source, Seed):
        return f"seed {source.seed}"
    if isinstance(source, WinnerOf):
        return f"winner of match {source.match}"
    return f"loser of match {source.match}"


def _next_game_text(state: BracketState, ms: MatchState, names: Names) -> str:
    game = ms.next_game
    if game is None:
        return ""
    phases = state.stage.rules.match.phases
    phase = ""
    if len(phases) > 1 or game.phase.kind is PhaseKind.ARMAGEDDON:
        phase = f" ({game.phase.name or game.phase.text})"
    if game.white is not None:
        who = f"White {_name(names, game.white)}"
    elif game.chooser is not None:
        who = f"{_name(names, game.chooser)} chooses to play or draw"
    else:  # pragma: no cover - the core always says one or the other
        who = ""
    return f"game {game.number}{phase}: {who}"


def _status_text(state: BracketState, ms: MatchState, names: Names) -> str:
    if ms.status is MatchStatus.WAITING:
        return "waiting"
    if ms.status is MatchStatus.NOT_NEEDED:
        return "not needed: the winners' bracket winner won the grand final"
    if ms.status is MatchStatus.DECIDED:
        assert ms.winner is not None and ms.loser is not None
        if ms.forfeited_by is not None:
            return f"{_name(names, ms.winner)} won: {_name(names, ms.loser)} forfeited"
        return f"{_name(names, ms.winner)} won {score_text(state, ms, winner_first=True)}"
    following = _next_game_text(state, ms, names)
    if ms.status is MatchStatus.PLAYING:
        return f"{score_text(state, ms)}, {following}"
    return f"to play, {following}"


def _slot_text(state: BracketState, names: Names, player: PlayerId | None, source: Source) -> str:
    return _source_text(source) if player is None else _seeded(state, names, player)


def _players(state: BracketState, ms: MatchState) -> tuple[PlayerId | None, PlayerId | None]:
    """The two players of a match as far as known; a grand-final reset that is waiting has
    the grand final's players."""
    if ms.match.section is Section.RESET and ms.top is None:
        final = state.match(_final_number(state.bracket))
        return final.top, final.bottom
    return ms.top, ms.bottom


def _final_number(bracket: Bracket) -> int:
    return bracket.section(Section.FINAL)[0].number


def match_line(state: BracketState, ms: MatchState, names: Names) -> str:
    """One match in words: ``Match 5: (1) Alice v (4) Dan, Alice won 2-1``."""
    top, bottom = _players(state, ms)
    m = ms.match
    return (
        f"Match {m.number}: {_slot_text(state, names, top, m.top)} v "
        f"{_slot_text(state, names, bottom, m.bottom)}, {_status_text(state, ms, names)}"
    )


def _kind_text(bracket: Bracket) -> str:
    if bracket.kind is BracketKind.SINGLE:
        extra = ", with a third-place match" if bracket.section(Section.THIRD) else ""
        return f"Single elimination{extra}"
    extra = " and a reset" if bracket.reset else ", no reset"
    return f"Double elimination (grand final{extra})"


def _section_rounds(bracket: Bracket) -> list[tuple[Section, int, tuple[BracketMatch, ...]]]:
    """The rounds of every section in the order they are shown: the winners' bracket, the
    third-place match, the losers' bracket, the grand final and its reset."""
    shown: list[tuple[Section, int, tuple[BracketMatch, ...]]] = []
    for section in (Section.WINNERS, Section.THIRD, Section.LOSERS, Section.FINAL, Section.RESET):
        shown.extend((section, r, ms) for r, ms in bracket.rounds(section))
    return shown


def bracket_text(state: BracketState, names: Names) -> str:
    """The bracket as text, round by round: each match with its number, the players with
    their seeds, and its score or what comes next (the next game's White, or who chooses to
    play or draw first); round 1's byes; the champion once there is one."""
    bracket = state.bracket
    lines = [f"{_kind_text(bracket)}, {bracket.seeds} players, matches: {_format_words(state)}"]
    for section, rnd, matches in _section_rounds(bracket):
        lines.append("")
        lines.append(round_name(bracket, section, rnd))
        for m in matches:
            lines.append("  " + match_line(state, state.match(m.number), names))
        if section is Section.WINNERS and rnd == 1:
            for top, bottom in bracket.first_round:
                if bottom is None:
                    player = state.stage.seeds[top - 1]
                    lines.append(f"  {_seeded(state, names, player)}: bye")
    champion = state.champion
    if champion is not None:
        lines.append("")
        lines.append(f"Winner: {_seeded(state, names, champion)}")
    return "\n".join(lines) + "\n"


def _format_words(state: BracketState) -> str:
    fmt = state.stage.rules.match
    if not fmt.coloured:
        games = fmt.phases[0].games
        return "one game" if games == 1 else f"best of {games} games"
    parts = []
    for phase in fmt.phases:
        if phase.kind is PhaseKind.ARMAGEDDON:
            parts.append("an Armageddon game")
        else:
            noun = "game" if phase.games == 1 else "games"
            parts.append(f"{phase.games} {phase.name} {noun}")
    return ", then ".join(parts) + " if level"


# --- the empty bracket ------------------------------------------------------------------


def _slot(source: Source) -> int | str:
    if isinstance(source, Seed):
        return source.seed
    if isinstance(source, WinnerOf):
        return f"W{source.match}"
    return f"L{source.match}"


def _round_data(
    bracket: Bracket, section: Section, rnd: int, matches: Iterable[BracketMatch]
) -> dict[str, Any]:
    listed = list(matches)
    return {
        "round": rnd,
        "name": round_name(bracket, section, rnd),
        "matches": [[_slot(m.top), _slot(m.bottom)] for m in listed],
        "numbers": [m.number for m in listed],
    }


def _one_match(bracket: Bracket, section: Section) -> dict[str, Any] | None:
    found = bracket.section(section)
    if not found:
        return None
    m = found[0]
    return {
        "number": m.number,
        "name": round_name(bracket, section, m.round),
        "match": [_slot(m.top), _slot(m.bottom)],
    }


def empty_bracket_data(
    n: int,
    kind: BracketKind = BracketKind.SINGLE,
    third_place: bool = False,
    reset: bool = True,
) -> dict[str, Any]:
    """The empty bracket of ``n`` seeds as plain data (see the module's docstring for its
    shape); :class:`~fairpair.core.knockout.KnockoutError` if ``n`` is not 2 to 4,096."""
    bracket = draw_bracket(n, kind, third_place, reset)
    winners = bracket.rounds(Section.WINNERS)
    first = winners[0][1]
    numbers: list[int | None] = []
    real = iter(first)
    for _, bottom in bracket.first_round:
        numbers.append(None if bottom is None else next(real).number)
    rounds: list[dict[str, Any]] = [
        {
            "round": 1,
            "name": round_name(bracket, Section.WINNERS, 1),
            "matches": [[top, bottom] for top, bottom in bracket.first_round],
            "numbers": numbers,
        }
    ]
    rounds += [_round_data(bracket, Section.WINNERS, r, ms) for r, ms in winners[1:]]
    data: dict[str, Any] = {
        "seeds": bracket.seeds,
        "size": bracket.size,
        "kind": bracket.kind.value,
        "rounds": rounds,
    }
    if bracket.kind is BracketKind.SINGLE:
        third = _one_match(bracket, Section.THIRD)
        if third is not None:
            data["third_place"] = third
        return data
    data["losers_rounds"] = [
        _round_data(bracket, Section.LOSERS, r, ms) for r, ms in bracket.rounds(Section.LOSERS)
    ]
    data["final"] = _one_match(bracket, Section.FINAL)
    data["reset"] = _one_match(bracket, Section.RESET)
    return data


def empty_bracket_text(
    n: int,
    kind: BracketKind = BracketKind.SINGLE,
    third_place: bool = False,
    reset: bool = True,
) -> str:
    """The empty bracket of ``n`` seeds in words, round by round: who meets whom (seeds,
    byes, the winner or loser of an earlier match)."""
    bracket = draw_bracket(n, kind, third_place, reset)
    lines = [f"{_kind_text(bracket)}, {n} players (a bracket of {bracket.size})"]
    for section, rnd, matches in _section_rounds(bracket):
        lines.append("")
        lines.append(round_name(bracket, section, rnd))
        for m in matches:
            note = ""
            if section is Section.RESET:
                note = " (only if the losers' bracket winner wins the grand final)"
            lines.append(
                f"  Match {m.number}: {_source_text(m.top)} v {_source_text(m.bottom)}{note}"
            )
        if section is Section.WINNERS and rnd == 1:
            lines.extend(
                f"  seed {top}: bye" for top, bottom in bracket.first_round if bottom is None
            )
    return "\n".join(lines) + "\n"


# --- the picture ------------------------------------------------------------------------

_BOX_W = 200
_ROW_H = 20
_BOX_H = 2 * _ROW_H
_LABEL_H = 15
"""The line above a box: its match number (and the next game of a current match)."""
_PITCH = _BOX_H + _LABEL_H + 11
"""Vertical room for one first-round match."""
_COL_W = _BOX_W + 44
_MARGIN = 12
_HEADER_H = 26
_GAP = 36
"""Between the winners' and the losers' brackets."""
_NAME_CHARS = 21
_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif"

_INK = "#1f2328"
_MUTED = "#6e7781"
_LINE = "#8c959f"
_CURRENT = "#c2410c"
_CURRENT_FILL = "#fff4e5"
_WON_FILL = "#e6f4ea"

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""Characters an XML document cannot hold at all (control characters, lone surrogates)."""


def _x(text: str) -> str:
    """Text made safe inside an element or an attribute."""
    return html.escape(_NOT_XML.sub("\ufffd", text), quote=True)


def _cut(text: str, size: int) -> str:
    return text if len(text) <= size else text[: size - 1].rstrip() + "…"


@dataclass(frozen=True, slots=True)
class _Place:
    x: float
    y: float
    """The top-left corner of the box (its label line is above it)."""

    def out(self) -> tuple[float, float]:
        return self.x + _BOX_W, self.y + _BOX_H / 2

    def into(self, row: int) -> tuple[float, float]:
        return self.x, self.y + row * _ROW_H + _ROW_H / 2


class _Layout:
    """Where each box goes. Each section's first round has one place per drawn pair (byes
    included) and every later match sits midway between the two it follows, so the lines
    of the tree never cross; the losers' bracket lies below the winners', the grand final
    and its reset to the right of both."""

    def __init__(self, bracket: Bracket) -> None:
        self.bracket = bracket
        self.places: dict[int, _Place] = {}
        self.byes: dict[int, _Place] = {}
        self.headers: list[tuple[float, float, str]] = []
        rounds = bracket.winners_rounds
        top = _MARGIN + _HEADER_H
        real = iter(bracket.rounds(Section.WINNERS)[0][1])
        for i, (seed, bottom) in enumerate(bracket.first_round):
            if bottom is None:
                self.byes[seed] = self._at(0, top, i, 1)
            else:
                m = next(real)
                self.places[m.number] = self._at(0, top, i, 1)
        for r, matches in bracket.rounds(Section.WINNERS):
            self._header(r - 1, top, round_name(bracket, Section.WINNERS, r))
            if r > 1:
                for j, m in enumerate(matches):
                    self.places[m.number] = self._at(r - 1, top, j, 1 << (r - 1))
        bottom_edge = top + len(bracket.first_round) * _PITCH
        third = bracket.section(Section.THIRD)
        if third:
            final = self.places[bracket.section(Section.WINNERS)[-1].number]
            self.places[third[0].number] = _Place(final.x, final.y + 1.5 * _PITCH)
        losers = bracket.rounds(Section.LOSERS)
        if losers:
            ltop = bottom_edge + _GAP + _HEADER_H
            for r, _ in losers:
                self._header(r - 1, ltop, round_name(bracket, Section.LOSERS, r))
            self._place_losers(bracket, ltop)
        finals = bracket.section(Section.FINAL) + bracket.section(Section.RESET)
        if finals:
            column = max(rounds, 2 * rounds - 2)
            wf = self.places[bracket.section(Section.WINNERS)[-1].number]
            ends = [wf.y] + ([self.places[losers[-1][1][-1].number].y] if losers else [])
            y = sum(ends) / len(ends) if losers else wf.y + _PITCH
            for i, m in enumerate(finals):
                self.places[m.number] = _Place(_MARGIN + (column + i) * _COL_W, y)
                self._header(column + i, top, round_name(bracket, m.section, m.round))
        boxes = list(self.places.values()) + list(self.byes.values())
        self.width = max(b.x for b in boxes) + _BOX_W + _MARGIN
        self.height = max(b.y for b in boxes) + _BOX_H + _MARGIN

    def _at(self, column: int, top: float, slot: int, span: int) -> _Place:
        centre = (slot * span + (span - 1) / 2) * _PITCH
        return _Place(_MARGIN + column * _COL_W, top + centre + _LABEL_H)

    def _header(self, column: int, top: float, text: str) -> None:
        self.headers.append((_MARGIN + column * _COL_W, top - 10, text))

    def _place_losers(self, bracket: Bracket, top: float) -> None:
        """The losers' bracket as the tree it is: each match's winner goes on to one later
        match, up to the losers' final. The matches fed by no earlier losers' match (those
        whose players drop from the winners' bracket) take the next free place from the top,
        in the order the tree is walked, and every other match sits midway between the
        losers' matches it follows, so that no two lines cross whatever the byes took out."""
        losers = bracket.section(Section.LOSERS)
        inside = {m.number for m in losers}
        feeders = {
            m.number: [
                s.match for s in (m.top, m.bottom) if isinstance(s, WinnerOf) and s.match in inside
            ]
            for m in losers
        }
        rounds = {m.number: m.round for m in losers}
        leaves = 0

        def place(number: int) -> float:
            nonlocal leaves
            if feeders[number]:
                centre = sum(place(f) for f in feeders[number]) / len(feeders[number])
            else:
                centre = leaves * _PITCH + _LABEL_H + _BOX_H / 2
                leaves += 1
            self.places[number] = _Place(
                _MARGIN + (rounds[number] - 1) * _COL_W, top + centre - _BOX_H / 2
            )
            return centre

        place(losers[-1].number)


def _isolated(text: str) -> str:
    """A name kept whole inside a line of other words: a right-to-left name does not pull
    the words beside it into its own direction (first-strong isolate, pop isolate)."""
    return f"\u2068{text}\u2069"


def _short_next_game(ms: MatchState, names: Names) -> str:
    """The next game in a few words for the line above a box: ``game 3, White Alice``."""
    game = ms.next_game
    assert game is not None
    if game.white is not None:
        who = f"White {_isolated(_cut(_name(names, game.white), 14))}"
    else:
        assert game.chooser is not None
        who = f"{_isolated(_cut(_name(names, game.chooser), 12))} chooses"
    return f"game {game.number}, {who}"


def _row_label(
    state: BracketState, names: Names, player: PlayerId | None, source: Source
) -> tuple[str, str, bool]:
    """Seed, name and whether the name is known for one row of a box."""
    if player is None:
        text = _source_text(source)
        return "", text[0].upper() + text[1:], False
    return str(state.stage.seed_of(player)), _name(names, player), True


def _box(
    out: list[str],
    state: BracketState,
    ms: MatchState,
    place: _Place,
    names: Names,
    current: bool,
) -> None:
    m = ms.match
    top, bottom = _players(state, ms)
    classes = "fpb-match" + (" fpb-current" if current else "")
    if ms.status is MatchStatus.NOT_NEEDED:
        classes += " fpb-not-needed"
    out.append(f'<g class="{classes}" data-match="{m.number}" data-status="{ms.status.value}">')
    out.append(f"<title>{_x(round_name(state.bracket, m.section, m.round))}. ")
    out.append(f"{_x(match_line(state, ms, names))}</title>")
    label = f"Match {m.number}"
    if m.section is Section.THIRD:
        label += ", third place"
    elif current and ms.next_game is not None:
        label += f" · {_short_next_game(ms, names)}"
    elif ms.status is MatchStatus.NOT_NEEDED:
        label += " · not needed"
    out.append(
        f'<text x="{place.x}" y="{place.y - 4}" font-size="10.5" '
        f'fill="{_CURRENT if current else _MUTED}">{_x(label)}</text>'
    )
    stroke, width, fill = (_CURRENT, 2.5, _CURRENT_FILL) if current else (_LINE, 1, "#ffffff")
    dash = ' stroke-dasharray="4 3"' if ms.status is MatchStatus.NOT_NEEDED else ""
    out.append(
        f'<rect x="{place.x}" y="{place.y}" width="{_BOX_W}" height="{_BOX_H}" rx="4" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{width}"{dash}/>'
    )
    scores = ms.score
    shown = ms.status in (MatchStatus.PLAYING, MatchStatus.DECIDED)
    for row, (player, source) in enumerate(((top, m.top), (bottom, m.bottom))):
        y = place.y + row * _ROW_H
        won = ms.winner is not None and player == ms.winner
        lost = ms.winner is not None and not won
        if won:
            out.append(
                f'<rect class="fpb-winner" x="{place.x + 1}" y="{y + 1}" width="{_BOX_W - 2}" '
                f'height="{_ROW_H - 2}" fill="{_WON_FILL}"/>'
            )
        seed, name, known = _row_label(state, names, player, source)
        baseline = y + _ROW_H - 6
        weight = ' font-weight="700"' if won else ""
        colour = _MUTED if lost or not known else _INK
        style = "" if known else ' font-style="italic"'
        out.append(
            f'<text x="{place.x + 22}" y="{baseline}" font-size="10.5" text-anchor="end" '
            f'fill="{_MUTED}">{seed}</text>'
        )
        out.append(
            f'<text class="fpb-name" x="{place.x + 28}" y="{baseline}" font-size="13" '
            f'fill="{colour}"{weight}{style}>{_x(_cut(name, _NAME_CHARS))}</text>'
        )
        if shown:
            if ms.forfeited_by is not None:
                mark = "−" if player == ms.forfeited_by else "+"
            else:
                mark = _points(state, scores[row])
            out.append(
                f'<text x="{place.x + _BOX_W - 8}" y="{baseline}" font-size="13" '
                f'text-anchor="end" fill="{colour}"{weight}>{mark}</text>'
            )
    out.append(
        f'<line x1="{place.x}" y1="{place.y + _ROW_H}" x2="{place.x + _BOX_W}" '
        f'y2="{place.y + _ROW_H}" stroke="{_LINE}" stroke-width="0.5"/>'
    )
    out.append("</g>")


def _bye(out: list[str], state: BracketState, seed: int, place: _Place, names: Names) -> None:
    player = state.stage.seeds[seed - 1]
    out.append(f'<g class="fpb-bye" data-seed="{seed}">')
    out.append(f"<title>{_x(_seeded(state, names, player))}: bye to the next round</title>")
    out.append(
        f'<rect x="{place.x}" y="{place.y}" width="{_BOX_W}" height="{_BOX_H}" rx="4" '
        f'fill="#f6f8fa" stroke="{_LINE}" stroke-width="1" stroke-dasharray="4 3"/>'
    )
    for row, (left, text, colour) in enumerate(
        ((str(seed), _name(names, player), _INK), ("", "bye", _MUTED))
    ):
        baseline = place.y + row * _ROW_H + _ROW_H - 6
        out.append(
            f'<text x="{place.x + 22}" y="{baseline}" font-size="10.5" text-anchor="end" '
            f'fill="{_MUTED}">{left}</text>'
        )
        out.append(
            f'<text class="fpb-name" x="{place.x + 28}" y="{baseline}" font-size="13" '
            f'fill="{colour}">{_x(_cut(text, _NAME_CHARS))}</text>'
        )
    out.append("</g>")


def _connector(out: list[str], start: tuple[float, float], end: tuple[float, float]) -> None:
    (x1, y1), (x2, y2) = start, end
    middle = x2 - 22
    out.append(
        f'<path d="M{x1} {y1}H{middle}V{y2}H{x2}" fill="none" stroke="{_LINE}" stroke-width="1.2"/>'
    )


def bracket_svg(state: BracketState, names: Names, *, highlight_current: bool = True) -> str:
    """The bracket as a picture (an SVG document, no scripts): rounds from left to right
    joined by lines, a double elimination's losers' bracket below the winners' and the grand
    final (and its reset) to the right; each match a box with its two players (seed, name,
    score), the winner's row marked, round 1's byes as boxes saying "bye", and the matches
    being played now (ready or under way) highlighted. Sized by its ``viewBox`` so that it
    scales, with its natural ``width`` and ``height`` so that a phone scrolls it sideways
    rather than shrinking it beyond reading."""
    bracket = state.bracket
    layout = _Layout(bracket)
    width, height = round(layout.width), round(layout.height)
    title = f"{_kind_text(bracket)}, {bracket.seeds} players"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="fpb-bracket" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" font-family="{_FONT}" '
        f'role="img" aria-label="{_x(title)}">',
        f"<title>{_x(title)}</title>",
    ]
    for x, y, text in layout.headers:
        out.append(
            f'<text class="fpb-round" x="{x}" y="{y}" font-size="12.5" font-weight="700" '
            f'fill="{_INK}">{_x(text)}</text>'
        )
    # Lines first, so that the boxes are drawn over their ends.
    for m in bracket.matches:
        target = layout.places[m.number]
        if m.section is Section.RESET:
            start = layout.places[_final_number(bracket)].out()
            _connector(out, start, target.into(0))
            continue
        for row, source in enumerate((m.top, m.bottom)):
            if isinstance(source, WinnerOf):
                _connector(out, layout.places[source.match].out(), target.into(row))
            elif isinstance(source, Seed) and source.seed in layout.byes:
                _connector(out, layout.byes[source.seed].out(), target.into(row))
    for seed, place in layout.byes.items():
        _bye(out, state, seed, place, names)
    for ms in state.matches:
        current = highlight_current and ms.current
        _box(out, state, ms, layout.places[ms.match.number], names, current)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def empty_bracket_svg(
    n: int,
    kind: BracketKind = BracketKind.SINGLE,
    third_place: bool = False,
    reset: bool = True,
) -> str:
    """The picture of the empty bracket of ``n`` seeds (each player shown as "Seed k")."""
    rules = KnockoutRules(kind=kind, third_place=third_place, reset=reset)
    seeds = tuple(range(1, n + 1)) if 2 <= n <= MAX_SEEDS else ()
    draw_bracket(n, kind, third_place, reset)  # the size refused in the bracket's words
    state = bracket_state(KnockoutStage(rules, seeds))
    return bracket_svg(state, {s: f"Seed {s}" for s in seeds}, highlight_current=False)
