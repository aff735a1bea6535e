"""`conquest-editor [BOARD] [--screenshot PNG]`: the board editor's entry point."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def _parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="conquest-editor",
        description="Trace, edit and validate Conquest boards over their scans.")
    parser.add_argument("board", nargs="?", help="board file to open (*.board.json)")
    parser.add_argument("--screenshot", metavar="PNG",
                        help="render the window for BOARD to PNG and exit (works headless)")
    parser.add_argument("--size", default="1400x900", metavar="WxH",
                        help="window size for --screenshot (default 1400x900)")
    return parser.parse_args(argv)


def screenshot(window, out: str) -> bool:
    """Render a window to a PNG file."""
    from PySide6.QtWidgets import QApplication

    for _ in range(5):
        QApplication.processEvents()
    window.validation.refresh()
    window.view.fit()
    QApplication.processEvents()
    return window.grab().save(out)


def _no_display() -> bool:
    """True on Linux when no platform is chosen and neither X11 nor Wayland is reachable."""
    return (sys.platform.startswith("linux") and not os.environ.get("QT_QPA_PLATFORM")
            and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"))


def main(argv: list[str] | None = None) -> int:
    args = _parse(argv)
    if _no_display():
        if not args.screenshot:
            print("conquest-editor: no display found (DISPLAY and WAYLAND_DISPLAY are not set). "
                  "Start it from a desktop session, or render the window headless with "
                  "'conquest-editor --screenshot shot.png [BOARD]'.", file=sys.stderr)
            return 2
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtWidgets import QApplication

    from editor.gui import dialogs
    from editor.gui.window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("conquest-editor")
    app.setApplicationDisplayName("Conquest Workbench")
    app.setOrganizationName("ConquestWorkbench")
    if args.screenshot:
        if args.board and not Path(args.board).is_file():
            print(f"conquest-editor: {args.board}: no such file", file=sys.stderr)
            return 2
        errors: list[str] = []

        def report(_parent, title, text, details=""):
            errors.append(f"{title}: {text}")

        dialogs.show_error = report  # never block a headless run on a dialog
        dialogs.show_warning = report
        try:
            width, height = (int(v) for v in args.size.lower().split("x"))
        except ValueError:
            print(f"conquest-editor: bad --size {args.size!r}, expected WxH", file=sys.stderr)
            return 2
        window = MainWindow(args.board, check_recovery=False, restore_layout=False)
        window.autosave_timer.stop()
        window.resize(width, height)
        window.show()
        ok = screenshot(window, args.screenshot)
        for line in errors:
            print(f"conquest-editor: {line}", file=sys.stderr)
        window.doc.stack.setClean()
        window.doc.restored = False
        window.close()
        if not ok:
            print(f"conquest-editor: cannot write {args.screenshot}", file=sys.stderr)
            return 1
        if args.board and window.doc.path is None:
            return 1
        print(f"wrote {args.screenshot}")
        return 0
    window = MainWindow(args.board)
    install_excepthook(window)
    window.show()
    return app.exec()


def install_excepthook(window) -> None:
    """An unexpected error is shown in a dialog (details hold the traceback) after an
    autosave, instead of only going to the terminal; the editor keeps running."""
    import traceback

    from editor.gui import dialogs

    def hook(kind, value, tb) -> None:
        details = "".join(traceback.format_exception(kind, value, tb))
        print(details, file=sys.stderr)
        try:
            saved = window.autosave()
        except Exception:  # the hook must never raise
            saved = False
        note = " Your work was autosaved for recovery." if saved else ""
        dialogs.show_error(window, "Unexpected error",
                           f"The editor hit an internal error: {value}.{note}", details)

    sys.excepthook = hook


if __name__ == "__main__":
    sys.exit(main())
