"""Play mode: test play on the board being traced, with any variant.

The game is a `PlaySession` (editor/rules) on a snapshot of the board: play never changes the
board document, and leaving the mode returns to tracing with the board intact. The centre is a
read-only drawing of the session's board with its pieces (`editor.gui.play.scene`); a click on a
stack shows its targets with their AP cost, a click on a target plays it, a hover over a field
it cannot reach says why (`explain_target`). Docks: the start panel (variant, overlays, options,
setup; scenarios; the findings that keep a board from starting a game), the turn panel and the
game log. Undo and redo act on the game through the mode's own undo stack.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QMenu, QMessageBox, QToolTip

from editor.gui.play.commands import GameStep
from editor.gui.play.computer import ComputerPanel, ComputerSeats, SeatsPanel
from editor.gui.play.field_help import FieldHelp
from editor.gui.play.panels import LogPanel, TurnPanel, seat_name
from editor.gui.play.review import Broken, broken_step
from editor.gui.play.scene import PlayScene
from editor.gui.play.start_panel import GameChoice, StartPanel
from editor.gui.play.view import PlayView
from editor.gui.shell import dialogs
from editor.gui.shell.mode import Mode, Shell
from editor.model.findings import Finding
from editor.rules import session_io
from editor.rules.action_view import ActionView, Kind
from editor.rules.session import PlaySession, SessionSource, TargetGroup, Verdict

SCENARIO_FILTER = "Conquest scenarios (*.scenario.json *.json);;All files (*)"
VARIANT_FILTER = dialogs.VARIANT_FILTER


class PlayMode(FieldHelp, Mode):
    name = "play"
    title = "&Play"
    tip = "Test play: play the board with any variant, see every legal move and why not"
    history_start = "<game start>"

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
        self.start_dock = self.add_dock("New game", "play_start_dock", self.start_panel,
                                        Qt.DockWidgetArea.LeftDockWidgetArea)
        self.turn_dock = self.add_dock("Turn", "play_turn_dock", self.turn_panel)
        self.log_dock = self.add_dock("Game log", "play_log_dock", self.log)
        self.computer_dock = self.add_dock("Computer", "play_computer_dock",
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
        menu = self.add_menu("&Game")
        bar = self.add_toolbar("Play", "play_tools")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        items = (
            ("&Start game", self.start_game, "Ctrl+Shift+N", True),
            ("&Open scenario…", self.open_scenario, None, True),
            ("Save as &scenario…", self.save_scenario, None, True),
            (None, None, None, False),
            ("&End turn", lambda: self.play_general(Kind.END), "Ctrl+E", True),
            ("&Decline", lambda: self.play_general(Kind.DECLINE), None, True),
            ("Offer dra&w", lambda: self.play_general(Kind.OFFER_DRAW), None, False),
            ("&Resign", lambda: self.play_general(Kind.RESIGN), None, False),
            (None, None, None, False),
            ("Random &move", self.random_move, "Ctrl+R", True),
            ("Step &back", self.step_back, None, False),
            ("Step &forward", self.step_forward, None, False),
        )
        self.actions = {}
        for text, slot, key, on_bar in items:
            if text is None:
                menu.addSeparator()
                continue
            action = self.add_action(text, slot, key, menu=menu)
            self.actions[text.replace("&", "")] = action
            if on_bar:
                bar.addAction(action)
        self.add_action("&Fit to window", self.view.fit, "Ctrl+0", menu="view")

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
                "The board changed since this game started; the game goes on with the board "
                "as it was. Start game to play the board as it is now.")
        self.view.setFocus()
        self.computer.hold(False)

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

    def variant_to_pack(self) -> tuple[str, list[str], object] | None:
        """The game being played: its variant reference, overlays and resolved variant (with
        the option overrides), packed by File > Export game package."""
        if self.session is None:
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
                findings, f"No game: the board lacks what {choice.variant} needs. Click a "
                "finding to go to the board." if pair else
                f"No game: {choice.variant} cannot be used as given:")
            return findings
        self.start_panel.show_findings([], f"Playing {choice.variant}"
                                       + "".join(f" + {o}" for o in choice.overlays))
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
        path = dialogs.get_open_path(self.window, "Open a house-rule file", VARIANT_FILTER)
        self.start_panel.set_house_rule(path)

    def open_scenario(self, path: str | None = None) -> bool:
        """Open a scenario: its position, with its steps waiting (Step forward / To end)."""
        path = path or dialogs.get_open_path(self.window, "Open scenario", SCENARIO_FILTER)
        if not path:
            return False
        session, findings = session_io.load(path)
        if session is None:
            self.start_panel.show_findings(findings, f"Cannot open {path}:")
            return False
        self.start_panel.show_findings([], f"Scenario: {session.source.name or path}")
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
            self.window.show_message("No game to save: start one first")
            return False
        path = dialogs.get_save_path(self.window, "Save as scenario", SCENARIO_FILTER)
        if not path:
            return False
        try:
            session_io.save(self.session, path)
        except OSError as exc:
            dialogs.show_error(self.window, "Cannot save the scenario", str(exc))
            return False
        self.window.show_message(f"Saved the game as {path} ({len(self.session.history)} "
                                 "steps)")
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
        text = (f"{winners} {'wins' if len(res.winners) == 1 else 'win'} ({res.rule})"
                if res.winners else f"The game is a draw ({res.rule})")
        if self.result_box is not None:
            self.result_box.close()
        box = QMessageBox(QMessageBox.Icon.Information, "Game over", text,
                          QMessageBox.StandardButton.Ok, self.window)
        box.setObjectName("play_result")
        box.setInformativeText(res.reason)
        box.setModal(False)
        box.show()
        self.result_box = box

    # ---- selecting and playing -------------------------------------------------------------

    def select(self, field: str | None) -> None:
        """Select the stack (or tower) on a field and mark its targets; None clears."""
        s = self.session
        groups = s.targets(field) if s is not None and field else []
        self.selected = field if groups or (s is not None and field and s.actions_of(field))\
            else None
        self.groups = {g.field: g for g in groups}
        self.scene.set_selected(self.selected)
        self.scene.set_targets(groups)

    def select_named(self, name: str) -> str | None:
        """Select the stack on a field named by id or printed number (`--select`); None when
        selected, else why not (no such field, or no stack that can act there)."""
        if self.session is None:
            return "no game is running"
        resolved = self.session.names.resolve(name)
        if resolved.field is None:
            problem = resolved.problem or f"no field named '{name}'"
            self.window.show_message(problem)
            return problem
        self.select(resolved.field)
        if self.selected is not None:
            return None
        label = self.session.names.label(resolved.field)
        return (f"field {label} has no stack" if self.session.stack_at(resolved.field) is None
                else f"the stack on field {label} has no legal action now")

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

    def click(self, field: str) -> None:
        """A left click: play a target, select a stack, or explain a refused attempt."""
        s = self.session
        if s is None or not field:
            self.select(None)
            return
        if self.computer.is_computer(s.state.actor_index) and not self.computer.paused:
            self.window.show_message("The computer plays this seat: wait, or Stop computer")
            return
        group = self.groups.get(field)
        if group is not None:
            self.play_group(group)
            return
        if field == self.selected or s.actions_of(field):
            # a click on the selected stack keeps it selected and says its targets again
            self.select(field)
            stack = s.stack_at(field)
            owner = seat_name(s, stack.owner) + " " if stack else ""
            self.window.show_message(
                f"{owner}{stack.letters if stack else ''} on {s.names.label(field)}: "
                f"{len(self.groups)} target field(s); hover over a field to ask why not, "
                "Esc to deselect")
            return
        if self.selected is not None and field != self.selected:
            self.attempt(self.selected, field)
            return
        self.select(None)
        stack = s.stack_at(field)
        if stack is not None:
            self.window.show_message(
                f"{seat_name(s, stack.owner)} {stack.letters} on {s.names.label(field)}: no "
                f"legal action now ({seat_name(s, s.turn().actor)} acts)")

    def play_group(self, group: TargetGroup) -> None:
        """Play a target's first (cheapest) action; when the target offers different kinds
        (move or build...) a menu asks which. The rest (a rider alone, a capture that ends
        the turn) are in the right-click menu."""
        if len(group.kinds) == 1:
            self.play_view(group.options[0])
            return
        pos = self.view.viewport().mapToGlobal(
            self.view.mapFromScene(self.scene.field_pos(group.field)))
        self.popup(list(group.options), pos, with_general=False)

    def play_view(self, view: ActionView) -> Verdict | None:
        """Play one action; a refusal is shown (and may be recorded)."""
        s = self.session
        if s is None:
            return None
        before = len(s.played)
        verdict = s.play(view)
        if not verdict.legal:
            self.show_refusal(verdict)
            return verdict
        self.last_refusal = None
        self.turn_panel.show_refusal(None)
        self.push_played(before)
        return verdict

    def push_played(self, before: int) -> None:
        """Push one undo command per action played since `before`, then redraw once."""
        s = self.session
        self._batch = True
        try:
            for i in range(before, len(s.played)):
                self.stack.push(GameStep(s, i, i + 1, s.show(s.played[i].short), self.refresh))
        finally:
            self._batch = False
        self._explained = {}
        self.refresh()

    def play_general(self, kind: Kind) -> bool:
        """End turn, decline, offer/accept/reject a draw, resign."""
        s = self.session
        view = next((v for v in s.general_actions() if v.kind is kind), None) if s else None
        if view is None:
            self.window.show_message(f"{kind.value.replace('_', ' ')} is not possible now")
            return False
        return bool(self.play_view(view))

    # ---- random play and stepping ------------------------------------------------------------

    def random_move(self) -> None:
        s = self.session
        if s is None:
            return
        before = len(s.played)
        if s.random_move(self.rng) is None:
            self.window.show_message("No move: the game is over")
        self.push_played(before)

    def random_turns(self, turns: int, seed: int) -> int:
        """Play `turns` random turns with a seed (same seed, same game); returns actions."""
        s = self.session
        if s is None:
            return 0
        before = len(s.played)
        n = s.play_random_turns(turns, seed)
        self.rng = random.Random(seed)
        self.push_played(before)
        return n

    def step_back(self) -> None:
        if self.stack.canUndo():
            self.stack.undo()

    def step_forward(self) -> bool:
        """Redo the next step: an undone action, or a scenario's next step."""
        s = self.session
        if s is None:
            return False
        if self.stack.canRedo():
            self.stack.redo()
            return True
        if not s.can_redo():
            return False
        before, entries = len(s.played), len(s.history)
        verdict = s.redo()
        if len(s.history) == entries:  # the expected verdict no longer holds: show it there
            self.broken = broken_step(entries, s.pending[0], verdict)
            self.turn_panel.show_broken(self.broken.text)
            self.log.show_log(s, self.broken)
            self.window.show_message(self.broken.text)
            return False
        self.push_played(before)
        return True

    def to_end(self) -> None:
        while self.step_forward():
            pass

    def show_played(self, played: int) -> None:
        """Show the position after `played` actions (a log line clicked)."""
        if self.session is None:
            return
        if played == 0:
            self.stack.setIndex(0)
            return
        for i in range(self.stack.count()):
            if self.stack.command(i).after == played:
                self.stack.setIndex(i + 1)
                return
        self.stack.setIndex(self.stack.count())
        while len(self.session.played) < played and self.step_forward():
            pass
