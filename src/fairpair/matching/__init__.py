"""fairpair.matching."""
