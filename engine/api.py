"""The engine's Python API over the JSON of the contract (docs/ENGINE.md).

The one JSON edge of the engine: everything here takes and returns plain JSON-able values and
dispatches to the game's ``Variant`` through the registry (``engine.variants``)."""

from __future__ import annotations

from typing import Any

from engine import describe as _describe
from engine import variants
from engine.errors import RuleError
from engine.render import render_map
from engine.variants.base import OrderVariant


class RequestError(ValueError):
    """A malformed request, refused before any rule is applied: ``field`` names the bad part
    (``"state.units[2].location"``). A request that is well formed but refused by the rules
    raises the variant's ``engine.errors.RuleError`` instead."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.problem = problem


def _object(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RequestError(field, "must be a JSON object")
    return value


def _list(value: Any, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise RequestError(field, "must be a JSON array")
    return value


def _text(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise RequestError(field, "must be a string")
    return value


def _check_state(state: Any, field: str = "state") -> dict[str, Any]:
    """The shape of a STATE (docs/ENGINE.md): what is present must have the contract's type."""
    state = _object(state, field)
    name = state.get("variant", variants.DEFAULT)
    if not isinstance(name, str) or name not in variants.names():
        raise RequestError(f"{field}.variant", f"unknown variant {name!r}; known: "
                           + ", ".join(variants.names()))
    if "phase" in state:
        _text(state["phase"], f"{field}.phase")
    for key in ("units", "dislodged"):
        units = _list(state.get(key, []), f"{field}.{key}")
        for unit in units:  # the usual case in one pass; the long way names the bad part
            if not (type(unit) is dict and type(unit.get("power")) is str
                    and type(unit.get("type")) is str and type(unit.get("location")) is str):
                _check_units(units, f"{field}.{key}")
                break
    contested = _list(state.get("contested", []), f"{field}.contested")
    if not _only(contested, str):
        for i, place in enumerate(contested):
            _text(place, f"{field}.contested[{i}]")
    for power, centres in _object(state.get("centers", {}), f"{field}.centers").items():
        centres = _list(centres, f"{field}.centers.{power}")
        if not _only(centres, str):
            for i, place in enumerate(centres):
                _text(place, f"{field}.centers.{power}[{i}]")
    return state


def _only(values: list[Any], kind: type) -> bool:
    """Is every value exactly of type ``kind`` (no subclass: those take the long way)?"""
    return set(map(type, values)) <= {kind}


def _check_units(units: list[Any], field: str) -> None:
    for i, unit in enumerate(units):
        unit = _object(unit, f"{field}[{i}]")
        for part in ("power", "type", "location"):
            _text(unit.get(part), f"{field}[{i}].{part}")


def _check_orders(orders: Any, field: str = "orders") -> list[dict[str, Any]]:
    """Each entry: ``power`` and ``text`` strings; an ORDER (``order``) or a list of them
    (``orders``, each optionally with its line's ``text``) when sent structured — what an
    ORDER says is the rules' business (an unreadable one is refused like a bad line)."""
    entries = _list(orders, field)
    for i, entry in enumerate(entries):
        if type(entry) is dict and type(entry.get("power")) is str \
                and type(entry.get("text")) is str and _structure_fine(entry):
            continue  # the usual case in one pass; the long way names the bad part
        entry = _object(entry, f"{field}[{i}]")
        _text(entry.get("power"), f"{field}[{i}].power")
        _text(entry.get("text"), f"{field}[{i}].text")
        one, many = entry.get("order"), entry.get("orders")
        if one is not None and many is not None:
            raise RequestError(f"{field}[{i}]", "give either order or orders, not both")
        if one is not None:
            _object(one, f"{field}[{i}].order")
        if many is not None:
            for j, item in enumerate(_list(many, f"{field}[{i}].orders")):
                _object(item, f"{field}[{i}].orders[{j}]")
                if item.get("text") is not None:
                    _text(item["text"], f"{field}[{i}].orders[{j}].text")
    return entries


def _known_powers(state: dict[str, Any]) -> tuple[Any, set[str]] | None:
    variant = variants.of_state(state)
    normalise, board = getattr(variant, "power", None), getattr(variant, "game_map", None)
    if normalise is None or board is None:
        return None
    return normalise, set(board().power_ids)


def _check_powers(state: dict[str, Any], orders: list[dict[str, Any]],
                  field: str = "orders") -> None:
    """Each entry's ``power`` is one of the variant's (any case, French names too)."""
    known = _guard("state", _known_powers, state)
    if known is None:
        return
    normalise, ids = known
    for i, entry in enumerate(orders):
        if normalise(entry["power"]) not in ids:
            raise RequestError(f"{field}[{i}].power", f"unknown power {entry['power']!r}; "
                               f"one of {', '.join(sorted(ids))}")


