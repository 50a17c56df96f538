"""A team event's own settings (spec team-swiss.md §1): boards, match points, the score that
ranks the teams, the colour model and the board colours.

Apart from :mod:`fairpair.service.settings` so that an individual event's commands do not
load the team events' core (:mod:`fairpair.core.teams`); the names are exported there too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fairpair.core import Colour, PointSystem, format_points, points_from_text
from fairpair.core.teams import ColourModel, PrimaryScore, TeamScoring, alternating_colours
from fairpair.service.errors import CommandError
from fairpair.service.settings import System

__all__ = [
    "COLOUR_MODEL_CHOICES",
    "PRIMARY_CHOICES",
    "TeamSettings",
    "parse_board_colours",
    "parse_colour_model",
    "parse_match_points",
    "parse_primary",
]


_COLOUR_MODELS = {
    "typea": ColourModel.TYPE_A,
    "typeb": ColourModel.TYPE_B,
    "none": ColourModel.NONE,
}
_COLOUR_MODEL_WORDS = {
    ColourModel.TYPE_A: "Type A (preferences without strength, C.04.6 1.7.1)",
    ColourModel.TYPE_B: "Type B (strong and mild preferences, C.04.6 1.7.2)",
    ColourModel.NONE: "none (no colour preferences)",
}
_PRIMARY = {"mp": PrimaryScore.MATCH_POINTS, "gp": PrimaryScore.GAME_POINTS}
COLOUR_MODEL_CHOICES = tuple(
    (key, _COLOUR_MODEL_WORDS[model][:1].upper() + _COLOUR_MODEL_WORDS[model][1:])
    for key, model in _COLOUR_MODELS.items()
)
"""The colour models as a form offers them: (what is typed, the model in words)."""
PRIMARY_CHOICES = (
    ("mp", "Match points, then game points"),
    ("gp", "Game points, then match points"),
)
"""The scores that may rank a team event, as a form offers them."""


def parse_colour_model(text: str) -> ColourModel:
    """``typea``, ``typeb`` or ``none`` (case and a ``-`` or space ignored)."""
    key = text.strip().lower().replace("-", "").replace(" ", "").replace("_", "")
    try:
        return _COLOUR_MODELS[key]
    except KeyError:
        raise CommandError(f"colour model {text!r}: choose typea, typeb or none") from None


def parse_primary(text: str) -> PrimaryScore:
    """``mp`` (match points rank the teams) or ``gp`` (game points do)."""
    try:
        return _PRIMARY[text.strip().lower()]
    except KeyError:
        raise CommandError(
            f"primary score {text!r}: choose mp (match points) or gp (game points)"
        ) from None


def parse_match_points(text: str) -> tuple[int, int, int]:
    """``"2/1/0"`` (also with commas): match points of a won, drawn and lost match, in tenths."""
    parts = [p for p in re.split(r"[/,]", text.replace(" ", "")) if p]
    try:
        if len(parts) != 3:
            raise ValueError("give win/draw/loss, e.g. 2/1/0 or 3/1/0")
        win, draw, loss = (points_from_text(p) for p in parts)
    except ValueError as error:
        raise CommandError(f"match points {text!r}: {error}") from None
    if not loss <= draw <= win:
        raise CommandError(f"match points {text!r}: a win is worth at least a draw, a draw a loss")
    return win, draw, loss


def parse_board_colours(text: str, boards: int) -> str:
    """The White team's colour board by board, e.g. ``WBWB`` (TRF ``352``), one letter a board."""
    letters = text.strip().upper().replace(" ", "")
    if not letters or set(letters) - {"W", "B"}:
        raise CommandError(f"board colours {text!r}: one letter W or B per board, e.g. WBWB")
    if len(letters) != boards:
        raise CommandError(
            f"board colours {text!r}: {len(letters)} letters for {boards} board(s); give one "
            "per board"
        )
    return letters


