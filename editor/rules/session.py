"""A play session: one game on a snapshot of a board, for test play (no Qt).

`PlaySession` is everything the play mode and `conquest why` need, as plain methods and
properties: the stacks to draw, whose turn it is and why the budgets are what they are, the legal
actions of one stack grouped by target field (kind, AP cost, path), the explanation of any
attempted action, the history in engine and puzzle-book notation with undo, redo and "show that
position", random moves, the result, and writing the game as a `conquest-scenario/1` file
(`editor.rules.session_io`). The board and variant are deep copies: play never changes the
document being edited.

Actions are the engine's values; the session reads them only through the engine's description
of each (`State.description`: kind, piece, fields, path, cost; `editor.rules.action_view`), never
by reading their notation back. Notation is made for the log, the menus and scenario files.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Literal

from editor.engine import explain as X
from editor.engine.actions import Description
from editor.engine.explain import Reason
from editor.engine.game import Game, State
from editor.engine.playout import random_action
from editor.engine.position_key import position_key
from editor.model.board import Board
from editor.model.names import FieldNames
from editor.model.scenario import Position
from editor.model.variant import Variant
from editor.rules.action_view import ActionView, Kind, view_of
from editor.rules.notation import exact_text, parse_or_reason, parse_puzzle
from editor.rules.position_view import (
    StackView,
    explain_single_step,
    raised_towers,
    response_scene,
    seat_ids,
    stack_at,
    stacks,
    turn_number,
)
from editor.rules.puzzle_text import puzzle_text

Role = Literal["mover", "victim", "draw_offer"]
_RULE_ID = re.compile(r"^([A-Z]+(?:-[A-Z]+)*-\d+[a-z]?)")


@dataclass
class SessionSource:
    """Where the board and the rules came from, so a saved scenario can name them."""

    board_path: str | None = None  # None: the board is written inline
    variant: str = ""  # shipped variant name or path (a house-rule file)
    overlays: tuple[str, ...] = ()
    options: dict[str, object] = field(default_factory=dict)
    base: str | None = None  # folder relative refs are read from (None: current folder)
    name: str = ""  # a loaded scenario's name and description
    description: str = ""
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Played:
    """A played action of the history."""

    text: str  # engine notation with the whole path and piece numbers (replays exactly)
    short: str  # engine notation as players write it (destination form)
    puzzle: str | None  # puzzle-book notation where it applies (RULES.md 5.9)
    actor: str
    kind: Kind
    cost: int
    action: object = field(compare=False, repr=False)


@dataclass(frozen=True)
class Refused:
    """An attempt the tester chose to record: becomes an expected-illegal scenario step."""

    text: str
    reason: Reason
    actor: str | None


Entry = Played | Refused


@dataclass(frozen=True)
class Pending:
    """A step waiting to be replayed (redo, or the rest of a loaded scenario)."""

    text: str
    notation: Literal["engine", "puzzle"] = "engine"
    expect: Literal["legal", "illegal"] = "legal"
    reason: str | None = None


@dataclass(frozen=True)
class LogRow:
    """One line of the game log: a step of the history, or one still to come (redo)."""

    text: str  # engine notation as people read it (fields by printed number)
    puzzle: str | None  # puzzle-book notation where it applies
    actor: str | None
    refused: Reason | None  # a recorded refusal (an expected-illegal step)
    future: bool  # after the position shown (undone, or a scenario step not replayed yet)
    played: int  # `goto(played)` shows the position after this line


@dataclass(frozen=True)
class Verdict:
    """The answer to an attempted action: legal (with its view) or why not."""

    text: str  # what was asked, with printed numbers replaced by field ids
    view: ActionView | None  # the action (when the text names one)
    reason: Reason | None  # None = legal
    names: FieldNames | None = field(default=None, compare=False, repr=False)

    @property
    def legal(self) -> bool:
        return self.reason is None

    @property
    def shown(self) -> str:
        """What was asked, as people read it (fields by printed number)."""
        return _show(self.names, self.text)

    def __str__(self) -> str:
        if self.reason is None and self.view is not None:
            path = ">".join(_show_field(self.names, f) for f in self.view.path)
            return (f"legal: {_show(self.names, self.view.full)} ({self.view.kind}, "
                    f"{self.view.cost} AP" + (f", path {path}" if len(self.view.path) > 1
                                              else "") + ")")
        return f"illegal: {self.reason}"


def _show(names: FieldNames | None, text: str) -> str:
    return names.show(text) if names is not None else text


def _show_field(names: FieldNames | None, field_id: str) -> str:
    return names.name(field_id) if names is not None else field_id


@dataclass(frozen=True)
class TargetGroup:
    """The legal actions of a stack that go to one field, cheapest first."""

    field: str
    options: tuple[ActionView, ...]

    @property
    def cost(self) -> int:
        return self.options[0].cost

    @property
    def kinds(self) -> frozenset[Kind]:
        return frozenset(o.kind for o in self.options)


@dataclass(frozen=True)
class TargetExplanation:
    """Why a field is or is not a target of a stack: its options, and the refusal of the direct
    step (also when the field is reachable by a detour, e.g. a one-way road, OBST-1)."""

    source: str
    target: str
    options: tuple[ActionView, ...]
    direct: Verdict | None  # the single step source>target, when the fields are neighbours
    names: FieldNames | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        parts = []
        source, target = _show_field(self.names, self.source), _show_field(self.names,
                                                                           self.target)
        if self.direct is not None and not self.direct.legal:
            parts.append(f"direct {source}>{target}: {self.direct.reason}")
        if self.options:
            best = self.options[0]
            parts.append(f"reachable: {_show(self.names, best.full)} ({best.cost} AP)")
        return "; ".join(parts) or f"no action of {source} reaches {target}"


@dataclass(frozen=True)
class BudgetInfo:
    """A seat's budget now and why (TURN-9, CASTLE-2, GRAIL-4, FREEZE-1)."""

    seat: str
    budget: int
    castle_fields_lost: int  # own capital fields held by opponents
    grail_fields_lost: int  # grail fields held by opponents
    penalty: int  # AP taken off by those fields
    frozen: bool

    def __str__(self) -> str:
        if self.frozen:
            return (f"{self.seat}: frozen, 0 AP (FREEZE-1: opponents hold "
                    f"{self.castle_fields_lost} capital and {self.grail_fields_lost} grail fields)")
        why = []
        if self.castle_fields_lost:
            why.append(f"{self.castle_fields_lost} capital field(s) lost, CASTLE-2")
        if self.grail_fields_lost:
            why.append(f"{self.grail_fields_lost} grail field(s) held by opponents, GRAIL-4")
        return f"{self.seat}: {self.budget} AP" + (
            f" (-{self.penalty}: {'; '.join(why)})" if why else "")


