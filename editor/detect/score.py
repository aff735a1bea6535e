"""Score a draft against the true board: fields, numbers, connections (for the bench and tests).

A detected field matches a true field when it lies within `TOLERANCE` field spacings of it
(closest pairs first, each field matched once). Connections are compared as unordered pairs of
matched fields; connections that do not join two fields (wilderness paths between regions)
are left out, as the detector does not propose them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from editor.model.board import Board

TOLERANCE = 0.25


@dataclass(frozen=True)
class Score:
    true_fields: int
    found_fields: int
    matched: int
    numbers_right: int
    true_connections: int
    found_connections: int
    connections_right: int
    kinds_right: int

    @property
    def field_recall(self) -> float:
        return self.matched / max(self.true_fields, 1)

    @property
    def field_precision(self) -> float:
        return self.matched / max(self.found_fields, 1)

    @property
    def numbers(self) -> float:
        return self.numbers_right / max(self.true_fields, 1)

    @property
    def connection_recall(self) -> float:
        return self.connections_right / max(self.true_connections, 1)

    @property
    def connection_precision(self) -> float:
        return self.connections_right / max(self.found_connections, 1)


def _spacing(xy: np.ndarray) -> float:
    d = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1))
    np.fill_diagonal(d, np.inf)
    return float(np.median(d.min(axis=1)))


def match_fields(truth: Board, draft: Board) -> dict[str, str]:
    """Draft field id -> true field id, greedy by distance within the tolerance."""
    t = np.array([[f.x, f.y] for f in truth.fields])
    d = np.array([[f.x, f.y] for f in draft.fields]) if draft.fields else np.zeros((0, 2))
    if not len(t) or not len(d):
        return {}
    limit = TOLERANCE * _spacing(t)
    dist = np.hypot(*(d[:, None, :] - t[None, :, :]).transpose(2, 0, 1))
    pairs = np.argwhere(dist < limit)
    pairs = pairs[np.argsort(dist[pairs[:, 0], pairs[:, 1]])]
    used_d, used_t, out = set(), set(), {}
    for i, j in pairs:
        if i in used_d or j in used_t:
            continue
        used_d.add(i)
        used_t.add(j)
        out[draft.fields[i].id] = truth.fields[j].id
    return out


def score(truth: Board, draft: Board) -> Score:
    """Compare a draft with the true board."""
    match = match_fields(truth, draft)
    true_by_id = truth.field_by_id()
    numbers = sum(1 for f in draft.fields
                  if f.id in match and f.number is not None
                  and true_by_id[match[f.id]].number == f.number)
    true_pairs = {frozenset((c.a, c.b)): c.kind for c in truth.connections
                  if c.a in true_by_id and c.b in true_by_id}
    right = kinds = 0
    for c in draft.connections:
        pair = frozenset((match.get(c.a), match.get(c.b)))
        if None not in pair and pair in true_pairs:
            right += 1
            kinds += true_pairs[pair] == c.kind
    return Score(len(truth.fields), len(draft.fields), len(match), numbers, len(true_pairs),
                 len(draft.connections), right, kinds)
