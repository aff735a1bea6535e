"""Computer seats in the play mode: each seat is a person or an agent (`editor.agents`) chosen
in the New game panel (`SeatsPanel`); `ComputerSeats` plays the agents' actions (their turns
and their answers in response windows) one at a time, visibly, with a short pause between
them, each chosen on a worker thread so the window never blocks. Stop pauses the computer (and
interrupts a running search), Undo my decision goes back to the position before the person's
last action, and Hint asks the search agent what it would play for whoever acts, and why."""

from __future__ import annotations

import random
from concurrent.futures import Future, ThreadPoolExecutor

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from editor.agents.base import Agent, agent_names, canonical, make_agent
from editor.agents.decision import Decision
from editor.i18n import N_, _
from editor.rules.session import PlaySession

PERSON = N_("person")
MAX_SEATS = 4  # the shipped variants have two or four seats; more are persons
STEP_DELAY_MS = 350  # pause between two computer actions, so a person can follow them


def computer_label(spec: str) -> str:
    return _("computer: {agent}").format(agent=spec)


class SeatsPanel(QGroupBox):
    """Who plays each seat (in turn order): a person or the computer with its agent."""

    seatsChanged = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Players"), parent)
        self.setObjectName("play_seats")
        self.form = QFormLayout(self)
        self.combos: list[QComboBox] = []
        self.labels: list[QLabel] = []
        specs = ["", *(n for n in agent_names() if n != "search")]
        for i in range(MAX_SEATS):
            combo = QComboBox(objectName=f"play_seat_{i}")
            for spec in specs:  # the item's data: the agent spec ("": a person)
                combo.addItem(computer_label(spec) if spec else _(PERSON), spec)
            combo.currentIndexChanged.connect(lambda _i: self.seatsChanged.emit())
            label = QLabel(_("seat {n}").format(n=i + 1))
            self.form.addRow(label, combo)
            self.combos.append(combo)
            self.labels.append(label)

    def relabel(self) -> None:
        """The choices in the current language (the language changed)."""
        for combo in self.combos:
            for i in range(combo.count()):
                spec = combo.itemData(i)
                combo.setItemText(i, computer_label(spec) if spec else _(PERSON))

    def set_seats(self, names: list[str]) -> None:
        """Name the rows after the game's seats; rows beyond them are hidden."""
        for i, (label, combo) in enumerate(zip(self.labels, self.combos, strict=True)):
            visible = i < len(names)
            label.setVisible(visible)
            combo.setVisible(visible)
            if visible:
                label.setText(names[i])

    def name_for_variant(self, variant: str | None, board) -> None:
        """Before a game: name the rows after the seats of the chosen variant (a shipped name
        or a house-rule file), as the board names them; unknown variants keep the rows."""
        from editor.model.variant import resolve_variant

        if not variant:
            return
        resolved = resolve_variant(variant).variant
        if resolved is None:
            return
        names = {s.id: s.name or s.id for s in board.seats}
        self.set_seats([names.get(s.id, s.id) for s in resolved.seats])

    def set_choice(self, index: int, spec: str | None) -> None:
        """Make seat `index` a person (None) or the computer with agent `spec`."""
        combo = self.combos[index]
        combo.setCurrentIndex(max(0, combo.findData("" if spec is None else canonical(spec))))

    def agents(self) -> dict[int, str]:
        """Seat index -> agent spec of the computer seats."""
        out = {}
        for i, combo in enumerate(self.combos):
            spec = combo.currentData()
            if spec:
                out[i] = spec
        return out


