"""Finding codes of `conquest detect` (kept free of OpenCV so the catalogue can import them)."""

from __future__ import annotations

from editor.model.findings import Severity, define

SCAN_NOT_IMAGE = define(
    "SCAN_NOT_IMAGE", Severity.ERROR, "Scan is not a readable image",
    "Give a PNG, JPEG or BMP file; convert other formats first.", area="detect")
SCAN_TOO_LARGE = define(
    "SCAN_TOO_LARGE", Severity.ERROR, "Scan has too many pixels",
    "Scan at a lower resolution (about 100 px per cm is plenty) or crop the image.",
    area="detect")
SCAN_NO_FIELDS = define(
    "SCAN_NO_FIELDS", Severity.ERROR, "No field discs found on the scan",
    "Check that the image shows the board with its numbered field discs; give --scale if the "
    "discs are very small or very large for the image.", area="detect")
SCAN_NUMBER_UNREAD = define(
    "SCAN_NUMBER_UNREAD", Severity.WARNING, "Number of a detected field could not be read",
    "Type the printed number into the field in the editor.", area="detect")
SCAN_REGION_LINKS = define(
    "SCAN_REGION_LINKS", Severity.WARNING, "Stair fields of a detected region are not known",
    "Link the region's stair fields (WILD-3) and its bordering fields (BF-11) in the "
    "inspector; the detector proposes only the region's outline.", area="detect")
SCAN_PATH_CROSSING = define(
    "SCAN_PATH_CROSSING", Severity.WARNING, "Crossing of a detected wilderness path not known",
    "Set the path's crossing (over a bridge or through an underpass, WILD-1) in the "
    "inspector.", area="detect")
