"""One value editor per field type, chosen from the model's metadata (`OptionInfo`).

`make_editor(info)` gives a widget with `set_value(value)` (shows a value without reporting it)
and a `committed(value)` signal for what the user chose: a check box for bool, a combo box for
choices, a spin box within the model's bounds (a number-or-word field gets the word as the spin
box's lowest entry, e.g. "none"), a menu of check boxes for lists of piece types, and a line
edit for texts, free lists and cargo tables (`soldier:2, knight:1`).
"""

from __future__ import annotations

import json
import re
from typing import Any

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLineEdit,
    QMenu,
    QSpinBox,
    QToolButton,
    QWidget,
)

from editor.i18n import _
from editor.model.field_titles import choice_title
from editor.model.variant_fields import OptionInfo

#: rule IDs written in a description, e.g. "(TURN-2)" or "PIECE-CAMEL-8"
RULE_ID = re.compile(r"\b(?:[A-Z]+-)+\d+[a-z]?\b")
#: spin box limits for numbers the model leaves open
OPEN_LOW, OPEN_HIGH = -1_000_000, 1_000_000


def rule_ids(info: OptionInfo) -> list[str]:
    """CONF and rule IDs of a field: the model's lists, else the IDs its description names."""
    ids = [*info.conf, *info.rules]
    return ids or list(dict.fromkeys(RULE_ID.findall(info.description)))


def description(info: OptionInfo) -> str:
    """A field's description, in the user's language."""
    return _(info.description) if info.description else ""


def yes_no(value: object) -> str:
    return _("yes") if value else _("no")


def show_value(value: Any) -> str:
    """A value as the form shows it (lists comma separated, null as a dash)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return yes_no(value)
    if isinstance(value, list):
        return ", ".join(show_value(v) for v in value) or _("(none)")
    if isinstance(value, dict):
        return ", ".join(f"{k}:{v}" for k, v in value.items()) or _("(none)")
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


class FieldEditor(QWidget):
    """Base of the value editors: one child widget, a value, and `committed`."""

    committed = Signal(object)
    #: the editor's widget got the keyboard focus (its row becomes the described one)
    focused = Signal()

    def __init__(self, info: OptionInfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.info = info
        self.value: Any = None
        self.layout_ = QHBoxLayout(self)
        self.layout_.setContentsMargins(2, 0, 2, 0)

    def _put(self, widget: QWidget) -> QWidget:
        widget.setObjectName(f"edit_{self.info.name}")
        widget.setToolTip(description(self.info))
        self.layout_.addWidget(widget)
        self.setFocusProxy(widget)
        widget.installEventFilter(self)
        return widget

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FocusIn:
            self.focused.emit()
        return super().eventFilter(watched, event)

    def set_value(self, value: Any) -> None:
        self.value = value
        self._show(value)

    def _show(self, value: Any) -> None:
        raise NotImplementedError

    def _commit(self, value: Any) -> None:
        if value != self.value or isinstance(value, bool) != isinstance(self.value, bool):
            self.committed.emit(value)


class BoolEditor(FieldEditor):
    def __init__(self, info: OptionInfo, parent: QWidget | None = None) -> None:
        super().__init__(info, parent)
        self.box: QCheckBox = self._put(QCheckBox())
        self.box.clicked.connect(self._commit)
        self.layout_.addStretch(1)

    def _show(self, value: Any) -> None:
        self.box.setChecked(bool(value))
        self.box.setText(yes_no(value))


class ChoiceEditor(FieldEditor):
    def __init__(self, info: OptionInfo, parent: QWidget | None = None) -> None:
        super().__init__(info, parent)
        self.combo: QComboBox = self._put(QComboBox())
        for choice in info.allowed:
            title = choice_title(choice)  # the title first, the key second
            self.combo.addItem(f"{title} ({choice})" if title else str(choice), choice)
        self.combo.activated.connect(lambda i: self._commit(self.combo.itemData(i)))

    def _show(self, value: Any) -> None:
        index = self.combo.findData(value)
        if index < 0:  # a value the model refuses (a finding says so): show it as it is
            self.combo.addItem(_("{value} (not allowed)").format(value=value), value)
            index = self.combo.count() - 1
        self.combo.setCurrentIndex(index)


class NumberEditor(FieldEditor):
    """A spin box within the model's bounds; `word` (e.g. "none", or None for null) sits
    below the lowest number as the spin box's special value."""

    def __init__(self, info: OptionInfo, parent: QWidget | None = None) -> None:
        super().__init__(info, parent)
        self.is_float = info.type.split("|")[0] == "float"
        words = [a for a in info.allowed if isinstance(a, str)]
        self.has_word = bool(words) or "null" in info.type.split("|")
        self.word = words[0] if words else None
        low = info.minimum if info.minimum is not None else (0 if self.has_word else OPEN_LOW)
        high = info.maximum if info.maximum is not None else OPEN_HIGH
        spin: QSpinBox | QDoubleSpinBox
        if self.is_float:
            spin = QDoubleSpinBox()
            spin.setDecimals(2)
            low = low + 0.01 if info.exclusive_minimum else low
        else:
            spin = QSpinBox()
            low = int(low) + 1 if info.exclusive_minimum else int(low)
            high = int(high)
        self.low = low
        if self.has_word:
            spin.setSpecialValueText(str(self.word) if self.word is not None
                                     else "— " + _("(unset)"))
            low = low - 1
        spin.setRange(low, high)
        spin.setKeyboardTracking(False)  # commit on Enter, focus loss and arrow steps
        self.spin = self._put(spin)
        self.spin.setMinimumWidth(90)
        self.spin.valueChanged.connect(self._changed)
        self.layout_.addStretch(1)

    def _changed(self, number: float) -> None:
        if self.has_word and number < self.low:
            self._commit(self.word)
        else:
            self._commit(float(number) if self.is_float else int(number))

    def _show(self, value: Any) -> None:
        self.spin.blockSignals(True)
        if isinstance(value, int | float) and not isinstance(value, bool):
            self.spin.setValue(value)
        else:
            self.spin.setValue(self.spin.minimum())
        self.spin.blockSignals(False)


