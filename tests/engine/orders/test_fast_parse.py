"""The canonical short-form fast path reads exactly what the full parser reads."""

from __future__ import annotations

import pytest

from engine import api
from engine.maps import load_map
from engine.orders.fast import parse_many
from engine.orders.legal import legal_orders
from engine.orders.parse import parse_orders
from engine.orders.state import state_from_json
from engine.orders.types import format_order
from tools.bench_engine import full_board

M = load_map("classic")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_fast_path_agrees_with_the_parser_on_every_legal_order(seed: int) -> None:
    for st_json in (api.new_game_state(), full_board(seed)):
        state = state_from_json(st_json, M)
        texts = [format_order(o) for power in M.power_ids
                 for orders in legal_orders(state, M, power).values() for o in orders]
        assert len(texts) > 100
        for text in texts:
            fast = parse_many(text, M)
            full = parse_orders(text, M)
            assert [(x.order, x.error) for x in fast] == [(x.order, x.error) for x in full], text


def test_anything_else_falls_back_to_the_full_parser() -> None:
    text = "A par - bur\nL'armée de Rome tient"
    assert [x.order for x in parse_many(text, M)] == [x.order for x in parse_orders(text, M)]
    assert parse_many("A par - xyz", M)[0].error is not None
