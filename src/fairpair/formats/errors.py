"""The error every file format raises: it names the file, the place in it and what was wrong."""

from __future__ import annotations


class FormatError(ValueError):
    """Input that a format cannot read, located as precisely as the format allows.

    Printed as ``path:line:column: field: message``; parts that are unknown are left out
    (a JSON error names a field path instead of a line).
    """

    def __init__(
        self,
        message: str,
        *,
        path: str = "<string>",
        line: int | None = None,
        column: int | None = None,
        field: str | None = None,
    ) -> None:
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.field = field
        super().__init__(str(self))

    def __str__(self) -> str:
        place = self.path
        if self.line is not None:
            place += f":{self.line}"
            if self.column is not None:
                place += f":{self.column}"
        field = f" {self.field}:" if self.field else ""
        return f"{place}:{field} {self.message}"
