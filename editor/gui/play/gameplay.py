"""Play mode's moves: selecting a stack and its targets, playing an action (a click, a menu),
refusals explained (a click, a hover), random play and stepping through the game's undo stack.

`GamePlay` is a part of `PlayMode` (`play/mode.py`): it uses the mode's session, scene, view,
panels, undo stack and `window` (the `Shell`), and `refresh` after every change.
"""

from __future__ import annotations

import random

from PySide6.QtCore import QPoint
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QMenu, QToolTip

from editor.gui.play.commands import GameStep
from editor.gui.play.panels import seat_name
from editor.gui.play.review import broken_step
from editor.i18n import _
from editor.model.terms import kind_name
from editor.rules.action_view import ActionView, Kind
from editor.rules.session import PlaySession, TargetGroup, Verdict


def option_text(view: ActionView, session: PlaySession | None = None) -> str:
    """A menu line for one action: notation (fields by printed number), kind and AP cost."""
    text = session.show(view.full) if session is not None else view.full
    return _("{action}  ({kind}, {cost} AP)").format(action=text, kind=kind_name(view.kind),
                                                      cost=view.cost)


class GamePlay:
    """Selecting and playing (a part of `PlayMode`)."""

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
            return _("no game is running")
        resolved = self.session.names.resolve(name)
        if resolved.field is None:
            problem = resolved.problem or _("no field named '{name}'").format(name=name)
            self.window.show_message(problem)
            return problem
        self.select(resolved.field)
        if self.selected is not None:
            return None
        label = self.session.names.label(resolved.field)
        return (_("field {field} has no stack").format(field=label)
                if self.session.stack_at(resolved.field) is None
                else _("the stack on field {field} has no legal action now").format(field=label))

    def click(self, field: str) -> None:
        """A left click: play a target, select a stack, or explain a refused attempt."""
        s = self.session
        if s is None or not field:
            self.select(None)
            return
        if self.computer.is_computer(s.state.actor_index) and not self.computer.paused:
            self.window.show_message(_("The computer plays this seat: wait, or Stop "
                                       "computer"))
            return
        group = self.groups.get(field)
        if group is not None:
            self.play_group(group)
            return
        if field == self.selected or s.actions_of(field):
            # a click on the selected stack keeps it selected and says its targets again
            self.select(field)
            stack = s.stack_at(field)
            self.window.show_message(_(
                "{seat} {pieces} on {field}: {n} target field(s); hover over a field to ask "
                "why not, Esc to deselect").format(
                    seat=seat_name(s, stack.owner) if stack else "",
                    pieces=stack.letters if stack else "", field=s.names.label(field),
                    n=len(self.groups)).strip())
            return
        if self.selected is not None and field != self.selected:
            self.attempt(self.selected, field)
            return
        self.select(None)
        stack = s.stack_at(field)
        if stack is not None:
            self.window.show_message(_(
                "{seat} {pieces} on {field}: no legal action now ({actor} acts)").format(
                    seat=seat_name(s, stack.owner), pieces=stack.letters,
                    field=s.names.label(field), actor=seat_name(s, s.turn().actor)))

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
            self.window.show_message(_("{kind} is not possible now").format(
                kind=kind_name(kind)))
            return False
        return bool(self.play_view(view))

    # ---- refusals and hover ----------------------------------------------------------------

    def explain_field(self, source: str, target: str) -> str:
        """Why `target` is or is not reachable by the stack on `source` (cached per
        position)."""
        s = self.session
        key = (s.revision, source, target)
        if key not in self._explained:
            why = s.explain_target(source, target)
            group = self.groups.get(target)
            if group is not None and (why.direct is None or why.direct.legal):
                text = "; ".join(option_text(o, s) for o in group.options)
            else:  # refused, or refused directly but reachable by a detour: say both
                text = str(why)
            self._explained[key] = text
        return self._explained[key]

    def attempt(self, source: str, target: str) -> None:
        """A click on a field the selected stack cannot reach: say why, offer to record it."""
        s = self.session
        why = s.explain_target(source, target)
        verdict = why.direct
        if verdict is None:
            stack = s.stack_at(source)
            letter = stack.top.letter if stack else "?"
            verdict = s.explain(f"{letter} {source}>{target}")
        if verdict.legal:
            self.window.show_message(str(why))
            return
        self.show_refusal(verdict, str(why))

    def show_refusal(self, verdict: Verdict, text: str | None = None) -> None:
        self.last_refusal = verdict
        self.turn_panel.show_refusal(verdict)
        self.hover_text = text or str(verdict.reason)
        self.window.show_message(self.hover_text)

    def record_refusal(self) -> None:
        """Keep the last refusal as an expected-illegal step of the saved scenario."""
        if self.session is None or self.last_refusal is None:
            return
        self.session.record(self.last_refusal)
        self.turn_panel.show_refusal(self.last_refusal, recorded=True)
        self.last_refusal = None
        self.log.show_log(self.session)

    def hover(self, field: str) -> None:
        """Explain the field under the cursor for the selected stack (status bar, tip)."""
        if self.session is None or self.selected is None or not field or \
                field == self.selected:
            self.hover_text = ""
            QToolTip.hideText()
            return
        self.hover_text = self.explain_field(self.selected, field)
        self.window.show_message(self.hover_text)
        tip = self.scene.tooltip(("field", field))
        QToolTip.showText(QCursor.pos(), tip, self.view)

    def field_explanation(self, field: str) -> str:
        """What the selected stack can do on `field`, or why not (the field's tool tip adds
        it under the field's own lines; empty when nothing is selected)."""
        if self.session is None or self.selected is None or field == self.selected:
            return ""
        return self.explain_field(self.selected, field)

    # ---- menus ------------------------------------------------------------------------------

    def context_menu(self, field: str, pos: QPoint) -> None:
        """Right click: every legal action of the stack on the field (or the selected
        stack's actions to that field), then the turn words."""
        s = self.session
        if s is None:
            return
        if self.selected and field in self.groups:
            views = list(self.groups[field].options)
        else:
            views = s.actions_of(field) if field else []
        self.popup(views, pos, with_general=True)

    def popup(self, views: list[ActionView], pos: QPoint, with_general: bool) -> QMenu:
        """A menu of actions (not blocking: it stays open until one is chosen)."""
        if self.chooser is not None:
            self.chooser.close()
        menu = QMenu(self.view)
        menu.setObjectName("play_actions")
        for view in views[:60]:
            action = menu.addAction(option_text(view, self.session))
            action.triggered.connect(lambda _c=False, v=view: self.play_view(v))
        if len(views) > 60:
            menu.addAction(_("… {n} more").format(n=len(views) - 60)).setEnabled(False)
        if with_general and self.session is not None:
            menu.addSeparator()
            for view in self.session.general_actions():
                action = menu.addAction(option_text(view, self.session))
                action.triggered.connect(lambda _c=False, v=view: self.play_view(v))
        self.chooser = menu
        menu.popup(pos)
        return menu

    # ---- random play and stepping ------------------------------------------------------------

    def random_move(self) -> None:
        s = self.session
        if s is None:
            return
        before = len(s.played)
        if s.random_move(self.rng) is None:
            self.window.show_message(_("No move: the game is over"))
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
