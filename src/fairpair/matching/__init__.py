"""fairpair.matching: maximum-weight matching of general graphs, kept warm between solves.

Imports nothing else of fairpair and only the standard library.
"""

from fairpair.matching.blossom import WeightedMatcher, max_weight_matching

__all__ = ["WeightedMatcher", "max_weight_matching"]
