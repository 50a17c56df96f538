"""``fairpair-engine``: a drop-in for bbpPairings' command line (Dutch and Burstein systems).

    fairpair-engine --dutch IN.trf -p [OUT]        pair the next round
    fairpair-engine --dutch IN.trf -c [--report-only]   re-pair every stored round
    fairpair-engine --dutch -g [CONFIG] -o OUT.trf [-s SEED]   generate a random tournament

``--burstein`` instead of ``--dutch`` does the same with the Burstein system; ``--double-swiss``
pairs (``-p``) or checks (``-c``) a Double-Swiss file (FIDE C.04.5, spec double-swiss.md §9: two
TRF columns per match), each board naming the players of game 1, White first, or generates a
random one (``-g``: two games per match, odd results, single forfeited games, forfeited matches
and byes; :mod:`fairpair.pairing.double_generator`); ``--team`` pairs
a TRF-2026 team file (spec team-swiss.md §12) by the FIDE Swiss Team Pairing System (C.04.6), as
the Sharly-Chess fork of bbpPairings and gacrux do: the rounds in the file are played, a ``240``
record of the next round announces a team not to pair, and the output names teams by their
pairing numbers (TPNs), the White team first (spec §8). ``--team -c`` re-pairs every round of a
team file; ``--team -g`` generates a random team event (``TeamsNumber``, ``BoardsNumber`` in the
generator settings).

The round paired is the one after the rounds played, counted as bbpPairings counts them
(:mod:`fairpair.pairing.played`): a round in which every player had a requested bye is
played. ``-p`` needs the number of rounds (``XXR`` or ``142``) and refuses a file whose rounds
are all played; ``-c`` on a file without it takes the rounds played as the number of rounds,
so the last round is checked with the last-round rules, as the reference does.

Output of ``-p``: the number of boards (the bye line included), then ``white black`` per board
in board order, ``ID 0`` for the pairing-allocated bye. ``-c`` prints one line per round whose
stored pairing differs. ``-g`` reads bbpPairings' generator settings
(:mod:`fairpair.pairing.generator`) and writes the file only when every round was paired.

Exit codes:

= ========================================================================================
0 ok (``-c``: every round is paired as stored)
1 no valid pairing (``-p``; ``-g`` when a round of the generated event cannot be paired)
2 unexpected error
3 invalid input: unreadable TRF (the message names line and column), no number of rounds
  for ``-p``, every round already played, bad arguments or generator settings
5 file error (cannot read the input or write the output)
6 ``-c``: some round differs from what the system pairs (the rounds are listed on stdout);
  bbpPairings' checker exits 0 with the same report, as ``--report-only`` does
= ========================================================================================

Only what the call needs is imported: the checker, the generator and the other system are
loaded by the options that use them, as each call of an engine pays its start-up. For the same
reason the handful of bbpPairings options is read here rather than by ``argparse``, which with
``typing`` and ``pathlib`` cost about a sixth of a ``-p`` call (``benchmarks/bench_startup.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from fairpair.core import Pairing, Tournament
from fairpair.formats.errors import FormatError
from fairpair.formats.trf import read_trf
from fairpair.pairing.errors import NoValidPairing, PairingInputError
from fairpair.pairing.played import rounds_played
from fairpair.pairing.registry import PairingSystem, pairing_system

TYPE_CHECKING = False  # typing stays unloaded at run time: fairpair-engine pays each import
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TextIO, TypeVar

    from fairpair.pairing.generator import GeneratorConfig

    T = TypeVar("T")

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_UNEXPECTED = 2
EXIT_INVALID_INPUT = 3
EXIT_FILE_ERROR = 5
EXIT_ROUNDS_DIFFER = 6


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
    """The round after the rounds played, as bbpPairings reads a file to pair: a last column
    in which somebody has no entry holds the byes announced for the round to pair."""
    return rounds_played(tournament, pairing=True) + 1


def next_round_state(tournament: Tournament) -> Tournament:
    """The snapshot to pair: the paired rounds, and the entries of the next one as requests."""
    return tournament.before_round(round_to_pair(tournament))


def _load(path: str) -> Tournament:
    try:
        document = read_trf(path)
        document.check_pairing_numbers()  # as the reference: see TrfDocument's method
        return document.tournament()
    except FormatError as error:
        raise _Failure(EXIT_INVALID_INPUT, str(error)) from None
    except OSError as error:
        raise _Failure(EXIT_FILE_ERROR, f"{path}: {error.strerror or error}") from None


def _write(text: str, path: str | None, stdout: TextIO) -> None:
    if path is None:
        stdout.write(text)
        return
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as error:
        raise _Failure(EXIT_FILE_ERROR, f"{path}: {error.strerror or error}") from None


USAGE = """\
usage: fairpair-engine (--dutch | --burstein) INPUT.trf -p [OUT]
       fairpair-engine (--dutch | --burstein) INPUT.trf -c [--report-only]
       fairpair-engine (--dutch | --burstein) -g [CONFIG] -o OUT.trf [-s SEED]
       fairpair-engine --team TEAMS.trf (-p [OUT] | -c [--report-only])
       fairpair-engine --team -g [CONFIG] -o OUT.trf [-s SEED]
       fairpair-engine --double-swiss INPUT.trf (-p [OUT] | -c [--report-only])
       fairpair-engine --double-swiss -g [CONFIG] -o OUT.trf [-s SEED]

