"""The inspector's board page: name, side, counts, seats with their castles, setups, islands."""

from __future__ import annotations

from typing import Any, ClassVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.gui.shell.wording import plural
from editor.gui.trace.model_rows import FuncWriter, GeneratedPage, model_row
from editor.gui.trace.pages import (
    ISLAND_KINDS,
    field_ids,
    fields_text,
    pick_row,
    show_line,
)
from editor.i18n import N_, _
from editor.model import edit as ops
from editor.model.board import Board, Castle, IslandKind, Seat
from editor.model.names import FieldNames
from editor.model.variant import shipped_variant_names


class BoardPage(GeneratedPage):
    """The board itself: name, side, counts, seats with castles, setups, islands.

    The board's name and side, a seat's name and colour and a castle's moat are generated
    from the model (`Board`, `Seat`, `Castle`); lists and references are built here."""

    MODEL = Board
    PREFIX = "board"
    TITLES: ClassVar[dict[str, str]] = {"name": N_("Board")}

    def __init__(self, inspector: QWidget) -> None:
        super().__init__(inspector)
        self.rows = {}
        for name in ("name", "side"):
            row = self.generated(name)
            self.form.addRow(f"<b>{row.label}</b>" if name == "name" else row.label,
                             row.widget)
        self.made_for = QLineEdit()
        self.made_for.setObjectName("board_variants")
        self.made_for.setPlaceholderText(_("variants, comma separated (e.g. grand-conquest-2p)"))
        self.made_for.setToolTip(_("The variants the board is made for (shipped names or paths "
                                   "next to the board): Trace checks the board against each "
                                   "with the other findings."))
        completer = QCompleter(shipped_variant_names(), self.made_for)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.made_for.setCompleter(completer)
        self.made_for.editingFinished.connect(self._set_variants)
        self.form.addRow(_("Made for"), self.made_for)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.form.addRow(self.summary)
        self.grail_fields = QLineEdit()
        self.grail_fields.setObjectName("grail_fields")
        self.grail_fields.setPlaceholderText(_("grail fields (printed numbers), comma "
                                               "separated"))
        self.grail_fields.editingFinished.connect(
            lambda: self.apply(_("Set grail fields"), ops.set_grail_fields,
                               field_ids(self.doc.board, self.grail_fields.text())))
        self.form.addRow(_("Grail fields"), pick_row(self, self.grail_fields, "field",
                                                     multi=True))
        self.form.addRow(self._build_seats())
        self.form.addRow(self._build_setups())

    def _build_seats(self) -> QGroupBox:
        seats = QGroupBox(_("Seats and castles"))
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
        self.seat_choice.setToolTip(_("Id of a new seat to add (south, west, north, east, or "
                                      "any)"))
        self.seat_choice.lineEdit().setPlaceholderText(_("new seat id"))
        add_seat = QPushButton(_("Add seat"))
        add_seat.setObjectName("add_seat")
        add_seat.clicked.connect(lambda: self.apply(
            _("Add seat {seat}").format(seat=self.seat_choice.currentText().strip()),
            ops.add_seat, self.seat_choice.currentText().strip()))
        row.addWidget(self.seat_choice, 1)
        row.addWidget(add_seat)
        lay.addLayout(row)
        edit = QFormLayout()
        seat = FuncWriter(self._seat_attr)
        self.seat_rows = [model_row(seat, Seat, name, prefix="seat") for name in ("name",
                                                                                  "colour")]
        self.seat_name, self.seat_colour = (row.widget for row in self.seat_rows)
        self.seat_colour.setPlaceholderText("#rrggbb")
        self.seat_island = QComboBox()
        self.seat_island.setObjectName("seat_island")
        self.seat_island.activated.connect(
            lambda: self._seat_attr("main_island", self.seat_island.currentData()))
        for row in self.seat_rows:
            edit.addRow(row.label, row.widget)
        edit.addRow(_("Main island"), self.seat_island)
        lay.addLayout(edit)
        row = QHBoxLayout()
        add_castle = QPushButton(_("Add castle"))
        add_castle.setObjectName("add_castle")
        add_castle.setToolTip(_("A castle for the selected seat; make fields its towers in the "
                                "field inspector"))
        add_castle.clicked.connect(self._add_castle)
        self.moat_row = model_row(FuncWriter(lambda _attr, on, merge=False: self._moat(on)),
                                  Castle, "moat", prefix="castle")
        self.moat = self.moat_row.widget
        remove_seat = QPushButton(_("Remove seat"))
        remove_seat.setObjectName("remove_seat")
        remove_seat.clicked.connect(self._remove_seat)
        row.addWidget(add_castle)
        row.addWidget(self.moat)
        row.addStretch(1)
        row.addWidget(remove_seat)
        lay.addLayout(row)
        return seats

    def _build_setups(self) -> QGroupBox:
        setups = QGroupBox(_("Setups and islands"))
        lay = QVBoxLayout(setups)
        self.setup_list = QListWidget()
        self.setup_list.setObjectName("setup_list")
        self.setup_list.setMaximumHeight(72)
        lay.addWidget(self.setup_list)
        row = QHBoxLayout()
        self.setup_name = QLineEdit("conquest")
        self.setup_name.setObjectName("setup_name")
        add_setup = QPushButton(_("Add setup"))
        add_setup.setObjectName("add_setup")
        add_setup.clicked.connect(lambda: self.apply(
            _("Add setup"), ops.add_setup, self.setup_name.text().strip()))
        remove_setup = QPushButton(_("Remove"))
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
            self.island_kind.addItem(_(ISLAND_KINDS[k.value]), k.value)
        add_island = QPushButton(_("Add island"))
        add_island.setObjectName("add_island")
        add_island.clicked.connect(lambda: self.apply(
            _("Add island"), ops.add_island, self.island_name.text().strip(), "",
            self.island_kind.currentData()))
        remove_island = QPushButton(_("Remove"))
        remove_island.setObjectName("remove_island")
        remove_island.clicked.connect(lambda: self._remove(self.island_list, "island"))
        row.addWidget(self.island_name, 1)
        row.addWidget(self.island_kind)
        row.addWidget(add_island)
        row.addWidget(remove_island)
        lay.addLayout(row)
        return setups

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

    def write(self, attr: str, value: Any, merge: bool = False) -> None:
        self.apply(_("Board {attribute}").format(attribute=attr), ops.set_board_attr, attr,
                   value, merge=merge)

    def _set_variants(self) -> None:
        """The board's intended variants (`Board.variants`), typed comma separated."""
        names = list(dict.fromkeys(n.strip() for n in self.made_for.text().split(",")
                                   if n.strip()))
        if names != self.doc.board.variants:
            self.apply(_("Made for variants"), ops.set_board_attr, "variants", names)

    def current_seat(self) -> str | None:
        item = self.seat_list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def show_ids(self, ids: list[str]) -> None:
        b = self.doc.board
        self.show_rows([b])
        if not self.made_for.hasFocus():
            self.made_for.setText(", ".join(b.variants))
        show_line(self.grail_fields, [fields_text(b, b.grail.fields) if b.grail else ""])
        self.summary.setText(self.summary_text(b))
        self._fill(self.seat_list, [
            (s.id, f"{s.id} — {s.name}  " + "; ".join(
                self.castle_text(c.id, len(c.towers), c.moat)
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
        self._fill(self.island_list, [(i.id, f"{i.id} ({_(ISLAND_KINDS[i.kind.value])})")
                                      for i in b.islands])
        self._show_seat()

    @staticmethod
    def summary_text(b: Board) -> str:
        """The counts, the scan, the scale and the grail fields of a board."""
        scale = (f"{b.scale.px_per_cm:g} px/cm" if b.scale else _("not calibrated (tool K)"))
        image = f"{b.image.path} ({b.image.width}×{b.image.height})" if b.image else _("none")
        grail = ", ".join(map(FieldNames(b).name, b.grail.fields)) if b.grail else _("none")
        counts = ", ".join(plural(len(items), noun) for items, noun in (
            (b.fields, "field"), (b.connections, "connection"), (b.regions, "region"),
            (b.arrow_slits, "arrow slit")))
        return "<br>".join([counts, _("Scan: {image}").format(image=image),
                            _("Scale: {scale}").format(scale=scale),
                            _("Grail: {fields}").format(fields=grail)])

    @staticmethod
    def castle_text(castle: str, towers: int, moat: bool) -> str:
        """'castle s.castle: 5 towers (moat)'."""
        text = _("castle {castle}: {towers}").format(castle=castle,
                                                     towers=plural(towers, "tower"))
        return text + " " + _("(moat)") if moat else text

    def _show_seat(self) -> None:
        b = self.doc.board
        seat = ops.find(b.seats, self.current_seat() or "")
        for w in (self.seat_name, self.seat_colour, self.seat_island, self.moat):
            w.setEnabled(seat is not None)
        self.seat_island.clear()
        self.seat_island.addItem(_("(none)"), None)
        for isl in b.islands:
            self.seat_island.addItem(isl.id, isl.id)
        if seat is None:  # no seat (a board without seats): nothing of another board's
            for line in (self.seat_name, self.seat_colour):
                line.clear()
            self.moat.setChecked(False)
            return
        was = self.inspector.updating
        self.inspector.updating = True
        try:
            for row in self.seat_rows:
                row.show([getattr(seat, row.attr)])
            self.seat_island.setCurrentIndex(max(0, self.seat_island.findData(seat.main_island)))
            castles = [c for c in b.castles if c.seat == seat.id]
            self.moat_row.show([c.moat for c in castles] or [False])
            self.moat.setEnabled(bool(castles))
        finally:
            self.inspector.updating = was

    def _seat_attr(self, attr: str, value, merge: bool = False) -> None:
        seat = self.current_seat()
        if seat is not None:
            self.apply(_("Seat {attribute}").format(attribute=attr), ops.set_attr, "seats",
                       [seat], attr, value, merge=merge)

    def _add_castle(self) -> None:
        seat = self.current_seat() or self.seat_choice.currentText().strip()
        self.apply(_("Add castle"), ops.add_castle, seat)

    def _moat(self, on: bool) -> None:
        seat = self.current_seat()
        castles = [c.id for c in self.doc.board.castles if c.seat == seat]
        if castles:
            text = _("Moat round {castles}") if on else _("No moat round {castles}")
            self.apply(text.format(castles=", ".join(castles)), ops.set_attr, "castles",
                       castles, "moat", on)

    def _remove_seat(self) -> None:
        seat = self.current_seat()
        if seat is None:
            return
        self.apply(_("Remove seat"), ops.delete, [("seat", seat)])  # its castles go with it

    def _remove(self, widget: QListWidget, kind: str) -> None:
        item = widget.currentItem()
        if item is not None:
            text = _("Remove setup") if kind == "setup" else _("Remove island")
            self.apply(text, ops.delete, [(kind, item.data(Qt.ItemDataRole.UserRole))])
