"""The lexicographic bracket procedure shared by the FIDE team Swiss (C.04.6) and the
Double-Swiss (C.04.5).

Both systems pair a round bracket by bracket from the top: the residents of the top
scoregroup take the fewest and best upfloaters (sets tried in a fixed lexicographic order),
and the bracket is then paired by the first *identifier* among the pairings with the best
quality criteria. What is the same in both is here:

* :func:`has_perfect_matching` - the legality and completion tests ("this set of competitors
  can be paired without a forbidden pair"), a maximum-cardinality matching (Edmonds' blossom
  through :mod:`fairpair.matching`), with a greedy proof tried first;
* :func:`score_profiles` and :func:`sets_of_profile` - the upfloater candidates in the order of
  C.04.6 3.5.2-3.5.4 (fewest, best scores lowest-first, then sets by TPN);
* :func:`choose_upfloaters` and :func:`following_group_pairable` - the upfloater choice of
  3.5 (C4, C5, C6 pass/fail, C7, then the order of the sets), the same words in both texts;
  :func:`upfloater_choice` gives it with the reasons, for the arbiter's notes;
* :func:`first_pairing_by_identifier` - the pairing of a bracket with the smallest criteria
  sums, then the smallest identifier (C.04.6 3.6.2-3.6.4), as one exact minimum-weight perfect
  matching (team-swiss spec §4.6).

Competitors are their pairing numbers (ints); two of them may meet unless one lists the other
in ``conflicts`` (teams met, forbidden pairs).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence, Set
from dataclasses import dataclass

from fairpair.pairing.matcher import MatcherFactory, default_matcher
from fairpair.pairing.progress import report

Conflicts = Mapping[int, Set[int]]
"""For each competitor, those it may not be paired with (C1)."""

PairCriteria = Callable[[int, int], tuple[int, ...]]
"""The quality criteria a pair violates, most significant first, each 0, 1 or 2."""


def may_meet(a: int, b: int, conflicts: Conflicts) -> bool:
    """C1 (C.04.6 2.1.1; C.04.5 likewise): not met before and not kept apart."""
    return a != b and b not in conflicts.get(a, ()) and a not in conflicts.get(b, ())


def _greedy_perfect(members: Sequence[int], conflicts: Conflicts) -> bool:
    """A perfect matching found greedily (most constrained first), or False when the greedy
    walk gets stuck (which proves nothing)."""
    order = sorted(members, key=lambda m: -len(conflicts.get(m, ())))
    free = dict.fromkeys(order)
    while free:
        a = next(iter(free))
        del free[a]
        for b in free:
            if may_meet(a, b, conflicts):
                del free[b]
                break
        else:
            return False
    return True


def has_perfect_matching(
    members: Sequence[int],
    conflicts: Conflicts,
    make_matcher: MatcherFactory = default_matcher,
) -> bool:
    """Whether ``members`` can all be paired with C1-allowed pairs (a perfect matching of the
    C1 graph; C.04.6 3.5.5 legality, C3 completion, C6; spec §4.6).

    A greedy walk proves most dense cases at once; otherwise a maximum-cardinality matching
    (unit weights: maximum weight is maximum cardinality) decides.
    """
    n = len(members)
    if n % 2:
        return False
    if n == 0:
        return True
    if _greedy_perfect(members, conflicts):
        return True
    matcher = make_matcher(n)
    for i in range(n):
        for j in range(i + 1, n):
            if may_meet(members[i], members[j], conflicts):
                matcher.set_weight(i, j, 1)
    matcher.solve(warm=False)
    return all(matcher.mate(i) is not None for i in range(n))


def score_profiles(available: Mapping[int, int], k: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``k`` scores that the lower teams can supply (``available``: score ->
    how many teams), best first by C5 (C.04.6 2.3.2): sorted ascending, compared element by
    element, the larger first. Yielded as descending tuples."""
    levels = sorted(available, reverse=True)

    def build(index: int, left: int) -> Iterator[tuple[int, ...]]:
        if left == 0:
            yield ()
            return
        if index == len(levels):
            return
        score = levels[index]
        for take in range(min(left, available[score]), -1, -1):
            for tail in build(index + 1, left - take):
                yield (score,) * take + tail

    profiles = list(build(0, k))
    profiles.sort(key=lambda p: tuple(reversed(p)), reverse=True)
    return iter(profiles)


