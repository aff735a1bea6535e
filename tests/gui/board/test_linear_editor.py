"""The editor stays linear on large boards: an edit updates only the items it touched, and
re-validation runs on a worker thread whose stale results are dropped (no timing asserted)."""

from __future__ import annotations

import threading

import pytest

from editor.gui.board.scene import BoardScene
from editor.gui.shell import validation
from editor.gui.shell.document import BoardDocument
from editor.gui.shell.validation import ValidationPanel
from editor.model import edit as ops
from editor.model.board import Board


def _grid(n: int = 5) -> Board:
    """An n x n grid of land fields joined by roads to their right and lower neighbours."""
    board = Board(name="grid")
    ids = {}
    for r in range(n):
        for c in range(n):
            ops.add_field(board, 100.0 + 60 * c, 100.0 + 60 * r, "land")
            ids[r, c] = board.fields[-1].id
    for (r, c), fid in ids.items():
        for other in (ids.get((r, c + 1)), ids.get((r + 1, c))):
            if other:
                ops.add_connection(board, fid, other, "road")
    return board


def test_moving_one_field_updates_only_it_and_its_connections(qtbot) -> None:
    doc = BoardDocument(_grid())
    scene = BoardScene(doc, doc)  # a parent: freed with its document
    centre = doc.board.fields[12]
    own = {c.id for c in doc.board.connections if centre.id in (c.a, c.b)}
    assert len(own) == 4
    far = scene.items_by_key[("field", doc.board.fields[0].id)]
    scene.sync_count = 0
    doc.apply("Move", ops.move_fields, {centre.id: (centre.x + 7, centre.y)})
    assert scene.sync_count == 1 + len(own)  # the field and its four roads, nothing else
    line = scene.items_by_key[("connection", next(iter(own)))].line
    assert centre.x in (line.x1(), line.x2())
    assert far.pos().x() == doc.board.fields[0].x  # untouched item kept as it was


def test_added_and_deleted_elements_are_found_by_id(qtbot) -> None:
    doc = BoardDocument(_grid(3))
    scene = BoardScene(doc, doc)  # a parent: freed with its document
    doc.apply("Add", ops.add_field, 500.0, 500.0, "sea")
    new = doc.board.fields[-1].id
    assert ("field", new) in scene.items_by_key
    scene.sync_count = 0
    doc.stack.undo()
    assert ("field", new) not in scene.items_by_key and scene.sync_count == 0
    victim = doc.board.fields[4].id
    doc.apply("Delete", ops.delete, [("field", victim)])
    assert ("field", victim) not in scene.items_by_key
    assert not any(k[0] == "connection" and victim in scene._ends.get(k, ())
                   for k in scene.items_by_key)


@pytest.fixture
def panel(qtbot):
    doc = BoardDocument(_grid(3))
    widget = ValidationPanel(doc, delay_ms=1)
    qtbot.addWidget(widget)
    widget.wait()
    return widget


def test_validation_runs_off_the_ui_thread(panel, qtbot, monkeypatch) -> None:
    threads = []
    real = validation.board_findings

    def record(board, stop=None):
        threads.append(threading.current_thread())
        return real(board, stop)

    monkeypatch.setattr(validation, "board_findings", record)
    doc = panel.doc
    doc.apply("Renumber", ops.set_attr, "fields", [doc.board.fields[1].id], "number",
              doc.board.fields[0].number)
    qtbot.waitUntil(lambda: not panel.pending)
    assert threads and threading.main_thread() not in threads
    assert any(f.code == "DUPLICATE_NUMBER" for f in panel.findings)


def test_stale_results_are_dropped(panel, qtbot, monkeypatch) -> None:
    release = threading.Event()
    seen = []
    real = validation.board_findings

    def slow_first(board, stop=None):
        seen.append(len(board.fields))
        if len(seen) == 1:
            release.wait(10)
            return real(board) + real(board)  # must never be shown
        return real(board)

    monkeypatch.setattr(validation, "board_findings", slow_first)
    doc = panel.doc
    doc.apply("Add", ops.add_field, 400.0, 400.0, "land")
    panel.refresh_async()  # generation g: blocked in the worker
    doc.apply("Add", ops.add_field, 500.0, 500.0, "land")  # generation g + 1
    panel.refresh_async()
    release.set()
    qtbot.waitUntil(lambda: not panel.pending and len(seen) == 2)
    panel.wait()
    assert seen == [10, 11]
    assert panel.dropped == 1
    assert panel.findings == validation.board_findings(doc.board)


