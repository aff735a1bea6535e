"""Package data is reachable from an installed wheel (pyproject's force-include), offline."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

from editor.rules.native import COMPILED_MODULES, compiled_problem, extension_path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
from editor.resources import data_dir, in_checkout
from editor.cli.main import main
import editor.rules
print("engine:", editor.rules.ENGINE)
schema = data_dir("schema") / "board.schema.json"
assert not in_checkout(), "imported the checkout, not the wheel"
assert "_data" in schema.parts and schema.is_file(), schema
assert json.loads(schema.read_text(encoding="utf-8"))["properties"]["format"]["const"] == \\
    "conquest-board/1"
from editor.model.schema import SCHEMAS, render
spec = next(s for s in SCHEMAS if s.filename == "board.schema.json")
assert schema.read_text(encoding="utf-8") == render(spec), "packaged board schema is stale"
sys.exit(main(["validate", sys.argv[1]]))
"""


def test_wheel_ships_package_data(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--no-index", "-q", "-w", str(wheels), str(ROOT)],
        capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert build.returncode == 0, build.stderr
    (wheel,) = wheels.glob("conquest_workbench-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "editor/_data/schema/board.schema.json" in names
    assert "editor/resources.py" in names
    assert not any(n.startswith(("tests/", "editor/_data/tests")) for n in names)
    native = {n for n in names if n.startswith("editor/rules/_native/")}
    if compiled_problem() is None:  # built here: the wheel carries the compiled engine
        assert {f"editor/rules/_native/{extension_path(m).name}"
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
