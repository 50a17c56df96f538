"""Time one round of the FIDE Double-Swiss (C.04.5) at open-tournament sizes.

    PYTHONPATH=src python benchmarks/bench_double_swiss.py [PLAYERS...] [--round R] [--seed S]
    (default: 100, 500 and 2,000 players, round 5 of 9)

For each size a random event of 9 match-rounds is built: rounds 1..R-1 paired by the
Double-Swiss itself with seeded random games (ratings falling with the starting rank, 30 %
draws, 3 % of matches forfeited by one player, a half-point bye asked now and then). Then
round R is paired and timed. Printed: players, brackets, upfloaters, CPU seconds of round R,
the peak memory of a second call (tracemalloc, which slows the call it traces), and the CPU
seconds of the history rounds.
"""

from __future__ import annotations

import random
import sys
import time
import tracemalloc

from round_sizes import sizes_round_seed

from fairpair.core import Colour, Player
from fairpair.core.double_swiss import (
    DoubleRound,
    DoubleSwissTournament,
    Mark,
    Match,
    MatchBye,
    MatchByeKind,
    RequestedMatchBye,
)
from fairpair.pairing.double_swiss import double_swiss_brackets, pair_double_swiss

ROUNDS = 9


def _game(rng: random.Random, edge: float) -> tuple[Mark, Mark]:
    roll = rng.random() - edge
    if roll < 0.35:
        return (Mark.WIN, Mark.LOSS)
    if roll < 0.65:
        return (Mark.DRAW, Mark.DRAW)
    return (Mark.LOSS, Mark.WIN)


def event(players: int, rounds_played: int, seed: int) -> tuple[DoubleSwissTournament, float]:
    rng = random.Random(seed)
    snapshot = DoubleSwissTournament(
        players=tuple(
            Player(i, f"P{i}", rating=2600 - i * 1200 // players) for i in range(1, players + 1)
        ),
        total_rounds=ROUNDS,
        initial_colour=Colour.WHITE,
    )
    paired = 0.0
    for number in range(1, rounds_played + 2):
        requests = tuple(
            RequestedMatchBye(number, pid, MatchByeKind.HALF_POINT)
            for pid in snapshot.player_ids
            if number > 1 and rng.random() < 0.02
        )
        snapshot = DoubleSwissTournament(
            players=snapshot.players,
            rounds=snapshot.rounds,
            total_rounds=ROUNDS,
            initial_colour=Colour.WHITE,
            requested_byes=requests,
        )
        if number == rounds_played + 1:
            break
        cpu = time.process_time()
        pairing = pair_double_swiss(snapshot)
        paired += time.process_time() - cpu
        matches = []
        for game in pairing.boards:
            edge = (game.black - game.white) / players * 0.3
            if rng.random() < 0.03:
                marks = (Mark.FORFEIT_WIN, Mark.FORFEIT_LOSS)
                if rng.random() < 0.5:
                    marks = (Mark.FORFEIT_LOSS, Mark.FORFEIT_WIN)
                matches.append(Match(game.white, game.black, (marks, marks)))
                continue
            first = _game(rng, edge)
            second = _game(rng, -edge)
            matches.append(Match(game.white, game.black, (first, second)))
        byes = [MatchBye(r.player, r.kind) for r in requests]
        if pairing.bye is not None:
            byes.append(MatchBye(pairing.bye, MatchByeKind.PAIRING_ALLOCATED))
        snapshot = DoubleSwissTournament(
            players=snapshot.players,
            rounds=(*snapshot.rounds, DoubleRound(number, tuple(matches), tuple(byes))),
            total_rounds=ROUNDS,
            initial_colour=Colour.WHITE,
        )
    return snapshot, paired


def measure(players: int, round_number: int, seed: int) -> None:
    snapshot, history = event(players, round_number - 1, seed)
    cpu = time.process_time()
    pairing = pair_double_swiss(snapshot)
    seconds = time.process_time() - cpu
    tracemalloc.start()  # a second call for the memory: tracing slows Python several times
    pair_double_swiss(snapshot)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    _, brackets = double_swiss_brackets(snapshot)
    upfloaters = sum(len(b.upfloaters) for b in brackets)
    print(
        f"{players:>5} players, round {round_number}: {len(pairing.boards)} matches, "
        f"{len(brackets)} brackets, {upfloaters} upfloaters; pairing {seconds:6.2f} s CPU, "
        f"peak {peak / 2**20:6.1f} MiB (rounds 1-{round_number - 1} paired in {history:.1f} s)",
        flush=True,
    )


def main(argv: list[str]) -> None:
    sizes, round_number, seed = sizes_round_seed(argv, [100, 500, 2000])
    for players in sizes:
        measure(players, round_number, seed)


if __name__ == "__main__":
    main(sys.argv[1:])
