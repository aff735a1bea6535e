"""Draft a board from a scan: field discs, land/sea, printed numbers, connections (no Qt).

`detect_board(image, scale=None, progress=..., cancelled=...) -> DraftResult` is the entry
point; `load_scan(path)` reads an image safely. OpenCV and the OCR model come from the
`detect` extra.
"""

from editor.detect.draft import DetectCancelled, DraftResult, detect_board
from editor.detect.image import MAX_PIXELS, load_scan

__all__ = ["MAX_PIXELS", "DetectCancelled", "DraftResult", "detect_board", "load_scan"]
