"""Edit > Detect from scan… in trace mode: run the detector on a worker thread behind a
cancellable progress dialog, add its draft as one undoable edit, and let the designer accept
(Enter, Accept all) or reject (Delete) the proposals.

The detector (`editor.detect.detect_board`) is Qt-free and polls a cancel flag; it runs in a
`QThread` so the window keeps painting and the Cancel button answers. The draft is merged into
the board (`editor.model.edit_draft.add_draft`): fields already traced stay, proposals get free
ids, one undo takes the whole draft back out. The run's findings (unreadable numbers, no discs,
an unreadable scan) show in the validation panel until the next run.
"""

from __future__ import annotations

import dataclasses
import threading
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QThread, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QProgressDialog

from editor import extras
from editor.gui.shell import dialogs
from editor.gui.shell.mode import Mode
from editor.gui.shell.wording import plural
from editor.i18n import _
from editor.model.edit_draft import accept, add_draft, draft_ids, unconfirmed_keys
from editor.model.findings import Finding

#: the detector's code for an unread number (its package needs OpenCV, imported only to run)
NUMBER_UNREAD = "SCAN_NUMBER_UNREAD"
#: ... and for a region's unknown stairs and a wilderness path's unknown crossing
REGION_LINKS, PATH_CROSSING = "SCAN_REGION_LINKS", "SCAN_PATH_CROSSING"
#: progress bar steps (the detector reports fractions 0..1)
STEPS = 1000


