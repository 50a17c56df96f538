"""Hypothesis strategies shared by every property test (one module, reused everywhere)."""

from __future__ import annotations

from hypothesis import strategies as st

from fairpair.core import Player

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
