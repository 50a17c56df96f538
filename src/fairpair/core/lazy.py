"""A package's names, each module imported when one of its names is first asked for.

``from fairpair.core import Tournament`` used to import every module of the package (teams,
the knockout bracket...), because the package's ``__init__`` imported them to export their
names: a director's command on a Swiss paid for all of them at start-up. A package lists
instead which module holds each name and hands :func:`exports` to Python as its module
``__getattr__`` (PEP 562); type checkers read the same names from its ``TYPE_CHECKING``
imports.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence


def exports(package: str, modules: Mapping[str, Sequence[str]]) -> Callable[[str], object]:
    """The module ``__getattr__`` of ``package`` (a package or a module), whose names are
    those of ``modules`` (module: the names of it that ``package`` exports). A name is
    imported once and then kept in ``package`` like an imported one."""
    found = {name: module for module, names in modules.items() for name in names}
    namespace = sys.modules[package].__dict__

    def __getattr__(name: str) -> object:
        try:
            module = found[name]
        except KeyError:
            raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        # __import__, not importlib.import_module: `python -X importtime` shows only the
        # modules imported through it, and these are start-up's to account for.
        value = getattr(__import__(module, fromlist=[name]), name)
        namespace[name] = value
        return value

    return __getattr__
