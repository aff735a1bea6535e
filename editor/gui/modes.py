"""The main window's modes, in menu order: the one place that names them.

A new mode is a package `editor/gui/<name>/` of two files (`__init__.py`, and `mode.py` with a
`Mode` subclass: its parts, its hooks, its command-line options) plus one line in `MODES`; its
position gives its shortcut (Ctrl+1 for the first, Ctrl+2 for the second...). The shell, the
command line and `--screenshot` need nothing else (tests/gui/test_modes.py adds a fourth mode
this way). Imports here are written out, so the architecture test can check them.
"""

from __future__ import annotations

from editor.gui.play.mode import PlayMode
from editor.gui.shell.mode import Mode
from editor.gui.trace.mode import TraceMode
from editor.gui.variant.mode import VariantMode

#: in menu order; the first is the home mode (active at start, where findings are shown)
MODES: list[type[Mode]] = [
    TraceMode,
    PlayMode,
    VariantMode,
]

__all__ = ["MODES", "Mode", "PlayMode", "TraceMode", "VariantMode"]
