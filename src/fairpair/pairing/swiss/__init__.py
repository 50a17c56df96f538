"""Pieces shared by the Swiss systems: the pairing view of the players (scores, pairing
numbers, colour preferences, floats, bye eligibility), colour allocation, board order and
Baku acceleration."""
