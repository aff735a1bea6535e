"""Score a draft against the true board: fields, numbers, connections (for the bench and tests).

A detected field matches a true field when it lies within `TOLERANCE` field spacings of it
(closest pairs first, each field matched once). Connections are compared as unordered pairs of
matched fields; connections that do not join two fields (wilderness paths between regions)
are scored apart with the regions. A one-way mark is right when its connection is and it
points to the true end.

Wilderness regions (WILD-1, BF-10) match one to one when their outlines overlap by
`REGION_OVERLAP` (intersection over union); a wilderness path is right when it joins the
matches of the two regions a true path joins.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from editor.model.board import Board, ConnectionKind, Region

TOLERANCE = 0.25
#: Intersection over union of two outlines for a region to be found.
REGION_OVERLAP = 0.5
#: Kinds scored on their own as well (thin, often dashed lines over sea).
LISTED_KINDS = (ConnectionKind.SEA_LANE, ConnectionKind.HARBOUR_LINK)


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
    #: per listed kind: (true, proposed with that kind, true ones found, proposed ones right)
    by_kind: dict[ConnectionKind, tuple[int, int, int, int]] = field(default_factory=dict)
    #: one-way marks (BF-6): (true, proposed, proposed on a true one-way connection with its
    #: direction)
    one_way: tuple[int, int, int] = (0, 0, 0)
    #: wilderness regions: (true, proposed, matched); paths: (true, proposed, right)
    regions: tuple[int, int, int] = (0, 0, 0)
    paths: tuple[int, int, int] = (0, 0, 0)

    @staticmethod
    def _share(part: int, whole: int) -> float:
        return part / whole if whole else 1.0

    @property
    def region_recall(self) -> float:
        return self._share(self.regions[2], self.regions[0])

    @property
    def region_precision(self) -> float:
        return self._share(self.regions[2], self.regions[1])

    @property
    def path_recall(self) -> float:
        return self._share(self.paths[2], self.paths[0])

    @property
    def path_precision(self) -> float:
        return self._share(self.paths[2], self.paths[1])

    @property
    def one_way_recall(self) -> float:
        true, _, right = self.one_way
        return right / true if true else 1.0

    @property
    def one_way_precision(self) -> float:
        _, proposed, right = self.one_way
        return right / proposed if proposed else 1.0

    def kind_recall(self, kind: ConnectionKind) -> float:
        true, _, found, _ = self.by_kind.get(kind, (0, 0, 0, 0))
        return found / true if true else 1.0

    def kind_precision(self, kind: ConnectionKind) -> float:
        _, proposed, _, right = self.by_kind.get(kind, (0, 0, 0, 0))
        return right / proposed if proposed else 1.0

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


def _overlap(a: Region, b: Region, cell: float = 8.0) -> float:
    """Intersection over union of two region outlines, rasterised in `cell` px squares."""
    pa = np.array([[q.x, q.y] for q in a.polygon]) / cell
    pb = np.array([[q.x, q.y] for q in b.polygon]) / cell
    lo = np.floor(np.minimum(pa.min(axis=0), pb.min(axis=0))) - 1
    hi = np.ceil(np.maximum(pa.max(axis=0), pb.max(axis=0))) + 1
    size = (int(hi[1] - lo[1]), int(hi[0] - lo[0]))
    ma, mb = np.zeros(size, np.uint8), np.zeros(size, np.uint8)
    cv2.fillPoly(ma, [np.round((pa - lo) * 4).astype(np.int32)], 1, shift=2)
    cv2.fillPoly(mb, [np.round((pb - lo) * 4).astype(np.int32)], 1, shift=2)
    union = int((ma | mb).sum())
    return int((ma & mb).sum()) / union if union else 0.0


def match_regions(truth: Board, draft: Board) -> dict[str, str]:
    """Draft region id -> true region id, best overlaps first, each matched once."""
    pairs = sorted(((_overlap(d, t), d.id, t.id) for d in draft.regions for t in truth.regions
                    if len(d.polygon) >= 3 and len(t.polygon) >= 3), reverse=True)
    used, out = set(), {}
    for share, d, t in pairs:
        if share >= REGION_OVERLAP and d not in out and t not in used:
            out[d] = t
            used.add(t)
    return out


def _wild(truth: Board, draft: Board) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """(regions, paths) counts of `Score`."""
    match = match_regions(truth, draft)

    def paths(board: Board) -> list[tuple[str, str]]:
        return [(c.a, c.b) for c in board.connections
                if c.kind == ConnectionKind.WILDERNESS_PATH]
    true_paths = {frozenset(p) for p in paths(truth)}
    found = paths(draft)
    right = sum(1 for a, b in found if frozenset((match.get(a), match.get(b))) in true_paths)
    return ((len(truth.regions), len(draft.regions), len(match)),
            (len(true_paths), len(found), right))


def score(truth: Board, draft: Board) -> Score:
    """Compare a draft with the true board."""
    match = match_fields(truth, draft)
    true_by_id = truth.field_by_id()
    numbers = sum(1 for f in draft.fields
                  if f.id in match and f.number is not None
                  and true_by_id[match[f.id]].number == f.number)
    true_pairs = {frozenset((c.a, c.b)): c.kind for c in truth.connections
                  if c.a in true_by_id and c.b in true_by_id}
    true_to = {frozenset((c.a, c.b)): c.one_way.to for c in truth.connections
               if c.one_way is not None and c.a in true_by_id and c.b in true_by_id}
    marks = marks_right = 0
    right = kinds = 0
    found: set[frozenset] = set()
    proposed = dict.fromkeys(LISTED_KINDS, 0)
    proposed_right = dict.fromkeys(LISTED_KINDS, 0)
    draft_by_id = draft.field_by_id()
    joining = [c for c in draft.connections if c.a in draft_by_id and c.b in draft_by_id]
    for c in joining:
        pair = frozenset((match.get(c.a), match.get(c.b)))
        hit = None not in pair and pair in true_pairs
        if c.kind in proposed:
            proposed[c.kind] += 1
            proposed_right[c.kind] += hit
        if c.one_way is not None:
            marks += 1
            marks_right += hit and true_to.get(pair) == match.get(c.one_way.to)
        if hit:
            found.add(pair)
            right += 1
            kinds += true_pairs[pair] == c.kind
    by_kind = {kind: (sum(1 for k in true_pairs.values() if k == kind), proposed[kind],
                      sum(1 for p, k in true_pairs.items() if k == kind and p in found),
                      proposed_right[kind]) for kind in LISTED_KINDS}
    return Score(len(truth.fields), len(draft.fields), len(match), numbers, len(true_pairs),
                 len(joining), right, kinds, by_kind,
                 (len(true_to), marks, marks_right), *_wild(truth, draft))
