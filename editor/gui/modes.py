"""The main window's modes. A new mode is one module with a `Mode` subclass plus one line in
`MODES`; its position gives its shortcut (Ctrl+1 for the first, Ctrl+2 for the second...)."""

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
