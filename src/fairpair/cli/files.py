"""Writing output files so that a failure never leaves a partial file behind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(target: Path, data: str | bytes) -> None:
    """Write through a temporary file in the same directory, then rename it over the target."""
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        if isinstance(data, str):
            with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
        else:
            with os.fdopen(handle, "wb") as binary:
                binary.write(data)
                binary.flush()
                os.fsync(binary.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
