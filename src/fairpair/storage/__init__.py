"""fairpair.storage."""
