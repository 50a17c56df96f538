"""fairpair.cli."""
