"""The play mode's side panel (whose action, AP, budgets and penalties, the response window,
the turn buttons, random play, stepping, the last refusal) and its game log."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor.gui.play.review import Broken
from editor.gui.shell.rules_panel import link_rules, linkable_label
from editor.rules.action_view import Kind
from editor.rules.session import LogRow, PlaySession, Verdict

#: turn buttons: (object name, text, the kind of general action they play)
TURN_BUTTONS = (("end_turn", "&End turn", Kind.END), ("decline", "&Decline", Kind.DECLINE),
                ("offer_draw", "Offer dra&w", Kind.OFFER_DRAW),
                ("accept_draw", "Accept draw", Kind.ACCEPT_DRAW),
                ("reject_draw", "Reject draw", Kind.REJECT_DRAW),
                ("resign", "Resign", Kind.RESIGN))


def seat_name(session: PlaySession, seat: str | None) -> str:
    if seat is None:
        return "nobody"
    return next((s.name for s in session.board.seats if s.id == seat), seat) or seat


def turn_headline(session: PlaySession) -> tuple[str, str]:
    """(who acts, what they may do) for the panel's headline."""
    turn = session.turn()
    if turn.terminal:
        res = session.result()
        won = ", ".join(seat_name(session, w) for w in res.winners) if res else ""
        return "Game over", (f"{won} won ({res.rule})" if res and res.winners else
                             f"a draw ({res.rule})" if res else "")
    actor = seat_name(session, turn.actor)
    if turn.role == "victim":
        return (f"{actor} may answer",
                f"{actor} may answer the capture on {session.names.name(turn.scene)}: pick a piece "
                "or Decline (RECAP-1)")
    if turn.role == "draw_offer":
        return f"{actor} answers", f"{seat_name(session, turn.to_move)} offers a draw: accept "\
            "or reject (WIN-4)"
    return f"{actor} to move", f"turn {turn.turn + 1}: click a stack to see its targets"


