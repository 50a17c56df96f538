"""The packages and modules whose names are imported when first used (fairpair.core.lazy):
each exports the names its ``TYPE_CHECKING`` imports show the type checker, from the same
modules, and lists them in ``__all__``; each name is the object of the module that defines
it, and importing one name does not import the others' modules."""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

PACKAGES = ["fairpair.core", "fairpair.standings"]
"""Packages that export only names of their modules."""
LAZY = [*PACKAGES, "fairpair.service.settings"]


def _declared(package: ModuleType) -> tuple[dict[str, str], dict[str, str]]:
    """What the package's source says: name -> module, from its ``TYPE_CHECKING`` imports
    and from the table handed to :func:`~fairpair.core.lazy.exports`."""
    assert package.__file__ is not None
    tree = ast.parse(Path(package.__file__).read_text(encoding="utf-8"))
    typed: dict[str, str] = {}
    table: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for imported in node.body:
                assert isinstance(imported, ast.ImportFrom) and imported.module
                typed.update({alias.name: imported.module for alias in imported.names})
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "__getattr__":
            assert isinstance(node.value, ast.Call)
            modules = ast.literal_eval(node.value.args[1])
            for module, names in modules.items():
                table.update(dict.fromkeys(names, module))
    return typed, table


@pytest.mark.parametrize("name", LAZY)
def test_the_type_checker_and_the_package_see_the_same_names(name: str) -> None:
    package = importlib.import_module(name)
    typed, table = _declared(package)
    assert table
    assert {n: m for n, m in typed.items() if n in table} == table
    assert set(table) <= set(package.__all__)
    if name in PACKAGES:
        assert typed == table
        assert sorted(table) == sorted(package.__all__)


@pytest.mark.parametrize("name", LAZY)
def test_each_name_is_the_object_its_module_defines(name: str) -> None:
    package = importlib.import_module(name)
    _, table = _declared(package)
    for exported, module in table.items():
        assert getattr(package, exported) is getattr(importlib.import_module(module), exported)


@pytest.mark.parametrize("name", LAZY)
def test_a_name_not_exported_is_an_attribute_error(name: str) -> None:
    package = importlib.import_module(name)
    with pytest.raises(AttributeError, match="no attribute 'Nonesuch'"):
        _ = package.Nonesuch
    with pytest.raises(ImportError):
        exec(f"from {name} import Nonesuch", {})


def test_one_name_imports_its_module_alone() -> None:
    """In a fresh process: the Swiss snapshot and the standings table come without the
    team events, the knockout bracket's standings or the board prizes."""
    code = (
        "import json, sys\n"
        "from fairpair.core import Player\n"
        "from fairpair.standings import TiebreakSettings\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('fairpair'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    modules = set(json.loads(done.stdout))
    assert {"fairpair.core.player", "fairpair.standings.settings"} <= modules
    assert not modules & {
        "fairpair.core.teams",
        "fairpair.core.tournament",
        "fairpair.standings.team",
        "fairpair.standings.boards",
        "fairpair.standings.table",
    }
