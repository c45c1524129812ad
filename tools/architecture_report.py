"""Figures of the architecture (docs/ARCHITECTURE.md): import cycles among the project's
modules of ``engine``, ``bot``, ``cogs``, ``web`` and ``tools`` (imports inside functions and
under TYPE_CHECKING count, and so does ``from package import name``, which reads the package's namespace), imports of a variant's modules from
outside its own folders, the tables a variant alone uses that sit outside them, files
outside a variant's own folders that name a variant, and the largest modules.

    .venv/bin/python -m tools.architecture_report [ROOT]
"""

from __future__ import annotations

import ast
import re
import sys
from collections import defaultdict
from pathlib import Path

import grimp

PACKAGES = ("engine", "bot", "cogs", "web", "tools")
APP = PACKAGES[:-1]  # the application (tools: benchmarks, demos, builders)
VARIANT_NAMES = ("classic", "duel", "imperialisme")
# a variant's own folders: its engine package, its services, its cog, its catalogues, its tools
OWN = re.compile(r"(^|/)(variants|services|cogs|i18n|engine|tools)/(?P<v>classic|duel|imperialisme)(/|\.py$)|"
                 r"^cogs/(?P<c>classic|duel|imperialisme)/")
LITERAL = re.compile(r"""["'](classic|duel|imperialisme)["']""")
# the modules a variant's own folders are made of (dotted)
OWNER = re.compile(r"^(engine\.variants|bot\.services|cogs|tools)\.(?P<v>classic|duel|imperialisme)(\.|$)")
# a variant may build on another one (its Variant subclasses the other's): declared here
BUILDS_ON = {"duel": {"classic"}}


def owner(module: str) -> str | None:
    """The variant whose own folders hold ``module``, else None."""
    found = OWNER.match(module)
    return found["v"] if found else None


def _path(root: Path, module: str) -> Path | None:
    base = root.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def package_edges(root: Path, graph: grimp.ImportGraph) -> dict[str, set[str]]:
    """``from package import name`` in a module: an import of the package itself (its
    ``__init__`` runs first and the name is read from it), which grimp records as an import
    of the submodule ``package.name`` only."""
    edges: dict[str, set[str]] = defaultdict(set)
    for module in graph.modules:
        path = _path(root, module)
        if path is None:
            continue
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                parts = package.split(".")
                target = ".".join(parts[:len(parts) - node.level + 1] + (
                    [node.module] if node.module else []))
            else:
                target = node.module or ""
            target_path = _path(root, target) if target in graph.modules else None
            if target != module and target_path is not None \
                    and target_path.name == "__init__.py":
                edges[module].add(target)
    return edges


def cycles(graph: grimp.ImportGraph, extra: dict[str, set[str]]) -> list[list[str]]:
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
        for nxt in sorted(graph.find_modules_directly_imported_by(node) | extra.get(node, set())):
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


def variant_imports(graph: grimp.ImportGraph) -> list[tuple[str, str]]:
    """(importer, imported): a variant's module imported from outside its own folders (the
    registries find the variants by name, with no import)."""
    out = []
    for module in sorted(graph.modules):
        mine = owner(module)
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            theirs = owner(imported)
            if theirs is not None and theirs != mine \
                    and theirs not in BUILDS_ON.get(mine or "", ()):
                out.append((module, imported))
    return out


def variant_tables(root: Path) -> list[tuple[str, str]]:
    """(file, class): a table (``table=True``) outside a variant's folders that only one
    variant's modules import: it belongs with that variant."""
    defined: dict[str, str] = {}  # class -> the module defining it
    importers: dict[str, set[str]] = defaultdict(set)
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            if "/migrations/" in rel:
                continue
            module = rel[:-3].replace("/", ".").removesuffix(".__init__")
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and any(
                        k.arg == "table" and isinstance(k.value, ast.Constant) and k.value.value
                        for k in node.keywords):
                    defined[node.name] = module
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    for alias in node.names:
                        importers[f"{node.module}:{alias.name}"].add(module)
    out = []
    for name, module in sorted(defined.items()):
        if owner(module) is not None:
            continue
        users = {owner(m) for m in importers.get(f"{module}:{name}", set())}
        if len(users) == 1 and None not in users:
            out.append((module.replace(".", "/") + ".py", name))
    return out


def naming_files(root: Path) -> list[str]:
    out = []
    for package in APP:
        for path in sorted((root / package).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            if OWN.search(rel) or "/migrations/" in rel:
                continue
            if LITERAL.search(path.read_text(encoding="utf-8")):
                out.append(rel)
    return out


def largest(root: Path, n: int = 5) -> list[tuple[int, str]]:
    sizes = [(len(p.read_text(encoding="utf-8").splitlines()), p.relative_to(root).as_posix())
             for package in APP for p in (root / package).rglob("*.py")]
    return sorted(sizes, reverse=True)[:n]


def main(argv: list[str]) -> int:
    root = Path(argv[0]).resolve() if argv else Path.cwd()
    sys.path.insert(0, str(root))
    graph = grimp.build_graph(*PACKAGES, include_external_packages=False)
    found = cycles(graph, package_edges(root, graph))
    print(f"import cycles ({', '.join(PACKAGES)}): {len(found)}")
    for c in found:
        print("  " + " <-> ".join(c[:6]) + (" …" if len(c) > 6 else ""))
    crossing = variant_imports(graph)
    print(f"imports of a variant's module from outside its own folders: {len(crossing)}"
          " (the duel builds on classic: not counted)")
    for importer, imported in crossing:
        print(f"  {importer} -> {imported}")
    tables = variant_tables(root)
    print(f"tables of one variant outside its folders: {len(tables)}")
    for path, name in tables:
        print(f"  {path}: {name}")
    names = naming_files(root)
    print(f"files naming a variant outside its own folders ({', '.join(APP)}): {len(names)}")
    for name in names:
        print("  " + name)
    print("largest modules: " + ", ".join(f"{p} ({n})" for n, p in largest(root)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
