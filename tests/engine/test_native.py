"""The engine's two forms (editor/engine/native.py, hatch_build.py): which one is chosen, that a
missing compiler leaves the interpreted engine working, and that both play the same games."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import editor.engine
from editor.engine import native
from editor.engine.native import COMPILED_MODULES, EngineFormError, choose, compiled_problem

ROOT = Path(__file__).resolve().parents[2]
PYTHON_ONLY = os.environ.get(native.ENV) == "interpreted"  # the suite's second, interpreted pass


def _run(code: str, env: dict[str, str], timeout: float = 600) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout, check=False)


def test_a_folder_without_a_manifest_or_with_a_stale_module_is_not_used(tmp_path: Path) -> None:
    assert "not built" in compiled_problem(tmp_path)
    (tmp_path / native.MANIFEST).write_text(json.dumps({"sources": {
        m: native.source_digest(m) for m in COMPILED_MODULES}}), encoding="utf-8")
    for m in COMPILED_MODULES:
        native.extension_path(m, tmp_path).write_bytes(b"")
    assert compiled_problem(tmp_path) is None
    edited = tmp_path / "rules"
    edited.mkdir()
    for m in COMPILED_MODULES:
        (edited / f"{m}.py").write_text("# edited since the build\n", encoding="utf-8")
    assert "changed since the build" in compiled_problem(tmp_path, edited)


def test_an_edited_declaration_file_makes_every_compiled_module_stale(tmp_path: Path) -> None:
    """The C types in a .pxd shape the modules that use them: changing one rebuilds them all."""
    rules = tmp_path / "rules"
    rules.mkdir()
    for f in [*native.RULES_DIR.glob("*.pxd"), *(native.RULES_DIR / f"{m}.py"
                                                 for m in COMPILED_MODULES)]:
        shutil.copy(f, rules / f.name)
    digests = {m: native.source_digest(m, rules) for m in COMPILED_MODULES}
    assert digests == {m: native.source_digest(m) for m in COMPILED_MODULES}
    state_pxd = rules / "state.pxd"
    state_pxd.write_text(state_pxd.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert all(native.source_digest(m, rules) != digests[m] for m in COMPILED_MODULES)


def test_the_compiled_field_types_name_every_declared_field_in_order() -> None:
    """state.pxd gives C types to `StateFields`' fields: the same names, none missing or extra
    (a field added to the declaration and not here would fail to compile or be lost)."""
    import re

    from editor.engine.state import StateData, state_fields

    text = (native.RULES_DIR / "state.pxd").read_text(encoding="utf-8")
    declared = re.findall(r"^    cdef public [\w :\[\]]+ (\w+)$", text, flags=re.MULTILINE)
    assert declared == [f.name for f in state_fields()]
    assert StateData.__slots__ == tuple(declared)


def test_the_environment_chooses_the_form() -> None:
    path = ["somewhere"]
    assert choose(path, "interpreted").startswith("interpreted") and path == ["somewhere"]
    with pytest.raises(EngineFormError, match="expected one of"):
        choose(path, "fast")
    if compiled_problem() is None:
        assert choose(path, "auto").startswith("compiled") and path[0] == str(native.NATIVE_DIR)
    else:
        with pytest.raises(EngineFormError, match="compiled engine"):
            choose(path, "compiled")


def test_the_process_runs_the_form_it_reports() -> None:
    import editor.engine.search as search

    compiled = Path(search.__file__).parent == native.NATIVE_DIR
    assert compiled == editor.engine.ENGINE.startswith("compiled")
    assert compiled == (not PYTHON_ONLY and compiled_problem() is None)


def test_without_a_c_compiler_nothing_is_built_and_the_engine_runs_interpreted(
        tmp_path: Path) -> None:
    """CI without gcc: `make` (hatch_build.py, here in a copy of the sources) says so and exits
    0, nothing is built, and the engine plays interpreted."""
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "editor" / "engine", tree / "editor" / "engine",
                    ignore=shutil.ignore_patterns("_native", "__pycache__"))
    shutil.copy(ROOT / "editor" / "__init__.py", tree / "editor")
    shutil.copy(ROOT / "hatch_build.py", tree)
    bare = tmp_path / "bin"
    bare.mkdir()
    os.symlink(sys.executable, bare / "python3")
    hidden = {"CC": str(tmp_path / "no-such-cc"), "PATH": str(bare)}
    made = subprocess.run([sys.executable, str(tree / "hatch_build.py")], cwd=tree,
                          env={**os.environ, **hidden}, capture_output=True, text=True,
                          timeout=300, check=False)
    assert made.returncode == 0, made.stderr
    assert made.stdout.startswith("engine: interpreted ("), made.stdout
    assert "no C compiler" in made.stdout or "Cython is not installed" in made.stdout
    assert not (tree / "editor" / "engine" / "_native").exists()
    played = _run("import editor.engine as r; from editor.cli.main import main; print(r.ENGINE);"
                  "raise SystemExit(main(['selfplay', '--variant', 'conquest-2p', '--games',"
                  " '1', '--max-turns', '10']))", {native.ENV: "interpreted", **hidden})
    assert played.returncode == 0, played.stderr
    assert played.stdout.startswith("interpreted")


GAMES = """
import hashlib, json, tempfile, os
from editor.cli.main import main
from editor.engine.native import COMPILED_MODULES
out = {}
for variant in %r:
    path = os.path.join(tempfile.mkdtemp(), "log.jsonl")
    code = main(["selfplay", "--variant", variant, "--games", "3", "--max-turns", "40",
                 "--seed", "5", "--log", path, "--format", "json"])
    out[variant] = [code, hashlib.sha256(open(path, "rb").read()).hexdigest()]
