"""Draft a board from a scan: field discs, land/sea, printed numbers, connections (no Qt).

`detect_board(image, scale=None, progress=..., cancelled=...) -> DraftResult` is the entry
point; `load_scan(path)` reads an image safely. OpenCV and the OCR model come from the
`detect` extra, so the names below are imported on first use (PEP 562): `editor.detect.codes`
(the finding codes, which the catalogue imports) must load in an install without the extra.
"""

from __future__ import annotations

from typing import Any

__all__ = ["MAX_PIXELS", "DetectCancelled", "DraftResult", "detect_board", "load_scan"]


def __getattr__(name: str) -> Any:
    """The entry points, imported when first asked for (ModuleNotFoundError without the
    `detect` extra)."""
    if name in ("DetectCancelled", "DraftResult", "detect_board"):
        from editor.detect import draft

        return getattr(draft, name)
    if name in ("MAX_PIXELS", "load_scan"):
        from editor.detect import image

        return getattr(image, name)
    raise AttributeError(f"module 'editor.detect' has no attribute {name!r}")
