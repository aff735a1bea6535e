"""Drawing boards the way a printed map looks (Qt, headless-capable; no GUI widgets).

`render_board_to_file(board, path)` writes a PNG (QPainter on a QImage) or an SVG
(QSvgGenerator); `render_board_image(board)` returns the QImage. Only `editor.model` is imported
from the project (import contract: render never imports gui, cli or rules).
"""

from __future__ import annotations

from editor.render.painter import (
    RenderError,
    board_size_px,
    ensure_gui_application,
    paint_board,
    render_board_image,
    render_board_to_file,
)

__all__ = ["RenderError", "board_size_px", "ensure_gui_application", "paint_board",
           "render_board_image", "render_board_to_file"]
