"""The Impérialisme game state as a value, and its JSON (the variant's STATE).

STATE = {"variant": "imperialisme", "map": "imperialisme", "round": 3,
         "owners": {"bre": "france", ...},              # every playable territory
         "crisis": null | {"number", "kind", "sides", "stage", "eligible", "commit", "seed",
                           "weights", "outcome"},
         "queue": [{"attacker", "target", "seq"}, ...], # declared crises, announcement order
         "declarations": 5,                             # declarations ever made (next seq)
         "exchange_session": false, "ended": false,
         ... any other key, passed back verbatim}
``round`` counts the crises started; crisis N is the N-th. Influences and weights are written as
exact decimal strings ("6.5"), or "p/q" if ever needed; read back with ``Fraction``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.variants.imperialisme.crisis import Crisis, CrisisKind, Declaration, Stage
from engine.variants.imperialisme.errors import ImperialError
from engine.variants.imperialisme.votes import Outcome

VARIANT = "imperialisme"
KNOWN_KEYS = ("variant", "map", "round", "owners", "crisis", "queue", "declarations",
              "exchange_session", "ended")


@dataclass(frozen=True)
class ImperialState:
    owners: Mapping[str, str]
    map_name: str = "imperialisme"
    round: int = 0
    crisis: Crisis | None = None
    queue: tuple[Declaration, ...] = ()
    declarations: int = 0
    exchange_session: bool = False
    ended: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict)


def fraction_text(value: Fraction) -> str:
    """Exact decimal when finite ("6.5", "50"), else "p/q"."""
    den = value.denominator
    for prime in (2, 5):
        while den % prime == 0:
            den //= prime
    if den != 1:
        return f"{value.numerator}/{value.denominator}"
    if value.denominator == 1:
        return str(value.numerator)
    digits = 0
    scaled = value
    while scaled.denominator != 1:
        scaled *= 10
        digits += 1
    sign = "-" if scaled < 0 else ""
    text = str(abs(scaled.numerator)).rjust(digits + 1, "0")
    return f"{sign}{text[:-digits]}.{text[-digits:]}"


def _crisis_to_json(c: Crisis) -> dict[str, Any]:
    return {"number": c.number, "kind": c.kind.value, "sides": list(c.sides),
            "stage": c.stage.value,
            "eligible": {side: list(ts) for side, ts in c.eligible.items()},
            "commit": c.commit, "seed": c.seed,
            "weights": (None if c.weights is None
                        else {p: fraction_text(w) for p, w in sorted(c.weights.items())}),
            "outcome": None if c.outcome is None else c.outcome.to_json()}


def _crisis_from_json(d: Mapping[str, Any]) -> Crisis:
    sides = tuple(str(s) for s in d["sides"])
    if len(sides) != 2:
        raise ImperialError("bad_state", {"detail": "a crisis has two sides"})
    weights = d.get("weights")
    outcome = d.get("outcome")
    return Crisis(
        number=int(d["number"]), kind=CrisisKind(d["kind"]), sides=(sides[0], sides[1]),
        stage=Stage(d["stage"]),
        eligible={str(k): tuple(str(t) for t in v) for k, v in d["eligible"].items()},
        commit=d.get("commit"), seed=d.get("seed"),
        weights=None if weights is None else {str(p): Fraction(str(w))
                                              for p, w in weights.items()},
        outcome=None if outcome is None else Outcome(
            winner=outcome.get("winner"), loser=outcome.get("loser"),
            territories=int(outcome.get("territories", 0))))


def state_to_json(st: ImperialState) -> dict[str, Any]:
    out: dict[str, Any] = dict(st.extra)
    out.update({
        "variant": VARIANT, "map": st.map_name, "round": st.round,
        "owners": dict(sorted(st.owners.items())),
        "crisis": None if st.crisis is None else _crisis_to_json(st.crisis),
        "queue": [{"attacker": d.attacker, "target": d.target, "seq": d.seq} for d in st.queue],
        "declarations": st.declarations, "exchange_session": st.exchange_session,
        "ended": st.ended})
    return out


def state_from_json(data: Mapping[str, Any]) -> ImperialState:
    if data.get("variant", VARIANT) != VARIANT:
        raise ImperialError("bad_state", {"detail": f"variant {data.get('variant')!r}"})
    try:
        crisis = data.get("crisis")
        return ImperialState(
            owners={str(t): str(p) for t, p in data["owners"].items()},
            map_name=str(data.get("map", "imperialisme")),
            round=int(data.get("round", 0)),
            crisis=None if crisis is None else _crisis_from_json(crisis),
            queue=tuple(Declaration(attacker=str(q["attacker"]), target=str(q["target"]),
                                    seq=int(q["seq"])) for q in data.get("queue", ())),
            declarations=int(data.get("declarations", 0)),
            exchange_session=bool(data.get("exchange_session", False)),
            ended=bool(data.get("ended", False)),
            extra={k: v for k, v in data.items() if k not in KNOWN_KEYS})
    except (KeyError, TypeError, ValueError) as exc:
        raise ImperialError("bad_state", {"detail": repr(exc)}) from exc
