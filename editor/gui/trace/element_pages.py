"""The inspector's pages of board elements: field, connection, region and arrow slit.

Each page names its rows in order (`ROWS`); rows of model fields are generated from the model's
metadata (`editor.gui.trace.model_rows`), the others (`CUSTOM`) are built by `row_<name>`:
ids, references picked on the canvas, flags kept elsewhere in the board (grail, stairs,
castles), derived values.
"""

from __future__ import annotations

from typing import Any, ClassVar

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from editor.gui.board import tooltips
from editor.gui.shell.wording import plural
from editor.gui.trace.model_rows import GeneratedPage, describe
from editor.gui.trace.pages import (
    ISLAND_KINDS,
    VARIOUS,
    PieceChecks,
    field_ids,
    fields_text,
    pick_row,
    show_check,
    show_combo,
    show_line,
)
from editor.gui.trace.tools import CONNECTION_KINDS
from editor.i18n import N_, _
from editor.model import edit as ops
from editor.model.board import ArrowSlit, Connection, ConnectionKind, Field, IslandKind, Region
from editor.model.names import FieldNames
from editor.model.terms import piece_name, seat_name


def cargo_text(items: list[Any]) -> str:
    """'knight + ship (soldier)', by the rule books' words."""
    return " + ".join(piece_name(c.piece.value) + (f" ({cargo_text(c.cargo)})" if c.cargo
                                                   else "") for c in items)


def start_text(setup: str, placement: Any) -> str:
    """'conquest: south knight carrying soldier', by the rule books' words."""
    text = f"{setup}: {seat_name(placement.seat)} {piece_name(placement.piece.value)}"
    if placement.cargo:
        text += " " + _("carrying {cargo}").format(cargo=cargo_text(placement.cargo))
    return text


class ElementPage(GeneratedPage):
    """A page of one kind of board element: its rows are built in `ROWS` order; every page has
    a title row, and an id row where `ROWS` lists "id" (the kind and collection it renames)."""

    def __init__(self, inspector: QWidget) -> None:
        super().__init__(inspector)
        self.build_rows()

    def row_title(self) -> None:
        self.title = QLabel()
        self.form.addRow(self.title)

    def row_id(self) -> None:
        self.ident = self.id_edit(self.element_kind, self.COLLECTION)
        self.form.addRow(_("Id"), self.ident)


