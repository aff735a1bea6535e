"""Action kinds and the shape of every action; the table type that holds, per kind, its
generator, cost, apply and explanation side by side (`ActionKind`).

Actions are plain tuples whose first element is the kind (hashable, comparable, as cheap as a
tuple can be on the hot path of the move generator); their fields per kind:

* `("move", pid, path, end)` move piece `pid` along `path` (node ids, first = its node); the
  last node may be empty (move), an own carrier with room (mount/board), or an enemy (capture).
  `end=True` ends the turn with this action (TURN-11, relevant for RECAP-14).
* `("resp", pid, path, unloads)` a response (RECAP-1): the victim's piece captures the capturer
  on the scene; `unloads` are `(soldier_pid, node)` dismounts made first (RECAP-7, only with
  `recapture_moves_must_be_necessary=false`).
  Under `recapture_sequence_model=up_to_two_necessary_steps` (RECAP-5) `unloads` holds the
  first of two necessary steps, `((piece, node),)`, made by the same or another piece.
* `("ride", pid, path, end)` a soldier takes over a riderless enemy camel (PIECE-CAMEL-3) or an
  unmanned enemy siege tower from an adjacent own tower (PIECE-SIEGE-5) by mounting it.
* `("shoot", pid, target)` regular catapult shot (PIECE-CATAPULT-2/-11), 1 AP.
* `("rshot", pid, pre, target)` retaliation shot in a response window (RECAP-17/-19); `pre` is
  `()` or `((piece, node),)`: the one step of the catapult or of the galleon carrying it.
* `("build", pid, type, node)` a foot soldier builds a piece (BUILD-1..10).
* `("raise", tower)`, `("lower", tower)` drawbridges (DRAW-2, DRAW-5).
* `("push", camel, path)` push an opponent's riderless camel (PIECE-CAMEL-5).
* `("decline",)`, `("end",)`, `("offer_draw",)`, `("accept_draw",)`, `("reject_draw",)`,
  `("resign",)` (only with `allow_resignation`, WIN-26).

The `Move`, `Response`, ... NamedTuples below name those fields; `named(action)` gives that view
(it compares and hashes equal to the plain tuple). The generators build plain tuples because a
NamedTuple costs about twice a tuple literal to create on the move generator's hot path.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, NamedTuple

MOVE, RESP, DECLINE, END = "move", "resp", "decline", "end"
OFFER_DRAW, ACCEPT_DRAW, REJECT_DRAW = "offer_draw", "accept_draw", "reject_draw"
RIDE, SHOOT, RSHOT, BUILD, RAISE, LOWER, PUSH, RESIGN = (
    "ride", "shoot", "rshot", "build", "raise", "lower", "push", "resign")
A_RESIGN = (RESIGN,)
A_DECLINE, A_END = (DECLINE,), (END,)
A_OFFER, A_ACCEPT, A_REJECT = (OFFER_DRAW,), (ACCEPT_DRAW,), (REJECT_DRAW,)

# what the move search found on a destination
K_MOVE, K_MOUNT, K_CAPTURE, K_RIDE = 0, 1, 2, 3

# not an action: marks an entry whose path is found when it is chosen, `(DEFER, kind, pid,
# destination, steps)` (`engine.Deferred`, for the random policy)
DEFER = "defer"


class Move(NamedTuple):
    kind: str  # MOVE or RIDE
    pid: int
    path: tuple[int, ...]
    end: bool


class Response(NamedTuple):
    kind: str  # RESP
    pid: int
    path: tuple[int, ...]
    unloads: tuple[tuple[int, int], ...]


class Shot(NamedTuple):
    kind: str  # SHOOT
    pid: int
    target: int


class RetaliationShot(NamedTuple):
    kind: str  # RSHOT
    pid: int
    pre: tuple[tuple[int, int], ...]
    target: int


class Build(NamedTuple):
    kind: str  # BUILD
    pid: int
    ptype: int
    node: int


class Push(NamedTuple):
    kind: str  # PUSH
    pid: int
    path: tuple[int, ...]


class Bridge(NamedTuple):
    kind: str  # RAISE or LOWER
    tower: int


_VIEWS: dict[str, type] = {MOVE: Move, RIDE: Move, RESP: Response, SHOOT: Shot,
                           RSHOT: RetaliationShot, BUILD: Build, PUSH: Push, RAISE: Bridge,
                           LOWER: Bridge}


def named(action: tuple) -> tuple:
    """The action with named fields (`Move`, `Response`, ...); it compares and hashes equal to
    the plain tuple. Kinds without fields (`("end",)`, ...) come back as they are."""
    view = _VIEWS.get(action[0]) if action else None
    return view._make(action) if view is not None else action


class Window(NamedTuple):
    """An open response window (RECAP-1): who responds, the capturing piece, the scene (the
    field of the capture) and whether only the victim's partner may answer (TEAM-14)."""

    victim: int
    capturer: int
    scene: int
    partner_only: bool


