"""Compile a board + resolved variant once into integer tables (ARCHITECTURE principle 8).

Everything the move search needs is resolved here, so the hot path never looks at a pydantic
object or an edge attribute again:

* node ids `0..F-1` for the board's fields, then `F..N-1` for the wilderness regions (WILD-1):
  a region is a node like a field; stair fields join their region (WILD-3) and wilderness paths
  join regions (WILD-4), open only to types with `wilderness` (WILD-2) — soldiers riding a camel
  may step from a region onto its stair field (PIECE-CAMEL-8, CONF-30);
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
* why an edge is missing for a type (`edge_block`), used only to explain illegal moves;
* towers: front field, ring neighbours and drawbridges (BF-8, BF-9, DRAW-1, PIECE-CATAPULT-17);
* catapult fire sets per node (`fire_land`, `fire_sea`) for the three modes of CONF-3
  (connections within N, radius in cm via the board scale, adjacent + arrow slits + regions
  unless screened, PIECE-CATAPULT-3/-4/-12/-15/-17);
* building data: central island, start fields per seat, harbour links (BUILD-3, BUILD-8).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from editor.i18n import N_, _
from editor.model.board import Board, ConnectionKind, Terrain
from editor.model.names import FieldNames
from editor.model.variant import Variant

LAND_KINDS = {ConnectionKind.ROAD, ConnectionKind.BRIDGE, ConnectionKind.CASTLE_ACCESS}


class CompileError(Exception):
    """The board and variant do not fit together (the pair check explains why)."""


@dataclass
class Compiled:
    board: Board
    variant: Variant
    node_ids: list[str] = field(default_factory=list)
    node_index: dict[str, int] = field(default_factory=dict)  # ids and former ids -> node
    node_names: list[str] = field(default_factory=list)  # what people read (model/names.py)
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
    grail_front: int = -1
    grail_road_nodes: frozenset[int] = frozenset()
    # GC / CP additions
    n_fields: int = 0
    is_region: list[bool] = field(default_factory=list)
    region_stairs: dict[int, tuple[int, ...]] = field(default_factory=dict)
    wilderness: list[bool] = field(default_factory=list)
    shoots: list[bool] = field(default_factory=list)
    rider_needed: list[bool] = field(default_factory=list)
    commandeerable: list[bool] = field(default_factory=list)
    push_steps: list[int] = field(default_factory=list)
    shot_proof: list[bool] = field(default_factory=list)
    siege: list[bool] = field(default_factory=list)
    build_limit: list[int | None] = field(default_factory=list)
    build_place: list[str] = field(default_factory=list)
    builds: list[bool] = field(default_factory=list)  # BUILD-1
    lowers_drawbridges: list[bool] = field(default_factory=list)  # DRAW-5
    immunity_rule: list[str | None] = field(default_factory=list)  # e.g. PIECE-ELEPHANT-2
    immunity_rule_for: list[frozenset[str]] = field(default_factory=list)
    seize_empty_only: list[bool] = field(default_factory=list)
    tower_front: dict[int, int] = field(default_factory=dict)
    tower_ring: dict[int, tuple[int, int]] = field(default_factory=dict)
    has_drawbridge: list[bool] = field(default_factory=list)
    is_tower: list[bool] = field(default_factory=list)
    fire_land: list[tuple[int, ...]] = field(default_factory=list)
    fire_sea: list[tuple[int, ...]] = field(default_factory=list)
    central: list[bool] = field(default_factory=list)
    start_seats: list[frozenset[int]] = field(default_factory=list)
    harbours_of: list[tuple[int, ...]] = field(default_factory=list)
    slits: list[tuple[int, ...]] = field(default_factory=list)
    catapult_cargo_types: frozenset[int] = frozenset()
    _reach: dict[tuple[int, bool], list[list[int] | None]] = field(
        default_factory=dict, repr=False, compare=False)
    _levels: dict[tuple[int, bool], list[list[int]]] = field(
        default_factory=dict, repr=False, compare=False)
    # reach_levels(t, loaded) at index 2 * t + loaded once made, else None (the policy's lookup)
    reach_by_type: list[list[list[int]] | None] = field(
        default_factory=list, repr=False, compare=False)
    _union_adj: list[tuple[int, ...]] = field(default_factory=list, repr=False, compare=False)
    _first_table: dict[tuple[int, bool], tuple[int, bool]] = field(
        default_factory=dict, repr=False, compare=False)

    def reach_mask(self, u: int, steps: int, t: int = -1, loaded: bool = False) -> int:
        """Bit mask of the nodes at most `steps` steps from u, ignoring pieces, over type t's
        connections (`adj_loaded[t]` or `adj_unloaded[t]`, what its search walks) or with
        t = -1 over the union of all types' connections: a superset of what a search from u
        finds (MOVE-1), so a piece whose mask misses every target cannot reach one."""
        return self.reach_row(steps, t, loaded)[u]

    def reach_row(self, steps: int, t: int = -1, loaded: bool = False) -> list[int]:
        """`reach_mask` of every node at once (indexed by node). The masks of all nodes are
        grown one step at a time per table, as far as asked (until nothing changes); types
        with equal connection tables share them."""
        t, loaded = self._same_table(t, loaded)
        levels = self._reach.get((t, loaded))
        if levels is None:
            levels = self._reach[(t, loaded)] = [[1 << v for v in range(len(self.node_ids))]]
        elif steps < len(levels) and levels[steps] is not None:
            return levels[steps]
        while len(levels) <= steps and levels[-1] is not None:
            prev = levels[-1]
            nxt = self._grow(prev, t, loaded)
            levels.append(None if nxt == prev else nxt)  # None: everything reachable is in
        if len(levels) <= steps or levels[steps] is None:
            return levels[-2] if levels[-1] is None else levels[-1]
        return levels[steps]

    def reach_levels(self, t: int = -1, loaded: bool = False) -> list[list[int]]:
        """`reach_row(d, t, loaded)` for every d from 0 to the longest range of any type (no
        piece moves farther in one action, MOVE-5), made once per table."""
        found = self._levels.get(self._same_table(t, loaded))
        if found is None:
            top = max(self.range_, default=0)
            found = self._levels[self._same_table(t, loaded)] = [
                self.reach_row(d, t, loaded) for d in range(top + 1)]
        if t >= 0:
            if not self.reach_by_type:
                self.reach_by_type = [None] * (2 * len(self.type_names))
            self.reach_by_type[2 * t + loaded] = found
        return found

    def _same_table(self, t: int, loaded: bool) -> tuple[int, bool]:
        """The first (type, loaded) whose connection table equals type t's (t < 0: itself)."""
        if t < 0:
            return t, loaded
        if not self._first_table:
            first: dict[tuple, tuple[int, bool]] = {}
            for tt in range(len(self.type_names)):
                for ld, adj in ((False, self.adj_unloaded[tt]), (True, self.adj_loaded[tt])):
                    self._first_table[(tt, ld)] = first.setdefault(tuple(adj), (tt, ld))
        return self._first_table[(t, bool(loaded))]

    def _grow(self, prev: list[int], t: int, loaded: bool) -> list[int]:
        """One more step for every node's mask (t = -1: over the union of the connections)."""
        if t < 0 and not self._union_adj:
            union: list[set[int]] = [set() for _ in self.node_ids]
            for table in (*self.adj_loaded, *self.adj_unloaded):
                for a, row in enumerate(table):
                    union[a].update(row)
            self._union_adj = [tuple(x) for x in union]
        adj = self._union_adj if t < 0 else (self.adj_loaded if loaded else self.adj_unloaded)[t]
        nxt = []
        for a, row in enumerate(adj):
            m = prev[a]
            for b in row:
                m |= prev[b]
            nxt.append(m)
        return nxt


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
    _nodes(c, board)
    n = len(c.node_ids)
    _piece_types(c, variant)
    _seats_and_castles(c, board, variant, n)
    _grail(c, board, n)
    _standing(c, opts, n)
    loaded, unloaded, any_adj = _adjacency(c, board, variant, n)
    _wilderness(c, board, loaded, unloaded, any_adj)
    c.adj_loaded = [[tuple(x) for x in rows] for rows in loaded]
    c.adj_unloaded = [[tuple(x) for x in rows] for rows in unloaded]
    c.any_adj = [tuple(sorted(s)) for s in any_adj]
    _towers(c, board)
    _build_data(c, board)
    _fire_sets(c, board)
    return c


