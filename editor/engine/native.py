"""The rules engine in two forms from one source: interpreted (the .py files) or compiled (the same
files compiled to C extension modules by Cython, `hatch_build.py`).

The compiled modules live in `editor/engine/_native/` (never committed), beside a manifest of the
sources they were built from. `activate` puts that folder first on the `editor.engine` package
path, so `import editor.engine.search` finds the extension there and every other module in
`editor/engine/` as before. The environment variable CONQUEST_ENGINE chooses the form:

* `auto` (default): compiled when every module is built from the current sources, else
  interpreted (no compiler, never built, or a source edited since the build);
* `interpreted`: the .py files, even when compiled modules exist;
* `compiled`: the compiled modules, or an error saying why they cannot be used.

No Qt, no imports of other engine modules: this runs before any of them is imported.
"""

from __future__ import annotations

import hashlib
import json
import os
import sysconfig
from pathlib import Path

#: The modules compiled, in `editor/engine` (the hot path: search, moves, apply, the policy).
COMPILED_MODULES = (
    "search_tables", "state", "search", "moves", "turns", "responses", "catapults", "building",
    "drawbridges", "camels", "game", "playout",
)
RULES_DIR = Path(__file__).resolve().parent
NATIVE_DIR = RULES_DIR / "_native"
MANIFEST = "manifest.json"
ENV = "CONQUEST_ENGINE"
FORMS = ("auto", "interpreted", "compiled")


class EngineFormError(RuntimeError):
    """CONQUEST_ENGINE asks for a form that cannot be used here: what (the message), a stable
    `code`, how to fix it (`fix`) and the exit code a command ends with (2: a usage error or
    the missing compile extra, `editor.cli.exits`)."""

    def __init__(self, message: str, code: str, fix: str) -> None:
        super().__init__(message)
        self.code, self.fix, self.exit_code = code, fix, 2

    def finding(self) -> str:
        """The finding as the commands print it (one line of what, one of how to fix)."""
        return f"error [{self.code}]: {self}\n  how to fix: {self.fix}"


def source_digest(module: str, rules_dir: Path = RULES_DIR) -> str:
    """sha256 of what one engine module is compiled from (what the manifest records per module):
    its source and every C declaration file (`*.pxd`: the field types of `state.pxd` shape every
    module that uses the state)."""
    digest = hashlib.sha256((rules_dir / f"{module}.py").read_bytes())
    for pxd in sorted(rules_dir.glob("*.pxd")):
        digest.update(pxd.name.encode() + b"\0" + pxd.read_bytes())
    return digest.hexdigest()


def extension_path(module: str, native_dir: Path = NATIVE_DIR) -> Path:
    """Where the compiled form of `module` lives (its name carries this Python's ABI tag)."""
    return native_dir / f"{module}{sysconfig.get_config_var('EXT_SUFFIX')}"


def read_manifest(native_dir: Path = NATIVE_DIR) -> dict:
    """The manifest of the compiled modules in `native_dir`, {} when there is none (or it cannot
    be read): `sources`, the digest each module was built from, and `build`, how (`plain`;
    `profile-guided`; `instrumented` while a profile-guided build trains, or after one that did
    not finish; a manifest without it is from a plain build)."""
    try:
        built = json.loads((native_dir / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return built if isinstance(built, dict) else {}


def compiled_problem(native_dir: Path = NATIVE_DIR, rules_dir: Path = RULES_DIR,
                     built: dict | None = None) -> str | None:
    """Why the compiled modules in `native_dir` cannot be used, or None when they can: every
    module built for this Python, from the sources as they are now (`built`: the manifest, when
    the caller has read it already)."""
    if built is None:
        built = read_manifest(native_dir)
    if not built:
        return "not built (run `make` with a C compiler present)"
    for module in COMPILED_MODULES:
        if not extension_path(module, native_dir).is_file():
            return f"{module} is not built for this Python"
        if built.get("sources", {}).get(module) != source_digest(module, rules_dir):
            return f"{module}.py changed since the build (run `make` again)"
    return None


def choose(package_path: list[str], requested: str | None = None) -> str:
    """Decide the form (see the module docstring), put the compiled folder first on the
    package path when compiled, and return a one-line description of the form in use."""
    form = (requested if requested is not None else os.environ.get(ENV, "auto")) or "auto"
    if form not in FORMS:
        raise EngineFormError(
            f"{ENV}={form!r} is not a form of the rules engine: expected one of "
            f"{', '.join(FORMS)}", "ENGINE_FORM_UNKNOWN",
            f"set {ENV} to auto (the default), interpreted or compiled, or unset it")
    if form == "interpreted":
        return f"interpreted ({ENV}=interpreted)"
    built = read_manifest()  # read once at start-up: what can be used, and how it was built
    problem = compiled_problem(built=built)
    if problem is not None:
        if form == "compiled":
            raise EngineFormError(
                f"{ENV}=compiled, but the compiled engine {problem}", "ENGINE_NOT_COMPILED",
                "run `make` (or `python hatch_build.py`) with the compile extra (pip install "
                f"'.[compile]') and a C compiler present, or set {ENV}=auto or interpreted")
        return f"interpreted (compiled engine {problem})"
    if str(NATIVE_DIR) not in package_path:
        package_path.insert(0, str(NATIVE_DIR))
    how = built.get("build", "plain")
    if how == "instrumented":
        return "compiled (Cython, instrumented for a profile: run `make` to finish the build)"
    return f"compiled (Cython, {how})"