class Kind(StrEnum):
    """What an action is for people: the play mode marks each differently, the log names it.
    One engine kind may describe itself as several (a MOVE is a move, a mount, a capture...)."""

    MOVE = "move"
    MOUNT = "mount"  # onto an own land carrier (PIECE-SOLDIER-3, CARRY-1)
    EMBARK = "embark"  # onto an own vessel (CARRY-4)
    DISMOUNT = "dismount"  # a rider or cargo leaves its carrier
    CAPTURE = "capture"  # CAPT-1
    BOARDING = "boarding"  # a land piece captures an enemy vessel by boarding it (CAPT-5)
    RESPONSE = "response"  # the victim's recapture in a response window (RECAP-1)
    TAKE_OVER = "take_over"  # PIECE-CAMEL-3, PIECE-SIEGE-5
    SHOT = "shot"  # PIECE-CATAPULT-2/-11
    RETALIATION = "retaliation_shot"  # RECAP-17/-19
    BUILD = "build"  # BUILD-1
    RAISE = "raise"  # DRAW-2
    LOWER = "lower"  # DRAW-5
    PUSH = "push"  # PIECE-CAMEL-5
    DECLINE = "decline"
    END = "end"
    OFFER_DRAW = "offer_draw"
    ACCEPT_DRAW = "accept_draw"
    REJECT_DRAW = "reject_draw"
    RESIGN = "resign"


#: Kinds that take or hit an enemy piece (marked as attacks in the play mode).
ATTACKS = frozenset({Kind.CAPTURE, Kind.BOARDING, Kind.RESPONSE, Kind.SHOT, Kind.RETALIATION})


class Description(NamedTuple):
    """One action as people see it, made by its kind's `describe` from the position before it:
    fields by id, no notation (the play mode takes its targets from here)."""

    action: tuple  # the engine action described
    kind: Kind
    piece: int | None  # the acting piece (None: drawbridges and the turn words)
    letter: str | None  # the acting piece's notation letter
    source: str | None  # field of the acting stack (a drawbridge: its tower; words: None)
    target: str | None  # field the action goes to, hits, builds on (None for the words)
    path: tuple[str, ...]  # fields walked, source first (empty for shots, builds, words)
    cost: int  # AP the mover pays (responses are free, RECAP-8)
    ends_turn: bool = False  # TURN-11: a capture that ends the turn at once
    built: str | None = None  # BUILD: the type of the built piece
    steps: tuple[tuple[str, str], ...] = ()  # (from, to) of the steps made first: unloads
    # (RECAP-7), the first of two steps (RECAP-5), a catapult's step before its shot (RECAP-17)


def described(st: Any, action: tuple, kind: Kind, piece: int | None, source: int | None,
              target: int | None, path: tuple[int, ...] = (), **more: Any) -> Description:
    """A `Description` from node indexes (what the kinds' `describe` functions return)."""
    c = st.compiled
    ids = c.node_ids
    return Description(action, kind, piece,
                       c.letter[st.ptype[piece]] if piece is not None else None,
                       ids[source] if source is not None else None,
                       ids[target] if target is not None else None,
                       tuple(map(ids.__getitem__, path)), st.action_cost(action), **more)


def describe_word(kind: Kind) -> Callable[[Any, tuple], Description]:
    """`describe` of a turn word (end, decline, draw offers, resign): no piece, no field."""
    return lambda st, a: Description(a, kind, None, None, None, None, (), st.action_cost(a))


class ActionKind(NamedTuple):
    """One row of the action table: everything about one kind of action side by side.

    `cost(state, action)` AP the mover pays; `apply(state, action)` performs a legal action;
    `explain(state, action)` None when legal, else the Reason; `text(state, action, full_path)`
    its engine notation; `describe(state, action)` its `Description` (kind for people, piece,
    fields, path, cost); `generate(state, seat, ap_left)` the kind's legal actions in the
    mover's turn (None: produced by another generator, e.g. rides come out of the move search,
    responses out of the response window); `gate` names the `Game` flag that says whether the
    variant has this kind at all; `parse(state, text)` reads the kind's own text form: None
    when the text is not of this form, else (action, None) or (None, reason). Moves, responses
    and the words (`end`, `decline`, ...) are read by `editor.rules.notation` itself. `acting`:
    the action's second field is the acting piece (a number in brackets in the notation picks
    it among pieces of its letter, `S[2] a1>a2`).
    """

    kind: str
    cost: Callable[[Any, tuple], int]
    apply: Callable[[Any, tuple], None]
    explain: Callable[[Any, tuple], Any]
    text: Callable[[Any, tuple, bool], str]
    describe: Callable[[Any, tuple], Description]
    generate: Callable[[Any, int, int], list[tuple]] | None = None
    gate: str | None = None
    parse: Callable[[Any, str], Any] | None = None
    acting: bool = False