Pair, check or generate Swiss tournaments (bbpPairings-compatible).
  --dutch, --burstein  the pairing system
  --team               a TRF-2026 team file, paired by the Swiss Team system (C.04.6)
  --double-swiss       a Double-Swiss file (two columns per match), paired by C.04.5
  -p [OUT]             pair the next round (to OUT, or standard output)
  -c                   check every round; --report-only: exit 0 even when rounds differ
  -g [CONFIG]          generate a random tournament from bbpPairings' generator settings
  -o OUT.trf           the generated file; -s SEED: the generator's seed
"""


class _Arguments:
    """The options of one call, as bbpPairings takes them."""

    __slots__ = ("check", "generate", "input", "output", "pair", "report_only", "seed", "system")

    def __init__(self) -> None:
        self.system: str | None = None
        self.input: str | None = None
        self.pair: str | None = None
        """``"-"`` for standard output."""
        self.check = False
        self.generate: str | None = None
        """``""`` for the default settings."""
        self.report_only = False
        self.output: str | None = None
        self.seed: int | None = None


def _parse(argv: Sequence[str]) -> _Arguments:
    """Read the options; a wrong one is :class:`_Failure` with exit 3 (invalid input)."""
    args = _Arguments()
    modes: list[str] = []
    words = list(argv)
    index = 0

    def value(option: str) -> str:
        nonlocal index
        if index + 1 >= len(words) or words[index + 1].startswith("-"):
            raise _Failure(EXIT_INVALID_INPUT, f"{option} needs a value")
        index += 1
        return words[index]

    def optional_value() -> str | None:
        nonlocal index
        if index + 1 < len(words) and not words[index + 1].startswith("-"):
            index += 1
            return words[index]
        return None

    while index < len(words):
        word = words[index]
        if word in ("--dutch", "--burstein", "--team", "--double-swiss"):
            if args.system is not None and args.system != word[2:]:
                raise _Failure(
                    EXIT_INVALID_INPUT,
                    "choose one system: --dutch, --burstein, --team or --double-swiss",
                )
            args.system = word[2:]
        elif word == "-p":
            modes.append(word)
            args.pair = optional_value() or "-"
        elif word == "-c":
            modes.append(word)
            args.check = True
        elif word == "-g":
            modes.append(word)
            args.generate = optional_value() or ""
        elif word == "--report-only":
            args.report_only = True
        elif word == "-o":
            args.output = value(word)
        elif word == "-s":
            seed = value(word)
            if not seed.isdecimal():
                raise _Failure(EXIT_INVALID_INPUT, f"-s needs a whole number, not {seed!r}")
            args.seed = int(seed)
        elif word.startswith("-") and word != "-":
            raise _Failure(EXIT_INVALID_INPUT, f"unknown option {word!r}\n{USAGE}")
        elif args.input is None:
            args.input = word
        else:
            raise _Failure(EXIT_INVALID_INPUT, f"one input file, not {args.input!r} and {word!r}")
        index += 1
    if len(modes) != 1:
        raise _Failure(EXIT_INVALID_INPUT, f"choose one of -p, -c and -g\n{USAGE}")
    return args


def run(argv: Sequence[str], stdout: TextIO, stderr: TextIO) -> int:
    """Run the command; returns the exit code."""
    if any(word in ("-h", "--help") for word in argv):
        stdout.write(USAGE)
        return EXIT_OK
    try:
        args = _parse(argv)
        if args.system is None:
            raise _Failure(
                EXIT_INVALID_INPUT,
                "choose a pairing system (--dutch, --burstein, --team or --double-swiss)",
            )
    except _Failure as failure:
        stderr.write(f"fairpair-engine: {failure}\n")
        return failure.code
    try:
        if args.report_only and not args.check:
            raise _Failure(EXIT_INVALID_INPUT, "--report-only goes with -c")
        if args.system == "team":
            return _run_team(args, stdout)
        if args.system == "double-swiss":
            return _run_double_swiss(args, stdout)
        system = pairing_system(args.system)
        if args.generate is not None:
            return _generate(args, system, stdout)
        if args.input is None:
            raise _Failure(EXIT_INVALID_INPUT, "an input file is needed")
        tournament = _load(args.input)
        if args.check:
            return _check(tournament, system, stdout, report_only=args.report_only)
        return _write_pairing(system(_state_to_pair(tournament, args.input)), args, stdout)
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


def _run_team(args: _Arguments, stdout: TextIO) -> int:
    """``--team``: pair the next round of a team file (``-p``) or re-pair all of it (``-c``)."""
    from fairpair.formats.trf_team import read_team_trf
    from fairpair.pairing.registry import team_pairing_system, team_system_of

    if args.generate is not None:
        return _generate_team(args, stdout)
    tournament = _read_file(args, lambda path: read_team_trf(path).tournament())
    try:
        # A round robin's file is checked and paired by its schedule, a Swiss by C.04.6.
        pair = team_pairing_system(team_system_of(tournament.system))
    except PairingInputError as error:
        raise _Failure(EXIT_INVALID_INPUT, f"{args.input}: {error}") from None
    if args.check:
        from fairpair.pairing.team_replay import team_replay

        return _report(team_replay(tournament, pair), args, stdout)
    _round_left(args, tournament.total_rounds, tournament.next_round, "rounds")
    return _write_pairing(pair(tournament), args, stdout)


def _run_double_swiss(args: _Arguments, stdout: TextIO) -> int:
    """``--double-swiss``: pair the next match-round (``-p``) or re-pair all (``-c``)."""
    from fairpair.formats.trf_double import read_double_trf
    from fairpair.pairing.double_swiss import replay_double_swiss
    from fairpair.pairing.registry import double_swiss_pairing_system

    if args.generate is not None:
        return _generate_double_swiss(args, stdout)
    tournament = _read_file(args, lambda path: read_double_trf(path).tournament())
    if args.check:
        return _report(replay_double_swiss(tournament), args, stdout)
    _round_left(args, tournament.total_rounds, tournament.next_round, "match-rounds")
    return _write_pairing(double_swiss_pairing_system()(tournament), args, stdout)


def _read_file(args: _Arguments, read: Callable[[str], T]) -> T:
    """The event of the input file (``--team``, ``--double-swiss``): exit 1 without one or
    for a file that is not right, 3 for one that cannot be read."""
    if args.input is None:
        raise _Failure(EXIT_INVALID_INPUT, "an input file is needed")
    try:
        return read(args.input)
    except FormatError as error:
        raise _Failure(EXIT_INVALID_INPUT, str(error)) from None
    except OSError as error:
        raise _Failure(EXIT_FILE_ERROR, f"{args.input}: {error.strerror or error}") from None


def _report(differences: Sequence[str], args: _Arguments, stdout: TextIO) -> int:
    """``-c``: each round paired otherwise, a line each; exit 4 when there is one (unless
    ``--report-only``)."""
    for difference in differences:
        stdout.write(difference + "\n")
    return EXIT_ROUNDS_DIFFER if differences and not args.report_only else EXIT_OK


def _round_left(args: _Arguments, total: int | None, next_round: int, rounds: str) -> None:
    """``-p`` of a file (``--team``, ``--double-swiss``) needs the number of ``rounds`` (142)
    and one of them left to pair."""
    if total is None:
        raise _Failure(
            EXIT_INVALID_INPUT,
            f"{args.input}: the number of rounds is missing (a 142 record); "
            "it is needed to pair a round",
        )
    if next_round > total:
        raise _Failure(
            EXIT_INVALID_INPUT,
            f"{args.input}: the {total} {rounds} of the event (142) "
            "are all played; there is no round to pair",
        )


def _write_pairing(pairing: Pairing, args: _Arguments, stdout: TextIO) -> int:
    """``-p [OUT]``: the pairing in the engine's lines, to OUT or standard output."""
    _write("\n".join(engine_lines(pairing)) + "\n", None if args.pair == "-" else args.pair, stdout)
    return EXIT_OK


