"""Inspector rows generated from the board model's field metadata, as the variant form is.

A page names the model fields it shows, in order (`GeneratedPage.ROWS`); each is a row whose
label, tooltip, editor and range come from the pydantic field through
`editor.model.variant_fields.field_info` (description, enum or literal choices, bounds, null
allowed): a choice is a combo box ("(none)" first when the field may be null), an int a spin
box (its lowest value means none when the field may be null), a bool a check box, a list of
piece types a grid of check boxes, text a line edit (committed while typing and merged into one
undo step, or on Enter for a field with a pattern such as a colour). Several selected elements
with different values show "(various)". What needs its own widget (ids, references picked on
the canvas, derived flags) is built by the page's own `row_<name>` methods (`CUSTOM`).
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from pydantic import BaseModel
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QSpinBox, QWidget

from editor.gui.trace.pages import (
    VARIOUS,
    Page,
    PieceChecks,
    show_check,
    show_combo,
    show_line,
)
from editor.i18n import N_, _
from editor.model import edit as ops
from editor.model.terms import PIECE_NAMES, piece_name
from editor.model.variant_fields import OptionInfo, field_info

#: the spin box's range when the model gives no bound
DEFAULT_MAXIMUM = 99_999


class Writer(Protocol):
    """What a generated row calls to change the selected elements (a `Page`)."""

    def write(self, attr: str, value: Any, merge: bool = False) -> None: ...

    def toggle(self, attr: str, item: str, on: bool) -> None: ...


Shows = Callable[[list[Any]], None]
Built = tuple[QWidget, Shows]


@dataclass
class ModelRow:
    """One generated row: its form label ("" for a check box, which carries its own text),
    the editor widget and how it shows the values of the selected elements."""

    attr: str
    label: str
    widget: QWidget
    show: Shows


#: row titles of model fields the pages do not title themselves (marked; shown with `_()`)
ROW_TITLES: dict[str, str] = {
    "number": N_("Number"), "label": N_("Label"), "bridge_class": N_("Bridge class"),
    "barred": N_("Barred"), "only_unloaded": N_("Only unloaded"), "capacity": N_("Capacity"),
    "name": N_("Name"), "colour": N_("Colour"), "side": N_("Side"), "moat": N_("Moat")}
#: choices of model fields (enum and literal values) as people read them
CHOICE_TEXTS: dict[str, str] = {
    "land": N_("land"), "sea": N_("sea"), "normal": N_("normal"), "x_bridge": N_("x bridge"),
    "rope_bridge": N_("rope bridge"), "bridge": N_("bridge"), "underpass": N_("underpass")}


def row_title(attr: str, titles: dict[str, str] | None = None) -> str:
    """'only_unloaded' -> 'Only unloaded' (a page's title table may say it better)."""
    return _((titles or {}).get(attr) or ROW_TITLES.get(attr)
             or attr.replace("_", " ").capitalize())


def choice_text(value: Any) -> str:
    """A choice as people read it: a piece type by the rule books' word."""
    text = str(getattr(value, "value", value))
    if text in PIECE_NAMES:
        return piece_name(text)
    return _(CHOICE_TEXTS[text]) if text in CHOICE_TEXTS else text.replace("_", " ")


def _enum_of(model: type[BaseModel], attr: str) -> type[enum.Enum] | None:
    """The enum class of a field (also inside `X | None`), to store members, not strings."""
    annotation = model.model_fields[attr].annotation
    members = typing.get_args(annotation) or (annotation,)
    for m in members:
        if isinstance(m, type) and issubclass(m, enum.Enum):
            return m
    return None


def _has_pattern(model: type[BaseModel], attr: str) -> bool:
    """A pattern on the field or on its type (an id, also inside `Id | None`): such a value
    is committed when it is complete, not at every key."""
    info = model.model_fields[attr]
    found = list(info.metadata)
    for member in (info.annotation, *typing.get_args(info.annotation)):
        if typing.get_origin(member) is typing.Annotated:
            for extra in typing.get_args(member)[1:]:
                found.extend(getattr(extra, "metadata", [extra]))
    return any(getattr(m, "pattern", None) for m in found)


def describe(model: type[BaseModel], attr: str) -> OptionInfo:
    return field_info(attr, model.model_fields[attr])


def model_row(writer: Writer, model: type[BaseModel], attr: str, *, prefix: str,
              titles: dict[str, str] | None = None, null_text: str = N_("(none)")) -> ModelRow:
    """The row of one model field; its widget is named '{prefix}_{attr}'."""
    info = describe(model, attr)
    title = row_title(attr, titles)
    kinds = set(info.type.split("|"))
    nullable = "null" in kinds
    if "choice" in kinds:
        widget, show = _choice_row(writer, attr, info, _enum_of(model, attr), nullable,
                                   null_text)
    elif "int" in kinds:
        widget, show = _int_row(writer, attr, info, nullable, null_text)
    elif "bool" in kinds:
        widget, show = _bool_row(writer, attr, title)
    elif "list" in kinds and info.allowed:
        widget, show = _list_row(writer, attr)
    else:
        widget, show = _text_row(writer, attr, nullable, live=not _has_pattern(model, attr))
    widget.setObjectName(f"{prefix}_{attr}")
    widget.setToolTip(_(info.description))
    return ModelRow(attr, "" if "bool" in kinds else title, widget, show)


def _choice_row(writer: Writer, attr: str, info: OptionInfo, kind: type[enum.Enum] | None,
                nullable: bool, null_text: str) -> Built:
    combo = QComboBox()
    if nullable:
        combo.addItem(_(null_text), None)
    for value in info.allowed:
        combo.addItem(choice_text(value), value)

    def chosen() -> None:
        value = combo.currentData()
        if value != "__various__":
            writer.write(attr, kind(value) if kind is not None and value is not None else value)

    combo.activated.connect(chosen)
    return combo, lambda values: show_combo(combo, [getattr(v, "value", v) for v in values])


def _int_row(writer: Writer, attr: str, info: OptionInfo, nullable: bool,
             null_text: str) -> Built:
    spin = QSpinBox()
    low = int(info.minimum) if info.minimum is not None else 0
    high = int(info.maximum) if info.maximum is not None else DEFAULT_MAXIMUM
    none = low - 1 if nullable else None
    spin.setRange(low - 1 if nullable else low, high)
    if nullable:
        spin.setSpecialValueText(_(null_text))
    spin.valueChanged.connect(
        lambda v: writer.write(attr, None if v == none else v, merge=True))

    def show(values: list[Any]) -> None:
        if spin.hasFocus() or not values:
            return
        various = none is not None and len(set(values)) > 1  # its lowest value says so
        if none is not None:
            spin.setSpecialValueText(_(VARIOUS) if various else _(null_text))
        spin.setValue(none if various or (values[0] is None and none is not None)
                      else values[0] or 0)

    return spin, show


def _bool_row(writer: Writer, attr: str, title: str) -> Built:
    box = QCheckBox(title)
    box.clicked.connect(lambda on: writer.write(attr, on))
    return box, lambda values: show_check(box, [bool(v) for v in values])


def _list_row(writer: Writer, attr: str) -> Built:
    checks = PieceChecks()
    checks.toggled.connect(lambda item, on: writer.toggle(attr, item, on))
    return checks, lambda values: checks.show_values(
        [[getattr(p, "value", p) for p in v] for v in values])


def _text_row(writer: Writer, attr: str, nullable: bool, live: bool) -> Built:
    line = QLineEdit()

    def value(text: str) -> str | None:
        return (text.strip() or None) if nullable else text

    if live:  # free text: every key is an edit, merged into one undo step
        line.textEdited.connect(lambda t: writer.write(attr, value(t), merge=True))
    else:  # a pattern (a colour): the value is checked when it is complete
        line.editingFinished.connect(lambda: writer.write(attr, value(line.text().strip())))
    return line, lambda values: show_line(line, [v or "" for v in values])


@dataclass
class FuncWriter:
    """A `Writer` made of two functions (rows of a part of a page, e.g. the selected seat)."""

    write: Callable[..., None]
    toggle: Callable[[str, str, bool], None] = lambda _attr, _item, _on: None


class GeneratedPage(Page):
    """A page whose rows are generated from `MODEL`'s fields in the order of `ROWS`; a name
    in `CUSTOM` is built by the page's method `row_<name>` instead (the override table)."""

    MODEL: ClassVar[type[BaseModel]]
    COLLECTION: ClassVar[str] = ""
    PREFIX: ClassVar[str] = ""
    ROWS: ClassVar[tuple[str, ...]] = ()
    CUSTOM: ClassVar[frozenset[str]] = frozenset()
    #: model fields without a row of their own (a test holds every other field to a row, so
    #: a field added to the model is shown or consciously left out)
    HIDDEN: ClassVar[frozenset[str]] = frozenset()
    #: labels better than the field's name, and what "null" reads as in a choice or spin box
    TITLES: ClassVar[dict[str, str]] = {}
    NULL_TEXT: ClassVar[dict[str, str]] = {}
    #: piece-list rows: history verbs (on, off)
    VERBS: ClassVar[dict[str, tuple[str, str]]] = {}

    def build_rows(self) -> None:
        self.rows: dict[str, ModelRow] = {}
        for name in self.ROWS:
            if name in self.CUSTOM:
                getattr(self, f"row_{name}")()
            else:
                row = self.generated(name)
                self.form.addRow(row.label, row.widget)

    def generated(self, name: str) -> ModelRow:
        """The generated row of a model field (also for a custom row that wraps it); the
        widget is the page's attribute of the field's name."""
        row = model_row(self, self.MODEL, name, prefix=self.PREFIX, titles=self.TITLES,
                        null_text=self.NULL_TEXT.get(name, N_("(none)")))
        self.rows[name] = row
        setattr(self, name, row.widget)
        return row

    def show_rows(self, elements: list[Any]) -> None:
        """Every generated row shows the values of the selected elements."""
        for name, row in self.rows.items():
            row.show([getattr(e, name) for e in elements])

    def write(self, attr: str, value: Any, merge: bool = False) -> None:
        self.set_attr(self.COLLECTION, attr, value, merge=merge)

    def toggle(self, attr: str, item: str, on: bool) -> None:
        if self.updating:
            return
        what = row_title(attr, self.TITLES).lower()
        verbs = self.VERBS.get(attr, (N_("Set {what}:"), N_("Clear {what}:")))
        verb = _(verbs[0 if on else 1]).format(what=what)
        self.apply(_("{verb} {item} on {{}}").format(verb=verb, item=choice_text(item)),
                   ops.toggle_piece, list(self.ids), attr, item, on)
