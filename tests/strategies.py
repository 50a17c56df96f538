"""Shared Hypothesis strategies and random-event builders for the property tests.

The one shared module (see STYLE.md): each pairing system keeps its own clearly marked
section; add new sections below the existing ones rather than editing them.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from fairpair.core import (
    MATCH_POINTS,
    Bye,
    ByeKind,
    Game,
    GameResult,
    Player,
    RequestedBye,
    Round,
    Tournament,
)

# =============================================================================================
# Casual Swiss (branch ``casual``): random card-game events with drops and late entries
# =============================================================================================


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
) -> Tournament:
    """A 3/1/0 event after ``rounds`` played rounds, the next round not yet paired.

    Rounds are paired by the casual pairer (realistic rematch pressure) or, with
    ``random_pairings``, at random (rematches allowed, histories the pairer would never make).
    Some players drop (``Tournament.withdrawals``), some enter late (registered only from a
    later round, with no entries before), some request a bye for a round.
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
            pairing = pair_casual(event, CasualOptions(seed=seed), rng)
            boards = [(g.white, g.black) for g in pairing.boards]
            byes = [Bye(pairing.bye, ByeKind.PAIRING_ALLOCATED)] if pairing.bye else []
        byes.extend(Bye(r.player, r.kind) for r in requests if r.round == number)
        games = tuple(Game(a, b, _casual_result(rng, draw_rate), coloured=False) for a, b in boards)
        played.append(Round(number, games, tuple(byes)))
    raise AssertionError("unreachable")  # pragma: no cover


@st.composite
def casual_events(
    draw: st.DrawFn,
    min_players: int = 1,
    max_players: int = 12,
    max_rounds: int = 6,
) -> Tournament:
    """Random casual events (see :func:`build_casual_event`).

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
