"""The build of the compiled engine (hatch_build.py): the stages of a profile-guided build, its
fall-back to the plain build, and an unfinished instrumented build, with the compiler and
Cython replaced by stand-ins that record what they were asked to do (the real build is `make`'s,
which the rest of the suite runs on; `test_make_built_the_engine_profile_guided_with_gcc`)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

from editor.engine import native

ROOT = Path(__file__).resolve().parents[2]


def load_hatch_build() -> ModuleType:
    """hatch_build.py loaded afresh; the CONQUEST_ENGINE it sets for its own process (building
    runs no engine) is put back."""
    spec = importlib.util.spec_from_file_location("hatch_build_under_test",
                                                  ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    before = os.environ.get(native.ENV)
    try:
        spec.loader.exec_module(module)
    finally:
        if before is None:
            os.environ.pop(native.ENV, None)
        else:
            os.environ[native.ENV] = before
    return module


@pytest.fixture
def hb(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> ModuleType:
    """hatch_build.py loaded afresh, building into tmp_path: Cython and the compiler record
    their calls (`hb.calls`), GCC is the compiler, every module is stale."""
    monkeypatch.delenv("CONQUEST_PGO", raising=False)
    module = load_hatch_build()
    native_dir, c_dir = tmp_path / "_native", tmp_path / "c"
    monkeypatch.setattr(module, "NATIVE_DIR", native_dir)
    monkeypatch.setattr(module, "C_DIR", c_dir)
    monkeypatch.setattr(module, "read_manifest", lambda: native.read_manifest(native_dir))
    monkeypatch.setattr(module, "compiled_problem", lambda: "not built")
    monkeypatch.setattr(module, "missing_tool", lambda: None)
    monkeypatch.setattr(module, "compiler", lambda: ["gcc"])
    monkeypatch.setattr(module, "is_gcc", lambda cc: True)
    monkeypatch.setattr(module, "extension_path", lambda m: native_dir / f"{m}.so")
    module.calls = []

    def cythonize(m: str) -> None:
        module.calls.append(("cython", m))

    def compile_(m: str, cc: list[str], stage: str) -> None:
        module.calls.append((stage, m))
        (native_dir / f"{m}.so").write_text(stage)

    monkeypatch.setattr(module, "_cythonize", cythonize)
    monkeypatch.setattr(module, "_compile", compile_)
    return module


def _stages(hb: ModuleType) -> list[str]:
    """The stages in the order they ran, each once."""
    seen: list[str] = []
    for stage, _module in hb.calls:
        if stage not in seen:
            seen.append(stage)
    return seen


def test_a_gcc_build_is_instrumented_trained_then_built_with_the_profile(hb) -> None:
    manifests_in_training = []
    hb.train = lambda: manifests_in_training.append(hb.read_manifest())
    said = hb.build()
    assert said.startswith("engine: compiled (12 of 12 modules built in"), said
    assert said.endswith("profile-guided)"), said
    assert _stages(hb) == ["cython", "instrumented", "profile-guided"]
    for stage in ("cython", "instrumented", "profile-guided"):
        assert sorted(m for s, m in hb.calls if s == stage) == sorted(native.COMPILED_MODULES)
    # the training ran on the instrumented modules, which a manifest named as such
    assert [m["build"] for m in manifests_in_training] == ["instrumented"]
    assert hb.read_manifest()["build"] == "profile-guided"
    assert set(hb.read_manifest()["sources"]) == set(native.COMPILED_MODULES)


def test_a_training_that_fails_gives_the_plain_build_and_says_why(hb) -> None:
    def fail() -> None:
        raise subprocess.CalledProcessError(1, ["python"], stderr="variant x could not be loaded")

    hb.train = fail
    said = hb.build()
    assert _stages(hb) == ["cython", "instrumented", "plain"]
    assert "plain; without a profile: variant x could not be loaded" in said, said
    assert hb.read_manifest()["build"] == "plain"


def test_a_training_that_hangs_is_stopped_and_the_build_is_plain(hb) -> None:
    def hang() -> None:
        raise subprocess.TimeoutExpired(["python"], hb.TRAINING_TIMEOUT)

    hb.train = hang
    said = hb.build()
    assert f"without a profile: timed out after {hb.TRAINING_TIMEOUT} s" in said, said
    assert hb.read_manifest()["build"] == "plain"


def test_conquest_pgo_0_or_another_compiler_builds_plainly(hb, monkeypatch) -> None:
    hb.train = lambda: pytest.fail("no training without a profile-guided build")
    monkeypatch.setenv("CONQUEST_PGO", "0")
    assert hb.build().endswith("plain)")
    monkeypatch.delenv("CONQUEST_PGO")
    hb.NATIVE_DIR.joinpath(native.MANIFEST).unlink()
    hb.calls.clear()
    monkeypatch.setattr(hb, "is_gcc", lambda cc: False)  # clang: its profiles need llvm-profdata
    assert hb.build().endswith("plain)")
    assert _stages(hb) == ["cython", "plain"]


def test_an_instrumented_build_left_behind_is_rebuilt_whole(hb, monkeypatch) -> None:
    """A build stopped during its training leaves instrumented modules and their manifest: the
    engine runs them (and says so), and the next `make` builds every module again."""
    hb.NATIVE_DIR.mkdir()
    sources = {m: native.source_digest(m) for m in native.COMPILED_MODULES}
    hb.NATIVE_DIR.joinpath(native.MANIFEST).write_text(
        json.dumps({"sources": sources, "build": "instrumented"}), encoding="utf-8")
    monkeypatch.setattr(hb, "compiled_problem", lambda: None)  # every module is there, current
    assert hb._stale_modules() == list(native.COMPILED_MODULES)
    hb.train = lambda: None
    assert "12 of 12 modules built" in hb.build()
    assert hb.read_manifest()["build"] == "profile-guided"


def test_an_up_to_date_build_builds_nothing(hb, monkeypatch) -> None:
    hb.NATIVE_DIR.mkdir()
    hb.NATIVE_DIR.joinpath(native.MANIFEST).write_text(
        json.dumps({"sources": {}, "build": "profile-guided"}), encoding="utf-8")
    monkeypatch.setattr(hb, "compiled_problem", lambda: None)
    assert hb.build() == "engine: compiled (up to date)"
    assert hb.calls == []


def test_the_training_workload_plays() -> None:
    """Every line of `TRAINING` runs (the bench's child script, a shipped variant, its mode and
    options), here interpreted: a workload that failed would quietly make every build plain."""
    module = load_hatch_build()
    assert {variant for variant, _mode, _options in module.TRAINING} == {
        "conquest-4p", "conquest-plus-4p", "grand-conquest-4p"}
    module.train(engine="interpreted")


@pytest.mark.skipif(os.environ.get(native.ENV) == "interpreted"
                    or native.compiled_problem() is not None,
                    reason="needs the compiled engine (built by make with a C compiler)")
def test_make_built_the_engine_profile_guided_with_gcc() -> None:
    """Where `make` found GCC (this machine, CI), the engine in use is the profile-guided build,
    and `conquest --version` says so."""
    import editor.engine

    built = native.read_manifest()
    if built.get("build") == "plain" and os.environ.get("CONQUEST_PGO") == "0":
        pytest.skip("built with CONQUEST_PGO=0")
    module = load_hatch_build()
    cc = module.compiler()
    if cc is None or not module.is_gcc(cc):
        pytest.skip("the C compiler is not GCC")
    assert built["build"] == "profile-guided"
    assert editor.engine.ENGINE == "compiled (Cython, profile-guided)"
