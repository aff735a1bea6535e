"""The import graph of a package, read with `ast` (nothing is imported), and the layer contract
checked on it (tests/test_architecture.py).

Every import counts: module level, inside functions and classes, under `if TYPE_CHECKING:`,
`importlib.import_module("...")`, `import_module("...")` and `__import__("...")` with a literal
module name. A dynamic import whose name is computed cannot be checked, so it is a violation
itself.
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

#: Qt bindings: importing any of these (or a submodule) is "Qt".
QT_PACKAGES = ("PySide6", "shiboken6", "PySide2", "PyQt5", "PyQt6", "qtpy")


@dataclass(frozen=True)
class Import:
    """One import in a module: the imported module name, where, and how."""

    source: str  # importing module, e.g. "editor.check.validate"
    target: str  # imported module, e.g. "editor.model.board"; "" for a computed name
    path: Path
    line: int
    how: str  # "import", "from", "importlib", "__import__", "dynamic"

    def where(self, root: Path) -> str:
        try:
            shown = self.path.relative_to(root)
        except ValueError:
            shown = self.path
        return f"{shown}:{self.line}"


@dataclass(frozen=True)
class Contract:
    """What the modules of one layer may import.

    `layers`: the package's layers it may import (its own is always allowed).
    `qt`: the Qt modules it may import (prefixes, e.g. "PySide6.QtGui"); "*" allows all.
    """

    layers: frozenset[str]
    qt: tuple[str, ...] = ()


@dataclass
class Package:
    """Modules of a package (name -> file) and every import in them."""

    root: Path  # the folder that holds the package folder
    name: str
    modules: dict[str, Path] = field(default_factory=dict)
    imports: list[Import] = field(default_factory=list)


def module_name(path: Path, root: Path) -> str:
    rel = path.relative_to(root).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def read_package(root: Path, name: str) -> Package:
    """Parse every `.py` file of `root/name` (the package folder lives in `root`)."""
    pkg = Package(root=root, name=name)
    for path in sorted((root / name).rglob("*.py")):
        pkg.modules[module_name(path, root)] = path
    for mod, path in pkg.modules.items():
        is_package = path.name == "__init__.py"
        pkg.imports.extend(imports_of(path, mod, is_package))
    return pkg


def imports_of(path: Path, module: str, is_package: bool = False) -> list[Import]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[Import] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(Import(module, a.name, path, node.lineno, "import") for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, module, is_package)
            # `from pkg import sub` imports the module pkg.sub when there is one
            found.extend(Import(module, f"{base}.{a.name}", path, node.lineno, "from-name")
                         for a in node.names if a.name != "*")
            found.append(Import(module, base, path, node.lineno, "from"))
        elif isinstance(node, ast.Call) and (how := _dynamic_kind(node)):
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.append(Import(module, arg.value, path, node.lineno, how))
            else:
                found.append(Import(module, "", path, node.lineno, "dynamic"))
    return found


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The absolute module of a `from ... import`, relative levels resolved."""
    if node.level == 0:
        return node.module or ""
    parts = module.split(".")
    keep = len(parts) - node.level + (1 if is_package else 0)
    base = ".".join(parts[:keep])
    return f"{base}.{node.module}" if node.module else base


def _dynamic_kind(call: ast.Call) -> str | None:
    """"importlib" for importlib.import_module(...) / import_module(...), "__import__" for
    __import__(...) and importlib.__import__(...); None for any other call."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    if name == "import_module":
        return "importlib"
    if name == "__import__":
        return "__import__"
    return None


def _is_under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def layer_of(module: str, pkg: Package) -> str | None:
    """"model" for "editor.model.board": the subpackage right under the package. None for the
    package itself and its top-level modules (e.g. "editor.resources"): the base every layer
    may use, which imports no layer."""
    parts = module.split(".")
    if parts[0] != pkg.name or len(parts) < 2:
        return None
    top = f"{pkg.name}.{parts[1]}"
    path = pkg.modules.get(top)
    if path is not None and path.name != "__init__.py":
        return None  # a top-level module
    return parts[1]


def violations(pkg: Package, contracts: Mapping[str, Contract]) -> list[str]:
    """Every import that breaks a layer's contract, as `file:line: what` lines (one per
    statement and imported layer)."""
    out: list[str] = []
    reported: set[tuple[str, str]] = set()
    for imp in pkg.imports:
        where = imp.where(pkg.root)
        if imp.how == "dynamic":
            out.append(f"{where}: {imp.source} imports a module whose name is computed "
                       "(write the import out: the contract cannot check it)")
            continue
        if imp.how == "from-name" and imp.target not in pkg.modules:
            continue  # `from pkg import name`: a name, not a module
        src_layer = layer_of(imp.source, pkg)
        dst_layer = layer_of(imp.target, pkg) if _is_under(imp.target, pkg.name) else None
        if src_layer is None and dst_layer is not None:
            problem = f"{imp.source} (the base) imports {imp.target} ({dst_layer})"
        elif src_layer is None:
            continue
        elif src_layer not in contracts:
            problem = f"layer '{src_layer}' has no contract"
        else:
            problem = _breach(imp, src_layer, dst_layer, contracts[src_layer])
        key = (where, dst_layer or imp.target)
        if problem and key not in reported:
            reported.add(key)
            out.append(f"{where}: {problem}")
    return out


def _breach(imp: Import, src_layer: str, dst_layer: str | None,
            contract: Contract) -> str | None:
    """What is wrong with one import of a layer's module, or None."""
    how = "from" if imp.how == "from-name" else imp.how
    if dst_layer is not None:
        if dst_layer != src_layer and dst_layer not in contract.layers:
            return f"{imp.source} ({src_layer}) imports {imp.target} ({dst_layer}) [{how}]"
        return None
    is_qt = any(_is_under(imp.target, q) for q in QT_PACKAGES)
    if is_qt and "*" not in contract.qt and not any(_is_under(imp.target, q)
                                                    for q in contract.qt):
        allowed = ", ".join(contract.qt) or "no Qt"
        return f"{imp.source} ({src_layer}) imports {imp.target} [{how}]; allowed: {allowed}"
    return None


def module_graph(pkg: Package) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (a `from a.b import c` names a.b.c when that
    is a module, else a.b)."""
    graph: dict[str, set[str]] = {m: set() for m in pkg.modules}
    for imp in pkg.imports:
        if imp.target in pkg.modules and imp.target != imp.source:
            graph[imp.source].add(imp.target)
    return graph


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
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
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def cycle_path(graph: Mapping[str, Iterable[str]], component: list[str]) -> list[str]:
    """The shortest import loop through the component's first module: [a, b, ..., a]."""
    members = set(component)
    start = component[0]
    prev: dict[str, str] = {}
    queue = deque([start])
    while queue and start not in prev:
        node = queue.popleft()
        for nxt in sorted(graph[node]):
            if nxt in members and nxt not in prev:
                prev[nxt] = node
                queue.append(nxt)
    loop = [start]
    node = prev[start]
    while node != start:
        loop.append(node)
        node = prev[node]
    return [start, *reversed(loop[1:]), start]
