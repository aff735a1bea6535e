"""The one key of a game position (no Qt): a digest of every field `StateFields` declares as part
of the position (those with an undo copy kind), so a field added there is in the key without
anyone remembering it. Replay checks, the recorded playthroughs and the play session compare
positions by this key. Nodes, pieces and seats appear as the engine's indexes, so the key does
not depend on field ids (a board whose fields were renamed keeps its keys).
"""

from __future__ import annotations

import hashlib
import json
from enum import Enum
from typing import Any

from editor.engine.outcome import Result
from editor.engine.state import StateData, state_fields

#: the position fields, in declaration order (derived, never listed by hand)
POSITION_FIELDS: tuple[str, ...] = tuple(
    f.name for f in state_fields() if f.metadata["undo"] is not None)


def _canonical(value: Any) -> Any:
    """A JSON-able value equal for equal positions (sets and dicts sorted)."""
    if isinstance(value, Result):
        return [list(value.winners), value.reason, sorted(value.scores.items()),
                _canonical(value.termination)]
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, set | frozenset):
        return sorted(_canonical(v) for v in value)
    if isinstance(value, dict):
        return sorted([_canonical(k), _canonical(v)] for k, v in value.items())
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    return value


def position_data(st: StateData) -> dict[str, Any]:
    """Every position field of `st` by name, canonicalised (what the key digests)."""
    return {name: _canonical(getattr(st, name)) for name in POSITION_FIELDS}


def position_key(st: StateData) -> str:
    """Same position -> same key, however it was reached (16 hex digits of a SHA-1)."""
    text = json.dumps(position_data(st), sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]
