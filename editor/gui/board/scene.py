"""The board scene: graphics items that observe the document and redraw what changed.

One item per field, connection, region and arrow slit (`items.py`), keyed by `(kind, id)`; the
scan is a pixmap item behind them. `BoardScene.on_changed(keys)` updates only the named items
(and the connections of a moved field); nothing rebuilds the whole scene except a document
reset.
"""

from __future__ import annotations

import math
import os
import threading
from collections import defaultdict

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainterPath,
    QPixmap,
    QPixmapCache,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
    QGraphicsSceneHelpEvent,
    QToolTip,
)

from editor.gui.board import tooltips
from editor.gui.board.items import (
    ConnectionItem,
    FieldItem,
    RegionItem,
    ScanItem,
    SlitItem,
)
from editor.gui.board.scan_discs import printed_disc_radius
from editor.gui.shell.codes import scan_findings
from editor.gui.shell.document import BoardDocument
from editor.i18n import N_
from editor.model.board import Board, IslandKind
from editor.model.findings import Finding
from editor.model.names import FieldNames
from editor.model.refs import COLLECTION_OF, held
from editor.render.scan import ScanRead, read_scan

Key = tuple[str, str]

LAYERS = ("scan", "fields", "connections", "regions", "labels", "fire", "starts")
LAYER_TITLES = {"scan": N_("Scan"), "fields": N_("Fields"), "connections": N_("Connections"),
                "regions": N_("Regions"), "labels": N_("Labels"),
                "fire": N_("Fire lines (arrow slits)"), "starts": N_("Start fields")}

#: element kinds the scene draws -> the Board list holding them (the kind table)
DRAWN_KINDS = ("field", "connection", "region", "slit")
_LISTS = {k: COLLECTION_OF[k] for k in DRAWN_KINDS}


class _ScanReading:
    """A scan decoded on a thread (a QImage; the pixmap is made on the GUI thread)."""

    def __init__(self, path: str | None, measure: bool = False) -> None:
        self.path = path
        self.key = _file_key(path)  # taken before the read: a later change is read again
        self.scan: ScanRead | None = None
        self.measure = measure
        #: the printed discs' radius (`printed_disc_radius`), when `measure` asked for it
        self.disc_radius: float | None = None
        self.thread = threading.Thread(target=self._read, name="scan-reader", daemon=True)
        if path is not None:
            self.thread.start()

    def _read(self) -> None:
        self.scan = read_scan(self.path)
        if self.measure:
            self.disc_radius = printed_disc_radius(self.scan.image, self.key)

    def result(self) -> tuple[str, ScanRead] | None:
        if self.path is None:
            return None
        self.thread.join()
        return (self.path, self.scan) if self.scan is not None else None


def _file_key(path: str | None) -> tuple[str, int, int] | None:
    """What identifies a scan file's content for reuse: path, size and modification time."""
    if path is None:
        return None
    try:
        st = os.stat(path)
    except OSError:
        return None
    return path, st.st_size, st.st_mtime_ns


