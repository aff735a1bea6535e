"""Finding codes of the editor itself (defined in `editor.check.editor_codes`, so the findings
catalogue lists them) and the scan findings the trace scene reports."""

from __future__ import annotations

from editor.check.editor_codes import SCAN_MISSING, SCAN_REFUSED
from editor.model.findings import Finding

__all__ = ["SCAN_MISSING", "SCAN_REFUSED", "scan_findings"]


def scan_findings(path: str | None, problem: object) -> list[Finding]:
    """SCAN_MISSING for a scan that is not there, SCAN_REFUSED with the reason for one that is
    over the pixel limit or cannot be decoded (issue 12); `problem` is the ScanRead."""
    if path is None or problem is None:
        return []
    if getattr(problem, "problem", None) == "missing":
        return [SCAN_MISSING.at(f"scan image '{path}' not found; tracing continues over a blank "
                                "area", "/image/path", element="image")]
    return [SCAN_REFUSED.at(
        f"scan image '{path}' is not shown: {getattr(problem, 'reason', '')}; tracing continues "
        "over a blank area", "/image/path", element="image")]