@dataclass(frozen=True, slots=True)
class TeamSettings:
    """What the organiser of a team event decides beyond an individual event's settings
    (spec team-swiss.md §1): boards per match, match points, which score ranks the teams,
    the colour model and the board colours. The game points of a board are the event's
    ``points``."""

    boards: int = 4
    match_points: tuple[int, int, int] = (20, 10, 0)
    """Won, drawn and lost match, in tenths (TRF ``362``; C.04.6 1.5)."""
    primary: PrimaryScore = PrimaryScore.MATCH_POINTS
    """The score that ranks and pairs the teams (C.04.6 1.2); the other is secondary."""
    secondary_used: bool = True
    """The secondary score decides the White team of a pair (C.04.6 4.2.2)."""
    colour_model: ColourModel = ColourModel.TYPE_A
    board_colours: str = ""
    """The White team's colour on each board (``WBWB``); empty: W, B, W, B, ..."""
    min_board_games: int = 0
    """The fewest games a player needs on a board to be ranked for its board prize."""

    def __post_init__(self) -> None:
        if not 1 <= self.boards <= 14:
            raise CommandError(f"a team match has 1 to 14 boards, not {self.boards}")
        if self.board_colours:
            parse_board_colours(self.board_colours, self.boards)
        if self.min_board_games < 0:
            raise CommandError(
                f"board prizes need a number of games of 0 or more, not {self.min_board_games}"
            )
        win, draw, loss = self.match_points
        if not loss <= draw <= win:
            raise CommandError(
                f"match points need loss <= draw <= win, not {format_points(win)}/"
                f"{format_points(draw)}/{format_points(loss)}"
            )

    @property
    def colours(self) -> tuple[Colour, ...]:
        if not self.board_colours:
            return alternating_colours(self.boards)
        return tuple(Colour.WHITE if c == "W" else Colour.BLACK for c in self.board_colours)

    def scoring(self, games: PointSystem) -> TeamScoring:
        win, draw, loss = self.match_points
        return TeamScoring(
            win=win,
            draw=draw,
            loss=loss,
            games=games,
            primary=self.primary,
            secondary_used=self.secondary_used,
        )

    def tournament_type(self, system: System, double: bool) -> str:
        """The TRF-2026 ``192`` code of the event (spec team-swiss.md §12.10)."""
        if system is System.TEAM_BERGER:
            return "FIDE_TEAM_DOUBLEROUNDROBIN" if double else "FIDE_TEAM_ROUNDROBIN"
        model = {ColourModel.TYPE_A: "TYPEA_", ColourModel.TYPE_B: "TYPEB_"}
        scores = self.primary.value
        if self.secondary_used:
            scores += "_" + self.primary.other.value
        return f"FIDE_TEAM_{model.get(self.colour_model, '')}{scores}"

    def describe(self) -> list[tuple[str, str]]:
        """(label, value) lines for ``event show``."""
        win, draw, loss = self.match_points
        primary = "match points" if self.primary is PrimaryScore.MATCH_POINTS else "game points"
        other = "game points" if self.primary is PrimaryScore.MATCH_POINTS else "match points"
        rank = f"{primary} first, then {other}"
        if not self.secondary_used:
            rank += f" ({other} do not decide colours)"
        return [
            ("boards", str(self.boards)),
            (
                "match points",
                f"won {format_points(win)}, drawn {format_points(draw)}, "
                f"lost {format_points(loss)}",
            ),
            ("ranked by", rank),
            ("colour model", _COLOUR_MODEL_WORDS[self.colour_model]),
            (
                "board colours",
                "".join("W" if c is Colour.WHITE else "B" for c in self.colours)
                + " (the White team's colour on each board)",
            ),
            (
                "board prizes",
                f"at least {self.min_board_games} game(s) on a board"
                if self.min_board_games
                else "every player who played on a board",
            ),
        ]

    def to_data(self) -> dict[str, Any]:
        return {
            "boards": self.boards,
            "match_points": [format_points(v) for v in self.match_points],
            "primary": self.primary.value,
            "secondary_used": self.secondary_used,
            "colour_model": self.colour_model.value,
            "board_colours": self.board_colours,
            "min_board_games": self.min_board_games,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TeamSettings:
        win, draw, loss = (points_from_text(v) for v in data["match_points"])
        return cls(
            boards=data["boards"],
            match_points=(win, draw, loss),
            primary=PrimaryScore(data["primary"]),
            secondary_used=data["secondary_used"],
            colour_model=ColourModel(data["colour_model"]),
            board_colours=data["board_colours"],
            min_board_games=data["min_board_games"],
        )