class TurnPanel(QWidget):
    generalRequested = Signal(object)  # Kind
    ruleRequested = Signal(str)  # a rule ID clicked in the refusal
    randomMove = Signal()
    randomTurns = Signal(int, int)  # turns, seed
    stepBack = Signal()
    stepForward = Signal()
    toEnd = Signal()
    recordRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.headline = QLabel("No game", objectName="play_headline")
        font = QFont(self.headline.font())
        font.setPointSizeF(font.pointSizeF() * 1.35)
        font.setBold(True)
        self.headline.setFont(font)
        self.detail = QLabel(wordWrap=True, objectName="play_detail")
        self.ap = QLabel(objectName="play_ap")
        self.budgets = QLabel(wordWrap=True, objectName="play_budgets")
        for w in (self.headline, self.detail, self.ap, self.budgets):
            w.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            lay.addWidget(w)
        grid = QGridLayout()
        self.buttons: dict[Kind, QPushButton] = {}
        for i, (name, text, kind) in enumerate(TURN_BUTTONS):
            button = QPushButton(text, objectName=name)
            button.clicked.connect(lambda _c=False, k=kind: self.generalRequested.emit(k))
            grid.addWidget(button, i // 2, i % 2)
            self.buttons[kind] = button
        lay.addLayout(grid)
        lay.addWidget(self._random_box())
        lay.addWidget(self._step_box())
        self.refusal = linkable_label("play_refusal", self.ruleRequested.emit)
        self.refusal.setStyleSheet("color: #b00020")
        self.record = QPushButton("Record as expected-illegal step", objectName="record")
        self.record.clicked.connect(self.recordRequested.emit)
        lay.addWidget(self.refusal)
        lay.addWidget(self.record)
        lay.addStretch(1)
        self.show_refusal(None)

    def _random_box(self) -> QGroupBox:
        box = QGroupBox("Random play")
        row = QHBoxLayout(box)
        move = QPushButton("Random &move", objectName="random_move")
        move.clicked.connect(self.randomMove.emit)
        self.turns = QSpinBox(objectName="random_turns", minimum=1, maximum=500, value=4)
        self.seed = QSpinBox(objectName="random_seed", minimum=0, maximum=999_999, value=1)
        self.turns.setPrefix("turns ")
        self.seed.setPrefix("seed ")
        play = QPushButton("Play", objectName="random_play")
        play.setToolTip("Play N random turns with this seed (the same seed gives the same game)")
        play.clicked.connect(lambda: self.randomTurns.emit(self.turns.value(),
                                                           self.seed.value()))
        for w in (move, self.turns, self.seed, play):
            row.addWidget(w)
        return box

    def _step_box(self) -> QGroupBox:
        box = QGroupBox("Steps")
        row = QHBoxLayout(box)
        for name, text, signal in (("step_back", "◀ Back", self.stepBack),
                                   ("step_forward", "Forward ▶", self.stepForward),
                                   ("to_end", "To end ▶▶", self.toEnd)):
            button = QPushButton(text, objectName=name)
            button.clicked.connect(signal.emit)
            row.addWidget(button)
            setattr(self, name, button)
        return box

    def show_broken(self, text: str) -> None:
        """A scenario step whose expected verdict no longer holds (replay review)."""
        self.refusal.setText(link_rules(f"⚠ {text}"))
        self.record.hide()

    def show_session(self, session: PlaySession | None) -> None:
        if session is None:
            self.headline.setText("No game")
            self.detail.setText("Choose a variant and press Start game, or open a scenario.")
            self.ap.setText("")
            self.budgets.setText("")
            for button in (*self.buttons.values(), self.step_back, self.step_forward,
                           self.to_end):
                button.setEnabled(False)
            return
        head, detail = turn_headline(session)
        self.headline.setText(head)
        self.detail.setText(detail)
        turn = session.turn()
        mover = next((b for b in turn.budgets if b.seat == turn.to_move), None)
        self.ap.setText("" if turn.terminal or mover is None else
                        f"{seat_name(session, turn.to_move)}: {turn.ap_left} AP left of "
                        f"{mover.budget}")
        self.budgets.setText("\n".join(str(b) for b in turn.budgets))
        kinds = {v.kind for v in session.general_actions()} if not turn.terminal else set()
        for kind, button in self.buttons.items():
            button.setEnabled(kind in kinds)
        self.step_back.setEnabled(session.can_undo())
        self.step_forward.setEnabled(session.can_redo())
        self.to_end.setEnabled(session.can_redo())

    def show_refusal(self, verdict: Verdict | None, recorded: bool = False) -> None:
        if verdict is None or verdict.legal:
            self.refusal.setText("")
            self.record.hide()
            return
        self.refusal.setText(link_rules(
            f"Refused: {verdict.shown}\n{verdict.reason}"
            + ("\n(recorded as an expected-illegal step)" if recorded else "")))
        self.record.setVisible(not recorded)


class LogPanel(QListWidget):
    """The game log: engine notation (and puzzle-book notation where it applies); a click
    shows the position after that line."""

    rowChosen = Signal(int)  # the `played` count to show
    reasonShown = Signal(str)  # the reason of a clicked refusal or broken step

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("play_log")
        self.rows: list[LogRow] = []
        self.itemClicked.connect(self._clicked)

    def _clicked(self, item: QListWidgetItem) -> None:
        reason = item.toolTip()  # read first: going to the position rebuilds the list
        self.rowChosen.emit(self.rows[self.row(item)].played)
        if reason:  # a refusal or a broken step: its reason (rule linked) is shown
            self.reasonShown.emit(reason)

    def show_log(self, session: PlaySession | None, broken: Broken | None = None) -> None:
        """The log; `broken` marks the step whose expected verdict no longer holds."""
        self.clear()
        self.rows = session.log() if session is not None else []
        n = 0
        for row in self.rows:
            text = row.text
            if row.puzzle and row.puzzle != row.text:
                text += f"    [{row.puzzle}]"
            if row.refused is not None:
                text = f"   ✗ {text}  — {row.refused.code} ({row.refused.rule})"
            else:
                n += 1
                who = seat_name(session, row.actor) if row.actor else ""
                text = f"{n:3d}. {who:<6} {text}"
            item = QListWidgetItem(text)
            if broken is not None and broken.row == self.count():
                item.setText(f"⚠ {text.strip()}  — no longer holds")
                item.setToolTip(broken.text)
                item.setForeground(QBrush(QColor("#b00020")))
                item.setBackground(QBrush(QColor("#fde7e9")))
            elif row.future:
                item.setForeground(QBrush(QColor("#8a8a8a")))
            elif row.refused is not None:
                item.setForeground(QBrush(QColor("#b00020")))
                item.setToolTip(f"Refused: {row.text}: {row.refused}")
            self.addItem(item)
        current = max((i for i, r in enumerate(self.rows) if not r.future), default=-1)
        if broken is not None and broken.row < self.count():
            current = broken.row
        if current >= 0:
            self.setCurrentRow(current)
            self.scrollToItem(self.item(current))
