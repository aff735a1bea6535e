"""Editable documents: the one base for boards and variants, and the board document.

`EditableDocument` is what every document the user edits has: an undo stack of `EditCommand`s,
`modified`, `apply` (run a model operation, push its edit) and the signals `changed` (a set of
touched keys), `reset` (another document replaced this one) and `error` (a refused edit). Every
edit is an `editor.model.edit_base.Edit` (Qt-free: it merges and knows when it changes
nothing); the command replays it on redo and reverts it on undo. `BoardDocument` edits a board;
`editor.gui.variant.session.VariantSession` edits a variant file.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from editor.i18n import _
from editor.model.board import Board
from editor.model.edit import Edit, EditError
from editor.render.scan import ScanRead, probe_scan

_merge_sessions = itertools.count(1)


def new_merge_session() -> int:
    """A fresh token: commands pushed with the same merge key merge into one undo step."""
    return next(_merge_sessions)


class EditCommand(QUndoCommand):
    """An undoable edit of a board or a variant; commands with the same merge key merge
    (dragging, typing), and a command merged back to its start value is obsolete: the undo
    stack drops it (Tiled's rule), so changing a value and back leaves no undo step."""

    def __init__(self, doc: EditableDocument, text: str, edit: Edit,
                 merge_key: Any = None) -> None:
        super().__init__(text)
        self.doc = doc
        self.edit = edit
        self.merge_key = merge_key
        self._applied = True  # the operation ran before the command was pushed

    def id(self) -> int:
        return 1 if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, EditCommand) or other.merge_key != self.merge_key:
            return False
        self.edit.merge(other.edit)
        if self.edit.empty:
            self.setObsolete(True)
        return True

    def redo(self) -> None:
        if self._applied:
            self._applied = False
        else:
            self.edit.redo()
        self.doc.changed.emit(set(self.edit.touched))

    def undo(self) -> None:
        self.edit.undo()
        self.doc.changed.emit(set(self.edit.touched))


class EditableDocument(QObject):
    """The base of every editable document: the undo stack, `modified`, `apply` and the
    signals the views follow. Subclasses say what the operations edit (`subject`)."""

    changed = Signal(object)  # set of touched keys: (kind, id) or ("variant", pointer)
    reset = Signal()  # the whole document was replaced
    error = Signal(str)  # an edit could not be made (message for the user)

    def __init__(self, stack: QUndoStack | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.stack = stack if stack is not None else QUndoStack(self)
        #: True when the content differs from the file although the undo stack is clean
        #: (a restored recovery file)
        self.restored = False

    @property
    def subject(self) -> Any:
        """What the model operations of `apply` edit (a board, a variant document)."""
        raise NotImplementedError

    @property
    def modified(self) -> bool:
        return self.restored or not self.stack.isClean()

    @property
    def display_name(self) -> str:
        raise NotImplementedError

    def apply(self, text: str, operation: Callable[..., Edit], *args: Any,
              merge_key: Any = None, **kwargs: Any) -> Edit | None:
        """Run a model operation on `subject` and push its edit as an undo command.

        Edits with the same `merge_key` merge into one undo step, which is dropped when it
        returns every value to its start (obsolete). Returns the edit, or None when it was
        refused (the reason goes to `error`) or changed nothing.
        """
        try:
            edit = operation(self.subject, *args, **kwargs)
        except EditError as exc:
            self.error.emit(str(exc))
            return None
        if edit.empty:
            return None
        self.stack.push(EditCommand(self, text, edit, merge_key))
        return edit

    def start_over(self, *, restored: bool = False) -> None:
        """The content was replaced: no undo history, clean (or `restored`); views rebuild."""
        self.restored = restored
        self.stack.clear()
        self.stack.setClean()
        self.reset.emit()


class BoardDocument(EditableDocument):
    """A board being edited: the model, where it lives on disk, and its undo stack."""

    pathChanged = Signal()

    def __init__(self, board: Board | None = None, path: str | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent=parent)
        self.board = board if board is not None else Board(name=_("Untitled board"))
        self.path = path
        #: absolute path of the scan while the board has no file yet (its image.path may be
        #: relative to a file that does not exist yet)
        self.scan_override: str | None = None

    def __del__(self) -> None:
        # the undo commands go first, while every wrapper is intact: one garbage collection may
        # free the document, its stack and its commands (which refer to it) together, and the
        # stack's destructor would then delete commands whose wrappers are gone (a segfault)
        with contextlib.suppress(RuntimeError, AttributeError):  # the C++ side is gone
            self.stack.blockSignals(True)  # nobody is told: the document is going
            self.stack.clear()

    # ---- state ----------------------------------------------------------------------

    @property
    def subject(self) -> Board:
        return self.board

    @property
    def display_name(self) -> str:
        return Path(self.path).name if self.path else _("Untitled")

    def scan_path(self) -> str | None:
        """Absolute path of the scan image, or None when the board names none."""
        if self.scan_override:
            return self.scan_override
        img = self.board.image
        if img is None:
            return None
        p = Path(img.path)
        if not p.is_absolute() and self.path:
            p = Path(self.path).resolve().parent / p
        return str(p)

    # ---- editing --------------------------------------------------------------------

    def replace_board(self, board: Board, path: str | None, *,
                      scan_override: str | None = None, restored: bool = False) -> None:
        """A new board (open, new from scan, restore): observers rebuild on `reset`.

        `restored` marks content that differs from the file although nothing is undoable
        (a recovery file)."""
        self.board = board
        self.path = path
        self.scan_override = scan_override
        self.start_over(restored=restored)
        self.pathChanged.emit()

    def mark_saved(self, path: str) -> None:
        """The board was written to `path`: it is the document's file now, and clean."""
        self.path = path
        self.scan_override = None
        self.restored = False
        self.stack.setClean()
        self.pathChanged.emit()

    def scan_problem(self) -> tuple[str, ScanRead] | None:
        """The scan's path and why it cannot be shown (missing, over the pixel limit,
        unreadable; from the image header), or None when there is no scan or it is fine."""
        path = self.scan_path()
        problem = probe_scan(path) if path is not None else None
        return (path, problem) if problem is not None else None

    def missing_scan(self) -> str | None:
        """The scan's path when the board names a scan that cannot be shown, else None."""
        problem = self.scan_problem()
        return problem[0] if problem else None
