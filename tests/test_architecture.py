"""Import contract (ARCHITECTURE.md): lower layers never import higher ones, and no Qt
below the GUI layer. Checked by parsing imports, so it needs no import-linter."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parent.parent / "editor"

#: layer -> packages it must not import
FORBIDDEN = {
    "model": ("editor.check", "editor.rules", "editor.gui", "editor.cli", "editor.render",
              "PySide6"),
    "check": ("editor.rules", "editor.gui", "editor.cli", "editor.render", "PySide6"),
    "rules": ("editor.gui", "editor.cli", "editor.render", "PySide6"),
    "render": ("editor.gui", "editor.cli", "editor.rules"),
    "detect": ("editor.gui", "editor.cli", "editor.rules", "editor.render", "PySide6"),
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_does_not_import_higher_layers(layer: str) -> None:
    folder = PKG / layer
    if not folder.is_dir():
        pytest.skip(f"layer {layer} not present yet")
    bad = []
    for path in sorted(folder.rglob("*.py")):
        for name in _imports(path):
            if any(name == f or name.startswith(f + ".") for f in FORBIDDEN[layer]):
                bad.append(f"{path.relative_to(PKG.parent)} imports {name}")
    assert not bad, "\n".join(bad)


def test_test_module_names_are_unique() -> None:
    """pytest imports test files by basename (rootdir-relative, no packages): two test files
    with one name in different folders stop the whole run at collection."""
    tests = Path(__file__).resolve().parent
    seen: dict[str, Path] = {}
    clashes = []
    for path in sorted(tests.rglob("test_*.py")):
        if path.name in seen:
            clashes.append(f"{seen[path.name].relative_to(tests)} and {path.relative_to(tests)}")
        seen.setdefault(path.name, path)
    assert not clashes, "rename one of: " + "; ".join(clashes)
