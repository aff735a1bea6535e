"""Edit > Detect from scan in trace mode: a worker thread behind a cancellable progress dialog,
the draft as one undo step, Enter accepts proposals, Delete rejects them (real key events)."""

from __future__ import annotations

import threading

import cv2
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from editor.detect.synthetic import PRINT, draw_board
from editor.model.board import (
    Board,
    Connection,
    ConnectionKind,
    Field,
    Scale,
    ScanImage,
    Terrain,
)
from editor.model.edit_draft import unconfirmed_keys

SPACING = 90


def _truth() -> Board:
    """A 4 x 3 grid of numbered land fields joined by roads: small, so detection is quick."""
    fields, conns = [], []
    for row in range(3):
        for col in range(4):
            n = row * 4 + col + 1
            fields.append(Field(id=f"t{n}", terrain=Terrain.LAND, x=70 + col * SPACING,
                                y=70 + row * SPACING, number=n + 10))
            if col:
                conns.append(Connection(id=f"c{len(conns) + 1}", kind=ConnectionKind.ROAD,
                                        a=f"t{n - 1}", b=f"t{n}"))
            if row:
                conns.append(Connection(id=f"c{len(conns) + 1}", kind=ConnectionKind.ROAD,
                                        a=f"t{n - 4}", b=f"t{n}"))
    return Board(name="truth", image=ScanImage(path="scan.png", width=410, height=320),
                 fields=fields, connections=conns)


@pytest.fixture
def scan_window(make_window, tmp_path):
    path = tmp_path / "scan.png"
    cv2.imwrite(str(path), draw_board(_truth(), PRINT, radius=20, island=1.6))
    w = make_window()
    assert w.files.new_from_scan(str(path))
    return w


def _detect(w, qtbot) -> str:
    draft = w.trace.draft
    with qtbot.waitSignal(draft.finished, timeout=30_000) as blocker:
        draft.detect_action.trigger()
        assert draft.running()
    return blocker.args[0]


def test_detect_undo_redo_accept_reject(scan_window, drive, qtbot) -> None:
    w = scan_window
    board = w.doc.board
    depth = w.doc.stack.count()
    assert _detect(w, qtbot) == "done"
    assert w.doc.stack.count() == depth + 1  # the whole draft is one undo step
    assert len(board.fields) == 12 and len(board.connections) == 17
    assert sorted(f.number for f in board.fields) == list(range(11, 23))
    assert all(f.unconfirmed for f in board.fields)
    assert all(c.unconfirmed for c in board.connections)
    assert "Detect from scan" in w.doc.stack.undoText()
    qtbot.waitUntil(lambda: sum(f.code == "UNCONFIRMED" for f in w.validation.findings) == 29)

    w.doc.stack.undo()
    assert board.fields == [] and board.connections == []
    assert not [k for k in w.trace.scene.items_by_key if k[0] in ("field", "connection")]
    w.doc.stack.redo()
    assert len(board.fields) == 12 and len(w.trace.scene.items_by_key) >= 29

    # Enter on the canvas accepts the selection (one undo step)
    d = drive(w)
    d.key(Qt.Key.Key_V)
    assert w.trace.view.tool.name == "select"
    first = board.fields[0]
    w.trace.scene.select_keys([("field", first.id)])
    d.key(Qt.Key.Key_Return)
    assert not first.unconfirmed
    assert len(unconfirmed_keys(board)) == 28
    assert w.doc.stack.undoText().startswith("Accept")
    w.doc.stack.undo()
    assert first.unconfirmed
    w.doc.stack.redo()

    # a rubber band over the top row + Enter accepts the fields and roads inside it
    d.one_to_one()
    d.drag(20, 20, 400, 120)
    selected = w.trace.scene.selected_keys()
    assert len([k for k in selected if k[0] == "field"]) == 4
    d.key(Qt.Key.Key_Enter)
    assert len(unconfirmed_keys(board)) == 29 - 4 - 3

    # Delete rejects the selected proposal
    last = board.fields[-1]
    w.trace.scene.select_keys([("field", last.id)])
    d.key(Qt.Key.Key_Delete)
    assert last.id not in {f.id for f in board.fields}

    # Accept all
    w.trace.draft.accept_all()
    assert unconfirmed_keys(board) == []
    qtbot.waitUntil(lambda: not any(f.code == "UNCONFIRMED" for f in w.validation.findings))