def _state_to_pair(tournament: Tournament, path: str) -> Tournament:
    """The snapshot ``-p`` pairs; like the reference, it needs the number of rounds and a
    round left to play."""
    if tournament.total_rounds is None:
        raise _Failure(
            EXIT_INVALID_INPUT,
            f"{path}: the number of rounds is missing (an XXR or 142 record); "
            "it is needed to pair a round",
        )
    state = next_round_state(tournament)
    if state.next_round > tournament.total_rounds:
        raise _Failure(
            EXIT_INVALID_INPUT,
            f"{path}: the {tournament.total_rounds} rounds of the event (XXR/142) "
            "are all played; there is no round to pair",
        )
    return state


def _check(
    tournament: Tournament, system: PairingSystem, stdout: TextIO, *, report_only: bool
) -> int:
    from fairpair.pairing.checker import replay

    differences = replay(tournament, system)
    for difference in differences:
        stdout.write(difference.describe() + "\n")
    return EXIT_ROUNDS_DIFFER if differences and not report_only else EXIT_OK


def _generate(args: _Arguments, system: PairingSystem, stdout: TextIO) -> int:
    import random

    from fairpair.formats.trf import write_trf
    from fairpair.pairing.generator import generate

    config = _generator_config(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    # NoValidPairing leaves this function: exit 1, and no truncated file is written.
    tournament = generate(
        config, random.Random(seed), system, name=f"fairpair random {seed}", keep_partial=False
    )
    _write(write_trf(tournament), args.output, stdout)
    return EXIT_OK


def _generator_config(args: _Arguments) -> GeneratorConfig:
    """The generator settings of ``-g [CONFIG]`` (the defaults without a file)."""
    from fairpair.pairing.generator import GeneratorConfig

    if args.output is None:
        raise _Failure(EXIT_INVALID_INPUT, "-g needs -o OUT.trf")
    if args.input is not None:
        raise _Failure(EXIT_INVALID_INPUT, "-g does not take a model tournament file")
    if not args.generate:
        return GeneratorConfig()
    try:
        with open(args.generate, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as error:
        raise _Failure(EXIT_FILE_ERROR, f"{args.generate}: {error.strerror}") from None
    except UnicodeDecodeError as error:  # a binary file given as the settings
        raise _Failure(
            EXIT_INVALID_INPUT, f"{args.generate}: not UTF-8 text (byte {error.start})"
        ) from None
    try:
        return GeneratorConfig.from_text(text)
    except ValueError as error:
        raise _Failure(EXIT_INVALID_INPUT, f"{args.generate}: {error}") from None


def _generate_team(args: _Arguments, stdout: TextIO) -> int:
    """``--team -g``: a random team event paired round by round by team-swiss."""
    import random

    from fairpair.formats.trf_team import write_team_trf
    from fairpair.pairing.registry import team_pairing_system
    from fairpair.pairing.team_generator import generate_team_event

    config = _generator_config(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    # NoValidPairing leaves this function: exit 1, and no truncated file is written.
    event = generate_team_event(
        config,
        random.Random(seed),
        team_pairing_system("team-swiss"),
        name=f"fairpair random team event {seed}",
    )
    _write(write_team_trf(event), args.output, stdout)
    return EXIT_OK


def _generate_double_swiss(args: _Arguments, stdout: TextIO) -> int:
    """``--double-swiss -g``: a random Double-Swiss event paired match-round by match-round by
    C.04.5, written in the two-columns-per-match TRF."""
    import random

    from fairpair.formats.trf_double import write_double_trf
    from fairpair.pairing.double_generator import double_swiss_bye_values, generate_double_swiss
    from fairpair.pairing.registry import double_swiss_pairing_system

    config = _generator_config(args)
    try:
        double_swiss_bye_values(config)
    except ValueError as error:
        raise _Failure(EXIT_INVALID_INPUT, f"{args.generate or '-g'}: {error}") from None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    # NoValidPairing leaves this function: exit 1, and no truncated file is written.
    event = generate_double_swiss(
        config,
        random.Random(seed),
        double_swiss_pairing_system(),
        name=f"fairpair random Double-Swiss {seed}",
    )
    _write(write_double_trf(event), args.output, stdout)
    return EXIT_OK


def main() -> None:
    """Console-script entry point."""
    sys.exit(run(sys.argv[1:], sys.stdout, sys.stderr))
