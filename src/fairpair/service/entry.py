"""What a director types into a form or sends to the API, checked field by field.

Each function returns what the service works with, or raises :class:`FieldErrors` with one
message per field that is wrong, so that a form can show each next to its field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from fairpair.core import PointSystem, points_from_text
from fairpair.formats import player_fields
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.events import check_tiebreaks
from fairpair.service.settings import (
    ByeLimit,
    EventSettings,
    Game,
    System,
    WithdrawalPolicy,
    parse_points,
    usual_scoring,
)

__all__ = ["PlayerEntry", "event_settings", "missed_rounds", "player_entry", "tiebreak_codes"]


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
) -> EventSettings:
    """The settings of a new event from the fields of the form (empty ``game`` and
    ``points``: as :func:`usual_scoring` decides, chess unless a casual Swiss or match points
    make a card game; empty ``tiebreaks`` the usual ones for the game and system, empty
    ``bye_limit`` none;
    ``half=2,last=2``: at most two half-point byes, none in the last two rounds; empty
    ``withdrawal_policy`` is ``keep_played_forfeit_rest``, the only one a Swiss takes)."""
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
        if rounds.strip().isdigit():
            number = int(rounds.strip())
        else:
            errors["rounds"] = f"{rounds.strip()!r} is not a whole number"
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
        if chosen.round_robin and limit.limits_anything:
            errors["bye_limit"] = "a round robin follows its schedule: it has no requested byes"
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
    elif len(name.strip()) > 200:
        errors["name"] = "at most 200 characters"
    value: int | None = None
    if isinstance(rating, int):
        value = rating
    elif rating is not None and rating.strip():
        if rating.strip().isdigit():
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
