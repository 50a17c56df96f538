"""fairpair.pairing."""