def _nodes(c: Compiled, board: Board) -> None:
    """Fields, then regions (WILD-1), as node ids."""
    for f in board.fields:
        c.node_index[f.id] = len(c.node_ids)
        c.node_ids.append(f.id)
        c.is_sea.append(f.terrain == Terrain.SEA)
        c.is_harbour.append(bool(f.harbour))
        if f.number is not None:
            c.number_to_node[f.number] = c.node_index[f.id]
    c.n_fields = len(c.node_ids)
    for r in board.regions:  # WILD-1: a region is a node
        c.node_index[r.id] = len(c.node_ids)
        c.node_ids.append(r.id)
        c.is_sea.append(False)
        c.is_harbour.append(False)
    c.is_region = [i >= c.n_fields for i in range(len(c.node_ids))]
    for f in board.fields:  # ids of files written before a rename keep resolving
        for old in f.former_ids:
            c.node_index.setdefault(old, c.node_index[f.id])
    names = FieldNames(board)
    c.node_names = [names.name(x) for x in c.node_ids]


def _piece_types(c: Compiled, variant: Variant) -> None:
    """Per-type tables from the variant's PieceSpecs and capture matrix (CAPT-2, CONF-7, CONF-9)."""
    opts = variant.options
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
        c.wilderness.append(spec.wilderness)
        c.shoots.append(spec.shoots)
        c.rider_needed.append(spec.captures_only_with_rider)
        c.commandeerable.append(spec.commandeerable)
        c.push_steps.append(spec.push_steps)
        c.shot_proof.append(spec.shot_proof)
        c.siege.append(spec.siege)
        c.build_limit.append(spec.build_limit)
        c.build_place.append(spec.build_place)
        c.builds.append(spec.builds)
        c.lowers_drawbridges.append(spec.lowers_drawbridges)
        c.immunity_rule.append(spec.immunity_rule)
        c.immunity_rule_for.append(frozenset(str(x) for x in spec.immunity_rule_for))
        if spec.shoots:
            c.range_[t] = opts.catapult_move_range  # CONF-4, PIECE-CATAPULT-1/-10
    seize = opts.catapult_may_seize  # CONF-7, PIECE-CATAPULT-8/-16
    for name, spec in variant.pieces.items():
        c.carries.append({c.type_index[str(k)]: v for k, v in spec.carries.items()
                          if str(k) in c.type_index})
        caps = {c.type_index[str(x)] for x in variant.capture_matrix.get(name, [])
                if str(x) in c.type_index}
        shooter = spec.shoots
        if shooter and seize != "none":  # CONF-7: seize empty vessels by boarding
            for vt, vname in enumerate(c.type_names):
                if variant.pieces[vname].terrain == "sea" and (
                        seize == "empty_vessels" or variant.pieces[vname].seized_by_catapults):
                    caps.add(vt)
        c.captures.append(frozenset(caps))
        c.seize_empty_only.append(shooter)
    c.catapult_cargo_types = frozenset(t for t in range(len(c.type_names)) if c.shoots[t])
    if opts.siege_may_board_vessels:  # CONF-9: siege pieces as the single load of a vessel
        for vt in range(len(c.type_names)):
            if c.sea_type[vt]:
                for st_ in range(len(c.type_names)):
                    if c.siege[st_]:
                        c.carries[vt].setdefault(st_, 1)


