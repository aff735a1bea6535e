"""The missing-library check before Qt starts (issue 11, point 2), with simulated libraries."""

from __future__ import annotations

from pathlib import Path

from editor.gui import app
from editor.gui.shell import xcb_check

LDD = """\
\tlinux-vdso.so.1 (0x00007ffd)
\tlibQt6XcbQpa.so.6 => /x/libQt6XcbQpa.so.6 (0x00007f44)
\tlibxcb-cursor.so.0 => not found
\tlibxcb-icccm.so.4 => not found
\tlibxcb-util.so.1 => /lib/libxcb-util.so.1 (0x00007f44)
\tlibxcb-keysyms.so.1 => not found
\tlibfoo-unknown.so.7 => not found
"""


def test_every_missing_library_is_found_and_one_command_installs_all(tmp_path) -> None:
    plugin = tmp_path / "libqxcb.so"
    missing = xcb_check.missing_libraries([plugin, plugin], ldd=lambda _p: LDD)
    assert missing == ["libfoo-unknown.so.7", "libxcb-cursor.so.0", "libxcb-icccm.so.4",
                       "libxcb-keysyms.so.1"]
    hint = xcb_check.install_hint(missing)
    assert "sudo apt install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1" in hint
    assert "sudo dnf install xcb-util-cursor xcb-util-keysyms xcb-util-wm" in hint
    assert "sudo pacman -S --needed xcb-util-cursor xcb-util-keysyms xcb-util-wm" in hint
    assert "libfoo-unknown.so.7" in hint.splitlines()[-2]


def test_without_ldd_the_known_list_is_looked_up() -> None:
    gone = {"libxcb-cursor.so.0", "libxkbcommon-x11.so.0"}
    missing = xcb_check.missing_libraries([Path("/plugin")], ldd=lambda _p: None,
                                          find=lambda soname: soname not in gone)
    assert missing == sorted(gone)
    assert xcb_check.missing_libraries([Path("/plugin")], ldd=lambda _p: LDD.replace(
        "not found", "/lib/x.so")) == []


def test_only_an_x11_start_is_checked() -> None:
    assert xcb_check.will_use_xcb({"DISPLAY": ":0"}, "linux")
    assert not xcb_check.will_use_xcb({"DISPLAY": ":0", "WAYLAND_DISPLAY": "w"}, "linux")
    assert xcb_check.will_use_xcb({"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "w"}, "linux")
    assert not xcb_check.will_use_xcb({"QT_QPA_PLATFORM": "offscreen", "DISPLAY": ":0"}, "linux")
    assert not xcb_check.will_use_xcb({"DISPLAY": ":0"}, "darwin")


def test_editor_exits_with_the_command_before_qt_starts(monkeypatch, capsys) -> None:
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.setattr(xcb_check, "plugin_files", lambda: [Path("/plugin/libqxcb.so")])
    monkeypatch.setattr(xcb_check, "run_ldd", lambda _p: LDD)
    monkeypatch.setattr(xcb_check.missing_libraries, "__defaults__",
                        (None, lambda _p: LDD, xcb_check._find_by_name))
    assert app.main([]) == app.EXIT_USAGE
    err = capsys.readouterr().err
    assert "libxcb-icccm.so.4" in err and "sudo apt install" in err
