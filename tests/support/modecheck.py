"""The GUI's mode contract, read with `ast` (nothing is imported; tests/test_architecture.py).

The registry (`editor/gui/modes.py`) imports each mode class from its package
(`editor.gui.<package>.mode`); the `Shell` protocol (`editor/gui/shell/mode.py`) declares what a
mode may use of the window. Checked here:

* mode packages never import each other, and the shared packages (shell/, board/) and the
  entry point import none of them: only the registry does;
* the shell and the entry point name no mode (`modes["trace"]`, `switch_mode("trace")`,
  `mode.name == "trace"`, `window.trace`);
* a mode reaches the window only through what `Shell` declares: every `<x>.window.NAME`
  (and `w.NAME` after `w = <x>.window`) in a mode package names a member of `Shell`.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from support.importgraph import Package, module_graph


@dataclass(frozen=True)
class ModeInfo:
    """A registered mode: its package (`editor.gui.trace`) and its `name` ("trace")."""

    package: str
    name: str


def registered_modes(pkg: Package, gui: str) -> list[ModeInfo]:
    """The modes the registry `<gui>.modes` imports, with the `name` their class sets."""
    registry = pkg.modules[f"{gui}.modes"]
    found = []
    for node in ast.walk(ast.parse(registry.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom) or not node.module:
            continue
        parts = node.module.split(".")
        if parts[:2] != gui.split(".") or len(parts) < 4 or parts[2] in ("shell", "board"):
            continue
        package = ".".join(parts[:3])
        for alias in node.names:
            name = class_name_attribute(pkg.modules[node.module], alias.name)
            found.append(ModeInfo(package, name or ""))
    return found


def class_name_attribute(path: Path, cls: str) -> str | None:
    """The string a class sets as `name = "..."` in its body."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for item in node.body:
                if isinstance(item, ast.Assign | ast.AnnAssign):
                    targets = item.targets if isinstance(item, ast.Assign) else [item.target]
                    if any(isinstance(t, ast.Name) and t.id == "name" for t in targets) and \
                            isinstance(item.value, ast.Constant):
                        return str(item.value.value)
    return None


def declared_members(path: Path, cls: str = "Shell") -> set[str]:
    """Names a class declares in its body: annotated attributes and methods."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            names = set()
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    names.add(item.target.id)
                elif isinstance(item, ast.FunctionDef):
                    names.add(item.name)
            return names
    raise LookupError(f"{path}: no class {cls}")


def _in(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def cross_imports(pkg: Package, gui: str, modes: Iterable[ModeInfo]) -> list[str]:
    """Imports of a mode package by another mode package, by shell/, board/ or `<gui>.app`."""
    packages = [m.package for m in modes]
    shared = [f"{gui}.shell", f"{gui}.board", f"{gui}.app"]
    bad = []
    for source, targets in sorted(module_graph(pkg).items()):
        own = next((p for p in packages if _in(source, p)), None)
        if own is None and not any(_in(source, s) for s in shared):
            continue
        for target in sorted(targets):
            other = next((p for p in packages if _in(target, p)), None)
            if other is not None and other != own:
                bad.append(f"{source} imports {target} (mode package {other})")
    return bad


#: calls that take a mode's name as their first argument
_BY_NAME_CALLS = {"switch_mode", "switch"}


def _const(node: ast.AST | None, names: set[str]) -> bool:
    return isinstance(node, ast.Constant) and node.value in names


def _names_a_mode(node: ast.AST, names: set[str]) -> bool:
    """`x.modes["trace"]`, `x.modes.get("trace")`, `switch_mode("trace")`,
    `mode.name == "trace"`, `window.trace` / `self.trace`."""
    if isinstance(node, ast.Subscript):
        return isinstance(node.value, ast.Attribute) and node.value.attr == "modes" and \
            _const(node.slice, names)
    if isinstance(node, ast.Call) and node.args and _const(node.args[0], names):
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        via_modes = isinstance(func, ast.Attribute) and isinstance(func.value, ast.Attribute) \
            and func.value.attr == "modes"
        return called in _BY_NAME_CALLS or via_modes
    if isinstance(node, ast.Compare):
        sides = [node.left, *node.comparators]
        return any(_const(s, names) for s in sides) and any(
            (isinstance(s, ast.Attribute) and s.attr in ("name", "mode"))
            or (isinstance(s, ast.Name) and s.id in ("name", "mode")) for s in sides)
    if isinstance(node, ast.Attribute) and node.attr in names:
        return isinstance(node.value, ast.Name) and node.value.id in ("self", "window", "w")
    return False


def mode_names_used(paths: Iterable[Path], names: set[str]) -> list[str]:
    """Every place these files refer to a mode by its name (`_names_a_mode`)."""
    return [f"{path.name}:{node.lineno}: {ast.unparse(node)}"
            for path in paths
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if _names_a_mode(node, names)]


def _is_window(node: ast.AST, aliases: set[str]) -> bool:
    """`<x>.window` (an attribute, not the call `QWidget.window()`) or an alias of one."""
    return (isinstance(node, ast.Attribute) and node.attr == "window") or \
        (isinstance(node, ast.Name) and node.id in aliases)


def shell_uses(path: Path) -> list[tuple[int, str]]:
    """(line, member) of every use of the window in a mode's module: `<x>.window.NAME`, and
    `w.NAME` where a function did `w = <x>.window` or takes a parameter `window`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    uses = []
    for func in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)] or [tree]:
        aliases = {t.id for n in ast.walk(func) if isinstance(n, ast.Assign)
                   and isinstance(n.value, ast.Attribute) and n.value.attr == "window"
                   for t in n.targets if isinstance(t, ast.Name)}
        if isinstance(func, ast.FunctionDef):
            aliases |= {a.arg for a in func.args.args if a.arg == "window"}
        for node in ast.walk(func):
            if isinstance(node, ast.Attribute) and _is_window(node.value, aliases):
                uses.append((node.lineno, node.attr))
    return sorted(set(uses))


def undeclared_uses(files: Mapping[str, Path], declared: set[str]) -> list[str]:
    """Uses of the window (`shell_uses`) that `Shell` does not declare, by module."""
    return [f"{module}:{line}: .window.{name} is not declared on Shell"
            for module, path in sorted(files.items())
            for line, name in shell_uses(path) if name not in declared]
