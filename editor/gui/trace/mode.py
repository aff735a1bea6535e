"""Trace mode: the board editor. Tools on a view over the scan, the tool options, the
inspector dock, layer switches; its undo stack is the board document's."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QAction, QActionGroup, QCursor, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QSlider, QSpinBox, QToolTip

from editor.check.pair_checks import check_intended_variants
from editor.detect.codes import SCAN_NUMBER_UNREAD
from editor.gui.board.scene import DRAWN_KINDS, LAYER_TITLES, LAYERS, BoardScene
from editor.gui.board.tool import Tool, ToolOptions
from editor.gui.board.view import BoardView
from editor.gui.shell.mode import Mode, Shell
from editor.gui.shell.wording import plural
from editor.gui.trace.detect_dialog import DraftController
from editor.gui.trace.inspector import Inspector
from editor.gui.trace.tools import CONNECTION_KINDS, TOOLS
from editor.gui.trace.tools_more import MORE_TOOLS, PickTool
from editor.gui.trace.tools_symmetry import SYMMETRIES, SYMMETRY_TOOLS
from editor.i18n import N_, _
from editor.model import edit as ops
from editor.model.findings import Finding, pointer_join
from editor.model.refs import COLLECTION_OF
from editor.model.terms import piece_name, seat_name
from editor.model.types import PieceType
from editor.model.variant import ResolvedVariant, resolve_variant

#: the first part of a finding's JSON pointer -> the kind of element to select first
POINTER_KINDS = {COLLECTION_OF[k]: k for k in DRAWN_KINDS}


def scan_outside_folder(board_path: str | None, scan: str | None) -> str | None:
    """The scan's path when a saved board names a scan outside the board's folder."""
    if not board_path or not scan:
        return None
    try:
        Path(scan).resolve().relative_to(Path(board_path).resolve().parent)
    except ValueError:
        return str(Path(scan).resolve())
    return None


class TraceMode(Mode):
    name = "trace"
    title = N_("&Trace")
    tip = N_("Trace the board over its scan: fields, connections, regions, castles, start "
             "pieces")
    history_start = N_("<opened>")

    def __init__(self, window: Shell) -> None:
        super().__init__(window, window.doc.stack)
        self.doc = window.doc
        self.options = ToolOptions()
        self._variants: dict[tuple[str, Path | None], ResolvedVariant] = {}
        self.scene = BoardScene(self.doc, window)
        self.view = BoardView(self.scene, self.doc, self.options)
        self.central = self.view
        self.tools: dict[str, Tool] = {}
        self.tool_actions: dict[str, QAction] = {}
        self.inspector = Inspector(self.doc)
        self._build_view_actions()
        self.draft = DraftController(self)  # Edit > Detect from scan…, accept proposals
        self._build_tools()
        self._build_options()
        self.inspector_dock = self.add_dock(_("Inspector"), "inspector_dock", self.inspector)
        self.pick_tool = PickTool(self.doc, self.scene, self.view, self.options)
        self._before_pick = "select"
        self.inspector.picker = self._pick
        self.inspector.filterSelection.connect(self.scene.select_keys)
        self._build_status()
        self.doc.changed.connect(self._on_doc_changed)
        self.doc.reset.connect(self._on_reset)
        self.doc.error.connect(self._refused)
        self.scene.selectionChanged.connect(self._selection_changed)
        self.set_tool("select")
        self._on_reset()

    # ---- construction ---------------------------------------------------------------

    def _build_view_actions(self) -> None:
        self.add_action(_("Select &all"), self.select_all, QKeySequence.StandardKey.SelectAll,
                        menu="edit")
        self.add_action(_("&Delete selection"), self.delete_selection, menu="edit")
        self.add_action(_("&Fit to window"), self.view.fit, "Ctrl+0", menu="view")
        self.add_action(_("Zoom &in"), lambda: self.view.zoom_by(1.25),
                        QKeySequence.StandardKey.ZoomIn, menu="view")
        self.add_action(_("Zoom &out"), lambda: self.view.zoom_by(0.8),
                        QKeySequence.StandardKey.ZoomOut, menu="view")
        self.add_separator("view")
        self.layer_actions: dict[str, QAction] = {}
        for layer in LAYERS:
            action = self.add_action(_(LAYER_TITLES[layer]), menu="view", checkable=True)
            action.setChecked(True)
            action.toggled.connect(lambda on, name=layer: self.scene.set_layer_visible(name, on))
            self.layer_actions[layer] = action
        self.layer_actions["scan"].setShortcut("Ctrl+H")

    def _build_tools(self) -> None:
        bar = self.add_toolbar(_("Tools"), "tools")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        group = QActionGroup(self)
        menu = self.add_menu(_("&Tools"))
        for cls in TOOLS + MORE_TOOLS + SYMMETRY_TOOLS:
            tool = cls(self.doc, self.scene, self.view, self.options)
            self.tools[tool.name] = tool
            action = self.add_action("", menu=menu, checkable=True)
            action.setShortcut(QKeySequence(tool.shortcut))
            # window-level: works whatever widget has focus; a text field being typed in
            # takes its keys first (QLineEdit accepts the ShortcutOverride of printable keys)
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(lambda _on, n=tool.name: self.set_tool(n))
            group.addAction(action)
            bar.addAction(action)
            self.tool_actions[tool.name] = action
            self.view.tool_keys[QKeySequence(tool.shortcut)[0].key()] = tool.name
        self.view.toolKey.connect(self.set_tool)
        menu.addSeparator()
        self.kind_actions: list[QAction] = []
        for i, (kind, _title) in enumerate(CONNECTION_KINDS, 1):
            action = self.add_action("", menu=menu)
            self.kind_actions.append(action)
            action.setShortcut(QKeySequence(str(i)))
            # window-level like the tool keys: the kind keys work whatever panel has focus
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(lambda _on=False, k=kind: self._choose_kind(k))
        self._label_tools()

    def _label_tools(self) -> None:
        """The tools' and connection kinds' entries in the current language."""
        for name, action in self.tool_actions.items():
            tool = self.tools[name]
            action.setText(f"{_(tool.title)} ({tool.shortcut})")
            action.setToolTip(f"{_(tool.title)} ({tool.shortcut})\n{_(tool.tip)}")
        for i, (action, (_kind, title)) in enumerate(zip(self.kind_actions, CONNECTION_KINDS,
                                                         strict=True), 1):
            action.setText(_("Connection kind: {kind} ({key})").format(kind=_(title), key=i))

    def _combo(self, name: str, placeholder: str = "", width: int = 0) -> QComboBox:
        combo = QComboBox()
        combo.setObjectName(name)
        if placeholder:
            combo.setPlaceholderText(placeholder)
        if width:
            combo.setMinimumContentsLength(width)
        return combo

    def _build_options(self) -> None:
        bar = self.add_toolbar(_("Tool options"), "tool_options", new_row=True)
        bar.addWidget(QLabel(" {} ".format(_("Connection:"))))
        self.kind_combo = self._combo("kind_combo")
        for kind, _title in CONNECTION_KINDS:
            self.kind_combo.addItem("", kind)
        self.kind_combo.activated.connect(
            lambda i: self.view.set_connection_kind(self.kind_combo.itemData(i)))
        self.view.kindChanged.connect(self._kind_changed)
        bar.addWidget(self.kind_combo)
        bar.addSeparator()
        bar.addWidget(QLabel(" {} ".format(_("Copy:"))))
        self.symmetry_combo = self._combo("symmetry_combo")
        for key in SYMMETRIES:
            self.symmetry_combo.addItem("", key)
        self.symmetry_combo.setToolTip(_("What the symmetry tool (Y) does with the selection"))
        self.symmetry_combo.currentIndexChanged.connect(
            lambda i: self._symmetry_changed(self.symmetry_combo.itemData(i)))
        bar.addWidget(self.symmetry_combo)
        bar.addSeparator()
        bar.addWidget(QLabel(" {} ".format(_("Place:"))))
        self.setup_combo = self._combo("setup_combo", _("no setup"), 10)
        self.seat_combo = self._combo("seat_combo", _("no seat"), 8)
        self.piece_combo = self._combo("piece_combo")
        for p in PieceType:
            self.piece_combo.addItem("", p)
        self._label_options()
        for combo in (self.setup_combo, self.seat_combo, self.piece_combo):
            combo.activated.connect(self._place_options)
            bar.addWidget(combo)
        bar.addSeparator()
        bar.addWidget(QLabel(" {} ".format(_("Number from:"))))
        self.number_from = QSpinBox()
        self.number_from.setObjectName("number_from")
        self.number_from.setRange(0, 99_999)
        self.number_from.setValue(1)
        self.number_from.setToolTip(_("The numbering tool (N) starts here"))
        self.number_from.valueChanged.connect(self._number_from)
        bar.addWidget(self.number_from)
        bar.addSeparator()
        bar.addWidget(QLabel(" {} ".format(_("Scan opacity:"))))
        self.opacity = QSlider(Qt.Orientation.Horizontal)
        self.opacity.setObjectName("scan_opacity")
        self.opacity.setRange(0, 100)
        self.opacity.setFixedWidth(110)
        self.opacity.setToolTip(_("Scan opacity (remembered)"))
        self.opacity.valueChanged.connect(self._opacity_changed)
        self.opacity.setValue(self._setting("scan_opacity", 85))
        bar.addWidget(self.opacity)
        bar.addAction(self.layer_actions["scan"])
        bar.addWidget(QLabel(" {} ".format(_("Discs:"))))
        self.disc_size = QSpinBox()
        self.disc_size.setObjectName("disc_size")
        self.disc_size.setRange(30, 300)
        self.disc_size.setSingleStep(10)
        self.disc_size.setSuffix(" %")
        self.disc_size.setToolTip(_("Disc size, relative to the printed circles (0.9 cm at "
                                    "the board's scale); remembered"))
        self.disc_size.setValue(self._setting("disc_size", 100))
        self.disc_size.valueChanged.connect(self._disc_size_changed)
        self.scene.set_disc_scale(self.disc_size.value() / 100)
        bar.addWidget(self.disc_size)

    def _label_options(self) -> None:
        """The tool options' choices in the current language (their data stays)."""
        for i, (_kind, title) in enumerate(CONNECTION_KINDS):
            self.kind_combo.setItemText(i, f"{i + 1} {_(title)}")
        for i, key in enumerate(SYMMETRIES):
            self.symmetry_combo.setItemText(i, _(key))
        for i, piece in enumerate(PieceType):
            self.piece_combo.setItemText(i, piece_name(piece.value))
        self._refresh_place_combos()

    def retranslate(self) -> None:
        """The language changed: tools, options, seat names, the inspector and the hints."""
        self._label_tools()
        self._label_options()
        self._show_scan_place()
        self._show_scale_prompt()
        self.inspector.show_keys(list(self.inspector.keys))
        self._refresh_status()

    def _number_from(self, value: int) -> None:
        self.options.number_from = value
        tool = self.tools.get("number")
        if tool is not None:
            tool.next = value
            if self.view.tool is tool:
                self.window.statusBar().showMessage(tool.status())

    def _setting(self, name: str, default: int) -> int:
        try:
            return int(self.window.settings.value(f"trace/{name}", default))
        except (TypeError, ValueError):
            return default

    def _remember(self, name: str, value: int) -> None:
        self.window.settings.setValue(f"trace/{name}", value)

    def _opacity_changed(self, value: int) -> None:
        self.scene.set_scan_opacity(value / 100)
        self._remember("scan_opacity", value)

    def _disc_size_changed(self, value: int) -> None:
        self.scene.set_disc_scale(value / 100)
        self._remember("disc_size", value)

    def _build_status(self) -> None:
        self.pos_label = QLabel()
        self.zoom_label = QLabel()
        for label in (self.pos_label, self.zoom_label):
            self.window.statusBar().addPermanentWidget(label)
            self.status_widgets.append(label)
        self.scan_label = QLabel()
        self.scan_label.setObjectName("scan_outside")
        self.scan_label.setContentsMargins(4, 0, 4, 0)
        self.scan_label.setStyleSheet("color: #8a5a00")
        self.window.statusBar().addPermanentWidget(self.scan_label)
        self.status_widgets.append(self.scan_label)
        self.scale_label = QLabel()
        self.scale_label.setObjectName("scale_prompt")
        self.scale_label.setStyleSheet("color: #8a5a00")
        self.window.statusBar().addPermanentWidget(self.scale_label)
        self.status_widgets.append(self.scale_label)
        self.doc.pathChanged.connect(self._show_scan_place)
        self.view.cursorMoved.connect(self._cursor)
        self.view.zoomChanged.connect(lambda z: self.zoom_label.setText(f" {z * 100:.0f}% "))

    def lay_out_docks(self) -> None:
        """The default dock sizes (the inspector wide, the history below it)."""
        w = self.window
        w.resizeDocks([self.inspector_dock], [430], Qt.Orientation.Horizontal)
        w.resizeDocks([self.inspector_dock, w.history_dock], [560, 140], Qt.Orientation.Vertical)

    # ---- mode hooks -----------------------------------------------------------------

    def activate(self) -> None:
        self.view.setFocus()

    def deactivate(self) -> None:
        if self.view.tool is not None:
            self.view.tool.cancel()

    def findings(self) -> list[Finding]:
        """The last Detect from scan run's findings that still apply (unread numbers, ...), and
        fields placed on a disc whose number could not be read, until they are numbered, and
        the pair check against the variants the board is made for."""
        base = Path(self.doc.path).parent if self.doc.path else None
        return [*self.draft.current_findings(), *self._unread_numbers(),
                *check_intended_variants(self.doc.board, base, self._resolve)]

    def _resolve(self, ref: str, base: Path | None) -> ResolvedVariant:
        """A variant resolved once per name and folder (the check runs after every edit)."""
        key = (ref, base)
        if key not in self._variants:
            self._variants[key] = resolve_variant(ref, base)
        return self._variants[key]

    def _unread_numbers(self) -> list[Finding]:
        out = []
        for i, f in enumerate(self.doc.board.fields):
            problem = self.options.unread.get(f.id)
            if problem and f.number is None:
                out.append(SCAN_NUMBER_UNREAD.at(
                    f"field '{f.id}' placed at ({f.x:.0f}, {f.y:.0f}): {problem}",
                    pointer_join("fields", i, "number"), element=f.id,
                    hint="Type the printed number in the inspector, or number fields with "
                    "the numbering tool (N)."))
        return out

    def maybe_close(self) -> bool:
        self.draft.stop_and_wait()
        return True

    def status(self) -> str:
        return self.view.tool.status() if self.view.tool is not None else _(self.tip)

    def view_ready(self) -> None:
        """A picture (`--screenshot`) shows the whole board."""
        self.view.fit()

    def commit_typing(self) -> None:
        """Commit a value still being typed in the inspector (it commits on Enter or when the
        field loses focus), so Save and Close never miss it."""
        for edit in self.inspector.findChildren(QLineEdit):
            if edit.isModified():
                edit.setModified(False)
                edit.editingFinished.emit()

    # ---- tools and options ----------------------------------------------------------

    def set_tool(self, name: str) -> None:
        tool = self.tools[name]
        self.view.set_tool(tool)
        self.tool_actions[name].setChecked(True)
        self.window.statusBar().showMessage(tool.status())

    def _pick(self, kind: str | None, callback, multi: bool) -> None:
        """The inspector's Pick buttons: pick ids on the canvas (kind None: stop picking)."""
        if kind is None:
            if self.view.tool is self.pick_tool:
                self.pick_tool.callback = None
                self.set_tool(self._before_pick)
            return
        if self.view.tool is not self.pick_tool:
            self._before_pick = self.view.tool.name if self.view.tool else "select"
        else:
            self.pick_tool.end()  # another Pick button takes over
            self._before_pick = self.view.tool.name if self.view.tool is not \
                self.pick_tool else self._before_pick
        self.pick_tool.configure(kind, callback, multi)
        self.view.set_tool(self.pick_tool)
        self.window.statusBar().showMessage(self.pick_tool.status())

    def _cursor(self, pos: QPointF) -> None:
        text = f"x {pos.x():.0f}  y {pos.y():.0f}"
        cm = self.doc.board.px_to_cm(1.0)
        if cm:
            text += f"  ({pos.x() * cm:.1f}, {pos.y() * cm:.1f} cm)"
        self.pos_label.setText(text + " ")

    def _symmetry_changed(self, title: str) -> None:
        self.options.symmetry = title
        tool = self.tools.get("symmetry")
        if tool is not None:
            tool.cancel()
        self._refresh_status()

    def _choose_kind(self, kind) -> None:
        """Keys 1-6: the connection kind (a half-drawn connection is dropped)."""
        if self.view.tool is self.tools.get("connect"):
            self.view.tool.cancel()
        self.view.set_connection_kind(kind)

    def _kind_changed(self, kind) -> None:
        self.kind_combo.setCurrentIndex(self.kind_combo.findData(kind))
        if self.view.tool is not None:
            self.window.show_message(self.view.tool.status())

    def _place_options(self) -> None:
        self.options.setup = self.setup_combo.currentData()
        self.options.seat = self.seat_combo.currentData()
        self.options.piece = PieceType(self.piece_combo.currentData())
        self.scene.set_current_setup(self.options.setup)
        self._refresh_status()

    def _refresh_place_combos(self) -> None:
        b = self.doc.board
        for combo, items, attr in ((self.setup_combo, b.setups, "setup"),
                                   (self.seat_combo, b.seats, "seat")):
            current = getattr(self.options, attr)
            combo.blockSignals(True)
            combo.clear()
            for item in items:
                combo.addItem(seat_name(item.id) if attr == "seat" else item.id, item.id)
            index = combo.findData(current)
            combo.setCurrentIndex(index if index >= 0 else 0)
            combo.blockSignals(False)
            setattr(self.options, attr, combo.currentData())
        if self.scene.current_setup != self.options.setup:
            self.scene.set_current_setup(self.options.setup)

    # ---- document -------------------------------------------------------------------

    def _on_doc_changed(self, keys: set) -> None:
        if ("board", "image") in keys:
            self._show_scan_place()
        if keys & {("board", "image"), ("board", "scale")}:
            self._show_scale_prompt()
        if any(k in ("setup", "seat") for k, _ in keys):
            self._refresh_place_combos()
        self._refresh_status()

    def _refresh_status(self) -> None:
        """The tool's hint again: after an edit or a change of its options it may say
        something else (the castle's next step, the piece placed)."""
        if self.view.tool is not None and self.window.mode is self:
            self.window.statusBar().showMessage(self.view.tool.status())

    def _show_scan_place(self) -> None:
        """A scan the board names outside its own folder is allowed, and shown as such."""
        outside = scan_outside_folder(self.doc.path, self.doc.scan_path())
        self.scan_label.setVisible(outside is not None)
        if outside is not None:
            self.scan_label.setText(_("scan outside the board's folder"))
            self.scan_label.setToolTip(_(
                "The scan is {path}; copy it next to the board to keep them together (File > "
                "Replace scan relinks it).").format(path=outside))

    def _show_scale_prompt(self) -> None:
        """A scan traced without a scale asks for the calibration (K); until then the discs
        take the size of the scan's printed circles when they can be measured."""
        b = self.doc.board
        self.scale_label.setVisible(b.image is not None and b.scale is None)
        measured = self.scene.scan_radius
        if measured is not None:
            self.scale_label.setText(_(" Scale not calibrated: discs sized from the scan's "
                                       "circles (radius {r:.0f} px); press K to calibrate ")
                                     .format(r=measured))
        else:
            self.scale_label.setText(_(" Scale not calibrated: press K to calibrate "))
        self.scale_label.setToolTip(_("Tool K: click two points a known distance apart on the "
                                      "scan and type the distance in cm; discs, the 4 cm "
                                      "catapult and the stair distances use the scale."))

    def _on_reset(self) -> None:
        self._show_scan_place()
        self._show_scale_prompt()
        self._refresh_place_combos()
        self.inspector.show_keys([])
        self.view.fit()

    def _refused(self, message: str) -> None:
        """A refused edit is explained where the user looks: at the cursor over the view
        (the inspector explains its own refusals at its widgets)."""
        if self.window.mode is self and self.view.hasFocus():
            QToolTip.showText(QCursor.pos(), message, self.view)

    def _selection_changed(self) -> None:
        self.inspector.show_keys(self.scene.selected_keys())

    def select_all(self) -> None:
        self.scene.select_keys(list(self.scene.items_by_key))

    def delete_selection(self) -> None:
        keys = self.scene.selected_keys()
        if keys:
            self.doc.apply(_("Delete {elements}").format(elements=plural(len(keys), "element")),
                           ops.delete, keys)

    # ---- findings -------------------------------------------------------------------

    def _finding_keys(self, finding: Finding) -> list[tuple[str, str]]:
        element = finding.element
        if not element:
            return []
        parts = finding.pointer.split("/")
        prefer = POINTER_KINDS.get(parts[1] if len(parts) > 1 else "")
        order = [prefer] if prefer else []
        order += [k for k in ("field", "connection", "region", "slit") if k not in order]
        for kind in order:
            if (kind, element) in self.scene.items_by_key:
                return [(kind, element)]
        b = self.doc.board
        castle = ops.find(b.castles, element)
        if castle is not None:
            return [("field", t.field) for t in castle.towers]
        if element == "grail" and b.grail:
            return [("field", f) for f in b.grail.fields]
        return []

    def show_finding(self, finding: Finding) -> bool:
        """Select the element a finding names and centre the view on it."""
        keys = self._finding_keys(finding)
        if not keys:
            self.window.show_message(_("{code}: nothing to show on the board").format(
                code=finding.code))
            return True
        self.scene.select_keys(keys)
        rect = None
        for key in keys:
            r = self.scene.element_rect(key)
            if r is not None:
                rect = r if rect is None else rect.united(r)
        if rect is not None:
            self.view.centre_on(rect)
        self.window.show_message(finding.message)
        return True
