"""Why each board of a round is as it is, in words a player reads on a phone.

For every board of a paired round: why these two players met, why these colours, and, when
the board is not the one the rules would try first, which rule ruled that one out. The source
is the pairing system itself, as for ``fairpair pair --explain``: the round is paired again
from the event as it stood before it (the systems are deterministic), and the explanation is
given only where that pairing is the one the event holds; a board the director paired or
changed by hand says so. The facts (scores before the round, colour histories, who met whom)
come from the event's own games.

The board "the rules would try first" for a player of a Swiss is the usual one: the players of
a score group in ranking order, the top half meeting the bottom half, first against first.
When the player's opponent is another, the usual board is tried in place of the chosen one
(each of the two players takes the other's opponent) and the system's own criteria say what
it would have broken (:mod:`fairpair.pairing.alternatives`).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from fairpair.core import Colour, Pairing, PlayerId, Tournament, format_points
from fairpair.pairing.alternatives import RoundCriteria
from fairpair.pairing.registry import round_criteria
from fairpair.pairing.swiss.colours import colours_of_ranked_pair
from fairpair.pairing.swiss.view import ColourPreference, SwissPlayer, SwissRound, swiss_round
from fairpair.service.errors import CommandError
from fairpair.service.events import Event
from fairpair.service.pairing import pair_next_round
from fairpair.service.settings import System

__all__ = ["BoardWhy", "round_explanations"]

_USUAL_BOARDS = (System.DUTCH, System.BURSTEIN)
"""The systems whose score groups have a usual board (the casual Swiss pairs a group in a
seeded random order, so it has none to compare with)."""

MAX_EXPLAINED = 2000
"""Players of a round beyond which the boards are not explained (the re-pairing costs the
time of a pairing; the largest rounds are paired in seconds, which a public page cannot wait)."""


@dataclass(frozen=True, slots=True)
class BoardWhy:
    """The reasons of one board, each a sentence or two ("" when there is nothing to say)."""

    board: int
    met: str
    colours: str
    instead: str = ""

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(text for text in (self.met, self.colours, self.instead) if text)


def round_explanations(event: Event, number: int) -> tuple[BoardWhy, ...]:
    """The reasons of every board of round ``number`` (memoised per version of the event);
    empty for a round the event has not paired, a knockout, or a round too large to explain."""
    return event.memo(f"why-{number}", lambda: _cached(event, number))


_KEPT = 16
_cache: OrderedDict[Hashable, tuple[BoardWhy, ...]] = OrderedDict()
_cache_lock = threading.Lock()


def _cached(event: Event, number: int) -> tuple[BoardWhy, ...]:
    """The reasons, kept across versions of the event while what they depend on stays the
    same (the event before the round, its settings, the round's boards): a result entered in
    the round makes a new version but changes no reason, and re-pairing a large round for
    each would cost a second or more."""
    t = event.tournament
    if event.settings.system.knockout or not 1 <= number <= len(t.rounds):
        return ()
    boards = tuple((g.white, g.black) for g in t.rounds[number - 1].games)
    key = (event.settings, t.before_round(number), boards)
    with _cache_lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found
    made = _explain(event, number)
    with _cache_lock:
        _cache[key] = made
        while len(_cache) > _KEPT:
            _cache.popitem(last=False)
    return made


def _explain(event: Event, number: int) -> tuple[BoardWhy, ...]:
    t = event.tournament
    system = event.settings.system
    boards = t.rounds[number - 1].games
    if not boards or len(t.players) > MAX_EXPLAINED:
        return ()
    before = t.before_round(number)
    try:
        again: Pairing | None = pair_next_round(before, event.settings)
    except CommandError:
        again = None
    engine = {(g.white, g.black) for g in again.boards} if again is not None else set()
    names = {p.id: f"{p.name} ({p.id})" for p in t.players}
    if system.round_robin:
        field = len(t.players)
        return tuple(
            BoardWhy(n, _round_robin_met(number, field), "")
            if (g.white, g.black) in engine
            else BoardWhy(n, _by_hand(), "")
            for n, g in enumerate(boards, start=1)
        )
    view = swiss_round(before)
    players = {p.id: p for p in view.players}
    criteria = _criteria(system, event.settings.seed, before)
    coloured = not event.settings.card_game
    order = _rank_order(view, criteria)
    reasons: list[BoardWhy] = []
    pairs = [(g.white, g.black) for g in boards]
    for n, g in enumerate(boards, start=1):
        if (g.white, g.black) not in engine or g.white not in players or g.black not in players:
            reasons.append(BoardWhy(n, _by_hand(), ""))
            continue
        white, black = players[g.white], players[g.black]
        met = _met(white, black, names, number == 1)
        colours = _colours(view, white, black, order, names) if coloured else ""
        instead = (
            _instead(system, view, criteria, order, pairs, again, n, names, before)
            if system in _USUAL_BOARDS
            else ""
        )
        reasons.append(BoardWhy(n, met, colours, instead))
    return tuple(reasons)


def _by_hand() -> str:
    return (
        "The director paired this board: it is not the board the pairing system gives, so "
        "the system's reasons do not apply to it."
    )


def _round_robin_met(number: int, field: int) -> str:
    return (
        f"Every player meets every other once: round {number} of the round-robin table for "
        f"{field} players (FIDE's Berger tables) pairs these two, and gives these colours."
    )


def _criteria(system: System, seed: int, before: Tournament) -> RoundCriteria | None:
    try:
        return round_criteria(system.value, seed=seed)(before)
    except (KeyError, ValueError):
        return None


def _rank_order(view: SwissRound, criteria: RoundCriteria | None) -> list[PlayerId]:
    """The players in the system's order: by the criteria's order when the system has one
    (the casual Swiss ranks by a seeded tie order), else by pairing score and number."""
    if criteria is not None:
        return list(criteria.order)
    ranked = sorted(view.players, key=lambda p: (-p.pairing_score, p.tpn))
    return [p.id for p in ranked]


def _points(player: SwissPlayer) -> str:
    text = format_points(player.score)
    return f"{text} point" if text == "1" else f"{text} points"


def _met(white: SwissPlayer, black: SwissPlayer, names: dict[PlayerId, str], first: bool) -> str:
    a, b = names[white.id], names[black.id]
    new = "" if first else ", and these two had not met before"
    if white.score == black.score:
        return f"{a} and {b} both had {_points(white)}: players meet others on the same score{new}."
    high, low = (white, black) if white.score > black.score else (black, white)
    return (
        f"{names[high.id]} had {_points(high)} and {names[low.id]} had {_points(low)}: "
        "when a score group cannot be paired within itself, a player moves to the next one "
        f"down (a float){new}."
    )


def _history(player: SwissPlayer) -> str:
    if not player.colours:
        return "no game yet"
    return " ".join("White" if c is Colour.WHITE else "Black" for c in player.colours)


def _wish(p: ColourPreference) -> str:
    if p.colour is None:
        return "no colour due"
    colour = "White" if p.colour is Colour.WHITE else "Black"
    other = "Black" if p.colour is Colour.WHITE else "White"
    if p.absolute and p.imbalance >= 2:
        return f"must have {colour} ({p.imbalance} more {other} than {colour} games)"
    if p.absolute:
        return f"must have {colour} (the last two games with {other})"
    if p.strong:
        return f"is due {colour} (one more {other} than {colour} game)"
    return f"would like {colour} ({other} last time)"


_OWN_RULE = "the pairing system's own rule for equal claims decides."

_RULES = {
    "6.1": "each got the colour they were due.",
    "6.2": "both were due the same colour and one must have it: the firmer claim wins.",
    "6.3": "both were due the same colour: the stronger wish wins over the milder one.",
    "6.4": (
        "both were due the same colour just as strongly: the colours alternate from the "
        "last round in which the two had different colours."
    ),
    "6.5": (
        "both were due the same colour just as strongly, with the same colours so far: the "
        "higher-ranked player gets theirs."
    ),
    "6.6": (
        "neither was due a colour: the higher-ranked player's pairing number decides "
        "(odd numbers get the colour drawn for the event's first round)."
    ),
}


def _colours(
    view: SwissRound,
    white: SwissPlayer,
    black: SwissPlayer,
    order: Sequence[PlayerId],
    names: dict[PlayerId, str],
) -> str:
    place = {pid: i for i, pid in enumerate(order)}
    higher, lower = (white, black) if place[white.id] < place[black.id] else (black, white)
    given_white, _, rule = colours_of_ranked_pair(higher, lower, view.initial_colour)
    said = [f"{names[p.id]}: {_history(p)}, so {_wish(p.preference)}" for p in (white, black)]
    # Where the Dutch rules would give the other colour, the system (Burstein) settled equal
    # claims its own way (its §3.6).
    rule_words = _RULES.get(rule, _OWN_RULE) if given_white.id == white.id else _OWN_RULE
    return f"Colours: {'; '.join(said)}. White to {names[white.id]}: {rule_words}"


def _usual_opponent(
    system: System, view: SwissRound, order: Sequence[PlayerId], pid: PlayerId
) -> PlayerId | None:
    """The player ``pid`` meets on the usual board of their score group (None when the group
    has no one else for them): the Dutch system's top half against its bottom half, first
    against first; the Burstein system's first against last."""
    score = {p.id: p.pairing_score for p in view.players}
    group = [q for q in order if score.get(q) == score[pid]]
    if len(group) < 2:
        return None
    at = group.index(pid)
    if system is System.BURSTEIN:
        mirror = len(group) - 1 - at
        return None if mirror == at else group[mirror]
    half = len(group) // 2
    if at < half:
        return group[half + at]
    if at - half < half:
        return group[at - half]
    return None  # the odd one out of an odd group


def _instead(
    system: System,
    view: SwissRound,
    criteria: RoundCriteria | None,
    order: Sequence[PlayerId],
    pairs: Sequence[tuple[PlayerId, PlayerId]],
    pairing: Pairing | None,
    board: int,
    names: dict[PlayerId, str],
    before: Tournament,
) -> str:
    """Why the higher-ranked player of ``board`` does not meet their usual opponent."""
    place = {pid: i for i, pid in enumerate(order)}
    a, b = pairs[board - 1]
    x, y = (a, b) if place[a] < place[b] else (b, a)
    z = _usual_opponent(system, view, order, x)
    if z is None:
        return ""
    if z == y:
        how = (
            "its first meets its last, and so on inwards"
            if system is System.BURSTEIN
            else "its top half meets its bottom half in ranking order"
        )
        return f"This is the usual board of their score group: {how}."
    other = next((p for p in pairs if z in p), None)
    x_name, z_name = names[x], names.get(z, str(z))
    met_before = _met_in(before, x, z)
    if met_before is not None:
        return (
            f"The usual opponent of {x_name} in the score group was {z_name}, but they met in "
            f"round {met_before}: no two players meet twice."
        )
    if frozenset((x, z)) in _forbidden(view):
        return f"The usual opponent of {x_name} was {z_name}, but the director kept the two apart."
    if criteria is None or other is None:
        return f"The usual opponent of {x_name} was {z_name}, who has no board this round."
    w = other[0] if other[1] == z else other[1]
    swapped = [p for p in pairs if p not in ((a, b), other)] + [(x, z), (y, w)]
    bye = pairing.bye if pairing is not None else None
    chosen_vector = criteria.vector(list(pairs), bye)
    swapped_vector = criteria.vector(swapped, bye)
    if swapped_vector is None:
        return (
            f"The usual opponent of {x_name} was {z_name}, but then {names.get(y, y)} and "
            f"{names.get(w, w)} would have had to meet, which the rules forbid (they have met "
            "before, were kept apart, or both must have the same colour)."
        )
    if chosen_vector is None:
        return ""
    for criterion, chosen, swapped_value in zip(
        criteria.criteria, chosen_vector, swapped_vector, strict=True
    ):
        if chosen != swapped_value:
            worse = criterion.sign * criterion.natural(swapped_value) < criterion.sign * (
                criterion.natural(chosen)
            )
            verdict = "worse" if worse else "different"
            return (
                f"The usual opponent of {x_name} was {z_name}; with {x_name} against "
                f"{z_name} and {names.get(y, y)} against {names.get(w, w)}, the round would "
                f"have been {verdict} on rule {criterion.where()}: {criterion.text}."
            )
    return (
        f"The usual opponent of {x_name} was {z_name}; that pairing is just as good by every "
        "rule, and the system takes its candidates in a fixed order."
    )


def _met_in(t: Tournament, a: PlayerId, b: PlayerId) -> int | None:
    for rnd in t.rounds:
        for g in rnd.games:
            if {g.white, g.black} == {a, b} and g.result is not None and g.result.played:
                return rnd.number
    return None


def _forbidden(view: SwissRound) -> frozenset[frozenset[PlayerId]]:
    return view.forbidden
