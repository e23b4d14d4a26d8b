"""The layers of docs/architecture.md hold: every module of ``src/digsite`` belongs to one layer
of its table, imports nothing from a layer above its own, a game imports no other game, and no
import cycle closes.  The table is read from the page, so the page and the code cannot drift."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import digsite

PACKAGE = Path(digsite.__file__).parent
ARCHITECTURE = Path(__file__).resolve().parent.parent / "docs" / "architecture.md"
ROW = re.compile(r"^\| (\w+) \| (`[^|]+`) \|", re.MULTILINE)
"""A row of the layers' table: its name and where its modules are (backquoted paths)."""


def layers() -> list[tuple[str, re.Pattern]]:
    """Each layer, lowest first, with a pattern of its files' paths (relative to ``src``): a
    path ending in ``/`` holds everything below it, ``<name>`` stands for any name, and a path
    not under ``digsite/`` is in it."""
    table = []
    for name, where in ROW.findall(ARCHITECTURE.read_text(encoding="utf-8")):
        patterns = []
        for path in re.findall(r"`([^`]+)`", where):
            path = path if path.startswith("digsite/") else f"digsite/{path}"
            pattern = re.sub(r"<[^>]+>", "[^/]+", re.escape(path).replace(r"\<", "<"))
            patterns.append(pattern + (".*" if path.endswith("/") else ""))
        table.append((name, re.compile("|".join(patterns))))
    return table


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__.py``)."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports, anywhere in it (in a function too): a name
    taken from a package is its submodule when there is one, else the package."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = package[: len(package) - node.level + 1]
                base = ".".join([*here, base] if base else here)
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {m for m in found if m in known and m != name}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def layer_of(name: str, path: Path, table) -> int:
    where = path.relative_to(PACKAGE.parent).as_posix()
    matches = [i for i, (_, pattern) in enumerate(table) if pattern.fullmatch(where)]
    assert len(matches) == 1, f"{where} is in layers {[table[i][0] for i in matches]}: place it"
    return matches[0]


def test_the_table_names_the_layers_lowest_first():
    names = [name for name, _ in layers()]
    assert names == ["core", "games", "pictures", "envs", "agents", "tools", "testing"]


def test_no_module_imports_from_a_layer_above_its_own():
    table, known, edges = layers(), modules(), graph()
    level = {name: layer_of(name, path, table) for name, path in known.items()}
    wrong = [
        f"{name} ({table[level[name]][0]}) imports {other} ({table[level[other]][0]})"
        for name, targets in sorted(edges.items())
        for other in sorted(targets)
        if level[other] > level[name]
    ]
    assert not wrong, "\n".join(wrong)


def test_a_game_imports_no_other_game():
    def game(name: str) -> str | None:
        parts = name.split(".")
        return parts[2] if parts[1:2] == ["games"] and len(parts) > 2 else None

    wrong = [
        f"{name} imports {other}"
        for name, targets in sorted(graph().items())
        for other in sorted(targets)
        if game(name) and game(other) and game(name) != game(other)
    ]
    assert not wrong, "\n".join(wrong)


def test_no_import_cycle():
    """Depth-first search; a back edge closes a cycle, named module by module."""
    edges = graph()
    state: dict[str, str] = {}
    path: list[str] = []
    cycles: list[str] = []

    def visit(name: str) -> None:
        state[name] = "open"
        path.append(name)
        for other in sorted(edges[name]):
            if state.get(other) == "open":
                cycles.append(" -> ".join([*path[path.index(other) :], other]))
            elif other not in state:
                visit(other)
        path.pop()
        state[name] = "done"

    for name in sorted(edges):
        if name not in state:
            visit(name)
    assert not cycles, "\n".join(cycles)
