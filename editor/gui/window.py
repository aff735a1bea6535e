"""The editor's main window: view, tools, inspector, validation panel, files and recovery."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import time
import uuid
from pathlib import Path

from PySide6.QtCore import QLockFile, QPointF, QSettings, QStandardPaths, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QImageReader, QKeySequence
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDockWidget,
    QLabel,
    QLineEdit,
    QMainWindow,
    QSlider,
    QToolBar,
    QUndoView,
)

from editor.gui import dialogs
from editor.gui.document import BoardDocument
from editor.gui.inspector import Inspector
from editor.gui.scene import LAYER_TITLES, LAYERS, BoardScene
from editor.gui.tools import CONNECTION_KINDS, TOOLS, Tool, ToolOptions
from editor.gui.validation import ValidationPanel
from editor.gui.view import BoardView
from editor.gui.wording import plural
from editor.model import dump_board, load_board, save_board
from editor.model import edit as ops
from editor.model.board import Board, ScanImage
from editor.model.findings import Finding
from editor.model.io import atomic_write_text
from editor.model.types import PieceType

APP_NAME = "Conquest Workbench"
RECOVERY_ENV = "CONQUEST_EDITOR_RECOVERY_DIR"
AUTOSAVE_MS = 60_000
MAX_RECENT = 8



def default_recovery_dir() -> Path:
    env = os.environ.get(RECOVERY_ENV)
    if env:
        return Path(env)
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppLocalDataLocation)
    return Path(base or Path.home() / ".conquest-workbench") / "recovery"


def _format_findings(findings: list[Finding], limit: int = 30) -> str:
    lines = [f.format_line() for f in findings[:limit]]
    if len(findings) > limit:
        lines.append(f"... and {len(findings) - limit} more")
    return "\n".join(lines)


def open_failure_text(path: str, findings: list[Finding], limit: int = 10) -> str:
    """The open-failure dialog's text: every finding (up to `limit`) with its line:column."""
    if not findings:
        return f"'{path}' could not be opened as a board."
    lines = [f"'{path}' could not be opened as a board ({plural(len(findings), 'problem')}):"]
    lines += [f"line {f.line or 1}, column {f.column or 1}: {f.message}"
              for f in findings[:limit]]
    if len(findings) > limit:
        lines.append(f"… and {len(findings) - limit} more (see the details)")
    return "\n".join(lines)


def _relative_scan(scan: str, board_path: str) -> str:
    folder = Path(board_path).resolve().parent
    try:
        rel = os.path.relpath(Path(scan).resolve(), folder)
    except ValueError:  # another drive
        return Path(scan).resolve().as_posix()
    return Path(rel).as_posix()


