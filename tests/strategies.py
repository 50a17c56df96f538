"""The project's Hypothesis strategies, shared by every property test.

Each area keeps its strategies in a section of its own below.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import assume
from hypothesis import strategies as st

from fairpair.core import (
    CHESS,
    MATCH_POINTS,
    TWO_ONE_ZERO,
    Acceleration,
    Bye,
    ByeKind,
    Colour,
    ForbiddenPairs,
    Game,
    GameResult,
    Player,
    PlayerId,
    PointSystem,
    RequestedBye,
    Round,
    Tournament,
    infer_initial_colour,
)

# === Round-robin fields =====================================================================

MAX_ROUND_ROBIN_PLAYERS = 60


def player_counts(
    min_value: int = 2, max_value: int = MAX_ROUND_ROBIN_PLAYERS
) -> st.SearchStrategy[int]:
    """Field sizes for all-play-all events."""
    return st.integers(min_value=min_value, max_value=max_value)


def ratings() -> st.SearchStrategy[int | None]:
    """A rating, or none for an unrated player."""
    return st.none() | st.integers(min_value=0, max_value=3000)


def names() -> st.SearchStrategy[str]:
    """Printable, non-blank player names (any script, markup characters included)."""
    return st.text(
        st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=30
    ).filter(lambda text: text.strip() == text and text != "")


@st.composite
def players(
    draw: st.DrawFn, min_size: int = 2, max_size: int = MAX_ROUND_ROBIN_PLAYERS
) -> tuple[Player, ...]:
    """A field of players numbered 1..n in registration order."""
    count = draw(player_counts(min_size, max_size))
    return tuple(
        Player(id=number, name=draw(names()), rating=draw(ratings()))
        for number in range(1, count + 1)
    )


@dataclass(frozen=True, slots=True)
class RoundRobinWithdrawals:
    """A stored round robin in which players withdraw (spec round-robin.md §6.3)."""

    players: int
    rotation: bool
    """Seat rotation instead of the Berger tables."""
    double: bool
    withdrawals: tuple[tuple[PlayerId, int], ...]
    """(start number, first round he does not play), at most one per player."""
    results_seed: int
    """Seed of the results of the games played."""

    @property
    def rounds(self) -> int:
        cycle = self.players - 1 + self.players % 2
        return cycle * (2 if self.double else 1)


@st.composite
def round_robin_withdrawals(draw: st.DrawFn, max_players: int = 10) -> RoundRobinWithdrawals:
    """A small round robin (3 to ``max_players``, single or double, Berger or rotation) with
    one or two players withdrawing, each from any round of the event."""
    count = draw(player_counts(3, max_players))
    double = draw(st.booleans())
    rounds = (count - 1 + count % 2) * (2 if double else 1)
    leaving = draw(st.lists(st.integers(1, count), min_size=1, max_size=2, unique=True))
    withdrawals = tuple((pid, draw(st.integers(1, rounds))) for pid in leaving)
    return RoundRobinWithdrawals(
        players=count,
        rotation=draw(st.booleans()),
        double=double,
        withdrawals=withdrawals,
        results_seed=draw(st.integers(0, 2**16)),
    )


# === Tournaments as files hold them (formats: TRF, JSON) ===================================
# Events of any kind of round: played, unrated and pending games, forfeits, double forfeits,
# and byes of every kind, in the canonical order a TRF reader gives them (games by the
# initial-ranking position of their first player, byes in ranking order).

_NAME_CHARACTERS = st.characters(
    codec="utf-8", categories=("L", "N"), include_characters=" -'.,", exclude_characters="\x85"
)


def _field_text(max_size: int) -> st.SearchStrategy[str]:
    """Text that a fixed-width field keeps as it is: no surrounding blanks, no line breaks."""
    return st.text(_NAME_CHARACTERS, max_size=max_size).map(str.strip)


@st.composite
def event_players(
    draw: st.DrawFn, *, min_size: int = 1, max_size: int = 14, with_club: bool = False
) -> tuple[Player, ...]:
    """Registered players with distinct ids (not always 1..n) and every TRF field."""
    ids = sorted(draw(st.sets(st.integers(1, 40), min_size=min_size, max_size=max_size)))
    return tuple(
        Player(
            id=pid,
            name=draw(_field_text(33)),
            rating=draw(st.none() | st.integers(1000, 2900)),
            title=draw(st.sampled_from(["", "GM", "IM", "FM", "WGM", "CM"])),
            federation=draw(st.sampled_from(["", "FRA", "GER", "IND", "USA"])),
            club=draw(_field_text(20)) if with_club else "",
            fide_id=draw(st.sampled_from(["", "1503014", "24116068"])),
            birth_date=draw(st.sampled_from(["", "1990/05/17", "2008/00/00"])),
            sex=draw(st.sampled_from(["", "m", "w"])),
        )
        for pid in ids
    )


_LONE_KINDS = [
    ByeKind.FULL_POINT,
    ByeKind.HALF_POINT,
    ByeKind.ZERO_POINT,
    ByeKind.ABSENT,
    ByeKind.FORFEIT_WIN,
]
_RESULTS: list[GameResult | None] = [*GameResult, None]


@st.composite
def event_round(
    draw: st.DrawFn, number: int, order: tuple[PlayerId, ...], present: tuple[PlayerId, ...]
) -> Round:
    """One legal round among the present players: some byes, the rest paired at random."""
    position = {pid: index for index, pid in enumerate(order)}
    shuffled = draw(st.permutations(present))
    lone = draw(st.integers(0, len(shuffled)))
    byes = [Bye(pid, draw(st.sampled_from(_LONE_KINDS))) for pid in shuffled[:lone]]
    paired = list(shuffled[lone:])
    if len(paired) % 2:
        byes.append(Bye(paired.pop(), ByeKind.PAIRING_ALLOCATED))
    games = []
    for first, second in zip(paired[::2], paired[1::2], strict=True):
        result = draw(st.sampled_from(_RESULTS))
        coloured = draw(st.booleans())
        if not coloured:  # without colours the reader lists the earlier-ranked player first
            first, second = sorted((first, second), key=position.__getitem__)
        rated = result is None or not result.played or draw(st.booleans())
        games.append(Game(first, second, result, coloured=coloured, rated=rated))
    games.sort(key=lambda g: min(position[g.white], position[g.black]))
    byes.sort(key=lambda b: position[b.player])
    return Round(number, tuple(games), tuple(byes))


@st.composite
def point_systems(draw: st.DrawFn, *, trf: bool = True) -> PointSystem:
    """Usual and odd point systems; with ``trf``, only what a TRF can state."""
    custom_win = draw(st.integers(0, 40))
    custom_draw = draw(st.integers(0, custom_win))
    custom = PointSystem(
        win=custom_win,
        draw=custom_draw,
        loss=draw(st.integers(0, custom_draw)),
        forfeit_loss=draw(st.integers(0, 10)),
        pairing_bye=draw(st.none() | st.integers(0, 40)),
        zero_bye=draw(st.integers(0, 10)),
        forfeit_win=None if trf else draw(st.none() | st.integers(0, 40)),
        full_bye=None if trf else draw(st.none() | st.integers(0, 40)),
        half_bye=None if trf else draw(st.none() | st.integers(0, 40)),
    )
    return draw(st.sampled_from([CHESS, MATCH_POINTS, TWO_ONE_ZERO, custom]))


@st.composite
def event_tournaments(
    draw: st.DrawFn, *, max_players: int = 14, max_rounds: int = 5, trf: bool = True
) -> Tournament:
    """Whole events with history, settings and requests.

    With ``trf`` the event is in the canonical form a TRF round trip keeps: no club, no
    withdrawals, entries missing only at the end of a player's history, requested byes grouped
    by round and kind, an initial colour that is either stated or the inferred one.
    """
    players = draw(event_players(max_size=max_players, with_club=not trf))
    ids = tuple(p.id for p in players)
    ranking = draw(st.none() | st.permutations(ids).map(tuple))
    order = ids if ranking is None else ranking
    if ranking is not None:  # a TRF states the ranking by the order of its 001 lines
        by_id = {p.id: p for p in players}
        players = tuple(by_id[pid] for pid in ranking)
    rounds: list[Round] = []
    active = list(ids)
    for number in range(1, draw(st.integers(0, max_rounds)) + 1):
        # once a player has no entry he keeps having none (in TRF: missing trailing cells)
        if trf and len(active) > 1:
            leaving = draw(st.sets(st.sampled_from(active), max_size=len(active) - 1))
            active = [pid for pid in active if pid not in leaving]
        present = tuple(active) if trf else tuple(draw(st.sets(st.sampled_from(ids), min_size=1)))
        rounds.append(draw(event_round(number, order, present)))
    played = len(rounds)
    request_kinds = _LONE_KINDS[:3] if trf else _LONE_KINDS[:4]
    requests = sorted(
        {
            (rnd, pid): draw(st.sampled_from(request_kinds))
            for rnd, pid in draw(
                st.lists(st.tuples(st.integers(played + 1, played + 2), st.sampled_from(ids)))
            )
        }.items(),
        key=lambda item: (item[0][0], item[1].value, item[0][1]),
    )
    accelerations = sorted(
        draw(
            st.dictionaries(
                st.tuples(st.sampled_from(ids), st.integers(1, 4)), st.sampled_from([5, 10, 20])
            )
        ).items()
    )
    forbidden = draw(
        st.lists(
            st.builds(
                lambda members, first, length: ForbiddenPairs(
                    tuple(members), first, None if length is None else first + length
                ),
                st.lists(st.sampled_from(ids), min_size=2, max_size=4, unique=True),
                st.integers(1, 4),
                st.none() | st.integers(0, 3),
            ),
            max_size=3,
        )
        if len(ids) > 1
        else st.just([])
    )
    total_rounds = draw(st.none() | st.integers(played, played + 3).filter(bool))
    if trf:
        # A TRF states a rule's last round (260); one reaching the event's last round reads
        # back as "to the end", the one form of that rule.
        end = 999 if total_rounds is None else total_rounds
        forbidden = [
            rule
            if rule.last_round is None or rule.last_round < end
            else ForbiddenPairs(rule.players, rule.first_round, None)
            for rule in forbidden
        ]
    tournament = Tournament(
        players=players,
        rounds=tuple(rounds),
        total_rounds=total_rounds,
        points=draw(point_systems(trf=trf)),
        name=draw(_field_text(40)),
        initial_colour=draw(st.sampled_from([Colour.WHITE, Colour.BLACK, None])),
        initial_ranking=ranking,
        requested_byes=tuple(RequestedBye(rnd, pid, kind) for (rnd, pid), kind in requests),
        accelerations=tuple(Acceleration(pid, rnd, value) for (pid, rnd), value in accelerations),
        forbidden=tuple(forbidden),
        withdrawals=()
        if trf
        else tuple(draw(st.lists(st.tuples(st.sampled_from(ids), st.integers(1, 6)), max_size=2))),
        system=draw(st.sampled_from(["", "FIDE_DUTCH_2025", "FIDE_BURSTEIN_BAKU"])),
    )
    if tournament.initial_colour is None and trf:
        tournament = tournament.replace(initial_colour=infer_initial_colour(tournament))
    if not trf and rounds:
        # Late entrants (a TRF cannot say who entered late: its byes look like any others).
        awardable = st.sampled_from([ByeKind.ZERO_POINT, ByeKind.HALF_POINT, ByeKind.FULL_POINT])
        for _ in range(draw(st.integers(0, 2))):
            newcomer = Player(
                id=max(tournament.player_ids) + 1, name=draw(names()), rating=draw(ratings())
            )
            missed = draw(st.lists(awardable, min_size=len(rounds), max_size=len(rounds)))
            tournament = tournament.with_player(newcomer, missed)
    return tournament


# === end of the format section =============================================================


# === Standings and tie-breaks ===============================================================
# Tie-break code lists, settings and card-game match scores on top of the events above.


def tiebreak_codes(*, max_size: int = 6) -> st.SearchStrategy[list[str]]:
    """Ordered lists of distinct registered tie-break codes."""
    from fairpair.standings import REGISTRY

    return st.lists(st.sampled_from(sorted(REGISTRY)), min_size=1, max_size=max_size, unique=True)


@st.composite
def tiebreak_settings(draw: st.DrawFn, ids: tuple[PlayerId, ...]) -> object:
    """Any combination of the tie-break options, McMahon starts for some of ``ids``."""
    from fractions import Fraction

    from fairpair.standings import (
        MTG_FLOOR_MTR,
        MTG_FLOOR_ONE_THIRD,
        TiebreakSettings,
        UnplayedRule,
    )

    starts = draw(st.dictionaries(st.sampled_from(ids), st.integers(0, 30))) if ids else {}
    return TiebreakSettings(
        unplayed_rule=draw(st.sampled_from(list(UnplayedRule))),
        fide2026_caps=draw(st.booleans()),
        koya_limit=draw(st.sampled_from([Fraction(1, 2), Fraction(2, 3)])),
        unrated_rating=draw(st.sampled_from([None, 1000])),
        mtg_floor=draw(st.sampled_from([MTG_FLOOR_MTR, MTG_FLOOR_ONE_THIRD])),
        mtg_game_wins=draw(st.booleans()),
        mcmahon_start={pid: Fraction(v) for pid, v in starts.items()},
        mcmahon_bar=draw(st.sampled_from([None, Fraction(20)])),
        go_bye_value=draw(st.sampled_from([Fraction(1), Fraction(1, 2)])),
    )


@st.composite
def with_match_scores(draw: st.DrawFn, tournament: Tournament) -> Tournament:
    """The event with best-of-three game counts that agree with every played result."""
    from fairpair.core import MatchScore

    counts = {
        GameResult.WHITE_WINS: [MatchScore(2, 0), MatchScore(2, 1), MatchScore(1, 0, 2)],
        GameResult.BLACK_WINS: [MatchScore(0, 2), MatchScore(1, 2), MatchScore(0, 1, 1)],
        GameResult.DRAW: [MatchScore(1, 1), MatchScore(1, 1, 1), MatchScore(0, 0, 3)],
    }
    rounds = []
    for rnd in tournament.rounds:
        games = tuple(
            Game(
                g.white,
                g.black,
                g.result,
                coloured=g.coloured,
                rated=g.rated,
                match_score=draw(st.sampled_from(counts[g.result])) if g.result in counts else None,
            )
            for g in rnd.games
        )
        rounds.append(Round(rnd.number, games, rnd.byes))
    return tournament.with_rounds(rounds)


@st.composite
def shuffled_players(draw: st.DrawFn, tournament: Tournament) -> Tournament:
    """The same event with its players listed in another order (the ranking unchanged)."""
    ranking = tournament.initial_ranking or tuple(sorted(tournament.player_ids))
    return tournament.replace(
        players=tuple(draw(st.permutations(tournament.players))), initial_ranking=ranking
    )


# === end of the standings section ===========================================================


# === Casual Swiss (swiss-casual.md) ========================================================
# Random card-game events with drops, late entries and requested byes, paired by the casual
# pairer itself or at random.


def _casual_result(rng: random.Random, draw_rate: float) -> GameResult:
    roll = rng.random()
    if roll < draw_rate:
        return GameResult.DRAW
    return GameResult.WHITE_WINS if roll < (1 + draw_rate) / 2 else GameResult.BLACK_WINS


def build_casual_event(
    seed: int,
    players: int,
    rounds: int,
    *,
    drop_rate: float = 0.05,
    late_rate: float = 0.05,
    request_rate: float = 0.03,
    draw_rate: float = 0.1,
    clubs: int = 0,
    random_pairings: bool = False,
    colours: bool = False,
    forfeit_rate: float = 0.0,
) -> Tournament:
    """A 3/1/0 event after ``rounds`` played rounds, the next round not yet paired.

    Rounds are paired by the casual pairer (realistic rematch pressure) or, with
    ``random_pairings``, at random (rematches allowed, histories the pairer would never make).
    Some players drop (``Tournament.withdrawals``), some enter late (registered only from a
    later round, with no entries before), some request a bye for a round. With ``colours``
    the games have colours (given by the pairer, or at random) and a ``forfeit_rate`` share
    of them are double forfeits: boards with colours but no game.
    """
    from fairpair.pairing.casual import CasualOptions, pair_casual

    rng = random.Random(seed)
    club_names = [f"club{k}" for k in range(clubs)]
    start = {
        pid: (rng.randint(2, rounds + 1) if rounds and rng.random() < late_rate else 1)
        for pid in range(1, players + 1)
    }
    everyone = tuple(
        Player(pid, f"P{pid}", rating=rng.randint(1000, 2400), club=rng.choice(club_names))
        if clubs
        else Player(pid, f"P{pid}", rating=rng.randint(1000, 2400))
        for pid in range(1, players + 1)
    )
    withdrawals: list[tuple[int, int]] = []
    requests: list[RequestedBye] = []
    played: list[Round] = []
    for number in range(1, rounds + 2):
        active = tuple(p for p in everyone if start[p.id] <= number)
        gone = {p for p, _ in withdrawals}
        for player in active:
            if player.id not in gone and number > 1 and rng.random() < drop_rate:
                withdrawals.append((player.id, number))
            elif rng.random() < request_rate:
                requests.append(RequestedBye(number, player.id, ByeKind.HALF_POINT))
        event = Tournament(
            players=active,
            rounds=tuple(played),
            points=MATCH_POINTS,
            withdrawals=tuple(withdrawals),
            requested_byes=tuple(requests),
        )
        if number == rounds + 1:
            return event
        if random_pairings:
            ids = list(event.players_to_pair())
            rng.shuffle(ids)
            byes = [Bye(ids.pop(), ByeKind.PAIRING_ALLOCATED)] if len(ids) % 2 else []
            boards = [(ids[i], ids[i + 1]) for i in range(0, len(ids), 2)]
        else:
            pairing = pair_casual(event, CasualOptions(seed=seed, colours=colours), rng)
            boards = [(g.white, g.black) for g in pairing.boards]
            byes = [Bye(pairing.bye, ByeKind.PAIRING_ALLOCATED)] if pairing.bye else []
        byes.extend(Bye(r.player, r.kind) for r in requests if r.round == number)
        games = tuple(
            Game(
                a,
                b,
                # No draw from ``rng`` without forfeits: the events stay what they were.
                GameResult.DOUBLE_FORFEIT
                if forfeit_rate and rng.random() < forfeit_rate
                else _casual_result(rng, draw_rate),
                coloured=colours,
            )
            for a, b in boards
        )
        played.append(Round(number, games, tuple(byes)))
    raise AssertionError("unreachable")  # pragma: no cover


@st.composite
def casual_events(
    draw: st.DrawFn,
    min_players: int = 1,
    max_players: int = 12,
    max_rounds: int = 6,
    colours: bool = False,
) -> Tournament:
    """Random casual events (see :func:`build_casual_event`), with colours if asked.

    Sizes are drawn uniformly (``sampled_from``): plain integer strategies favour the smallest
    fields, which say little about pairing.
    """
    return build_casual_event(
        draw(st.integers(0, 2**32 - 1)),
        draw(st.sampled_from(range(min_players, max_players + 1))),
        draw(st.sampled_from(range(0, max_rounds + 1))),
        drop_rate=draw(st.sampled_from([0.0, 0.05, 0.2])),
        late_rate=draw(st.sampled_from([0.0, 0.1])),
        draw_rate=draw(st.sampled_from([0.0, 0.1, 0.5, 1.0])),
        clubs=draw(st.sampled_from([0, 0, 2, 4])),
        random_pairings=draw(st.booleans()),
        colours=colours,
        forfeit_rate=draw(st.sampled_from([0.0, 0.1])) if colours else 0.0,
    )


casual_options_kwargs = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**16),
        "style": st.sampled_from(["adjacent", "fold"]),
        "tie_order": st.sampled_from(["random", "seed", "rating"]),
        "separate_by_club": st.booleans(),
    }
)
"""Keyword arguments for ``CasualOptions`` (enum values as strings, converted by the test)."""


# === end of the casual Swiss section ========================================================
# === Swiss events generated round by round (pairing: Dutch) ================================


@st.composite
def swiss_event_configs(draw: st.DrawFn) -> tuple[object, int]:
    """A small random-tournament configuration and a seed for the generator."""
    from fairpair.pairing.generator import GeneratorConfig

    config = GeneratorConfig(
        players=draw(st.integers(2, 24)),
        rounds=draw(st.integers(1, 8)),
        draw_percentage=draw(st.integers(0, 60)),
        forfeit_rate=draw(st.sampled_from([0, 3, 10])),
        retired_rate=draw(st.sampled_from([0, 5, 40])),
        half_point_bye_rate=draw(st.sampled_from([0, 4, 20])),
        zero_point_bye_rate=draw(st.sampled_from([0, 6])),
        has_rating=draw(st.booleans()),
    )
    return config, draw(st.integers(0, 2**32 - 1))


# === A director's commands on the event store (undo and redo among them) ==================

DirectorCommand = tuple[str, int, str]
"""(command, number, text) as a director types it: ``("result", 2, "1-0")`` is board 2 won
by white, ``("bye", 3, "half")`` a half-point bye for player 3, ``("undo", 2, "")`` two steps
back. What the number and text mean for each command is in :func:`director_commands`."""

_TYPED_RESULTS = ["1-0", "0-1", "=", "+-", "-+", "--"]


def director_commands(max_size: int = 40) -> st.SearchStrategy[list[DirectorCommand]]:
    """Sequences of a Swiss director's commands with undo and redo interleaved.

    ``register`` (text: a name), ``pair``, ``result`` and ``correct`` (number: a board; the
    correction is in the last paired round), ``finish`` (every board of the round still
    without a result gets the text's result), ``bye`` (player, kind), ``withdraw`` (player),
    ``edit`` (player, new club), ``board`` and ``forbid`` (number and text: two players),
    ``unpair`` (the last pairing, while it has no result), ``undo`` and ``redo`` (number:
    steps). Players and boards may not exist and commands may not fit the event: such a
    command is refused, as at the keyboard.
    """
    player = st.integers(1, 7)
    steps = st.sampled_from([1, 1, 1, 2, 3])
    undo_redo = st.one_of(
        st.tuples(st.just("undo"), steps, st.just("")),
        st.tuples(st.just("redo"), steps, st.just("")),
    )
    change = st.one_of(
        st.tuples(st.just("pair"), st.just(0), st.just("")),
        st.tuples(st.just("finish"), st.just(0), st.sampled_from(_TYPED_RESULTS)),
        st.tuples(st.just("register"), st.just(0), st.sampled_from(["Late, Lucy", "Nils"])),
        st.tuples(st.just("result"), st.integers(1, 3), st.sampled_from(_TYPED_RESULTS)),
        st.tuples(st.just("correct"), st.integers(1, 3), st.sampled_from(_TYPED_RESULTS)),
        st.tuples(st.just("bye"), player, st.sampled_from(["half", "full", "zero"])),
        st.tuples(st.just("withdraw"), player, st.just("")),
        st.tuples(st.just("edit"), player, st.sampled_from(["North", "South"])),
        st.tuples(st.just("board"), player, player.map(str)),
        st.tuples(st.just("forbid"), player, player.map(str)),
        st.tuples(st.just("unpair"), st.just(0), st.just("")),
    )
    # A round paired and played often, so that events get far; undo and redo in short runs
    # and walks back and forth (a director looking for the wrong change) between changes.
    played = st.sampled_from(_TYPED_RESULTS).map(
        lambda text: [("pair", 0, ""), ("finish", 0, text)]
    )
    walk = st.tuples(steps, steps).map(lambda ab: [("undo", ab[0], ""), ("redo", ab[1], "")])
    chunk = st.one_of(
        change.map(lambda command: [command]),
        played,
        walk,
        st.lists(undo_redo, min_size=1, max_size=4),
    )
    return st.lists(chunk, max_size=max_size // 2).map(
        lambda chunks: [command for commands in chunks for command in commands][:max_size]
    )


# === Rounds to list alternatives for (small enough to rank every pairing) ==================


@st.composite
def swiss_rounds_to_pair(draw: st.DrawFn, system: str, *, max_players: int = 10) -> Tournament:
    """A Swiss event generated round by round by ``system`` (its name in the registry),
    cut before one of its rounds: the snapshot of a round about to be paired, with a few
    pairs forbidden in that round."""
    from fairpair.pairing.errors import PairingError
    from fairpair.pairing.generator import GeneratorConfig, generate
    from fairpair.pairing.registry import pairing_system

    config = GeneratorConfig(
        players=draw(st.integers(2, max_players)),
        rounds=draw(st.integers(1, 6)),
        draw_percentage=draw(st.integers(0, 60)),
        forfeit_rate=draw(st.sampled_from([0, 3, 10])),
        retired_rate=draw(st.sampled_from([0, 10])),
        half_point_bye_rate=draw(st.sampled_from([0, 4, 20])),
        has_rating=draw(st.booleans()),
    )
    seed = draw(st.integers(0, 2**32 - 1))
    try:
        tournament = generate(config, random.Random(seed), pairing_system(system, seed=seed))
    except PairingError:
        assume(False)
        raise AssertionError("unreachable") from None  # pragma: no cover
    played = len(tournament.rounds)
    assume(played >= 1)
    snapshot = tournament.before_round(draw(st.integers(1, played)))
    ids = snapshot.player_ids
    forbidden = draw(
        st.lists(st.lists(st.sampled_from(ids), min_size=2, max_size=3, unique=True), max_size=2)
    )
    rnd = snapshot.next_round
    groups = tuple(ForbiddenPairs(tuple(members), rnd, rnd) for members in forbidden)
    return snapshot.replace(forbidden=(*snapshot.forbidden, *groups))


# === Weighted graphs (matching) =============================================================
# Graphs for the maximum-weight matcher, with a sequence of weight changes to re-solve after:
# few distinct weights (many ties, many optimal matchings), small ones, and huge ones where
# only the low bits decide (as the Dutch weights, 380-490 bits at 1,000 players).

WeightedEdges = list[tuple[int, int, int]]


@st.composite
def weighted_graphs(
    draw: st.DrawFn, *, max_vertices: int = 14
) -> tuple[int, WeightedEdges, list[WeightedEdges]]:
    """(n, edges, changes): a graph and 0-5 batches of (u, v, new weight) changes (0 removes)."""
    n = draw(st.integers(0, max_vertices))
    kind = draw(st.sampled_from(["ties", "small", "wide", "huge"]))
    if kind == "ties":
        weight = st.integers(1, 2)
    elif kind == "small":
        weight = st.integers(1, 100)
    elif kind == "wide":
        weight = st.integers(1, 2**70)
    else:
        high = 1 << draw(st.sampled_from([300, 400, 700]))
        weight = st.integers(0, 2**40).map(lambda low: high + low)
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    density = draw(st.sampled_from([0.2, 0.5, 1.0]))
    rng = random.Random(draw(st.integers(0, 2**16)))
    edges = [(u, v, draw(weight)) for u, v in pairs if rng.random() < density]
    changes: list[WeightedEdges] = []
    if n >= 2:
        change = st.tuples(
            st.integers(0, n - 1), st.integers(0, n - 1), st.one_of(st.just(0), weight)
        ).filter(lambda c: c[0] != c[1])
        changes = draw(st.lists(st.lists(change, min_size=1, max_size=n), max_size=5))
    return n, edges, changes


# === Team events ===========================================================================


@st.composite
def team_tournaments(draw: st.DrawFn, max_teams: int = 12) -> object:
    """A team event before its next round: a random history (random matches, not any system's
    pairing, so rematches in the past are possible), random board results, whole-match
    forfeits, PABs, byes and absences, forbidden pairs, and the next round's absences."""
    from fairpair.core.teams import (
        Board,
        ColourModel,
        MatchForfeit,
        PrimaryScore,
        Team,
        TeamBye,
        TeamMatch,
        TeamRound,
        TeamScoring,
        TeamTournament,
    )

    teams = draw(st.integers(2, max_teams))
    boards = draw(st.integers(1, 4))
    played = draw(st.integers(0, max(0, min(6, teams - 3))))
    total = played + draw(st.integers(1, 3))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    forfeit_rate = draw(st.sampled_from([0.0, 0.1]))
    absent_rate = draw(st.sampled_from([0.0, 0.15]))
    rosters = {
        t: tuple((t - 1) * boards + b for b in range(1, boards + 1)) for t in range(1, teams + 1)
    }
    results = (GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS)
    rounds: list[TeamRound] = []
    for number in range(1, played + 1):
        present = [t for t in rosters if rng.random() >= absent_rate]
        absent = [t for t in rosters if t not in present]
        rng.shuffle(present)
        matches: list[TeamMatch] = []
        byes = [TeamBye(t, rng.choice([ByeKind.ZERO_POINT, ByeKind.HALF_POINT])) for t in absent]
        if len(present) % 2:
            byes.append(
                TeamBye(present.pop(), rng.choice([ByeKind.PAIRING_ALLOCATED, ByeKind.FULL_POINT]))
            )
        for i in range(0, len(present), 2):
            a, b = present[i], present[i + 1]
            if rng.random() < forfeit_rate:
                matches.append(TeamMatch(a, b, forfeit=rng.choice(list(MatchForfeit))))
                continue
            made = []
            for x, y in zip(rosters[a], rosters[b], strict=True):
                roll = rng.random()
                if roll < 0.05:
                    made.append(Board(x, y, GameResult.WHITE_WINS_BY_FORFEIT))
                else:
                    made.append(Board(x, y, rng.choice(results)))
            matches.append(TeamMatch(a, b, tuple(made)))
        rounds.append(TeamRound(number, tuple(matches), tuple(byes)))
    next_round = played + 1
    absent_next = [t for t in rosters if rng.random() < absent_rate / 2]
    forbidden = ()
    if teams >= 4 and draw(st.booleans()):
        pair = tuple(rng.sample(sorted(rosters), 2))
        forbidden = (ForbiddenPairs(pair),)
    return TeamTournament(
        teams=tuple(Team(t, f"Team {t}", roster) for t, roster in rosters.items()),
        players=tuple(Player(p, f"P{p}") for roster in rosters.values() for p in roster),
        boards=boards,
        rounds=tuple(rounds),
        total_rounds=total,
        scoring=TeamScoring(
            primary=draw(st.sampled_from(list(PrimaryScore))),
            secondary_used=draw(st.booleans()),
        ),
        colour_model=draw(st.sampled_from(list(ColourModel))),
        initial_colour=draw(st.sampled_from(list(Colour))),
        requested_byes=tuple(RequestedBye(next_round, t, ByeKind.ZERO_POINT) for t in absent_next),
        forbidden=forbidden,
    )


@st.composite
def team_trf_events(draw: st.DrawFn) -> object:
    """A team event with everything a TRF-2026 team file states: a :func:`team_tournaments`
    history made richer by reserves, every player and team field, match and board point
    systems, PAB values, a board-colour sequence, acceleration, empty boards, line-ups out of
    roster order, unfinished and unrated boards."""
    import dataclasses

    from fairpair.core import EventDetails
    from fairpair.core.teams import (
        Board,
        Team,
        TeamAcceleration,
        TeamMatch,
        TeamScoring,
        TeamTournament,
    )

    base = draw(team_tournaments(max_teams=8))
    assert isinstance(base, TeamTournament)
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    last_id = max(p.id for p in base.players)
    reserves = {
        team.id: last_id + team.id for team in base.teams if draw(st.booleans())
    }  # never fielded: a blank cell, or the team's bye code
    players = [
        dataclasses.replace(
            player,
            name=draw(_field_text(33)),
            rating=draw(st.none() | st.integers(1000, 2900)),
            title=draw(st.sampled_from(["", "GM", "IM", "FM"])),
            federation=draw(st.sampled_from(["", "FRA", "IND"])),
            fide_id=draw(st.sampled_from(["", "1503014"])),
            sex=draw(st.sampled_from(["", "m", "w"])),
        )
        for player in base.players
    ]
    players.extend(Player(pid, draw(_field_text(33))) for pid in reserves.values())
    teams = tuple(
        Team(
            team.id,
            draw(_field_text(32)),
            team.roster + ((reserves[team.id],) if team.id in reserves else ()),
            nickname=draw(_field_text(5)),
            strength=draw(st.sampled_from(["", "1815", "2.5"])),
        )
        for team in base.teams
    )

    def varied(match: TeamMatch) -> TeamMatch:
        if match.forfeit is not None:
            return match
        boards = list(match.boards)
        for index, board in enumerate(boards):
            roll = rng.random()
            if roll < 0.08:
                boards[index] = Board(board.first, None, GameResult.WHITE_WINS_BY_FORFEIT)
            elif roll < 0.16:
                boards[index] = Board(None, board.second, GameResult.BLACK_WINS_BY_FORFEIT)
            elif roll < 0.22:
                boards[index] = Board(board.first, board.second, None)
            elif roll < 0.28 and board.result is not None and board.result.played:
                boards[index] = dataclasses.replace(board, rated=False)
        if len(boards) >= 2 and rng.random() < 0.2:  # the first team out of roster order
            a, b = boards[0], boards[1]
            if a.first is not None and b.first is not None:
                boards[0] = dataclasses.replace(a, first=b.first)
                boards[1] = dataclasses.replace(b, first=a.first)
        return dataclasses.replace(match, boards=tuple(boards))

    rounds = tuple(
        dataclasses.replace(rnd, matches=tuple(varied(m) for m in rnd.matches))
        for rnd in base.rounds
    )
    win, draw_mp, loss = draw(st.sampled_from([(20, 10, 0), (30, 10, 0), (10, 5, 0)]))
    games = draw(
        st.sampled_from(
            [CHESS, PointSystem(win=30, draw=10, loss=0), PointSystem(win=20, draw=10, loss=0)]
        )
    )
    pab = draw(st.sampled_from([(None, None), (draw_mp, base.boards * games.draw), (win, 0)]))
    scoring = TeamScoring(
        win=win,
        draw=draw_mp,
        loss=loss,
        games=games,
        primary=base.scoring.primary,
        secondary_used=base.scoring.secondary_used,
        pab_match_points=pab[0],
        pab_game_points=pab[1],
    )
    colours: tuple[Colour, ...] = ()
    if draw(st.booleans()):
        rest = st.lists(
            st.sampled_from(list(Colour)), min_size=base.boards - 1, max_size=base.boards - 1
        )
        colours = (Colour.WHITE, *draw(rest))
    accelerated = draw(st.lists(st.sampled_from([t.id for t in teams]), max_size=3, unique=True))
    next_round = len(rounds) + 1
    return dataclasses.replace(
        base,
        teams=teams,
        players=tuple(players),
        rounds=rounds,
        scoring=scoring,
        board_colours=colours,
        accelerations=tuple(
            TeamAcceleration(tpn, next_round, win, draw(st.sampled_from([0, 10])))
            for tpn in sorted(accelerated)
        ),
        system=draw(st.sampled_from(["", "FIDE_TEAM", "FIDE_TEAM_TYPEB_GP_MP"])),
        name=draw(_field_text(20)),
        details=EventDetails(city=draw(_field_text(10))),
    )


# === Double-Swiss events ===================================================================


@st.composite
def double_swiss_events(draw: st.DrawFn, max_players: int = 10) -> object:
    """A Double-Swiss event's history (random matches, not the system's pairing): two-game
    matches with every result the core accepts (the odd ½-0 and 0-0 games, single forfeited
    games, matches forfeited by one player or both, cross-forfeits), PABs and requested byes of
    every kind at random bye values, absences, and sometimes an unfinished last round."""
    from fairpair.core.double_swiss import (
        ByeValues,
        DoubleRound,
        DoubleSwissTournament,
        Mark,
        Match,
        MatchBye,
        MatchByeKind,
        valid_game,
    )

    count = draw(st.integers(2, max_players))
    rounds = draw(st.integers(1, 5))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    games = [(a, b) for a in Mark for b in Mark if valid_game(a, b)]
    played = [g for g in games if g[0].over_the_board]
    forfeit_rate = draw(st.sampled_from([0.0, 0.1, 0.3]))
    bye_rate = draw(st.sampled_from([0.0, 0.1, 0.25]))
    values = ByeValues(
        pairing_allocated=draw(st.sampled_from([3, 2, 4])),
        half_point=draw(st.sampled_from([2, 1])),
        full_point=draw(st.sampled_from([4, 3])),
        zero_point=0,
    )
    made: list[DoubleRound] = []
    for number in range(1, rounds + 1):
        ids = list(range(1, count + 1))
        rng.shuffle(ids)
        byes: list[MatchBye] = []
        present: list[int] = []
        for pid in ids:
            if rng.random() < bye_rate:
                kind = rng.choice([k for k in MatchByeKind if k.requested] + [None])
                if kind is not None:
                    byes.append(MatchBye(pid, kind))
                continue  # None: absent, the round does not name him
            present.append(pid)
        if len(present) % 2:
            byes.append(MatchBye(present.pop(), MatchByeKind.PAIRING_ALLOCATED))
        unfinished = number == rounds and draw(st.booleans()) and draw(st.booleans())
        matches = []
        for i in range(0, len(present), 2):
            a, b = present[i], present[i + 1]
            if unfinished and rng.random() < 0.5:
                matches.append(Match(a, b))
                continue
            pool = games if rng.random() < forfeit_rate else played
            matches.append(Match(a, b, (rng.choice(pool), rng.choice(pool))))
        made.append(DoubleRound(number, tuple(matches), tuple(byes)))
    return DoubleSwissTournament(
        players=tuple(
            Player(i, f"P{i}", rng.choice([None, 1500, 2000])) for i in range(1, count + 1)
        ),
        rounds=tuple(made),
        byes=values,
        name="random",
    )
