"""Finding codes the board editor reports besides those of `conquest validate`.

Defined in the check layer with every other code, so `conquest docs` lists them without
importing the GUI; `editor.gui.shell.codes` re-exports them for the editor.
"""

from __future__ import annotations

from editor.i18n import _
from editor.model.findings import Severity, define
from editor.model.scan_limit import MAX_SCAN_PIXELS

SCAN_MISSING = define(
    "SCAN_MISSING", Severity.WARNING, "Scan image not found",
    "Put the scan next to the board file at the path in image.path, or choose it again with "
    "File > New from scan.", area="editor")
SCAN_REFUSED = define(
    "SCAN_REFUSED", Severity.WARNING, "Scan image refused or unreadable",
    f"Scans up to {MAX_SCAN_PIXELS // 1_000_000} megapixels (e.g. 8000 x 8000) are read: "
    "scale the scan down, or convert "
    "it to PNG or JPEG if it is not an image format the editor reads.", area="editor")

FIELD_ID_NUMBER_MISMATCH = define(
    "FIELD_ID_NUMBER_MISMATCH", Severity.WARNING, "Field id and printed number disagree",
    "A field whose id is a number is found by that number in scenarios and notation: rename the "
    "field (inspector, Id) to its printed number, or correct the number (numbering tool N).",
    area="editor")


def check_ids_and_numbers(board, fields=None) -> list:
    """FIELD_ID_NUMBER_MISMATCH where a numeric (generated) field id is not the field's printed
    number: the place where 'field 12' means two different fields. `fields`: the (position,
    field) pairs to look at (default: all)."""
    out = []
    for i, f in enumerate(board.fields) if fields is None else fields:
        if f.id.isdigit() and f.number is not None and int(f.id) != f.number:
            out.append(FIELD_ID_NUMBER_MISMATCH.at(
                _("field {number} has the id '{field}', which reads as another number").format(
                    number=f.number, field=f.id),
                f"/fields/{i}/id", element=f.id))
    return out