def _structure_fine(entry: dict[str, Any]) -> bool:
    one, many = entry.get("order"), entry.get("orders")
    if many is None:
        return one is None or type(one) is dict
    if one is not None or type(many) is not list:
        return False
    for item in many:
        if type(item) is not dict:
            return False
        text = item.get("text")
        if text is not None and type(text) is not str:
            return False
    return True


def _guard(field: str, call: Any, *args: Any, **kwargs: Any) -> Any:
    """Run the variant; what it cannot read becomes a ``RequestError`` on ``field``."""
    try:
        return call(*args, **kwargs)
    except (RuleError, RequestError):
        raise
    except (KeyError, TypeError, AttributeError, IndexError, ValueError) as exc:
        raise RequestError(field, f"not a valid position or request ({exc})") from None


def _order_variant(state: dict[str, Any]) -> OrderVariant:
    variant = variants.of_state(state)
    if not hasattr(variant, "check_orders"):
        raise RequestError("state.variant", f"{variant.name!r} has no written orders")
    return variant  # type: ignore[return-value]


def new_game_state(variant: str = variants.DEFAULT, setup: dict[str, Any] | None = None
                   ) -> dict[str, Any]:
    """The opening STATE of ``variant`` (a Duel needs both players' lists in ``setup``)."""
    return _guard("setup", variants.get(variant).new_state, setup)  # type: ignore[no-any-return]


def assignments(variant: str, players: int) -> list[list[str]]:
    """Powers each seat commands (docs/RULES.md §2.14.2)."""
    seats = getattr(variants.get(variant), "seats", None)
    if seats is None:
        raise ValueError(f"no assignment for {players} players in {variant!r}")
    return seats(players)  # type: ignore[no-any-return]


def neutral_powers(variant: str, players: int) -> list[str]:
    seated = {p for seat in assignments(variant, players) for p in seat}
    game_map = variants.get(variant).game_map()  # type: ignore[attr-defined]
    return sorted(set(game_map.power_ids) - seated)


def adjudicate(request: dict[str, Any]) -> dict[str, Any]:
    """Resolve the phase of ``request["state"]`` with ``request["orders"]``. A malformed
    request raises ``RequestError`` naming the bad field."""
    request = _object(request, "request")
    state = _check_state(request.get("state"))
    _check_powers(state, _check_orders(request.get("orders", [])))
    if request.get("options") is not None:
        _object(request["options"], "options")
    return _guard("state", variants.of_state(state).advance, request)  # type: ignore[no-any-return]


def check_orders(state: dict[str, Any], power: str, text: str) -> dict[str, Any]:
    """Parse and check ``text`` (one or many lines) for ``power`` against the position:
    each line as understood, normalised, or the reason it is refused (fr and en)."""
    _check_state(state)
    _text(power, "power")
    _text(text, "text")
    return _guard("state", _check_orders_text, state, power, text)  # type: ignore[no-any-return]


def _check_orders_text(state: dict[str, Any], power: str, text: str) -> dict[str, Any]:
    return _order_variant(state).check_orders(state, power, text)


def powers_with_choices(state: dict[str, Any], options: dict[str, Any] | None = None
                        ) -> list[str]:
    """Who can order in this phase."""
    _check_state(state)
    return _guard("state", variants.of_state(state).powers_to_act,  # type: ignore[no-any-return]
                  state, options)


def legal_orders(state: dict[str, Any], power: str) -> dict[str, list[str]]:
    """Per unit (location; "" for builds), the legal orders of ``power`` as normalised text:
    what autocomplete offers."""
    _check_state(state)
    _text(power, "power")
    return _guard("state", _legal_orders, state, power)  # type: ignore[no-any-return]


def _legal_orders(state: dict[str, Any], power: str) -> dict[str, list[str]]:
    return _order_variant(state).legal_orders(state, power)


