"""Figures of the architecture (docs/ARCHITECTURE.md): import cycles among the project's
modules (imports inside functions and under TYPE_CHECKING count), files outside a variant's own
folders that name a variant, and the largest modules.

    .venv/bin/python -m tools.architecture_report [ROOT]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import grimp

PACKAGES = ("engine", "bot", "cogs")
VARIANT_NAMES = ("classic", "duel", "imperialisme")
# a variant's own folders: its engine package, its services, its cog, its catalogues
OWN = re.compile(r"(^|/)(variants|services|cogs|i18n|engine)/(?P<v>classic|duel|imperialisme)(/|\.py$)|"
                 r"^cogs/(?P<c>classic|duel|imperialisme)/")
LITERAL = re.compile(r"""["'](classic|duel|imperialisme)["']""")


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on.add(node)
        for nxt in sorted(graph.find_modules_directly_imported_by(node)):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(10_000)
    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def naming_files(root: Path) -> list[str]:
    out = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            if OWN.search(rel) or "/migrations/" in rel:
                continue
            if LITERAL.search(path.read_text(encoding="utf-8")):
                out.append(rel)
    return out


def largest(root: Path, n: int = 5) -> list[tuple[int, str]]:
    sizes = [(len(p.read_text(encoding="utf-8").splitlines()), p.relative_to(root).as_posix())
             for package in PACKAGES for p in (root / package).rglob("*.py")]
    return sorted(sizes, reverse=True)[:n]


def main(argv: list[str]) -> int:
    root = Path(argv[0]).resolve() if argv else Path.cwd()
    sys.path.insert(0, str(root))
    graph = grimp.build_graph(*PACKAGES, include_external_packages=False)
    found = cycles(graph)
    print(f"import cycles: {len(found)}")
    for c in found:
        print("  " + " <-> ".join(c[:6]) + (" …" if len(c) > 6 else ""))
    names = naming_files(root)
    print(f"files naming a variant outside its own folders: {len(names)}")
    for name in names:
        print("  " + name)
    print("largest modules: " + ", ".join(f"{p} ({n})" for n, p in largest(root)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
