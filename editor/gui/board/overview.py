"""Zoomed-out frames from one pixmap: the level of detail of the board view.

When the whole scene fits in about two viewports (fit-to-window and further out), every frame
would draw every item (10,000 fields and 20,000 connections at fit). Instead the scene is
rendered once into a pixmap at the view's zoom; a frame is a blit of the exposed part. The
scene's `changed` regions (an edit, a selection) are re-rendered into the pixmap before the next
frame, so only the touched area is drawn again; a zoom change renders anew.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import QGraphicsView

#: largest side of the overview pixmap (pixels); beyond it frames draw the items as usual
MAX_SIDE = 4096
#: the overview is used while the scene is at most this many viewports wide and high
MAX_VIEWPORTS = 2.0
#: more changed regions than this before a frame are re-rendered as their union, in one pass
MAX_REGIONS = 32


class Overview:
    """The zoomed-out pixmap of one view's scene, kept up to date region by region."""

    def __init__(self, view: QGraphicsView) -> None:
        self.view = view
        self.pixmap: QPixmap | None = None
        self.zoom = 0.0
        self.area = QRectF()  # the scene rectangle the pixmap shows
        self.dirty: list[QRectF] = []
        #: scene regions rendered since the counter was reset (tests count the work of an edit)
        self.renders = 0
        view.scene().changed.connect(self._changed)
        view.scene().sceneRectChanged.connect(self.invalidate)

    def _changed(self, rects: list[QRectF]) -> None:
        if self.pixmap is not None:
            self.dirty.extend(rects)

    def invalidate(self, *_args) -> None:
        self.pixmap = None
        self.dirty.clear()

    def active(self) -> bool:
        """The view is zoomed out far enough for the overview."""
        view = self.view
        zoom = view.transform().m11()
        rect = view.sceneRect()
        width, height = rect.width() * zoom, rect.height() * zoom
        vp = view.viewport().size()
        return (0 < width <= MAX_VIEWPORTS * vp.width() and 0 < height <= MAX_VIEWPORTS
                * vp.height() and max(width, height) <= MAX_SIDE)

    def paint(self, event: QPaintEvent) -> bool:
        """Paint the exposed part of the viewport from the pixmap; False when not active."""
        if not self.active():
            self.invalidate()
            return False
        view = self.view
        zoom = view.transform().m11()
        if self.pixmap is None or zoom != self.zoom or view.sceneRect() != self.area:
            self._render_all(zoom)
        elif self.dirty:
            dirty, self.dirty = self.dirty, []
            if len(dirty) > MAX_REGIONS:  # many scattered regions: one pass over their union
                union = QRectF(dirty[0])
                for rect in dirty[1:]:
                    union = union.united(rect)
                dirty = [union]
            for rect in dirty:
                self._render(rect)
        top_left = view.mapFromScene(self.area.topLeft())
        target = event.rect()
        p = QPainter(view.viewport())
        p.fillRect(target, view.backgroundBrush())
        p.drawPixmap(target, self.pixmap, target.translated(-top_left))
        p.end()
        return True

    def _render_all(self, zoom: float) -> None:
        self.zoom = zoom
        self.area = QRectF(self.view.sceneRect())
        size = self.area.size() * zoom
        self.pixmap = QPixmap(max(1, int(size.width()) + 1), max(1, int(size.height()) + 1))
        self.dirty.clear()
        self._render(self.area)

    def _render(self, scene_rect: QRectF) -> None:
        """Draw the scene inside `scene_rect` into the pixmap (whole pixels, clipped)."""
        z, area = self.zoom, self.area
        target = QRectF((scene_rect.x() - area.x()) * z, (scene_rect.y() - area.y()) * z,
                        scene_rect.width() * z, scene_rect.height() * z).toAlignedRect()
        target = target.adjusted(-1, -1, 1, 1).intersected(QRect(self.pixmap.rect()))
        if target.isEmpty():
            return
        source = QRectF(area.x() + target.x() / z, area.y() + target.y() / z,
                        target.width() / z, target.height() / z)
        p = QPainter(self.pixmap)
        p.setRenderHints(self.view.renderHints())
        p.setClipRect(target)
        p.fillRect(target, self.view.backgroundBrush())
        self.view.scene().render(p, QRectF(target), source, Qt.AspectRatioMode.IgnoreAspectRatio)
        p.end()
        self.renders += 1
