"""No import cycle among engine/, render/ and bot/ (issue 41, item 7).

The graph is built with `ast` from the source files: every `import` and `from ... import`, at module level and
inside functions (a lazy import is a cycle put off, not removed), except those under `if TYPE_CHECKING:`. A name
imported from a package that is one of its submodules counts as an import of that submodule. Loading a module by
name (`importlib.import_module`, as `engine.gah.hooks` loads its plug-ins) is no import statement and is not counted.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "render", "bot")


def module_files() -> dict[str, Path]:
    """Module name -> its file, for every module of `PACKAGES` (a package is named by its __init__.py)."""
    modules: dict[str, Path] = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def _owner(name: str, modules: dict[str, Path]) -> str | None:
    """The longest known module that `name` (a dotted path, maybe module.attribute) lies in."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def _imported(node: ast.AST, module: str, is_package: bool, modules: dict[str, Path]) -> set[str]:
    """The known modules that one import statement in `module` imports."""
    found: set[str] = set()
    if isinstance(node, ast.Import):
        for alias in node.names:
            found.add(_owner(alias.name, modules) or "")
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            parts = module.split(".") if is_package else module.split(".")[:-1]
            parts = parts[: len(parts) - (node.level - 1)]
            base = ".".join(parts + ([node.module] if node.module else []))
        for alias in node.names:
            full = f"{base}.{alias.name}"
            found.add((full if full in modules else _owner(base, modules)) or "")
    found.discard("")
    return found


def _statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """Every statement in `body` and the blocks nested in it, minus `if TYPE_CHECKING:` blocks."""
    result: list[ast.stmt] = []
    for node in body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            result.extend(_statements(node.orelse))
            continue
        result.append(node)
        for name in ("body", "orelse", "finalbody"):
            nested = getattr(node, name, None)
            if isinstance(nested, list):
                result.extend(_statements(nested))
        for handler in getattr(node, "handlers", []):
            result.extend(_statements(handler.body))
    return result


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of `PACKAGES` it imports (self-imports left out)."""
    modules = module_files()
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        targets: set[str] = set()
        for node in _statements(tree.body):
            targets |= _imported(node, module, path.name == "__init__.py", modules)
        targets.discard(module)
        graph[module] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_graph_sees_real_imports() -> None:
    graph = import_graph()
    assert "engine.core.actions" in graph["engine.gah.game"]
    assert "engine.gah.hooks" in graph["engine.gah.state"]  # a game state holds its mounted hook points
    assert "engine.gah.waltz.plug_in" not in graph["engine.gah.hooks"]  # loaded by name, once


def test_a_cycle_is_found_and_named() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]


def test_no_import_cycles() -> None:
    found = cycles(import_graph())
    assert not found, "import cycles: " + "; ".join(" <-> ".join(component) for component in found)


CORE = ("engine.gah.state", "engine.gah.game", "engine.gah.flow", "engine.gah.mechanics", "engine.gah.scoring",
        "engine.gah.payloads", "engine.gah.hotel", "engine.gah.context", "engine.gah.effects",
        "engine.gah.abilities", "engine.gah.hooks", "engine.gah.decisions", "engine.gah.decisions.registry",
        "engine.gah.decisions.common", "engine.gah.decisions.turn", "engine.gah.decisions.penalties")
"""Grand Austria Hotel's core: it calls `engine.gah.hooks`, where Let's Waltz plugs in (issue 41, item 2)."""


def test_the_base_games_core_imports_no_module() -> None:
    graph = import_graph()
    imports = {module: sorted(t for t in graph[module] if t.startswith("engine.gah.waltz")) for module in CORE}
    assert {module: found for module, found in imports.items() if found} == {}
