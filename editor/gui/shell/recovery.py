"""Crash recovery: autosave of the open board to a recovery folder, a lock per recovery file,
and the offer to restore what an editor that did not close normally left behind.

Autosave is debounced: the recovery file is written `autosave_ms` (2 s) after the last edit, and
at the latest `max_delay_ms` (5 s) after the first unsaved edit while editing goes on, so a crash
loses at most the last few seconds of work. The recovery file names the scan as the board file
does (relative to the board; absolute for an untitled board).

Each window holds the lock of its own recovery file (`QLockFile`, stale only when its process is
gone), so a second running editor neither offers nor deletes it.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import time
import uuid
from pathlib import Path

import shiboken6
from PySide6.QtCore import QLockFile, QObject, QStandardPaths, QTimer, Signal
from PySide6.QtWidgets import QWidget

from editor.gui.shell import dialogs
from editor.gui.shell.document import BoardDocument
from editor.i18n import _
from editor.model import dump_board, load_board
from editor.model.findings import Finding
from editor.model.io import atomic_write_text

RECOVERY_ENV = "CONQUEST_EDITOR_RECOVERY_DIR"
#: autosave this long after the last edit ...
AUTOSAVE_MS = 2_000
#: ... and at the latest this long after the first edit not yet autosaved
MAX_DELAY_MS = 5_000


def default_recovery_dir() -> Path:
    env = os.environ.get(RECOVERY_ENV)
    if env:
        return Path(env)
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppLocalDataLocation)
    return Path(base or Path.home() / ".conquest-workbench") / "recovery"


def format_findings(findings: list[Finding], limit: int = 30) -> str:
    """Findings one per line (for a dialog's details)."""
    lines = [f.format_line() for f in findings[:limit]]
    if len(findings) > limit:
        lines.append(_("... and {n} more").format(n=len(findings) - limit))
    return "\n".join(lines)


def _untitled_key() -> str:
    return f"untitled-{uuid.uuid4().hex[:8]}"


class Recovery(QObject):
    """Autosaves one document shortly after each edit (debounced, with a maximum delay)."""

    message = Signal(str)  # for the status bar

    def __init__(self, parent: QWidget, doc: BoardDocument, folder: str | os.PathLike[str],
                 autosave_ms: int = AUTOSAVE_MS, max_delay_ms: int = MAX_DELAY_MS) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.doc = doc
        self.folder = Path(folder)
        self.key = _untitled_key()
        self.autosaved_index: int | None = None
        self.lock: QLockFile | None = None
        #: False stops autosaving (a headless run; a test simulating a crash)
        self.enabled = True
        self.timer = QTimer(self)  # restarted by every edit: fires when editing pauses
        self.timer.setSingleShot(True)
        self.timer.setInterval(autosave_ms)
        self.timer.timeout.connect(self.autosave)
        self.max_timer = QTimer(self)  # not restarted: fires during continuous editing
        self.max_timer.setSingleShot(True)
        self.max_timer.setInterval(max_delay_ms)
        self.max_timer.timeout.connect(self.autosave)
        doc.stack.indexChanged.connect(self.schedule)
        doc.reset.connect(self.schedule)

    def schedule(self, *_args) -> None:
        """An edit happened: autosave when editing pauses, or when the maximum delay is up.

        A QUndoStack's destructor clears it and so emits indexChanged once more; at interpreter
        exit that reaches here with the stack's C++ side already gone: nothing to save then."""
        if not self.enabled or not shiboken6.isValid(self.doc.stack) or not self.doc.modified:
            return
        self.timer.start()
        if not self.max_timer.isActive():
            self.max_timer.start()

    def files(self, key: str | None = None) -> tuple[Path, Path]:
        """The recovery board file and its meta file."""
        key = key or self.key
        return self.folder / f"{key}.board.json", self.folder / f"{key}.meta.json"

    def follow(self, path: str | None) -> None:
        """The document is now the file `path` (None: untitled): drop the old recovery file
        and key the next one by the new file."""
        self.drop()
        self.key = hashlib.sha1(path.encode()).hexdigest()[:12] if path else _untitled_key()

    def _lock_file(self, key: str) -> QLockFile:
        lock = QLockFile(str(self.folder / f"{key}.lock"))
        lock.setStaleLockTime(0)  # stale only when its process is gone (a crash)
        return lock

    def _ensure_lock(self) -> None:
        """Hold the lock of this window's recovery file, so another running editor never
        offers it for restoring (and never deletes it); pick another key when it is taken."""
        if self.lock is not None:
            return
        for attempt in range(3):
            if attempt:
                self.key = f"{self.key}-{uuid.uuid4().hex[:6]}"
            lock = self._lock_file(self.key)
            if lock.tryLock(0):
                self.lock = lock
                return

    def autosave(self) -> bool:
        """Write the board to the recovery file when it changed since the last autosave."""
        self.timer.stop()
        self.max_timer.stop()
        if not self.doc.modified:
            return False
        index = self.doc.stack.index()
        if self.autosaved_index == index and self.files()[0].exists():
            return False
        copy = self.doc.board.model_copy(deep=True)
        scan = self.doc.scan_path()
        if copy.image is not None and scan and not self.doc.path:  # untitled: no board folder
            copy.image.path = Path(scan).resolve().as_posix()
        meta = {"path": self.doc.path, "scan": scan,
                "image_path": self.doc.board.image.path if self.doc.board.image else None,
                "time": time.strftime("%Y-%m-%d %H:%M:%S"), "name": self.doc.display_name}
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._ensure_lock()
            board_file, meta_file = self.files()
            # the meta file first: a crash between the two leaves a restorable pair
            atomic_write_text(meta_file, json.dumps(meta, indent=2) + "\n", backup=False)
            atomic_write_text(board_file, dump_board(copy), backup=False)
        except OSError as exc:
            self.message.emit(_("Autosave failed: {reason}").format(
                reason=exc.strerror or exc))
            return False
        self.autosaved_index = index
        return True

    def drop(self, key: str | None = None) -> None:
        """Delete a recovery file (this window's by default) and release its lock."""
        for p in self.files(key):
            with contextlib.suppress(OSError):
                p.unlink(missing_ok=True)
        if key is None or key == self.key:
            self.autosaved_index = None
            if self.lock is not None:
                self.lock.unlock()
                self.lock = None

    def stop(self) -> None:
        """The window closes normally: no more autosaves, and no recovery file left."""
        self.enabled = False
        self.timer.stop()
        self.max_timer.stop()
        self.drop()

    def pending(self) -> list[tuple[str, dict, QLockFile]]:
        """Recovery files left by editors that are no longer running, newest first, each with
        its lock (now held by this window)."""
        if not self.folder.is_dir():
            return []
        found = []
        for meta_file in sorted(self.folder.glob("*.meta.json"),
                                key=lambda p: p.stat().st_mtime, reverse=True):
            key = meta_file.name[: -len(".meta.json")]
            if key == self.key or not self.files(key)[0].exists():
                continue
            lock = self._lock_file(key)
            if not lock.tryLock(0):
                continue  # its editor is still running
            try:
                meta = json.loads(meta_file.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                lock.unlock()
                continue
            found.append((key, meta, lock))
        return found

    def offer(self) -> bool:
        """After a crash: offer to restore the newest recovery file; True when restored."""
        restored = False
        for key, meta, lock in self.pending():
            if restored:
                lock.unlock()  # offered again next time
                continue
            name = meta.get("path") or meta.get("name") or _("an untitled board")
            if not dialogs.ask_yes_no(
                    self.parent_widget, _("Restore unsaved work?"),
                    _("The editor did not close normally. Restore the unsaved changes to "
                      "{name} autosaved at {time}?").format(name=name,
                                                           time=meta.get("time", "?"))):
                self.drop(key)
                lock.unlock()
                continue
            restored = self._restore(key, meta, lock)
        return restored

    def _restore(self, key: str, meta: dict, lock: QLockFile) -> bool:
        result = load_board(self.files(key)[0])
        if result.model is None:
            dialogs.show_error(self.parent_widget, _("Cannot restore"),
                               _("The recovery file could not be read."),
                               format_findings(result.findings))
            lock.unlock()
            return False
        board = result.model
        path = meta.get("path")
        self.drop()  # this window's own (empty) recovery state
        self.key = key
        self.lock = lock
        self.doc.replace_board(board, path, scan_override=None if path else meta.get("scan"),
                               restored=True)
        self.message.emit(_("Restored unsaved work from {time}").format(
            time=meta.get("time", "?")))
        return True