@dataclass(frozen=True)
class TurnInfo:
    """Whose action it is and with what."""

    to_move: str
    actor: str | None  # None when the game is over
    role: Role | None  # mover, victim in a response window, opponent answering a draw offer
    ap_left: int  # of the mover's budget this turn
    budgets: tuple[BudgetInfo, ...]
    scene: str | None  # field of the capture a response window answers (RECAP-1)
    capturer: StackView | None
    turn: int
    terminal: bool


@dataclass(frozen=True)
class ResultInfo:
    winners: tuple[str, ...]  # empty: a draw
    rule: str | None  # victory rule ID, e.g. WIN-1
    reason: str
    scores: dict[str, int]


def _what_it_does(d: Description) -> tuple:
    """A description without the acting piece and its path: what identical riders share."""
    return d.kind, d.letter, d.source, d.target, d.ends_turn, d.built, d.steps


class PlaySession:
    """One game being played; see the module docstring."""

    def __init__(self, board: Board, variant: Variant, *, setup: str | None = None,
                 position: Position | None = None, state: State | None = None,
                 game: Game | None = None, source: SessionSource | None = None) -> None:
        """Start from the setup (or the variant's), or from a built state and its game (a
        scenario's position, `session_io`). Raises the engine's CompileError when they do not
        fit: `session_io.start` checks the pair first and returns findings instead."""
        if state is not None and game is None:
            raise ValueError("a state needs the game it belongs to")
        if game is None:
            board, variant = board.model_copy(deep=True), variant.model_copy(deep=True)
            game = Game(board, variant, setup=setup)
        self.board, self.variant, self.game = game.board, game.variant, game
        self.setup = setup
        self.position = position  # None = the setup's start position
        self.source = source or SessionSource(variant=variant.name)
        self.state = state if state is not None else self.game.initial_state()
        self.names = FieldNames(self.board)
        self.history: list[Entry] = []
        self.pending: list[Pending] = []  # redo stack, next step first
        self.revision = 0  # counts changes, for views that redraw only when it moved
        self._views: list[ActionView] | None = None
        self._by_source: dict[str | None, list[Description]] | None = None
        self._source_views: dict[str | None, list[ActionView]] = {}
        self._stacks: dict[str, StackView | None] = {}

    # ---- the position ----------------------------------------------------------------------

    @property
    def seats(self) -> tuple[str, ...]:
        return seat_ids(self.state)

    def stacks(self) -> list[StackView]:
        """Every stack on the board (what the play mode draws)."""
        return stacks(self.state)

    def raised_drawbridges(self) -> list[str]:
        """Tower fields whose drawbridge is raised now (DRAW-2; the play mode marks them)."""
        return raised_towers(self.state)

    def stack_at(self, field_id: str) -> StackView | None:
        if field_id not in self._stacks:
            self._stacks[field_id] = stack_at(self.state, field_id)
        return self._stacks[field_id]

    def show(self, text: str) -> str:
        """Engine notation as people read it: fields by printed number (model/names.py)."""
        return self.names.show(text)

    def position_key(self) -> str:
        """The position's one key (`editor.engine.position_key`)."""
        return position_key(self.state)

    def turn(self) -> TurnInfo:
        st = self.state
        actor = st.actor
        kinds = {v.kind for v in self.general_actions()} if actor is not None else set()
        role: Role | None = None
        if actor is not None:
            role = ("victim" if Kind.DECLINE in kinds else
                    "draw_offer" if Kind.ACCEPT_DRAW in kinds else "mover")
        scene = response_scene(st) if role == "victim" else None
        return TurnInfo(
            to_move=self.seats[st.mover], actor=actor, role=role, ap_left=st.ap_left(),
            budgets=tuple(self._budget(i) for i in range(len(self.seats))), scene=scene,
            capturer=self.stack_at(scene) if scene else None, turn=turn_number(st),
            terminal=st.is_terminal())

    def _budget(self, s: int) -> BudgetInfo:
        st, opts = self.state, self.variant.options
        nc, ng = st.penalty_fields(s)
        penalty = nc * opts.castle_penalty_per_field + ng * opts.grail_penalty_per_field
        return BudgetInfo(self.seats[s], st.budget(s), nc, ng, penalty, st.is_frozen(s))

    def result(self) -> ResultInfo | None:
        res = self.state.result()
        if res is None:
            return None
        m = _RULE_ID.match(res.reason)
        return ResultInfo(tuple(res.winners), m.group(1) if m else None, res.reason,
                          dict(res.scores))

    # ---- legal actions ---------------------------------------------------------------------

    def _view(self, action: tuple) -> ActionView:
        return view_of(self.state, self.state.description(action))

    def refresh(self) -> None:
        """Drop what is cached for the position (legal actions, their views, stacks); every
        change of the position or the history counts up `revision`."""
        self.revision += 1
        self._views = None
        self._by_source = None
        self._source_views = {}
        self._stacks = {}

    def _sources(self) -> dict[str | None, list[Description]]:
        """The legal actions' descriptions by the field of their stack (their notation is made
        per stack, when its views are asked for)."""
        if self._by_source is None:
            st, by = self.state, {}
            for a in st.legal_actions():
                d = st.description(a)
                by.setdefault(d.source, []).append(d)
            self._by_source = by
        return self._by_source

    def legal(self) -> list[ActionView]:
        """Every legal action of the actor (cached until the position changes)."""
        if self._views is None:
            self._views = [v for src in self._sources() for v in self._of_source(src)]
        return self._views

    def _of_source(self, src: str | None) -> list[ActionView]:
        if src not in self._source_views:
            st = self.state
            self._source_views[src] = [view_of(st, d) for d in self._sources().get(src, [])]
        return self._source_views[src]

    def actions_of(self, field_id: str) -> list[ActionView]:
        """The legal actions of the stack on a field (its pieces, riders and cargo), for the
        context menu; a drawbridge action belongs to its tower."""
        return list(self._of_source(field_id))

    def general_actions(self) -> list[ActionView]:
        """Legal actions of no stack: end, decline, draw offers and answers, resign."""
        return list(self._of_source(None))

    def listed(self, action: tuple) -> ActionView | None:
        """The legal view of an action chosen elsewhere (an agent's): the action itself, else
        the listed one that does the same with an identical piece (the engine lists one of
        identical riders per destination, MOVE-1); None when no legal action does it."""
        views = self.legal()
        hit = next((v for v in views if v.action == action), None)
        if hit is not None or self.state.is_terminal():
            return hit
        try:
            same = _what_it_does(self.state.description(action))
        except (IndexError, KeyError, TypeError, ValueError):
            return None
        return next((v for v in views if _what_it_does(v.description) == same), None)

    def targets(self, field_id: str) -> list[TargetGroup]:
        """The legal actions of a stack grouped by target field, cheapest group first."""
        groups: dict[str, list[ActionView]] = {}
        for v in self.actions_of(field_id):
            groups.setdefault(v.target or field_id, []).append(v)
        out = [TargetGroup(f, tuple(sorted(vs, key=lambda v: (v.cost, v.kind, v.full))))
               for f, vs in groups.items()]
        return sorted(out, key=lambda g: (g.cost, g.field))

    # ---- explanations ----------------------------------------------------------------------

    def explain(self, text: str, notation: Literal["engine", "puzzle"] = "engine") -> Verdict:
        """Legal (with kind, AP cost and path) or the reason code, rule ID and message. In
        engine notation a field may be named by its id or its printed number."""
        st = self.state
        if notation == "puzzle":
            a, why = parse_puzzle(st, text)
            if a is not None and why is None:
                why = st.explain(a)
            return Verdict(text, self._view(a) if a is not None else None, why, self.names)
        translated, problems = self.names.translate(text)
        if problems:
            return Verdict(translated, None, Reason(X.E_BAD_NOTATION, "BOARD-5",
                                                    "; ".join(problems)), self.names)
        a, why = parse_or_reason(st, translated)
        view = None
        if a is not None:
            try:
                view = self._view(a)
            except (IndexError, KeyError, TypeError, ValueError):
                view = None  # an impossible action the notation built; the reason says why
        return Verdict(translated, view, why, self.names)

    def explain_target(self, source: str, target: str) -> TargetExplanation:
        """Hover help: the options to reach `target` from the stack on `source`, and the refusal
        of the direct step when the fields are neighbours (say both for a detour)."""
        options = next((g.options for g in self.targets(source) if g.field == target), ())
        stack = self.stack_at(source)
        direct = None
        if stack is not None and target in self._neighbours(source) and not any(
                len(o.path) == 2 for o in options):
            text = f"{stack.top.letter} {source}>{target}"
            why = explain_single_step(self.state, stack.top.letter, source, target)
            direct = Verdict(text, None, why, self.names) if why is not None else None
        elif stack is not None and not options:
            direct = self.explain(f"{stack.top.letter} {source}>{target}")
        return TargetExplanation(source, target, options, direct, self.names)

    def _neighbours(self, field_id: str) -> set[str]:
        out = set()
        for c in self.board.connections:
            if c.a == field_id:
                out.add(c.b)
            elif c.b == field_id:
                out.add(c.a)
        return out

    # ---- playing -----------------------------------------------------------------------------

    def play(self, what: str | ActionView,
             notation: Literal["engine", "puzzle"] = "engine") -> Verdict:
        """Play an action (a legal view, or text). Illegal: nothing changes; the verdict says
        why (call `record` to keep the refusal as a scenario step). Clears the redo steps."""
        verdict = self._verdict(what, notation)
        if verdict.legal:
            self.pending.clear()
            self._apply(verdict.view)
        return verdict

    def _verdict(self, what: str | ActionView, notation: str) -> Verdict:
        if isinstance(what, ActionView):
            reason = self.state.explain(what.action)
            return Verdict(exact_text(self.state, what.action), what, reason, self.names)
        return self.explain(what, notation)

    def _apply(self, view: ActionView) -> None:
        """Play an action its verdict found legal: the verdict was the one legality check, the
        engine applies without a second one."""
        st = self.state
        entry = Played(exact_text(st, view.action), exact_text(st, view.action, False),
                       puzzle_text(st, view, self.names), st.actor or "", view.kind, view.cost,
                       view.action)
        st.apply(view.action, check=False)
        self.history.append(entry)
        self.refresh()

    def record(self, verdict: Verdict) -> Refused:
        """Keep a refused attempt in the history (an expected-illegal step when saved)."""
        if verdict.legal:
            raise ValueError("only refused attempts are recorded")
        entry = Refused(verdict.text, verdict.reason, self.state.actor)
        self.history.append(entry)
        self.pending.clear()
        self.revision += 1
        return entry

    @property
    def played(self) -> list[Played]:
        return [e for e in self.history if isinstance(e, Played)]

    def can_undo(self) -> bool:
        return any(isinstance(e, Played) for e in self.history)

    def can_redo(self) -> bool:
        return bool(self.pending)

    def undo(self) -> bool:
        """Take back the last played action (and the refusals recorded after it)."""
        if not self.can_undo():
            return False
        back: list[Pending] = []
        while True:
            e = self.history.pop()
            if isinstance(e, Refused):
                back.append(Pending(e.text, expect="illegal", reason=e.reason.code))
                continue
            back.append(Pending(e.text))
            break
        self.state.undo()
        self.refresh()
        self.pending[0:0] = reversed(back)
        return True

    def redo(self) -> Verdict | None:
        """Replay the next pending step (None when there is none). A step whose verdict differs
        from the one expected is not applied and stays pending; its verdict says why."""
        if not self.pending:
            return None
        step = self.pending[0]
        verdict = self.explain(step.text, step.notation)
        if step.expect == "legal":
            if not verdict.legal or verdict.view is None:
                return verdict
            self._apply(verdict.view)
        else:
            if verdict.legal or (step.reason and verdict.reason.code != step.reason):
                return verdict
            self.history.append(Refused(verdict.text, verdict.reason, self.state.actor))
            self.revision += 1
        self.pending.pop(0)
        return verdict

    def goto(self, played: int) -> int:
        """Show the position after `played` actions (a log entry clicked): undo or redo to it;
        returns the number of played actions reached."""
        while len(self.played) > played and self.undo():
            pass
        while len(self.played) < played and self.pending:
            before = len(self.history)
            self.redo()
            if len(self.history) == before:
                break
        return len(self.played)

    def log(self) -> list[LogRow]:
        """The game log: the history, then the steps still to come; a row's `played` is what
        `goto` takes to show the position after it."""
        rows, n = [], 0
        for e in self.history:
            if isinstance(e, Played):
                n += 1
                rows.append(LogRow(self.show(e.short), e.puzzle, e.actor, None, False, n))
            else:
                rows.append(LogRow(self.show(e.text), None, e.actor, e.reason, False, n))
        for p in self.pending:
            n += p.expect == "legal"
            text = p.text if p.notation == "puzzle" else self.show(self.names.translate(p.text)[0])
            rows.append(LogRow(text, p.text if p.notation == "puzzle" else None, None, None,
                               True, n))
        return rows

    def random_move(self, rng: random.Random) -> Played | None:
        """Play one random legal action of the actor (None when the game is over)."""
        if self.state.is_terminal():
            return None
        action = random_action(self.state, rng)
        if self.state.explain(action) is not None:
            return None
        self.pending.clear()
        self._apply(self._view(action))
        return self.history[-1]

    def play_random_turns(self, turns: int, seed: int, max_actions: int = 10_000) -> int:
        """Play random actions until `turns` turns have ended or the game is over; returns the
        number of actions played. Same seed, same position, same game."""
        rng = random.Random(seed)
        goal = turn_number(self.state) + turns
        n = 0
        while (turn_number(self.state) < goal and not self.state.is_terminal()
               and n < max_actions):
            if self.random_move(rng) is None:
                break
            n += 1
        return n
