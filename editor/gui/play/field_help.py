"""Play mode's answers about fields: what the selected stack can do on a field or why not
(hover, tool tip, a refused click that may be recorded in the scenario), and the menus of
actions (right click, a target offering several kinds). A mixin of `PlayMode`, which owns the
state it reads (session, selection, targets, panels)."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QMenu, QToolTip

from editor.rules.action_view import ActionView
from editor.rules.session import PlaySession, TargetGroup, Verdict


def option_text(view: ActionView, session: PlaySession | None = None) -> str:
    """A menu line for one action: notation (fields by printed number), kind and AP cost."""
    text = session.show(view.full) if session is not None else view.full
    return f"{text}  ({view.kind.value.replace('_', ' ')}, {view.cost} AP)"


class FieldHelp:
    """Explanations, refusals and action menus of play mode (module docstring)."""

    session: PlaySession | None
    selected: str | None
    groups: dict[str, TargetGroup]
    last_refusal: Verdict | None
    hover_text: str
    chooser: QMenu | None
    _explained: dict[tuple[int, str, str], str]

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
            menu.addAction(f"… {len(views) - 60} more").setEnabled(False)
        if with_general and self.session is not None:
            menu.addSeparator()
            for view in self.session.general_actions():
                action = menu.addAction(option_text(view, self.session))
                action.triggered.connect(lambda _c=False, v=view: self.play_view(v))
        self.chooser = menu
        menu.popup(pos)
        return menu
