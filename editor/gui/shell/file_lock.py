"""A lock file next to a board file, so two editors never silently overwrite each other.

Opening `maps/big.board.json` creates `maps/.big.board.json.lock` holding who has it open (user,
host, pid, since when, a random token). Another editor that opens the file reads who holds it
and offers read-only or take over. A lock left by a crashed editor (same host, its process is
gone) is stale: it is taken over with a note. A holder whose lock was taken over sees that
before it saves (`owns()` compares the token) and never removes the new holder's lock.

Creating the lock is atomic (`O_CREAT | O_EXCL`); taking over replaces it atomically. No Qt.
"""

from __future__ import annotations

import contextlib
import ctypes
import getpass
import json
import os
import socket
import sys
import time
import uuid
from dataclasses import asdict, dataclass
from pathlib import Path

from editor.i18n import _

#: a lock file younger than this whose content cannot be read is being written right now
_UNREADABLE_GRACE_S = 10.0


def lock_path(board_path: str | os.PathLike[str]) -> Path:
    """The lock file of a board file: `.NAME.lock` in the same folder."""
    p = Path(board_path)
    return p.with_name(f".{p.name}.lock")


@dataclass(frozen=True)
class LockInfo:
    """Who holds a lock."""

    user: str
    host: str
    pid: int
    since: str  # local time, YYYY-MM-DD HH:MM:SS
    token: str = ""

    @classmethod
    def mine(cls) -> LockInfo:
        try:
            user = getpass.getuser()
        except (OSError, KeyError, ImportError):
            user = "unknown user"
        return cls(user=user, host=socket.gethostname(), pid=os.getpid(),
                   since=time.strftime("%Y-%m-%d %H:%M:%S"), token=uuid.uuid4().hex)

    def describe(self) -> str:
        """'alice on host-1 (process 1234) since 2026-11-23 19:40:00'."""
        return _("{user} on {host} (process {pid}) since {since}").format(
            user=self.user, host=self.host, pid=self.pid, since=self.since)

    def is_stale(self) -> bool:
        """True when the holder ran on this host and its process is gone (a crash)."""
        return self.host == socket.gethostname() and not process_alive(self.pid)


def process_alive(pid: int) -> bool:
    """Whether a process with this id is running on this machine."""
    if pid <= 0:
        return False
    if sys.platform == "win32":  # os.kill(pid, 0) would terminate the process on Windows
        kernel = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        code = ctypes.c_ulong()
        kernel.GetExitCodeProcess(handle, ctypes.byref(code))
        kernel.CloseHandle(handle)
        return code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def read_lock(path: Path) -> LockInfo | None:
    """The holder written in a lock file, or None when it is missing or unreadable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return LockInfo(user=str(data["user"]), host=str(data["host"]), pid=int(data["pid"]),
                        since=str(data["since"]), token=str(data.get("token", "")))
    except (OSError, ValueError, KeyError, TypeError):
        return None


@dataclass
class LockResult:
    """What `BoardLock.acquire` found: `held` True when this editor holds the lock now;
    otherwise `holder` says who does. `stale` names a crashed holder that was taken over."""

    held: bool
    holder: LockInfo | None = None
    stale: LockInfo | None = None
    error: str = ""


class BoardLock:
    """The lock of one board file, held by this editor or not."""

    def __init__(self, board_path: str | os.PathLike[str]) -> None:
        self.board_path = Path(board_path)
        self.path = lock_path(board_path)
        self.info = LockInfo.mine()
        self.held = False

    def _create(self) -> bool:
        """Create the lock file with our info; False when it exists."""
        try:
            fd = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            return False
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(asdict(self.info), f)
            f.flush()
            os.fsync(f.fileno())
        return True

    def _remove_stale(self) -> None:
        """Move a stale lock aside and delete it (only one of two racing editors wins the
        rename; the other then fails to create and sees the winner)."""
        aside = self.path.with_name(f"{self.path.name}.{uuid.uuid4().hex[:8]}.stale")
        with contextlib.suppress(OSError):
            os.replace(self.path, aside)
            aside.unlink()

    def acquire(self) -> LockResult:
        """Take the lock when it is free or stale; else report who holds it."""
        stale: LockInfo | None = None
        for _attempt in range(3):
            try:
                if self._create():
                    self.held = True
                    return LockResult(True, stale=stale)
            except OSError as exc:  # a read-only folder: no lock possible
                return LockResult(False, error=exc.strerror or str(exc))
            holder = read_lock(self.path)
            if holder is None:
                if self._age() < _UNREADABLE_GRACE_S:
                    return LockResult(False, holder=LockInfo(_("another editor"), "?", 0,
                                                             _("now")))
                self._remove_stale()  # unreadable and old: a crash while writing it
                continue
            if holder.token == self.info.token:
                self.held = True
                return LockResult(True)
            if not holder.is_stale():
                return LockResult(False, holder=holder)
            stale = holder
            self._remove_stale()
        return LockResult(False, holder=read_lock(self.path))

    def _age(self) -> float:
        try:
            return time.time() - self.path.stat().st_mtime
        except OSError:
            return _UNREADABLE_GRACE_S

    def take_over(self) -> bool:
        """Replace whoever holds the lock by this editor (the user chose to)."""
        tmp = self.path.with_name(f"{self.path.name}.{uuid.uuid4().hex[:8]}.tmp")
        try:
            tmp.write_text(json.dumps(asdict(self.info)), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError:
            with contextlib.suppress(OSError):
                tmp.unlink()
            return False
        self.held = True
        return True

    def holder(self) -> LockInfo | None:
        """Who holds the lock now (read from the file)."""
        return read_lock(self.path)

    def owns(self) -> bool:
        """True while the lock file still names this editor (nobody took it over)."""
        holder = read_lock(self.path)
        return self.held and holder is not None and holder.token == self.info.token

    def release(self) -> None:
        """Remove the lock file when it is still ours."""
        if self.held and self.owns():
            with contextlib.suppress(OSError):
                self.path.unlink()
        self.held = False
