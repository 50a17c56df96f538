"""Casual Swiss colours on generated events: the consequences of swiss-dutch.md §6.

The casual pairing ignores colours (swiss-casual.md §5), so the Dutch absolute criterion C3
(two players with the same absolute preference never meet) is not in force: a colour
difference beyond ±2 or a third colour in a row *can* happen. What §6 still guarantees, and
what is checked here board by board, without re-deriving the allocation:

* the absolute limits break only for a player whose opponent would have broken them with the
  colours swapped, and then for the one whose colour difference was not the larger;
* a colour wish is denied only to a player whose opponent wished the same colour at least as
  strongly (absolute > strong > mild; between absolute wishes, the larger difference);
* a tie of equal wishes goes by the latest round in which their colours differed (each takes
  the other's colour of that round), else to the higher-ranked player;
* without any wish, the higher-ranked player gets the initial colour drawn from the seed
  exactly when his place in the round's tie order (players to pair only) is odd.

The preferences are read with ``colour_preference`` of the Swiss view (spec §2.1), which the
Dutch corpus checks; the histories are taken from the snapshot by the test itself.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings

from fairpair.core import Colour, Game, PlayerId, Tournament
from fairpair.pairing.casual import (
    CasualOptions,
    GroupStyle,
    NoValidPairing,
    TieOrder,
    initial_colour,
    pair_casual,
    standings_order,
    tie_order,
)
from fairpair.pairing.swiss.view import ColourPreference, colour_preference
from tests.strategies import casual_events, casual_options_kwargs

STRENGTH = {"mild": 1, "strong": 2, "absolute": 3}


def _histories(t: Tournament) -> dict[PlayerId, list[Colour]]:
    """Colours of the games played over the board, oldest first."""
    history: dict[PlayerId, list[Colour]] = {p.id: [] for p in t.players}
    for rnd in t.rounds:
        for game in rnd.games:
            if game.coloured and game.result is not None and game.result.played:
                history[game.white].append(Colour.WHITE)
                history[game.black].append(Colour.BLACK)
    return history


def _breaks_limits(colours: list[Colour]) -> bool:
    difference = sum(1 if c is Colour.WHITE else -1 for c in colours)
    return abs(difference) > 2 or (len(colours) >= 3 and len(set(colours[-3:])) == 1)


def _strength(p: ColourPreference) -> tuple[int, int]:
    return (STRENGTH[p.kind], p.imbalance if p.absolute else 0)


def _check_board(
    game: Game,
    history: dict[PlayerId, list[Colour]],
    rank: dict[PlayerId, int],
    number: dict[PlayerId, int],
    initial: Colour,
) -> None:
    w, b = game.white, game.black
    got = {w: Colour.WHITE, b: Colour.BLACK}
    pref = {pid: colour_preference(history[pid]) for pid in (w, b)}

    # The absolute limits: broken for a player who could keep them only at his opponent's
    # cost (when both colours break them, as after a history beyond them, nothing is asked).
    for me, other in ((w, b), (b, w)):
        mine = got[me]
        if _breaks_limits([*history[me], mine]) and not _breaks_limits(
            [*history[me], mine.opposite]
        ):
            assert _breaks_limits([*history[other], mine]), f"{me} broke the limits needlessly"
            assert pref[me].imbalance <= pref[other].imbalance

    # A wish is denied only to the weaker of two equal wishes.
    for me, other in ((w, b), (b, w)):
        wish = pref[me].colour
        if wish is not None and got[me] is not wish:
            assert pref[other].colour is wish, f"{me} lost a wish nobody shared"
            assert _strength(pref[other]) >= _strength(pref[me])

    # Ties of equal wishes: alternation from the latest different round, else rank.
    same_wish = pref[w].colour is not None and pref[w].colour is pref[b].colour
    if same_wish and _strength(pref[w]) == _strength(pref[b]):
        differing = [
            (cw, cb)
            for cw, cb in zip(reversed(history[w]), reversed(history[b]), strict=False)
            if cw is not cb
        ]
        if differing:
            assert differing[0] == (Colour.BLACK, Colour.WHITE), "6.4: alternate"
        else:
            higher = min((w, b), key=rank.__getitem__)
            assert got[higher] is pref[higher].colour, "6.5: to the higher-ranked"

    # No wish at all: the initial colour to an odd place of the higher-ranked player.
    if pref[w].colour is None and pref[b].colour is None:
        higher = min((w, b), key=rank.__getitem__)
        assert (got[higher] is initial) == (number[higher] % 2 == 1), "6.6"


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(casual_events(max_players=30, max_rounds=8, colours=True), casual_options_kwargs)
def test_every_board_gets_the_colours_of_section_6(
    t: Tournament, kwargs: dict[str, object]
) -> None:
    seed = kwargs["seed"]
    assert isinstance(seed, int)
    options = CasualOptions(
        seed=seed,
        style=GroupStyle(kwargs["style"]),
        tie_order=TieOrder(kwargs["tie_order"]),
        separate_by_club=bool(kwargs["separate_by_club"]),
        colours=True,
    )
    try:
        pairing = pair_casual(t, options, random.Random(0))
    except NoValidPairing:
        return
    assert all(game.coloured for game in pairing.boards)
    history = _histories(t)
    rank = {pid: k for k, pid in enumerate(standings_order(t, options, random.Random(0)))}
    present = set(t.players_to_pair())
    ties = [pid for pid in tie_order(t, options, random.Random(0)) if pid in present]
    number = {pid: k for k, pid in enumerate(ties, start=1)}
    for game in pairing.boards:
        _check_board(game, history, rank, number, initial_colour(seed))
