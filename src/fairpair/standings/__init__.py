"""fairpair.standings."""