def test_a_stale_check_stops_between_checks_and_the_fresh_one_follows(panel, qtbot,
                                                                     monkeypatch) -> None:
    """An edit made while the whole board's check runs makes that check stale: it stops at the
    next check instead of running to its end (the worker is free sooner for the fresh check)."""
    from editor.check import board_checks

    started, release = threading.Event(), threading.Event()
    worker = []  # what ran on the worker (an edit's re-check runs the same checks, UI thread)

    def blocking(ix):
        if threading.current_thread() is threading.main_thread():
            return []
        worker.append(("first", len(ix.board.fields)))
        if len(worker) == 1:
            started.set()
            release.wait(10)
        return []

    def second(ix):
        if threading.current_thread() is not threading.main_thread():
            worker.append(("second", len(ix.board.fields)))
        return []

    monkeypatch.setattr(board_checks, "CHECKS", [blocking, second])
    doc = panel.doc
    panel.refresh_async()  # the check of 9 fields, held in its first check
    assert started.wait(10)
    doc.apply("Add", ops.add_field, 500.0, 500.0, "land")  # now stale
    release.set()
    qtbot.waitUntil(lambda: not panel.pending and len(worker) == 3)
    panel.wait()
    assert worker == [("first", 9), ("first", 10), ("second", 10)]
    assert panel.dropped == 1


def _frame(view):
    view.viewport().repaint()
    return view.viewport().grab().toImage()


def _differing_pixels(a, b) -> int:
    return sum(1 for y in range(0, a.height(), 2) for x in range(0, a.width(), 2)
               if abs(a.pixelColor(x, y).value() - b.pixelColor(x, y).value()) > 40)


def test_zoomed_out_frames_come_from_the_overview_and_match_the_items(qtbot) -> None:
    from editor.gui.board.tool import ToolOptions
    from editor.gui.board.view import BoardView

    doc = BoardDocument(_grid(6))
    scene = BoardScene(doc, doc)  # a parent: freed with its document
    view = BoardView(scene, doc, ToolOptions())
    qtbot.addWidget(view)
    view.resize(500, 400)
    view.show()
    qtbot.waitExposed(view)
    view.resetTransform()
    view.scale(0.4, 0.4)  # the whole scene in the view
    view.centerOn(scene.sceneRect().center())
    assert view.overview.active()
    with_overview = _frame(view)
    assert view.overview.pixmap is not None
    view.overview.active = lambda: False
    drawn = _frame(view)
    del view.overview.active
    assert _differing_pixels(with_overview, drawn) < 0.01 * with_overview.width() * \
        with_overview.height() / 4
    # an edit re-renders only its region (the field and its two roads, before and after);
    # the frame shows the moved field
    field = doc.board.fields[0]
    for step in (5, 30):
        _frame(view)
        view.overview.renders = 0
        doc.apply("Move", ops.move_fields, {field.id: (field.x + step, field.y + step)})
        qtbot.wait(20)
        moved = _frame(view)
    assert 1 <= view.overview.renders <= 6
    view.overview.active = lambda: False
    assert _differing_pixels(moved, _frame(view)) < 0.01 * moved.width() * moved.height() / 4
    view.zoom_by(8)  # zoomed in: the items draw themselves
    del view.overview.active
    assert not view.overview.active()


def test_an_edit_shows_its_touched_findings_at_once_and_the_full_check_replaces_them(
        panel, qtbot) -> None:
    doc = panel.doc
    doc.apply("Image", ops.set_image, "scan.png", 400, 400)
    panel.refresh()
    assert not any(f.code == "FIELD_OUTSIDE_IMAGE" for f in panel.findings)
    panel.timer.setInterval(60_000)  # the whole board's check waits: only the re-check runs
    field = doc.board.fields[4]
    doc.apply("Move", ops.move_fields, {field.id: (450.0, field.y)})
    assert panel.rechecks >= 1 and panel.pending
    shown = [f for f in panel.findings if f.code == "FIELD_OUTSIDE_IMAGE"]
    assert [f.element for f in shown] == [field.id]
    panel.refresh_async()  # the full check, on the worker
    qtbot.waitUntil(lambda: not panel.pending)
    panel.wait()
    assert panel.findings == validation.board_findings(doc.board)
    assert any(f.code == "FIELD_OUTSIDE_IMAGE" and f.element == field.id for f in panel.findings)


