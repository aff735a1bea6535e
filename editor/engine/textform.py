"""Shared pieces of the engine notation (docs/rules-engine.md) used by the kind modules' parsers
and by `editor.rules.notation`: the field-id pattern, hops, and picking the piece a letter names
on a field."""

from __future__ import annotations

import re
from typing import Any

from editor.engine import explain as X
from editor.engine.explain import Reason

FIELD = r"[A-Za-z0-9][A-Za-z0-9_.\-]*"
HOP_RE = re.compile(rf"\s*([>*~])\s*({FIELD})")

Parsed = tuple[tuple | None, Reason | None]


def node_of(st: Any, name: str) -> int | None:
    return st.compiled.node_index.get(name)


def pick_piece(st: Any, letter: str, node: int) -> list[int]:
    """The pieces of the lettered type in the stack on `node` (carrier first)."""
    c = st.compiled
    t = c.letter_to_type.get(letter)
    return [p for p in st.pieces_at(node) if st.ptype[p] == t] if t is not None else []


def no_piece(st: Any, letter: str, node: int) -> Reason:
    """E_NO_SUCH_PIECE naming what the letter means and what stands on the field instead."""
    c = st.compiled
    t = c.letter_to_type.get(letter)
    what = c.type_names[t] if t is not None else f"piece {letter!r}"
    there = st.pieces_at(node)
    if there:
        names = ", ".join(c.type_names[st.ptype[p]] for p in there)
        art = "an" if names[0] in "aeiou" else "a"
        seen = f"{art} {names} stands there" if len(there) == 1 else f"there stand: {names}"
    else:
        seen = "the field is empty"
    return Reason(X.E_NO_SUCH_PIECE, "", f"no {what} on {st.field_name(node)} ({seen})")


def unknown_field(raw: str) -> Parsed:
    return None, Reason(X.E_BAD_NOTATION, "", f"unknown field in {raw!r}")
