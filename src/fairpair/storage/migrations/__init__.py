"""Alembic migrations of the event store, run programmatically when a store is opened."""