def _picture(scene, zoom: float):
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    rect = scene.sceneRect()
    image = QImage(int(rect.width() * zoom), int(rect.height() * zoom),
                   QImage.Format.Format_RGB32)
    image.fill(0xFFFFFFFF)
    p = QPainter(image)
    scene.render(p, QRectF(image.rect()), rect)
    p.end()
    return image


def test_a_label_is_not_drawn_while_its_letters_are_under_five_pixels(qtbot, monkeypatch) -> None:
    from editor.gui.board.items import FieldLabel

    doc = BoardDocument(_grid(3))
    scene = BoardScene(doc, doc)
    fid = doc.board.fields[4].id
    size = scene.label_font.pixelSize()
    far, near = 4.0 / size, 1.0  # letters of 4 px, and at 100 %
    plain = {z: _picture(scene, z) for z in (far, near)}
    doc.apply("Label", ops.set_attr, "fields", [fid], "label", "Grail fields")
    label = scene.items_by_key[("field", fid)].label
    assert label is not None and label.isVisible()
    assert _picture(scene, near) != plain[near]  # readable: drawn
    assert _picture(scene, far) == plain[far]  # pixel for pixel the picture without it
    monkeypatch.setattr(FieldLabel, "min_px", 0.0)
    scene.update()
    assert _picture(scene, far) != plain[far]  # without the threshold the 4 px text shows


def test_only_labelled_fields_have_a_label_item(qtbot) -> None:
    doc = BoardDocument(_grid(3))
    scene = BoardScene(doc, doc)
    assert all(scene.items_by_key[("field", f.id)].label is None for f in doc.board.fields)


def test_the_bench_prints_its_figures_as_one_json_line(tmp_path, capsys, qtbot) -> None:
    import json

    from editor.gui import bench
    board = bench.synthetic_board(tmp_path, fields=40, size=600)
    assert bench.main([str(board), "--runs", "2", "--frames", "2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["fields"] == 40
    assert {"open_first_ms", "open_again_ms", "edit_ui_ms", "edit_checked_ms",
            "pan_fit_median_ms", "pan_100%_median_ms"} <= figures.keys()


def test_reopening_a_board_keeps_its_decoded_scan_until_the_file_changes(qtbot, tmp_path,
                                                                         monkeypatch) -> None:
    """A reopen (e.g. File > Revert, or opening the same board again) keeps the scan item and
    its zoom pyramid instead of decoding the image again; a scan file changed on disk (size or
    modification time) is read again, and a missing scan is never kept."""
    import os

    from support.guikit import make_scan

    from editor.gui.board import scene as scene_module
    from editor.model.board import ScanImage

    scan = make_scan(tmp_path / "scan.png", 400, 300)
    board = _grid(3)
    board.image = ScanImage(path=str(scan), width=400, height=300)
    doc = BoardDocument(board)
    view_scene = BoardScene(doc, doc)
    first = view_scene.background
    assert first is not None and first.size.width() == 400
    reads = []
    real = scene_module.read_scan
    monkeypatch.setattr(scene_module, "read_scan", lambda p, *a: reads.append(p) or real(p, *a))
    doc.replace_board(board.model_copy(deep=True), None)
    assert view_scene.background is first and reads == [] and first.scene() is view_scene
    make_scan(scan, 500, 300)  # another image under the same name
    os.utime(scan, ns=(1, 1))  # and an old time: size alone tells it apart
    doc.replace_board(board.model_copy(deep=True), None)
    assert reads == [str(scan)] and view_scene.background is not first
    assert view_scene.background.size.width() == 500
    scan.unlink()
    doc.replace_board(board.model_copy(deep=True), None)
    assert view_scene.scan_missing == str(scan)
    make_scan(scan, 500, 300)
    os.utime(scan, ns=(1, 1))
    doc.replace_board(board.model_copy(deep=True), None)  # the blank stand-in is not kept
    assert view_scene.scan_missing is None and view_scene.background.size.width() == 500