class DetectThread(QThread):
    """Loads the scan and runs the detector off the UI thread; `outcome` is read when the
    thread has finished: ("done", DraftResult), ("failed", findings), ("cancelled", None) or
    ("error", message)."""

    progressed = Signal(float, str)

    def __init__(self, scan: str, scale: float | None, image_path: str,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scan, self.scale, self.image_path = scan, scale, image_path
        self.stop = threading.Event()
        self.outcome: tuple[str, Any] = ("cancelled", None)

    def run(self) -> None:
        try:
            from editor.detect import DetectCancelled, detect_board, load_scan
        except ImportError as exc:  # the optional `detect` extra is missing
            self.outcome = ("error", extras.needs_message("detect", exc.name or "OpenCV"))
            return
        try:
            self.progressed.emit(0.0, "reading the scan")
            image, findings = load_scan(self.scan)
            if image is None:
                self.outcome = ("failed", findings)
                return
            if self.stop.is_set():
                raise DetectCancelled("reading the scan")
            result = detect_board(image, self.scale, progress=self.progressed.emit,
                                  cancelled=self.stop.is_set, image_path=self.image_path)
            self.outcome = ("done", result)
        except DetectCancelled:
            self.outcome = ("cancelled", None)
        except Exception as exc:  # a detector bug must not kill the editor
            self.outcome = ("error", f"{type(exc).__name__}: {exc}")


class DraftController(QObject):
    """The detect and accept actions of trace mode, and the findings of the last run."""

    finished = Signal(str)  # the outcome's kind, after the result was applied

    def __init__(self, mode: Mode) -> None:
        """`mode` is trace mode (its doc, view, scene and window are used)."""
        super().__init__(mode)
        self.mode = mode
        self.doc = mode.doc
        self.findings: list[Finding] = []
        self.thread: DetectThread | None = None
        self.dialog: QProgressDialog | None = None
        mode.add_separator("edit")
        self.detect_action = mode.add_action(
            _("De&tect from scan…"), self.start, menu="edit",
            tip=_("Propose fields, numbers and connections from the scan (one undo step)"))
        mode.add_action(_("Accept selected proposals") + "\tEnter", self.accept_selection,
                        menu="edit",
                        tip=_("Accept the selected proposed elements (Delete rejects them)"))
        mode.add_action(_("Accept all p&roposals"), self.accept_all, menu="edit",
                        tip=_("Accept every element the detector proposed"))
        mode.view.installEventFilter(self)

    # ---- running the detector -------------------------------------------------------

    def start(self) -> None:
        """Ask the detector for a draft of the board's scan (nothing happens while it runs)."""
        if self.thread is not None:
            return
        scan = self.doc.scan_path()
        window = self.mode.window
        if scan is None or self.doc.missing_scan() is not None:
            dialogs.show_warning(window, _("Detect from scan"), _(
                "The board has no scan to detect from (or it cannot be read). Open or replace "
                "the scan first (File menu)."))
            return
        missing = extras.missing_modules("detect")
        if missing:
            dialogs.show_warning(window, _("Detect from scan"), _(
                "The detector is not installed: {reason}.").format(
                    reason=extras.needs_message("detect", missing[0])))
            return
        image = self.doc.board.image
        scale = self.doc.board.scale.px_per_cm if self.doc.board.scale else None
        self.thread = DetectThread(scan, scale, image.path if image else Path(scan).name, self)
        self.dialog = QProgressDialog(_("Reading the scan…"), _("Cancel"), 0, STEPS, window)
        self.dialog.setObjectName("detect_progress")
        self.dialog.setWindowTitle(_("Detect from scan"))
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setMinimumDuration(0)
        self.dialog.setAutoClose(False)
        self.dialog.setAutoReset(False)
        self.dialog.canceled.connect(self.cancel)
        self.thread.progressed.connect(self._progress)
        self.thread.finished.connect(self._finished)
        self.detect_action.setEnabled(False)
        self.dialog.show()
        self.thread.start()

    def running(self) -> bool:
        return self.thread is not None

    def cancel(self) -> None:
        """Ask the detector to stop; the board stays as it was."""
        if self.thread is not None:
            self.thread.stop.set()
            if self.dialog is not None:
                self.dialog.setLabelText(_("Cancelling…"))

    def stop_and_wait(self) -> None:
        """Before the window closes: cancel a run and wait for its thread."""
        if self.thread is not None:
            self.thread.stop.set()
            self.thread.wait()
            self._finished()

    def _progress(self, fraction: float, message: str) -> None:
        dialog = self.dialog
        if dialog is not None and not (self.thread and self.thread.stop.is_set()):
            dialog.setLabelText(message[:1].upper() + message[1:] + "…")
            # last: a window-modal progress dialog handles events in setValue (the run may
            # finish, and this dialog close, inside it)
            dialog.setValue(round(max(0.0, min(1.0, fraction)) * STEPS))

    def _finished(self) -> None:
        thread, self.thread = self.thread, None
        if thread is None:
            return
        if self.dialog is not None:
            self.dialog.canceled.disconnect(self.cancel)
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None
        self.detect_action.setEnabled(True)
        kind, value = thread.outcome
        thread.deleteLater()
        if kind == "done":
            self._apply(value)
        elif kind == "failed":
            self._show_findings(value, _("Detect from scan: the scan could not be read"))
        elif kind == "error":
            self.mode.window.show_message(_("Detect from scan failed: {reason}").format(
                reason=value))
        else:
            self.mode.window.show_message(_("Detect from scan cancelled; the board is "
                                            "unchanged"))
        self.finished.emit(kind)

    def _apply(self, result) -> None:
        draft = result.board
        if draft is None:
            self._show_findings(result.findings, _("Detect from scan found no fields"))
            return
        near = result.radius_px
        mapping = draft_ids(self.doc.board, draft, near)
        findings = [_relocated(f, mapping) for f in result.findings]
        fields, conns = len(draft.fields), len(draft.connections)
        edit = self.doc.apply(_("Detect from scan ({fields}, {connections})").format(
            fields=plural(fields, "field"), connections=plural(conns, "connection")),
            add_draft, draft, near)
        added = len(edit.created) if edit is not None else 0
        self._show_findings(findings, _(
            "Detect from scan proposed {elements} (violet, dashed, '?'): Enter accepts the "
            "selection, Delete rejects it, Edit > Accept all proposals").format(
                elements=plural(added, "element")))

    def _show_findings(self, findings: list[Finding], message: str) -> None:
        self.findings = list(findings)
        window = self.mode.window
        window.refresh_findings()
        if findings:
            message += "; " + _("{findings} in the validation panel").format(
                findings=plural(len(findings), "finding"))
        window.show_message(message)

    def current_findings(self) -> list[Finding]:
        """The last run's findings that still apply: about a field still on the board (and
        for an unread number, a field still without one), or about the scan itself."""
        fields = self.doc.board.field_by_id()
        regions = self.doc.board.region_by_id()
        paths = {c.id: c for c in self.doc.board.connections}
        out = []
        for f in self.findings:
            if f.element in fields:
                if f.code == NUMBER_UNREAD and fields[f.element].number is not None:
                    continue
            elif f.code == REGION_LINKS:
                if f.element not in regions or regions[f.element].stairs:
                    continue  # rejected, undone, or its stairs are linked
            elif f.code == PATH_CROSSING:
                if f.element not in paths or paths[f.element].crossing is not None:
                    continue
            elif f.element not in (None, "scan") and f.pointer.startswith("/fields"):
                continue  # the field was rejected or the draft undone
            out.append(f)
        return out

    # ---- accepting and rejecting ----------------------------------------------------

    def _selected_proposals(self) -> list:
        selected = set(self.mode.scene.selected_keys())
        return [k for k in unconfirmed_keys(self.doc.board) if k in selected]

    def accept_selection(self) -> bool:
        """Accept the selected proposals (one undo step); False when none is selected."""
        keys = self._selected_proposals()
        if not keys:
            self.mode.window.show_message(_("No proposed element is selected"))
            return False
        self.doc.apply(_("Accept {proposals}").format(proposals=plural(len(keys), "proposal")),
                       accept, keys)
        self.mode.window.show_message(_("Accepted {elements}").format(
            elements=plural(len(keys), "proposed element")))
        return True

    def accept_all(self) -> None:
        count = len(unconfirmed_keys(self.doc.board))
        if not count:
            self.mode.window.show_message(_("Nothing is waiting to be accepted"))
            return
        self.doc.apply(_("Accept all {proposals}").format(proposals=plural(count, "proposal")),
                       accept, None)
        self.mode.window.show_message(_("Accepted {elements}").format(
            elements=plural(count, "proposed element")))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter on the canvas with the select tool accepts the selected proposals (other
        tools keep Enter: it finishes a region or a line)."""
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and \
                event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and \
                getattr(self.mode.view.tool, "name", None) == "select" and \
                self._selected_proposals():
            self.accept_selection()
            return True
        return super().eventFilter(watched, event)


def _relocated(finding: Finding, mapping: dict[str, str]) -> Finding:
    """A finding about a draft field, naming the id the field has on the board."""
    if finding.element in mapping:
        return dataclasses.replace(finding, element=mapping[finding.element])
    return finding
