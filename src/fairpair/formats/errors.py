"""The error every file format raises for input it cannot read."""

from __future__ import annotations


class FormatError(ValueError):
    """Input a format cannot read, located by file, line and field where they are known.

    ``str(error)`` reads ``path:line: field: message`` (parts that are not known are left out),
    the form editors and arbiters' tools use to jump to the place.
    """

    path: str
    line: int | None
    field: str | None
    message: str

    def __init__(
        self, path: str, message: str, *, line: int | None = None, field: str | None = None
    ) -> None:
        self.path = path
        self.line = line
        self.field = field
        self.message = message
        where = path if line is None else f"{path}:{line}"
        what = message if field is None else f"{field}: {message}"
        super().__init__(f"{where}: {what}")
