""""Unsaved changes?" is asked by every path that replaces a document (issue 20 item 3): open,
open package, new, new from scan, close and quit for the board; open, new, open package, close
and quit for the variant. Cancel keeps the document and its edits; discard replaces it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QColor, QImage

from editor.cli.main import main as cli
from editor.model import edit as E
from editor.model import save_board
from editor.model.board import Board
from editor.resources import data_dir


def _board_file(tmp_path: Path, name: str) -> str:
    board = Board(name=name)
    E.add_field(board, 100, 100)
    path = tmp_path / f"{name}.board.json"
    save_board(board, path)
    return str(path)


def _action(window, menu, text: str) -> QAction:
    found = [a for a in menu.actions() if a.text() == text]
    assert found, [a.text() for a in menu.actions()]
    return found[0]


def _edit_board_name(window, qtbot) -> None:
    """Type into the board name box of the inspector, as a designer does."""
    window.trace.inspector.show_keys([])
    name = window.trace.inspector.pages["board"].name
    name.setFocus()
    qtbot.keyClicks(name, " changed")
    assert window.doc.modified


def _package(tmp_path: Path) -> str:
    path = tmp_path / "in.conquest"
    assert cli(["pack", "conquest-4p", "--variant", "conquest-4p", "-o", str(path)]) == 0
    return str(path)


def _scan(tmp_path: Path) -> str:
    image = QImage(64, 48, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    path = tmp_path / "scan.png"
    assert image.save(str(path))
    return str(path)


#: File menu entry -> what the open dialog answers (None: the entry asks for no file)
BOARD_PATHS = {
    "&Open…": "other",
    "Open &recent": "recent",
    "&Open… (package)": "package",
    "New &board": None,
    "&New from scan…": "scan",
}


@pytest.mark.parametrize("path", list(BOARD_PATHS))
def test_replacing_an_edited_board_asks_first(make_window, qtbot, ui, tmp_path, path) -> None:
    mine = _board_file(tmp_path, "mine")
    other = _board_file(tmp_path, "other")
    files = {"other": other, "package": _package(tmp_path) if path.endswith("(package)")
             else None, "scan": _scan(tmp_path), "recent": other}
    w = make_window(mine)
    if path == "Open &recent":
        w.files.add_recent(other)
    _edit_board_name(w, qtbot)
    ui.open_path = files.get(BOARD_PATHS[path] or "")

    def trigger() -> None:
        if path == "Open &recent":
            _action(w, w.menus.recent, other).trigger()
        else:
            _action(w, w.menus.file, path.removesuffix(" (package)")).trigger()

    ui.save_answer = "cancel"
    trigger()
    assert ("save?", "mine.board.json") in ui.calls
    assert w.doc.board.name == "mine changed" and w.doc.modified
    ui.calls.clear()
    ui.save_answer = "discard"
    trigger()
    assert ("save?", "mine.board.json") in ui.calls
    assert w.doc.board.name != "mine changed" and not w.doc.modified


@pytest.mark.parametrize("how", ["close", "quit"])
def test_closing_with_an_edited_board_asks_first(make_window, qtbot, ui, tmp_path,
                                                 how) -> None:
    w = make_window(_board_file(tmp_path, "mine"))
    _edit_board_name(w, qtbot)
    ui.save_answer = "cancel"
    if how == "quit":
        _action(w, w.menus.file, "&Quit").trigger()
    else:
        w.close()
    assert ("save?", "mine.board.json") in ui.calls
    assert w.isVisible() and w.doc.modified
    ui.save_answer = "discard"
    assert w.close()


def _edited_variant(window, qtbot):
    mode = window.switcher.modes["variant"]
    assert window.switch_mode("variant")
    mode.open_ref("conquest-2p")
    qtbot.mouseClick(mode.form.editors["/options/allow_resignation"].box,
                     Qt.MouseButton.LeftButton)
    assert mode.session.modified
    return mode


VARIANT_PATHS = ["&Open variant…", "&New house rule…", "open package", "quit"]


@pytest.mark.parametrize("path", VARIANT_PATHS)
def test_replacing_an_edited_variant_asks_first(make_window, qtbot, ui, tmp_path,
                                                path) -> None:
    w = make_window()
    mode = _edited_variant(w, qtbot)
    ui.open_path = _package(tmp_path) if path == "open package" else str(
        data_dir("variants") / "conquest-4p.variant.json")
    ui.item = "grand-conquest-2p"

    def trigger() -> bool:
        if path == "open package":
            return _action(w, w.menus.file, "&Open…").trigger() or True
        if path == "quit":
            return _action(w, w.menus.file, "&Quit").trigger() or True
        return _action(w, mode.menus[0], path).trigger() or True

    ui.save_answer = "cancel"
    trigger()
    assert ("save?", "my-conquest-2p (unsaved)") in ui.calls
    assert mode.session.parent_ref == "conquest-2p" and mode.session.modified
    assert w.isVisible()
    if path == "quit":
        ui.save_answer = "discard"
        assert w.close()
        return
    ui.calls.clear()
    ui.save_answer = "discard"
    trigger()
    assert ("save?", "my-conquest-2p (unsaved)") in ui.calls
    assert mode.session.parent_ref != "conquest-2p" and not mode.session.modified
