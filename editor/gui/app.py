"""`conquest-editor [BOARD] [--screenshot PNG]`: the board editor's entry point."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from editor.i18n import _, set_language
from editor.i18n_argparse import install as speak_argparse

if TYPE_CHECKING:
    from editor.gui.shell.mode import ArgumentProblem


#: --screenshot sizes outside these bounds are refused (the window cannot be laid out smaller;
#: larger ones are almost certainly typos and would need gigabytes)
MIN_SIZE = (640, 480)
MAX_SIZE = 10_000
EXIT_OK, EXIT_NOT_OPENED, EXIT_USAGE = 0, 1, 2


def build_parser() -> argparse.ArgumentParser:
    """The shell's options, then each registered mode's (`Mode.add_arguments`), one group per
    mode."""
    from editor.gui import modes as registry

    parser = argparse.ArgumentParser(
        prog="conquest-editor",
        description=_("Trace, edit and validate Conquest boards over their scans."),
        epilog=_("With --screenshot: exit 0 when the PNG was written; 1 when BOARD is not a "
                 "valid board (every finding is printed as PATH:LINE:COL: SEVERITY CODE message "
                 "[pointer] and no PNG is written) or the mode cannot show what its options ask "
                 "for; 2 for usage errors, a missing or unreadable BOARD, or a PNG that cannot "
                 "be written."))
    parser.add_argument("board", nargs="?", help=_("board file to open (*.board.json)"))
    parser.add_argument("--screenshot", metavar="PNG",
                        help=_("render the window for BOARD to PNG and exit (works headless)"))
    names = ", ".join(cls.name for cls in registry.MODES)
    parser.add_argument("--mode", default=None, metavar="MODE",
                        help=_("the mode to show ({names}); with --screenshot").format(
                            names=names))
    parser.add_argument("--size", default="1400x900", metavar="WxH",
                        help=_("window size for --screenshot (default 1400x900; from {low} to "
                               "{high})").format(low=f"{MIN_SIZE[0]}x{MIN_SIZE[1]}",
                                                 high=f"{MAX_SIZE}x{MAX_SIZE}"))
    for cls in registry.MODES:
        title = _(cls.title).replace("&", "")
        cls.add_arguments(parser.add_argument_group(_("{mode} mode").format(mode=title)))
    return parser


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    return build_parser().parse_args(argv)


def parse_size(text: str) -> tuple[int, int]:
    """`WxH` within MIN_SIZE..MAX_SIZE; raises ValueError with a message for the user."""
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(_("bad --size {text}, expected WxH (e.g. 1400x900)").format(
            text=repr(text))) from None
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        raise ValueError(_("--size {text} is too small: the window needs at least {low}").format(
            text=text, low=f"{MIN_SIZE[0]}x{MIN_SIZE[1]}"))
    if width > MAX_SIZE or height > MAX_SIZE:
        raise ValueError(_("--size {text} is too large: at most {high}").format(
            text=text, high=f"{MAX_SIZE}x{MAX_SIZE}"))
    return width, height


def screenshot(window, out: str) -> bool:
    """Render a window to a PNG file."""
    from PySide6.QtWidgets import QApplication

    for _round in range(5):
        QApplication.processEvents()
    window.refresh_findings()
    window.mode.view_ready()
    QApplication.processEvents()
    window.mode.view_ready()  # again, at the size the docks settled on
    QApplication.processEvents()
    return window.grab().save(out)


def _no_display() -> bool:
    """True on Linux when no platform is chosen and neither X11 nor Wayland is reachable."""
    return (sys.platform.startswith("linux") and not os.environ.get("QT_QPA_PLATFORM")
            and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"))


def missing_xcb_libraries() -> bool:
    """Before Qt aborts on the first library it lacks: print every missing one and the
    command that installs them all (see `xcb_check`); True when something is missing."""
    from editor.gui.shell import xcb_check
    if not xcb_check.will_use_xcb():
        return False
    missing = xcb_check.missing_libraries()
    if missing:
        _err(xcb_check.install_hint(missing))
    return bool(missing)


def _err(message: str) -> None:
    print(f"conquest-editor: {message}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    set_language()  # the locale's, so --help and the messages before the window follow it
    speak_argparse()
    args = parse_args(argv)
    size = (0, 0)
    if args.screenshot:
        try:
            size = parse_size(args.size)
        except ValueError as exc:
            _err(str(exc))
            return EXIT_USAGE
    if _no_display():
        if not args.screenshot:
            _err(_("no display found (DISPLAY and WAYLAND_DISPLAY are not set). Start it from "
                   "a desktop session, or render the window headless with "
                   "'conquest-editor --screenshot shot.png [BOARD]'."))
            return EXIT_USAGE
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    if not args.screenshot and missing_xcb_libraries():
        return EXIT_USAGE
    from editor.gui.shell.qtlog import install_message_filter

    install_message_filter()
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("conquest-editor")
    app.setApplicationDisplayName("Conquest Workbench")
    app.setOrganizationName("ConquestWorkbench")
    app.setDesktopFileName("conquest-workbench")
    if not args.screenshot:  # View > Language (a headless picture follows the locale)
        from editor.gui.shell.settings import app_settings, saved_language
        set_language(saved_language(app_settings()))
    from editor.gui.shell.help import app_icon

    app.setWindowIcon(app_icon())
    if args.screenshot:
        return run_screenshot(args.board, args.screenshot, size, args)
    from editor.gui.shell.window import MainWindow

    window = MainWindow(args.board)
    install_excepthook(window)
    _report(_enter_mode(window, args))
    window.show()
    return app.exec()


def run_screenshot(board: str | None, out: str, size: tuple[int, int],
                   args: argparse.Namespace | None = None) -> int:
    """`--screenshot`: open BOARD headless, render the window to `out`, report on stderr.

    A board that cannot be opened writes no PNG: its findings are printed one per line
    (`PATH:LINE:COL: SEVERITY CODE message [pointer]`); exit 1, or 2 when the file itself is
    missing or unreadable.
    """
    from editor.gui.shell import dialogs
    from editor.gui.shell.settings import headless_settings
    from editor.gui.shell.window import MainWindow
    from editor.gui.shell.wording import plural
    from editor.model import load_board
    from editor.model.io import FILE_UNREADABLE

    if board is not None:
        if not Path(board).is_file():
            _err(f"{board}: {'not a file' if Path(board).exists() else 'no such file'}")
            return EXIT_USAGE
        result = load_board(board)
        if result.model is None:
            if any(f.code == FILE_UNREADABLE.code for f in result.findings):
                reason = result.findings[0].message
                _err(f"{board}: {reason}")
                return EXIT_USAGE
            _err(f"cannot open board '{board}' ({plural(len(result.findings), 'finding')}); "
                 "no screenshot written:")
            for finding in result.findings:
                print(finding.format_line(), file=sys.stderr)
            return EXIT_NOT_OPENED
    messages: list[str] = []
    ok = False
    problem = None

    def report(_parent, title, text, details=""):
        messages.append(f"{title}: {text}" + (f"\n{details}" if details else ""))

    saved = dialogs.show_error, dialogs.show_warning
    dialogs.show_error = report  # never block a headless run on a dialog
    dialogs.show_warning = report
    settings, settings_dir = headless_settings()  # never the user's recent files or layout
    try:
        window = MainWindow(board, check_recovery=False, restore_layout=False,
                            settings=settings, guard_files=False)
        window.recovery.enabled = False
        try:
            opened = board is None or window.doc.path is not None
            if opened:
                window.resize(*size)
                window.show()
                problem = _enter_mode(window, args)
                ok = problem is None and screenshot(window, out)
        finally:
            window.doc.stack.setClean()
            window.doc.restored = False
            window.close()
    finally:
        dialogs.show_error, dialogs.show_warning = saved
        settings_dir.cleanup()
    for line in messages:
        _err(line)
    if problem is not None:  # what the mode reported (a dialog's text) came first
        return _report(problem, "no screenshot written")
    if not opened:  # the file changed between the check above and the window's own load
        return EXIT_NOT_OPENED
    if not ok:
        _err(f"cannot write {out}")
        return EXIT_USAGE
    print(f"wrote {out}")
    return EXIT_OK


def _enter_mode(window, args: argparse.Namespace | None) -> ArgumentProblem | None:
    """`--mode NAME` (or the first mode that claims the options given) with its options
    applied by the mode itself (`Mode.apply_arguments`)."""
    if args is None:
        return None
    modes = window.switcher.modes
    name = args.mode or next((n for n, m in modes.items() if m.claims_arguments(args)), None)
    if not name:
        return None
    from editor.gui.shell.mode import ArgumentProblem

    if name not in modes:
        return ArgumentProblem(f"unknown --mode {name!r}; choose from {', '.join(modes)}",
                               usage=True)
    if not window.switch_mode(name):
        return ArgumentProblem(_("--mode {name}: the current mode cannot be left").format(
            name=name))
    return window.mode.apply_arguments(args)


def _report(problem: ArgumentProblem | None, consequence: str = "") -> int | None:
    """Print a mode's problem with its options (its findings, one per line, then why);
    the exit code it means, None when there is none."""
    if problem is None:
        return None
    for finding in problem.findings:
        print(finding.format_line(), file=sys.stderr)
    usage = problem.usage
    _err(problem.message + (f"; {consequence}" if consequence and not usage else ""))
    return EXIT_USAGE if usage else EXIT_NOT_OPENED


def install_excepthook(window) -> None:
    """An unexpected error is shown in a dialog (details hold the traceback) after an
    autosave, instead of only going to the terminal; the editor keeps running."""
    import traceback

    from editor.gui.shell import dialogs

    def hook(kind, value, tb) -> None:
        details = "".join(traceback.format_exception(kind, value, tb))
        print(details, file=sys.stderr)
        try:
            saved = window.recovery.autosave()
        except Exception:  # the hook must never raise
            saved = False
        note = " " + _("Your work was autosaved for recovery.") if saved else ""
        dialogs.show_error(window, _("Unexpected error"),
                           _("The editor hit an internal error: {error}.").format(error=value)
                           + note, details)

    sys.excepthook = hook


if __name__ == "__main__":
    sys.exit(main())
