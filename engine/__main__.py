"""Command line: ``python -m engine adjudicate [FILE]``, ``python -m engine render`` and one
sub-command per variant that has operations of its own (``python -m engine imperialisme``).

adjudicate reads one request (JSON object), a JSON array of requests, or JSON Lines from FILE
or stdin, and prints the response(s) in the same shape (docs/ENGINE.md). Every request gets
exactly one answer, in order; a bad one gets ``{"error": "..."}`` and the batch goes on; the
exit code is then 1 once the batch is done (2: no input to read).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from engine import api, variants

Answer = Callable[[Any], Any]
_failed = [0]  # answers of this run that were {"error": ...}


class Refused(Exception):
    """What the command cannot start with (a file it cannot read): one line, exit 2."""


# JSON's own whitespace (RFC 8259 §2): a line of anything else (U+3000, U+0085) is not blank
# and gets its answer, an error
JSON_BLANK = " \t\r\n"


def _read(path: str | None) -> str:
    try:
        raw = sys.stdin.buffer.read() if path in (None, "-") else open(path, "rb").read()  # noqa: SIM115
    except OSError as exc:
        raise Refused(f"cannot read {path}: {exc.strerror or exc}") from None
    # undecodable bytes are kept (and refused as text later), never a crash
    return raw.decode("utf-8", errors="surrogateescape")


def _is_error(value: Any) -> bool:
    return isinstance(value, dict) and "error" in value


def _write(value: Any) -> None:
    _failed[0] += sum(map(_is_error, value)) if isinstance(value, list) else _is_error(value)
    # French messages as UTF-8, never \u00e9
    text = json.dumps(value, ensure_ascii=False)
    # a lone surrogate read from the input is written back as its JSON escape
    sys.stdout.buffer.write(text.encode("utf-8", errors="backslashreplace") + b"\n")
    sys.stdout.flush()


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("the JSON is nested too deeply") from None


def _error(exc: BaseException) -> dict[str, Any]:
    if isinstance(exc, api.RequestError):
        return {"error": str(exc), "field": exc.field}
    return {"error": f"{type(exc).__name__}: {exc}"}


def _guarded(answer: Answer) -> Answer:
    def run(request: Any) -> Any:
        try:
            return answer(request)
        except Exception as exc:  # one bad request must not sink a batch
            return _error(exc)
    return run


def _serve(text: str, answer: Answer) -> int:
    """One object -> one answer; an array -> an array of answers; otherwise JSON Lines,
    split on newlines only (U+2028, U+0085 or \\x1c inside a string stay in their line)."""
    respond = _guarded(answer)
    if not text.strip(JSON_BLANK):
        print("empty input", file=sys.stderr)
        return 2
    try:
        data = _loads(text)
    except ValueError:
        data = None
        whole = False
    else:
        whole = True
    if whole and isinstance(data, list):
        _write([respond(r) for r in data])
    elif whole:
        _write(respond(data))
    else:
        for line in text.split("\n"):
            if not line.strip(JSON_BLANK):
                continue
            try:
                request = _loads(line)
            except ValueError as exc:
                _write({"error": f"bad JSON: {exc}"})
                continue
            _write(respond(request))
    return 0


def cmd_adjudicate(args: argparse.Namespace) -> int:
    return _serve(_read(args.file), api.adjudicate)


def cmd_render(args: argparse.Namespace) -> int:
    if args.output in (None, "-") and sys.stdout.isatty():
        raise Refused("a PNG is not for the terminal: give -o FILE, or redirect stdout")
    try:
        data = _loads(_read(args.file))
    except ValueError as exc:
        raise Refused(f"the input is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise Refused("the input is not a JSON object (a state, a request or a response)")
    state = data.get("state", data)
    results = data.get("results")
    phases = [r.get("phase") for r in results or () if isinstance(r, dict)]
    if isinstance(state, dict) and phases and phases[0]:
        # a response: its state is the next phase's; the orders drawn are of the phase
        # resolved, and the title names that one
        state = {**state, "phase": phases[0]}
    try:
        png = api.render(state, orders=data.get("orders") if "results" not in data else None,
                         results=results, locale=args.locale)
    except api.RequestError as exc:
        raise Refused(f"{exc.field}: {exc}") from None
    if args.output in (None, "-"):
        sys.stdout.buffer.write(png)
        sys.stdout.flush()
    else:
        with open(args.output, "wb") as fh:
            fh.write(png)
    return 0


def _bot(request: Any) -> Any:
    """``{"state", "power", "seed"?, "options"?}`` -> ``{"power", "orders": [ORDER, ...]}``."""
    if not isinstance(request, dict):
        raise api.RequestError("request", "must be a JSON object")
    orders = api.bot_orders(request.get("state"), request.get("power"),  # type: ignore[arg-type]
                            request.get("seed"), request.get("options"))
    return {"power": request.get("power"), "orders": orders}


def cmd_bot(args: argparse.Namespace) -> int:
    return _serve(_read(args.file), _bot)


def cmd_selfplay(args: argparse.Namespace) -> int:
    """A whole classic game of bots, one seat each (docs/RULES.md §2.14.2: the powers of no seat
    are neutral), printing each year's centres and the result."""
    from engine.bots.selfplay import play

    seats = api.assignments(variants.DEFAULT, args.powers)
    kinds = {p: "bot" for seat in seats for p in seat}
    neutral = api.neutral_powers(variants.DEFAULT, args.powers)
    options = {"civil_disorder": neutral}
    if args.powers == 2:
        options["closed"] = neutral
    game = play(kinds, years=args.years, seed=args.seed, options=options, seats=seats)
    for year, centres in game.years:
        print(f"{year}: " + ", ".join(f"{p} {n}" for p, n in sorted(
            centres.items(), key=lambda pn: (-pn[1], pn[0])) if n))
    result = game.result or {"unfinished": True}
    print("result: " + json.dumps({k: v for k, v in result.items() if k != "centers"}))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay an exported game; one line per phase, exit 1 at the first that differs. Only the
    orders are trusted: results, positions, phases and the result must be the engine's."""
    from engine.replay import ReplayError, replay

    try:
        report = replay(json.loads(_read(args.file)))
    except ReplayError as exc:  # the phase, what differs there (the field), and how
        print(f"replay failed: {exc} (field: {exc.field})", file=sys.stderr)
        return 1
    except (ValueError, KeyError, TypeError, AttributeError) as exc:  # a malformed file
        print(f"replay failed: {exc}", file=sys.stderr)
        return 1
    for line in report:
        print(f"{line['phase']} -> {line['next_phase']}: ok")
    print(f"{len(report)} phases replayed to the same positions")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine", description="The adjudicator and the map renderer on JSON: "
        "exit 0 when every request was answered, 1 when one or more were {\"error\": ...} "
        "(the others answered all the same), 2 when the input cannot be read.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("adjudicate", help="resolve request(s) read from FILE or stdin",
                       description="Resolve request(s) read from FILE or stdin (a JSON "
                       "object, an array or JSON Lines); one answer each, in order.")
    p.add_argument("file", nargs="?")
    p.set_defaults(func=cmd_adjudicate)
    for name in variants.names():
        operations = getattr(variants.get(name), "run", None)
        if operations is None:
            continue
        p = sub.add_parser(name, help=f"operations of {variants.get(name).titles['en']} "
                           '(one {"op": ..., "state": ...} request per object)')
        p.add_argument("file", nargs="?")
        p.set_defaults(func=lambda a, run=operations: _serve(_read(a.file), run))
    p = sub.add_parser("bot", help="the bot's orders: {state, power, seed?} request(s) read "
                       "from FILE or stdin")
    p.add_argument("file", nargs="?")
    p.set_defaults(func=cmd_bot)
    p = sub.add_parser("selfplay", help="a whole classic game of bots, offline")
    p.add_argument("--powers", type=int, default=7, choices=range(2, 8), metavar="2-7")
    p.add_argument("--years", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=cmd_selfplay)
    p = sub.add_parser("replay", help="replay an exported game (/game export) phase by phase")
    p.add_argument("file", nargs="?")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("render", help="draw a STATE (or a request/response) as PNG",
                       description="Draw a STATE, a request (its pending orders) or a "
                       "response (the orders of the phase resolved) as PNG.")
    p.add_argument("file", nargs="?")
    p.add_argument("-o", "--output", default=None,
                   help="the PNG file (default: stdout, never a terminal)")
    p.add_argument("--locale", default="en")
    p.set_defaults(func=cmd_render)
    args = parser.parse_args(argv)
    _failed[0] = 0
    try:
        code = int(args.func(args))
    except Refused as exc:
        print(f"python -m engine {args.command}: {exc}", file=sys.stderr)
        return 2
    return code or (1 if _failed[0] else 0)


if __name__ == "__main__":
    raise SystemExit(main())