def bot_orders(state: dict[str, Any], power: str, seed: int | None = None,
               options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The bot's orders for ``power`` in this phase: structured ORDERs, each one of the
    power's legal orders (``[]`` when it has nothing to order). The same ``seed`` (or none:
    then the position decides) gives the same orders. ``options``: the game's engine options
    (``closed``: the nations nobody may enter). In a duel's bidding season, one ORDER of kind
    ``"bid"`` per minor: ``location`` the minor, ``amount`` the credits."""
    _check_state(state)
    _text(power, "power")
    if seed is not None and (type(seed) is not int):
        raise RequestError("seed", "must be an integer or null")
    if options is not None:
        _object(options, "options")
    return _guard("state", _bot_orders, state, power, seed, options)  # type: ignore[no-any-return]


def _bot_orders(state: dict[str, Any], power: str, seed: int | None,
                options: dict[str, Any] | None) -> list[dict[str, Any]]:
    from engine.bots import NoBot
    from engine.bots import bot_orders as play

    try:
        return play(state, power, seed, options)
    except NoBot:
        raise RequestError("state.variant", f"{state.get('variant')!r} has no written "
                           "orders: no bot plays it") from None


def legal_order_choices(state: dict[str, Any], power: str) -> dict[str, list[dict[str, Any]]]:
    """``legal_orders`` structured: per unit (location; "" for builds), each legal order as
    an ORDER (``kind``, ``unit_type``, ``location``, ``target``, ``aux``: the supported or
    convoyed unit's place, ``via_convoy``) with its normalised ``text``. What a map offers
    when a unit is picked (the web board)."""
    _check_state(state)
    _text(power, "power")
    return _guard("state", _legal_order_choices, state, power)  # type: ignore[no-any-return]


def _legal_order_choices(state: dict[str, Any], power: str) -> dict[str, list[dict[str, Any]]]:
    return _order_variant(state).legal_order_choices(state, power)


def render(state: dict[str, Any], *, orders: list[dict[str, Any]] | None = None,
           results: list[dict[str, Any]] | None = None, locale: str = "en",
           **kwargs: Any) -> bytes:
    """PNG of ``state``; with ``results`` the orders of the phase just resolved are drawn,
    with ``orders`` ([{"power", "text"}]) a preview of pending orders. The variant's legend
    (duel treasuries, influence) is drawn unless ``extra_legend`` is given. ``labels``:
    ``"en"`` or ``"fr"`` province abbreviations on the map (default: the locale's)."""
    _check_state(state)
    if kwargs.get("labels") is not None and kwargs["labels"] not in ("en", "fr"):
        raise RequestError("labels", "must be \"en\", \"fr\" or null")
    if orders is not None:
        _check_orders(orders)
    if results is not None:
        for i, r in enumerate(_list(results, "results")):
            _object(r, f"results[{i}]")
    _text(locale, "locale")
    return _guard("state", _render, state, orders, results, locale, **kwargs)  # type: ignore[no-any-return]


def _render(state: dict[str, Any], orders: list[dict[str, Any]] | None,
            results: list[dict[str, Any]] | None, locale: str, **kwargs: Any) -> bytes:
    variant = variants.of_state(state)
    drawn: list[dict[str, Any]] = []
    if results:
        first = results[0].get("phase")
        for r in results:
            if r.get("order") and r.get("phase", first) == first:
                drawn.append({**r["order"], "status": r["status"], "power": r["power"]})
    elif orders:
        for entry in orders:
            checked = _check_orders_text(state, entry.get("power", ""), entry.get("text", ""))
            for line in checked["lines"]:
                if line["ok"] and not line["conditional"]:
                    drawn.append({**line["order"], "status": "pending",
                                  "power": variant.power(entry.get("power", ""))})  # type: ignore[attr-defined]
    if kwargs.get("extra_legend") is None:
        kwargs["extra_legend"] = variant.legend(state, locale)
    kwargs.setdefault("map_name", variant.map_name)
    kwargs.setdefault("title", variant.titles)
    return render_map(state, orders=drawn or None, locale=locale, **kwargs)


def alt_text(state: dict[str, Any], *, results: list[dict[str, Any]] | None = None,
             locale: str = "en", ending: str | None = None) -> str:
    """The description an image of ``state`` carries (``engine.describe.alt_text``): the
    phase, what ``results`` changed, who holds which supply centres; ≤ 1,024 characters."""
    _check_state(state)
    return _guard("state", _describe.alt_text, state, results, locale,  # type: ignore[no-any-return]
                  ending=ending)


def describe(state: dict[str, Any], *, results: list[dict[str, Any]] | None = None,
             results_state: dict[str, Any] | None = None, locale: str = "en") -> str:
    """The whole position in plain sentences (``engine.describe.describe``)."""
    _check_state(state)
    return _guard("state", _describe.describe, state, results, locale,  # type: ignore[no-any-return]
                  results_state=results_state)


__all__ = ["RequestError", "adjudicate", "alt_text", "assignments", "bot_orders",
           "check_orders", "describe", "legal_order_choices", "legal_orders", "neutral_powers",
           "new_game_state", "powers_with_choices", "render"]
