"""The variant being configured: a `VariantDocument` as an `EditableDocument`.

Every change is a model operation of `editor.model.variant_edit` (it returns a `VariantEdit`),
pushed by the base's `apply` as the same `EditCommand` the board uses; touched keys are
`("variant", pointer)`. A change merged back to its start value leaves no undo step.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoStack

from editor.gui.shell.document import EditableDocument
from editor.i18n import _
from editor.model.variant import VARIANT_SUFFIX, variants_dir
from editor.model.variant_edit import (
    MISSING,
    VariantDocument,
    VariantEdit,
    get_pointer,
    reset_value,
    set_value,
)


def shipped_name(path: str | Path) -> str | None:
    """The shipped variant name of a file in variants/ (None for any other file)."""
    p = Path(path).resolve()
    if p.parent == variants_dir().resolve() and p.name.endswith(VARIANT_SUFFIX):
        return p.name.removesuffix(VARIANT_SUFFIX)
    return None


class VariantSession(EditableDocument):
    """The configurator's document: the variant file, its path and its undo stack."""

    def __init__(self, stack: QUndoStack, parent: QObject | None = None) -> None:
        super().__init__(stack, parent)
        self.doc = VariantDocument.new("conquest-4p", name="my-house-rule")

    # ---- state ----------------------------------------------------------------------

    @property
    def subject(self) -> VariantDocument:
        return self.doc

    @property
    def display_name(self) -> str:
        if self.doc.path:
            return Path(self.doc.path).name
        name = self.doc.raw.get("name")
        return _("{name} (unsaved)").format(name=name) if name else _("Untitled variant")

    @property
    def parent_ref(self) -> str | None:
        ref = self.doc.raw.get("extends")
        return str(ref) if ref else None

    # ---- documents ------------------------------------------------------------------

    def replace(self, doc: VariantDocument) -> None:
        self.doc = doc
        self.start_over()

    def new(self, parent: str, name: str | None = None) -> None:
        """A new house rule extending `parent` (a shipped name or a path)."""
        base = Path(parent).resolve().parent if Path(parent).is_file() else None
        self.replace(VariantDocument.new(parent, base=base,
                                         name=name or f"my-{Path(parent).name}"
                                         .removesuffix(VARIANT_SUFFIX)))

    def open(self, path: str) -> list:
        """Open a house-rule file (a shipped variant's file starts a house rule extending
        it, so the shipped file is never overwritten). Returns the findings of a file that
        cannot be opened ([] on success)."""
        name = shipped_name(path)
        if name is not None:
            self.new(name)
            return []
        doc, findings = VariantDocument.open(path)
        if doc is None:
            return findings
        self.replace(doc)
        return []

    def save(self, path: str | None = None) -> str:
        """Write the minimal file (atomic); raises OSError or EditError."""
        written = self.doc.save(path)
        self.stack.setClean()
        self.reset.emit()
        return written

    # ---- editing --------------------------------------------------------------------

    def set(self, text: str, pointer: str, value: Any) -> VariantEdit | None:
        """Set the value at `pointer`; a value equal to the inherited one drops this file's
        override instead (so changing a value back leaves no change and no undo step)."""
        inherited = get_pointer(self.doc.parent_data(), pointer) if (
            self.parent_ref or self.doc.raw.get("overlays")) else MISSING
        same = inherited == value and type(inherited) is type(value)
        operation = reset_value if same else set_value
        args = (pointer,) if same else (pointer, value)
        return self.apply(text, operation, *args, merge_key=("variant", pointer))
