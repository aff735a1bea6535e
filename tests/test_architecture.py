"""Import contract (ARCHITECTURE.md): a layer imports only the layers below it, Qt only in the
GUI (the renderer: QtCore, QtGui and QtSvg), and no import cycle anywhere in `editor/`.

Every import is read with `ast` (tests/support/importgraph.py): module level, inside functions,
`importlib.import_module("...")` and `__import__("...")`; a module name computed at run time is
refused, since no contract could check it. The checker itself is tested on a small fake tree.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.importgraph import (
    Contract,
    cycle_path,
    cycles,
    imports_of,
    module_graph,
    read_package,
    violations,
)
from support.modecheck import (
    cross_imports,
    declared_members,
    mode_names_used,
    registered_modes,
    undeclared_uses,
)

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent

#: Layers, lowest first: model -> check -> engine -> rules / render -> agents -> detect / balance
#: -> gui, cli. Each may import the layers listed (and itself, and the base: `editor`,
#: `editor.resources`).
_LOW = frozenset({"model", "check"})
_MIDDLE = _LOW | {"engine", "rules", "render"}
CONTRACTS = {
    "model": Contract(frozenset()),
    "check": Contract(frozenset({"model"})),
    "engine": Contract(_LOW),
    "rules": Contract(_LOW | {"engine"}),
    "render": Contract(_LOW, qt=("PySide6.QtCore", "PySide6.QtGui", "PySide6.QtSvg")),
    "agents": Contract(_LOW | {"engine", "rules"}),
    "detect": Contract(_MIDDLE),
    "balance": Contract(_MIDDLE | {"agents"}),
    "gui": Contract(_MIDDLE | {"agents", "detect", "balance"}, qt=("*",)),
    "cli": Contract(_MIDDLE | {"agents", "detect", "balance"}),
}

#: Test folders: one per code layer, plus the helpers, the shipped-board tests and data.
TEST_FOLDERS = set(CONTRACTS) | {"support", "boards", "scenarios", "data", "fuzz", "compat"}
#: Test folders whose tests start Qt (tests/conftest.py); the others may not import it.
QT_TEST_FOLDERS = {"gui", "render"}
#: Other test files that may import Qt: the hook that starts it, the scan-image helper.
QT_TEST_FILES = {"conftest.py", "support/guikit.py"}


@pytest.fixture(scope="module")
def editor():
    return read_package(ROOT, "editor")


def test_every_layer_has_a_contract(editor) -> None:
    layers = {m.split(".")[1] for m, p in editor.modules.items()
              if m.count(".") == 1 and p.name == "__init__.py"}
    assert layers <= set(CONTRACTS), f"layers without a contract: {layers - set(CONTRACTS)}"
    assert {"model", "check", "engine", "rules", "render", "gui", "cli"} <= layers


def test_layers_import_only_lower_layers_and_qt_stays_in_the_gui(editor) -> None:
    bad = violations(editor, CONTRACTS)
    assert not bad, "\n".join(bad)


def test_no_import_cycle_in_editor(editor) -> None:
    graph = module_graph(editor)
    found = cycles(graph)
    loops = [" -> ".join(cycle_path(graph, c)) for c in found]
    assert not loops, "import cycles:\n" + "\n".join(loops)


# ---- the checker finds what it must (a fake package in tmp_path) -----------------------------

FAKE = {
    "__init__.py": "",
    "resources.py": "import json\n",
    "model/__init__.py": "",
    "model/board.py": "from fake.resources import data\n",
    "model/late.py": "def f():\n    from fake.gui import window\n    return window\n",
    "check/__init__.py": "",
    "check/a.py": "import importlib\nM = importlib.import_module('fake.rules.x')\n",
    "check/b.py": "def g():\n    return __import__('PySide6.QtCore')\n",
    "check/c.py": "import importlib\nNAME = 'fake.rules.x'\nimportlib.import_module(NAME)\n",
    "check/d.py": "from . import a\nfrom ..model import board\n",
    "rules/__init__.py": "",
    "rules/x.py": "from fake.rules.y import Y\n",
    "rules/y.py": "Y = 1\ndef h():\n    from . import x\n    return x\n",
    "render/__init__.py": "",
    "render/paint.py": ("from PySide6.QtGui import QPainter\n"
                        "from PySide6.QtWidgets import QWidget\n"),
    "gui/__init__.py": "",
    "gui/window.py": "from PySide6.QtWidgets import QMainWindow\nfrom fake.rules import x\n",
    "cli/__init__.py": "",
    "cli/main.py": "from fake.gui import window\n",
}


@pytest.fixture
def fake(tmp_path):
    for name, text in FAKE.items():
        path = tmp_path / "fake" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return read_package(tmp_path, "fake")


def test_checker_reports_each_planted_violation(fake) -> None:
    bad = violations(fake, CONTRACTS)
    expected = [
        "fake/check/a.py:2: fake.check.a (check) imports fake.rules.x (rules) [importlib]",
        "fake/check/b.py:2: fake.check.b (check) imports PySide6.QtCore [__import__]; "
        "allowed: no Qt",
        "fake/check/c.py:3: fake.check.c imports a module whose name is computed",
        "fake/cli/main.py:1: fake.cli.main (cli) imports fake.gui.window (gui) [from]",
        "fake/model/late.py:2: fake.model.late (model) imports fake.gui.window (gui) [from]",
        "fake/render/paint.py:2: fake.render.paint (render) imports PySide6.QtWidgets [from]; "
        "allowed: PySide6.QtCore, PySide6.QtGui, PySide6.QtSvg",
    ]
    assert [b.split(" (write")[0] for b in sorted(bad)] == expected


def test_checker_resolves_relative_imports(fake) -> None:
    graph = module_graph(fake)
    assert graph["fake.check.d"] == {"fake.check", "fake.check.a", "fake.model",
                                     "fake.model.board"}
    assert graph["fake.gui.window"] == {"fake.rules", "fake.rules.x"}


def test_checker_finds_a_cycle_through_a_function_level_import(fake) -> None:
    graph = module_graph(fake)
    assert cycles(graph) == [["fake.rules.x", "fake.rules.y"]]
    assert cycle_path(graph, ["fake.rules.x", "fake.rules.y"]) == [
        "fake.rules.x", "fake.rules.y", "fake.rules.x"]


def test_checker_finds_a_longer_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c", "d"}, "c": {"a"}, "d": set(), "e": {"e"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycle_path(graph, ["a", "b", "c"]) == ["a", "b", "c", "a"]


# ---- the tests mirror the code ----------------------------------------------------------------


def test_test_folders_mirror_the_layers() -> None:
    folders = {p.name for p in TESTS.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))}
    assert folders <= TEST_FOLDERS, f"test folders that are no layer: {folders - TEST_FOLDERS}"
    assert not [p.name for p in TESTS.glob("test_*.py") if p.name != Path(__file__).name], (
        "put tests in the folder of the layer they test")


def test_only_gui_and_render_tests_import_qt() -> None:
    """Model, check, rules and CLI tests run without Qt: they import no Qt binding, no
    renderer, no GUI and no Qt test helper."""
    qt = ("PySide6", "editor.gui", "editor.render", "support.guikit", "pytestqt")
    bad = []
    for path in sorted(TESTS.rglob("*.py")):
        rel = path.relative_to(TESTS)
        if rel.parts[0] in QT_TEST_FOLDERS or rel.as_posix() in QT_TEST_FILES:
            continue
        name = ".".join(rel.with_suffix("").parts)
        for imp in imports_of(path, name):
            if any(imp.target == q or imp.target.startswith(q + ".") for q in qt):
                bad.append(f"tests/{rel}:{imp.line} imports {imp.target}")
    assert not bad, "move these to tests/gui or tests/render (or drop Qt):\n" + "\n".join(bad)


def test_test_module_names_are_unique() -> None:
    """pytest imports test files by basename (rootdir-relative, no packages): two test files
    with one name in different folders stop the whole run at collection."""
    seen: dict[str, Path] = {}
    clashes = []
    for path in sorted(TESTS.rglob("test_*.py")):
        if path.name in seen:
            clashes.append(f"{seen[path.name].relative_to(TESTS)} and {path.relative_to(TESTS)}")
        seen.setdefault(path.name, path)
    assert not clashes, "rename one of: " + "; ".join(clashes)


#: Size limits of the code (issue 9): modules by concern, functions that fit on a screen.
MAX_MODULE_LINES = 700
MAX_FUNCTION_LINES = 80
#: The move search stays one function: splitting its inner loop costs speed (RULES MOVE-*).
LONG_FUNCTIONS_ALLOWED = {("editor/engine/search.py", "search_of")}


def test_modules_and_functions_stay_small() -> None:
    import ast

    bad = []
    for path in sorted((ROOT / "editor").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        if (lines := len(text.splitlines())) > MAX_MODULE_LINES:
            bad.append(f"{rel}: {lines} lines (split it by concern)")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = node.end_lineno - node.lineno + 1
                if length > MAX_FUNCTION_LINES and (rel, node.name) not in LONG_FUNCTIONS_ALLOWED:
                    bad.append(f"{rel}:{node.lineno} {node.name}: {length} lines")
    assert not bad, "\n".join(bad)


# ---- the engine's read API (issue 20) ------------------------------------------------------

#: Modules outside the engine allowed to read a state's own fields, with the reason.
STATE_ACCESS_ALLOWED = {
    # runs unchanged against old revisions (`conquest bench --against`): it may only use names
    # those have too, and its digest of the pieces must read the same in every tree
    "editor/cli/bench_engine_child.py",
}


def _state_contract() -> tuple[set[str], set[str], set[str]]:
    """(raw field names, those other classes use as attribute names too, published fields),
    from `StateData`'s declaration and the code (never a hand list)."""
    import ast

    from support.state_access import attribute_names_defined, state_classes

    from editor.engine.state import raw_field_names, state_fields

    trees = [ast.parse(p.read_text(encoding="utf-8")) for p in (ROOT / "editor").rglob("*.py")]
    shared = attribute_names_defined(trees, skip=state_classes(trees))
    published = {f.name for f in state_fields() if f.metadata["api"] == "read"}
    return set(raw_field_names()), shared, published


