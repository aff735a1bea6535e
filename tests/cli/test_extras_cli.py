"""`conquest` without the optional extras: every command starts, and a command that needs an
extra says which one (exit 2, no traceback). The libraries are hidden in a subprocess here;
tests/cli/test_wheel.py proves the same on a real install without extras."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from support.importgraph import read_package

from editor import extras
from editor.cli.main import SUBCOMMANDS

ROOT = Path(__file__).resolve().parents[2]
HIDDEN = sorted({m for names in extras.EXTRA_MODULES.values() for m in names})
#: `conquest ARGS...` with every optional library unimportable (as in an install without
#: extras); with --each, `conquest --help` and every `conquest COMMAND --help` in one process,
#: their exit codes printed last as one line of JSON.
RUN_HIDDEN = f"""
import json, sys
for name in {HIDDEN!r}:
    sys.modules[name] = None
from editor.cli.main import SUBCOMMANDS, main
if sys.argv[1:] != ["--each"]:
    sys.exit(main(sys.argv[1:]))
codes = {{m.NAME: main([m.NAME, "--help"]) for m in SUBCOMMANDS}}
codes[""] = main(["--help"])
print(json.dumps(codes))
"""
BOARD = ROOT / "boards" / "conquest-2p.board.json"


def _conquest_without_extras(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", RUN_HIDDEN, *args], capture_output=True,
                          text=True, timeout=120, cwd=cwd, env=env)


def test_every_subcommand_starts_without_the_extras() -> None:
    done = _conquest_without_extras("--each")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    codes = json.loads(done.stdout.splitlines()[-1])
    assert codes == dict.fromkeys(["", *(m.NAME for m in SUBCOMMANDS)], 0)


def test_validate_works_without_the_extras() -> None:
    done = _conquest_without_extras("validate", str(BOARD))
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(("extra", "args"), [
    ("detect", ["detect", "scan.png", "-o", "draft.board.json"]),
    ("detect", ["detect"]),  # its arguments missing too: usage, and what it needs
    ("balance", ["balance", "--variant", "conquest-2p", "--games", "2", "-o", "out"]),
])
def test_a_command_needing_an_extra_names_it(tmp_path: Path, extra: str,
                                             args: list[str]) -> None:
    (tmp_path / "scan.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    done = _conquest_without_extras(*args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert f"pip install 'conquest-workbench[{extra}]'" in done.stderr
    assert "Traceback" not in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scan.png"], "wrote before checking"


def test_help_of_a_command_that_needs_an_extra_says_so() -> None:
    done = _conquest_without_extras("detect", "--help")
    assert "'detect' extra" in done.stdout


def _external_imports() -> set[str]:
    """Top-level names of every module `editor` imports that is neither stdlib nor editor."""
    found = {i.target.split(".")[0] for i in read_package(ROOT, "editor").imports}
    return found - set(sys.stdlib_module_names) - {"editor", "__future__", ""}


def test_every_optional_library_the_code_imports_belongs_to_an_extra() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    base = {"PySide6", "shiboken6", "pydantic", "pydantic_core", "jsonschema"}
    assert {r.split(">")[0].split("<")[0].split("[")[0] for r in pyproject["dependencies"]} == {
        "PySide6-Essentials", "pydantic", "jsonschema"}, "update `base` here"
    unlisted = _external_imports() - base - set(HIDDEN)
    assert not unlisted, f"imported, but in no extra of editor/extras.py: {unlisted}"


def test_extra_modules_come_from_their_extra_in_pyproject() -> None:
    """Each module of editor.extras.EXTRA_MODULES is installed by a requirement of that extra."""
    optional = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]
    providers = metadata.packages_distributions()
    for extra, modules in extras.EXTRA_MODULES.items():
        wanted = {_name(r) for r in optional[extra]}
        for module in modules:
            dists = {_name(d) for d in providers.get(module, [])}
            if dists:  # not installed here: nothing to compare
                assert dists & wanted, f"{module} ({dists}) is not in the '{extra}' extra"


def _name(requirement: str) -> str:
    for stop in "<>=![ ;":
        requirement = requirement.split(stop)[0]
    return requirement.strip().lower().replace("_", "-")


def test_extra_of_and_install_hint(monkeypatch) -> None:
    assert extras.extra_of("cv2.typing") == "detect"
    assert extras.extra_of("duckdb") == "balance"
    assert extras.extra_of("json") is None and extras.extra_of(None) is None
    assert extras.install_hint("detect") == "pip install 'conquest-workbench[detect]'"
    monkeypatch.setattr(sys, "frozen", True, raising=False)  # in the bundle
    assert extras.install_hint("balance").startswith("this bundle was built without it")
