"""Beacon Diplomacy: the fifth variant, added from this folder only."""