def _seats_and_castles(c: Compiled, board: Board, variant: Variant, n: int) -> None:
    """Seats, teams (TEAM-1) and castle fields (CASTLE-1)."""
    board_seats = {s.id for s in board.seats}
    for s in variant.seats:
        if s.id not in board_seats:
            raise CompileError(_("variant seat '{seat}' is not a seat of the board").format(
                                   seat=s.id))
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


def _grail(c: Compiled, board: Board, n: int) -> None:
    """Grail fields, the field in front of it (TEAM-13) and its roads (TEAM-12)."""
    c.is_grail = [False] * n
    if board.grail is not None:
        for fid in board.grail.fields:
            node = c.node_index.get(fid)
            if node is not None:
                c.grail_fields.append(node)
                c.is_grail[node] = True
        if board.grail.front is not None:
            c.grail_front = c.node_index.get(board.grail.front, -1)
        conns = board.connection_by_id()
        road_nodes = set()
        for cid in board.grail.roads:  # TEAM-12: the roads leading to the grail
            conn = conns.get(cid)
            if conn is not None:
                road_nodes.update(c.node_index[x] for x in (conn.a, conn.b)
                                  if x in c.node_index)
        c.grail_road_nodes = frozenset(road_nodes)


def _standing(c: Compiled, opts, n: int) -> None:
    """Where each type may stand (MOVE-2, GRAIL-2, CASTLE-5, WILD-2, PIECE-CATAPULT-6)."""
    grail_types = {str(x) for x in opts.grail_entry_types}
    for t, name in enumerate(c.type_names):
        row = []
        kept_out = (c.variant.pieces[name].castle_access_by_option
                    and opts.catapult_castle_access == "forbidden")  # PIECE-CATAPULT-6
        for node in range(n):
            ok = c.is_sea[node] == c.sea_type[t]
            if ok and c.is_region[node] and not c.wilderness[t]:
                ok = False  # WILD-2
            if ok and c.is_grail[node] and name not in grail_types:
                ok = False  # GRAIL-2
            if ok and kept_out and c.castle_owner[node] >= 0:
                ok = False  # PIECE-CATAPULT-6, CASTLE-5
            row.append(ok)
        c.stand.append(row)


