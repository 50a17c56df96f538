"""Time knockout brackets at the sizes events run, from the draw to the champion.

    PYTHONPATH=src python benchmarks/bench_knockout.py [SEEDS...] [--seed S]
    (default: 8, 64, 512 and 4,096 seeds)

For each size, single and double elimination: the bracket is drawn, then played to the end
one match at a time the way a desk enters results (each result makes a new stage, which
checks the whole bracket, and the state is read back to find the next match), chess matches
of ``classical:2,rapid:2,armageddon`` with seeded random games. Printed: seeds, matches,
games, the CPU seconds of the draw, of the whole run and per result, and the peak memory.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc

from fairpair.core import Game, GameResult
from fairpair.core.knockout import (
    BracketKind,
    KnockoutRules,
    KnockoutStage,
    MatchFormat,
    bracket_state,
    draw_bracket,
)

RESULTS = (GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS)


def run(seeds: int, kind: BracketKind, rng: random.Random) -> tuple[int, int, float, float]:
    rules = KnockoutRules(kind, MatchFormat.parse("classical:2,rapid:2,armageddon"))
    start = time.process_time()
    draw_bracket.cache_clear()
    bracket = draw_bracket(seeds, kind, False, True)
    drawn = time.process_time() - start
    stage = KnockoutStage(rules, tuple(range(1, seeds + 1)), lot=rng.randrange(1 << 30))
    games = 0
    while True:
        state = bracket_state(stage)
        current = state.current()
        if not current:
            break
        match = current[0]
        played = list(match.games)
        while True:
            nxt = bracket_state(stage).match(match.match.number).next_game
            if nxt is None:
                break
            assert nxt.white is not None and match.top is not None and match.bottom is not None
            black = match.bottom if nxt.white == match.top else match.top
            played.append(Game(nxt.white, black, rng.choice(RESULTS)))
            games += 1
            stage = stage.with_games(match.match.number, played)
    assert bracket_state(stage).finished
    return len(bracket.matches), games, drawn, time.process_time() - start


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "sizes", type=int, nargs="*", help="seeds of the brackets (default: 8, 64, 512, 4096)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the random results")
    args = parser.parse_args(argv)
    seed = args.seed
    sizes = args.sizes or [8, 64, 512, 4096]
    print(
        f"{'seeds':>6} {'kind':>7} {'matches':>8} {'games':>7} {'draw s':>8} "
        f"{'run s':>8} {'ms/game':>8} {'peak MiB':>9}"
    )
    for seeds in sizes:
        for kind in BracketKind:
            matches, games, drawn, total = run(seeds, kind, random.Random(seed))
            # The peak memory from a second run: tracing every allocation slows the first.
            tracemalloc.start()
            run(seeds, kind, random.Random(seed))
            peak = tracemalloc.get_traced_memory()[1] / 2**20
            tracemalloc.stop()
            print(
                f"{seeds:>6} {kind.value:>7} {matches:>8} {games:>7} {drawn:>8.3f} "
                f"{total:>8.2f} {1000 * total / games:>8.2f} {peak:>9.1f}"
            )


if __name__ == "__main__":
    main(sys.argv[1:])