class FieldPage(ElementPage):
    element_kind = "field"
    MODEL = Field
    COLLECTION = "fields"
    PREFIX = "field"
    ROWS = ("title", "id", "terrain", "number", "label", "island", "flags", "castle", "access",
            "starts")
    CUSTOM = frozenset({"title", "id", "island", "flags", "castle", "access", "starts"})
    #: the position is dragged on the canvas; harbour is among the flags (derived)
    HIDDEN = frozenset({"former_ids", "x", "y", "unconfirmed", "harbour"})

    # ---- custom rows ----------------------------------------------------------------

    def row_island(self) -> None:
        """A choice among the board's islands (the model only knows it is an id)."""
        self.island = QComboBox()
        self.island.setObjectName("field_island")
        self.island.setToolTip(_(describe(Field, "island").description))
        self.island.activated.connect(self._island)
        self.form.addRow(_("Island"), self.island)

    def row_flags(self) -> None:
        """The harbour flag (derived from harbour links) and flags the board keeps elsewhere:
        the grail, stairs, the central island."""
        self.harbour = QCheckBox(_("Harbour (anchor)"))
        self.harbour.setObjectName("field_harbour")
        self.harbour.setEnabled(False)  # derived: a sea field with a harbour link (BF-2, BF-3)
        self.harbour.setToolTip(_("Set by the field's harbour links: add a harbour link to make "
                                  "a sea field a harbour, delete it or change its kind to undo "
                                  "it."))
        self.grail = self._flag("field_grail", N_("Grail field"), ops.set_grail_flag)
        self.front = QCheckBox(_("In front of the grail"))
        self.front.setObjectName("field_front")
        self.front.clicked.connect(
            lambda on: self.apply(_("Grail front"), ops.set_grail_front,
                                  self.ids[0] if on else None))
        self.stairs = self._flag("field_stairs", N_("Stair field"), ops.set_stair_flag)
        self.stairs.setToolTip(_("Stair into the nearest wilderness region (WILD-3)"))
        self.central = self._flag("field_central", N_("Central island"), ops.set_central_flag)
        flags = QWidget()
        grid = QGridLayout(flags)
        grid.setContentsMargins(0, 0, 0, 0)
        for i, w in enumerate([self.harbour, self.grail, self.stairs, self.central, self.front]):
            grid.addWidget(w, i // 2, i % 2)
        self.form.addRow(_("Flags"), flags)

    def _flag(self, name: str, text: str, operation) -> QCheckBox:
        box = QCheckBox(_(text))
        box.setObjectName(name)
        box.clicked.connect(lambda on: self.apply(_(text), operation, list(self.ids), on))
        return box

    def row_castle(self) -> None:
        self.castle = QComboBox()
        self.castle.setObjectName("field_castle")
        self.castle.activated.connect(self._tower)
        self.tower = QSpinBox()
        self.tower.setObjectName("field_tower")
        self.tower.setRange(1, 16)
        self.tower.valueChanged.connect(lambda _v: self._tower())
        row = QHBoxLayout()
        row.addWidget(self.castle, 1)
        row.addWidget(QLabel(_("tower")))
        row.addWidget(self.tower)
        self.form.addRow(_("Castle"), row)

    def row_access(self) -> None:
        """The tower's access and its drawbridge, where the designer building a castle looks
        (issue 22 item 7: the drawbridge box sat below the fold of the connection page)."""
        self.access = QLineEdit()
        self.access.setObjectName("field_access")
        self.access.setPlaceholderText(_("the tower's access connection"))
        self.access.editingFinished.connect(self._access)
        self.form.addRow(_("Access"), pick_row(self, self.access, "connection", multi=False))
        self.drawbridge = QCheckBox(_("Drawbridge"))
        self.drawbridge.setObjectName("field_drawbridge")
        self.drawbridge.setToolTip(_(describe(Connection, "drawbridge").description))
        self.drawbridge.clicked.connect(self._drawbridge)
        self.form.addRow("", self.drawbridge)

    def row_starts(self) -> None:
        self.starts = QLabel()
        self.starts.setObjectName("field_starts")
        self.starts.setWordWrap(True)
        self.form.addRow(_("Start pieces"), self.starts)

    # ---- showing --------------------------------------------------------------------

    def show_ids(self, ids: list[str]) -> None:
        self.ids = ids
        board = self.doc.board
        by_id = board.field_by_id()
        fs = [by_id[i] for i in ids if i in by_id]
        if not fs:
            return
        single = len(fs) == 1
        self.title.setText(f"<b>{tooltips.field_label(board, fs[0]).capitalize()}</b>"
                           if single else f"<b>{plural(len(fs), 'field')}</b>")
        self.show_rows(fs)
        self.ident.setEnabled(single)
        show_line(self.ident, [fs[0].id] if single else ["", _(VARIOUS)])
        self.number.setEnabled(single)
        self.island.clear()
        self.island.addItem(_("(none)"), None)
        for isl in board.islands:
            self.island.addItem(f"{isl.id} ({_(ISLAND_KINDS.get(isl.kind.value, isl.kind))})",
                                isl.id)
        show_combo(self.island, [f.island for f in fs])
        self._show_flags(fs, single)
        self._show_castle(fs, single)
        starts = [start_text(s.id, p) for s in board.setups for p in s.placements
                  if p.field in ids]
        self.starts.setText("<br>".join(starts[:12]) or _("none (tool P)"))

    def _show_flags(self, fs: list[Field], single: bool) -> None:
        board = self.doc.board
        show_check(self.harbour, [f.harbour for f in fs])
        grail = board.grail
        show_check(self.grail, [bool(grail and f.id in grail.fields) for f in fs])
        self.front.setEnabled(single)
        show_check(self.front, [bool(grail and grail.front == f.id) for f in fs])
        stairs = {s for r in board.regions for s in r.stairs}
        show_check(self.stairs, [f.id in stairs for f in fs])
        central = {i.id for i in board.islands if i.kind == IslandKind.CENTRAL}
        show_check(self.central, [f.island in central for f in fs])

    def _show_castle(self, fs: list[Field], single: bool) -> None:
        board = self.doc.board
        self.castle.clear()
        self.castle.addItem(_("(none)"), None)
        for c in board.castles:
            self.castle.addItem(f"{c.id} ({c.seat})", c.id)
        self.castle.setEnabled(single)
        self.tower.setEnabled(single)
        found = ops.castle_of(board, fs[0].id) if single else None
        self.castle.setCurrentIndex(self.castle.findData(found[0].id) if found else 0)
        if found:
            self.tower.setValue(found[1] + 1)
        self.access.setEnabled(found is not None)
        access = found[0].towers[found[1]].access if found else ""
        show_line(self.access, [access])
        conn = ops.find(board.connections, access) if access else None
        self.drawbridge.setEnabled(conn is not None)
        show_check(self.drawbridge, [bool(conn and conn.drawbridge)])

    # ---- editing --------------------------------------------------------------------

    def _island(self) -> None:
        value = self.island.currentData()
        if value != "__various__":
            self.set_attr("fields", "island", value)

    def _access(self) -> None:
        value = self.access.text().strip()
        if len(self.ids) == 1 and value and self.access.isEnabled():
            self.apply(_("Set access of {}"), ops.set_tower_access, self.ids[0], value)

    def _drawbridge(self, on: bool) -> None:
        access = self.access.text().strip()
        if len(self.ids) == 1 and access:
            text = _("Drawbridge at {access}") if on else _("No drawbridge at {access}")
            self.apply(text.format(access=access),
                       ops.set_attr, "connections", [access], "drawbridge", on)

    def _tower(self) -> None:
        if self.updating or len(self.ids) != 1:
            return
        castle = self.castle.currentData()
        self.apply(_("Set tower"), ops.assign_tower, self.ids[0], castle,
                   self.tower.value() - 1 if castle else None)


class ConnectionPage(ElementPage):
    element_kind = "connection"
    MODEL = Connection
    COLLECTION = "connections"
    PREFIX = "conn"
    #: the drawbridge right under the kind: a castle access shows it without scrolling
    ROWS = ("title", "id", "kind", "drawbridge", "bridge_class", "barred", "only_unloaded",
            "one_way", "under_lane", "crossing", "grail_road", "reverse")
    CUSTOM = frozenset({"title", "id", "kind", "bridge_class", "one_way", "under_lane",
                        "grail_road", "reverse"})
    #: the ends are in the title (and Swap ends)
    HIDDEN = frozenset({"a", "b", "unconfirmed"})
    TITLES: ClassVar[dict[str, str]] = {"drawbridge": N_("Drawbridge (castle access)"),
                                        "crossing": N_("Wilderness crossing")}
    VERBS: ClassVar[dict[str, tuple[str, str]]] = {
        "barred": (N_("Bar"), N_("Unbar")),
        "only_unloaded": (N_("Only unloaded:"), N_("Loaded ok:"))}

    # ---- custom rows ----------------------------------------------------------------

    def row_kind(self) -> None:
        """The kinds by their map names; a change of kind also fixes the harbour flags."""
        self.kind = QComboBox()
        self.kind.setObjectName("conn_kind")
        self.kind.setToolTip(_(describe(Connection, "kind").description))
        for kind, title in CONNECTION_KINDS:
            self.kind.addItem(_(title), kind.value)
        self.kind.activated.connect(self._kind)
        self.form.addRow(_("Kind"), self.kind)

    def row_bridge_class(self) -> None:
        """A bridge class also makes the connection a bridge."""
        row = self.generated("bridge_class")
        self.bridge_class.setItemText(0, _("(not a bridge)"))
        self.bridge_class.activated.disconnect()
        self.bridge_class.activated.connect(self._bridge_class)
        self.form.addRow(row.label, row.widget)

    def row_one_way(self) -> None:
        self.one_way = QComboBox()
        self.one_way.setObjectName("conn_one_way")
        self.one_way.setToolTip(_(describe(Connection, "one_way").description))
        self.one_way.activated.connect(self._one_way)
        self.form.addRow(_("One way"), self.one_way)
        self.one_way_pieces = PieceChecks()
        self.one_way_pieces.setObjectName("conn_one_way_pieces")
        self.one_way_pieces.toggled.connect(self._one_way_piece)
        self.form.addRow(_("Binds (none: variant)"), self.one_way_pieces)

    def row_under_lane(self) -> None:
        self.generated("under_lane")
        self.under_lane.setPlaceholderText(_("sea lane id passing beneath"))
        self.form.addRow(_("Ships under"), pick_row(self, self.under_lane, "connection",
                                                 multi=False))

    def row_grail_road(self) -> None:
        self.grail_road = QCheckBox(_("Road to the grail"))
        self.grail_road.setObjectName("conn_grail_road")
        self.grail_road.clicked.connect(
            lambda on: self.apply(_("Grail road"), ops.set_grail_road, list(self.ids), on))
        self.form.addRow("", self.grail_road)

    def row_reverse(self) -> None:
        self.reverse = QPushButton(_("Swap ends"))
        self.reverse.clicked.connect(
            lambda: self.apply(_("Swap ends"), ops.reverse_connection, self.ids[0]))
        self.form.addRow("", self.reverse)

    # ---- showing --------------------------------------------------------------------

    def conns(self) -> list[Connection]:
        by_id = self.doc.board.connection_by_id()
        return [by_id[i] for i in self.ids if i in by_id]

    def show_ids(self, ids: list[str]) -> None:
        self.ids = ids
        cs = self.conns()
        if not cs:
            return
        c0 = cs[0]
        board = self.doc.board
        single = len(cs) == 1
        self.title.setText(_("<b>Connection {id}</b>: {a} – {b}").format(
            id=c0.id, a=tooltips.node_name(board, c0.a), b=tooltips.node_name(board, c0.b))
                           if single else
                           f"<b>{plural(len(cs), 'connection')}</b>")
        self.show_rows(cs)
        show_combo(self.kind, [c.kind.value for c in cs])
        self.ident.setEnabled(single)
        show_line(self.ident, [c0.id] if single else ["", _(VARIOUS)])
        self.one_way.clear()
        self.one_way.addItem(_("both ways"), None)
        if single:
            self.one_way.addItem(_("towards {end}").format(end=c0.a), "a")
            self.one_way.addItem(_("towards {end}").format(end=c0.b), "b")
            current = None if c0.one_way is None else ("a" if c0.one_way.to == c0.a else "b")
            self.one_way.setCurrentIndex(self.one_way.findData(current))
        self.one_way_pieces.show_values(
            [[p.value for p in (c.one_way.pieces or [])] if c.one_way else [] for c in cs])
        self.one_way_pieces.setEnabled(all(c.one_way is not None for c in cs))
        roads = set(board.grail.roads) if board.grail else set()
        show_check(self.grail_road, [c.id in roads for c in cs])
        self.reverse.setEnabled(single)

    # ---- editing --------------------------------------------------------------------

    def _kind(self) -> None:
        value = self.kind.currentData()
        if value != "__various__":
            self.apply(_("Set connection kind"), ops.set_connection_kind, list(self.ids),
                       ConnectionKind(value))

    def _bridge_class(self) -> None:
        value = self.bridge_class.currentData()
        if value != "__various__":
            if value is not None and any(c.kind != ConnectionKind.BRIDGE for c in self.conns()):
                self.apply(_("Make bridge"), ops.set_connection_kind, list(self.ids),
                           ConnectionKind.BRIDGE)
            self.set_attr("connections", "bridge_class", value)

    def _one_way(self) -> None:
        if len(self.ids) == 1:
            end = self.one_way.currentData()
            c = self.conns()[0]
            pieces = c.one_way.pieces if c.one_way else None
            self.apply(_("Set one way"), ops.set_one_way, list(self.ids), end, pieces)
        elif self.one_way.currentData() is None:
            self.apply(_("Remove one way"), ops.set_one_way, list(self.ids), None)

    def _one_way_piece(self, piece: str, on: bool) -> None:
        if not self.updating:
            self.apply(_("Set one-way pieces"), ops.set_one_way_pieces, list(self.ids), piece, on)


class RegionPage(ElementPage):
    element_kind = "region"
    MODEL = Region
    COLLECTION = "regions"
    PREFIX = "region"
    ROWS = ("title", "name", "colour", "capacity", "stairs", "borders", "screened")
    CUSTOM = frozenset({"title", "stairs", "borders", "screened"})
    #: the outline is edited on the canvas
    HIDDEN = frozenset({"id", "island", "polygon", "unconfirmed"})
    NULL_TEXT: ClassVar[dict[str, str]] = {"capacity": N_("variant")}

    def _fields_row(self, name: str, label: str, placeholder: str, slot) -> QLineEdit:
        line = QLineEdit()
        line.setObjectName(f"region_{name}")
        line.setPlaceholderText(placeholder)
        line.editingFinished.connect(slot)
        self.form.addRow(label, pick_row(self, line, "field", multi=True))
        return line

    def row_stairs(self) -> None:
        self.stairs = self._fields_row("stairs", _("Stairs"),
                                       _("stair fields (printed numbers), comma separated"),
                                       self._stairs)
        self.stairs.setToolTip(_(describe(Region, "stairs").description))

    def row_borders(self) -> None:
        self.borders = self._fields_row("borders", _("Borders"),
                                        _("bordering land fields (printed numbers)"),
                                        self._borders)
        self.borders.setToolTip(_(describe(Region, "borders").description))

    def row_screened(self) -> None:
        self.screened = self._fields_row("screened", _("Mountain screens"),
                                         _("of those: screened by mountains"), self._borders)

    def show_ids(self, ids: list[str]) -> None:
        self.ids = ids
        by_id = self.doc.board.region_by_id()
        rs = [by_id[i] for i in ids if i in by_id]
        if not rs:
            return
        r0 = rs[0]
        single = len(rs) == 1
        self.title.setText(_("<b>Region {id}</b> ({corners})").format(
            id=r0.id, corners=plural(len(r0.polygon), "corner"))
                           if single else f"<b>{plural(len(rs), 'region')}</b>")
        self.show_rows(rs)
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
            self.apply(_("Set stairs"), ops.set_stairs, self.ids[0],
                       field_ids(self.doc.board, self.stairs.text()))

    def _borders(self) -> None:
        if len(self.ids) == 1:
            screened = set(field_ids(self.doc.board, self.screened.text()))
            fields = field_ids(self.doc.board, self.borders.text())
            fields += [f for f in screened if f not in fields]
            self.apply(_("Set borders"), ops.set_borders, self.ids[0],
                       [(f, f in screened) for f in fields])


class SlitPage(ElementPage):
    """An arrow slit: its two fields, picked on the canvas (no value of its own to edit)."""

    element_kind = "slit"
    MODEL = ArrowSlit
    COLLECTION = "arrow_slits"
    PREFIX = "slit"
    ROWS = ("title", "ends")
    CUSTOM = frozenset({"title", "ends"})
    HIDDEN = frozenset({"id", "a", "b"})  # the ends row edits a and b

    def row_ends(self) -> None:
        self.ends = QLineEdit()
        self.ends.setObjectName("slit_ends")
        self.ends.setPlaceholderText(_("the two fields, comma separated"))
        self.ends.setToolTip(" ".join(_(describe(ArrowSlit, end).description)
                                      for end in ("a", "b")))
        self.ends.editingFinished.connect(self._ends)
        self.form.addRow(_("Ends"), pick_row(self, self.ends, "field", multi=True))

    def show_ids(self, ids: list[str]) -> None:
        self.ids = ids
        slits = [s for s in self.doc.board.arrow_slits if s.id in ids]
        names = FieldNames(self.doc.board)
        self.title.setText("<br>".join(
            _("<b>Arrow slit {id}</b>: {a} – {b}").format(id=s.id, a=names.label(s.a),
                                                          b=names.label(s.b))
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
            self.explain_refusal(_("an arrow slit joins exactly two fields"))
            return
        self.apply(_("Move {}"), ops.set_slit_ends, self.ids[0], *ends)