def _adjacency(c: Compiled, board: Board, variant: Variant, n: int) -> tuple[list, list, list]:
    """Adjacency per type (MOVE-1, MOVE-2, CARRY-4, OBST-1, OBST-3, OBST-4)."""
    opts = variant.options
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
            _connect(c, variant, conn, a, b, t, name, is_rope, one_way_default, loaded, unloaded)
    return loaded, unloaded, any_adj


def _connect(c: Compiled, variant: Variant, conn, a: int, b: int, t: int, name: str,
             is_rope: bool, one_way_default: set[str], loaded: list, unloaded: list) -> None:
    """One connection for one piece type: blocked (with the reason an explanation cites),
    one-way, loaded/unloaded."""
    opts = variant.options
    blocked: tuple[str, str, str] | None = None
    only_unloaded = name in {str(x) for x in conn.only_unloaded}
    if conn.kind == ConnectionKind.SEA_LANE:
        if not c.sea_type[t]:
            blocked = ("E_WRONG_TERRAIN", "MOVE-2", N_("land pieces cannot use sea lanes"))
    elif conn.kind == ConnectionKind.HARBOUR_LINK or conn.kind in LAND_KINDS:
        if c.sea_type[t]:
            blocked = ("E_WRONG_TERRAIN", "MOVE-2", N_("vessels never enter land"))
    elif not c.wilderness[t]:
        blocked = ("E_WRONG_TERRAIN", "WILD-2",
                   N_("only knights and camels use wilderness paths"))
    if blocked is None and name in {str(x) for x in conn.barred}:
        blocked = ("E_EDGE_FORBIDS_PIECE", "OBST-3", N_("the connection bars this type"))
    if blocked is None and conn.kind == ConnectionKind.BRIDGE:
        if (conn.bridge_class == "x_bridge" and opts.narrow_bridge_rule == "x_no_elephants"
                and variant.pieces[name].x_bridge_barred):
            blocked = ("E_EDGE_FORBIDS_PIECE", "OBST-3",
                       N_("elephants may not cross X bridges"))
        if is_rope and opts.narrow_bridge_rule == "rope_unloaded_elephant":
            if name in {str(x) for x in opts.narrow_bridge_barred_types} or (
                    opts.siege_narrow_bridge_block and variant.pieces[name].siege):
                blocked = ("E_EDGE_FORBIDS_PIECE", "OBST-4",
                           N_("this type may not cross rope bridges"))
            elif variant.pieces[name].rope_bridge_unloaded_only:
                only_unloaded = True
    if blocked is not None:
        c.edge_block[(t, a, b)] = c.edge_block[(t, b, a)] = blocked
        return
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
                        N_("this passage is one-way toward the grail for this type"))
    for u, v in dirs:
        unloaded[t][u].append(v)
        if not only_unloaded:
            loaded[t][u].append(v)
        else:
            c.edge_block[(t, u, v)] = ("E_EDGE_FORBIDS_LOADED", "OBST-4",
                                       N_("this type may cross only unloaded"))


