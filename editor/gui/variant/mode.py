"""Variant mode: the configurator for house rules.

Open a shipped variant (it starts a house rule extending it) or a house-rule file, or start a
new one extending a shipped variant; change options, pieces, budgets, penalties, victory
conditions and overlays in a form generated from the variant model; see the changes against
the parent or any variant; save only the differences (atomic). Every change is a `VariantEdit`
in an `EditCommand` on this mode's undo stack. The validation panel shows the variant's
findings and the pair check (`PAIR_*`) against the board open in trace mode.

Test play: when a registered mode `PlaysVariants` (`editor.gui.shell.mode`), "Test play with this
variant" switches to it and calls its `start_with_variant(document)`.

Command line: `--variant V` opens V (a shipped name starts a house rule extending it); given
without --mode it shows this mode.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from editor.check.pair_checks import check_board_for_variant
from editor.check.variant_checks import check_variant
from editor.gui.shell import dialogs
from editor.gui.shell.mode import ArgumentProblem, Mode, PlaysVariants, Shell, shared_option
from editor.gui.shell.packages import package_variant
from editor.gui.shell.rules_panel import rule_of_link
from editor.gui.variant.form import DetailPane, OptionsForm
from editor.gui.variant.panes import ChangesView, OverlayList
from editor.gui.variant.session import VariantSession, shipped_name
from editor.gui.variant.tables import PieceTable, VictoryTable
from editor.i18n import N_, _, ngettext
from editor.model.findings import Finding
from editor.model.migrate import FORMAT_MIGRATED, can_migrate
from editor.model.migrate_files import migrate_file
from editor.model.variant import (
    VARIANT_FORMAT,
    VARIANT_SUFFIX,
    locate_variant,
    shipped_variant_names,
)
from editor.model.variant_edit import VariantDocument, set_value

#: the default parent of a new house rule
DEFAULT_PARENT = "conquest-4p"
#: the History dock's width while the configurator is shown (the form needs the room)
HISTORY_WIDTH = 230
TAB_FORM, TAB_PIECES, TAB_VICTORY, TAB_OVERLAYS, TAB_CHANGES = range(5)


class VariantMode(Mode):
    name = "variant"
    title = N_("&Variant")
    tip = N_("Configure house rules: options, pieces, budgets, victory conditions and overlays "
             "of a variant, and what differs from its parent")
    history_start = N_("<variant opened>")

    def __init__(self, window: Shell) -> None:
        super().__init__(window)
        self.session = VariantSession(self.stack, self)
        self.detail = DetailPane()
        self.detail.anchorClicked.connect(self._link_clicked)
        self.form = OptionsForm(self.session, self.detail.setHtml)
        self.pieces = PieceTable(self.session, self.detail.setHtml)
        self.victory = VictoryTable(self.session, self.detail.setHtml)
        self.overlays = OverlayList(self.session)
        self.changes = ChangesView(self.session)
        self.changes.activated.connect(self.focus)
        self.central = self._build_central()
        self._build_actions()
        self._variant_findings: list[Finding] = []
        self._pair_findings: list[Finding] = []
        self.session.changed.connect(self._on_changed)
        self.session.reset.connect(self._on_reset)
        self.session.error.connect(self.window.show_message)
        self.stack.cleanChanged.connect(self._update_header)
        self._on_reset()

    # ---- construction ---------------------------------------------------------------


    def _link_clicked(self, url) -> None:
        """A rule ID in the detail pane opens the rule (Rules dock)."""
        rule = rule_of_link(url)
        if rule is not None:
            self.window.show_rule(rule)
    def _build_central(self) -> QWidget:
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("variant_name")
        self.name_edit.setToolTip(_("The variant's name (saved in the file)"))
        self.name_edit.editingFinished.connect(self._name_edited)
        self.header = QLabel()
        self.header.setObjectName("variant_header")
        self.header.setTextFormat(Qt.TextFormat.RichText)
        # a long header never widens the window (it is cut; the status bar repeats it)
        self.header.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        top = QHBoxLayout()
        top.addWidget(QLabel("<b>{}</b>".format(_("House rule"))))
        top.addWidget(self.name_edit, 1)
        top.addWidget(self.header, 3)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("variant_tabs")
        for widget, title in ((self.form, _("Options && rules")), (self.pieces, _("Pieces")),
                              (self.victory, _("Victory")), (self.overlays, _("Overlays")),
                              (self.changes, _("Changes"))):
            self.tabs.addTab(widget, title)
        self.tabs.currentChanged.connect(self._tab_shown)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.tabs)
        split.addWidget(self.detail)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        split.setSizes([1000, 300])
        page = QWidget()
        page.setObjectName("variant_page")
        page.setMinimumWidth(120)  # the window's smallest size stays the trace mode's
        lay = QVBoxLayout(page)
        lay.setContentsMargins(6, 6, 6, 0)
        lay.addLayout(top)
        lay.addWidget(split, 1)
        return page

    def _tab_shown(self, _index: int) -> None:
        """The description pane follows the tab: its current option, or nothing."""
        page = self.tabs.currentWidget()
        self.detail.show_nothing()
        if page in (self.form, self.pieces, self.victory):
            page.describe_current()

    def _build_actions(self) -> None:
        menu = self.add_menu(_("Va&riant"))
        bar = self.add_toolbar(_("Variant"), "variant_toolbar")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for text, slot, key, tip in (
                (N_("&New house rule…"), self.new_dialog, None,
                 N_("Start a house rule that extends a shipped variant")),
                (N_("&Open variant…"), self.open_dialog, None,
                 N_("Open a house-rule file (a shipped variant starts a house rule extending "
                    "it)")),
                (N_("&Save variant"), self.save, QKeySequence("Ctrl+Alt+S"),
                 N_("Save the variant: only what differs from its parent")),
                (N_("Save variant &as…"), self.save_as, None,
                 N_("Save the variant to a new file"))):
            action = self.add_action(_(text), slot, key, menu=menu, tip=_(tip))
            bar.addAction(action)
        menu.addSeparator()
        bar.addSeparator()
        self.play_action = self.add_action(_("&Test play with this variant"), self.test_play,
                                           menu=menu)
        self.play_action.setObjectName("test_play")
        bar.addAction(self.play_action)
        self.add_action(_("&Find option"), self._focus_search, QKeySequence.StandardKey.Find,
                        menu="edit")

    # ---- mode hooks -----------------------------------------------------------------

    def activate(self) -> None:
        w = self.window
        w.resizeDocks([w.history_dock], [HISTORY_WIDTH], Qt.Orientation.Horizontal)
        self._update_play_action()
        self.form.search.setFocus()
        self.findingsChanged.emit()

    def view_ready(self) -> None:
        """Ready for a picture (`--screenshot`): the first option selected and described."""
        if self.form.current_pointer() is None and self.form.rows:
            self.form.focus(next(iter(self.form.rows)))

    def retranslate(self) -> None:
        """The language changed: sections, rows, columns, values and the header again."""
        for part in (self.form, self.pieces, self.victory):
            part.forget_layout()
        self.changes.reset_choices()
        self._on_changed()
        self._update_play_action()
        self._tab_shown(self.tabs.currentIndex())

    def status(self) -> str:
        return _("Variant: {name} — {tip}").format(name=self.session.display_name, tip=_(self.tip))

    def commit_typing(self) -> None:
        for edit in self.central.findChildren(QLineEdit):
            if edit.isModified():
                edit.editingFinished.emit()

    def maybe_close(self) -> bool:
        """Ask about unsaved variant changes; True when the window may close."""
        if not self.session.modified:
            return True
        answer = dialogs.ask_save_changes(self.window, self.session.display_name)
        return self.save() if answer == "save" else answer == "discard"

    # ---- findings -------------------------------------------------------------------

    def findings(self) -> list[Finding]:
        """The variant's own findings (with suggestions) and the pair check against the board
        open in trace mode (none while that board has no fields)."""
        doc = self.session.doc
        where = doc.path or self.session.display_name
        own = list(doc.findings)
        variant = doc.variant
        if variant is not None:
            own += [f.located(where) for f in check_variant(variant)]
        board = self.window.doc.board
        pair = check_board_for_variant(board, variant) if variant is not None and \
            board.fields else []
        self._variant_findings, self._pair_findings = own, pair
        return [*own, *pair]

    def show_finding(self, finding: Finding) -> bool:
        """A variant finding focuses its option; a pair finding is the board's, so the shell
        shows it in the home mode (the board editor)."""
        if not any(f is finding for f in self._variant_findings):
            return False
        pointer = finding.pointer or ""
        suggestion = (finding.extra or {}).get("suggestion")
        if suggestion:  # a misspelt key: show the option it probably means
            pointer = f"{pointer.rpartition('/')[0]}/{suggestion}"
        self.focus(pointer)
        self.window.show_message(finding.message + (f" — {_(finding.hint)}" if finding.hint
                                                    else ""))
        return True

    def focus(self, pointer: str) -> bool:
        """Show the editor of the field at `pointer` (its tab, row or cell)."""
        for tab, part in ((TAB_PIECES, self.pieces), (TAB_VICTORY, self.victory)):
            if part.focus(pointer):
                self.tabs.setCurrentIndex(tab)
                return True
        if pointer.startswith("/overlays"):
            self.tabs.setCurrentIndex(TAB_OVERLAYS)
            return True
        self.tabs.setCurrentIndex(TAB_FORM)
        return self.form.focus(pointer)

    # ---- documents ------------------------------------------------------------------

    def _on_changed(self, _keys: object = None) -> None:
        self.form.rebuild()
        self.pieces.rebuild()
        self.victory.rebuild()
        self.overlays.refresh()
        self.changes.refresh()
        self._update_header()
        self.findingsChanged.emit()

    def _on_reset(self) -> None:
        self.changes.reset()
        self._on_changed()
        self.name_edit.setText(str(self.session.doc.raw.get("name", "")))
        self.name_edit.setModified(False)

    def _update_header(self, *_args) -> None:
        s = self.session
        parent = s.parent_ref
        overlays = s.doc.raw.get("overlays") or []
        text = (_("extends <b>{parent}</b>").format(parent=parent) if parent
                else _("complete variant (no parent)"))
        if overlays:
            text += " + " + ", ".join(str(o) for o in overlays)
        where = s.doc.path or _("not saved yet")
        n = len(self.changes.changes)
        changed = ngettext("{n} change from the compared variant",
                           "{n} changes from the compared variant", n).format(n=n)
        mark = " <span style='color:#c62828'>● {}</span>".format(_("unsaved")) \
            if s.modified else ""
        self.header.setText(f"{text} &nbsp;·&nbsp; {changed} &nbsp;·&nbsp; "
                            f"<i>{where}</i>{mark}")
        if self.window.mode is self:
            self.window.statusBar().showMessage(self.status())

    def _name_edited(self) -> None:
        if not self.name_edit.isModified():
            return
        self.name_edit.setModified(False)
        name = self.name_edit.text().strip()
        if name and name != self.session.doc.raw.get("name"):
            self.session.apply(_("Rename variant to {name}").format(name=name), set_value,
                               "/name", name)

    def open_ref(self, ref: str) -> bool:
        """Open a variant by shipped name or path (a shipped one starts a house rule)."""
        path = locate_variant(ref, Path.cwd())
        if path is None:
            dialogs.show_error(self.window, _("Variant not found"),
                               _("'{ref}' is neither a variant file nor a shipped variant "
                                 "({names}).").format(
                                   ref=ref, names=", ".join(shipped_variant_names())))
            return False
        return self.open_path(str(path))

    def open_path(self, path: str) -> bool:
        if not self.maybe_close():
            return False
        findings = self.session.open(path)
        if findings:
            n = len(findings)
            dialogs.show_error(self.window, _("Cannot open variant"),
                               ngettext("'{path}' could not be opened as a variant ({n} "
                                        "problem).", "'{path}' could not be opened as a "
                                        "variant ({n} problems).", n).format(path=path, n=n),
                               "\n".join(f.format_line() for f in findings))
            return False
        name = shipped_name(path)
        self.window.show_message(
            _("New house rule extending the shipped variant '{name}': save it to keep "
              "it").format(name=name) if name else _("Opened variant {path}").format(path=path))
        self.offer_migration(path)
        return True

    def offer_migration(self, path: str) -> None:
        """A file of an older format version: offer to rewrite it in the current one (with
        what the migration assumes); it is shown with its old meaning either way."""
        tag = self.session.doc.raw.get("format")
        if not can_migrate(tag, VARIANT_FORMAT):
            return
        notes = [f for f in self.session.doc.findings if f.code == FORMAT_MIGRATED.code]
        said = ("\n\n" + "\n".join(f.message for f in notes)) if notes else ""
        if not dialogs.ask_yes_no(
                self.window, _("Variant from an older version"),
                _("'{path}' is a {tag} file; it is shown with the meaning it had. Rewrite it "
                  "as {format} now? The old file is kept as {name}.bak.").format(
                    path=path, tag=tag, format=VARIANT_FORMAT, name=Path(path).name)
                + said):
            return
        try:
            migrate_file(path, [VARIANT_FORMAT])
        except OSError as exc:
            dialogs.show_error(self.window, _("Variant not migrated"), f"'{path}': {exc}")
            return
        self.session.open(path)
        self.window.show_message(_("Migrated {path} to {format}").format(
            path=path, format=VARIANT_FORMAT))

    def open_document(self, doc: VariantDocument) -> None:
        """Show a document made elsewhere (e.g. read from a game package)."""
        self.session.replace(doc)

    def open_package(self, package) -> None:
        """A game package opened: its variant (unsaved) in the configurator."""
        self.open_document(package_variant(package))

    def variant_to_pack(self, active: bool) -> tuple[str, list[str], object] | None:
        """The variant File > Export game package packs when the active mode plays none: the
        saved house-rule file, or the shipped parent of a house rule that changes nothing;
        None when the user did not save."""
        session = self.session
        doc = session.doc
        own = {k for k in doc.minimal_data() if k not in ("format", "name", "extends")}
        if doc.path is None and not own and session.parent_ref:
            return session.parent_ref, [], None
        if (doc.path is None or session.modified) and not self.save():
            return None
        return doc.path, [], None

    # ---- command line ---------------------------------------------------------------

    @classmethod
    def add_arguments(cls, parser: argparse._ActionsContainer) -> None:
        shared_option(parser, "--variant", metavar="V",
                      help=_("--mode variant (the default with --variant) opens it in the "
                             "configurator, a shipped name as a new house rule extending it"))

    @classmethod
    def claims_arguments(cls, args: argparse.Namespace) -> bool:
        return bool(args.variant)

    def apply_arguments(self, args: argparse.Namespace) -> ArgumentProblem | None:
        """`--variant V`: V in the configurator (the reason it cannot be was reported)."""
        if args.variant and not self.open_ref(args.variant):
            return ArgumentProblem(_("--variant {variant}: cannot be opened in the "
                                     "configurator").format(variant=args.variant))
        return None

    def open_dialog(self) -> bool:
        path = dialogs.get_open_path(self.window, _("Open variant"), dialogs.VARIANT_FILTER)
        return self.open_path(path) if path else False

    def new_dialog(self) -> bool:
        names = [n for n in shipped_variant_names()]
        parent = dialogs.get_item(self.window, _("New house rule"),
                                  _("Extend which shipped variant?"), names,
                                  names.index(DEFAULT_PARENT) if DEFAULT_PARENT in names else 0)
        if not parent or not self.maybe_close():
            return False
        self.session.new(parent)
        self.window.show_message(_("New house rule extending '{parent}'").format(
            parent=parent))
        return True

    def save(self) -> bool:
        self.commit_typing()
        if self.session.doc.path is None:
            return self.save_as()
        return self._write(None)

    def save_as(self) -> bool:
        self.commit_typing()
        name = str(self.session.doc.raw.get("name") or "house-rule")
        path = dialogs.get_save_path(self.window, _("Save variant as"), dialogs.VARIANT_FILTER,
                                     f"{name}{VARIANT_SUFFIX}")
        if not path:
            return False
        if not path.endswith(".json"):
            path += VARIANT_SUFFIX
        if shipped_name(path):
            dialogs.show_error(self.window, _("Not saved"), _(
                "Shipped variants are not overwritten: save the house rule under another "
                "name."))
            return False
        return self._write(path)

    def _write(self, path: str | None) -> bool:
        try:
            written = self.session.save(path)
        except (OSError, ValueError) as exc:
            dialogs.show_error(self.window, _("Variant not saved"), f"{exc}")
            return False
        self.window.show_message(_("Saved variant {path}").format(path=written))
        return True

    # ---- test play ------------------------------------------------------------------

    def play_mode(self) -> PlaysVariants | None:
        """The registered mode that can start a game with a variant, if any."""
        return self.window.find_mode(PlaysVariants)

    def _update_play_action(self) -> None:
        available = self.play_mode() is not None
        self.play_action.setEnabled(available)
        self.play_action.setToolTip(
            _("Switch to play mode with this variant") if available else
            _("No play mode is available in this editor: test play is not possible here"))

    def test_play(self) -> bool:
        play = self.play_mode()
        if play is None:
            self.window.show_message(_("No play mode is available"))
            return False
        doc = self.session.doc
        if doc.variant is None:
            dialogs.show_error(self.window, _("Cannot test play"), _(
                "The variant has errors (see the validation panel); fix them first."))
            return False
        if (self.session.modified or doc.path is None) and not self.save():
            return False  # a game (and a scenario saved from it) names the house-rule file
        if not self.window.switch_mode(play.name):
            return False
        play.start_with_variant(self.session.doc)
        return True

    def _focus_search(self) -> None:
        self.tabs.setCurrentIndex(TAB_FORM)
        self.form.search.setFocus()
        self.form.search.selectAll()
