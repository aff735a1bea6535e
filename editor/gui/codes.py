"""Finding codes the editor adds to those of `conquest validate` (kept free of widgets so the
findings catalogue can import it cheaply)."""

from __future__ import annotations

from editor.model.findings import Finding, Severity, define

SCAN_MISSING = define(
    "SCAN_MISSING", Severity.WARNING, "Scan image not found",
    "Put the scan next to the board file at the path in image.path, or choose it again with "
    "File > New from scan.", area="editor")
SCAN_REFUSED = define(
    "SCAN_REFUSED", Severity.WARNING, "Scan image refused or unreadable",
    "Scans up to 64 megapixels (e.g. 8000 x 8000) are read: scale the scan down, or convert "
    "it to PNG or JPEG if it is not an image format the editor reads.", area="editor")


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
