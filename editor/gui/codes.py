"""Finding codes the editor adds to those of `conquest validate` (kept free of widgets so the
findings catalogue can import it cheaply)."""

from __future__ import annotations

from editor.model.findings import Severity, define

SCAN_MISSING = define(
    "SCAN_MISSING", Severity.WARNING, "Scan image not found",
    "Put the scan next to the board file at the path in image.path, or choose it again with "
    "File > New from scan.", area="editor")
