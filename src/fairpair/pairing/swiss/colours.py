"""Colour allocation for a pair (FIDE C.04.3 article 6, spec §6)."""

from __future__ import annotations

from fairpair.core import Colour
from fairpair.pairing.swiss.view import SwissPlayer


def _ranks_above(a: SwissPlayer, b: SwissPlayer) -> bool:
    return (-a.pairing_score, a.tpn) < (-b.pairing_score, b.tpn)


def allocate_colours(
    first: SwissPlayer, second: SwissPlayer, initial: Colour
) -> tuple[SwissPlayer, SwissPlayer, str]:
    """White, black and the colour rule that decided (6.1-6.6) for a pair."""
    higher, lower = (first, second) if _ranks_above(first, second) else (second, first)
    colour = _colour_of_higher(higher, lower, initial)
    rule = colour[1]
    if colour[0] is Colour.WHITE:
        return higher, lower, rule
    return lower, higher, rule


def _colour_of_higher(a: SwissPlayer, b: SwissPlayer, initial: Colour) -> tuple[Colour, str]:
    """The colour of the higher-ranked player ``a`` and the rule that gave it."""
    settled = colour_by_preferences(a, b)
    if settled is not None:
        return settled
    if a.preference.colour is None:
        return colour_by_pairing_number(a, initial)
    # 6.5: the higher-ranked player gets his preference.
    return a.preference.colour, "6.5"


def colour_by_preferences(a: SwissPlayer, b: SwissPlayer) -> tuple[Colour, str] | None:
    """The colour of ``a`` by rules 6.1-6.4 and the rule that gave it; None if they leave it open.

    These rules treat both players alike, so which of the two is ``a`` does not matter; the
    systems differ only in how they settle what is left (Dutch 6.5/6.6, Burstein §3.6).
    """
    pa, pb = a.preference, b.preference
    if pa.colour is None and pb.colour is None:
        return None
    if pa.colour is None or pb.colour is None or pa.colour is not pb.colour:
        # 6.1: compatible preferences, each gets his own (or the opposite of the other's).
        if pa.colour is not None:
            return pa.colour, "6.1"
        assert pb.colour is not None
        return pb.colour.opposite, "6.1"
    wanted = pa.colour
    # 6.2: an absolute preference wins; between two, the larger colour difference.
    if pa.absolute != pb.absolute:
        return (wanted if pa.absolute else wanted.opposite), "6.2"
    if pa.absolute and pb.absolute and pa.imbalance != pb.imbalance:
        return (wanted if pa.imbalance > pb.imbalance else wanted.opposite), "6.2"
    # 6.3: a strong preference wins over a mild one.
    if pa.strong != pb.strong:
        return (wanted if pa.strong else wanted.opposite), "6.3"
    # 6.4: alternate from the latest played round in which their colours differed.
    for ca, cb in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if ca is not cb:
            return cb, "6.4"
    return None


def colour_by_pairing_number(a: SwissPlayer, initial: Colour) -> tuple[Colour, str]:
    """6.6: the initial colour to an odd pairing number of ``a``, the other to an even one."""
    return (initial if a.tpn % 2 == 1 else initial.opposite), "6.6"
