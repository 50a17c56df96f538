"""What a director types into a form or sends to the API, checked field by field.

Each function returns what the service works with, or raises :class:`FieldErrors` with one
message per field that is wrong, so that a form can show each next to its field.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fairpair.core import Colour, Player, PointSystem, points_from_text
from fairpair.core.double_swiss import ByeValues
from fairpair.core.teams import PrimaryScore
from fairpair.formats import player_fields
from fairpair.service.double_events import check_double_tiebreaks, draw_initial_colour
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.events import check_tiebreaks
from fairpair.service.settings import (
    ByeLimit,
    DoubleSwissSettings,
    EventSettings,
    Game,
    KnockoutSettings,
    System,
    TeamSettings,
    WithdrawalPolicy,
    parse_board_colours,
    parse_bye_values,
    parse_colour_model,
    parse_match_points,
    parse_points,
    parse_primary,
    usual_scoring,
)
from fairpair.service.team_events import check_team_tiebreaks
from fairpair.service.text_fields import text_problem

__all__ = [
    "PlayerEntry",
    "double_event_settings",
    "event_settings",
    "missed_rounds",
    "player_entry",
    "roster_lines",
    "team_event_settings",
    "tiebreak_codes",
]


def tiebreak_codes(text: str) -> tuple[str, ...]:
    """Codes as typed, separated by commas or spaces: ``"BH-C1, BH DE"``."""
    return tuple(code for code in re.split(r"[,\s]+", text.strip()) if code)


def event_settings(
    name: str,
    system: str,
    rounds: str | int | None,
    points: str,
    tiebreaks: str,
    bye_limit: str = "",
    withdrawal_policy: str = "",
    game: str = "",
    colours: bool = False,
    *,
    bracket: str = "",
    match: str = "",
    third_place: bool = False,
    reset: bool = True,
    first_white: str = "",
) -> EventSettings:
    """The settings of a new event from the fields of the form (empty ``game`` and
    ``points``: as :func:`usual_scoring` decides, chess unless a casual Swiss or match points
    make a card game; empty ``tiebreaks`` the usual ones for the game and system, empty
    ``bye_limit`` none;
    ``half=2,last=2``: at most two half-point byes, none in the last two rounds; empty
    ``withdrawal_policy`` is ``keep_played_forfeit_rest``, the only one a Swiss takes).

    A knockout (``system`` ``knockout``) has no rounds; its ``bracket`` (single, double),
    ``match`` format (``best-of-3``, ``classical:2,rapid:2,blitz:2,armageddon``; empty: one
    game), ``third_place``, ``reset`` and ``first_white`` (seed, lot) are read by
    :meth:`KnockoutSettings.parse`; given to another system they are refused."""
    errors: dict[str, str] = {}
    if not name.strip():
        errors["name"] = "give the event a name"
    elif len(name.strip()) > 200:
        errors["name"] = "at most 200 characters"
    given_system: System | None = None
    if system.strip():
        try:
            given_system = System(system.strip())
        except ValueError:
            errors["system"] = "choose one of " + ", ".join(s.value for s in System)
    given_game: Game | None = None
    if game.strip():
        try:
            given_game = Game(game.strip().lower())
        except ValueError:
            errors["game"] = "choose one of " + ", ".join(g.value for g in Game)
    given_points: PointSystem | None = None
    if points.strip():
        try:
            given_points = parse_points(points)
        except CommandError as error:
            errors["points"] = str(error)
    try:
        chosen, chosen_game, point_system = usual_scoring(
            given_system, given_game, given_points, colours
        )
    except CommandError as error:
        chosen, chosen_game, point_system = usual_scoring(given_system, given_game, given_points)
        errors["points" if given_points else "game"] = str(error)
    number: int | None = None
    if isinstance(rounds, int):
        number = rounds
    elif rounds is not None and rounds.strip():
        if rounds.strip().isdecimal():
            number = int(rounds.strip())
        else:
            errors["rounds"] = f"{rounds.strip()!r} is not a whole number"
    knockout: KnockoutSettings | None = None
    if chosen.knockout:
        try:
            knockout = KnockoutSettings.parse(
                bracket=bracket,
                match=match,
                third_place=third_place,
                reset=reset,
                first_white=first_white,
            )
        except FieldErrors as error:
            errors.update(error.errors)
        if number is not None:
            errors["rounds"] = "a knockout plays matches until one player is left: leave empty"
    else:
        given = {"bracket": bracket, "match": match, "first_white": first_white}
        for key, value in given.items():
            if value.strip():
                errors[key] = "for a knockout event (system knockout)"
        if third_place:
            errors["third_place"] = "for a knockout event (system knockout)"
        if number is not None and not 1 <= number <= 99:
            errors["rounds"] = "between 1 and 99"
        elif number is None and not chosen.round_robin and "rounds" not in errors:
            errors["rounds"] = "a Swiss plays a set number of rounds: type how many, e.g. 7"
    codes = tiebreak_codes(tiebreaks)
    try:
        check_tiebreaks(codes)
    except CommandError as error:
        errors["tiebreaks"] = str(error)
    limit = ByeLimit()
    if bye_limit.strip():
        try:
            limit = ByeLimit.parse(bye_limit)
        except CommandError as error:
            errors["bye_limit"] = str(error)
        if (chosen.round_robin or chosen.knockout) and limit.limits_anything:
            errors["bye_limit"] = (
                "a round robin or a knockout has no requested byes: a bye limit is for a Swiss"
            )
    policy = WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST
    if withdrawal_policy.strip():
        try:
            policy = WithdrawalPolicy(withdrawal_policy.strip())
        except ValueError:
            errors["withdrawal_policy"] = "choose one of " + ", ".join(
                p.value for p in WithdrawalPolicy
            )
        swiss = not chosen.round_robin and "system" not in errors
        if policy is not WithdrawalPolicy.KEEP_PLAYED_FORFEIT_REST and swiss:
            errors["withdrawal_policy"] = (
                "a Swiss stops pairing a player who withdraws and keeps his results: "
                "this choice is for round robins"
            )
    if errors:
        raise FieldErrors(errors)
    return EventSettings(
        name=name.strip(),
        system=chosen,
        rounds=number,
        points=point_system,
        tiebreaks=codes,
        game=chosen_game,
        bye_limit=limit,
        withdrawal_policy=policy,
        knockout=knockout,
    )


def missed_rounds(text: str) -> tuple[int, ...] | None:
    """A late entry's points (tenths) for the rounds already paired, as typed: ``0.5`` for
    each, or one value per round, ``0,0.5``; ``None`` when nothing is typed."""
    if not text.strip():
        return None
    try:
        return tuple(points_from_text(part) for part in text.replace(" ", "").split(","))
    except (ValueError, ZeroDivisionError):
        raise FieldErrors(
            {"missed": "points such as 0.5, or one value per missed round: 0,0.5"}
        ) from None


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    """A player as typed: the name and the details :func:`register_player` takes."""

    name: str
    details: dict[str, Any]
    missed_points: tuple[int, ...] | None = None
    """A late entry's points (tenths) for the rounds already paired: one for all, or one per
    round; ``None``: nothing for them."""


def player_entry(
    name: str,
    rating: str | int | None = None,
    title: str = "",
    federation: str = "",
    club: str = "",
    missed: str = "",
    fide_id: str = "",
    birth_date: str = "",
    sex: str = "",
) -> PlayerEntry:
    """A player from the fields of the form (only the name is required); ``missed`` is a late
    entry's points for the rounds already paired, e.g. ``0.5`` or ``0,0.5``. The report fields
    (title, federation, FIDE ID, birth date, sex) are read as a CSV import reads them."""
    errors: dict[str, str] = {}
    if not name.strip():
        errors["name"] = "give the player's name"
    elif (problem := text_problem(name.strip())) is not None:
        errors["name"] = problem
    value: int | None = None
    if isinstance(rating, int):
        value = rating
    elif rating is not None and rating.strip():
        if rating.strip().isascii() and rating.strip().isdecimal():
            value = int(rating.strip())
        else:
            errors["rating"] = f"{rating.strip()!r} is not a whole number"
    if value is not None and not 0 <= value <= 4000:
        errors["rating"] = "between 0 and 4000"
    typed = {"title": title, "federation": federation, "fide_id": fide_id}
    typed |= {"birth_date": birth_date, "sex": sex}
    report = player_fields.read(typed, errors)
    missed_points: tuple[int, ...] | None = None
    try:
        missed_points = missed_rounds(missed)
    except FieldErrors as error:
        errors.update(error.errors)
    if errors:
        raise FieldErrors(errors)
    details = {"rating": value, "club": club.strip(), **report}
    return PlayerEntry(name.strip(), details, missed_points)


def _whole(text: str, errors: dict[str, str], key: str, low: int, high: int) -> int | None:
    """A whole number typed in field ``key`` (empty: None), between ``low`` and ``high``."""
    if not text.strip():
        return None
    if not text.strip().isdecimal():
        errors[key] = f"{text.strip()!r} is not a whole number"
        return None
    value = int(text.strip())
    if not low <= value <= high:
        errors[key] = f"between {low} and {high}"
        return None
    return value


def team_event_settings(
    name: str,
    system: str,
    rounds: str,
    points: str = "",
    tiebreaks: str = "",
    *,
    boards: str = "",
    match_points: str = "",
    primary: str = "",
    colour_model: str = "",
    board_colours: str = "",
    min_board_games: str = "",
    double: str = "",
    initial_colour: str = "",
) -> EventSettings:
    """The settings of a new team event from the fields of the form, each refusal under the
    name of its field: empty ``boards`` is 4, ``match_points`` 2/1/0, ``primary`` match
    points, ``colour_model`` Type A, ``points`` (a board's game points) chess's 1, ½, 0,
    ``tiebreaks`` the usual team tie-break; a team Swiss needs its number of rounds, a team
    round robin counts its own."""
    errors: dict[str, str] = {}
    if not name.strip():
        errors["name"] = "give the event a name"
    elif len(name.strip()) > 200:
        errors["name"] = "at most 200 characters"
    chosen = System.TEAM_SWISS
    try:
        chosen = System(system.strip())
    except ValueError:
        errors["system"] = "choose one of " + ", ".join(s.value for s in System)
    if not chosen.team:
        errors["system"] = f"{chosen.label} is not a team system"
    number = _whole(rounds, errors, "rounds", 1, 99)
    if chosen.team_round_robin and number is not None:
        errors["rounds"] = "a team round robin counts its own rounds from its teams: leave empty"
    elif not chosen.team_round_robin and number is None and "rounds" not in errors:
        errors["rounds"] = "a team Swiss plays a set number of rounds: type how many, e.g. 7"
    game_points = usual_scoring(chosen, Game.CHESS)[2]
    if points.strip():
        try:
            game_points = parse_points(points)
        except CommandError as error:
            errors["points"] = str(error)
    codes = tiebreak_codes(tiebreaks)
    try:
        check_team_tiebreaks(codes)
    except CommandError as error:
        errors["tiebreaks"] = str(error)
    board_count = _whole(boards, errors, "boards", 1, 14)
    if board_count is None:
        board_count = 4
    readers: dict[str, tuple[str, Callable[[str], Any]]] = {
        "match_points": (match_points or "2/1/0", parse_match_points),
        "primary": (primary or "mp", parse_primary),
        "colour_model": (colour_model or "typea", parse_colour_model),
    }
    read: dict[str, Any] = {}
    for key, (text, reader) in readers.items():
        try:
            read[key] = reader(text)
        except CommandError as error:
            errors[key] = str(error)
    colours = ""
    if board_colours.strip():
        try:
            colours = parse_board_colours(board_colours, board_count)
        except CommandError as error:
            errors["board_colours"] = str(error)
    minimum = _whole(min_board_games, errors, "min_board_games", 0, 99) or 0
    if double.strip().lower() not in ("", "yes", "no"):
        errors["double"] = "yes or no"
    elif double.strip().lower() == "yes" and not chosen.team_round_robin:
        errors["double"] = "a double round robin is a team round robin's choice"
    first = initial_colour.strip().lower() or "white"
    if first not in ("white", "black"):
        errors["initial_colour"] = "white or black"
    if errors:
        raise FieldErrors(errors)
    team = TeamSettings(
        boards=board_count,
        match_points=read["match_points"],
        primary=read["primary"],
        colour_model=read["colour_model"],
        board_colours=colours,
        min_board_games=minimum,
    )
    return EventSettings(
        name=name.strip(),
        system=chosen,
        rounds=number,
        points=game_points,
        tiebreaks=codes,
        initial_colour=Colour.BLACK if first == "black" else Colour.WHITE,
        double=double.strip().lower() == "yes",
        team=team,
    )


def roster_lines(text: str) -> tuple[Player, ...]:
    """A team's players as typed in a box, one a line in board order: ``name, rating`` (the
    rating may be left out; a name may hold commas, ``Doe, John, 2100``). :class:`FieldErrors`
    under ``players`` names the line that is wrong."""
    players: list[Player] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        name, comma, last = line.rpartition(",")
        rating: int | None = None
        if comma and last.strip().isascii() and last.strip().isdecimal():
            rating = int(last.strip())
            if not 0 <= rating <= 4000:
                raise FieldErrors({"players": f"line {number}: a rating between 0 and 4000"})
        else:
            name = line
        name = " ".join(name.split()).strip(" ,")
        if not name:
            raise FieldErrors({"players": f"line {number}: give the player's name"})
        if len(name) > 200:
            raise FieldErrors({"players": f"line {number}: a name of at most 200 characters"})
        players.append(Player(id=len(players) + 1, name=name, rating=rating))
    return tuple(players)


def double_event_settings(
    name: str,
    rounds: str,
    tiebreaks: str = "",
    *,
    initial_colour: str = "",
    byes: str = "",
    primary: str = "",
) -> EventSettings:
    """The settings of a new Double-Swiss from the fields of a form, each refusal under the
    name of its field: ``rounds`` the number of match-rounds (needed), ``initial_colour``
    the top seed's colour in game 1 of round 1 (``white``, ``black``; empty: drawn by lot,
    C.04.5 4.1), ``byes`` what the pairing-allocated, half-point and full-point byes are
    worth (``1.5/1/2``, the empty field's values), ``primary`` the score that ranks (``gp``
    game points, the empty field's, or ``mp``)."""
    errors: dict[str, str] = {}
    if not name.strip():
        errors["name"] = "give the event a name"
    elif len(name.strip()) > 200:
        errors["name"] = "at most 200 characters"
    text = rounds.strip()
    number = int(text) if text.isdecimal() and len(text) <= 2 and int(text) >= 1 else None
    if not text:
        errors["rounds"] = "a Double-Swiss plays a set number of match-rounds: type how many"
    elif number is None:
        errors["rounds"] = f"{text!r}: the number of match-rounds is a whole number, 1 to 99"
    codes = tiebreak_codes(tiebreaks)
    try:
        check_double_tiebreaks(codes)
    except CommandError as error:
        errors["tiebreaks"] = str(error)
    colour = initial_colour.strip().lower()
    if colour not in ("", "white", "black"):
        errors["initial_colour"] = "white or black (without it, the colour is drawn by lot)"
    values = ByeValues()
    if byes.strip():
        try:
            values = parse_bye_values(byes)
        except CommandError as error:
            errors["byes"] = str(error)
    score = PrimaryScore.GAME_POINTS
    try:
        score = parse_primary(primary or "gp")
    except CommandError as error:
        errors["primary"] = str(error)
    if errors:
        raise FieldErrors(errors)
    drawn = not colour
    chosen = draw_initial_colour() if drawn else Colour[colour.upper()]
    return EventSettings(
        name=name.strip(),
        system=System.DOUBLE_SWISS,
        rounds=number,
        tiebreaks=codes,
        initial_colour=chosen,
        double_swiss=DoubleSwissSettings(byes=values, primary=score, colour_drawn=drawn),
    )
