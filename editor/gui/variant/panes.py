"""The configurator's smaller panes: overlays switched on and off, and the Changes view (the
diff against the parent or any other variant)."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from editor.gui.shell import dialogs
from editor.gui.variant.editors import show_value
from editor.gui.variant.session import VariantSession
from editor.i18n import _, ngettext
from editor.model.variant import (
    VARIANT_SUFFIX,
    Variant,
    locate_variant,
    resolve_variant,
    shipped_variant_names,
    variants_dir,
)
from editor.model.variant_edit import MISSING, Change, set_overlays


def shipped_overlays() -> list[tuple[str, str]]:
    """(name, description) of the shipped overlay variants."""
    out = []
    for name in shipped_variant_names():
        try:
            data = json.loads((variants_dir() / f"{name}{VARIANT_SUFFIX}").read_text("utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("overlay") is True:
            out.append((name, str(data.get("description", ""))))
    return out


class OverlayList(QWidget):
    """Overlays (shipped ones and any the file names) with a check box each; the order of
    the list is the order they apply."""

    def __init__(self, session: VariantSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.list = QListWidget()
        self.list.setObjectName("overlay_list")
        self.list.itemChanged.connect(self._changed)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        note = QLabel(_("Overlays apply after the parent, in this order. Tick one to switch "
                        "it on."))
        note.setWordWrap(True)
        lay.addWidget(note)
        lay.addWidget(self.list)

    def refresh(self) -> None:
        raw = self.session.doc.raw.get("overlays")
        chosen = [str(r) for r in raw] if isinstance(raw, list) else []
        known = shipped_overlays()
        names = [n for n, _ in known] + [r for r in chosen if r not in {n for n, _ in known}]
        tips = dict(known)
        self.list.blockSignals(True)
        self.list.clear()
        for name in names:
            item = QListWidgetItem(name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if name in chosen
                               else Qt.CheckState.Unchecked)
            item.setToolTip(tips.get(name, _("an overlay this file names")))
            self.list.addItem(item)
        self.list.blockSignals(False)

    def checked(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())
                if self.list.item(i).checkState() == Qt.CheckState.Checked]

    def _changed(self, item: QListWidgetItem) -> None:
        on = item.checkState() == Qt.CheckState.Checked
        text = _("Apply overlay {name}") if on else _("Remove overlay {name}")
        self.session.apply(text.format(name=item.text()), set_overlays, self.checked())
        self.refresh()


class ChangesView(QWidget):
    """Every key whose value differs from the parent (with the overlays) or from a variant
    the user picks."""

    PARENT, OTHER = "parent", "file"
    activated = Signal(str)  # pointer of a double-clicked change

    def __init__(self, session: VariantSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.against = QComboBox()
        self.against.setObjectName("changes_against")
        self.against.activated.connect(self._against_chosen)
        self.summary = QLabel()
        self.summary.setObjectName("changes_summary")
        self.tree = QTreeWidget()
        self.tree.setObjectName("changes")
        self.tree.setHeaderLabels([_("Key"), _("Compared variant"), _("This variant")])
        self.tree.setRootIsDecorated(False)
        self.tree.setAlternatingRowColors(True)
        self.tree.itemDoubleClicked.connect(
            lambda item, _c: self.activated.emit(item.data(0, Qt.ItemDataRole.UserRole)))
        self.tree.setToolTip(_("Double-click a change to edit it"))
        self.tree.setColumnWidth(0, 380)
        self.tree.setColumnWidth(1, 220)
        self.tree.header().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        top = QHBoxLayout()
        top.addWidget(QLabel(_("Compare with:")))
        top.addWidget(self.against, 1)
        top.addWidget(self.summary)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(top)
        lay.addWidget(self.tree)
        self.other: Variant | None = None
        self.changes: list[Change] = []
        self._fill_choices()

    def _fill_choices(self, keep: str | None = None) -> None:
        self.against.clear()
        parent = self.session.parent_ref
        self.against.addItem(_("the parent ({parent})").format(parent=parent) if parent
                             else _("the parent (none)"), self.PARENT)
        for name in shipped_variant_names():
            self.against.addItem(name, name)
        self.against.addItem(_("a variant file…"), self.OTHER)
        index = self.against.findData(keep) if keep else 0
        self.against.setCurrentIndex(max(index, 0))

    def reset_choices(self) -> None:
        """The choices again (the language changed), keeping the one chosen and any file
        compared with."""
        current = self.against.currentData()
        extra = [(self.against.itemText(i), self.against.itemData(i))
                 for i in range(self.against.count())
                 if self.against.itemData(i) not in (self.PARENT, self.OTHER)
                 and self.against.itemData(i) not in shipped_variant_names()]
        self._fill_choices()
        for text, data in extra:
            self.against.insertItem(self.against.count() - 1, text, data)
        self.against.setCurrentIndex(max(self.against.findData(current), 0))

    def reset(self) -> None:
        """A new document: compare with its parent again."""
        self.other = None
        self._fill_choices()
        self.refresh()

    def compare_with(self, ref: str | None) -> bool:
        """Compare with the variant `ref` (a shipped name or a path), None = the parent."""
        if ref is None:
            self.other = None
            self.against.setCurrentIndex(0)
            self.refresh()
            return True
        rv = resolve_variant(ref, Path.cwd())
        if rv.variant is None:
            dialogs.show_error(self, _("Cannot compare"), _(
                "'{ref}' does not resolve to a variant.").format(ref=ref),
                "\n".join(f.format_line() for f in rv.findings))
            return False
        self.other = rv.variant
        if self.against.findData(ref) < 0:
            self.against.insertItem(self.against.count() - 1, Path(ref).name, ref)
        self.against.setCurrentIndex(self.against.findData(ref))
        self.refresh()
        return True

    def _against_chosen(self, index: int) -> None:
        data = self.against.itemData(index)
        if data == self.OTHER:
            path = dialogs.get_open_path(self, _("Compare with variant"), dialogs.VARIANT_FILTER,
                                         str(variants_dir()))
            if not path or not self.compare_with(path):
                self.against.setCurrentIndex(0)
                self.compare_with(None)
            return
        self.compare_with(None if data == self.PARENT else locate_variant(data) and data)

    def refresh(self) -> None:
        self.changes = self.session.doc.changes(self.other)
        self.tree.clear()
        for change in self.changes:
            old = _("(absent)") if change.old is MISSING else show_value(change.old)
            new = _("(absent)") if change.new is MISSING else show_value(change.new)
            item = QTreeWidgetItem([change.pointer, old, new])
            item.setData(0, Qt.ItemDataRole.UserRole, change.pointer)
            self.tree.addTopLevelItem(item)
        n = len(self.changes)
        self.summary.setText(ngettext("{n} change", "{n} changes", n).format(n=n))
