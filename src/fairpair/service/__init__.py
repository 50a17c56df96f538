"""fairpair.service."""
