"""Before Qt starts on X11: find every system library its xcb platform plugin lacks.

Qt aborts on the first missing library and names only that one ("Could not load the Qt platform
plugin xcb"); pip cannot install them. `missing_libraries()` asks `ldd` about the plugin (and its
`libQt6XcbQpa` companion) for every "not found" dependency, or, without `ldd`, looks the known
list up with `ctypes.util.find_library`; `install_hint()` turns them into the one command per
package manager (apt, dnf, pacman) that installs all of them. Imports no Qt.
"""

from __future__ import annotations

import ctypes.util
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

#: soname -> (apt package, dnf package, pacman package)
PACKAGES: dict[str, tuple[str, str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm", "xcb-util-wm"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms", "xcb-util-keysyms"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil",
                                "xcb-util-renderutil"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util", "xcb-util"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb", "libxcb"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb", "libxcb"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb", "libxcb"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb", "libxcb"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb", "libxcb"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb", "libxcb"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb", "libxcb"),
    "libxcb-xinerama.so.0": ("libxcb-xinerama0", "libxcb", "libxcb"),
    "libxcb.so.1": ("libxcb1", "libxcb", "libxcb"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb", "libx11"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11", "libxkbcommon-x11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon", "libxkbcommon"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl", "libglvnd"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig", "fontconfig"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs", "dbus"),
}
MANAGERS = (("apt", "sudo apt install"), ("dnf", "sudo dnf install"),
            ("pacman", "sudo pacman -S --needed"))
_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found", re.MULTILINE)


def plugin_files() -> list[Path]:
    """The xcb platform plugin of the installed PySide6 and its companion library."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return []
    qt = Path(next(iter(spec.submodule_search_locations))) / "Qt"
    files = [qt / "plugins" / "platforms" / "libqxcb.so", qt / "lib" / "libQt6XcbQpa.so.6"]
    return [f for f in files if f.is_file()]


def run_ldd(path: Path) -> str | None:
    """`ldd PATH`'s output, or None when ldd is unavailable or fails."""
    ldd = shutil.which("ldd")
    if ldd is None:
        return None
    try:
        return subprocess.run([ldd, str(path)], capture_output=True, text=True, timeout=10,
                              check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return None


def _find_by_name(soname: str) -> bool:
    name = soname[3:].split(".so")[0]  # libxcb-cursor.so.0 -> xcb-cursor
    return ctypes.util.find_library(name) is not None


def missing_libraries(files: list[Path] | None = None,
                      ldd: Callable[[Path], str | None] = run_ldd,
                      find: Callable[[str], bool] = _find_by_name) -> list[str]:
    """Sonames the xcb plugin needs and the system lacks (sorted, each once)."""
    files = plugin_files() if files is None else files
    missing: set[str] = set()
    used_ldd = False
    for path in files:
        out = ldd(path)
        if out is None:
            continue
        used_ldd = True
        missing.update(_NOT_FOUND.findall(out))
    if not used_ldd and files:
        missing.update(s for s in PACKAGES if not find(s))
    return sorted(missing)


def install_hint(missing: list[str]) -> str:
    """The message: what is missing and one command per package manager that installs all."""
    lines = [f"Qt cannot open a window: its X11 (xcb) plugin needs system libraries that are "
             f"not installed: {', '.join(missing)}.", "Install them all with one of:"]
    unknown = [s for s in missing if s not in PACKAGES]
    for i, (manager, command) in enumerate(MANAGERS):
        names = sorted({PACKAGES[s][i] for s in missing if s in PACKAGES})
        if names:
            lines.append(f"  {command} {' '.join(names)}    # {manager}")
    if unknown:
        lines.append(f"and find the package that provides {', '.join(unknown)}.")
    lines.append("Or render headless: conquest-editor --screenshot shot.png [BOARD].")
    return "\n".join(lines)


def will_use_xcb(environ: dict[str, str] | None = None, platform: str | None = None) -> bool:
    """True when Qt is about to load the xcb plugin (Linux, X11 display, no other platform)."""
    env = os.environ if environ is None else environ
    if not (platform or sys.platform).startswith("linux"):
        return False
    chosen = env.get("QT_QPA_PLATFORM", "")
    if chosen:
        return chosen.split(":")[0].split(";")[0] == "xcb"
    return bool(env.get("DISPLAY")) and not env.get("WAYLAND_DISPLAY")
