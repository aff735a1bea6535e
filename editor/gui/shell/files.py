"""Files of the open board: new from scan, open, save, save as, and the recent-files list.

Every dialog goes through `editor.gui.shell.dialogs`; a failed open or save tells the user and
leaves the document as it was. The recovery key follows the file (`Recovery.follow`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtGui import QImageReader
from PySide6.QtWidgets import QWidget

from editor.gui.shell import dialogs
from editor.gui.shell.document import BoardDocument
from editor.gui.shell.file_guard import FileGuard
from editor.gui.shell.recovery import Recovery, format_findings
from editor.gui.shell.wording import plural
from editor.i18n import _
from editor.model import load_board, save_board
from editor.model.board import Board, ScanImage
from editor.model.edit import set_image
from editor.model.findings import Finding
from editor.model.package import is_package

MAX_RECENT = 8


def open_failure_text(path: str, findings: list[Finding], limit: int = 10) -> str:
    """The open-failure dialog's text: every finding (up to `limit`) with its line:column."""
    if not findings:
        return _("'{path}' could not be opened as a board.").format(path=path)
    lines = [_("'{path}' could not be opened as a board ({problems}):").format(
        path=path, problems=plural(len(findings), "problem"))]
    lines += [_("line {line}, column {column}: {message}").format(
        line=f.line or 1, column=f.column or 1, message=f.message) for f in findings[:limit]]
    if len(findings) > limit:
        lines.append(_("… and {n} more (see the details)").format(n=len(findings) - limit))
    return "\n".join(lines)


def relative_scan(scan: str, board_path: str) -> str:
    """The scan's path relative to the board file's folder (absolute across drives)."""
    folder = Path(board_path).resolve().parent
    try:
        rel = os.path.relpath(Path(scan).resolve(), folder)
    except ValueError:  # another drive
        return Path(scan).resolve().as_posix()
    return Path(rel).as_posix()


