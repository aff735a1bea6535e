"""The command line: `conquest-editor [BOARD] --screenshot PNG` renders headless and exits."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from editor.gui.bench import synthetic_board

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str, tmp_path: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "CONQUEST_EDITOR_RECOVERY_DIR": str(tmp_path / "recovery"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    return subprocess.run([sys.executable, "-m", "editor.gui.app", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_screenshot_of_a_board(tmp_path) -> None:
    board = synthetic_board(tmp_path, fields=120, size=1600)
    out = tmp_path / "shot.png"
    result = _run("--screenshot", str(out), str(board), tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1400, 900)
    assert "Traceback" not in result.stderr
    # the offscreen plugin's harmless warning is filtered out (other Qt warnings are not)
    assert "propagateSizeHints" not in result.stderr


def test_screenshot_of_the_shipped_board_when_present(tmp_path) -> None:
    board = ROOT / "boards" / "grand-conquest-4p.board.json"
    if not board.exists():
        pytest.skip("boards/grand-conquest-4p.board.json is not there yet")
    out = tmp_path / "gc.png"
    result = _run("--screenshot", str(out), str(board), tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert QImage(str(out)).width() == 1400


def test_screenshot_errors_are_messages_not_tracebacks(tmp_path) -> None:
    out = tmp_path / "x.png"
    missing = _run("--screenshot", str(out), str(tmp_path / "nope.board.json"),
                   tmp_path=tmp_path)
    assert missing.returncode == 2 and "no such file" in missing.stderr
    folder = _run("--screenshot", str(out), str(tmp_path), tmp_path=tmp_path)
    assert folder.returncode == 2 and "not a file" in folder.stderr
    bad = tmp_path / "bad.board.json"
    bad.write_text("{", encoding="utf-8")
    broken = _run("--screenshot", str(out), str(bad), tmp_path=tmp_path)
    assert broken.returncode == 1
    assert "cannot open board" in broken.stderr and "Traceback" not in broken.stderr
    assert f"{bad}:1:2: error " in broken.stderr
    size = _run("--screenshot", str(out), "--size", "big", tmp_path=tmp_path)
    assert size.returncode == 2
    assert not out.exists()


BROKEN = """{
  "format": "conquest-board/1",
  "name": "broken",
  "seats": [{"id": "s", "name": "S", "colour": "notacolour"}],
  "fields": [
    {"id": "a", "terrain": "lava", "x": 10, "y": 10}
  ]
}
"""


def test_screenshot_of_a_broken_board_lists_every_finding_and_writes_no_png(tmp_path) -> None:
    """A board with two structural errors: both are printed as PATH:LINE:COL: SEVERITY CODE
    message [pointer], no PNG of an empty window is written, and the exit status is 1."""
    board = tmp_path / "BROKEN.board.json"
    board.write_text(BROKEN, encoding="utf-8")
    out = tmp_path / "out.png"
    result = _run("--screenshot", str(out), str(board), tmp_path=tmp_path)
    assert result.returncode == 1, result.stderr
    assert not out.exists()
    lines = result.stderr.splitlines()
    colour = [ln for ln in lines if ln.startswith(f"{board}:4:38: error SCHEMA ")]
    terrain = [ln for ln in lines if ln.startswith(f"{board}:6:17: error SCHEMA ")]
    assert len(colour) == 1 and colour[0].endswith("[/seats/0/colour]")
    assert len(terrain) == 1 and terrain[0].endswith("[/fields/0/terrain]")
    assert "lava" in terrain[0]
    assert "(2 findings)" in result.stderr and "Untitled" not in result.stderr
    assert "wrote" not in result.stdout


def test_screenshot_honours_the_smallest_allowed_size(tmp_path) -> None:
    board = synthetic_board(tmp_path, fields=20, size=800)
    out = tmp_path / "small.png"
    result = _run("--screenshot", str(out), "--size", "640x480", str(board), tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    image = QImage(str(out))
    assert (image.width(), image.height()) == (640, 480)


@pytest.mark.parametrize(("size", "message"), [
    ("0x0", "--size 0x0 is too small: the window needs at least 640x480"),
    ("20x20", "--size 20x20 is too small: the window needs at least 640x480"),
    ("639x480", "too small"),
    ("1400x479", "too small"),
    ("10001x900", "--size 10001x900 is too large: at most 10000x10000"),
    ("1400x20000", "too large"),
    ("big", "bad --size 'big', expected WxH"),
    ("1x2x3", "expected WxH"),
])
def test_screenshot_rejects_sizes_out_of_range(tmp_path, capsys, size: str,
                                               message: str) -> None:
    """Sizes the window cannot honour are refused (exit 2) before anything is drawn, instead
    of silently producing an image of another size."""
    from editor.gui.app import main

    out = tmp_path / "x.png"
    assert main(["--screenshot", str(out), "--size", size]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.splitlines()) == 1
    assert not out.exists()


def test_qt_message_filter_drops_only_the_harmless_warning(tmp_path) -> None:
    """The filter drops "This plugin does not support propagateSizeHints()" and nothing else
    (run in a child process: pytest-qt owns this process's message handler)."""
    code = (
        "from PySide6.QtCore import qWarning\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from editor.gui.shell.qtlog import install_message_filter\n"
        "install_message_filter()\n"
        "app = QApplication([])\n"
        "qWarning('This plugin does not support propagateSizeHints()')\n"
        "qWarning('some other Qt warning')\n")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "propagateSizeHints" not in result.stderr
    assert "some other Qt warning" in result.stderr


def test_qt_message_filter_forwards_to_the_previous_handler(capsys) -> None:
    from PySide6.QtCore import QMessageLogContext, QtMsgType

    from editor.gui.shell.qtlog import forward

    seen: list[str] = []
    ctx = QMessageLogContext()
    warning = QtMsgType.QtWarningMsg
    forward(lambda _m, _c, text: seen.append(text), warning, ctx,
            "This plugin does not support propagateSizeHints()")
    forward(lambda _m, _c, text: seen.append(text), warning, ctx, "a real problem")
    assert seen == ["a real problem"]
    forward(None, warning, ctx, "This plugin does not support propagateSizeHints()")
    forward(None, warning, ctx, "another real problem")
    err = capsys.readouterr().err
    assert "another real problem" in err and "propagateSizeHints" not in err


def test_without_a_display_the_editor_says_so(monkeypatch, capsys) -> None:
    """On Linux with no X11/Wayland display and no Qt platform chosen, `conquest-editor`
    explains what to do (exit 2) instead of Qt aborting on a missing platform plugin."""
    from editor.gui.app import main

    monkeypatch.setattr(sys, "platform", "linux")
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "no display found" in err and "--screenshot" in err


def test_each_mode_declares_its_own_options_and_a_shared_one_once() -> None:
    """The parser is the shell's options plus each mode's group; `--variant`, read by two
    modes, is declared once and its help says what each does with it; without --mode the
    options pick the mode that claims them (the configurator for --variant)."""
    from editor.gui import modes as registry
    from editor.gui.app import build_parser, parse_args

    parser = build_parser()
    groups = {g.title for g in parser._action_groups}
    assert {f"{cls.title.replace('&', '')} mode" for cls in registry.MODES} <= groups
    variant = next(a for a in parser._actions if "--variant" in a.option_strings)
    assert "--mode play plays it" in variant.help and "--mode variant" in variant.help
    args = parse_args(["--variant", "conquest-2p", "--overlay", "a", "--overlay", "b"])
    assert args.overlay == ["a", "b"]
    claims = [cls.name for cls in registry.MODES if cls.claims_arguments(args)]
    assert claims == ["variant"]
    assert not any(cls.claims_arguments(parse_args([])) for cls in registry.MODES)


@pytest.mark.parametrize(("lang", "words"), [
    ("de_DE.UTF-8", ["Verwendung: conquest-editor", "zu öffnende Spielplandatei",
                     "Modus Spielen:", "--mode play: den Stapel auf FIELD wählen"]),
    ("it_IT.UTF-8", ["uso: conquest-editor", "file della plancia da aprire",
                     "modalità Gioca:", "--mode play: seleziona la pila su FIELD"]),
])
def test_the_editor_help_follows_the_locale(monkeypatch, capsys, lang, words) -> None:
    """`conquest-editor --help` speaks the system's language (issue 25), the shell's options,
    argparse's own words and each mode's group alike."""
    from editor.gui.app import main

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang)
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert all(w in out for w in words), out
