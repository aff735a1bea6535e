"""Finding codes the board editor reports besides those of `conquest validate`.

Defined in the check layer with every other code, so `conquest docs` lists them without
importing the GUI; `editor.gui.codes` re-exports them for the editor.
"""

from __future__ import annotations

from editor.model.findings import Severity, define

SCAN_MISSING = define(
    "SCAN_MISSING", Severity.WARNING, "Scan image not found",
    "Put the scan next to the board file at the path in image.path, or choose it again with "
    "File > New from scan.", area="editor")
