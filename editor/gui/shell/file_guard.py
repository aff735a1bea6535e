"""Guards the open board file against other writers: its lock (`file_lock.py`) and a watch for
changes made on disk by someone else (`file_watch.py`).

`BoardFiles` asks the guard before it opens (`claim`) and before it writes (`before_write`);
the guard follows the document's path (`pathChanged`) to release the old file's lock and watch
the new file. Every question goes through `dialogs.ask_choice`, which tests replace.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from editor.gui.shell import dialogs
from editor.gui.shell.document import BoardDocument
from editor.gui.shell.file_lock import BoardLock, LockInfo
from editor.gui.shell.file_watch import FileStamp, FileWatch
from editor.i18n import _


def _same(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and Path(a).resolve() == Path(b).resolve()


class FileGuard(QObject):
    """The lock and the watch of the document's file, and the questions they lead to."""

    message = Signal(str)  # for the status bar
    #: the lasting note on the document's lock ("" for none): a lock taken over from a
    #: crashed editor stays noted in the status bar while that board is open
    noteChanged = Signal(str)
    readOnlyChanged = Signal(bool)

    def __init__(self, parent: QWidget, doc: BoardDocument) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.doc = doc
        #: False for headless runs (--screenshot): no lock, no watch, no question
        self.enabled = True
        self.lock: BoardLock | None = None
        self.read_only = False
        self.path: str | None = None
        #: a lock taken (or refused: read-only) for a file about to become the document's
        self._claimed: tuple[str, BoardLock | None, bool] | None = None
        #: content hash the user chose to keep their version against (asked once per change)
        self._declined: str | None = None
        self._asking = False
        self.note = ""
        #: loads the file again into the document (set by BoardFiles)
        self.reloader: Callable[[str], bool] | None = None
        self.watch = FileWatch(self)
        self.watch.changedOnDisk.connect(self._changed_on_disk)
        doc.pathChanged.connect(self._follow)

    # ---- locking --------------------------------------------------------------------

    def _ask_locked(self, path: str, holder: LockInfo | None, read_only_choice: bool) -> str:
        who = holder.describe() if holder else _("another editor")
        choices = [("read-only", _("Open read-only"))] if read_only_choice else []
        choices += [("take-over", _("Take over")), ("cancel", _("Cancel"))]
        question = _("Open it read-only (you can save a copy with Save as…), or take it over?") \
            if read_only_choice else _("Take it over?")
        return dialogs.ask_choice(
            self.parent_widget, "locked", _("Board is open in another editor"),
            _("'{name}' is being edited by {who}.").format(name=Path(path).name, who=who)
            + "\n\n" + question + " " + _("Taking over means the other editor can no longer "
                                           "save over it without asking."),
            choices, details=_("lock file: {path}").format(path=BoardLock(path).path))

    def claim(self, path: str, *, read_only_choice: bool = True) -> bool:
        """Lock `path` before it becomes the document's file; ask when another editor holds it.
        False when the user cancels."""
        if not self.enabled:
            return True
        path = str(Path(path).resolve())
        if _same(path, self.path) and self.lock is not None and self.lock.owns():
            self._claimed = (path, self.lock, False)
            return True
        lock = BoardLock(path)
        result = lock.acquire()
        if result.held:
            note = (_("Took over the lock left by a crashed editor ({holder})").format(
                holder=result.stale.describe()) if result.stale is not None else "")
            if note:
                self.message.emit(note)
            self._set_note(note)
            self._claimed = (path, lock, False)
            return True
        if result.error:  # e.g. a read-only folder: edit without a lock
            self._set_note("")
            self.message.emit(_("Cannot lock {name}: {reason}").format(
                name=Path(path).name, reason=result.error))
            self._claimed = (path, None, False)
            return True
        self._set_note("")
        answer = self._ask_locked(path, result.holder, read_only_choice)
        if answer == "take-over" and lock.take_over():
            self.message.emit(_("Took over {name} from {holder}").format(
                name=Path(path).name,
                holder=result.holder.describe() if result.holder else _("another editor")))
            self._claimed = (path, lock, False)
            return True
        if answer == "read-only":
            self._claimed = (path, None, True)
            return True
        return False

    def _set_note(self, note: str) -> None:
        if note != self.note:
            self.note = note
            self.noteChanged.emit(note)

    def drop_claim(self) -> None:
        """A claimed file did not become the document's (the open or save failed)."""
        if self._claimed is not None:
            _path, lock, _ro = self._claimed
            if lock is not None and lock is not self.lock:
                lock.release()
        self._claimed = None

    def _follow(self) -> None:
        """The document's path changed (open, save as, restore, new): move lock and watch."""
        if not self.enabled:
            return
        path = self.doc.path
        if _same(path, self.path) and self._claimed is None:
            self.watch.record()  # reloaded or saved: what is on disk is ours
            self._declined = None
            return
        claimed = self._claimed
        if path and (claimed is None or not _same(claimed[0], path)):
            self.drop_claim()
            if not self.claim(path, read_only_choice=True):  # a restore: cancel is read-only
                self._claimed = (str(Path(path).resolve()), None, True)
            claimed = self._claimed
        new_lock, read_only = (claimed[1], claimed[2]) if claimed and path else (None, False)
        self._claimed = None
        if self.lock is not None and self.lock is not new_lock:
            self.lock.release()
        self.lock = new_lock
        self.path = str(Path(path).resolve()) if path else None
        self._declined = None
        self.watch.follow(self.path)
        self._set_read_only(read_only)

    def _set_read_only(self, value: bool) -> None:
        if value != self.read_only:
            self.read_only = value
            self.readOnlyChanged.emit(value)

    def release(self) -> None:
        """The window closes: release the lock, stop watching."""
        self.drop_claim()
        if self.lock is not None:
            self.lock.release()
            self.lock = None
        self.watch.follow(None)
        self.path = None

    # ---- saving ---------------------------------------------------------------------

    def before_write(self, path: str) -> str:
        """Before saving to `path`: 'ok', 'save-as' (save elsewhere) or 'cancel'.

        Saving over the document's own file checks that this editor still holds its lock and
        that nobody changed the file since it was read; saving to another file locks that."""
        if not self.enabled:
            return "ok"
        if not _same(path, self.path):
            return "ok" if self.claim(path, read_only_choice=False) else "cancel"
        if self.read_only or (self.lock is not None and not self.lock.owns()):
            answer = self._retake(path)
            if answer != "ok":
                return answer
        if self.watch.changed():
            return dialogs.ask_choice(
                self.parent_widget, "overwrite-changed", _("File changed on disk"),
                _("'{name}' was changed on disk since you opened or last saved it. Saving "
                  "replaces those changes with yours.").format(name=Path(path).name),
                [("save-as", _("Save as…")), ("ok", _("Save over it")),
                 ("cancel", _("Cancel"))])
        return "ok"

    def _retake(self, path: str) -> str:
        """Get the lock of the document's own file back before saving over it (read-only, or
        another editor took it over); asks when a running editor holds it. 'ok', 'save-as' or
        'cancel'."""
        lock = self.lock or BoardLock(path)
        holder = lock.holder()
        if holder is None or holder.is_stale():
            taken = lock.acquire().held
        else:
            if self.lock is not None:  # we had it: someone took it over
                answer = dialogs.ask_choice(
                    self.parent_widget, "lock-lost", _("Board taken over"),
                    _("{holder} took over '{name}' while you had it open. Save a copy instead, "
                      "or take it back and save over their work?").format(
                        holder=holder.describe(), name=Path(path).name),
                    [("save-as", _("Save as…")), ("take-over", _("Take it back and save")),
                     ("cancel", _("Cancel"))])
            else:
                answer = self._ask_locked(path, holder, read_only_choice=False)
            if answer != "take-over":
                return answer
            taken = lock.take_over()
        if not taken:
            return "cancel"
        self.lock = lock
        self._set_read_only(False)
        return "ok"

    # ---- changes on disk ------------------------------------------------------------

    def _changed_on_disk(self, path: str) -> None:
        if self._asking or not self.enabled or not _same(path, self.path):
            return
        now = FileStamp.of(path)
        if not now.exists:
            if self._declined != "":
                self.message.emit(_("{name} was deleted on disk; Save writes it again").format(
                    name=Path(path).name))
            self._declined = ""
            return
        if now.sha256 == self._declined:
            return
        self._asking = True
        try:
            extra = (_("Reload it and lose your unsaved changes, or keep your version?")
                     if self.doc.modified else _("Reload it, or keep the version you have "
                                                 "open?"))
            choices = [("reload", _("Reload")), ("keep", _("Keep my version"))]
            if self.doc.modified:  # the default must not throw away unsaved work
                choices.reverse()
            answer = dialogs.ask_choice(
                self.parent_widget, "changed-on-disk", _("File changed on disk"),
                _("'{name}' was changed on disk by another program.").format(
                    name=Path(path).name) + " " + extra, choices)
        finally:
            self._asking = False
        if answer == "reload" and self.reloader is not None and self.reloader(path):
            self.message.emit(_("Reloaded {name}").format(name=Path(path).name))
            return
        self._declined = now.sha256
        self.watch.check()  # it may have changed again while the question was open
