"""What a director is told when a command cannot be carried out."""

from __future__ import annotations


class CommandError(ValueError):
    """A command that cannot be applied to the event as it stands; nothing was changed."""


class FieldErrors(CommandError):
    """Input refused field by field: ``errors`` maps each field's name to what is wrong with
    it, so a form can show every message next to its field at once."""

    def __init__(self, errors: dict[str, str]) -> None:
        self.errors = dict(errors)
        super().__init__("; ".join(f"{field}: {message}" for field, message in errors.items()))


class FilledBoardError(CommandError):
    """A result typed over one already entered, by a caller who neither saw it (no event
    version given) nor said it is a correction: refused, so that no result is overwritten
    by mistake (two people entering the same round, a platform sending again)."""


class DuplicatePlayerError(CommandError):
    """A player registered again by mistake? Their name (ignoring case and accents) or FIDE
    ID is that of a player already registered: refused unless the caller says it is not a
    duplicate (two players of the same name do exist); ``match`` names the one found."""

    def __init__(self, message: str, match: str) -> None:
        self.match = match
        super().__init__(message)


class PairingInProgressError(CommandError):
    """A round of the event is being paired (on this server or another): a second pairing,
    from any door, is refused until the first is done."""
