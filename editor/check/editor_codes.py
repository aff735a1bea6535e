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
SCAN_REFUSED = define(
    "SCAN_REFUSED", Severity.WARNING, "Scan image refused or unreadable",
    "Scans up to 64 megapixels (e.g. 8000 x 8000) are read: scale the scan down, or convert "
    "it to PNG or JPEG if it is not an image format the editor reads.", area="editor")
