"""Colour allocation for a pair (FIDE C.04.3 article 6, spec §6).

The rules read only a player's played colours, his preference (spec §2.1) and a pairing number
(rule 6.6), which :class:`ColourParty` names: the Dutch and Burstein systems pass their
:class:`~fairpair.pairing.swiss.view.SwissPlayer`, the casual Swiss a view of its own.
"""

from __future__ import annotations

from fairpair.core import Colour
from fairpair.core.player import PlayerId
from fairpair.pairing.swiss.view import ColourPreference, SwissPlayer

TYPE_CHECKING = False  # typing stays unloaded at run time: fairpair-engine pays each import
if TYPE_CHECKING:
    from typing import Protocol, TypeVar
else:
    Protocol = object


class ColourParty(Protocol):
    """What the colour rules read of a player."""

    @property
    def id(self) -> PlayerId: ...

    @property
    def tpn(self) -> int:
        """The pairing number whose parity rule 6.6 reads."""
        ...

    @property
    def colours(self) -> tuple[Colour, ...]:
        """Colours of the played games, oldest first."""
        ...

    @property
    def preference(self) -> ColourPreference: ...


if TYPE_CHECKING:
    Party = TypeVar("Party", bound=ColourParty)


def _ranks_above(a: SwissPlayer, b: SwissPlayer) -> bool:
    return (-a.pairing_score, a.tpn) < (-b.pairing_score, b.tpn)


def allocate_colours(
    first: SwissPlayer, second: SwissPlayer, initial: Colour
) -> tuple[SwissPlayer, SwissPlayer, str]:
    """White, black and the colour rule that decided (6.1-6.6) for a pair of the Dutch system.

    The higher-ranked player is the one with the higher pairing score, then the smaller
    pairing number.
    """
    higher, lower = (first, second) if _ranks_above(first, second) else (second, first)
    return colours_of_ranked_pair(higher, lower, initial)


def colours_of_ranked_pair(
    higher: Party, lower: Party, initial: Colour
) -> tuple[Party, Party, str]:
    """White, black and the rule that decided (6.1-6.6), ``higher`` being the higher-ranked.

    For systems that rank players their own way (the casual Swiss) and then allocate colours
    exactly as the Dutch system does.
    """
    colour, rule = _colour_of_higher(higher, lower, initial)
    if colour is Colour.WHITE:
        return higher, lower, rule
    return lower, higher, rule


def _colour_of_higher(a: ColourParty, b: ColourParty, initial: Colour) -> tuple[Colour, str]:
    """The colour of the higher-ranked player ``a`` and the rule that gave it."""
    settled = colour_by_preferences(a, b)
    if settled is not None:
        return settled
    if a.preference.colour is None:
        return colour_by_pairing_number(a, initial)
    # 6.5: the higher-ranked player gets his preference.
    return a.preference.colour, "6.5"


def colour_by_preferences(a: ColourParty, b: ColourParty) -> tuple[Colour, str] | None:
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


def colour_by_pairing_number(a: ColourParty, initial: Colour) -> tuple[Colour, str]:
    """6.6: the initial colour to an odd pairing number of ``a``, the other to an even one."""
    return (initial if a.tpn % 2 == 1 else initial.opposite), "6.6"


def colour_note(white: ColourParty, black: ColourParty, rule: str) -> str:
    """The explanation of a board's colours: the rule and both players' preferences."""
    return (
        f"{white.id}-{black.id}: colours by rule {rule} "
        f"(preferences {white.id}: {white.preference.kind}"
        f"{_preferred(white)}, {black.id}: {black.preference.kind}{_preferred(black)})"
    )


def _preferred(player: ColourParty) -> str:
    colour = player.preference.colour
    return "" if colour is None else f" {colour.name.lower()}"
