"""The inspector: properties of the selection, editable for several elements at once.

With nothing selected it shows the board (name, side, seats, castles, setups, islands, scale).
Every change goes through `doc.apply` as an undo command; typing merges into one step.
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from editor.gui.board import tooltips
from editor.gui.shell.document import BoardDocument
from editor.gui.shell.wording import plural
from editor.gui.trace.board_page import BoardPage
from editor.gui.trace.pages import (
    KIND_NOUNS,
    Page,
    PieceChecks,
    field_ids,
    fields_text,
    pick_row,
    show_check,
    show_combo,
    show_line,
)
from editor.gui.trace.tools import CONNECTION_KINDS
from editor.model import edit as ops
from editor.model.board import BridgeClass, ConnectionKind, IslandKind, Terrain
from editor.model.names import FieldNames
from editor.model.refs import COLLECTION_OF


class FieldPage(Page):
    element_kind = "field"

    def __init__(self, inspector: Inspector) -> None:
        super().__init__(inspector)
        self.title = QLabel()
        self.form.addRow(self.title)
        self.ident = self.id_edit("field", "fields")
        self.form.addRow("Id", self.ident)
        self.terrain = QComboBox()
        self.terrain.setObjectName("field_terrain")
        for t in Terrain:
            self.terrain.addItem(t.value, t.value)
        self.terrain.activated.connect(self._terrain)
        self.form.addRow("Terrain", self.terrain)
        self.number = QSpinBox()
        self.number.setObjectName("field_number")
        self.number.setRange(-1, 99_999)
        self.number.setSpecialValueText("none")
        self.number.valueChanged.connect(
            lambda v: self.set_attr("fields", "number", None if v < 0 else v, merge=True))
        self.form.addRow("Number", self.number)
        self.label = QLineEdit()
        self.label.setObjectName("field_label")
        self.label.textEdited.connect(lambda t: self.set_attr("fields", "label", t, merge=True))
        self.form.addRow("Label", self.label)
        self.island = QComboBox()
        self.island.setObjectName("field_island")
        self.island.activated.connect(self._island)
        self.form.addRow("Island", self.island)
        self.harbour = QCheckBox("Harbour (anchor)")
        self.harbour.setObjectName("field_harbour")
        self.harbour.setEnabled(False)  # derived: a sea field with a harbour link (BF-2, BF-3)
        self.harbour.setToolTip("Set by the field's harbour links: add a harbour link to make "
                                "a sea field a harbour, delete it or change its kind to undo it.")
        self.grail = QCheckBox("Grail field")
        self.grail.setObjectName("field_grail")
        self.grail.clicked.connect(
            lambda on: self.apply("Grail field", ops.set_grail_flag, list(self.ids), on))
        self.front = QCheckBox("In front of the grail")
        self.front.setObjectName("field_front")
        self.front.clicked.connect(
            lambda on: self.apply("Grail front", ops.set_grail_front,
                                  self.ids[0] if on else None))
        self.stairs = QCheckBox("Stair field")
        self.stairs.setObjectName("field_stairs")
        self.stairs.setToolTip("Stair into the nearest wilderness region (WILD-3)")
        self.stairs.clicked.connect(
            lambda on: self.apply("Stair field", ops.set_stair_flag, list(self.ids), on))
        self.central = QCheckBox("Central island")
        self.central.setObjectName("field_central")
        self.central.clicked.connect(
            lambda on: self.apply("Central island", ops.set_central_flag, list(self.ids), on))
        flags = QWidget()
        grid = QGridLayout(flags)
        grid.setContentsMargins(0, 0, 0, 0)
        for i, w in enumerate([self.harbour, self.grail, self.stairs, self.central, self.front]):
            grid.addWidget(w, i // 2, i % 2)
        self.form.addRow("Flags", flags)
        self.castle = QComboBox()
        self.castle.setObjectName("field_castle")
        self.castle.activated.connect(self._tower)
        self.tower = QSpinBox()
        self.tower.setObjectName("field_tower")
        self.tower.setRange(1, 16)
        self.tower.valueChanged.connect(lambda _v: self._tower())
        row = QHBoxLayout()
        row.addWidget(self.castle, 1)
        row.addWidget(QLabel("tower"))
        row.addWidget(self.tower)
        self.form.addRow("Castle", row)
        self.access = QLineEdit()
        self.access.setObjectName("field_access")
        self.access.setPlaceholderText("the tower's access connection")
        self.access.editingFinished.connect(self._access)
        self.form.addRow("Access", pick_row(self, self.access, "connection", multi=False))
        self.starts = QLabel()
        self.starts.setObjectName("field_starts")
        self.starts.setWordWrap(True)
        self.form.addRow("Start pieces", self.starts)

    def show_ids(self, ids: list[str]) -> None:
        self.ids = ids
        board = self.doc.board
        by_id = board.field_by_id()
        fs = [by_id[i] for i in ids if i in by_id]
        if not fs:
            return
        self.title.setText(f"<b>{tooltips.field_label(board, fs[0]).capitalize()}</b>"
                           if len(fs) == 1 else
                           f"<b>{plural(len(fs), 'field')}</b>")
        show_combo(self.terrain, [f.terrain.value for f in fs])
        single = len(fs) == 1
        self.ident.setEnabled(single)
        show_line(self.ident, [fs[0].id] if single else ["", "(various)"])
        self.number.setEnabled(single)
        if not self.number.hasFocus():
            self.number.setValue(fs[0].number if fs[0].number is not None else -1)
        show_line(self.label, [f.label for f in fs])
        self.island.clear()
        self.island.addItem("(none)", None)
        for isl in board.islands:
            self.island.addItem(f"{isl.id} ({isl.kind.value})", isl.id)
        show_combo(self.island, [f.island for f in fs])
        show_check(self.harbour, [f.harbour for f in fs])
        grail = board.grail
        show_check(self.grail, [bool(grail and f.id in grail.fields) for f in fs])
        self.front.setEnabled(single)
        show_check(self.front, [bool(grail and grail.front == f.id) for f in fs])
        stairs = {s for r in board.regions for s in r.stairs}
        show_check(self.stairs, [f.id in stairs for f in fs])
        central = {i.id for i in board.islands if i.kind == IslandKind.CENTRAL}
        show_check(self.central, [f.island in central for f in fs])
        self.castle.clear()
        self.castle.addItem("(none)", None)
        for c in board.castles:
            self.castle.addItem(f"{c.id} ({c.seat})", c.id)
        self.castle.setEnabled(single)
        self.tower.setEnabled(single)
        def cargo(items) -> str:
            return " + ".join(c.piece.value + (f" ({cargo(c.cargo)})" if c.cargo else "")
                              for c in items)

        starts = [f"{s.id}: {p.seat} {p.piece.value}" + (f" carrying {cargo(p.cargo)}"
                                                          if p.cargo else "")
                  for s in board.setups for p in s.placements if p.field in ids]
        self.starts.setText("<br>".join(starts[:12]) or "none (tool P)")
        found = ops.castle_of(board, fs[0].id) if single else None
        self.castle.setCurrentIndex(self.castle.findData(found[0].id) if found else 0)
        if found:
            self.tower.setValue(found[1] + 1)
        self.access.setEnabled(found is not None)
        show_line(self.access, [found[0].towers[found[1]].access if found else ""])

    def _terrain(self) -> None:
        value = self.terrain.currentData()
        if value != "__various__":
            self.set_attr("fields", "terrain", value)

    def _island(self) -> None:
        value = self.island.currentData()
        if value != "__various__":
            self.set_attr("fields", "island", value)

    def _access(self) -> None:
        value = self.access.text().strip()
        if len(self.ids) == 1 and value and self.access.isEnabled():
            self.apply("Set access of {}", ops.set_tower_access, self.ids[0], value)

    def _tower(self) -> None:
        if self.updating or len(self.ids) != 1:
            return
        castle = self.castle.currentData()
        self.apply("Set tower", ops.assign_tower, self.ids[0], castle,
                   self.tower.value() - 1 if castle else None)


class ConnectionPage(Page):
    element_kind = "connection"

    def __init__(self, inspector: Inspector) -> None:
        super().__init__(inspector)
        self.title = QLabel()
        self.form.addRow(self.title)
        self.ident = self.id_edit("connection", "connections")
        self.form.addRow("Id", self.ident)
        self.kind = QComboBox()
        self.kind.setObjectName("conn_kind")
        for kind, title in CONNECTION_KINDS:
            self.kind.addItem(title, kind.value)
        self.kind.activated.connect(self._kind)
        self.form.addRow("Kind", self.kind)
        self.bridge_class = QComboBox()
        self.bridge_class.setObjectName("conn_bridge_class")
        self.bridge_class.addItem("(not a bridge)", None)
        for bc in BridgeClass:
            self.bridge_class.addItem(bc.value.replace("_", " "), bc.value)
        self.bridge_class.activated.connect(self._bridge_class)
        self.form.addRow("Bridge class", self.bridge_class)
        self.barred = PieceChecks()
        self.barred.setObjectName("conn_barred")
        self.barred.toggled.connect(lambda p, on: self._toggle_list("barred", p, on))
        self.form.addRow("Barred", self.barred)
        self.unloaded = PieceChecks()
        self.unloaded.setObjectName("conn_unloaded")
        self.unloaded.toggled.connect(lambda p, on: self._toggle_list("only_unloaded", p, on))
        self.form.addRow("Only unloaded", self.unloaded)
        self.one_way = QComboBox()
        self.one_way.setObjectName("conn_one_way")
        self.one_way.activated.connect(self._one_way)
        self.form.addRow("One way", self.one_way)
        self.one_way_pieces = PieceChecks()
        self.one_way_pieces.setObjectName("conn_one_way_pieces")
        self.one_way_pieces.toggled.connect(self._one_way_piece)
        self.form.addRow("Binds (none: variant)", self.one_way_pieces)
        self.under = QLineEdit()
        self.under.setObjectName("conn_under_lane")
        self.under.setPlaceholderText("sea lane id passing beneath")
        self.under.editingFinished.connect(
            lambda: self.set_attr("connections", "under_lane", self.under.text().strip() or None))
        self.form.addRow("Ships under", pick_row(self, self.under, "connection", multi=False))
        self.drawbridge = QCheckBox("Drawbridge (castle access)")
        self.drawbridge.setObjectName("conn_drawbridge")
        self.drawbridge.clicked.connect(lambda on: self.set_attr("connections", "drawbridge", on))
        self.form.addRow("", self.drawbridge)
        self.crossing = QComboBox()
        self.crossing.setObjectName("conn_crossing")
        for text, value in (("(none)", None), ("bridge", "bridge"), ("underpass", "underpass")):
            self.crossing.addItem(text, value)
        self.crossing.activated.connect(self._crossing)
        self.form.addRow("Wilderness crossing", self.crossing)
        self.grail_road = QCheckBox("Road to the grail")
        self.grail_road.setObjectName("conn_grail_road")
        self.grail_road.clicked.connect(
            lambda on: self.apply("Grail road", ops.set_grail_road, list(self.ids), on))
        self.form.addRow("", self.grail_road)
        self.reverse = QPushButton("Swap ends")
        self.reverse.clicked.connect(
            lambda: self.apply("Swap ends", ops.reverse_connection, self.ids[0]))
        self.form.addRow("", self.reverse)

    def conns(self):
        by_id = self.doc.board.connection_by_id()
        return [by_id[i] for i in self.ids if i in by_id]

    def show_ids(self, ids: list[str]) -> None:
        self.ids = ids
        cs = self.conns()
        if not cs:
            return
        c0 = cs[0]
        board = self.doc.board
        self.title.setText(f"<b>Connection {c0.id}</b>: {tooltips.node_name(board, c0.a)} – "
                           f"{tooltips.node_name(board, c0.b)}" if len(cs) == 1 else
                           f"<b>{plural(len(cs), 'connection')}</b>")
        show_combo(self.kind, [c.kind.value for c in cs])
        self.ident.setEnabled(len(cs) == 1)
        show_line(self.ident, [c0.id] if len(cs) == 1 else ["", "(various)"])
        show_combo(self.bridge_class, [c.bridge_class.value if c.bridge_class else None
                                       for c in cs])
        self.barred.show_values([[p.value for p in c.barred] for c in cs])
        self.unloaded.show_values([[p.value for p in c.only_unloaded] for c in cs])
        self.one_way.clear()
        self.one_way.addItem("both ways", None)
        if len(cs) == 1:
            self.one_way.addItem(f"towards {c0.a}", "a")
            self.one_way.addItem(f"towards {c0.b}", "b")
            current = None if c0.one_way is None else ("a" if c0.one_way.to == c0.a else "b")
            self.one_way.setCurrentIndex(self.one_way.findData(current))
        self.one_way_pieces.show_values(
            [[p.value for p in (c.one_way.pieces or [])] if c.one_way else [] for c in cs])
        self.one_way_pieces.setEnabled(all(c.one_way is not None for c in cs))
        show_line(self.under, [c.under_lane or "" for c in cs])
        show_check(self.drawbridge, [c.drawbridge for c in cs])
        show_combo(self.crossing, [c.crossing for c in cs])
        roads = set(self.doc.board.grail.roads) if self.doc.board.grail else set()
        show_check(self.grail_road, [c.id in roads for c in cs])
        self.reverse.setEnabled(len(cs) == 1)

    def _kind(self) -> None:
        value = self.kind.currentData()
        if value != "__various__":
            self.apply("Set connection kind", ops.set_connection_kind, list(self.ids),
                       ConnectionKind(value))

    def _bridge_class(self) -> None:
        value = self.bridge_class.currentData()
        if value != "__various__":
            if value is not None and any(c.kind != ConnectionKind.BRIDGE for c in self.conns()):
                self.apply("Make bridge", ops.set_connection_kind, list(self.ids),
                           ConnectionKind.BRIDGE)
            self.set_attr("connections", "bridge_class", value)

    def _crossing(self) -> None:
        value = self.crossing.currentData()
        if value != "__various__":
            self.set_attr("connections", "crossing", value)

    def _toggle_list(self, attr: str, piece: str, on: bool) -> None:
        if not self.updating:
            verb = {"barred": ("Bar", "Unbar"), "only_unloaded": ("Only unloaded:", "Loaded ok:")}
            words = verb.get(attr, (f"Set {attr}", f"Clear {attr}"))[0 if on else 1]
            self.apply(f"{words} {piece.replace('_', ' ')} on {{}}", ops.toggle_piece,
                       list(self.ids), attr, piece, on)

    def _one_way(self) -> None:
        if len(self.ids) == 1:
            end = self.one_way.currentData()
            c = self.conns()[0]
            pieces = c.one_way.pieces if c.one_way else None
            self.apply("Set one way", ops.set_one_way, list(self.ids), end, pieces)
        elif self.one_way.currentData() is None:
            self.apply("Remove one way", ops.set_one_way, list(self.ids), None)

    def _one_way_piece(self, piece: str, on: bool) -> None:
        if not self.updating:
            self.apply("Set one-way pieces", ops.set_one_way_pieces, list(self.ids), piece, on)


class RegionPage(Page):
    element_kind = "region"

    def __init__(self, inspector: Inspector) -> None:
        super().__init__(inspector)
        self.title = QLabel()
        self.form.addRow(self.title)
        self.name = QLineEdit()
        self.name.setObjectName("region_name")
        self.name.textEdited.connect(lambda t: self.set_attr("regions", "name", t, merge=True))
        self.form.addRow("Name", self.name)
        self.colour = QLineEdit()
        self.colour.setObjectName("region_colour")
        self.colour.editingFinished.connect(
            lambda: self.set_attr("regions", "colour", self.colour.text().strip()))
        self.form.addRow("Colour", self.colour)
        self.capacity = QSpinBox()
        self.capacity.setObjectName("region_capacity")
        self.capacity.setRange(0, 64)
        self.capacity.setSpecialValueText("variant")
        self.capacity.valueChanged.connect(
            lambda v: self.set_attr("regions", "capacity", v or None, merge=True))
        self.form.addRow("Capacity", self.capacity)
        self.stairs = QLineEdit()
        self.stairs.setObjectName("region_stairs")
        self.stairs.setPlaceholderText("stair fields (printed numbers), comma separated")
        self.stairs.editingFinished.connect(self._stairs)
        self.form.addRow("Stairs", pick_row(self, self.stairs, "field", multi=True))
        self.borders = QLineEdit()
        self.borders.setObjectName("region_borders")
        self.borders.setPlaceholderText("bordering land fields (printed numbers)")
        self.borders.editingFinished.connect(self._borders)
        self.form.addRow("Borders", pick_row(self, self.borders, "field", multi=True))
        self.screened = QLineEdit()
        self.screened.setObjectName("region_screened")
        self.screened.setPlaceholderText("of those: screened by mountains")
        self.screened.editingFinished.connect(self._borders)
        self.form.addRow("Mountain screens", pick_row(self, self.screened, "field",
                                                     multi=True))

    def show_ids(self, ids: list[str]) -> None:
        self.ids = ids
        by_id = self.doc.board.region_by_id()
        rs = [by_id[i] for i in ids if i in by_id]
        if not rs:
            return
        r0 = rs[0]
        self.title.setText(f"<b>Region {r0.id}</b> ({plural(len(r0.polygon), 'corner')})"
                           if len(rs) == 1 else f"<b>{plural(len(rs), 'region')}</b>")
        show_line(self.name, [r.name for r in rs])
        show_line(self.colour, [r.colour for r in rs])
        if not self.capacity.hasFocus():
            self.capacity.setValue(r0.capacity or 0)
        single = len(rs) == 1
        for w in (self.stairs, self.borders, self.screened):
            w.setEnabled(single)
        if single:
            board = self.doc.board
            show_line(self.stairs, [fields_text(board, r0.stairs)])
            show_line(self.borders, [fields_text(board, [b.field for b in r0.borders])])
            show_line(self.screened,
                      [fields_text(board, [b.field for b in r0.borders if b.screened])])

    def _stairs(self) -> None:
        if len(self.ids) == 1:
            self.apply("Set stairs", ops.set_stairs, self.ids[0],
                       field_ids(self.doc.board, self.stairs.text()))

    def _borders(self) -> None:
        if len(self.ids) == 1:
            screened = set(field_ids(self.doc.board, self.screened.text()))
            fields = field_ids(self.doc.board, self.borders.text())
            fields += [f for f in screened if f not in fields]
            self.apply("Set borders", ops.set_borders, self.ids[0],
                       [(f, f in screened) for f in fields])


class SlitPage(Page):
    element_kind = "slit"

    def __init__(self, inspector: Inspector) -> None:
        super().__init__(inspector)
        self.title = QLabel()
        self.form.addRow(self.title)
        self.ends = QLineEdit()
        self.ends.setObjectName("slit_ends")
        self.ends.setPlaceholderText("the two fields, comma separated")
        self.ends.editingFinished.connect(self._ends)
        self.form.addRow("Ends", pick_row(self, self.ends, "field", multi=True))

    def show_ids(self, ids: list[str]) -> None:
        self.ids = ids
        slits = [s for s in self.doc.board.arrow_slits if s.id in ids]
        names = FieldNames(self.doc.board)
        self.title.setText("<br>".join(
            f"<b>Arrow slit {s.id}</b>: {names.label(s.a)} – {names.label(s.b)}"
            for s in slits[:20]))
        self.ends.setEnabled(len(slits) == 1)
        show_line(self.ends, [fields_text(self.doc.board, [slits[0].a, slits[0].b])
                              if len(slits) == 1 else ""])

    def _ends(self) -> None:
        """Two fields move the slit; while picking, one waits for the second click."""
        ends = field_ids(self.doc.board, self.ends.text())
        if len(self.ids) != 1 or len(ends) < 2:
            return
        if len(ends) > 2:
            self.explain_refusal("an arrow slit joins exactly two fields")
            return
        self.apply("Move {}", ops.set_slit_ends, self.ids[0], *ends)


KIND_ORDER = ("field", "connection", "region", "slit")


def selection_summary(keys: list[tuple[str, str]]) -> str:
    """'12 fields, 9 connections'."""
    counts = Counter(k for k, _ in keys)
    return ", ".join(plural(counts[kind], KIND_NOUNS.get(kind, kind)) for kind in KIND_ORDER
                     if counts[kind])


def connection_kinds(board, keys) -> dict[str, str]:
    wanted = {i for k, i in keys if k == "connection"}
    return {c.id: c.kind.value for c in board.connections if c.id in wanted}


def selection_filters(keys, conn_kinds: dict[str, str]) -> list[tuple[str, tuple]]:
    """(menu text, (kind, connection kind or None)) for each way to narrow the selection."""
    counts = Counter(k for k, _ in keys)
    out = []
    for kind in KIND_ORDER:
        if counts[kind] and counts[kind] != len(keys):
            out.append((f"Only {plural(counts[kind], KIND_NOUNS.get(kind, kind))}", (kind, None)))
        if kind == "connection":
            for sub, n in sorted(Counter(conn_kinds.values()).items()):
                if n != counts[kind]:
                    noun = sub.replace("_", " ")
                    out.append((f"Only {plural(n, noun)}", (kind, sub)))
    return out


class Inspector(QScrollArea):
    """Shows the page for the current selection's kind."""

    #: the selection narrowed by the filter (the trace mode selects these keys)
    filterSelection = Signal(list)

    def __init__(self, doc: BoardDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.updating = False
        self.keys: list[tuple[str, str]] = []
        self.setWidgetResizable(True)
        self.stack = QStackedWidget()
        self.pages = {"board": BoardPage(self), "field": FieldPage(self),
                      "connection": ConnectionPage(self), "region": RegionPage(self),
                      "slit": SlitPage(self)}
        for page in self.pages.values():
            self.stack.addWidget(page)
        self.mixed = QLabel()
        self.mixed.setWordWrap(True)
        self.mixed.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.stack.addWidget(self.mixed)
        holder = QWidget()
        lay = QVBoxLayout(holder)
        lay.addWidget(self._build_selection_bar())
        lay.addWidget(self.stack)
        lay.addStretch(1)
        self.setWidget(holder)
        self.setMinimumWidth(410)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        doc.changed.connect(self._on_changed)
        doc.reset.connect(lambda: self.show_keys([]))

    def _build_selection_bar(self) -> QWidget:
        """"12 fields, 9 connections" and a filter that narrows the selection to one kind (then
        the page of that kind edits all of them at once)."""
        bar = QWidget()
        row = QHBoxLayout(bar)
        row.setContentsMargins(0, 0, 0, 0)
        self.selection_summary = QLabel()
        self.selection_summary.setObjectName("selection_summary")
        self.selection_filter = QComboBox()
        self.selection_filter.setObjectName("selection_filter")
        self.selection_filter.setPlaceholderText("Keep only...")
        self.selection_filter.activated.connect(self._filter)
        row.addWidget(self.selection_summary, 1)
        row.addWidget(self.selection_filter)
        self.selection_bar = bar
        bar.setVisible(False)
        return bar

    def _show_selection_bar(self) -> None:
        keys = self.keys
        self.selection_bar.setVisible(len(keys) > 1)
        if len(keys) < 2:
            return
        self.selection_summary.setText(selection_summary(keys))
        self.selection_filter.clear()
        kinds = connection_kinds(self.doc.board, keys)
        for title, wanted in selection_filters(keys, kinds):
            self.selection_filter.addItem(title, wanted)
        self.selection_filter.setCurrentIndex(-1)

    def _filter(self, index: int) -> None:
        kind, sub = self.selection_filter.itemData(index)
        kinds = connection_kinds(self.doc.board, self.keys)
        keep = [k for k in self.keys if k[0] == kind and (sub is None or kinds.get(k[1]) == sub)]
        self.filterSelection.emit(keep)

    def show_keys(self, keys: list[tuple[str, str]]) -> None:
        if set(keys) != set(self.keys):  # another selection starts at the top of its page
            self.verticalScrollBar().setValue(0)
        self.keys = list(keys)
        self._show_selection_bar()
        kinds = {k for k, _ in keys}
        self.updating = True
        try:
            if not keys:
                page = self.pages["board"]
            elif len(kinds) == 1:
                page = self.pages[kinds.pop()]
            else:
                self.mixed.setText(
                    "Mixed selection: " + ", ".join(
                        plural(sum(1 for k, _ in keys if k == kind), KIND_NOUNS.get(kind, kind))
                        for kind in sorted({k for k, _ in keys}))
                    + ".<br>Select elements of one kind to edit them together.")
                self.stack.setCurrentWidget(self.mixed)
                return
            page.show_ids([i for _, i in keys])
            self.stack.setCurrentWidget(page)
        finally:
            self.updating = False

    def _on_changed(self, touched: set) -> None:
        current = self.stack.currentWidget()
        if current is self.pages["board"] or set(self.keys) & touched or touched & {
                ("board", "grail")} or any(k in ("castle", "region", "island", "seat")
                                          for k, _ in touched):
            valid = [k for k in self.keys if k in self._existing()]
            self.show_keys(valid)

    def _existing(self) -> set:
        b = self.doc.board
        return {(kind, x.id) for kind in KIND_ORDER for x in getattr(b, COLLECTION_OF[kind])}
