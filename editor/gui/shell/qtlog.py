"""Qt's log messages: drop the few that are known to be harmless, pass on all the others.

The offscreen platform (headless `--screenshot`, CI) warns "This plugin does not support
propagateSizeHints()" whenever a window is shown; it means nothing for the editor. Only that
exact text is dropped; every other Qt message goes to the handler installed before (or, when
there was none, to stderr formatted the way Qt's default handler does).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from PySide6.QtCore import QMessageLogContext, QtMsgType, qFormatLogMessage, qInstallMessageHandler

#: exact texts of harmless Qt messages
HARMLESS = frozenset({"This plugin does not support propagateSizeHints()"})

Handler = Callable[[QtMsgType, QMessageLogContext, str], None]


def is_harmless(message: str) -> bool:
    return message.strip() in HARMLESS


def forward(previous: Handler | None, mode: QtMsgType, context: QMessageLogContext,
            message: str) -> None:
    """Drop a harmless message; hand any other to `previous` (None: stderr, Qt's format)."""
    if is_harmless(message):
        return
    if previous is not None:
        previous(mode, context, message)
        return
    try:
        text = qFormatLogMessage(mode, context, message)
    except Exception:  # a message handler must never raise
        text = message
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


_state: dict[str, Handler | None] = {}


def _handler(mode: QtMsgType, context: QMessageLogContext, message: str) -> None:
    forward(_state.get("previous"), mode, context, message)


def install_message_filter() -> None:
    """Install the filter for this process (a second call does nothing)."""
    if "previous" in _state:
        return
    _state["previous"] = None
    _state["previous"] = qInstallMessageHandler(_handler)