class ComputerPanel(QWidget):
    """Stop / resume the computer, undo to the person's last decision, a hint and its text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        row = QHBoxLayout()
        self.stop_button = QPushButton(_("Stop computer"), objectName="play_stop_computer")
        self.undo_button = QPushButton(_("Undo my decision"), objectName="play_undo_mine")
        self.hint_button = QPushButton(_("Hint"), objectName="play_hint")
        for b in (self.stop_button, self.undo_button, self.hint_button):
            row.addWidget(b)
        lay.addLayout(row)
        self.status = QLabel(wordWrap=True, objectName="play_computer_status")
        self.hint = QLabel(wordWrap=True, objectName="play_hint_text")
        for label in (self.status, self.hint):
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            lay.addWidget(label)
        lay.addStretch(1)


class ComputerSeats(QObject):
    """Plays the computer seats of the mode's session (module docstring). `mode` is the play
    mode: it has `session`, `stack` (the undo stack), `play_view` and `window`."""

    decided = Signal(object, object, object)  # (purpose, ticket, Decision or exception)

    def __init__(self, mode, seats: SeatsPanel, panel: ComputerPanel) -> None:
        super().__init__()
        self.mode = mode
        self.seats_panel = seats
        self.panel = panel
        self.agents: dict[int, Agent] = {}
        self.paused = False
        self.held = False  # another mode is shown: the computer waits
        self.ticket = 0  # counts up whenever a running decision is to be dropped
        self.by_computer: set[int] = set()  # indexes into session.played
        self.running: tuple[str, Agent, Future] | None = None
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="computer")
        self.timer = QTimer(self, singleShot=True, interval=STEP_DELAY_MS)
        self.timer.timeout.connect(self.step)
        self.decided.connect(self._decided)
        seats.seatsChanged.connect(self.seats_changed)
        panel.stop_button.clicked.connect(self.toggle_pause)
        panel.undo_button.clicked.connect(self.undo_my_decision)
        panel.hint_button.clicked.connect(self.hint)
        self._show_status()

    # ---- seats -------------------------------------------------------------------------------

    @property
    def session(self) -> PlaySession | None:
        return self.mode.session

    def new_game(self, seed: int) -> None:
        """A new session: fresh agents (seeded), nothing played by the computer yet."""
        self.interrupt()
        self.by_computer = set()
        self.paused = False
        self.seed = seed
        s = self.session
        if s is not None:
            from editor.gui.play.panels import seat_name

            self.seats_panel.set_seats([seat_name(s, x) for x in s.seats])
        self.seats_changed()

    def seats_changed(self) -> None:
        """(Re)make the agents of the computer seats; a seat taken over keeps nothing."""
        chosen = self.seats_panel.agents()
        seed = getattr(self, "seed", 1)
        self.agents = {i: make_agent(spec, random.Random(seed * 31 + i))
                       for i, spec in chosen.items()}
        self._show_status()
        self.poke()

    def is_computer(self, seat_index: int | None) -> bool:
        return seat_index is not None and seat_index in self.agents

    # ---- playing -----------------------------------------------------------------------------

    def poke(self) -> None:
        """After every change: when a computer seat acts, play its next action soon."""
        s = self.session
        if s is None or self.paused or self.held or self.running is not None or \
                s.state.is_terminal():
            return
        if s.can_redo():
            return  # stepping through undone actions or a scenario: the person leads
        if self.is_computer(s.state.actor_index) and not self.timer.isActive():
            self.timer.start()

    def step(self) -> None:
        s = self.session
        if s is None or self.paused or self.running is not None:
            return
        actor = s.state.actor_index
        if not self.is_computer(actor):
            return
        self._start("play", self.agents[actor])

    def _start(self, purpose: str, agent: Agent) -> None:
        s = self.session
        state = s.state.clone()
        ticket = (self.ticket, s.revision)
        agent.stop.clear()
        future = self.pool.submit(agent.decide, state)
        self.running = (purpose, agent, future)
        future.add_done_callback(
            lambda f: self.decided.emit(purpose, ticket, f.exception() or f.result()))
        self._show_status()

    def _decided(self, purpose: str, ticket: tuple[int, int],
                 decision: Decision | BaseException) -> None:
        self.running = None
        s = self.session
        if isinstance(decision, BaseException):
            self.panel.status.setText(_("The computer failed: {error}").format(error=decision))
            self.paused = True
            return
        if s is None or ticket != (self.ticket, s.revision):
            self.poke()
            return  # interrupted, or the position changed (undo, a new game): decide again
        if purpose == "hint":
            self.panel.hint.setText(self._explain(decision))
            self.poke()
            return
        if self.paused:
            self._show_status()
            return
        view = self.session.listed(decision.action)
        if view is None:
            self.panel.status.setText(_("The computer chose an action the game does not list"))
            self.paused = True
            return
        actor = s.state.actor_index
        who = f"{s.seats[actor]} ({self.agents[actor].name})"
        before = len(s.played)
        self.mode.play_view(view)
        self.by_computer.update(range(before, len(s.played)))
        self.panel.status.setText(_("{who} played {action}. {why}").format(
            who=who, action=view.full, why=decision.reason))
        self.poke()

    def _explain(self, decision: Decision) -> str:
        s = self.session
        view = s.listed(decision.action)
        text = view.full if view is not None else str(decision.action)
        terms = ", ".join(f"{k} {v:+.1f}" for k, v in decision.terms.items())
        return (_("Hint for {seat}: {action}. {why}").format(
            seat=s.state.actor, action=text, why=decision.reason)
                + (_(" (after the replies: {terms})").format(terms=terms) if terms else ""))

    # ---- stop, undo, hint --------------------------------------------------------------------

    def interrupt(self) -> None:
        """Stop a running search (its answer is dropped) and the pending step."""
        self.timer.stop()
        self.ticket += 1
        if self.running is not None:
            self.running[1].stop.set()

    def hold(self, held: bool) -> None:
        """Wait while another mode is shown (held), play on when the mode is back."""
        self.held = held
        if held:
            self.interrupt()
        else:
            self.poke()

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        if self.paused:
            self.interrupt()
        self._show_status()
        self.poke()

    def undo_my_decision(self) -> int:
        """Undo back to the position before the person's last action (the computer's
        actions after it are undone too); returns the number of actions undone."""
        s, stack = self.session, self.mode.stack
        if s is None:
            return 0
        self.interrupt()
        undone = 0
        while stack.canUndo():
            last = len(s.played) - 1
            stack.undo()
            undone += 1
            if last not in self.by_computer:
                break
        self.by_computer = {i for i in self.by_computer if i < len(s.played)}
        self.seats_changed()  # fresh plans for the position
        return undone

    def hint(self) -> None:
        """What the search agent would play for whoever acts now (its evaluation, why)."""
        s = self.session
        if s is None or s.state.is_terminal():
            return
        if self.running is not None:
            self.panel.hint.setText(_("The computer is thinking; ask again in a moment"))
            return
        self.panel.hint.setText(_("Thinking…"))
        self._start("hint", make_agent("search", random.Random(s.revision)))

    def _show_status(self) -> None:
        s = getattr(self.mode, "session", None)
        game_on = s is not None and not s.state.is_terminal()
        for button in (self.panel.stop_button, self.panel.undo_button, self.panel.hint_button):
            button.setEnabled(game_on)
        if self.running is not None and self.running[0] == "play":
            text = _("The computer ({agent}) is thinking…").format(agent=self.running[1].name)
        elif self.paused:
            text = _("The computer is stopped: Resume to let it play its seats")
        elif self.agents:
            text = _("The computer plays {seats}").format(seats=", ".join(
                f"{self.seats_panel.labels[i].text()} ({a.name})"
                for i, a in sorted(self.agents.items())))
        else:
            text = _("Every seat is played by a person")
        self.panel.stop_button.setText(_("Resume computer") if self.paused
                                       else _("Stop computer"))
        self.panel.status.setText(text)

    def shutdown(self) -> None:
        self.interrupt()
        self.pool.shutdown(wait=True, cancel_futures=True)
