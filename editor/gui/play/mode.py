"""Play mode: test play on the board being traced, with any variant.

The game is a `PlaySession` (editor/rules) on a snapshot of the board: play never changes the
board document, and leaving the mode returns to tracing with the board intact. The centre is a
read-only drawing of the session's board with its pieces (`editor.gui.play.scene`); a click on a
stack shows its targets with their AP cost, a click on a target plays it, a hover over a field
it cannot reach says why (`explain_target`). Docks: the start panel (variant, overlays, options,
setup; scenarios; the findings that keep a board from starting a game), the turn panel and the
game log. Undo and redo act on the game through the mode's own undo stack. Selecting and
playing are in `play/gameplay.py` (`GamePlay`, a part of this class).

Command line: `--variant V [--overlay O]... [--select FIELD]` starts a game of V on the board
and selects the stack on FIELD (its targets shown).
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QMenu, QMessageBox, QToolTip

from editor.gui.play.computer import ComputerPanel, ComputerSeats, SeatsPanel
from editor.gui.play.gameplay import GamePlay
from editor.gui.play.panels import LogPanel, TurnPanel, seat_name
from editor.gui.play.review import Broken
from editor.gui.play.scene import PlayScene
from editor.gui.play.start_panel import GameChoice, StartPanel
from editor.gui.play.view import PlayView
from editor.gui.shell import dialogs
from editor.gui.shell.mode import ArgumentProblem, Mode, Shell, shared_option
from editor.i18n import N_, _, ngettext
from editor.model.findings import Finding
from editor.rules import session_io
from editor.rules.action_view import Kind
from editor.rules.session import PlaySession, SessionSource, TargetGroup, Verdict

SCENARIO_FILTER = "Conquest scenarios (*.scenario.json *.json);;All files (*)"


class PlayMode(Mode, GamePlay):
    name = "play"
    title = N_("&Play")
    tip = N_("Test play: play the board with any variant, see every legal move and why not")
    history_start = N_("<game start>")

    def __init__(self, window: Shell) -> None:
        super().__init__(window)
        self.doc = window.doc
        self.session: PlaySession | None = None
        self.selected: str | None = None
        self.groups: dict[str, TargetGroup] = {}
        self.last_refusal: Verdict | None = None
        #: the scenario step whose expected verdict no longer holds (replay review)
        self.broken: Broken | None = None
        #: the findings that kept the last Start game from starting (validation panel)
        self.blocking: list[Finding] = []
        self.hover_text = ""
        self.chooser: QMenu | None = None
        self.result_box: QMessageBox | None = None
        self._result_shown: str | None = None
        self._explained: dict[tuple[int, str, str], str] = {}
        self._batch = False
        self.rng = random.Random(1)
        self.scene = PlayScene(window)
        self.view = PlayView(self.scene)
        self.central = self.view
        self.start_panel = StartPanel()
        self.turn_panel = TurnPanel()
        self.log = LogPanel()
        self.seats_panel = SeatsPanel()  # who plays each seat, in the New game panel
        self.start_panel.layout().insertWidget(1, self.seats_panel)
        self.computer_panel = ComputerPanel()
        self.computer = ComputerSeats(self, self.seats_panel, self.computer_panel)
        self.start_panel.variant.currentIndexChanged.connect(self._name_seats)
        self.start_dock = self.add_dock(_("New game"), "play_start_dock", self.start_panel,
                                        Qt.DockWidgetArea.LeftDockWidgetArea)
        self.turn_dock = self.add_dock(_("Turn"), "play_turn_dock", self.turn_panel)
        self.log_dock = self.add_dock(_("Game log"), "play_log_dock", self.log)
        self.computer_dock = self.add_dock(_("Computer"), "play_computer_dock",
                                           self.computer_panel)
        self._build_actions()
        self._connect()
        self.turn_panel.show_session(None)
        #: the board document changed since the game started (the game keeps its snapshot)
        self.board_changed = False
        self.doc.changed.connect(self._doc_changed)
        self.doc.reset.connect(self._doc_replaced)
        self.scene.explain = self.field_explanation

    def _name_seats(self) -> None:
        """The Players rows follow the chosen variant's seats until a game starts."""
        if self.session is None:
            choice, _problem = self.start_panel.choice()
            self.seats_panel.name_for_variant(choice.variant if choice else None,
                                              self.doc.board)

    # ---- construction ----------------------------------------------------------------------

    def _build_actions(self) -> None:
        menu = self.add_menu(_("&Game"))
        bar = self.add_toolbar(_("Play"), "play_tools")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        items = (
            (N_("&Start game"), self.start_game, "Ctrl+Shift+N", True),
            (N_("&Open scenario…"), self.open_scenario, None, True),
            (N_("Save as &scenario…"), self.save_scenario, None, True),
            (None, None, None, False),
            (N_("&End turn"), lambda: self.play_general(Kind.END), "Ctrl+E", True),
            (N_("&Decline"), lambda: self.play_general(Kind.DECLINE), None, True),
            (N_("Offer dra&w"), lambda: self.play_general(Kind.OFFER_DRAW), None, False),
            (N_("&Resign"), lambda: self.play_general(Kind.RESIGN), None, False),
            (None, None, None, False),
            (N_("Random &move"), self.random_move, "Ctrl+R", True),
            (N_("Step &back"), self.step_back, None, False),
            (N_("Step &forward"), self.step_forward, None, False),
        )
        self.actions = {}
        for text, slot, key, on_bar in items:
            if text is None:
                menu.addSeparator()
                continue
            action = self.add_action(_(text), slot, key, menu=menu)
            self.actions[text.replace("&", "")] = action  # keyed by the English text
            if on_bar:
                bar.addAction(action)
        self.add_action(_("&Fit to window"), self.view.fit, "Ctrl+0", menu="view")

    def _connect(self) -> None:
        sp, tp = self.start_panel, self.turn_panel
        sp.startRequested.connect(self.start_game)
        sp.openRequested.connect(self.open_scenario)
        sp.saveRequested.connect(self.save_scenario)
        sp.houseRuleRequested.connect(self._choose_house_rule)
        sp.findingClicked.connect(self.go_to_finding)
        tp.generalRequested.connect(self.play_general)
        tp.randomMove.connect(self.random_move)
        tp.randomTurns.connect(self.random_turns)
        tp.stepBack.connect(self.step_back)
        tp.stepForward.connect(self.step_forward)
        tp.toEnd.connect(self.to_end)
        tp.recordRequested.connect(self.record_refusal)
        tp.ruleRequested.connect(self.window.show_rule)
        self.log.rowChosen.connect(self.show_played)
        self.log.reasonShown.connect(self.window.show_message)
        self.view.clicked.connect(self.click)
        self.view.hovered.connect(self.hover)
        self.view.menuRequested.connect(self.context_menu)
        self.view.escaped.connect(lambda: self.select(None))

    def lay_out_docks(self) -> None:
        w = self.window
        w.resizeDocks([self.start_dock, self.turn_dock], [300, 360],
                      Qt.Orientation.Horizontal)

    # ---- mode hooks ------------------------------------------------------------------------

    def _enable_game_actions(self) -> None:
        """The Game menu's actions that need a game (or a step to go to) are disabled
        without one; the turn panel does the same for its buttons."""
        s = self.session
        if self.window.mode is not self:
            return  # a hidden mode's actions stay disabled (`set_parts_visible`)
        needs = {"Save as scenario…": s is not None, "Random move": s is not None,
                 "End turn": s is not None, "Decline": s is not None,
                 "Offer draw": s is not None, "Resign": s is not None,
                 "Step back": self.stack.canUndo(),
                 "Step forward": self.stack.canRedo() or (s is not None and s.can_redo())}
        for name, enabled in needs.items():
            self.actions[name].setEnabled(enabled)
        self.start_panel.save_button.setEnabled(s is not None)

    def activate(self) -> None:
        self._enable_game_actions()
        if self.session is None:
            self.show_document_board()
            self._name_seats()
        elif self.board_changed:
            self.start_panel.note.setText(
                _("The board changed since this game started; the game goes on with the "
                  "board as it was. Start game to play the board as it is now."))
        self.view.setFocus()
        self.computer.hold(False)

    def retranslate(self) -> None:
        """The language changed: the choices, the players' rows, the turn and the log."""
        self.start_panel.relabel()
        self.seats_panel.relabel()
        if self.session is None:
            self._name_seats()
            return
        self.turn_panel.show_session(self.session)  # no refresh: it would wake the computer
        self.log.show_log(self.session, self.broken)

    def _doc_changed(self, *_args) -> None:
        self.board_changed = True

    def _doc_replaced(self) -> None:
        """Another board was opened (or a new one made): with no game running, play mode
        shows that board at once, without the old board's findings."""
        self.board_changed = True
        if self.session is None:
            self.start_panel.show_findings([])
            self.blocking = []
            self.findingsChanged.emit()
            if self.window.mode is self:
                self.show_document_board()

    def deactivate(self) -> None:
        self.computer.hold(True)  # the computer waits while another mode is shown
        if self.chooser is not None:
            self.chooser.close()
        QToolTip.hideText()

    def show_document_board(self) -> None:
        """No game yet: draw the document's board (a copy) and offer its setups."""
        self.start_panel.set_board(self.doc.board, self.doc.path)
        self.scene.show_board(self.doc.board.model_copy(deep=True), self.doc.path)
        self.view.fit()

    def go_to_finding(self, finding: Finding) -> None:
        """A finding that keeps the game from starting: show its element on the board."""
        self.window.go_to_finding(finding)

    def findings(self) -> list[Finding]:
        """The findings that keep the game from starting (the New game panel lists them too),
        so the validation panel never says "No problems found" beside them."""
        return list(self.blocking)

    def variant_to_pack(self, active: bool) -> tuple[str, list[str], object] | None:
        """While shown, the game being played: its variant reference, overlays and resolved
        variant (with the option overrides), packed by File > Export game package."""
        if not active or self.session is None:
            return None
        source = self.session.source
        return source.variant, list(source.overlays), self.session.variant

    def _set_blocking(self, findings: list[Finding]) -> None:
        self.blocking = list(findings)
        self.findingsChanged.emit()

    # ---- starting --------------------------------------------------------------------------

    def start_game(self) -> bool:
        """Start a game with what the start panel says; False (findings shown) when the board
        lacks what the variant needs."""
        choice, problem = self.start_panel.choice()
        if choice is None:
            self.start_panel.show_findings([], problem or "")
            return False
        return not self.start_with(choice)

    def start_with(self, choice: GameChoice) -> list[Finding]:
        """Start a game on a snapshot of the document's board; the findings when none
        starts."""
        source = SessionSource(board_path=self.doc.path, variant=choice.variant,
                               overlays=tuple(choice.overlays), options=dict(choice.options))
        session, findings = session_io.start(self.doc.board, source, choice.setup)
        self._set_blocking([] if session is not None else findings)
        if session is None:
            self.set_session(None)
            pair = any(f.code.startswith("PAIR") for f in findings)
            self.start_panel.show_findings(
                findings, (_("No game: the board lacks what {variant} needs. Click a finding "
                             "to go to the board.") if pair else
                           _("No game: {variant} cannot be used as given:")).format(
                               variant=choice.variant))
            return findings
        self.start_panel.show_findings([], _("Playing {variant}").format(
            variant=" + ".join([choice.variant, *choice.overlays])))
        self._show_choice(choice.variant, choice.overlays, choice.options)
        self.set_session(session, self.doc.path)
        return []

    def _show_choice(self, variant: str, overlays, options: dict) -> None:
        """The New game panel shows the rules being played (a started game or an opened
        scenario), so Start game plays them again, never other rules."""
        self.start_panel.select_variant(variant)
        self.start_panel.set_overlays(list(overlays))
        self.start_panel.options.setText(", ".join(f"{k}={json.dumps(v)}"
                                                   for k, v in options.items()))

    def start_with_variant(self, document) -> list[Finding]:
        """"Test play with this variant" from the configurator: a game under the saved
        house-rule file (or shipped variant) of `document`, a `VariantDocument` whose `path`
        names it; a saved scenario can then refer to it."""
        ref = document.path or document.raw.get("extends") or ""
        if document.path:
            self.start_panel.set_house_rule(document.path)
        return self.start_with(GameChoice(variant=str(ref)))

    def _choose_house_rule(self) -> None:
        path = dialogs.get_open_path(self.window, _("Open a house-rule file"),
                                         dialogs.VARIANT_FILTER)
        self.start_panel.set_house_rule(path)

    def open_scenario(self, path: str | None = None) -> bool:
        """Open a scenario: its position, with its steps waiting (Step forward / To end)."""
        path = path or dialogs.get_open_path(self.window, _("Open scenario"), SCENARIO_FILTER)
        if not path:
            return False
        session, findings = session_io.load(path)
        if session is None:
            self.start_panel.show_findings(findings, _("Cannot open {path}:").format(path=path))
            return False
        self.start_panel.show_findings([], _("Scenario: {name}").format(
            name=session.source.name or path))
        src = session.source
        ref = src.variant or session.variant.name
        if src.base and (Path(src.base) / ref).is_file():  # a house rule beside the scenario
            ref = str(Path(src.base) / ref)
        self._show_choice(ref, src.overlays, src.options)
        self.set_session(session, session.source.board_path)
        return True

    def set_session(self, session: PlaySession | None, board_path: str | None = None) -> None:
        self.session = session
        self.board_changed = False
        self.rng = random.Random(self.turn_panel.seed.value())
        self.stack.clear()
        self.selected = None
        self.groups = {}
        self.last_refusal = None
        self.broken = None
        self._result_shown = None
        self._explained = {}
        if session is None:
            self.show_document_board()
        else:
            self.scene.show_board(session.board, board_path)
            self.view.fit()
        self.turn_panel.show_refusal(None)
        self.refresh()
        self.computer.new_game(self.turn_panel.seed.value())

    def save_scenario(self) -> bool:
        """Write the game as a conquest-scenario/1 file (played actions as legal steps,
        recorded refusals as expected-illegal steps)."""
        if self.session is None:
            self.window.show_message(_("No game to save: start one first"))
            return False
        path = dialogs.get_save_path(self.window, _("Save as scenario"), SCENARIO_FILTER)
        if not path:
            return False
        try:
            session_io.save(self.session, path)
        except OSError as exc:
            dialogs.show_error(self.window, _("Cannot save the scenario"), str(exc))
            return False
        self.window.show_message(_("Saved the game as {path} ({n} steps)").format(
            path=path, n=len(self.session.history)))
        return True

    # ---- showing the position --------------------------------------------------------------

    def refresh(self) -> None:
        """Show the session's position, turn, log and result."""
        if self._batch:
            return
        s = self.session
        self.turn_panel.show_session(s)
        if s is None or not s.can_redo():
            self.broken = None  # nothing left to replay: no step to mark
        self.log.show_log(s, self.broken)
        self._enable_game_actions()
        if s is None:
            self.scene.set_stacks([])
            self.scene.set_targets([])
            self.scene.set_scene_field(None)
            self.scene.set_raised([])
            return
        self.scene.set_stacks(s.stacks())
        self.scene.set_raised(s.raised_drawbridges())
        turn = s.turn()
        self.scene.set_scene_field(turn.scene)
        if self.selected is not None:
            self.select(self.selected if s.actions_of(self.selected) else None)
        self.window.show_message(self.turn_panel.detail.text())
        if turn.terminal:
            self.show_result()
        self.computer.poke()

    def show_result(self) -> None:
        """The end dialog (not modal): the winners and the rule."""
        s = self.session
        res = s.result() if s is not None else None
        if res is None or self._result_shown == s.position_key():
            return
        self._result_shown = s.position_key()
        winners = ", ".join(seat_name(s, w) for w in res.winners)
        text = (ngettext("{winners} wins ({rule})", "{winners} win ({rule})", len(res.winners))
                if res.winners else _("The game is a draw ({rule})")).format(
                    winners=winners, rule=res.rule)
        if self.result_box is not None:
            self.result_box.close()
        box = QMessageBox(QMessageBox.Icon.Information, _("Game over"), text,
                          QMessageBox.StandardButton.Ok, self.window)
        box.setObjectName("play_result")
        box.setInformativeText(res.reason)
        box.setModal(False)
        box.show()
        self.result_box = box

    def view_ready(self) -> None:
        """Frame the view for a picture: the selection and its targets, else the board."""
        if self.selected is None:
            self.view.fit()
            return
        points = [self.scene.field_pos(f) for f in (self.selected, *self.groups)]
        xs = [p.x() for p in points if p is not None]
        ys = [p.y() for p in points if p is not None]
        r = self.scene.radius * 5
        area = QRectF(min(xs) - r, min(ys) - r, max(xs) - min(xs) + 2 * r,
                      max(ys) - min(ys) + 2 * r)
        self.view.auto_fit = False
        self.view.fitInView(area, Qt.AspectRatioMode.KeepAspectRatio)
        self.view.centerOn(area.center())

    # ---- command line ------------------------------------------------------------------------

    @classmethod
    def add_arguments(cls, parser: argparse._ActionsContainer) -> None:
        shared_option(parser, "--variant", metavar="V",
                      help=_("a variant (shipped name or house-rule file): --mode play "
                             "plays it"))
        parser.add_argument("--overlay", action="append", default=[], metavar="O",
                            help=_("--mode play: an overlay on the variant (repeatable)"))
        parser.add_argument("--select", metavar="FIELD",
                            help=_("--mode play: select the stack on FIELD (id or printed "
                                   "number) and show its targets"))
        parser.add_argument("--attempt", metavar="ACTION",
                            help=_("--mode play: try ACTION (engine notation, fields by id or "
                                   "printed number, e.g. 'E 40>44'): played when legal, else "
                                   "its refusal is shown"))

    def apply_arguments(self, args: argparse.Namespace) -> ArgumentProblem | None:
        """Start a game of --variant (else the start panel's choice) with the overlays, then
        select the stack on --select."""
        variant = args.variant or self.start_panel.choice()[0].variant
        findings = self.start_with(GameChoice(variant, list(args.overlay)))
        if findings:
            return ArgumentProblem(_("no game of {variant} starts on this board").format(
                variant=variant), findings=findings)
        problem = self.select_named(args.select) if args.select else None
        if problem:
            return ArgumentProblem(_("--select {field}: {problem}").format(
                field=args.select, problem=problem), usage=True)
        if getattr(args, "attempt", None):
            verdict = self.session.explain(args.attempt)
            if verdict.legal and verdict.view is not None:
                self.play_view(verdict.view)
            else:
                self.show_refusal(verdict)
        return None
