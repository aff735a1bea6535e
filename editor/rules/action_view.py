"""What an action is, for people: kind, source and target field, path and AP cost (no Qt).

Actions are opaque engine values; everything here is read from their engine notation (printed
with the whole path) and from the position before the action, so the session never depends on
how the engine lays an action out. Kinds (`Kind`) are what the play mode marks differently:
moves, mounting and embarking on own carriers, dismounting, captures, boarding enemy vessels
(CAPT-5), responses (RECAP-1), take-overs (PIECE-CAMEL-3, PIECE-SIEGE-5), catapult and
retaliation shots (PIECE-CATAPULT-2, RECAP-17), builds (BUILD-1), drawbridges (DRAW-2, DRAW-5),
camel pushes (PIECE-CAMEL-5), and the turn words (decline, end, draw offers, resign).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from editor.rules.position_view import StackView


class Kind(StrEnum):
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

_WORDS = {"decline": Kind.DECLINE, "end": Kind.END, "offer draw": Kind.OFFER_DRAW,
          "accept draw": Kind.ACCEPT_DRAW, "reject draw": Kind.REJECT_DRAW,
          "resign": Kind.RESIGN}
_F = r"[A-Za-z0-9][A-Za-z0-9_.\-]*"
_HOPS = re.compile(rf"([>*~#@])\s*({_F})")
_HEAD = re.compile(rf"^\s*([A-Z])\s*({_F})")


@dataclass(frozen=True)
class ActionView:
    """One action as the play mode shows it."""

    action: object  # the engine's action value (opaque)
    text: str  # engine notation as logged (destination form)
    full: str  # engine notation with the whole path
    kind: Kind
    source: str | None  # field of the acting stack (None for turn words)
    target: str | None  # field the action goes to, hits or builds on
    path: tuple[str, ...]  # fields walked, source first (empty for shots, builds, words)
    cost: int  # AP it costs the mover (responses are free, RECAP-8)
    letter: str | None  # notation letter of the acting piece
    ends_turn: bool = False  # TURN-11: '!' capture that ends the turn at once

    @property
    def is_attack(self) -> bool:
        return self.kind in ATTACKS


def _fields(part: str) -> tuple[str | None, str | None, list[tuple[str, str]]]:
    """(letter, first field, [(separator, field), ...]) of one notation part."""
    m = _HEAD.match(part)
    if not m:
        return None, None, []
    return m.group(1), m.group(2), _HOPS.findall(part[m.end():])


def source_of(text: str) -> str | None:
    """The field of the acting stack named by engine notation (None for the turn words)."""
    body = text.strip()
    if body.lower() in _WORDS:
        return None
    words = body.split()
    if words[0].lower() in ("raise", "lower"):
        return words[1] if len(words) > 1 else None
    if words[0].lower() == "push":
        body = body[4:]
    _letter, src, _hops = _fields(body.lstrip("(").split(",")[0])
    return src


def view_of(action: object, text: str, full: str, cost: int,
            stack_at: Callable[[str], StackView | None],
            is_sea: Callable[[str], bool]) -> ActionView:
    """Describe one action from its notation and the position before it."""
    word = full.strip().lower()
    if word in _WORDS:
        return ActionView(action, text, full, _WORDS[word], None, None, (), cost, None)
    head = word.split()[0]
    if head in ("raise", "lower"):
        tower = full.split()[1]
        return ActionView(action, text, full, Kind(head), tower, tower, (), cost, None)
    body = full.strip()
    if head == "push":
        letter, src, hops = _fields(body[4:])
        path = (src, *(f for _s, f in hops))
        return ActionView(action, text, full, Kind.PUSH, src, path[-1], path, cost, letter)
    if body.startswith("("):
        parts = [p.strip() for p in body[1:-1].split(",")]
        letter, _src, hops = _fields(parts[-1])
        _l0, first_src, _h0 = _fields(parts[0])
        kind = Kind.RETALIATION if "#" in parts[-1] else Kind.RESPONSE
        path = () if kind is Kind.RETALIATION else (_src, *(f for _s, f in hops))
        return ActionView(action, text, full, kind, first_src, hops[-1][1] if hops else None,
                          path, cost, letter)
    ends = body.endswith("!")
    letter, src, hops = _fields(body.rstrip("!"))
    if not hops:
        return ActionView(action, text, full, Kind.MOVE, src, src, (src,), cost, letter)
    sep, target = hops[-1]
    if sep == "#":
        return ActionView(action, text, full, Kind.SHOT, src, target, (), cost, letter)
    if sep == "@":
        return ActionView(action, text, full, Kind.BUILD, src, target, (), cost, letter)
    path = (src, *(f for _s, f in hops))
    kind = _move_kind(sep, letter, src, target, stack_at, is_sea)
    return ActionView(action, text, full, kind, src, target, path, cost, letter, ends)


def _move_kind(sep: str, letter: str | None, src: str | None, target: str,
               stack_at: Callable[[str], StackView | None],
               is_sea: Callable[[str], bool]) -> Kind:
    if sep == "~":
        return Kind.TAKE_OVER
    origin = stack_at(src) if src else None
    mover_sea = origin is not None and any(
        p.letter == letter and is_sea(src) and p.depth == 0 for p in origin.pieces)
    if sep == "*":
        return Kind.BOARDING if is_sea(target) and not mover_sea else Kind.CAPTURE
    if stack_at(target) is not None:
        return Kind.EMBARK if is_sea(target) else Kind.MOUNT
    if origin is not None and origin.top.letter != letter:
        return Kind.DISMOUNT
    return Kind.MOVE
