"""The command line of the benchmarks that pair one round at several sizes
(bench_team_swiss.py, bench_double_swiss.py): ``[SIZE...] [--round R] [--seed S]``."""

from __future__ import annotations


def sizes_round_seed(
    argv: list[str], default_sizes: list[int], round_number: int = 5, seed: int = 2026
) -> tuple[list[int], int, int]:
    """The sizes asked for (``default_sizes`` when none is), the round to time and the seed
    of the random event."""
    sizes = []
    args = iter(argv)
    for arg in args:
        if arg == "--round":
            round_number = int(next(args))
        elif arg == "--seed":
            seed = int(next(args))
        else:
            sizes.append(int(arg))
    return sizes or default_sizes, round_number, seed
