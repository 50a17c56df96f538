"""Board order (spec §10): real scores down, then the higher player's pairing number."""

from __future__ import annotations

from fairpair.pairing.swiss.view import SwissPlayer


def _higher(a: SwissPlayer, b: SwissPlayer) -> tuple[SwissPlayer, SwissPlayer]:
    return (a, b) if (-a.score, a.tpn) <= (-b.score, b.tpn) else (b, a)


def board_key(white: SwissPlayer, black: SwissPlayer) -> tuple[int, int, int]:
    """Sort key of a board: higher player's real score, lower player's, higher player's TPN."""
    high, low = _higher(white, black)
    return (-high.score, -low.score, high.tpn)