class ListEditor(FieldEditor):
    """A list of allowed names (piece types): a button with a menu of check boxes."""

    def __init__(self, info: OptionInfo, parent: QWidget | None = None) -> None:
        super().__init__(info, parent)
        self.button: QToolButton = self._put(QToolButton())
        self.button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.menu = QMenu(self.button)
        self.actions_ = {}
        for choice in info.allowed:
            action = self.menu.addAction(str(choice))
            action.setCheckable(True)
            action.triggered.connect(self._toggled)
            self.actions_[choice] = action
        self.button.setMenu(self.menu)
        self.layout_.addStretch(1)

    def _toggled(self) -> None:
        self._commit([c for c, a in self.actions_.items() if a.isChecked()])

    def _show(self, value: Any) -> None:
        chosen = value if isinstance(value, list) else []
        for choice, action in self.actions_.items():
            action.setChecked(choice in chosen)
        self.button.setText(show_value(chosen) + "  ▾")


class TextEditor(FieldEditor):
    """Texts, free lists ("a, b"; empty = null when allowed) and cargo tables
    ("soldier:2, knight:1"); text that does not parse is refused and the value shown again."""

    def __init__(self, info: OptionInfo, parent: QWidget | None = None) -> None:
        super().__init__(info, parent)
        self.kind = info.type.split("|")[0]
        self.line: QLineEdit = self._put(QLineEdit())
        if self.kind == "dict":
            self.line.setPlaceholderText(_("type:count, ... (e.g. soldier:2)"))
        elif self.kind == "list":
            self.line.setPlaceholderText(_("comma separated; empty = unset") if "null" in
                                         info.type else _("comma separated"))
        self.line.editingFinished.connect(self._finished)

    def parse(self, text: str) -> Any:
        """The value a text stands for; raises ValueError with a message for the user."""
        text = text.strip()
        nullable = "null" in self.info.type.split("|")
        if not text and nullable:
            return None
        if self.kind == "list":
            return [p.strip() for p in text.split(",") if p.strip()]
        if self.kind == "dict":
            out: dict[str, int] = {}
            for part in filter(None, (p.strip() for p in text.split(","))):
                name, sep, count = part.partition(":")
                if not sep or not count.strip().isdigit():
                    raise ValueError(_("'{part}' is not type:count (e.g. soldier:2)").format(
                        part=part))
                out[name.strip()] = int(count)
            return out
        if self.kind in ("str", "Annotated"):
            return text
        return json.loads(text)

    def _finished(self) -> None:
        if not self.line.isModified():
            return
        self.line.setModified(False)
        try:
            value = self.parse(self.line.text())
        except ValueError as exc:
            self._show(self.value)
            self.line.setToolTip(_("Not taken: {reason}").format(reason=exc) + "\n\n"
                                 + description(self.info))
            return
        self._commit(value)
        self._show(self.value)

    def _show(self, value: Any) -> None:
        if value is None:
            text = ""
        elif self.kind in ("list", "dict"):
            text = show_value(value) if value else ""
        elif isinstance(value, str):
            text = value
        else:
            text = json.dumps(value)
        self.line.setText(text)
        self.line.setCursorPosition(0)  # the start of a long cargo table, not its end
        self.line.setModified(False)


def make_editor(info: OptionInfo, parent: QWidget | None = None) -> FieldEditor:
    """The editor for a field, by its type in the model."""
    kinds = info.type.split("|")
    if kinds[0] == "bool":
        return BoolEditor(info, parent)
    if kinds[0] == "choice" and "int" not in kinds:
        return ChoiceEditor(info, parent)
    if kinds[0] in ("int", "float"):
        return NumberEditor(info, parent)
    if kinds[0] == "list" and info.allowed:
        return ListEditor(info, parent)
    return TextEditor(info, parent)