def sets_of_profile(
    by_score: Mapping[int, Sequence[int]], profile: Sequence[int]
) -> Iterator[tuple[int, ...]]:
    """The sets of teams with score profile ``profile`` in the order of C.04.6 3.5.3-3.5.4:
    each set written by descending score then ascending TPN, the sets in lexicographic order -
    score levels from the highest down, at each level the combinations in TPN order."""
    counts: dict[int, int] = {}
    for score in profile:
        counts[score] = counts.get(score, 0) + 1
    levels = sorted(counts, reverse=True)

    def build(index: int) -> Iterator[tuple[int, ...]]:
        if index == len(levels):
            yield ()
            return
        score = levels[index]
        for combo in itertools.combinations(sorted(by_score[score]), counts[score]):
            for tail in build(index + 1):
                yield combo + tail

    return build(0)


def identifier(pairs: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """The identifier of a pairing (C.04.6 3.6.2): the top members (smaller TPN of each pair)
    ascending, then the bottom members in the order of their tops."""
    ordered = sorted((min(p), max(p)) for p in pairs)
    return tuple(top for top, _ in ordered) + tuple(bottom for _, bottom in ordered)


def _augment(
    start: int,
    adjacent: Sequence[Sequence[int]],
    top_of: list[int],
    bottom_of: list[int],
    fixed: list[bool],
) -> bool:
    """An augmenting path from the free top ``start`` to a free bottom, avoiding fixed bottoms
    (breadth first, no recursion); the matching (``bottom_of`` per top, ``top_of`` per
    bottom) is changed only when one is found."""
    came_from: dict[int, int] = {}
    queue = [start]
    reached = {start}
    for top in queue:
        for bottom in adjacent[top]:
            if fixed[bottom] or bottom in came_from:
                continue
            came_from[bottom] = top
            holder = top_of[bottom]
            if holder == -1:
                while True:  # flip the path back to start
                    owner = came_from[bottom]
                    previous = bottom_of[owner]
                    bottom_of[owner], top_of[bottom] = bottom, owner
                    if owner == start:
                        return True
                    bottom = previous
            if holder not in reached:
                reached.add(holder)
                queue.append(holder)
    return False


def _first_across_halves(
    ordered: Sequence[int], conflicts: Conflicts
) -> tuple[tuple[int, int], ...] | None:
    """The first identifier when no pair violates a criterion, if a pairing of the top half
    against the bottom half exists (``None`` otherwise).

    Its tops are then the k smallest numbers, the smallest top sequence any pairing can have;
    the bottoms are chosen top by top, each the smallest that still leaves a perfect pairing of
    the rest (an augmenting path decides), which is the smallest bottom sequence: together the
    first identifier of 3.6.3, as the weighted matching finds it, without its wide weights."""
    half = len(ordered) // 2
    tops, bottoms = ordered[:half], ordered[half:]
    adjacent = [[j for j, y in enumerate(bottoms) if may_meet(x, y, conflicts)] for x in tops]
    top_of = [-1] * half
    bottom_of = [-1] * half
    fixed = [False] * half
    for i in range(half):  # the smallest free bottom first: usually already the answer
        for j in adjacent[i]:
            if top_of[j] == -1:
                top_of[j], bottom_of[i] = i, j
                break
    for i in range(half):
        if bottom_of[i] == -1 and not _augment(i, adjacent, top_of, bottom_of, fixed):
            return None
    for i in range(half):
        for j in adjacent[i]:
            current = bottom_of[i]
            if j >= current:
                break
            if fixed[j]:
                continue
            other = top_of[j]  # a later top: earlier ones hold fixed bottoms
            top_of[current], top_of[j] = -1, i
            bottom_of[i], bottom_of[other] = j, -1
            fixed[j] = True
            if _augment(other, adjacent, top_of, bottom_of, fixed):
                break
            fixed[j] = False  # no pairing of the rest: undo the exchange
            top_of[current], top_of[j] = i, other
            bottom_of[i], bottom_of[other] = current, j
        fixed[bottom_of[i]] = True
    return tuple((tops[i], bottoms[bottom_of[i]]) for i in range(half))


def first_pairing_by_identifier(
    members: Sequence[int],
    conflicts: Conflicts,
    criteria: PairCriteria,
    make_matcher: MatcherFactory = default_matcher,
) -> tuple[tuple[int, int], ...] | None:
    """The legal pairing of a bracket with the smallest criteria sums (compared in order), then
    the smallest identifier (C.04.6 3.6.4); ``None`` when the bracket cannot be paired.

    Pairs are returned (top, bottom). The plain pairing 1st-(n/2+1)th, 2nd-(n/2+2)th, ... has the
    smallest identifier of all; when it is legal and violates nothing it is the answer. Otherwise
    one minimum-weight perfect matching (team-swiss spec §4.6): with bsn = 1..n by TPN and
    base = n + 1, a pair (x top, y bottom) weighs
    ``Σ c_i·W_i + base^n·2^(n−bsn(y)) + bsn(y)·base^(n−bsn(x))``, each criterion's field wider than
    everything below it; it is maximised as ``M − weight`` with M above any perfect matching's
    weight, so that the heaviest matching is perfect whenever one exists.
    """
    ordered = sorted(members)
    n = len(ordered)
    if n % 2:
        return None
    if n == 0:
        return ()
    half = n // 2
    plain = tuple(zip(ordered[:half], ordered[half:], strict=True))
    if all(may_meet(x, y, conflicts) and not any(criteria(x, y)) for x, y in plain):
        return plain
    if not any(
        any(criteria(x, y))
        for i, x in enumerate(ordered)
        for y in ordered[i + 1 :]
        if may_meet(x, y, conflicts)
    ):
        across = _first_across_halves(ordered, conflicts)
        if across is not None:
            return across
    base = n + 1
    order_field = base**n * 2**n
    width = len(criteria(ordered[0], ordered[1]))
    weights = [order_field * base ** (width - i) for i in range(width)]
    big = weights[0] * base * 2 if weights else order_field * base * 2
    matcher = make_matcher(n)
    for i in range(n):
        x = ordered[i]
        for j in range(i + 1, n):
            y = ordered[j]
            if not may_meet(x, y, conflicts):
                continue
            cost = base**n * 2 ** (n - (j + 1)) + (j + 1) * base ** (n - (i + 1))
            for count, weight in zip(criteria(x, y), weights, strict=True):
                cost += count * weight
            matcher.set_weight(i, j, big - cost)
    matcher.solve(warm=False)
    pairs: list[tuple[int, int]] = []
    for i in range(n):
        mate = matcher.mate(i)
        if mate is None:
            return None
        if mate > i:
            pairs.append((ordered[i], ordered[mate]))
    return tuple(pairs)


def _first_legal(
    members: Sequence[int], conflicts: Conflicts
) -> tuple[tuple[int, int], ...] | None:
    """The first identifier among the legal pairings, no pair violating a criterion."""
    ordered = sorted(members)
    half = len(ordered) // 2
    plain = tuple(zip(ordered[:half], ordered[half:], strict=True))
    if all(may_meet(x, y, conflicts) for x, y in plain):
        return plain
    across = _first_across_halves(ordered, conflicts)
    if across is not None:
        return across
    return first_pairing_by_identifier(members, conflicts, lambda x, y: ())


def first_pairing_fewest_costly(
    members: Sequence[int],
    conflicts: Conflicts,
    costly: Mapping[int, Set[int]],
    *,
    limit: int = 64,
) -> tuple[tuple[int, int], ...] | None:
    """The legal pairing of a bracket with the fewest *costly* pairs, then the smallest
    identifier - :func:`first_pairing_by_identifier` with one 0/1 criterion - when every
    costly pair has a member among the few keys of ``costly`` (a key's costly partners are its
    set), such as C.04.5's C8: a resident who floated facing an upfloater. ``None`` when the
    bracket cannot be paired or the search would try more than ``limit`` sets (then the
    caller takes the weighted matching).

    Why it is the same pairing: call S the keys allowed a costly partner; with the others'
    costly pairs forbidden, every legal pairing has at most |S| costly pairs. The smallest S
    that leaves the bracket pairable gives the fewest costly pairs m, and the best pairings
    are exactly the legal pairings of the graphs of the sets S of size m; the first identifier
    among them is the smallest of each graph's first identifier, which needs no criterion
    (the plain pairing, or top half against bottom half, found without wide weights)."""
    keys = sorted(k for k, partners in costly.items() if partners)
    if not keys:
        return _first_legal(members, conflicts)
    tried = 0
    for size in range(len(keys) + 1):
        best: tuple[tuple[int, ...], tuple[tuple[int, int], ...]] | None = None
        for allowed in itertools.combinations(keys, size):
            tried += 1
            if tried > limit:
                return None
            restricted = {m: set(conflicts.get(m, ())) for m in members}
            for key in keys:
                if key in allowed:
                    continue
                for partner in costly[key]:
                    if partner in restricted and key in restricted:
                        restricted[key].add(partner)
                        restricted[partner].add(key)
            if not has_perfect_matching(members, restricted):
                continue
            pairs = _first_legal(members, restricted)
            if pairs is not None and (best is None or identifier(pairs) < best[0]):
                best = (identifier(pairs), pairs)
        if best is not None:
            return best[1]
    return None


Perfect = Callable[[Sequence[int]], bool]
"""Whether a set of competitors can all be paired (:func:`has_perfect_matching` bound to the
round's conflicts)."""


def following_group_pairable(
    group_score: int, rest: Sequence[int], score_of: Mapping[int, int], perfect: Perfect
) -> bool:
    """C6 (C.04.6 2.3.3, C.04.5 2.3.3; pass/fail reading): the members of the following
    scoregroup left unpaired by a bracket (those of ``rest`` with ``group_score``) can be
    paired in their own bracket with C1, the rest completing (C3), and the fewest upfloaters
    their parity allows - none when they are even, one (from below) when odd. Holds when none
    of them is left. ``rest``: every competitor still unpaired after the bracket, all scoring
    at most ``group_score``."""
    group = [c for c in rest if score_of[c] == group_score]
    if not group:
        return True
    if len(group) % 2 == 0:
        return perfect(group) and perfect([c for c in rest if score_of[c] != group_score])
    taken = set(group)
    for below in rest:
        if score_of[below] >= group_score:
            continue
        if perfect([*group, below]) and perfect([c for c in rest if c not in taken and c != below]):
            return True
    return False


@dataclass(frozen=True, slots=True)
class UpfloaterChoice:
    """The upfloaters of a bracket and why they are these (3.5), for an arbiter's notes."""

    upfloaters: tuple[int, ...]
    fewest: int
    """The parity minimum: 0 for an even number of residents, 1 for an odd one. More than
    this were needed when no smaller set let the bracket and the rest be paired (C4)."""
    better_scores: tuple[tuple[int, ...], ...]
    """Score profiles better by C5 (descending tuples) with which no set was legal (C1, C3);
    the first few."""
    c6_kept: bool
    """The following scoregroup can still be paired as C6 asks (or none of it is left)."""
    c7: int
    """Upfloaters who floated in the previous round (0 when C7 does not apply)."""
    passed_over: tuple[tuple[tuple[int, ...], str], ...]
    """Sets of the same profile earlier in the order of 3.5.4, each with the first criterion
    it fails (C1, C3, C6, C7); the first few."""


_NOTED = 3
"""How many passed-over sets and profiles an explanation keeps."""


def choose_upfloaters(
    residents: Sequence[int],
    unpaired: Sequence[int],
    score_of: Mapping[int, int],
    perfect: Perfect,
    following_score: int | None,
    floated: Callable[[int], bool] | None,
) -> tuple[int, ...] | None:
    """The upfloaters of the bracket of ``residents`` (C.04.6 / C.04.5 3.5); ``None`` when no
    set lets the round be paired. :func:`upfloater_choice` says why."""
    choice = upfloater_choice(residents, unpaired, score_of, perfect, following_score, floated)
    return None if choice is None else choice.upfloaters


def upfloater_choice(
    residents: Sequence[int],
    unpaired: Sequence[int],
    score_of: Mapping[int, int],
    perfect: Perfect,
    following_score: int | None,
    floated: Callable[[int], bool] | None,
) -> UpfloaterChoice | None:
    """The upfloaters of the bracket of ``residents`` (C.04.6 / C.04.5 3.5): among the sets U of
    lower competitors such that residents + U and the rest can both be paired (3.5.5, C3),
    the fewest (C4), the best scores lowest first (C5), C6 satisfied if any can
    (:func:`following_group_pairable` for ``following_score``), the fewest who floated in the
    previous round (C7; ``floated`` None when C7 does not apply), then the first in the order
    of 3.5.3-3.5.4. ``None`` when no set lets the round be paired.

    Sets are generated in that order (:func:`score_profiles`, :func:`sets_of_profile`) and
    the search of a profile stops at the first set that reaches the best C6 and C7 values any
    set of the profile could reach, so a usual bracket tries one or two sets."""
    resident_set = set(residents)
    top = score_of[residents[0]]
    low = [c for c in unpaired if c not in resident_set and score_of[c] < top]
    by_score: dict[int, list[int]] = {}
    for c in low:
        by_score.setdefault(score_of[c], []).append(c)
    available = {s: len(members) for s, members in by_score.items()}

    def fewest_floaters(profile: Sequence[int]) -> int:
        if floated is None:
            return 0
        fewest = 0
        for score in set(profile):
            fresh = sum(1 for c in by_score[score] if not floated(c))
            fewest += max(0, profile.count(score) - fresh)
        return fewest

    parity = len(residents) % 2
    failed_profiles: list[tuple[int, ...]] = []
    for k in range(parity, len(low) + 1, 2):  # C4: fewest upfloaters
        failed_profiles.clear()
        for profile in score_profiles(available, k):  # C5: best scores first
            best: tuple[tuple[int, int, int], tuple[int, ...]] | None = None
            bound = fewest_floaters(profile)
            tried: list[tuple[tuple[int, ...], str]] = []
            for position, upfloaters in enumerate(sets_of_profile(by_score, profile)):
                bracket = resident_set.union(upfloaters)
                if not perfect(sorted(bracket)):  # a legal pairing of the bracket (3.5.5)
                    tried.append((upfloaters, "C1"))
                    continue
                rest = [c for c in unpaired if c not in bracket]
                if not perfect(rest):  # C3
                    tried.append((upfloaters, "C3"))
                    continue
                c6 = following_score is not None and not following_group_pairable(
                    following_score, rest, score_of, perfect
                )
                c7 = 0 if floated is None else sum(1 for u in upfloaters if floated(u))
                key = (int(c6), c7, position)
                if best is None or key < best[0]:
                    best = (key, upfloaters)
                tried.append((upfloaters, "C6" if c6 else "C7"))
                if key[:2] == (0, bound):
                    break  # nothing later in this profile can do better
            if best is not None:
                (c6_failed, c7_count, chosen_at), chosen = best
                if c6_failed:  # no set of the profile keeps C6: the earlier ones lost on C7
                    tried = [(u, "C7" if why == "C6" else why) for u, why in tried]
                return UpfloaterChoice(
                    upfloaters=chosen,
                    fewest=parity,
                    better_scores=tuple(failed_profiles[:_NOTED]),
                    c6_kept=not c6_failed,
                    c7=c7_count,
                    passed_over=tuple(tried[:chosen_at][:_NOTED]),
                )
            failed_profiles.append(profile)
    return None


TYPE_CHECKING = False  # typing stays unloaded at run time: fairpair-engine pays each import
if TYPE_CHECKING:
    from typing import Protocol, TypeVar

    class PairedBracket(Protocol):
        """A bracket once paired: its pairs of competitors."""

        @property
        def pairs(self) -> Sequence[tuple[int, int]]: ...

    B = TypeVar("B", bound=PairedBracket)


def brackets_from_the_top(
    unpaired: Sequence[int], next_bracket: Callable[[list[int]], B], score: Mapping[int, int]
) -> tuple[B, ...]:
    """Step 2 of 3.3 (C.04.6 and C.04.5 alike): the brackets paired from the top, each decision
    final; ``next_bracket`` pairs the top bracket of those still unpaired (in ranking order).
    After each bracket, :func:`~fairpair.pairing.progress.report` tells how many of the round's
    scoregroups (by ``score``) are paired: those above the best score still unpaired."""
    left = list(unpaired)
    groups = sorted({score[x] for x in left}, reverse=True)
    brackets: list[B] = []
    while left:
        bracket = next_bracket(left)
        brackets.append(bracket)
        done = {x for pair in bracket.pairs for x in pair}
        left = [x for x in left if x not in done]
        top = max((score[x] for x in left), default=None)
        report(sum(1 for g in groups if top is None or g > top), len(groups), "scoregroup")
    return tuple(brackets)
