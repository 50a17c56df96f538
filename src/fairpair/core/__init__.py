"""fairpair.core."""
