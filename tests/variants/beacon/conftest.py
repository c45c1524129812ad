"""Beacon Diplomacy registered for one test (the engine's registry, its board, its texts),
and gone after it."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine import variants
from tests.bot.conftest import database_target, db  # noqa: F401  (the persistence fixtures)
from tests.variants.beacon.variant import BeaconVariant, register


@pytest.fixture
def beacon() -> Iterator[BeaconVariant]:
    variant = register()
    try:
        yield variant
    finally:
        variants.unregister(variant.name)