print(json.dumps(out))
"""


@pytest.mark.skipif(PYTHON_ONLY or compiled_problem() is not None,
                    reason="needs the compiled engine (built by make with a C compiler)")
def test_both_forms_write_the_same_selfplay_logs_on_every_shipped_variant() -> None:
    from editor.resources import data_dir

    variants = sorted(p.name.removesuffix(".variant.json")
                      for p in data_dir("variants").glob("*.variant.json")
                      if '"overlay": true' not in p.read_text(encoding="utf-8"))
    logs = {}
    for form in ("compiled", "interpreted"):
        ran = _run(GAMES % (variants,), {native.ENV: form})
        assert ran.returncode == 0, ran.stderr
        logs[form] = json.loads(ran.stdout.strip().splitlines()[-1])
    assert logs["compiled"] == logs["interpreted"]
    assert all(code == 0 for code, _ in logs["compiled"].values())


def test_version_names_the_engine_in_use(capsys) -> None:
    from editor.cli.main import main

    assert main(["--version"]) == 0
    printed = " ".join(capsys.readouterr().out.split())  # argparse wraps at the terminal width
    assert f"(engine: {editor.engine.ENGINE})" in printed


@pytest.mark.parametrize(("form", "code"), [("bogus", "ENGINE_FORM_UNKNOWN"),
                                            ("compiled", "ENGINE_NOT_COMPILED")])
def test_a_form_that_cannot_be_used_is_a_finding_not_a_traceback(
        tmp_path: Path, form: str, code: str) -> None:
    """Issue 24 item 4: CONQUEST_ENGINE naming no form, or the compiled form where none is built
    (a copy of the sources without `_native`), ends the command with a finding (what, a stable
    code, how to fix) and exit 2."""
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "editor", tree / "editor",
                    ignore=shutil.ignore_patterns("_native", "__pycache__"))
    env = {**os.environ, "PYTHONPATH": str(tree), native.ENV: form}
    ran = subprocess.run([sys.executable, "-m", "editor.cli.main", "--version"], cwd=tree,
                         env=env, capture_output=True, text=True, timeout=300, check=False)
    assert ran.returncode == 2
    assert f"error [{code}]: {native.ENV}" in ran.stderr and "how to fix:" in ran.stderr
    assert "Traceback" not in ran.stderr
