"""The one size limit of a scan image (no Qt), shared by the editor, detection and rendering.

64 megapixels (e.g. 8000 x 8000 px, a 60 cm board at 133 px/cm): 256 MB at 32 bits a pixel,
within Qt's default allocation limit for one image. A scan is judged by the size its header
claims, before anything is decoded, so memory never follows a size a file claims.
"""

from __future__ import annotations

from editor.i18n import _

MAX_SCAN_PIXELS = 64_000_000


def scan_too_large(width: int, height: int, limit: int = MAX_SCAN_PIXELS) -> str | None:
    """Why a scan of width x height pixels is too large (and by how much), or None."""
    pixels = width * height
    if pixels <= limit:
        return None
    return _("the scan is too large: {width} x {height} px is {size:.1f} megapixels, "
             "{over:.1f} megapixels over the limit of {limit:.0f} megapixels").format(
        width=width, height=height, size=pixels / 1e6, over=(pixels - limit) / 1e6,
        limit=limit / 1e6)
