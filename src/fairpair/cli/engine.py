"""``fairpair-engine``: a drop-in for bbpPairings' command line (Dutch and Burstein systems).

    fairpair-engine --dutch IN.trf -p [OUT]        pair the next round
    fairpair-engine --dutch IN.trf -c              re-pair every stored round, print differences
    fairpair-engine --dutch -g [CONFIG] -o OUT.trf [-s SEED]   generate a random tournament

``--burstein`` instead of ``--dutch`` does the same with the Burstein system.

Output of ``-p``: the number of boards (the bye line included), then ``white black`` per board
in board order, ``ID 0`` for the pairing-allocated bye. ``-c`` prints one line per round whose
stored pairing differs and, like bbpPairings' checker, still exits 0: differences are a report,
not a failure of the program. Exit codes: 0 ok, 1 no valid pairing, 2 unexpected error,
3 invalid input (the message names line and column), 5 file error.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from fairpair.core import ByeKind, Pairing, Tournament
from fairpair.formats.errors import FormatError
from fairpair.formats.trf import read_trf, write_trf
from fairpair.pairing.checker import replay
from fairpair.pairing.errors import NoValidPairing, PairingInputError
from fairpair.pairing.generator import GeneratorConfig, generate
from fairpair.pairing.registry import PairingSystem, pairing_system

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_UNEXPECTED = 2
EXIT_INVALID_INPUT = 3
EXIT_FILE_ERROR = 5


class _Failure(Exception):
    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


def engine_lines(pairing: Pairing) -> list[str]:
    """The pairing in bbpPairings' output format, one string per line."""
    lines = [str(len(pairing.boards) + (pairing.bye is not None))]
    lines.extend(f"{game.white} {game.black}" for game in pairing.boards)
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    return lines


def round_to_pair(tournament: Tournament) -> int:
    """The first round after the last one in which anybody was placed by a pairing."""
    last = 0
    for rnd in tournament.rounds:
        if rnd.games or any(
            b.kind in (ByeKind.PAIRING_ALLOCATED, ByeKind.FORFEIT_WIN) for b in rnd.byes
        ):
            last = rnd.number
    return last + 1


def next_round_state(tournament: Tournament) -> Tournament:
    """The snapshot to pair: the paired rounds, and the entries of the next one as requests."""
    number = round_to_pair(tournament)
    state = tournament.before_round(number)
    # Byes announced for that round by a record of their own (TRF-2026 240) stay announced.
    announced = [b for b in tournament.requested_byes if b.round == number]
    missing = [b for b in announced if state.requested_bye(b.player, number) is None]
    if missing:
        state = state.replace(requested_byes=(*state.requested_byes, *missing))
    return state


def _load(path: str) -> Tournament:
    try:
        return read_trf(path).tournament()
    except FormatError as error:
        raise _Failure(EXIT_INVALID_INPUT, str(error)) from None
    except OSError as error:
        raise _Failure(EXIT_FILE_ERROR, f"{path}: {error.strerror or error}") from None


def _write(text: str, path: str | None, stdout: TextIO) -> None:
    if path is None:
        stdout.write(text)
        return
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as error:
        raise _Failure(EXIT_FILE_ERROR, f"{path}: {error.strerror or error}") from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fairpair-engine",
        description="Pair, check or generate Swiss tournaments (bbpPairings-compatible).",
    )
    system = parser.add_mutually_exclusive_group()
    system.add_argument("--dutch", action="store_true", help="use the FIDE Dutch system")
    system.add_argument("--burstein", action="store_true", help="use the Burstein system")
    parser.add_argument("input", nargs="?", help="TRF file to pair or check")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("-p", dest="pair", nargs="?", const="-", metavar="OUT", help="pair")
    mode.add_argument("-c", dest="check", action="store_true", help="check every round")
    mode.add_argument("-g", dest="generate", nargs="?", const="", metavar="CONFIG")
    parser.add_argument("-o", dest="output", metavar="OUT.trf", help="generated file")
    parser.add_argument("-s", dest="seed", type=int, help="seed of the generator")
    return parser


def run(argv: Sequence[str], stdout: TextIO, stderr: TextIO) -> int:
    """Run the command; returns the exit code."""
    parser = _parser()
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as exit_:
        return EXIT_INVALID_INPUT if exit_.code else EXIT_OK
    if not (args.dutch or args.burstein):
        stderr.write("fairpair-engine: choose a pairing system (--dutch or --burstein)\n")
        return EXIT_INVALID_INPUT
    system = pairing_system("burstein" if args.burstein else "dutch")
    try:
        if args.generate is not None:
            return _generate(args, system, stdout)
        if args.input is None:
            raise _Failure(EXIT_INVALID_INPUT, "an input file is needed")
        tournament = _load(args.input)
        if args.check:
            for difference in replay(tournament, system):
                stdout.write(difference.describe() + "\n")
            return EXIT_OK
        pairing = system(next_round_state(tournament))
        _write(
            "\n".join(engine_lines(pairing)) + "\n", None if args.pair == "-" else args.pair, stdout
        )
        return EXIT_OK
    except _Failure as failure:
        stderr.write(f"fairpair-engine: {failure}\n")
        return failure.code
    except NoValidPairing as error:
        stderr.write(f"fairpair-engine: no valid pairing: {error}\n")
        return EXIT_NO_PAIRING
    except PairingInputError as error:
        stderr.write(f"fairpair-engine: invalid input: {error}\n")
        return EXIT_INVALID_INPUT
    except Exception as error:  # the drop-in contract: anything else is exit code 2
        stderr.write(f"fairpair-engine: unexpected error: {error!r}\n")
        return EXIT_UNEXPECTED


def _generate(args: argparse.Namespace, system: PairingSystem, stdout: TextIO) -> int:
    if args.output is None:
        raise _Failure(EXIT_INVALID_INPUT, "-g needs -o OUT.trf")
    config = GeneratorConfig()
    if args.generate:
        try:
            text = Path(args.generate).read_text(encoding="utf-8")
        except OSError as error:
            raise _Failure(EXIT_FILE_ERROR, f"{args.generate}: {error.strerror}") from None
        try:
            config = GeneratorConfig.from_text(text)
        except ValueError as error:
            raise _Failure(EXIT_INVALID_INPUT, f"{args.generate}: {error}") from None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    tournament = generate(config, random.Random(seed), system, name=f"fairpair random {seed}")
    _write(write_trf(tournament), args.output, stdout)
    return EXIT_OK


def main() -> None:
    """Console-script entry point."""
    sys.exit(run(sys.argv[1:], sys.stdout, sys.stderr))