def _wilderness(c: Compiled, board: Board, loaded: list, unloaded: list,
                any_adj: list[set[int]]) -> None:
    """WILD-3 stair links (one step, WILD-4) for wilderness types; riders may step from a
    region onto its stair field (PIECE-CAMEL-8, CONF-30 camel_dismount_region_to_stair_field).
    Soldiers never enter a region on foot (PIECE-SOLDIER-7)."""
    opts = c.variant.options
    for r in board.regions:
        rn = c.node_index[r.id]
        stairs = tuple(c.node_index[f] for f in r.stairs if f in c.node_index)
        c.region_stairs[rn] = stairs
        for f in stairs:
            c.edge_kind[(rn, f)] = c.edge_kind[(f, rn)] = "stairs"
            any_adj[rn].add(f)
            any_adj[f].add(rn)
            for t in range(len(c.type_names)):
                if c.wilderness[t]:
                    for u, v in ((rn, f), (f, rn)):
                        loaded[t][u].append(v)
                        unloaded[t][u].append(v)
                    continue
                c.edge_block[(t, f, rn)] = ("E_WRONG_TERRAIN", "WILD-2",
                                            N_("only knights and camels enter the wilderness"))
                if opts.camel_dismount_region_to_stair_field and not c.sea_type[t]:
                    unloaded[t][rn].append(f)
                    loaded[t][rn].append(f)
                else:
                    c.edge_block[(t, rn, f)] = ("E_CANNOT_DISMOUNT", "PIECE-CAMEL-8",
                                                N_("riders may not dismount in the wilderness"))


def _towers(c: Compiled, board: Board) -> None:
    """BF-8/BF-9: each tower's front field, ring neighbours and drawbridge (DRAW-1)."""
    n = len(c.node_ids)
    c.has_drawbridge = [False] * n
    c.is_tower = [False] * n
    conns = board.connection_by_id()
    for castle in board.castles:
        ring = [c.node_index.get(t.field) for t in castle.towers]
        for i, tower in enumerate(castle.towers):
            node = ring[i]
            if node is None:
                continue
            c.is_tower[node] = True
            conn = conns.get(tower.access)
            if conn is not None:
                other = conn.b if conn.a == tower.field else conn.a
                if other in c.node_index:
                    c.tower_front[node] = c.node_index[other]
                c.has_drawbridge[node] = bool(conn.drawbridge)
            if len(ring) > 2:
                prev, nxt = ring[i - 1], ring[(i + 1) % len(ring)]
                if prev is not None and nxt is not None:
                    c.tower_ring[node] = (prev, nxt)


def _build_data(c: Compiled, board: Board) -> None:
    """BUILD-3 central island and start fields per seat; BUILD-8 harbour links; BF-13 slits."""
    n = len(c.node_ids)
    central_islands = {i.id for i in board.islands if str(i.kind) == "central"}
    c.central = [False] * n
    for f in board.fields:
        if f.island in central_islands:
            c.central[c.node_index[f.id]] = True
    starts: list[set[int]] = [set() for _ in range(n)]
    for setup in board.setups:
        for pl in setup.placements:
            si = c.seat_index.get(pl.seat)
            node = c.node_index.get(pl.field)
            if si is not None and node is not None:
                starts[node].add(si)
    c.start_seats = [frozenset(x) for x in starts]
    harb: list[list[int]] = [[] for _ in range(n)]
    for (u, v), kind in c.edge_kind.items():
        if kind == "harbour_link" and c.is_sea[v] and not c.is_sea[u]:
            harb[u].append(v)
    c.harbours_of = [tuple(sorted(x)) for x in harb]
    slits: list[set[int]] = [set() for _ in range(n)]
    for s in board.arrow_slits:
        a, b = c.node_index.get(s.a), c.node_index.get(s.b)
        if a is not None and b is not None:
            slits[a].add(b)
            slits[b].add(a)
    c.slits = [tuple(sorted(x)) for x in slits]


