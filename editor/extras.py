"""Optional extras (pyproject's `optional-dependencies`): which one brings a missing library,
and the message that says how to install it.

The base install (`pip install conquest-workbench`) has the editor and every command; OpenCV,
the OCR model, DuckDB and the plotting and cluster libraries come with an extra and are imported
only where they are used. tests/cli/test_extras_cli.py keeps the table below in step with
pyproject and with what `editor` imports.
"""

from __future__ import annotations

import importlib.util
import sys

from editor.i18n import _

DISTRIBUTION = "conquest-workbench"

#: Top-level modules each extra provides, as imported by `editor` (not distribution names).
EXTRA_MODULES: dict[str, tuple[str, ...]] = {
    "detect": ("cv2", "numpy", "onnxruntime", "rapidocr_onnxruntime"),
    "balance": ("duckdb", "distributed", "matplotlib", "PIL", "tqdm"),
    "test": ("networkx",),  # `conquest bench` compares its search with networkx
    # the compiled engine's type declarations; without it a no-op shim stands in (interpreted)
    "compile": ("cython",),
}


def extra_of(module: str | None) -> str | None:
    """The extra that provides `module` (a dotted name is judged by its top level), or None."""
    top = (module or "").split(".")[0]
    return next((extra for extra, names in EXTRA_MODULES.items() if top in names), None)


def missing_modules(extra: str) -> list[str]:
    """The modules of `extra` that cannot be imported here (found without importing them)."""
    return [name for name in EXTRA_MODULES[extra] if importlib.util.find_spec(name) is None]


def install_hint(extra: str) -> str:
    """How to get `extra`: the pip command, or in a bundle that it was built without it."""
    command = f"pip install '{DISTRIBUTION}[{extra}]'"
    if getattr(sys, "frozen", False):
        return _("this bundle was built without it; a Python install has it: {command}").format(
            command=command)
    return command


def needs_message(extra: str, missing: str) -> str:
    """One sentence for the user: what is missing, which extra brings it, how to install it."""
    return _("this needs the '{extra}' extra ({missing} is not installed): {command}").format(
        extra=extra, missing=missing, command=install_hint(extra))
