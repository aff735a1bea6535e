"""`make dist-check`: start the bundle built by `make dist` as a user would, without Python.

Runs `conquest --help`, `conquest validate` on a shipped board, `conquest detect` on a shipped
scan (OpenCV, onnxruntime and the OCR model inside the bundle), and the editor headless
(`QT_QPA_PLATFORM=offscreen --screenshot`) a few times; prints the bundle's size and the
editor's median start-to-screenshot time. Needs only the standard library.

    python3 packaging/check_bundle.py dist/conquest-workbench [--runs 3] [--keep shot.png]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: nothing of a Python installation or of this checkout may help the bundle start
SCRUBBED = ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "QT_PLUGIN_PATH", "LD_LIBRARY_PATH")


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SCRUBBED}
    env["PATH"] = "/usr/bin:/bin"
    return {**env, **extra}


def _run(args: list[str | Path], cwd: Path, expect: int = 0, **env: str) -> str:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True, cwd=cwd,
                          env=_env(**env), timeout=600)
    if done.returncode != expect:
        sys.exit(f"check_bundle: {' '.join(map(str, args))} exited {done.returncode}, "
                 f"expected {expect}\n{done.stdout}{done.stderr}")
    return done.stdout + done.stderr


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def check(bundle: Path, runs: int, keep: Path | None = None) -> None:
    editor, cli = bundle / "conquest-workbench", bundle / "conquest"
    boards = bundle / "_internal" / "editor" / "_data" / "boards"
    board = boards / "conquest-2p.board.json"
    with tempfile.TemporaryDirectory(prefix="bundle-check-") as tmp:
        work = Path(tmp)
        assert "validate" in _run([cli, "--help"], work)
        _run([cli, "validate", board], work)
        why = _run([cli, "--language", "de", "why", "--variant", "conquest-2p", "E s.L43>s.L50"],
                   work, expect=1)  # the German catalogue (editor/locale) is in the bundle
        if "nicht erlaubt" not in why:
            sys.exit(f"check_bundle: no German explanation in the bundle:\n{why}")
        out = _run([cli, "detect", boards / "scans" / "conquest-2p.png", "-o",
                    "draft.board.json"], work)
        wrote = [line for line in out.splitlines() if line.startswith("wrote")]
        print(f"detect in the bundle: {wrote[-1] if wrote else out}")
        seconds = []
        for k in range(runs):
            shot = work / f"shot{k}.png"
            start = time.perf_counter()
            _run([editor, board, "--screenshot", shot, "--size", "1200x800"], work,
                 QT_QPA_PLATFORM="offscreen")
            seconds.append(time.perf_counter() - start)
            if shot.read_bytes()[:8] != b"\x89PNG\r\n\x1a\n":
                sys.exit(f"check_bundle: {shot} is not a PNG")
        if keep is not None:
            shutil.copyfile(shot, keep)
    archive = bundle.parent / f"{bundle.name}-linux-x86_64.tar.gz"
    packed = f", archive {archive.stat().st_size / 2**20:.0f} MiB" if archive.is_file() else ""
    print(f"bundle {_size(bundle) / 2**20:.0f} MiB{packed}; editor start to screenshot: "
          f"median {statistics.median(seconds):.2f} s of {runs} "
          f"({', '.join(f'{s:.2f}' for s in seconds)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", type=Path, metavar="PNG", help="copy the screenshot here")
    args = parser.parse_args()
    if not (args.bundle / "conquest-workbench").is_file():
        print(f"check_bundle: no bundle at {args.bundle}; run 'make dist'", file=sys.stderr)
        return 2
    check(args.bundle.resolve(), args.runs, args.keep)
    return 0


if __name__ == "__main__":
    sys.exit(main())