class BoardFiles(QObject):
    """Opens and saves the window's board document; keeps the recent-files list."""

    message = Signal(str)  # for the status bar
    recentChanged = Signal()

    def __init__(self, parent: QWidget, doc: BoardDocument, settings: QSettings,
                 recovery: Recovery, commit_typing: Callable[[], None]) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.doc = doc
        self.settings = settings
        self.recovery = recovery
        self.commit_typing = commit_typing
        #: opens a game package (File > Open of a *.conquest file); set by the window
        self.package_opener: Callable[[str], bool] | None = None
        self.guard = FileGuard(parent, doc)  # the file's lock and the watch for outside changes
        self.guard.reloader = self.reload
        self.guard.message.connect(self.message)

    # ---- recent files ---------------------------------------------------------------

    def recent_files(self) -> list[str]:
        value = self.settings.value("recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def add_recent(self, path: str) -> None:
        files = [path, *[p for p in self.recent_files() if p != path]][:MAX_RECENT]
        self.settings.setValue("recent", files)
        self.settings.sync()
        self.recentChanged.emit()

    # ---- opening --------------------------------------------------------------------

    def maybe_save(self) -> bool:
        """Ask about unsaved changes; True when it is fine to drop the document."""
        if not self.doc.modified:
            return True
        answer = dialogs.ask_save_changes(self.parent_widget, self.doc.display_name)
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_board(self) -> bool:
        """An empty board without a scan (File > New board), e.g. to draw from scratch."""
        if not self.maybe_save():
            return False
        self.recovery.follow(None)
        self.doc.replace_board(Board(name=_("New board")), None)
        return True

    def new_from_scan(self, image_path: str | None = None) -> bool:
        if not self.maybe_save():
            return False
        if not image_path:
            image_path = dialogs.get_open_path(self.parent_widget,
                                               _("Choose the scanned board image"),
                                               dialogs.IMAGE_FILTER)
            if not image_path:
                return False
        reader = QImageReader(image_path)
        size = reader.size()
        if not size.isValid() or size.width() < 1:
            dialogs.show_error(self.parent_widget, _("Cannot read image"), _(
                "'{path}' is not an image the editor can read ({reason}).").format(
                    path=image_path, reason=reader.errorString()))
            return False
        absolute = str(Path(image_path).resolve())
        board = Board(name=Path(image_path).stem.replace("-", " ").replace("_", " ").title(),
                      image=ScanImage(path=Path(absolute).as_posix(), width=size.width(),
                                      height=size.height()))
        self.recovery.follow(None)
        self.doc.replace_board(board, None, scan_override=absolute)
        return True

    def open_dialog(self) -> bool:
        path = dialogs.get_open_path(self.parent_widget, _("Open board or game package"),
                                     dialogs.OPEN_FILTER)
        return self.open_path(path) if path else False

    def open_path(self, path: str) -> bool:
        if self.package_opener is not None and is_package(path):
            return self.package_opener(path)
        if not self.maybe_save():
            return False
        result = load_board(path)
        if result.model is None:
            dialogs.show_error(self.parent_widget, _("Cannot open board"),
                               open_failure_text(path, result.findings),
                               format_findings(result.findings))
            return False
        absolute = str(Path(path).resolve())
        if not self.guard.claim(absolute):  # another editor has it and the user cancelled
            return False
        self.recovery.follow(absolute)
        self.doc.replace_board(result.model, absolute)
        self.add_recent(absolute)
        problem = self.doc.scan_problem()
        if problem:
            missing, why = problem
            title = {"missing": _("Scan image missing"),
                     "refused": _("Scan image too large")}.get(why.problem,
                                                                _("Scan image unreadable"))
            dialogs.show_warning(
                self.parent_widget, title,
                _("The scan '{scan}' of this board at '{path}' is not shown: {reason}. You can "
                  "still edit the board.").format(scan=self.doc.board.image.path, path=missing,
                                                  reason=why.reason))
        return True

    def reload(self, path: str) -> bool:
        """Read the document's file again (it changed on disk); the undo history restarts."""
        result = load_board(path)
        if result.model is None:
            dialogs.show_error(self.parent_widget, _("Cannot reload board"),
                               open_failure_text(path, result.findings),
                               format_findings(result.findings))
            return False
        self.recovery.drop()
        self.doc.replace_board(result.model, self.doc.path)
        return True

    # ---- saving ---------------------------------------------------------------------

    def save(self) -> bool:
        self.commit_typing()
        if not self.doc.path or self.guard.read_only:  # read-only: Save is Save as
            return self.save_as()
        return self.write(self.doc.path)

    def suggested_path(self) -> str:
        """Where Save As starts: the board's own file, else next to the scan with a name made
        from it (scan 'gc-west.png' -> 'gc-west.board.json')."""
        if self.doc.path:
            return self.doc.path
        scan = self.doc.scan_path()
        if scan:
            return str(Path(scan).with_name(Path(scan).stem + ".board.json"))
        return ""

    def replace_scan(self) -> bool:
        """File > Replace scan: relink a missing or moved scan (or a rescan) as one undoable
        edit; the fields stay where they are."""
        start = self.doc.scan_path() or ""
        path = dialogs.get_open_path(self.parent_widget, _("Choose the board's scan again"),
                                     dialogs.IMAGE_FILTER, str(Path(start).parent) if start
                                     else "")
        if not path:
            return False
        size = QImageReader(path).size()
        if not size.isValid() or size.width() < 1:
            dialogs.show_error(self.parent_widget, _("Cannot read image"), _(
                "'{path}' is not an image the editor can read.").format(path=path))
            return False
        absolute = str(Path(path).resolve())
        stored = relative_scan(absolute, self.doc.path) if self.doc.path else \
            Path(absolute).as_posix()
        self.doc.scan_override = None
        old = self.doc.board.image
        if self.doc.apply(_("Replace scan"), set_image, stored, size.width(),
                          size.height()) is None:
            return False
        note = ""
        if old is not None and (old.width, old.height) != (size.width(), size.height()):
            note = " " + _("(it is {new} px, the old one {old}: check the fields still sit on "
                           "their circles)").format(new=f"{size.width()}x{size.height()}",
                                                    old=f"{old.width}x{old.height}")
        self.message.emit(_("Scan replaced by {path}").format(path=absolute) + note)
        return True

    def save_as(self) -> bool:
        path = dialogs.get_save_path(self.parent_widget, _("Save board as"),
                                     dialogs.BOARD_FILTER,
                                     self.suggested_path())
        if not path:
            return False
        if not path.endswith(".json"):
            path += ".board.json"
        return self.write(path)

    def write(self, path: str) -> bool:
        """Save atomically; on failure tell the user and keep everything as it was."""
        verdict = self.guard.before_write(path)  # locked elsewhere, or changed on disk?
        if verdict != "ok":
            return self.save_as() if verdict == "save-as" else False
        board = self.doc.board
        scan = self.doc.scan_path()
        old_image_path = board.image.path if board.image else None
        if board.image is not None and scan:
            board.image.path = relative_scan(scan, path)
        try:
            save_board(board, path)
        except OSError as exc:
            if board.image is not None and old_image_path is not None:
                board.image.path = old_image_path
            self.guard.drop_claim()
            reason = exc.strerror or str(exc) or type(exc).__name__
            dialogs.show_error(
                self.parent_widget, _("Save failed"),
                _("The board could not be saved to '{path}': {reason}.").format(
                    path=path, reason=reason) + "\n\n" + _(
                    "Your work is still open in the editor and the file on disk was not "
                    "changed. Try Save as… to another folder."))
            self.message.emit(_("Save failed: {reason}").format(reason=reason))
            return False
        absolute = str(Path(path).resolve())
        if absolute != self.doc.path:
            self.recovery.follow(absolute)
        self.doc.mark_saved(absolute)
        self.recovery.drop()
        self.add_recent(absolute)
        self.message.emit(_("Saved {path}").format(path=absolute))
        return True
