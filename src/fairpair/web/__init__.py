"""fairpair.web."""
