"""Where the editor keeps its settings (recent files, window layout).

- Normally the platform's place for `ConquestWorkbench/editor` (on Linux
  `~/.config/ConquestWorkbench/editor.conf`).
- With `CONQUEST_SETTINGS_DIR` set: `editor.ini` in that folder (the test suite points it to a
  temporary folder, so tests never touch the user's settings).
- Headless runs (`--screenshot`) use a throw-away file in a temporary folder: they neither read
  nor change the user's recent files or layout.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings

SETTINGS_ENV = "CONQUEST_SETTINGS_DIR"
ORGANISATION, APPLICATION = "ConquestWorkbench", "editor"


def settings_file(folder: str | os.PathLike[str]) -> Path:
    """The settings file the editor uses in an explicit settings folder."""
    return Path(folder) / "editor.ini"


def app_settings() -> QSettings:
    """The settings of an interactive editor (`CONQUEST_SETTINGS_DIR` or the user's)."""
    folder = os.environ.get(SETTINGS_ENV)
    if folder:
        return QSettings(str(settings_file(folder)), QSettings.Format.IniFormat)
    return QSettings(ORGANISATION, APPLICATION)


def headless_settings() -> tuple[QSettings, tempfile.TemporaryDirectory]:
    """Private settings for a headless run, in a temporary folder the caller cleans up (keep
    the returned folder object alive as long as the settings are used)."""
    folder = tempfile.TemporaryDirectory(prefix="conquest-settings-")
    return QSettings(str(settings_file(folder.name)), QSettings.Format.IniFormat), folder