class BoardScene(QGraphicsScene):
    """Items for one document; observes `doc.changed` and `doc.reset`."""

    def __init__(self, doc: BoardDocument, parent=None) -> None:
        super().__init__(parent)
        if QPixmapCache.cacheLimit() < 64 * 1024:  # item caches of a large board (KiB)
            QPixmapCache.setCacheLimit(64 * 1024)
        self.doc = doc
        self.radius = 14.0
        self.number_font = QFont()
        self.label_font = QFont()
        self.layers = dict.fromkeys(LAYERS, True)
        self.scan_opacity = 0.85
        #: the user's factor on the derived disc size (View > tool options "Discs")
        self.disc_scale = 1.0
        #: the radius of the discs printed on the scan shown (measured while the board has no
        #: scale; None without a scan, without printed circles or without the detect extra)
        self.scan_radius: float | None = None
        self.current_setup: str | None = None
        self.items_by_key: dict[Key, QGraphicsItem] = {}
        self.node_conns: dict[str, set[str]] = defaultdict(set)  # node id -> connection ids
        self.node_slits: dict[str, set[str]] = defaultdict(set)
        self._ends: dict[Key, tuple[str, str]] = {}
        #: field id -> ids of the regions that link to it (stairs, borders)
        self.field_regions: dict[str, set[str]] = defaultdict(set)
        #: kind -> {id: element}; a kind's map is rebuilt when an edit touches that kind
        self._index: dict[str, dict] = {}
        #: items synced since the counter was last reset (tests count the work of an edit)
        self.sync_count = 0
        self.background: ScanItem | None = None
        self._scan_key: tuple[str, int, int] | None = None  # the file background shows
        self.scan_missing: str | None = None
        self.scan_problem: ScanRead | None = None  # why the scan at scan_missing is not shown
        self._decor: dict[str, dict] = {}
        doc.changed.connect(self.on_changed)
        doc.reset.connect(self.rebuild)
        self.rebuild()

    @property
    def board(self) -> Board:
        return self.doc.board

    # ---- building -------------------------------------------------------------------

    def _metrics(self) -> None:
        img = self.board.image
        if self.board.scale is not None:
            r = 0.45 * self.board.scale.px_per_cm
        elif self.scan_radius is not None:  # the scan's printed circles, until calibrated
            r = self.scan_radius
        elif img is not None:
            r = max(img.width, img.height) / 120
        else:
            r = 14.0
        self.radius = max(4.0, min(r, 60.0)) * self.disc_scale
        big = self.radius * 1.45
        self.field_rect = QRectF(-big, -big, 2 * big, 2 * big)
        self.field_shape = QPainterPath()
        self.field_shape.addEllipse(QPointF(0, 0), self.radius, self.radius)
        self.number_font = QFont("DejaVu Sans")
        self.number_font.setPixelSize(max(1, int(self.radius * 0.85)))
        self.number_font.setBold(True)
        self.label_font = QFont("DejaVu Sans")
        self.label_font.setPixelSize(max(1, int(self.radius * 0.8)))

    def rebuild(self) -> None:
        """Recreate every item (only on a document reset: open, new, restore)."""
        self.clearSelection()
        kept = self._take_scan(_file_key(self.doc.scan_path()))
        self.clear()
        self.items_by_key.clear()
        self.node_conns.clear()
        self.node_slits.clear()
        self._ends.clear()
        self.field_regions.clear()
        self._index.clear()
        self.background = None
        # decoded while the items are built, unless the same file is shown already (reopen);
        # an uncalibrated board waits for it: its discs take the size of the printed ones
        uncalibrated = self.board.scale is None
        reading = _ScanReading(None if kept else self.doc.scan_path(), measure=uncalibrated)
        if kept is None:
            self.scan_radius = None
            if uncalibrated and reading.result() is not None:
                self.scan_radius = reading.disc_radius
        self._metrics()
        if self.board.setups and self.current_setup not in {s.id for s in self.board.setups}:
            self.current_setup = self.board.setups[0].id
        self._decor = self.decorations()
        for f in self.board.fields:
            self._sync_field(f.id)
        for r in self.board.regions:
            self._sync_region(r.id)
        for c in self.board.connections:
            self._sync_connection(c.id)
        for s in self.board.arrow_slits:
            self._sync_slit(s.id)
        if kept is not None:
            self._show_scan(kept)
        else:
            self.load_scan(reading.result(), reading.key)
        self._update_rect()

    def _take_scan(self, key: tuple[str, int, int] | None) -> ScanItem | None:
        """The scan item, out of the scene, when it shows the file `key` names (a reopen of
        the same board keeps its decoded scan and zoom pyramid); else None."""
        item = self.background
        if item is None or key is None or key != self._scan_key:
            return None
        self.removeItem(item)
        self.background = None
        return item

    def _show_scan(self, item: ScanItem) -> None:
        self.background = item
        item.setOpacity(self.scan_opacity)
        item.setVisible(self.layers["scan"])
        self.addItem(item)

    def load_scan(self, read: tuple[str, ScanRead] | None = None,
                  read_key: tuple[str, int, int] | None = None) -> None:
        """Show the document's scan behind the items (`read`: its path and the image, already
        read; else it is read now)."""
        if self.background is not None:
            self.removeItem(self.background)
            self.background = None
        self.scan_missing = None
        self.scan_problem = None
        self._scan_key = None
        path = self.doc.scan_path()
        if path is None:
            return
        if read is not None and read[0] == path:
            key, scan = read_key, read[1]
        else:
            key = _file_key(path)  # before reading: a file changed meanwhile is read again
            scan = read_scan(path)
            self.scan_radius = (printed_disc_radius(scan.image, key)
                                if self.board.scale is None else None)
        if scan.image is not None:
            self._scan_key = key
            self.background = ScanItem(QPixmap.fromImage(scan.image))
        else:  # a blank area of the claimed size, drawn from one pixel: never allocated by it
            self.scan_missing = path
            self.scan_problem = scan
            img = self.board.image
            pix = QPixmap(1, 1)
            pix.fill(QColor("#d9d4c7"))
            self.background = ScanItem(pix, QRectF(0, 0, img.width, img.height) if img else None)
        self._show_scan(self.background)

    def scan_findings(self) -> list[Finding]:
        """Why the scan is not shown (SCAN_MISSING / SCAN_REFUSED), or nothing."""
        return scan_findings(self.scan_missing, self.scan_problem)

    def _update_rect(self) -> None:
        img = self.board.image
        rect = QRectF(0, 0, img.width, img.height) if img else QRectF(0, 0, 1000, 800)
        bounds = self.content_rect()
        rect = rect.united(bounds) if not bounds.isEmpty() else rect
        m = max(rect.width(), rect.height()) * 0.05
        self.setSceneRect(rect.adjusted(-m, -m, m, m))

    def content_rect(self) -> QRectF:
        """What the items cover, from the board's coordinates (not a loop over the items):
        field discs with their labels, and region outlines."""
        b = self.board
        xs = [f.x for f in b.fields] + [p.x for r in b.regions for p in r.polygon]
        ys = [f.y for f in b.fields] + [p.y for r in b.regions for p in r.polygon]
        if not xs:
            return QRectF()
        m = self.field_rect.width() / 2
        rect = QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).adjusted(-m, -m,
                                                                                         m, m)
        for f in b.fields:  # labels reach out to the right
            if f.label:
                item = self.items_by_key.get(("field", f.id))
                if item is not None and item.label is not None:
                    rect = rect.united(item.label.sceneBoundingRect())
        return rect

    def decorations(self) -> dict[str, dict]:
        b = self.board
        seats = {s.id: s.colour for s in b.seats}
        out: dict[str, dict] = defaultdict(dict)
        for castle in b.castles:
            colour = seats.get(castle.seat, "#6a1b9a")
            for i, t in enumerate(castle.towers):
                out[t.field]["tower"] = (colour, i)
        if b.grail is not None:
            for f in b.grail.fields:
                out[f]["grail"] = True
            if b.grail.front:
                out[b.grail.front]["front"] = True
        for r in b.regions:
            for s in r.stairs:
                out[s]["stair"] = True
        central = {i.id for i in b.islands if i.kind == IslandKind.CENTRAL}
        for f in b.fields:
            if f.island in central:
                out[f.id]["central"] = True
        setup = b.setup(self.current_setup) if self.current_setup else None
        if setup is not None:
            for p in setup.placements:
                out[p.field]["start"] = (seats.get(p.seat, "#444444"), p.piece.value)
        return out

    # ---- observing the document -----------------------------------------------------

    def on_changed(self, keys: set[Key]) -> None:
        """Redraw what the named elements changed; selectionChanged fires at most once."""
        before = len(self.selectedItems())
        blocked = self.blockSignals(True)
        try:
            self._apply_changes(keys)
        finally:
            self.blockSignals(blocked)
        if len(self.selectedItems()) != before:
            self.selectionChanged.emit()

    def element(self, kind: str, ident: str):
        """The element `(kind, ident)` of the board, or None: a map look-up, never a scan."""
        index = self._index.get(kind)
        if index is None:
            index = self._index[kind] = {x.id: x for x in getattr(self.board, _LISTS[kind])}
        return index.get(ident)

    def _apply_changes(self, keys: set[Key]) -> None:
        for kind in {k for k, _ in keys} & _LISTS.keys():  # added, removed or replaced
            self._index.pop(kind, None)
        fields = {i for k, i in keys if k == "field"}
        conns = {i for k, i in keys if k == "connection"}
        slits = {i for k, i in keys if k == "slit"}
        regions = {i for k, i in keys if k == "region"}
        other = {k for k, _ in keys} - {"field", "connection", "slit", "region"}
        if ("board", "image") in keys:
            self.load_scan()
        if ("board", "scale") in keys or ("board", "image") in keys:
            old = self.radius
            self._metrics()
            if old != self.radius:
                self.rebuild()
                return
        new_decor = self.decorations() if (other or fields or regions) else self._decor
        if new_decor != self._decor:
            for fid in set(new_decor) ^ set(self._decor) | {
                    f for f in new_decor if new_decor[f] != self._decor.get(f)}:
                fields.add(fid)
            self._decor = new_decor
        for fid in fields:
            conns |= self.node_conns.get(fid, set())
            slits |= self.node_slits.get(fid, set())
            self._sync_field(fid)
        if fields:  # regions draw links to their stair and border fields
            for fid in fields:
                regions |= self.field_regions.get(fid, set())
        for rid in regions:
            conns |= self.node_conns.get(rid, set())
            self._sync_region(rid)
        for cid in conns:
            self._sync_connection(cid)
        for sid in slits:
            self._sync_slit(sid)

    def _remove(self, key: Key) -> None:
        item = self.items_by_key.pop(key, None)
        if item is not None:
            self.removeItem(item)

    def _sync_field(self, fid: str) -> None:
        f = self.element("field", fid)
        key = ("field", fid)
        if f is None:
            self._remove(key)
            return
        item = self.items_by_key.get(key)
        new = item is None
        if new:
            item = FieldItem(self, fid)
            item.setVisible(self.layers["fields"])
            self.items_by_key[key] = item
        item.sync(f, self._decor.get(fid, {}))
        if new:  # added once synced: the scene indexes it once, where it is
            self.addItem(item)
        self.sync_count += 1

    def node_pos(self, node: str) -> QPointF | None:
        item = self.items_by_key.get(("field", node))
        if item is not None:
            return item.pos()
        region = self.items_by_key.get(("region", node))
        if region is not None:
            return region.poly.boundingRect().center()
        return None

    def _sync_link(self, key: Key, element, factory, index: dict[str, set[str]],
                   layer: str) -> None:
        ident = key[1]
        old_ends = self._ends.pop(key, ())
        for node in old_ends:
            index[node].discard(ident)
        if element is None:
            self._remove(key)
            return
        index[element.a].add(ident)
        index[element.b].add(ident)
        self._ends[key] = (element.a, element.b)
        p1, p2 = self.node_pos(element.a), self.node_pos(element.b)
        item = self.items_by_key.get(key)
        if p1 is None or p2 is None:  # dangling reference: nothing to draw
            self._remove(key)
            return
        new = item is None
        if new:
            item = factory(self, ident)
            item.setVisible(self.layers[layer])
            self.items_by_key[key] = item
        item.sync(element, p1, p2)
        if new:
            self.addItem(item)
        self.sync_count += 1

    def _sync_connection(self, cid: str) -> None:
        c = self.element("connection", cid)
        self._sync_link(("connection", cid), c, ConnectionItem, self.node_conns, "connections")

    def _sync_slit(self, sid: str) -> None:
        s = self.element("slit", sid)
        self._sync_link(("slit", sid), s, SlitItem, self.node_slits, "fire")

    def _sync_region(self, rid: str) -> None:
        r = self.element("region", rid)
        key = ("region", rid)
        old = self.items_by_key.get(key)
        for fid in old.refs if old is not None else ():
            self.field_regions[fid].discard(rid)
        if r is None:
            self._remove(key)
            return
        item = old
        if item is None:
            item = RegionItem(self, rid)
            item.setVisible(self.layers["regions"])
            self.addItem(item)
            self.items_by_key[key] = item
        refs = {occ.value for occ in held(r, "regions") if occ.ref.target == "field"}
        positions = {f: self.items_by_key[("field", f)].pos() for f in refs
                     if ("field", f) in self.items_by_key}
        item.sync(r, positions)
        self.sync_count += 1
        for fid in item.refs:
            self.field_regions[fid].add(rid)

    # ---- layers and scan ------------------------------------------------------------

    def set_layer_visible(self, layer: str, visible: bool) -> None:
        self.layers[layer] = visible
        if layer == "scan":
            if self.background is not None:
                self.background.setVisible(visible)
            return
        kinds = {"fields": "field", "connections": "connection", "regions": "region",
                 "fire": "slit"}
        if layer in kinds:
            for key, item in self.items_by_key.items():
                if key[0] == kinds[layer]:
                    item.setVisible(visible)
                    if not visible:
                        item.setSelected(False)
        elif layer == "labels":
            for key, item in self.items_by_key.items():
                if key[0] == "field" and item.label is not None:
                    item.label.setVisible(visible and bool(item.label.text()))
        elif layer == "starts":
            for key, item in self.items_by_key.items():
                if key[0] == "field":
                    item.update()

    def set_scan_opacity(self, opacity: float) -> None:
        self.scan_opacity = opacity
        if self.background is not None:
            self.background.setOpacity(opacity)

    def set_disc_scale(self, factor: float) -> None:
        """Scale the discs (derived from the board's scale: a printed circle is 0.9 cm wide)
        by the user's factor; the selection is kept."""
        if factor == self.disc_scale:
            return
        keys = self.selected_keys()
        self.disc_scale = factor
        self.rebuild()
        self.select_keys(keys)

    def tooltip(self, key: Key) -> str:
        """What the element under the cursor is, with its restrictions spelled out."""
        kind, ident = key
        b = self.board
        names = FieldNames(b)  # fields by printed number; made per hover, never stale
        if kind == "field":
            f = b.field_by_id().get(ident)
            return tooltips.field_tip(f, self._decor.get(ident, {}), names) if f else ""
        if kind == "connection":
            c = self.element("connection", ident)
            return tooltips.connection_tip(b, c, names) if c else ""
        if kind == "slit":
            s = self.element("slit", ident)
            return tooltips.slit_tip(b, s) if s else ""
        r = self.element("region", ident)
        return tooltips.region_tip(r, names) if r else ""

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:
        """Tool tips are made when asked for, from the element under the cursor."""
        item = self.pick(event.scenePos())
        text = self.tooltip(item.key) if item is not None else ""
        if text:
            QToolTip.showText(event.screenPos(), text)
        else:
            QToolTip.hideText()
        event.accept()

    def set_current_setup(self, setup_id: str | None) -> None:
        self.current_setup = setup_id
        self.on_changed({("board", "setup")})

    # ---- picking and selection ------------------------------------------------------

    def pick(self, pos: QPointF, tolerance: float = 0.0,
             kinds: tuple[str, ...] = ("field", "connection", "slit", "region")):
        """The element under `pos`: nearest field, then connection or slit, then region."""
        r = self.radius + tolerance
        area = QRectF(pos.x() - r, pos.y() - r, 2 * r, 2 * r)
        best, best_d = None, math.inf
        lines = []
        regions = []
        for item in self.items(area):
            key = getattr(item, "key", None)
            if key is None or not item.isVisible() or key[0] not in kinds:
                continue
            if key[0] == "field":
                d = math.hypot(item.pos().x() - pos.x(), item.pos().y() - pos.y())
                if d <= r and d < best_d:
                    best, best_d = item, d
            elif key[0] in ("connection", "slit"):
                if item.shape().intersects(area.adjusted(r * 0.6, r * 0.6, -r * 0.6, -r * 0.6)):
                    lines.append(item)
            elif key[0] == "region" and item.shape().contains(pos):
                regions.append(item)
        if best is not None:
            return best
        if lines:
            return max(lines, key=lambda i: i.zValue())
        if regions:
            return min(regions, key=lambda i: i.poly.boundingRect().width())
        return None

    def selected_keys(self) -> list[Key]:
        keys = [item.key for item in self.selectedItems() if hasattr(item, "key")]
        order = {"field": 0, "connection": 1, "region": 2, "slit": 3}
        return sorted(keys, key=lambda k: (order.get(k[0], 9), k[1]))

    def select_keys(self, keys, add: bool = False) -> None:
        self.blockSignals(True)
        if not add:
            self.clearSelection()
        for key in keys:
            item = self.items_by_key.get(tuple(key))
            if item is not None and item.isVisible():
                item.setSelected(True)
        self.blockSignals(False)
        self.selectionChanged.emit()

    def element_rect(self, key: Key) -> QRectF | None:
        item = self.items_by_key.get(tuple(key))
        if item is not None:
            return item.sceneBoundingRect()
        return None
