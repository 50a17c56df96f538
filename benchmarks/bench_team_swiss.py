"""Time one olympiad-size round of the FIDE team Swiss (C.04.6).

    PYTHONPATH=src python benchmarks/bench_team_swiss.py [TEAMS...] [--round R] [--seed S]
    (default: 400 teams, round 5)

For each size a random event of 4 boards and 11 rounds, Type A colours, match points primary,
is built: rounds 1..R-1 paired by the team Swiss itself with seeded random board results (a
team absent now and then, the odd team out given the PAB). Then round R is paired and timed.
Printed: teams, brackets, upfloaters, CPU seconds of round R and the peak memory of that call
(tracemalloc).
"""

from __future__ import annotations

import random
import sys
import time
import tracemalloc

from round_sizes import sizes_round_seed

from fairpair.core import ByeKind, Colour, GameResult, Player
from fairpair.core.teams import (
    Board,
    Team,
    TeamBye,
    TeamMatch,
    TeamRound,
    TeamTournament,
)
from fairpair.pairing.team_swiss import pair_team_swiss, team_swiss_brackets

BOARDS = 4
ROUNDS = 11


def event(teams: int, rounds_played: int, seed: int) -> TeamTournament:
    rng = random.Random(seed)
    rosters = {
        t: tuple((t - 1) * BOARDS + b for b in range(1, BOARDS + 1)) for t in range(1, teams + 1)
    }
    snapshot = TeamTournament(
        teams=tuple(Team(t, f"Team {t}", roster) for t, roster in rosters.items()),
        players=tuple(Player(p, f"P{p}") for roster in rosters.values() for p in roster),
        boards=BOARDS,
        total_rounds=ROUNDS,
        initial_colour=Colour.WHITE,
    )
    strength = {t: rng.gauss(0, 1) for t in rosters}
    for number in range(1, rounds_played + 1):
        pairing = pair_team_swiss(snapshot)
        matches = []
        for game in pairing.boards:
            edge = (strength[game.white] - strength[game.black]) * 0.3
            made = []
            for x, y in zip(rosters[game.white], rosters[game.black], strict=True):
                roll = rng.random() - edge
                result = (
                    GameResult.WHITE_WINS
                    if roll < 0.35
                    else GameResult.DRAW
                    if roll < 0.65
                    else GameResult.BLACK_WINS
                )
                made.append(Board(x, y, result))
            matches.append(TeamMatch(game.white, game.black, tuple(made)))
        byes = ()
        if pairing.bye is not None:
            byes = (TeamBye(pairing.bye, ByeKind.PAIRING_ALLOCATED),)
        played = TeamRound(number, tuple(matches), byes)
        snapshot = TeamTournament(
            teams=snapshot.teams,
            players=snapshot.players,
            boards=BOARDS,
            rounds=(*snapshot.rounds, played),
            total_rounds=ROUNDS,
            initial_colour=Colour.WHITE,
        )
    return snapshot


def measure(teams: int, round_number: int, seed: int) -> None:
    built = time.process_time()
    snapshot = event(teams, round_number - 1, seed)
    built = time.process_time() - built
    tracemalloc.start()
    cpu = time.process_time()
    pairing = pair_team_swiss(snapshot)
    seconds = time.process_time() - cpu
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    _, brackets = team_swiss_brackets(snapshot)
    upfloaters = sum(len(b.upfloaters) for b in brackets)
    print(
        f"{teams:>5} teams x {BOARDS} boards, round {round_number}: {len(pairing.boards)} matches, "
        f"{len(brackets)} brackets, {upfloaters} upfloaters; pairing {seconds:6.2f} s CPU, "
        f"peak {peak / 2**20:6.1f} MiB (history built in {built:.1f} s)",
        flush=True,
    )


def main(argv: list[str]) -> None:
    sizes, round_number, seed = sizes_round_seed(argv, [400])
    for teams in sizes:
        measure(teams, round_number, seed)


if __name__ == "__main__":
    main(sys.argv[1:])
