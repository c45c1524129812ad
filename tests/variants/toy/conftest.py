from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine import variants
from tests.bot.conftest import database_target, db  # noqa: F401  (the persistence fixtures)
from tests.variants.toy.variant import ToyVariant, register


@pytest.fixture
def toy() -> Iterator[ToyVariant]:
    """The toy variant registered for one test, and gone after it."""
    variant = register()
    try:
        yield variant
    finally:
        variants.unregister(variant.name)
