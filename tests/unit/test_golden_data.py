"""The golden data in tests/data is complete and unchanged: every file of the manifest is there
with its recorded SHA-256, so no golden test can run on a partial or edited copy."""

from __future__ import annotations

import hashlib

from tests.golden_data import DATA, MANIFEST, require


def test_every_golden_file_is_there_unchanged() -> None:
    entries = [line.split(maxsplit=1) for line in require(MANIFEST).read_text().splitlines()]
    assert len(entries) > 1000
    wrong = [
        name
        for digest, name in entries
        if not (DATA / name).is_file()
        or hashlib.sha256((DATA / name).read_bytes()).hexdigest() != digest
    ]
    assert not wrong, f"{len(wrong)} golden files missing or changed, first: {wrong[:5]}"


def test_the_manifest_lists_every_golden_file() -> None:
    listed = {line.split(maxsplit=1)[1] for line in MANIFEST.read_text().splitlines()}
    present = {str(p.relative_to(DATA)) for p in DATA.rglob("*") if p.is_file() and p != MANIFEST}
    assert present == listed