class MainWindow(QMainWindow):
    def __init__(self, path: str | None = None, *, settings: QSettings | None = None,
                 recovery_dir: str | os.PathLike[str] | None = None,
                 autosave_ms: int = AUTOSAVE_MS, check_recovery: bool = True,
                 validation_delay_ms: int = 300, restore_layout: bool = True) -> None:
        super().__init__()
        self.setObjectName("MainWindow")
        self.settings = settings or QSettings("ConquestWorkbench", "editor")
        self.recovery_dir = Path(recovery_dir) if recovery_dir else default_recovery_dir()
        self.recovery_key = f"untitled-{uuid.uuid4().hex[:8]}"
        self._autosaved_index: int | None = None
        self._lock: QLockFile | None = None
        self.last_message = ""
        self.doc = BoardDocument(parent=self)
        self.options = ToolOptions()
        self.scene = BoardScene(self.doc, self)
        self.view = BoardView(self.scene, self.doc, self.options, self)
        self.setCentralWidget(self.view)
        self.tools: dict[str, Tool] = {}
        self.tool_actions: dict[str, QAction] = {}
        self.inspector = Inspector(self.doc)
        self.validation = ValidationPanel(self.doc, validation_delay_ms)
        self._build_actions()
        self._build_docks()
        self._build_status()
        self.doc.stack.cleanChanged.connect(self.update_title)
        self.doc.stack.indexChanged.connect(self._index_changed)
        self.doc.pathChanged.connect(self.update_title)
        self.doc.error.connect(self.show_message)
        self.doc.changed.connect(self._on_doc_changed)
        self.doc.reset.connect(self._on_reset)
        self.scene.selectionChanged.connect(self._selection_changed)
        self.validation.activated.connect(self.go_to_finding)
        self.validation.countsChanged.connect(self._counts)
        self.autosave_timer = QTimer(self)
        self.autosave_timer.setInterval(autosave_ms)
        self.autosave_timer.timeout.connect(self.autosave)
        self.autosave_timer.start()
        self.resize(1400, 900)
        if restore_layout:
            geometry = self.settings.value("window/geometry")
            state = self.settings.value("window/state")
            if geometry is not None:
                self.restoreGeometry(geometry)
            if state is not None:
                self.restoreState(state)
        self.set_tool("select")
        self._on_reset()
        restored = self.offer_recovery() if check_recovery else False
        if path and not restored:
            self.open_path(path)
        self.update_title()

    # ---- construction ---------------------------------------------------------------

    def _action(self, menu, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _build_actions(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self._action(file_menu, "&New from scan…", self.new_from_scan, QKeySequence.StandardKey.New)
        self._action(file_menu, "&Open…", self.open_dialog, QKeySequence.StandardKey.Open)
        self.recent_menu = file_menu.addMenu("Open &recent")
        self._action(file_menu, "&Save", self.save, QKeySequence.StandardKey.Save)
        self._action(file_menu, "Save &as…", self.save_as, QKeySequence.StandardKey.SaveAs)
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        self._update_recent_menu()

        edit_menu = bar.addMenu("&Edit")
        undo = self.doc.stack.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = self.doc.stack.createRedoAction(self, "&Redo")
        redo.setShortcut(QKeySequence.StandardKey.Redo)
        edit_menu.addAction(undo)
        edit_menu.addAction(redo)
        edit_menu.addSeparator()
        self._action(edit_menu, "Select &all", self.select_all, QKeySequence.StandardKey.SelectAll)
        self._action(edit_menu, "&Delete selection", self.delete_selection)

        view_menu = bar.addMenu("&View")
        self._action(view_menu, "&Fit to window", self.view.fit, "Ctrl+0")
        self._action(view_menu, "Zoom &in", lambda: self.view.zoom_by(1.25),
                     QKeySequence.StandardKey.ZoomIn)
        self._action(view_menu, "Zoom &out", lambda: self.view.zoom_by(0.8),
                     QKeySequence.StandardKey.ZoomOut)
        view_menu.addSeparator()
        self.layer_actions: dict[str, QAction] = {}
        for layer in LAYERS:
            action = QAction(LAYER_TITLES[layer], self, checkable=True, checked=True)
            action.toggled.connect(lambda on, name=layer: self.scene.set_layer_visible(name, on))
            view_menu.addAction(action)
            self.layer_actions[layer] = action
        self.layer_actions["scan"].setShortcut("Ctrl+H")
        self.view_menu = view_menu

        tools_bar = QToolBar("Tools", self)
        tools_bar.setObjectName("tools")
        tools_bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, tools_bar)
        group = QActionGroup(self)
        tools_menu = bar.addMenu("&Tools")
        for cls in TOOLS:
            tool = cls(self.doc, self.scene, self.view, self.options)
            self.tools[tool.name] = tool
            action = QAction(f"{tool.title} ({tool.shortcut})", self, checkable=True)
            action.setShortcut(QKeySequence(tool.shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)  # keys go to the view
            action.setToolTip(f"{tool.title} ({tool.shortcut})\n{tool.tip}")
            action.triggered.connect(lambda _on, n=tool.name: self.set_tool(n))
            group.addAction(action)
            tools_bar.addAction(action)
            tools_menu.addAction(action)
            self.tool_actions[tool.name] = action
            self.view.tool_keys[QKeySequence(tool.shortcut)[0].key()] = tool.name
        self.view.toolKey.connect(self.set_tool)

        options = QToolBar("Tool options", self)
        options.setObjectName("tool_options")
        self.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, options)
        options.addWidget(QLabel(" Connection: "))
        self.kind_combo = QComboBox()
        self.kind_combo.setObjectName("kind_combo")
        for i, (kind, title) in enumerate(CONNECTION_KINDS, 1):
            self.kind_combo.addItem(f"{i} {title}", kind)
        self.kind_combo.activated.connect(
            lambda i: self.view.set_connection_kind(self.kind_combo.itemData(i)))
        self.view.kindChanged.connect(self._kind_changed)
        options.addWidget(self.kind_combo)
        options.addSeparator()
        options.addWidget(QLabel(" Place: "))
        self.setup_combo = QComboBox()
        self.setup_combo.setObjectName("setup_combo")
        self.setup_combo.setPlaceholderText("no setup")
        self.setup_combo.setMinimumContentsLength(10)
        self.setup_combo.activated.connect(self._place_options)
        self.seat_combo = QComboBox()
        self.seat_combo.setObjectName("seat_combo")
        self.seat_combo.setPlaceholderText("no seat")
        self.seat_combo.setMinimumContentsLength(8)
        self.seat_combo.activated.connect(self._place_options)
        self.piece_combo = QComboBox()
        self.piece_combo.setObjectName("piece_combo")
        for p in PieceType:
            self.piece_combo.addItem(p.value.replace("_", " "), p)
        self.piece_combo.activated.connect(self._place_options)
        for w in (self.setup_combo, self.seat_combo, self.piece_combo):
            options.addWidget(w)
        options.addSeparator()
        options.addWidget(QLabel(" Scan opacity: "))
        self.opacity = QSlider(Qt.Orientation.Horizontal)
        self.opacity.setObjectName("scan_opacity")
        self.opacity.setRange(0, 100)
        self.opacity.setValue(int(self.scene.scan_opacity * 100))
        self.opacity.setFixedWidth(110)
        self.opacity.setToolTip("Scan opacity")
        self.opacity.valueChanged.connect(lambda v: self.scene.set_scan_opacity(v / 100))
        options.addWidget(self.opacity)
        scan_toggle = self.layer_actions["scan"]
        options.addAction(scan_toggle)

    def _build_docks(self) -> None:
        self.inspector_dock = QDockWidget("Inspector", self)
        self.inspector_dock.setObjectName("inspector_dock")
        self.inspector_dock.setWidget(self.inspector)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.inspector_dock)
        self.validation_dock = QDockWidget("Validation", self)
        self.validation_dock.setObjectName("validation_dock")
        self.validation_dock.setWidget(self.validation)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.validation_dock)
        self.history_dock = QDockWidget("History", self)
        self.history_dock.setObjectName("history_dock")
        undo_view = QUndoView(self.doc.stack)
        undo_view.setEmptyLabel("<opened>")
        self.history_dock.setWidget(undo_view)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history_dock)
        self.resizeDocks([self.validation_dock], [170], Qt.Orientation.Vertical)
        self.resizeDocks([self.inspector_dock], [430], Qt.Orientation.Horizontal)
        self.resizeDocks([self.inspector_dock, self.history_dock], [560, 140],
                         Qt.Orientation.Vertical)
        self.view_menu.addSeparator()
        for dock in (self.inspector_dock, self.validation_dock, self.history_dock):
            self.view_menu.addAction(dock.toggleViewAction())

    def _build_status(self) -> None:
        status = self.statusBar()
        self.counts_label = QLabel()
        self.pos_label = QLabel()
        self.zoom_label = QLabel()
        for w in (self.pos_label, self.zoom_label, self.counts_label):
            status.addPermanentWidget(w)
        self.view.cursorMoved.connect(self._cursor)
        self.view.zoomChanged.connect(lambda z: self.zoom_label.setText(f" {z * 100:.0f}% "))

    # ---- small slots ----------------------------------------------------------------

    def show_message(self, text: str) -> None:
        self.last_message = text
        self.statusBar().showMessage(text, 8000)

    def _cursor(self, pos: QPointF) -> None:
        text = f"x {pos.x():.0f}  y {pos.y():.0f}"
        cm = self.doc.board.px_to_cm(1.0)
        if cm:
            text += f"  ({pos.x() * cm:.1f}, {pos.y() * cm:.1f} cm)"
        self.pos_label.setText(text + " ")

    def _counts(self, errors: int, warnings: int) -> None:
        self.counts_label.setText(f" {plural(errors, 'error')}, {plural(warnings, 'warning')} ")

    def _kind_changed(self, kind) -> None:
        self.kind_combo.setCurrentIndex(self.kind_combo.findData(kind))
        if self.view.tool is not None:
            self.show_message(self.view.tool.status())

    def set_tool(self, name: str) -> None:
        tool = self.tools[name]
        self.view.set_tool(tool)
        self.tool_actions[name].setChecked(True)
        self.statusBar().showMessage(tool.status())

    def _place_options(self) -> None:
        self.options.setup = self.setup_combo.currentData()
        self.options.seat = self.seat_combo.currentData()
        self.options.piece = PieceType(self.piece_combo.currentData())
        self.scene.set_current_setup(self.options.setup)

    def _refresh_place_combos(self) -> None:
        b = self.doc.board
        for combo, items, attr in ((self.setup_combo, b.setups, "setup"),
                                   (self.seat_combo, b.seats, "seat")):
            current = getattr(self.options, attr)
            combo.blockSignals(True)
            combo.clear()
            for item in items:
                combo.addItem(item.id, item.id)
            index = combo.findData(current)
            combo.setCurrentIndex(index if index >= 0 else 0)
            combo.blockSignals(False)
            setattr(self.options, attr, combo.currentData())
        if self.scene.current_setup != self.options.setup:
            self.scene.set_current_setup(self.options.setup)

    def _on_doc_changed(self, keys: set) -> None:
        if any(k == "field" for k, _ in keys) and self.view.tool is not None and \
                self.view.tool.name in ("land", "sea"):
            self.statusBar().showMessage(self.view.tool.status())
        if any(k in ("setup", "seat") for k, _ in keys):
            self._refresh_place_combos()
        if ("board", "image") in keys:
            self._update_scan_finding()

    def _on_reset(self) -> None:
        self._refresh_place_combos()
        self._update_scan_finding()
        self.validation.refresh()
        self.inspector.show_keys([])
        self.update_title()

    def _update_scan_finding(self) -> None:
        self.validation.extra = self.scene.scan_findings()
        self.validation.timer.start()

    def _selection_changed(self) -> None:
        self.inspector.show_keys(self.scene.selected_keys())

    def select_all(self) -> None:
        self.scene.select_keys(list(self.scene.items_by_key))

    def delete_selection(self) -> None:
        keys = self.scene.selected_keys()
        if keys:
            self.doc.apply(f"Delete {plural(len(keys), 'element')}", ops.delete, keys)

    def _index_changed(self, _index: int) -> None:
        self.update_title()

    def update_title(self) -> None:
        self.setWindowTitle(f"{self.doc.display_name}[*] — {APP_NAME}")
        self.setWindowModified(self.doc.modified)

    def go_to_finding(self, finding: Finding) -> None:
        """Select the element a finding names and centre the view on it."""
        element = finding.element
        b = self.doc.board
        parts = finding.pointer.split("/")
        first = parts[1] if len(parts) > 1 else ""
        prefer = {"fields": "field", "connections": "connection", "regions": "region",
                  "arrow_slits": "slit"}.get(first)
        keys: list[tuple[str, str]] = []
        if element:
            order = [prefer] if prefer else []
            order += [k for k in ("field", "connection", "region", "slit") if k not in order]
            for kind in order:
                if (kind, element) in self.scene.items_by_key:
                    keys = [(kind, element)]
                    break
            if not keys:
                castle = ops.find(b.castles, element)
                if castle is not None:
                    keys = [("field", t.field) for t in castle.towers]
                elif element == "grail" and b.grail:
                    keys = [("field", f) for f in b.grail.fields]
        if not keys:
            self.show_message(f"{finding.code}: nothing to show on the board")
            return
        self.scene.select_keys(keys)
        rect = None
        for key in keys:
            r = self.scene.element_rect(key)
            if r is not None:
                rect = r if rect is None else rect.united(r)
        if rect is not None:
            self.view.centre_on(rect)
        self.show_message(finding.message)

    def _update_recent_menu(self) -> None:
        self.recent_menu.clear()
        for path in self.recent_files():
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _c=False, p=path: self.open_path(p))
        self.recent_menu.setEnabled(bool(self.recent_files()))

    def recent_files(self) -> list[str]:
        value = self.settings.value("recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def _add_recent(self, path: str) -> None:
        files = [path, *[p for p in self.recent_files() if p != path]][:MAX_RECENT]
        self.settings.setValue("recent", files)
        self.settings.sync()
        self._update_recent_menu()

    # ---- files ----------------------------------------------------------------------

    def maybe_save(self) -> bool:
        """Ask about unsaved changes; True when it is fine to drop the document."""
        if not self.doc.modified:
            return True
        answer = dialogs.ask_save_changes(self, self.doc.display_name)
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_from_scan(self, image_path: str | None = None) -> bool:
        if not self.maybe_save():
            return False
        if not image_path:
            image_path = dialogs.get_open_path(self, "Choose the scanned board image",
                                               dialogs.IMAGE_FILTER)
            if not image_path:
                return False
        reader = QImageReader(image_path)
        size = reader.size()
        if not size.isValid() or size.width() < 1:
            dialogs.show_error(self, "Cannot read image",
                               f"'{image_path}' is not an image the editor can read "
                               f"({reader.errorString()}).")
            return False
        absolute = str(Path(image_path).resolve())
        board = Board(name=Path(image_path).stem.replace("-", " ").replace("_", " ").title(),
                      image=ScanImage(path=Path(absolute).as_posix(), width=size.width(),
                                      height=size.height()))
        self._drop_recovery()
        self.recovery_key = f"untitled-{uuid.uuid4().hex[:8]}"
        self.doc.replace_board(board, None)
        self.doc.scan_override = absolute
        self.scene.rebuild()
        self._update_scan_finding()
        self.view.fit()
        return True

    def open_dialog(self) -> bool:
        path = dialogs.get_open_path(self, "Open board", dialogs.BOARD_FILTER)
        return self.open_path(path) if path else False

    def open_path(self, path: str) -> bool:
        if not self.maybe_save():
            return False
        result = load_board(path)
        if result.model is None:
            dialogs.show_error(self, "Cannot open board",
                               open_failure_text(path, result.findings),
                               _format_findings(result.findings))
            return False
        self._drop_recovery()
        absolute = str(Path(path).resolve())
        self.recovery_key = hashlib.sha1(absolute.encode()).hexdigest()[:12]
        self.doc.replace_board(result.model, absolute)
        self._add_recent(absolute)
        self.view.fit()
        if self.scene.scan_missing:
            dialogs.show_warning(
                self, "Scan image missing",
                f"The scan '{self.doc.board.image.path}' of this board at "
                f"'{self.scene.scan_missing}' is not shown: {self.scene.scan_problem.reason}. "
                "You can still edit the board.")
        return True

    def _commit_typing(self) -> None:
        """Commit a value still being typed in the inspector (it commits on Enter or when the
        field loses focus), so Save and Close never miss it."""
        focus = QApplication.focusWidget()
        if isinstance(focus, QLineEdit | QAbstractSpinBox) and self.isAncestorOf(focus):
            focus.clearFocus()
        for edit in self.inspector.findChildren(QLineEdit):
            if edit.isModified():
                edit.setModified(False)
                edit.editingFinished.emit()

    def save(self) -> bool:
        self._commit_typing()
        if not self.doc.path:
            return self.save_as()
        return self.write(self.doc.path)

    def save_as(self) -> bool:
        folder = str(Path(self.doc.path).parent) if self.doc.path else ""
        path = dialogs.get_save_path(self, "Save board as", dialogs.BOARD_FILTER, folder)
        if not path:
            return False
        if not path.endswith(".json"):
            path += ".board.json"
        return self.write(path)

    def write(self, path: str) -> bool:
        """Save atomically; on failure tell the user and keep everything as it was."""
        board = self.doc.board
        scan = self.doc.scan_path()
        old_image_path = board.image.path if board.image else None
        if board.image is not None and scan:
            board.image.path = _relative_scan(scan, path)
        try:
            save_board(board, path)
        except OSError as exc:
            if board.image is not None and old_image_path is not None:
                board.image.path = old_image_path
            reason = exc.strerror or str(exc) or type(exc).__name__
            dialogs.show_error(
                self, "Save failed",
                f"The board could not be saved to '{path}': {reason}.\n\nYour work is still "
                "open in the editor and the file on disk was not changed. Try Save as… to "
                "another folder.")
            self.show_message(f"Save failed: {reason}")
            return False
        absolute = str(Path(path).resolve())
        if absolute != self.doc.path:
            self._drop_recovery()
            self.recovery_key = hashlib.sha1(absolute.encode()).hexdigest()[:12]
        self.doc.path = absolute
        self.doc.scan_override = None
        self.doc.restored = False
        self.doc.stack.setClean()
        self.doc.pathChanged.emit()
        self._drop_recovery()
        self._add_recent(absolute)
        self.update_title()
        self.show_message(f"Saved {absolute}")
        return True

    # ---- autosave and recovery ------------------------------------------------------

    def _recovery_files(self, key: str | None = None) -> tuple[Path, Path]:
        key = key or self.recovery_key
        return (self.recovery_dir / f"{key}.board.json",
                self.recovery_dir / f"{key}.meta.json")

    def _lock_file(self, key: str) -> QLockFile:
        lock = QLockFile(str(self.recovery_dir / f"{key}.lock"))
        lock.setStaleLockTime(0)  # stale only when its process is gone (a crash)
        return lock

    def _ensure_lock(self) -> None:
        """Hold the lock of this window's recovery file, so another running editor never
        offers it for restoring (and never deletes it); pick another key when it is taken."""
        if self._lock is not None:
            return
        for attempt in range(3):
            if attempt:
                self.recovery_key = f"{self.recovery_key}-{uuid.uuid4().hex[:6]}"
            lock = self._lock_file(self.recovery_key)
            if lock.tryLock(0):
                self._lock = lock
                return

    def autosave(self) -> bool:
        """Write the board to the recovery file when it changed since the last autosave."""
        if not self.doc.modified:
            return False
        index = self.doc.stack.index()
        if self._autosaved_index == index and self._recovery_files()[0].exists():
            return False
        copy = self.doc.board.model_copy(deep=True)
        scan = self.doc.scan_path()
        if copy.image is not None and scan:
            copy.image.path = Path(scan).resolve().as_posix()
        meta = {"path": self.doc.path, "scan": scan,
                "image_path": self.doc.board.image.path if self.doc.board.image else None,
                "time": time.strftime("%Y-%m-%d %H:%M:%S"), "name": self.doc.display_name}
        try:
            self.recovery_dir.mkdir(parents=True, exist_ok=True)
            self._ensure_lock()
            board_file, meta_file = self._recovery_files()
            atomic_write_text(board_file, dump_board(copy), backup=False)
            atomic_write_text(meta_file, json.dumps(meta, indent=2) + "\n", backup=False)
        except OSError as exc:
            self.show_message(f"Autosave failed: {exc.strerror or exc}")
            return False
        self._autosaved_index = index
        return True

    def _drop_recovery(self, key: str | None = None) -> None:
        """Delete a recovery file (this window's by default) and release its lock."""
        for p in self._recovery_files(key):
            with contextlib.suppress(OSError):
                p.unlink(missing_ok=True)
        if key is None or key == self.recovery_key:
            self._autosaved_index = None
            if self._lock is not None:
                self._lock.unlock()
                self._lock = None

    def pending_recoveries(self) -> list[tuple[str, dict, QLockFile]]:
        """Recovery files left by editors that are no longer running, newest first, each with
        its lock (now held by this window)."""
        if not self.recovery_dir.is_dir():
            return []
        found = []
        for meta_file in sorted(self.recovery_dir.glob("*.meta.json"),
                                key=lambda p: p.stat().st_mtime, reverse=True):
            key = meta_file.name[: -len(".meta.json")]
            if key == self.recovery_key or not self._recovery_files(key)[0].exists():
                continue
            lock = self._lock_file(key)
            if not lock.tryLock(0):
                continue  # its editor is still running
            try:
                meta = json.loads(meta_file.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                lock.unlock()
                continue
            found.append((key, meta, lock))
        return found

    def offer_recovery(self) -> bool:
        """After a crash: offer to restore the newest recovery file; True when restored."""
        pending = self.pending_recoveries()
        restored = False
        for key, meta, lock in pending:
            if restored:
                lock.unlock()  # offered again next time
                continue
            name = meta.get("path") or meta.get("name") or "an untitled board"
            if not dialogs.ask_yes_no(
                    self, "Restore unsaved work?",
                    f"The editor did not close normally. Restore the unsaved changes to {name} "
                    f"autosaved at {meta.get('time', '?')}?"):
                self._drop_recovery(key)
                lock.unlock()
                continue
            result = load_board(self._recovery_files(key)[0])
            if result.model is None:
                dialogs.show_error(self, "Cannot restore",
                                   "The recovery file could not be read.",
                                   _format_findings(result.findings))
                lock.unlock()
                continue
            board = result.model
            path = meta.get("path")
            if board.image is not None and meta.get("image_path") and path:
                board.image.path = meta["image_path"]
            self._drop_recovery()  # this window's own (empty) recovery state
            self.recovery_key = key
            self._lock = lock
            self.doc.replace_board(board, path)
            if not path:
                self.doc.scan_override = meta.get("scan")
                self.scene.rebuild()
            self.doc.restored = True
            self._update_scan_finding()
            self.view.fit()
            self.update_title()
            self.show_message(f"Restored unsaved work from {meta.get('time', '?')}")
            restored = True
        return restored

    # ---- closing --------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        self._commit_typing()
        if self.maybe_save():
            self.autosave_timer.stop()
            self._drop_recovery()
            self.settings.setValue("window/geometry", self.saveGeometry())
            self.settings.setValue("window/state", self.saveState())
            event.accept()
        else:
            event.ignore()
