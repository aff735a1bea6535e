"""Build the compiled form of the rules engine (`editor/engine/native.py` says what and why).

    python hatch_build.py            # build what is missing or stale; say which engine is in use
    python hatch_build.py --clean    # remove the compiled modules (the engine runs interpreted)

Each module of `COMPILED_MODULES` is translated by Cython (`cython -3`, the .py file unchanged)
into `build/native/<module>.c` and compiled with the C compiler (CC, else this Python's) into
`editor/engine/_native/`, with a manifest of the sources' digests. Without Cython or a working C
compiler nothing is built and the engine stays interpreted; that is not an error. Also the
hatchling build hook: a wheel built here carries the compiled modules (and is then tagged for
this platform); without them the wheel is pure Python.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
os.environ["CONQUEST_ENGINE"] = "interpreted"  # building runs no engine: never refuse to build
from editor.engine.native import (  # noqa: E402  (the checkout's package, not an installed one)
    COMPILED_MODULES,
    MANIFEST,
    NATIVE_DIR,
    RULES_DIR,
    compiled_problem,
    extension_path,
    source_digest,
)

C_DIR = ROOT / "build" / "native"
CFLAGS = ["-O3", "-fPIC", "-shared", "-fno-strict-aliasing", "-DNDEBUG", "-w"]
#: Cython directives: exactly Python's semantics. Annotations are documentation, not C types,
#: and no local becomes a C integer by inference (`1 << v` must stay a Python int).
DIRECTIVES = ["language_level=3", "annotation_typing=False", "infer_types=False", "binding=True",
              "embedsignature=False", "boundscheck=False", "wraparound=True"]


def compiler() -> list[str] | None:
    """The C compiler command (CC, else the one Python was built with) if it runs, else None."""
    cc = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    if not cc or shutil.which(cc[0]) is None:
        return None
    try:
        ok = subprocess.run([*cc, "--version"], capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return None
    return cc if ok else None


def missing_tool() -> str | None:
    """Why nothing can be compiled here (no Cython, no C compiler), or None."""
    try:
        import Cython  # noqa: F401
    except ImportError:
        return "Cython is not installed (pip install '.[compile]')"
    if compiler() is None:
        return "no C compiler (CC or cc)"
    return None


def _build_one(module: str, cc: list[str]) -> None:
    """Cython then the C compiler for one module; raises CalledProcessError on failure."""
    c_file = C_DIR / f"{module}.c"
    subprocess.run([sys.executable, "-m", "cython", "-3", "--fast-fail",
                    *[f"-X{d}" for d in DIRECTIVES], "--module-name", f"editor.engine.{module}",
                    "-I", str(ROOT), "-o", str(c_file), str(RULES_DIR / f"{module}.py")],
                   check=True, capture_output=True, text=True)
    include = sysconfig.get_paths()["include"]
    subprocess.run([*cc, *CFLAGS, f"-I{include}", str(c_file), "-o",
                    str(extension_path(module))], check=True, capture_output=True, text=True)


def _stale_modules() -> list[str]:
    """The modules whose extension is missing or was built from another source."""
    try:
        built = json.loads((NATIVE_DIR / MANIFEST).read_text(encoding="utf-8"))["sources"]
    except (OSError, ValueError, KeyError):
        built = {}
    return [m for m in COMPILED_MODULES
            if not extension_path(m).is_file() or built.get(m) != source_digest(m)]


def build(jobs: int = 2) -> str:
    """Build the stale or missing compiled modules; returns what happened, in one line."""
    if compiled_problem() is None:
        return "engine: compiled (up to date)"
    why = missing_tool()
    if why is not None:
        return f"engine: interpreted ({why}; nothing compiled)"
    cc = compiler()
    assert cc is not None
    C_DIR.mkdir(parents=True, exist_ok=True)
    NATIVE_DIR.mkdir(parents=True, exist_ok=True)
    stale = _stale_modules()
    (NATIVE_DIR / MANIFEST).unlink(missing_ok=True)  # no manifest: never a half-built engine
    t0 = time.perf_counter()
    sources = {m: source_digest(m) for m in COMPILED_MODULES}
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_build_one, m, cc) for m in stale]
        for f in futures:
            try:
                f.result()
            except subprocess.CalledProcessError as exc:
                tail = (exc.stderr or exc.stdout or "").strip().splitlines()[-3:]
                return "engine: interpreted (the build failed: " + " / ".join(tail) + ")"
    (NATIVE_DIR / MANIFEST).write_text(json.dumps({"sources": sources}, indent=1) + "\n",
                                       encoding="utf-8")
    took = time.perf_counter() - t0
    return (f"engine: compiled ({len(stale)} of {len(COMPILED_MODULES)} modules built in "
            f"{took:.0f} s)")


def clean() -> None:
    """Remove the compiled modules and the generated C."""
    shutil.rmtree(NATIVE_DIR, ignore_errors=True)
    shutil.rmtree(C_DIR, ignore_errors=True)


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # building by hand (`python hatch_build.py`) needs no hatchling
    BuildHookInterface = object  # type: ignore[assignment,misc]


class NativeEngineHook(BuildHookInterface):  # type: ignore[misc,valid-type]
    """Hatchling: a wheel carries the compiled engine when it can be built here."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or version == "editable":
            return  # an editable install imports the checkout, where `make` builds
        print(build(), file=sys.stderr)
        if compiled_problem() is not None:
            return
        for path in [*NATIVE_DIR.glob("*" + str(sysconfig.get_config_var("EXT_SUFFIX"))),
                     NATIVE_DIR / MANIFEST]:
            build_data["force_include"][str(path)] = f"editor/engine/_native/{path.name}"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True


def main(argv: list[str]) -> int:
    if argv == ["--clean"]:
        clean()
        print("engine: interpreted (compiled modules removed)")
        return 0
    if argv:
        print(__doc__, file=sys.stderr)
        return 2
    print(build())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
