"""Command line: ``python -m engine adjudicate [FILE]`` and ``python -m engine render``.

adjudicate reads one request (JSON object), a JSON array of requests, or JSON Lines from FILE
or stdin, and prints the response(s) in the same shape (DESIGN.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine import api


def _read(path: str | None) -> str:
    if path in (None, "-"):
        return sys.stdin.read()
    with open(path, encoding="utf-8") as fh:  # type: ignore[arg-type]
        return fh.read()


def _respond(request: Any) -> dict[str, Any]:
    try:
        return api.adjudicate(request)
    except Exception as exc:  # one bad request must not sink a batch
        return {"error": f"{type(exc).__name__}: {exc}"}


def cmd_adjudicate(args: argparse.Namespace) -> int:
    text = _read(args.file).strip()
    if not text:
        print("adjudicate: empty input", file=sys.stderr)
        return 2
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        data = None
    if isinstance(data, list):
        print(json.dumps([_respond(r) for r in data], ensure_ascii=False))
    elif isinstance(data, dict):
        print(json.dumps(_respond(data), ensure_ascii=False))
    else:  # JSON Lines
        for line in text.splitlines():
            if line.strip():
                try:
                    req = json.loads(line)
                except json.JSONDecodeError as exc:
                    print(json.dumps({"error": f"bad JSON: {exc}"}))
                    continue
                print(json.dumps(_respond(req), ensure_ascii=False))
    return 0


def cmd_imperialisme(args: argparse.Namespace) -> int:
    """L'Impérialisme operations: one request ``{"op": ..., "state": ..., ...}`` per object,
    a JSON array of them, or JSON Lines (engine.variants.imperialisme.api.run)."""
    from engine.variants.imperialisme import api as imperial

    text = _read(args.file).strip()
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        data = None
    if isinstance(data, list):
        print(json.dumps([imperial.run(r) for r in data], ensure_ascii=False))
    elif isinstance(data, dict):
        print(json.dumps(imperial.run(data), ensure_ascii=False))
    else:
        for line in text.splitlines():
            if line.strip():
                print(json.dumps(imperial.run(json.loads(line)), ensure_ascii=False))
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    data = json.loads(_read(args.file))
    state = data.get("state", data)
    png = api.render(state, orders=data.get("orders") if "results" not in data else None,
                     results=data.get("results"), locale=args.locale)
    with open(args.output, "wb") as fh:
        fh.write(png)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("adjudicate", help="resolve request(s) read from FILE or stdin")
    p.add_argument("file", nargs="?")
    p.set_defaults(func=cmd_adjudicate)
    p = sub.add_parser("imperialisme", help="L'Impérialisme operations (crises, votes, ...)")
    p.add_argument("file", nargs="?")
    p.set_defaults(func=cmd_imperialisme)
    p = sub.add_parser("render", help="draw a STATE (or a request/response) as PNG")
    p.add_argument("file", nargs="?")
    p.add_argument("-o", "--output", default="map.png")
    p.add_argument("--locale", default="en")
    p.set_defaults(func=cmd_render)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
