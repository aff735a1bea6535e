"""The play mode's start panel: variant (shipped or a house-rule file), overlays, option
overrides and setup; Start, Open scenario, Save as scenario; and the findings that keep a board
from starting a game (a click on one goes to the board)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.i18n import N_, _
from editor.model.board import Board
from editor.model.findings import Finding
from editor.model.variant import variants_dir

HOUSE_RULE = N_("House-rule file…")


def shipped_variants() -> tuple[list[str], list[str]]:
    """(complete variants, overlays) shipped in `variants/`, by name."""
    full, overlays = [], []
    for path in sorted(variants_dir().glob("*.variant.json")):
        name = path.name.split(".")[0]
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        (overlays if raw.get("overlay") is True else full).append(name)
    return full, overlays


def parse_options(text: str) -> tuple[dict[str, object], str | None]:
    """`key=value, key=value` (values read as JSON when they parse, else as text)."""
    out: dict[str, object] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            return {}, _("option '{option}' is not key=value").format(option=part)
        try:
            out[key.strip()] = json.loads(value.strip())
        except ValueError:
            out[key.strip()] = value.strip()
    return out, None


@dataclass
class GameChoice:
    """What the start panel says to play."""

    variant: str
    overlays: list[str] = field(default_factory=list)
    options: dict[str, object] = field(default_factory=dict)
    setup: str | None = None


class StartPanel(QWidget):
    startRequested = Signal()
    openRequested = Signal()
    saveRequested = Signal()
    houseRuleRequested = Signal()
    findingClicked = Signal(object)  # Finding

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.variants, self.overlay_names = shipped_variants()
        self.house_rule: str | None = None
        form = QFormLayout()
        self.variant = QComboBox(objectName="play_variant")
        self.variant.addItems([*self.variants, _(HOUSE_RULE)])
        self.variant.activated.connect(self._variant_chosen)
        form.addRow(_("Variant"), self.variant)
        self.overlays = QListWidget(objectName="play_overlays")
        for name in self.overlay_names:
            item = QListWidgetItem(name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.overlays.addItem(item)
        self.overlays.setMaximumHeight(22 * max(2, len(self.overlay_names)) + 6)
        form.addRow(_("Overlays"), self.overlays)
        self.options = QLineEdit(objectName="play_options")
        self.options.setPlaceholderText(_("option=value, … (e.g. no_capture_rounds=6)"))
        form.addRow(_("Options"), self.options)
        self.setup = QComboBox(objectName="play_setup")
        form.addRow(_("Setup"), self.setup)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        self.start_button = self._button(_("&Start game"), self.startRequested, lay)
        self.open_button = self._button(_("&Open scenario…"), self.openRequested, lay)
        self.save_button = self._button(_("Save as scenario…"), self.saveRequested, lay)
        self.note = QLabel(wordWrap=True, objectName="play_start_note")
        lay.addWidget(self.note)
        self.findings = QListWidget(objectName="play_findings")
        self.findings.setWordWrap(True)
        self.findings.itemClicked.connect(
            lambda item: self.findingClicked.emit(item.data(Qt.ItemDataRole.UserRole)))
        self.findings.hide()
        lay.addWidget(self.findings, 1)
        lay.addStretch(0)

    def _button(self, text: str, signal: Signal, lay: QVBoxLayout) -> QPushButton:
        button = QPushButton(text)
        button.clicked.connect(signal.emit)
        lay.addWidget(button)
        return button

    def _variant_chosen(self, index: int) -> None:
        if self.variant.itemText(index) == _(HOUSE_RULE):
            self.houseRuleRequested.emit()

    def relabel(self) -> None:
        """The choices without data in the current language (the language changed)."""
        self.variant.setItemText(self.variant.count() - 1, _(HOUSE_RULE))
        if self.setup.count() and self.setup.itemData(0) is None:
            self.setup.setItemText(0, _("(the variant's setup)"))

    def set_house_rule(self, path: str | None) -> None:
        """Use a house-rule file (shown in the combo); None goes back to the first variant."""
        if path is None:
            self.house_rule = None
            self.variant.setCurrentIndex(0)
            return
        self.house_rule = path
        label = _("{name} (house rule)").format(name=Path(path).name)
        index = self.variant.findData(path)
        if index < 0:
            self.variant.insertItem(self.variant.count() - 1, label, path)
            index = self.variant.count() - 2
        self.variant.setCurrentIndex(index)

    def set_board(self, board: Board, path: str | None) -> None:
        """Offer the board's setups and preselect a variant: the first shipped one the board
        says it is made for (`Board.variants`), else the one named like the board file."""
        self.setup.clear()
        self.setup.addItem(_("(the variant's setup)"), None)
        for s in board.setups:
            self.setup.addItem(s.id, s.id)
        if self.house_rule is not None:
            return
        stem = Path(path).name.split(".")[0] if path else ""
        wanted = next((v for v in [*board.variants, stem] if v in self.variants), None)
        if wanted is not None:
            self.variant.setCurrentIndex(self.variants.index(wanted))

    def select_variant(self, name: str) -> None:
        index = self.variant.findText(name)
        if index >= 0:
            self.variant.setCurrentIndex(index)
        else:
            self.set_house_rule(name)

    def set_overlays(self, names: list[str]) -> None:
        for i in range(self.overlays.count()):
            item = self.overlays.item(i)
            item.setCheckState(Qt.CheckState.Checked if item.text() in names
                               else Qt.CheckState.Unchecked)

    def choice(self) -> tuple[GameChoice | None, str | None]:
        """What to play, or why the panel's values cannot be used."""
        options, problem = parse_options(self.options.text())
        if problem:
            return None, problem
        data = self.variant.currentData()
        variant = data if isinstance(data, str) else self.variant.currentText()
        if variant == _(HOUSE_RULE):
            return None, _("choose a house-rule file or a shipped variant")
        overlays = [self.overlays.item(i).text() for i in range(self.overlays.count())
                    if self.overlays.item(i).checkState() == Qt.CheckState.Checked]
        return GameChoice(variant, overlays, options, self.setup.currentData()), None

    def show_findings(self, findings: list[Finding], note: str = "") -> None:
        """List what keeps the game from starting (empty: hide the list)."""
        self.note.setText(note)
        self.findings.clear()
        for f in findings:
            item = QListWidgetItem(f"{f.code}: {f.message}" + (
                "\n" + _("fix: {hint}").format(hint=_(f.hint)) if f.hint else ""))
            item.setData(Qt.ItemDataRole.UserRole, f)
            item.setToolTip(f.format_line())
            self.findings.addItem(item)
        self.findings.setVisible(bool(findings))
