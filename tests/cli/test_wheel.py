"""The wheel: package data reachable from an installed wheel (pyproject's force-include), and the
base install (no extras) in a fresh virtual environment outside the repository, where every
command starts, a command that needs an extra names it, and the editor takes a screenshot."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from editor.engine.native import COMPILED_MODULES, compiled_problem, extension_path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
from editor.resources import data_dir, in_checkout
from editor.cli.main import main
import editor.engine
print("engine:", editor.engine.ENGINE)
schema = data_dir("schema") / "board.schema.json"
assert not in_checkout(), "imported the checkout, not the wheel"
assert "_data" in schema.parts and schema.is_file(), schema
assert json.loads(schema.read_text(encoding="utf-8"))["properties"]["format"]["const"] == \\
    "conquest-board/1"
from editor.model.schema import SCHEMAS, render
spec = next(s for s in SCHEMAS if s.filename == "board.schema.json")
assert schema.read_text(encoding="utf-8") == render(spec), "packaged board schema is stale"
from editor.resources import rules_catalogue_path
assert "_data" in rules_catalogue_path().parts, rules_catalogue_path()
assert main(["rules", "OBST-3"]) == 0
sys.exit(main(["validate", sys.argv[1]]))
"""

#: In the fresh install: every `conquest COMMAND --help` in one process (exit codes as JSON),
#: after proving that no optional library is importable there.
EVERY_HELP = """
import importlib.util, json, sys
from editor import extras
present = [m for names in extras.EXTRA_MODULES.values() for m in names
           if importlib.util.find_spec(m) is not None]
assert not present, f"the base install has optional libraries: {present}"
from editor.cli.main import SUBCOMMANDS, main
print(json.dumps({m.NAME: main([m.NAME, "--help"]) for m in SUBCOMMANDS}))
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel built from this checkout, offline (hatchling comes with the test extra)."""
    wheels = tmp_path_factory.mktemp("wheels")
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--no-index", "-q", "-w", str(wheels), str(ROOT)],
        capture_output=True, text=True, timeout=300, cwd=wheels)
    assert build.returncode == 0, build.stderr
    (built,) = wheels.glob("conquest_workbench-*.whl")
    return built


def test_wheel_ships_package_data(wheel: Path, tmp_path: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "editor/_data/schema/board.schema.json" in names
    assert "editor/_data/rules.md" in names
    assert "editor/resources.py" in names
    assert {"editor/_data/guide/index.md", "editor/_data/guide/img/trace-board.png",
            "editor/gui/conquest-workbench.svg"} <= names  # Help › User guide, the icon
    assert not any(n.startswith(("tests/", "editor/_data/tests")) for n in names)
    native = {n for n in names if n.startswith("editor/engine/_native/")}
    if compiled_problem() is None:  # built here: the wheel carries the compiled engine
        assert {f"editor/engine/_native/{extension_path(m).name}"
                for m in COMPILED_MODULES} <= native
    else:
        assert not native

    # installed (unpacked into a folder of its own), it finds its data without the checkout
    target = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CONQUEST_ENGINE")}
    env["PYTHONPATH"] = str(target)
    probe = subprocess.run(
        [sys.executable, "-c", PROBE, str(ROOT / "tests/data/boards/rich.board.json")],
        capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)
    assert probe.returncode == 0, probe.stdout + probe.stderr
    if native:  # the installed wheel runs the compiled engine it carries
        assert "engine: compiled" in probe.stdout, probe.stdout


def _run(args: list[str | Path], cwd: Path, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("PYTHONPATH", "VIRTUAL_ENV", "QT_QPA_PLATFORM")}
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=300,
                          cwd=cwd, env={**clean, **env})


def test_the_base_install_runs_every_command_and_the_editor(wheel: Path, tmp_path: Path) -> None:
    """`pip install conquest-workbench` (no extras) in a fresh venv outside the repository."""
    venv = tmp_path / "venv"
    made = _run([sys.executable, "-m", "venv", "--without-pip", venv], tmp_path)
    assert made.returncode == 0, made.stderr
    python, bin_dir = venv / "bin" / "python", venv / "bin"
    install = _run([sys.executable, "-m", "pip", "--python", python, "install", "-q",
                    "--no-compile", "--no-warn-script-location", wheel], tmp_path)
    assert install.returncode == 0, install.stdout + install.stderr

    top = _run([bin_dir / "conquest", "--help"], tmp_path)
    assert top.returncode == 0 and "validate" in top.stdout, top.stderr
    helps = _run([python, "-c", EVERY_HELP], tmp_path)
    assert helps.returncode == 0, helps.stderr
    codes = json.loads(helps.stdout.splitlines()[-1])
    assert codes and set(codes.values()) == {0}, codes

    site = Path(_run([python, "-c", "import editor; print(editor.__file__)"],
                     tmp_path).stdout.strip()).parent
    board = site / "_data" / "boards" / "conquest-2p.board.json"
    valid = _run([bin_dir / "conquest", "validate", board], tmp_path)
    assert valid.returncode == 0, valid.stdout + valid.stderr

    (tmp_path / "scan.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    detect = _run([bin_dir / "conquest", "detect", "scan.png", "-o", "draft.board.json"],
                  tmp_path)
    assert detect.returncode == 2, detect.stderr
    assert "pip install 'conquest-workbench[detect]'" in detect.stderr
    assert "Traceback" not in detect.stderr

    shot = _run([bin_dir / "conquest-editor", board, "--screenshot", "shot.png",
                 "--size", "800x600"], tmp_path, QT_QPA_PLATFORM="offscreen")
    assert shot.returncode == 0, shot.stdout + shot.stderr
    assert (tmp_path / "shot.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
