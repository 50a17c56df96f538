"""The one place where the service asks for a round to be paired.

Round robins follow their schedule (Berger tables or seat rotation, built from the field and
the event's seed), on which a withdrawn player's games stay as forfeits he lost; the casual
Swiss is paired by its engine with the event's seed and colour setting (the registry's entry
has only the defaults); the FIDE systems (Dutch, Burstein) come from the pairing registry by
the event's system name.
"""

from __future__ import annotations

import dataclasses
import random

from fairpair.core import Pairing, PlayerId, Schedule, Tournament
from fairpair.pairing.casual import CasualOptions, pair_casual
from fairpair.pairing.errors import PairingError
from fairpair.pairing.registry import pairing_system
from fairpair.pairing.swiss.acceleration import fide_baku_accelerations
from fairpair.service.actions import withdrawal_forfeit
from fairpair.service.errors import CommandError
from fairpair.service.round_robin import Method, RoundRobinRequest, plan_round_robin
from fairpair.service.settings import AccelerationMethod, EventSettings, System

__all__ = [
    "accelerated",
    "pair_next_round",
    "round_robin_rounds",
    "round_robin_schedule",
    "scheduled_rounds",
]


def _schedule_request(settings: EventSettings) -> RoundRobinRequest:
    method = Method.BERGER if settings.system is System.BERGER else Method.ROTATION
    return RoundRobinRequest(
        method=method,
        seed=settings.seed,
        double=settings.double,
        swap_last_rounds=settings.swap_last_rounds,
    )


def accelerated(tournament: Tournament, settings: EventSettings) -> Tournament:
    """The snapshot with the virtual points of the event's acceleration as explicit records
    (what the pairing engines read, and what a TRF export writes as XXA / 250); unchanged
    without acceleration or when the snapshot already carries records of its own."""
    if settings.acceleration is AccelerationMethod.NONE or tournament.accelerations:
        return tournament
    try:
        return tournament.replace(accelerations=fide_baku_accelerations(tournament))
    except PairingError as error:
        raise CommandError(str(error)) from None


def round_robin_schedule(field: int, settings: EventSettings) -> Schedule:
    """The whole schedule of a round-robin event of ``field`` players (start numbers are
    the pairing numbers)."""
    if field < 2:
        raise CommandError(f"a round robin needs at least 2 players, got {field}")
    return plan_round_robin(field, _schedule_request(settings)).schedule


def round_robin_rounds(field: int, settings: EventSettings) -> int:
    """How many rounds a round robin of ``field`` players has."""
    if field < 2:
        raise CommandError(f"a round robin needs at least 2 players, got {field}")
    return len(plan_round_robin(field, _schedule_request(settings)).schedule.rounds)


def pair_next_round(tournament: Tournament, settings: EventSettings) -> Pairing:
    """The pairing of ``tournament.next_round`` under the event's system."""
    number = tournament.next_round
    if settings.system.round_robin:
        field = len(tournament.players)
        if field < 2:
            raise CommandError(f"a round robin needs at least 2 players, got {field}")
        schedule = plan_round_robin(field, _schedule_request(settings)).schedule
        if number > len(schedule.rounds):
            raise CommandError(f"all {len(schedule.rounds)} rounds are paired")
        return _without_withdrawn(tournament, schedule.rounds[number - 1])
    if len(tournament.players_to_pair()) < 2:
        raise CommandError(f"round {number} needs at least 2 players to pair")
    if settings.system is System.CASUAL:
        options = CasualOptions(seed=settings.seed, colours=not settings.card_game)
        try:
            return pair_casual(tournament, options, random.Random(settings.seed))
        except ValueError as error:  # NoValidPairing: forbidden pairs leave no way
            raise CommandError(f"round {number} cannot be paired: {error}") from None
    try:
        system = pairing_system(settings.system.value)
    except KeyError:
        raise CommandError(
            f"the {settings.system.value} pairing system is not available in this version"
        ) from None
    try:
        return system(accelerated(tournament, settings))
    except PairingError as error:
        raise CommandError(f"round {number} cannot be paired: {error}") from None


def _without_withdrawn(t: Tournament, pairing: Pairing) -> Pairing:
    """A round robin's scheduled round once players have withdrawn (spec round-robin.md §6.3).

    The schedule does not change: a withdrawn player's number becomes a bye slot. His
    scheduled game is not played; it stays on its board, with its colours, as a forfeit won
    by the opponent (both lost, if both have withdrawn), so the opponent has a free round and
    the scheduled opponent is on record. A withdrawn player's own bye round is an absence.
    How those forfeits count in the standings is the event's withdrawal policy.
    """
    number = pairing.round

    def gone(pid: PlayerId) -> bool:
        return t.withdrawn_before(pid, number)

    boards = tuple(
        dataclasses.replace(game, result=withdrawal_forfeit(gone(game.white), gone(game.black)))
        if gone(game.white) or gone(game.black)
        else game
        for game in pairing.boards
    )
    bye = None if pairing.bye is not None and gone(pairing.bye) else pairing.bye
    return dataclasses.replace(pairing, boards=boards, bye=bye)


def scheduled_rounds(tournament: Tournament, settings: EventSettings) -> tuple[Pairing, ...]:
    """A round robin's rounds not paired yet, as its schedule has them: what
    :func:`pair_next_round` will give for each, since the field is fixed once round 1 is
    paired. Empty for a Swiss and before round 1 (players may still join)."""
    if not settings.system.round_robin or not tournament.rounds or len(tournament.players) < 2:
        return ()
    schedule = plan_round_robin(len(tournament.players), _schedule_request(settings)).schedule
    last = len(schedule.rounds)
    if tournament.total_rounds is not None:
        last = min(last, tournament.total_rounds)
    return tuple(
        _without_withdrawn(tournament, pairing)
        for pairing in schedule.rounds[len(tournament.rounds) : last]
    )
