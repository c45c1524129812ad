"""A phase of sealed bids is told from the phase id alone (the web board's cheap probe)."""

from __future__ import annotations

from bot.services import registry
from bot.services.duel.bids import BIDS
from engine import variants


def test_the_duel_says_which_phase_ids_take_bids() -> None:
    assert variants.bids_in("duel", "S1901B")
    assert not variants.bids_in("duel", "S1901M")
    assert not variants.bids_in("duel", None)


def test_variants_without_bids_never_take_them() -> None:
    assert not variants.bids_in("classic", "S1901B")
    assert not variants.bids_in("imperialisme", "S1901B")
    assert not variants.bids_in("nowhere", "S1901B")


def test_the_registry_finds_the_duel_bid_services_and_no_other() -> None:
    assert registry.sealed_bids("duel") is BIDS
    assert isinstance(BIDS, registry.SealedBids)
    assert registry.sealed_bids("classic") is None
