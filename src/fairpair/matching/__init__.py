"""fairpair.matching: maximum-weight matching of general graphs, kept warm between solves.

Imports nothing else of fairpair and only the standard library. ``WeightedMatcher`` runs the
compiled core when it is built and the pure-Python reference (``blossom.PythonMatcher``)
otherwise; see ``weighted.py``.
"""

from fairpair.matching.weighted import (
    WeightedMatcher,
    compiled_core_available,
    default_backend,
    max_weight_matching,
)

__all__ = ["WeightedMatcher", "compiled_core_available", "default_backend", "max_weight_matching"]
