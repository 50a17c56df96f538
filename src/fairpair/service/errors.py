"""What a director is told when a command cannot be carried out."""

from __future__ import annotations


class CommandError(ValueError):
    """A command that cannot be applied to the event as it stands; nothing was changed."""
