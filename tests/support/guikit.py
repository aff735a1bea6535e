"""Helpers of the GUI tests (needs Qt): scan images (`make_scan`) and a driver of the play view
(`Player`: clicks and hovers by field id, real mouse events)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QPushButton


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


LEFT, RIGHT = Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton
#: a short opening of the small world scenario (seat:notation steps)
EX1 = ["south:S@g2_1", "west:N@g3_1", "west:E[S]@g4_1", "west:N@g3_3", "south:S@g3_2",
       "south:E@g5_1"]


class Player:
    """Clicks and hovers on the play view, by field id."""

    def __init__(self, qtbot, window) -> None:
        self.qtbot = qtbot
        self.w = window
        assert window.switch_mode("play")
        self.mode = window.mode
        self.view = self.mode.view

    def at(self, field: str):
        pos = self.mode.scene.field_pos(field)
        assert pos is not None, field
        return self.view.mapFromScene(QPointF(pos))

    def click(self, field: str, button=LEFT) -> None:
        self.qtbot.mouseClick(self.view.viewport(), button, pos=self.at(field))
        QApplication.processEvents()

    def hover(self, field: str) -> str:
        # from a corner first: the cursor may already be there (left by an earlier test), and
        # a move to where it is sends no event
        self.qtbot.mouseMove(self.view.viewport(), QPoint(1, 1))
        self.qtbot.mouseMove(self.view.viewport(), self.at(field))
        QApplication.processEvents()
        return self.mode.hover_text

    def press(self, name: str) -> None:
        button = self.w.findChild(QPushButton, name)
        assert button is not None and button.isEnabled(), name
        self.qtbot.mouseClick(button, LEFT)

    @property
    def session(self):
        return self.mode.session

    def owner(self, field: str) -> str | None:
        stack = self.session.stack_at(field)
        return stack.owner if stack else None
