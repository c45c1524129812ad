"""Duel-Diplomatie (seed 001): two players, sealed bids for the five minor powers each year.

Pure rules in ``countries``, ``bids`` and ``rules``; the JSON layer and the turn in ``api``.
"""
