"""Scan images for the GUI tests (`from support.guikit import make_scan`; needs Qt)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QColor, QImage, QPainter


def make_scan(path: Path, width: int = 640, height: int = 480) -> Path:
    """Write a simple scan image (sea with one island) of the given size."""
    path.parent.mkdir(parents=True, exist_ok=True)
    img = QImage(width, height, QImage.Format.Format_RGB32)
    img.fill(QColor("#cfe3f1"))
    p = QPainter(img)
    p.setBrush(QColor("#eadcb4"))
    p.drawEllipse(40, 40, width - 80, height - 80)
    p.end()
    assert img.save(str(path))
    return path