def test_nothing_outside_the_engine_reads_the_state_fields() -> None:
    """The engine's API contract: outside `editor/engine` a state is read through its read API
    (editor.engine.view) and published fields only; its own fields are the engine's."""
    from support.state_access import state_access

    raw, shared, published = _state_contract()
    assert {"ptype", "owner", "node", "occ", "ap_spent", "window"} <= raw
    assert published == {"game", "turn"}
    bad = []
    for path in sorted((ROOT / "editor").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("editor/engine/") or rel in STATE_ACCESS_ALLOWED:
            continue
        bad += [b.replace(str(ROOT) + "/", "") for b in state_access(path, raw, shared,
                                                                       published)]
    bad = sorted(set(bad))
    assert not bad, "use the state's read API (editor/engine/view.py):\n" + "\n".join(bad)


def test_the_state_access_checker_finds_what_it_must(tmp_path) -> None:
    from support.state_access import state_access

    code = tmp_path / "m.py"
    code.write_text(
        "def f(st: State, other):\n"
        "    a = st.owner[0]\n"          # shared name on a state: found
        "    b = other.owner\n"          # shared name on something else: fine
        "    c = other.occ\n"            # a name only the state has: found on anything
        "    sim = st.clone()\n"
        "    d = sim._undo\n"            # private member of a state: found
        "    st.turn = 3\n"              # published, but assigned: found
        "    e = st.turn + session.state.window\n"  # read published: fine; .state: found
        "def positions() -> list[State]: ...\n"
        "def g():\n"
        "    for s in positions():\n"
        "        s.window\n")  # a loop over states: found
    found = sorted(line.split(" ", 1)[1] for line in
                   state_access(code, {"owner", "occ", "window"}, {"owner", "window"}, {"turn"}))
    assert found == ["other.occ", "s.window", "session.state.window", "sim._undo", "st.owner",
                     "st.turn"]


def test_no_deprecated_aliases_on_state_and_game() -> None:
    """The old short names `c`, `g` (State) and `c`, `n` (Game) are gone."""
    from editor.engine.game import Game, State

    assert not [a for a in ("c", "g") if hasattr(State, a)]
    assert not [a for a in ("c", "n") if hasattr(Game, a)]

# ---- the GUI by mode: shell, board canvas, independent modes (docs/architecture.md) ---------

GUI = "editor.gui"


@pytest.fixture(scope="module")
def modes(editor):
    found = registered_modes(editor, GUI)
    assert len(found) >= 3 and all(m.name for m in found), found
    return found


def test_modes_never_import_each_other_and_shared_code_imports_no_mode(editor, modes) -> None:
    """trace/, play/ and variant/ are independent; shell/, board/ and app.py import no mode
    package (only the registry `editor/gui/modes.py` does)."""
    bad = cross_imports(editor, GUI, modes)
    assert not bad, "share it through editor/gui/shell or editor/gui/board:\n" + "\n".join(bad)


def test_the_shell_and_the_entry_point_name_no_mode(modes) -> None:
    """No per-mode branch: the shell and app.py call the `Mode` hooks, never a mode by name."""
    gui = ROOT / "editor" / "gui"
    files = [*sorted((gui / "shell").glob("*.py")), gui / "app.py"]
    bad = mode_names_used(files, {m.name for m in modes})
    assert not bad, "\n".join(bad)


def test_modes_use_only_what_the_shell_declares(editor, modes) -> None:
    declared = declared_members(ROOT / "editor" / "gui" / "shell" / "mode.py", "Shell")
    files = {name: path for name, path in editor.modules.items()
             if any(name.startswith(m.package + ".") for m in modes)}
    assert len(files) > 10
    bad = undeclared_uses(files, declared)
    assert not bad, "declare them on Shell (editor/gui/shell/mode.py):\n" + "\n".join(bad)


FAKE_GUI = {
    "__init__.py": "",
    "gui/__init__.py": "",
    "gui/modes.py": "from fake.gui.one.mode import One\nfrom fake.gui.two.mode import Two\n",
    "gui/app.py": ("def main(w, m, mode):\n    w.switch_mode('two')\n    if m.name == 'one':\n"
                   "        return w.switcher.modes['one'], w.one, m.variant, mode == 'two'\n"),
    "gui/shell/__init__.py": "",
    "gui/shell/mode.py": ("class Shell:\n    doc: object\n    def show_message(self, t): ...\n"),
    "gui/shell/window.py": "from fake.gui.one import mode\n",
    "gui/board/__init__.py": "",
    "gui/board/view.py": "def f():\n    from fake.gui.two.parts import Tool\n",
    "gui/one/__init__.py": "",
    "gui/one/mode.py": ("class One:\n    name = 'one'\n    def go(self):\n"
                        "        self.window.show_message('x')\n"
                        "        w = self.window\n        w.switcher.modes['two'].go()\n"),
    "gui/two/__init__.py": "",
    "gui/two/mode.py": "from fake.gui.one.mode import One\nclass Two:\n    name = 'two'\n",
    "gui/two/parts.py": ("class Tool:\n    def f(self):\n        return self.view.window().x"
                         " + self.mode.window.doc + self.mode.window.settings\n"
                         "def opener(window):\n    return window.files\n"),
}


def test_the_mode_checks_report_each_planted_violation(tmp_path) -> None:
    for name, text in FAKE_GUI.items():
        path = tmp_path / "fake" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    fake = read_package(tmp_path, "fake")
    found = registered_modes(fake, "fake.gui")
    assert [(m.package, m.name) for m in found] == [("fake.gui.one", "one"),
                                                    ("fake.gui.two", "two")]
    assert cross_imports(fake, "fake.gui", found) == [
        "fake.gui.board.view imports fake.gui.two.parts (mode package fake.gui.two)",
        "fake.gui.shell.window imports fake.gui.one (mode package fake.gui.one)",
        "fake.gui.shell.window imports fake.gui.one.mode (mode package fake.gui.one)",
        "fake.gui.two.mode imports fake.gui.one.mode (mode package fake.gui.one)"]
    gui = tmp_path / "fake" / "gui"
    assert sorted(mode_names_used([gui / "app.py"], {"one", "two", "variant"})) == [
        "app.py:2: w.switch_mode('two')", "app.py:3: m.name == 'one'",
        "app.py:4: mode == 'two'", "app.py:4: w.one", "app.py:4: w.switcher.modes['one']"]
    declared = declared_members(gui / "shell" / "mode.py")
    assert declared == {"doc", "show_message"}
    files = {"one.mode": gui / "one" / "mode.py", "two.parts": gui / "two" / "parts.py"}
    assert undeclared_uses(files, declared) == [
        "one.mode:6: .window.switcher is not declared on Shell",
        "two.parts:3: .window.settings is not declared on Shell",
        "two.parts:5: .window.files is not declared on Shell"]
