"""The inspector: properties of the selection, editable for several elements at once.

With nothing selected it shows the board (name, side, seats, castles, setups, islands, scale).
Every change goes through `doc.apply` as an undo command; typing merges into one step.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from editor.gui.document import BoardDocument
from editor.gui.tools import CONNECTION_KINDS
from editor.gui.wording import plural
from editor.model import edit as ops
from editor.model.board import BoardSide, BridgeClass, ConnectionKind, IslandKind, Terrain
from editor.model.types import PieceType

VARIOUS = "(various)"
PIECES = list(PieceType)
#: selection key kinds as the user reads them
KIND_NOUNS = {"slit": "arrow slit"}


def _ids(text: str) -> list[str]:
    return [t for t in (p.strip() for p in text.replace(";", ",").split(",")) if t]


def _set_check(box: QCheckBox, values: list[bool]) -> None:
    box.setTristate(len(set(values)) > 1)
    if len(set(values)) > 1:
        box.setCheckState(Qt.CheckState.PartiallyChecked)
    else:
        box.setCheckState(Qt.CheckState.Checked if values and values[0] else
                          Qt.CheckState.Unchecked)


def _set_combo(combo: QComboBox, values: list, default_index: int = 0) -> None:
    distinct = list(dict.fromkeys(values))
    various = combo.findText(VARIOUS)
    if len(distinct) == 1:
        if various >= 0:
            combo.removeItem(various)
        index = combo.findData(distinct[0])
        combo.setCurrentIndex(index if index >= 0 else default_index)
    else:
        if various < 0:
            combo.addItem(VARIOUS, "__various__")
        combo.setCurrentIndex(combo.findText(VARIOUS))


def _set_line(edit: QLineEdit, values: list[str]) -> None:
    if edit.hasFocus():
        return
    distinct = set(values)
    if len(distinct) == 1:
        edit.setText(values[0])
        edit.setPlaceholderText("")
    else:
        edit.clear()
        edit.setPlaceholderText(VARIOUS)


class PieceChecks(QWidget):
    """A grid of check boxes, one per piece type."""

    toggled = Signal(str, bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setSpacing(2)
        self.boxes: dict[str, QCheckBox] = {}
        for i, p in enumerate(PIECES):
            box = QCheckBox(p.value.replace("_", " "))
            box.setObjectName(f"piece_{p.value}")
            box.clicked.connect(lambda on, v=p.value: self.toggled.emit(v, on))
            grid.addWidget(box, i // 2, i % 2)
            self.boxes[p.value] = box

    def show_values(self, lists: list[list[str]]) -> None:
        for value, box in self.boxes.items():
            _set_check(box, [value in lst for lst in lists])


class Page(QWidget):
    def __init__(self, inspector: Inspector) -> None:
        super().__init__()
        self.inspector = inspector
        self.ids: list[str] = []
        self.form = QFormLayout(self)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)

    @property
    def doc(self) -> BoardDocument:
        return self.inspector.doc

    @property
    def updating(self) -> bool:
        return self.inspector.updating

    def apply(self, text: str, op: Callable, *args, merge: bool = False, **kwargs) -> None:
        if self.updating:
            return
        key = ("inspector", text, tuple(self.ids)) if merge else None
        self.doc.apply(text, op, *args, merge_key=key, **kwargs)

    def set_attr(self, collection: str, attr: str, value, merge: bool = False) -> None:
        self.apply(f"Set {attr}", ops.set_attr, collection, list(self.ids), attr, value,
                   merge=merge)


class FieldPage(Page):
    def __init__(self, inspector: Inspector) -> None:
        super().__init__(inspector)
        self.title = QLabel()
        self.form.addRow(self.title)
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
        self.harbour.clicked.connect(lambda on: self.set_attr("fields", "harbour", on))
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
        self.title.setText(f"<b>Field {fs[0].id}</b>" if len(fs) == 1 else
                           f"<b>{plural(len(fs), 'field')}</b>")
        _set_combo(self.terrain, [f.terrain.value for f in fs])
        single = len(fs) == 1
        self.number.setEnabled(single)
        if not self.number.hasFocus():
            self.number.setValue(fs[0].number if fs[0].number is not None else -1)
        _set_line(self.label, [f.label for f in fs])
        self.island.clear()
        self.island.addItem("(none)", None)
        for isl in board.islands:
            self.island.addItem(f"{isl.id} ({isl.kind.value})", isl.id)
        _set_combo(self.island, [f.island for f in fs])
        _set_check(self.harbour, [f.harbour for f in fs])
        grail = board.grail
        _set_check(self.grail, [bool(grail and f.id in grail.fields) for f in fs])
        self.front.setEnabled(single)
        _set_check(self.front, [bool(grail and grail.front == f.id) for f in fs])
        stairs = {s for r in board.regions for s in r.stairs}
        _set_check(self.stairs, [f.id in stairs for f in fs])
        central = {i.id for i in board.islands if i.kind == IslandKind.CENTRAL}
        _set_check(self.central, [f.island in central for f in fs])
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

    def _terrain(self) -> None:
        value = self.terrain.currentData()
        if value != "__various__":
            self.set_attr("fields", "terrain", value)

    def _island(self) -> None:
        value = self.island.currentData()
        if value != "__various__":
            self.set_attr("fields", "island", value)

    def _tower(self) -> None:
        if self.updating or len(self.ids) != 1:
            return
        castle = self.castle.currentData()
        self.apply("Set tower", ops.assign_tower, self.ids[0], castle,
                   self.tower.value() - 1 if castle else None)


class ConnectionPage(Page):
    def __init__(self, inspector: Inspector) -> None:
        super().__init__(inspector)
        self.title = QLabel()
        self.form.addRow(self.title)
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
        self.form.addRow("Ships under", self.under)
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
        self.title.setText(f"<b>Connection {c0.id}</b>: {c0.a} – {c0.b}" if len(cs) == 1 else
                           f"<b>{plural(len(cs), 'connection')}</b>")
        _set_combo(self.kind, [c.kind.value for c in cs])
        _set_combo(self.bridge_class, [c.bridge_class.value if c.bridge_class else None
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
        _set_line(self.under, [c.under_lane or "" for c in cs])
        _set_check(self.drawbridge, [c.drawbridge for c in cs])
        _set_combo(self.crossing, [c.crossing for c in cs])
        roads = set(self.doc.board.grail.roads) if self.doc.board.grail else set()
        _set_check(self.grail_road, [c.id in roads for c in cs])
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
            self.apply(f"Set {attr}", ops.toggle_piece, list(self.ids), attr, piece, on)

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
        self.stairs.setPlaceholderText("stair field ids, comma separated")
        self.stairs.editingFinished.connect(self._stairs)
        self.form.addRow("Stairs", self.stairs)
        self.borders = QLineEdit()
        self.borders.setObjectName("region_borders")
        self.borders.setPlaceholderText("bordering land field ids")
        self.borders.editingFinished.connect(self._borders)
        self.form.addRow("Borders", self.borders)
        self.screened = QLineEdit()
        self.screened.setObjectName("region_screened")
        self.screened.setPlaceholderText("of those: screened by mountains")
        self.screened.editingFinished.connect(self._borders)
        self.form.addRow("Mountain screens", self.screened)

    def show_ids(self, ids: list[str]) -> None:
        self.ids = ids
        by_id = self.doc.board.region_by_id()
        rs = [by_id[i] for i in ids if i in by_id]
        if not rs:
            return
        r0 = rs[0]
        self.title.setText(f"<b>Region {r0.id}</b> ({plural(len(r0.polygon), 'corner')})"
                           if len(rs) == 1 else f"<b>{plural(len(rs), 'region')}</b>")
        _set_line(self.name, [r.name for r in rs])
        _set_line(self.colour, [r.colour for r in rs])
        if not self.capacity.hasFocus():
            self.capacity.setValue(r0.capacity or 0)
        single = len(rs) == 1
        for w in (self.stairs, self.borders, self.screened):
            w.setEnabled(single)
        if single:
            _set_line(self.stairs, [", ".join(r0.stairs)])
            _set_line(self.borders, [", ".join(b.field for b in r0.borders)])
            _set_line(self.screened, [", ".join(b.field for b in r0.borders if b.screened)])

    def _stairs(self) -> None:
        if len(self.ids) == 1:
            self.apply("Set stairs", ops.set_stairs, self.ids[0], _ids(self.stairs.text()))

    def _borders(self) -> None:
        if len(self.ids) == 1:
            screened = set(_ids(self.screened.text()))
            fields = _ids(self.borders.text())
            fields += [f for f in screened if f not in fields]
            self.apply("Set borders", ops.set_borders, self.ids[0],
                       [(f, f in screened) for f in fields])


class SlitPage(Page):
    def __init__(self, inspector: Inspector) -> None:
        super().__init__(inspector)
        self.title = QLabel()
        self.form.addRow(self.title)

    def show_ids(self, ids: list[str]) -> None:
        self.ids = ids
        slits = [s for s in self.doc.board.arrow_slits if s.id in ids]
        self.title.setText("<br>".join(f"<b>Arrow slit {s.id}</b>: {s.a} – {s.b}"
                                       for s in slits[:20]))


class BoardPage(Page):
    """The board itself: name, side, counts, seats with castles, setups, islands."""

    def __init__(self, inspector: Inspector) -> None:
        super().__init__(inspector)
        self.name = QLineEdit()
        self.name.setObjectName("board_name")
        self.name.textEdited.connect(
            lambda t: self.apply("Board name", ops.set_board_attr, "name", t, merge=True))
        self.form.addRow("<b>Board</b>", self.name)
        self.side = QComboBox()
        self.side.setObjectName("board_side")
        for s in BoardSide:
            self.side.addItem(s.value, s.value)
        self.side.activated.connect(
            lambda: self.apply("Board side", ops.set_board_attr, "side", self.side.currentData()))
        self.form.addRow("Side", self.side)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.form.addRow(self.summary)

        seats = QGroupBox("Seats and castles")
        lay = QVBoxLayout(seats)
        self.seat_list = QListWidget()
        self.seat_list.setObjectName("seat_list")
        self.seat_list.setMaximumHeight(96)
        self.seat_list.currentRowChanged.connect(lambda _r: self._show_seat())
        lay.addWidget(self.seat_list)
        row = QHBoxLayout()
        self.seat_choice = QComboBox()
        self.seat_choice.setObjectName("seat_choice")
        self.seat_choice.setEditable(True)
        self.seat_choice.setToolTip("Id of a new seat to add (south, west, north, east, or any)")
        self.seat_choice.lineEdit().setPlaceholderText("new seat id")
        add_seat = QPushButton("Add seat")
        add_seat.setObjectName("add_seat")
        add_seat.clicked.connect(lambda: self.apply(
            "Add seat", ops.add_seat, self.seat_choice.currentText().strip()))
        row.addWidget(self.seat_choice, 1)
        row.addWidget(add_seat)
        lay.addLayout(row)
        edit = QFormLayout()
        self.seat_name = QLineEdit()
        self.seat_name.setObjectName("seat_name")
        self.seat_name.textEdited.connect(lambda t: self._seat_attr("name", t, True))
        self.seat_colour = QLineEdit()
        self.seat_colour.setObjectName("seat_colour")
        self.seat_colour.setPlaceholderText("#rrggbb")
        self.seat_colour.editingFinished.connect(
            lambda: self._seat_attr("colour", self.seat_colour.text().strip()))
        self.seat_island = QComboBox()
        self.seat_island.setObjectName("seat_island")
        self.seat_island.activated.connect(
            lambda: self._seat_attr("main_island", self.seat_island.currentData()))
        edit.addRow("Name", self.seat_name)
        edit.addRow("Colour", self.seat_colour)
        edit.addRow("Main island", self.seat_island)
        lay.addLayout(edit)
        row = QHBoxLayout()
        add_castle = QPushButton("Add castle")
        add_castle.setObjectName("add_castle")
        add_castle.setToolTip("A castle for the selected seat; make fields its towers in the "
                              "field inspector")
        add_castle.clicked.connect(self._add_castle)
        self.moat = QCheckBox("Moat")
        self.moat.setObjectName("castle_moat")
        self.moat.clicked.connect(self._moat)
        remove_seat = QPushButton("Remove seat")
        remove_seat.setObjectName("remove_seat")
        remove_seat.clicked.connect(self._remove_seat)
        row.addWidget(add_castle)
        row.addWidget(self.moat)
        row.addStretch(1)
        row.addWidget(remove_seat)
        lay.addLayout(row)
        self.form.addRow(seats)

        setups = QGroupBox("Setups and islands")
        lay = QVBoxLayout(setups)
        self.setup_list = QListWidget()
        self.setup_list.setObjectName("setup_list")
        self.setup_list.setMaximumHeight(72)
        lay.addWidget(self.setup_list)
        row = QHBoxLayout()
        self.setup_name = QLineEdit("conquest")
        self.setup_name.setObjectName("setup_name")
        add_setup = QPushButton("Add setup")
        add_setup.setObjectName("add_setup")
        add_setup.clicked.connect(lambda: self.apply(
            "Add setup", ops.add_setup, self.setup_name.text().strip()))
        remove_setup = QPushButton("Remove")
        remove_setup.setObjectName("remove_setup")
        remove_setup.clicked.connect(lambda: self._remove(self.setup_list, "setup"))
        row.addWidget(self.setup_name, 1)
        row.addWidget(add_setup)
        row.addWidget(remove_setup)
        lay.addLayout(row)
        self.island_list = QListWidget()
        self.island_list.setObjectName("island_list")
        self.island_list.setMaximumHeight(72)
        lay.addWidget(self.island_list)
        row = QHBoxLayout()
        self.island_name = QLineEdit("south-island")
        self.island_name.setObjectName("island_name")
        self.island_kind = QComboBox()
        self.island_kind.setObjectName("island_kind")
        for k in IslandKind:
            self.island_kind.addItem(k.value, k.value)
        add_island = QPushButton("Add island")
        add_island.setObjectName("add_island")
        add_island.clicked.connect(lambda: self.apply(
            "Add island", ops.add_island, self.island_name.text().strip(), "",
            self.island_kind.currentData()))
        remove_island = QPushButton("Remove")
        remove_island.setObjectName("remove_island")
        remove_island.clicked.connect(lambda: self._remove(self.island_list, "island"))
        row.addWidget(self.island_name, 1)
        row.addWidget(self.island_kind)
        row.addWidget(add_island)
        row.addWidget(remove_island)
        lay.addLayout(row)
        self.form.addRow(setups)

    @staticmethod
    def _fill(widget: QListWidget, rows: list[tuple[str, str]]) -> None:
        current = widget.currentItem().data(Qt.ItemDataRole.UserRole) \
            if widget.currentItem() else None
        widget.blockSignals(True)
        widget.clear()
        for ident, text in rows:
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, ident)
            widget.addItem(item)
            if ident == current:
                widget.setCurrentItem(item)
        if widget.currentRow() < 0 and widget.count():
            widget.setCurrentRow(0)
        widget.blockSignals(False)

    def current_seat(self) -> str | None:
        item = self.seat_list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def show_ids(self, ids: list[str]) -> None:
        b = self.doc.board
        if not self.name.hasFocus():
            self.name.setText(b.name)
        self.side.setCurrentIndex(self.side.findData(b.side.value))
        scale = (f"{b.scale.px_per_cm:g} px/cm" if b.scale else "not calibrated (tool K)")
        image = f"{b.image.path} ({b.image.width}×{b.image.height})" if b.image else "none"
        self.summary.setText(
            f"{plural(len(b.fields), 'field')}, {plural(len(b.connections), 'connection')}, "
            f"{plural(len(b.regions), 'region')}, {plural(len(b.arrow_slits), 'arrow slit')}"
            f"<br>Scan: {image}<br>Scale: {scale}"
            f"<br>Grail: {', '.join(b.grail.fields) if b.grail else 'none'}")
        self._fill(self.seat_list, [
            (s.id, f"{s.id} — {s.name}  " + "; ".join(
                f"castle {c.id}: {plural(len(c.towers), 'tower')}{' (moat)' if c.moat else ''}"
                for c in b.castles if c.seat == s.id)) for s in b.seats])
        taken = {s.id for s in b.seats}
        self.seat_choice.clear()
        self.seat_choice.addItems([sid for sid in ops.DEFAULT_SEATS if sid not in taken])
        for i, s in enumerate(b.seats):
            swatch = QPixmap(14, 14)
            swatch.fill(QColor(s.colour))
            self.seat_list.item(i).setIcon(QIcon(swatch))
        self._fill(self.setup_list, [(s.id, f"{s.id} — {plural(len(s.placements), 'start piece')}")
                                     for s in b.setups])
        self._fill(self.island_list, [(i.id, f"{i.id} ({i.kind.value})") for i in b.islands])
        self._show_seat()

    def _show_seat(self) -> None:
        b = self.doc.board
        seat = ops.find(b.seats, self.current_seat() or "")
        for w in (self.seat_name, self.seat_colour, self.seat_island, self.moat):
            w.setEnabled(seat is not None)
        self.seat_island.clear()
        self.seat_island.addItem("(none)", None)
        for isl in b.islands:
            self.seat_island.addItem(isl.id, isl.id)
        if seat is None:
            return
        was = self.inspector.updating
        self.inspector.updating = True
        try:
            _set_line(self.seat_name, [seat.name])
            _set_line(self.seat_colour, [seat.colour])
            self.seat_island.setCurrentIndex(max(0, self.seat_island.findData(seat.main_island)))
            castles = [c for c in b.castles if c.seat == seat.id]
            _set_check(self.moat, [c.moat for c in castles] or [False])
            self.moat.setEnabled(bool(castles))
        finally:
            self.inspector.updating = was

    def _seat_attr(self, attr: str, value, merge: bool = False) -> None:
        seat = self.current_seat()
        if seat is not None:
            self.apply(f"Seat {attr}", ops.set_attr, "seats", [seat], attr, value, merge=merge)

    def _add_castle(self) -> None:
        seat = self.current_seat() or self.seat_choice.currentText().strip()
        self.apply("Add castle", ops.add_castle, seat)

    def _moat(self, on: bool) -> None:
        seat = self.current_seat()
        castles = [c.id for c in self.doc.board.castles if c.seat == seat]
        if castles:
            self.apply("Moat", ops.set_attr, "castles", castles, "moat", on)

    def _remove_seat(self) -> None:
        seat = self.current_seat()
        if seat is None:
            return
        self.apply("Remove seat", ops.delete, [("seat", seat)])  # its castles go with it

    def _remove(self, widget: QListWidget, kind: str) -> None:
        item = widget.currentItem()
        if item is not None:
            self.apply(f"Remove {kind}", ops.delete, [(kind, item.data(Qt.ItemDataRole.UserRole))])


class Inspector(QScrollArea):
    """Shows the page for the current selection's kind."""

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
        lay.addWidget(self.stack)
        lay.addStretch(1)
        self.setWidget(holder)
        self.setMinimumWidth(410)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        doc.changed.connect(self._on_changed)
        doc.reset.connect(lambda: self.show_keys([]))

    def show_keys(self, keys: list[tuple[str, str]]) -> None:
        self.keys = list(keys)
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
        return ({("field", f.id) for f in b.fields} | {("connection", c.id) for c in b.connections}
                | {("region", r.id) for r in b.regions} | {("slit", s.id) for s in b.arrow_slits})
