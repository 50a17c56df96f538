"""fairpair.formats."""
