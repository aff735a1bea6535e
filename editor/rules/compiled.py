"""Compile a board + resolved variant once into integer tables (ARCHITECTURE principle 8).

Everything the move search needs is resolved here, so the hot path never looks at a pydantic
object or an edge attribute again:

* node ids `0..N-1` for the board's fields (regions are GC and not compiled yet);
* piece types as small ints (`type_names[t]`), with range, terrain, letter, carry table and the
  capture matrix as plain lists/sets;
* per piece type two adjacency tables, `adj_loaded[t][n]` and `adj_unloaded[t][n]` (tuples of
  neighbour nodes): sea lanes for vessels (MOVE-2); roads, bridges, castle accesses and harbour
  links (boarding/landing only, CARRY-4) for land pieces; barred types, X bridges
  (`narrow_bridge_rule`, OBST-3), rope bridges (OBST-4), `only_unloaded` and one-way passages
  (`one_way_passage_types`, OBST-1) removed per type;
* `stand[t][n]`: may a piece of type t stand on node n (terrain MOVE-2, grail entry GRAIL-2,
  catapults and capitals CASTLE-5);
* castle fields per seat (CASTLE-1) and grail fields (GRAIL-1) for the budget (TURN-9);
* why an edge is missing for a type (`edge_block`), used only to explain illegal moves.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from editor.model.board import Board, ConnectionKind, Terrain
from editor.model.types import PieceType
from editor.model.variant import Variant

LAND_KINDS = {ConnectionKind.ROAD, ConnectionKind.BRIDGE, ConnectionKind.CASTLE_ACCESS}


class CompileError(Exception):
    """The board and variant do not fit together (the pair check explains why)."""


@dataclass
class Compiled:
    board: Board
    variant: Variant
    node_ids: list[str] = field(default_factory=list)
    node_index: dict[str, int] = field(default_factory=dict)
    is_sea: list[bool] = field(default_factory=list)
    is_harbour: list[bool] = field(default_factory=list)
    number_to_node: dict[int, int] = field(default_factory=dict)
    # piece types
    type_names: list[str] = field(default_factory=list)
    type_index: dict[str, int] = field(default_factory=dict)
    letter: list[str] = field(default_factory=list)
    letter_to_type: dict[str, int] = field(default_factory=dict)
    range_: list[int] = field(default_factory=list)
    sea_type: list[bool] = field(default_factory=list)
    land_piece: list[bool] = field(default_factory=list)
    carries: list[dict[int, int]] = field(default_factory=list)
    captures: list[frozenset[int]] = field(default_factory=list)
    jumps_own: list[bool] = field(default_factory=list)
    regenerates: list[bool] = field(default_factory=list)
    adj_loaded: list[list[tuple[int, ...]]] = field(default_factory=list)
    adj_unloaded: list[list[tuple[int, ...]]] = field(default_factory=list)
    stand: list[list[bool]] = field(default_factory=list)
    any_adj: list[tuple[int, ...]] = field(default_factory=list)
    # (u, v) -> connection kind, and (type, u, v) -> (reason code, rule, text) when removed
    edge_kind: dict[tuple[int, int], str] = field(default_factory=dict)
    edge_block: dict[tuple[int, int, int], tuple[str, str, str]] = field(default_factory=dict)
    # seats
    seat_ids: list[str] = field(default_factory=list)
    seat_index: dict[str, int] = field(default_factory=dict)
    opening: list[int] = field(default_factory=list)
    team_of: list[int] = field(default_factory=list)
    castle_fields: list[list[int]] = field(default_factory=list)
    castle_owner: list[int] = field(default_factory=list)
    grail_fields: list[int] = field(default_factory=list)
    is_grail: list[bool] = field(default_factory=list)


def _teams(variant: Variant, seats: list[str]) -> list[int]:
    """Team index per seat (TEAM-1, CONF-24); every seat its own team outside team games."""
    n = len(seats)
    if not variant.team_game:
        return list(range(n))
    if variant.options.team_pairing == "custom" and variant.teams:
        team = list(range(n))
        for ti, members in enumerate(variant.teams):
            for sid in members:
                if sid in seats:
                    team[seats.index(sid)] = n + ti
        return team
    half = max(1, n // 2)  # opposite seats sit two apart in the turn order (TEAM-1)
    return [i % half for i in range(n)]


def compile_board(board: Board, variant: Variant) -> Compiled:
    """Build the integer tables; raises CompileError when the pair cannot be played."""
    c = Compiled(board, variant)
    opts = variant.options
    for f in board.fields:
        c.node_index[f.id] = len(c.node_ids)
        c.node_ids.append(f.id)
        c.is_sea.append(f.terrain == Terrain.SEA)
        c.is_harbour.append(bool(f.harbour))
        if f.number is not None:
            c.number_to_node[f.number] = c.node_index[f.id]
    n = len(c.node_ids)

    for name, spec in variant.pieces.items():
        t = len(c.type_names)
        c.type_index[str(name)] = t
        c.type_names.append(str(name))
        c.letter.append(spec.letter)
        c.letter_to_type[spec.letter] = t
        c.range_.append(spec.range)
        c.sea_type.append(spec.terrain == "sea")
        c.land_piece.append(spec.land_piece)
        c.jumps_own.append(spec.jumps_own_pieces)
        c.regenerates.append(spec.regenerates)
    for name, spec in variant.pieces.items():
        c.carries.append({c.type_index[str(k)]: v for k, v in spec.carries.items()
                          if str(k) in c.type_index})
        c.captures.append(frozenset(
            c.type_index[str(x)] for x in variant.capture_matrix.get(name, [])
            if str(x) in c.type_index))

    # seats, teams, castles, grail
    board_seats = {s.id for s in board.seats}
    for s in variant.seats:
        if s.id not in board_seats:
            raise CompileError(f"variant seat '{s.id}' is not a seat of the board")
        c.seat_index[s.id] = len(c.seat_ids)
        c.seat_ids.append(s.id)
        c.opening.append(s.opening_budget if s.opening_budget is not None
                         else variant.base_budget)
    c.team_of = _teams(variant, c.seat_ids)
    c.castle_fields = [[] for _ in c.seat_ids]
    c.castle_owner = [-1] * n
    for castle in board.castles:
        si = c.seat_index.get(castle.seat)
        if si is None:
            continue
        for tower in castle.towers:
            node = c.node_index.get(tower.field)
            if node is not None:
                c.castle_fields[si].append(node)
                c.castle_owner[node] = si
    c.is_grail = [False] * n
    if board.grail is not None:
        for fid in board.grail.fields:
            node = c.node_index.get(fid)
            if node is not None:
                c.grail_fields.append(node)
                c.is_grail[node] = True

    # where each type may stand (MOVE-2, GRAIL-2, CASTLE-5)
    grail_types = {str(x) for x in opts.grail_entry_types}
    for t, name in enumerate(c.type_names):
        row = []
        for node in range(n):
            ok = c.is_sea[node] == c.sea_type[t]
            if ok and c.is_grail[node] and name not in grail_types:
                ok = False  # GRAIL-2
            if (ok and name == PieceType.CATAPULT and c.castle_owner[node] >= 0
                    and opts.catapult_castle_access == "forbidden"):
                ok = False  # PIECE-CATAPULT-6, CASTLE-5
            row.append(ok)
        c.stand.append(row)

    # adjacency per type (MOVE-1, MOVE-2, CARRY-4, OBST-1, OBST-3, OBST-4)
    rope_set = set(opts.rope_bridge_set) if opts.rope_bridge_set is not None else None
    one_way_default = {str(x) for x in opts.one_way_passage_types}
    loaded: list[list[list[int]]] = [[[] for _ in range(n)] for _ in c.type_names]
    unloaded: list[list[list[int]]] = [[[] for _ in range(n)] for _ in c.type_names]
    any_adj: list[set[int]] = [set() for _ in range(n)]
    for conn in board.connections:
        a, b = c.node_index.get(conn.a), c.node_index.get(conn.b)
        if a is None or b is None or a == b:
            continue  # wilderness paths join regions (GC, not compiled yet)
        kind = str(conn.kind)
        c.edge_kind[(a, b)] = c.edge_kind[(b, a)] = kind
        any_adj[a].add(b)
        any_adj[b].add(a)
        is_rope = (conn.bridge_class == "rope_bridge") if rope_set is None else (
            conn.id in rope_set)
        for t, name in enumerate(c.type_names):
            blocked: tuple[str, str, str] | None = None
            only_unloaded = name in {str(x) for x in conn.only_unloaded}
            if conn.kind == ConnectionKind.SEA_LANE:
                if not c.sea_type[t]:
                    blocked = ("E_WRONG_TERRAIN", "MOVE-2", "land pieces cannot use sea lanes")
            elif conn.kind == ConnectionKind.HARBOUR_LINK or conn.kind in LAND_KINDS:
                if c.sea_type[t]:
                    blocked = ("E_WRONG_TERRAIN", "MOVE-2", "vessels never enter land")
            else:
                blocked = ("E_WRONG_TERRAIN", "WILD-1", "wilderness paths are not supported")
            if blocked is None and name in {str(x) for x in conn.barred}:
                blocked = ("E_EDGE_FORBIDS_PIECE", "OBST-3", "the connection bars this type")
            if blocked is None and conn.kind == ConnectionKind.BRIDGE:
                if (conn.bridge_class == "x_bridge" and opts.narrow_bridge_rule == "x_no_elephants"
                        and name == PieceType.ELEPHANT):
                    blocked = ("E_EDGE_FORBIDS_PIECE", "OBST-3",
                               "elephants may not cross X bridges")
                if is_rope and opts.narrow_bridge_rule == "rope_unloaded_elephant":
                    if name in {str(x) for x in opts.narrow_bridge_barred_types}:
                        blocked = ("E_EDGE_FORBIDS_PIECE", "OBST-4",
                                   "this type may not cross rope bridges")
                    elif name == PieceType.ELEPHANT:
                        only_unloaded = True
            if blocked is not None:
                c.edge_block[(t, a, b)] = c.edge_block[(t, b, a)] = blocked
                continue
            dirs = [(a, b), (b, a)]
            if conn.one_way is not None:
                bound = ({str(x) for x in conn.one_way.pieces} if conn.one_way.pieces is not None
                         else one_way_default)
                if name in bound:
                    to = c.node_index.get(conn.one_way.to)
                    dirs = [(u, v) for u, v in dirs if v == to]
                    for u, v in [(a, b), (b, a)]:
                        if v != to:
                            c.edge_block[(t, u, v)] = (
                                "E_ONE_WAY", "OBST-1",
                                "this passage is one-way toward the grail for this type")
            for u, v in dirs:
                unloaded[t][u].append(v)
                if not only_unloaded:
                    loaded[t][u].append(v)
                else:
                    c.edge_block[(t, u, v)] = ("E_EDGE_FORBIDS_LOADED", "OBST-4",
                                               "this type may cross only unloaded")
    c.adj_loaded = [[tuple(x) for x in rows] for rows in loaded]
    c.adj_unloaded = [[tuple(x) for x in rows] for rows in unloaded]
    c.any_adj = [tuple(sorted(s)) for s in any_adj]
    return c
