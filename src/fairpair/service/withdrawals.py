"""Withdrawals from a round robin: which players' results the ranking deletes, and the
tie-break settings of a stored event (spec round-robin.md §6.3, tiebreaks.md §1.1 rule 4).

The pairing side is in :func:`fairpair.service.events.pair_round`: a withdrawn player's
scheduled games stay on their boards as forfeits he lost, so the others' schedule does not
change. Whether those forfeits, and his games played, count is decided here, when the
standings are computed, so that a corrected result or an undone withdrawal is followed.
"""

from __future__ import annotations

from fairpair.core import PlayerId, Tournament
from fairpair.service.settings import EventSettings, WithdrawalPolicy
from fairpair.standings import TiebreakSettings

__all__ = ["annulled_players", "games_before_withdrawal", "standings_settings"]


def games_before_withdrawal(tournament: Tournament, player: PlayerId, first_round: int) -> int:
    """The games the player played over the board before withdrawing from ``first_round``
    on (forfeits and byes are not games played)."""
    return sum(
        1
        for rnd in tournament.rounds[: first_round - 1]
        for game in rnd.games
        if game.involves(player) and game.result is not None and game.result.played
    )


def annulled_players(tournament: Tournament, settings: EventSettings) -> frozenset[PlayerId]:
    """Under ``annul_if_under_half``: the players who withdrew having played fewer than half
    of the games their schedule gives them (strictly fewer: 2 of 5 is annulled, 3 of 6 is
    not). Empty under the other policy and for a Swiss."""
    if (
        not settings.system.round_robin
        or settings.withdrawal_policy is not WithdrawalPolicy.ANNUL_IF_UNDER_HALF
        or not tournament.withdrawals
        or len(tournament.players) < 2
    ):
        return frozenset()
    # Loaded here, by a round robin with a withdrawal, not by every reading of standings.
    from fairpair.service.pairing import round_robin_schedule

    schedule = round_robin_schedule(len(tournament.players), settings)
    annulled: set[PlayerId] = set()
    for player, first_round in tournament.withdrawals:
        scheduled = sum(1 for game in schedule.games if game.involves(player))
        if 2 * games_before_withdrawal(tournament, player, first_round) < scheduled:
            annulled.add(player)
    return frozenset(annulled)


def standings_settings(tournament: Tournament, settings: EventSettings) -> TiebreakSettings:
    """How the tie-breaks of a stored event are computed: FIDE 2023; for a round robin
    Koya's maximum counts the games each player plays, unplayed games against the scheduled
    opponent count as played for SB (FIDE rule 4) and the withdrawal policy is applied."""
    if not settings.system.round_robin:
        return TiebreakSettings()
    return TiebreakSettings(
        round_robin=True,
        unplayed_as_played=True,
        annulled_players=annulled_players(tournament, settings),
    )