def _fire_sets(c: Compiled, board: Board) -> None:
    """Catapult target fields per firing node (CONF-3): `fire_land[n]` for a catapult on land
    field n, `fire_sea[n]` for one aboard a galleon on sea field n."""
    opts = c.variant.options
    n = len(c.node_ids)
    c.fire_land = [()] * n
    c.fire_sea = [()] * n
    if not any(c.shoots):
        return
    forbid_castle = opts.catapult_castle_access == "forbidden"  # PIECE-CATAPULT-6, CASTLE-5

    def ok(v: int) -> bool:
        return not (forbid_castle and c.castle_owner[v] >= 0)

    if opts.catapult_fire_mode == "connections":
        _fire_by_connections(c, ok)
    elif opts.catapult_fire_mode == "radius_cm":
        _fire_by_radius(c, board, ok)
    else:
        _fire_with_slits(c, board, ok)


def _fire_by_connections(c: Compiled, ok) -> None:
    """PIECE-CATAPULT-3: at most N connections, land or sea."""
    nf = c.n_fields
    for s in range(nf):
        if not ok(s):
            continue
        seen = {s}
        frontier = [s]
        for _step in range(c.variant.options.catapult_fire_range_fields):
            nxt = []
            for u in frontier:
                for v in c.any_adj[u]:
                    if v not in seen and v < nf:
                        seen.add(v)
                        nxt.append(v)
            frontier = nxt
        targets = tuple(sorted(v for v in seen if v != s and ok(v)))
        c.fire_land[s] = c.fire_sea[s] = targets


def _fire_by_radius(c: Compiled, board: Board, ok) -> None:
    """PIECE-CATAPULT-4: field centres within r cm (board scale)."""
    if board.scale is None:
        return
    nf = c.n_fields
    r_px = c.variant.options.catapult_fire_radius_cm * board.scale.px_per_cm
    r2 = r_px * r_px
    xs = [f.x for f in board.fields]
    ys = [f.y for f in board.fields]
    cells: dict[tuple[int, int], list[int]] = {}
    for i in range(nf):
        cells.setdefault((int(xs[i] // r_px), int(ys[i] // r_px)), []).append(i)
    for s in range(nf):
        if not ok(s):
            continue
        cx, cy = int(xs[s] // r_px), int(ys[s] // r_px)
        out = []
        for gx in (cx - 1, cx, cx + 1):
            for gy in (cy - 1, cy, cy + 1):
                for v in cells.get((gx, gy), ()):
                    if v != s and (xs[v] - xs[s]) ** 2 + (ys[v] - ys[s]) ** 2 <= r2 + 1e-9 \
                            and ok(v):
                        out.append(v)
        c.fire_land[s] = c.fire_sea[s] = tuple(sorted(out))


def _fire_with_slits(c: Compiled, board: Board, ok) -> None:
    """adjacent_with_slits (GC, PIECE-CATAPULT-12/-15/-17, CONF-28, CONF-29)."""
    opts = c.variant.options
    nf = c.n_fields
    borders: list[list[int]] = [[] for _ in range(len(c.node_ids))]
    for r in board.regions:
        rn = c.node_index[r.id]
        for b in r.borders:
            node = c.node_index.get(b.field)
            if node is None:
                continue
            if b.screened and opts.catapult_fire_region_mountain_screen:
                continue
            borders[node].append(rn)
    for s in range(nf):
        if c.is_sea[s]:
            lanes = [v for v in c.any_adj[s] if c.is_sea[v]]
            land = []
            mode29 = opts.galleon_catapult_land_targets
            if mode29 in ("harbour_link_or_slit", "any_adjacent"):
                land.extend(v for v in c.any_adj[s] if not c.is_sea[v] and v < nf)
            land.extend(c.slits[s])
            c.fire_sea[s] = tuple(sorted(set(lanes + land)))
            continue
        if c.is_tower[s]:  # PIECE-CATAPULT-17: both ring neighbours and the front field
            out = set(c.tower_ring.get(s, ()))
            if s in c.tower_front:
                out.add(c.tower_front[s])
        else:
            out = {v for v in c.any_adj[s] if v < nf}
            if opts.catapult_fire_via_arrow_slits:
                out.update(c.slits[s])
            out.update(borders[s])
        c.fire_land[s] = tuple(sorted(v for v in out if v != s and ok(v)))
