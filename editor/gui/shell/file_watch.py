"""Watching the open board file for changes made by someone else.

`FileStamp` is what the file looked like when the editor last read or wrote it (mtime, size,
SHA-256 of the bytes); `FileWatch` tells when the file on disk no longer matches it. Editors
(and `git checkout`) that save by writing a new file and renaming it over the old one make
`QFileSystemWatcher` drop the path: it is added again on every change.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

#: wait this long after a change signal before comparing (a writer may still be writing)
SETTLE_MS = 150


@dataclass(frozen=True)
class FileStamp:
    """mtime, size and content hash of a file; `exists` False for a missing file."""

    exists: bool
    mtime_ns: int = 0
    size: int = 0
    sha256: str = ""

    @classmethod
    def of(cls, path: str | Path) -> FileStamp:
        p = Path(path)
        try:
            st = p.stat()
            digest = hashlib.sha256(p.read_bytes()).hexdigest()
        except OSError:
            return cls(False)
        return cls(True, st.st_mtime_ns, st.st_size, digest)

    def same_content(self, other: FileStamp) -> bool:
        """Equal bytes (a touch that changes only the mtime is no change)."""
        return self.exists == other.exists and self.sha256 == other.sha256


class FileWatch(QObject):
    """Watches one file; `changedOnDisk` when its content differs from the recorded stamp."""

    changedOnDisk = Signal(str)  # path

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path: str | None = None
        self.stamp: FileStamp | None = None
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._on_signal)
        self.watcher.directoryChanged.connect(self._on_signal)
        self.settle = QTimer(self)
        self.settle.setSingleShot(True)
        self.settle.setInterval(SETTLE_MS)
        self.settle.timeout.connect(self.check)

    def follow(self, path: str | None) -> None:
        """Watch `path` (None: nothing) and record its current state as read."""
        for old in self.watcher.files() + self.watcher.directories():
            self.watcher.removePath(old)
        self.path = path
        self.stamp = FileStamp.of(path) if path else None
        self._watch()

    def record(self) -> None:
        """The editor just read or wrote the file: what is on disk now is ours."""
        if self.path:
            self.stamp = FileStamp.of(self.path)
            self._watch()

    def _watch(self) -> None:
        if not self.path:
            return
        if Path(self.path).exists() and self.path not in self.watcher.files():
            self.watcher.addPath(self.path)
        folder = str(Path(self.path).parent)
        if folder not in self.watcher.directories():  # sees a rename over the file
            self.watcher.addPath(folder)

    def _on_signal(self, _path: str) -> None:
        self._watch()  # a save by rename dropped the file from the watcher
        self.settle.start()

    def changed(self) -> bool:
        """True when the file's content differs from what the editor last read or wrote."""
        if not self.path or self.stamp is None:
            return False
        try:
            st = Path(self.path).stat()
            if (self.stamp.exists and st.st_mtime_ns == self.stamp.mtime_ns
                    and st.st_size == self.stamp.size):
                return False  # untouched: no need to hash
        except OSError:
            return self.stamp.exists
        return not FileStamp.of(self.path).same_content(self.stamp)

    def check(self) -> bool:
        """Compare now; emit `changedOnDisk` when the file changed."""
        self._watch()
        if self.changed():
            self.changedOnDisk.emit(self.path)
            return True
        return False