def test_cancel_mid_run_leaves_the_board_unchanged(scan_window, qtbot, monkeypatch) -> None:
    w = scan_window
    draft = w.trace.draft
    depth = w.doc.stack.count()
    import editor.detect.draft as detect_draft

    real = detect_draft.find_discs
    clicked = threading.Event()

    def held(*args, **kwargs):  # the worker is mid-run when Cancel is clicked
        clicked.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(detect_draft, "find_discs", held)
    with qtbot.waitSignal(draft.finished, timeout=30_000) as blocker:
        draft.detect_action.trigger()
        dialog = draft.dialog
        qtbot.waitUntil(lambda: dialog.isVisible() and dialog.value() > 0)
        assert draft.running()
        cancel = next(b for b in dialog.findChildren(QPushButton) if b.text() == "Cancel")
        qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
        clicked.set()
    assert blocker.args == ["cancelled"]
    assert w.doc.stack.count() == depth
    assert w.doc.board.fields == [] and w.doc.board.connections == []
    assert "cancelled" in w.statusBar().currentMessage()
    assert draft.dialog is None and not draft.running()


def test_run_findings_follow_the_board(scan_window) -> None:
    """A finding of the run about a field goes when the number is typed or the field is gone."""
    from editor.model.edit import set_attr
    from editor.model.findings import Finding, Severity

    w = scan_window
    draft = w.trace.draft
    w.doc.board.fields.append(Field(id="q1", terrain=Terrain.LAND, x=5, y=5, unconfirmed=True))
    unread = Finding("SCAN_NUMBER_UNREAD", Severity.WARNING, "unread", "/fields/0/number",
                     element="q1")
    gone = Finding("SCAN_NUMBER_UNREAD", Severity.WARNING, "unread", "/fields/1/number",
                   element="q2")
    draft.findings = [unread, gone]
    assert w.trace.findings() == [unread]
    w.doc.apply("number", set_attr, "fields", ["q1"], "number", 5)
    assert w.trace.findings() == []


def test_proposed_elements_say_so_in_their_tooltips() -> None:
    from editor.gui.board.tooltips import PROPOSED_TIP, connection_tip, field_tip

    board = _truth()
    board.fields[0].unconfirmed = True
    assert PROPOSED_TIP in field_tip(board.fields[0], {})
    assert PROPOSED_TIP not in field_tip(board.fields[1], {})
    board.connections[0].unconfirmed = True
    assert PROPOSED_TIP in connection_tip(board, board.connections[0])


def _violet(image, centre, reach: int) -> int:
    """Pixels around `centre` close to the proposal colour (violet)."""
    count = 0
    for x in range(centre.x() - reach, centre.x() + reach):
        for y in range(centre.y() - reach, centre.y() + reach):
            c = image.pixelColor(x, y)
            if c.red() > 90 and c.blue() > 120 and c.green() < 80:
                count += 1
    return count


def test_proposed_fields_are_drawn_violet_and_accepted_ones_are_not(make_window, drive,
                                                                     tmp_path) -> None:
    from support.guikit import make_scan

    from editor.model import dump_board

    make_scan(tmp_path / "scan.png")
    b = Board(name="Style", image=ScanImage(path="scan.png", width=640, height=480),
              scale=Scale(px_per_cm=40),
              fields=[Field(id="a", terrain=Terrain.LAND, x=150, y=200, number=1),
                      Field(id="b", terrain=Terrain.SEA, x=450, y=200, number=2,
                            unconfirmed=True)])
    (tmp_path / "s.board.json").write_text(dump_board(b))
    w = make_window(str(tmp_path / "s.board.json"))
    d = drive(w)
    d.one_to_one()
    image = w.trace.view.viewport().grab().toImage()
    reach = int(w.trace.scene.radius * 1.4)
    assert _violet(image, d.at(450, 200), reach) > 40  # dashed ring and "?" badge
    assert _violet(image, d.at(150, 200), reach) == 0


def test_detect_without_the_extra_names_it_and_leaves_the_board(scan_window, monkeypatch) -> None:
    """An install without the `detect` extra: a warning naming the extra, no thread, no edit."""
    from editor import extras
    from editor.gui.shell import dialogs
    w = scan_window
    warnings: list[str] = []
    monkeypatch.setattr(extras, "missing_modules", lambda extra: ["cv2"])
    monkeypatch.setattr(dialogs, "show_warning", lambda _p, _t, text, *a: warnings.append(text))
    depth = w.doc.stack.count()
    w.trace.draft.detect_action.trigger()
    assert not w.trace.draft.running()
    assert len(warnings) == 1 and "'detect' extra" in warnings[0]
    assert "pip install 'conquest-workbench[detect]'" in warnings[0]
    assert w.doc.stack.count() == depth
