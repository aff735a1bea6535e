"""What the move search (`editor.engine.search`) reads per game, made once by the `Game`:
`SearchTables`, and the carry test on it (`load_fits`, `carrier_fits`). Compiled, an extension
type whose fields C code reads directly (`search_tables.pxd`).
"""

from __future__ import annotations

from array import array
from typing import Any

from editor.engine.compiled import Compiled

try:
    import cython
except ImportError:  # interpreted without Cython: the C types below are no-ops
    from editor.engine import cython_shim as cython


# the state fields that are the destination search's scratch: made by `fresh_scratch`, never
# copied or pickled (`state.StateData.__reduce__`)
SCRATCH = ("_mark", "_parent", "_stamp", "_results", "_queue")


def fresh_scratch(st: Any) -> None:
    """The destination search's scratch on state `st`, made afresh: per node its marks (0) and
    parents (-1), its stamp (0), and its queue's and results' lists (None: `search_of` makes
    them at the state's first search, so a copy that never searches pays nothing).
    Interpreted the marks and parents are lists, which CPython reads and writes fastest;
    compiled they are arrays of C integers, which the search reads and writes through typed
    memoryviews (`long long[::1]`, `state.pxd`) with no reference counting per store. The one
    place where the form chooses a container: the search is the same code in both."""
    n = len(st.compiled.node_ids)
    if cython.compiled:
        st._mark, st._parent = array("q", [0]) * n, array("q", [-1]) * n
    else:
        st._mark, st._parent = [0] * n, [-1] * n
    st._stamp = 0
    st._results = st._queue = None


# the special actions' fields (camels, building, drawbridges, catapults: add_game_rules)
SPECIAL_SLOTS = ("has_shooters", "has_builds", "has_drawbridges", "shot_cost",
                 "build_cost", "takeover_riders", "takeover_types", "push_types", "push_steps",
                 "build_limit", "builds", "shoots", "bridge_towers", "bridge_costs",
                 "build_site_cache", "build_rosters")


class SearchTables:
    """What `Search.search` reads per game, made once by the `Game` (compiled: an extension
    type, `search_tables.pxd`, whose fields C code reads directly): the number of seats and
    their teams, the sea nodes, castle owners, three options, per piece type and load
    (unloaded, loaded) its connections, where it may stand (True or False), whether it jumps
    own pieces, whether it is a siege piece kept out of own castles (CONF-34) and per node the
    pair (node, its connections) the search queues, the carry table and siege flags per type,
    per cargo type the capacity of each carrier type (`capacity[t][carrier type]`, the carry
    table's numbers as a list), and the result tuples made so far (`found_at`), also by kind
    (`by_kind[kind][d]`). For the random policy (`editor.engine.playout`): the range per type,
    whether any type shoots (a catapult-laden galleon's range, PIECE-GALLEON-3), and the
    capture lists told apart: `prey_class[t]` is the index of type t's capture list among the
    distinct ones, `prey_lists[k]` says how to make the list's prey mask from the top-piece
    masks (CAPT-2): (False, the types in the list) to take those types, or, for a list with
    most types, (True, the types it lacks) to take the enemy fields less those
    (`playout._prey_mask`)."""

    __slots__ = ("all_castles_mask", "any_adj", "base_budget", "bridge_node", "by_kind", "by_type",
                 "capacity", "carries", "castle_fields", "castle_owner", "castle_penalty",
                 "catapult_cargo", "count_from_start", "found", "freeze_limit", "galleon_cap",
                 "galleons", "grail_fields", "grail_mask", "grail_penalty", "ground_ok",
                 "has_specials", "hop_opt", "is_sea", "land_scope", "node_bit", "on_penalty",
                 "opening", "prey_class", "prey_lists", "quiet_limits", "quiet_rounds",
                 "quiet_since", "range_", "reach_by_type", "ride_pairs", "seats", "siege",
                 "siege_types", "siege_wins", "team", "team_perm", "vuln_active", "win_all_frozen",
                 "win_annihilation", "win_capital", "win_elimination", "win_one_piece",
                 "win_team_elimination", "win_team_freeze", *SPECIAL_SLOTS)

    def __init__(self, c: Compiled, opts: Any, team_game: bool) -> None:
        self.team, self.is_sea, self.castle_owner = c.team_of, c.is_sea, c.castle_owner
        self.seats = len(c.seat_ids)  # the number of seats (the mover, state.mover_of)
        self.ground_ok = bool(opts.vessel_in_harbour_counts_as_ground)  # CARRY-9
        self.team_perm = bool(team_game)  # TEAM-7, TEAM-9, TEAM-11, TEAM-13
        self.hop_opt = bool(opts.siege_seize_from_adjacent_tower)  # PIECE-SIEGE-4
        self.by_type = [
            [(adj[t], [bool(x) for x in c.stand[t]], c.jumps_own[t],
              c.siege[t] and not opts.siege_may_enter_own_castle,  # PIECE-SIEGE-14, CONF-34
              [(v, row) for v, row in enumerate(adj[t])])
             for adj in (c.adj_unloaded, c.adj_loaded)]
            for t in range(len(c.type_names))]
        self.carries, self.siege = c.carries, c.siege
        self.capacity = [[row.get(t, 0) for row in c.carries] for t in range(len(c.type_names))]
        self.found: list[tuple[list[tuple[int, int, int] | None], ...]] = [()]
        self.by_kind: tuple[list[list[tuple[int, int, int] | None]], ...] = ([], [], [], [])
        for kind in self.by_kind:
            kind.append([])
        self.range_ = c.range_  # MOVE-5
        self.galleons = bool(c.catapult_cargo_types)  # PIECE-GALLEON-3: see Search.range_left
        lists = list(dict.fromkeys(c.captures))  # CAPT-2
        self.prey_class = [lists.index(caps) for caps in c.captures]
        ntypes = len(c.type_names)
        self.prey_lists = [(False, sorted(caps)) if 2 * len(caps) <= ntypes else
                           (True, [to for to in range(ntypes) if to not in caps])
                           for caps in lists]
        n = len(c.node_ids)
        self.node_bit = [1 << v for v in range(n)]  # the node's bit in the top-piece masks
        self.on_penalty = [False] * n  # castle and grail fields (CASTLE-2, GRAIL-4)
        for v in [f for fs in c.castle_fields for f in fs] + list(c.grail_fields):
            self.on_penalty[v] = True
        # for the destination search (`Search.search`): per type and load, per node the pair
        # (node, its connections) it queues for a field it rides from (PIECE-SOLDIER-4): equal
        # to the one in `by_type`, but another object; and per node whether it has a drawbridge
        # (DRAW-3: only there the raised drawbridges are looked up)
        self.ride_pairs = [[[(v, row) for v, row in enumerate(adj[t])]
                            for adj in (c.adj_unloaded, c.adj_loaded)] for t in range(ntypes)]
        self.bridge_node = [v in c.tower_front for v in range(n)]

    def add_game_rules(self, g: Any) -> None:
        """What applying an action reads per game (`Game` g), beside the search's tables: the
        victory conditions checked after every action and at a turn's end (WIN-24), the
        no-capture counting options (CONF-20, WIN-25) and the counting scope (CONF-11, VULN-1)."""
        vic, opts = g.victory, g.opts
        self.vuln_active = bool(g.vuln_active)  # VULN-1, VULN-5
        self.land_scope = bool(g.land_scope)  # CONF-11
        c = g.compiled
        self.castle_fields = [list(fs) for fs in c.castle_fields]  # per seat (CASTLE-2)
        self.grail_fields = list(c.grail_fields)  # GRAIL-4
        self.freeze_limit = g.variant.freeze_threshold  # FREEZE-1
        self.any_adj = c.any_adj  # every connection (the destination form of a move)
        self.win_elimination = "elimination" in vic  # WIN-6
        self.win_annihilation = "annihilation" in vic  # WIN-2
        self.win_team_elimination = "team_elimination" in vic  # TEAM-5, TEAM-6
        self.win_capital = "capital_occupation" in vic  # WIN-1
        self.win_team_freeze = "team_freeze" in vic  # TEAM-5
        self.win_all_frozen = "all_others_frozen" in vic  # WIN-7
        self.win_one_piece = "one_piece_left" in vic  # WIN-8
        self.siege_wins = g.siege_victories  # WIN-5, WIN-11, WIN-13, WIN-20, TEAM-6
        self.count_from_start = bool(opts.no_capture_counter_from_start)  # CONF-20
        self.quiet_since = opts.no_capture_window == "rounds_since_last_capture"  # WIN-25
        self.quiet_rounds = opts.no_capture_window == "complete_rounds"  # WIN-25
        # (kind, two-player decider, rounds) of the no-capture limits (WIN-9, WIN-3, TEAM-5)
        self.quiet_limits = []
        for kind in ("no_capture_limit", "team_no_capture_limit"):
            if kind in vic:
                cond = vic[kind]
                two = cond.decider == "enemy_capital"
                rounds = cond.rounds or (opts.two_player_timeout_rounds if two
                                         else opts.no_capture_rounds)
                self.quiet_limits.append((kind, two, rounds))
        # per-game facts the hot path reads per action, without the attribute lookups on the
        # game, variant and options: the budgets (TURN-2, TURN-7/8, CASTLE-2, GRAIL-4), the
        # random policy's special actions (any at all), the siege wins' fields and pieces
        # (WIN-5, WIN-11, WIN-13)
        self.opening = c.opening
        self.base_budget = g.variant.base_budget
        self.castle_penalty = opts.castle_penalty_per_field
        self.grail_penalty = opts.grail_penalty_per_field
        self.has_specials = bool(g.has_specials)
        self.all_castles_mask, self.grail_mask = g.all_castles_mask, g.grail_mask
        self.siege_types = list(g.siege_types)
        # the random policy's reach rows per type and load (`Compiled.reach_by_type`, the same
        # list from now on), a catapult-laden galleon's limit (PIECE-GALLEON-3, CONF-5)
        if not c.reach_by_type:
            c.reach_by_type = [None] * (2 * len(c.type_names))
        self.reach_by_type = c.reach_by_type
        self.catapult_cargo = c.catapult_cargo_types
        self.galleon_cap = opts.catapult_galleon_max_steps
        # the special actions (camels, building, drawbridges, catapults): which generators
        # run, their AP costs and the game's tables they read
        self.has_shooters, self.has_builds = bool(g.has_shooters), bool(g.has_builds)
        self.has_drawbridges = bool(g.has_drawbridges)  # pushes: push_types not empty
        self.shot_cost, self.build_cost = g.variant.shot_cost, g.variant.build_cost
        self.takeover_riders, self.takeover_types = g.takeover_riders, g.takeover_types
        self.push_types, self.push_steps = g.push_types, c.push_steps  # PIECE-CAMEL-5
        self.build_limit, self.builds = c.build_limit, c.builds  # BUILD-1, BUILD-4
        self.build_site_cache = g.build_site_cache  # Building.build_actions
        self.build_rosters = [None] * g.seat_count  # per seat: building.build_roster
        self.shoots = c.shoots  # PIECE-CATAPULT-2
        self.bridge_towers, self.bridge_costs = g.bridge_towers, g.bridge_costs  # DRAW-1

    def found_at(self, maxd: int) -> list[tuple[list[tuple[int, int, int] | None], ...]]:
        """Where `Search.search` keeps its results, made once per game instead of once per
        field: `found[d][kind][v]` is the tuple (v, d, kind) once a search has made it (None
        before), for steps d up to maxd (at most the number of nodes, the deepest a search can
        go) and the kinds K_MOVE, K_MOUNT, K_CAPTURE, K_RIDE; `by_kind[kind][d]` is the same
        list as `found[d][kind]`."""
        found = self.found
        n = len(self.is_sea)
        while len(found) <= min(maxd, n):
            found.append(([None] * n, [None] * n, [None] * n, [None] * n))
            for kind, rows in enumerate(self.by_kind):
                rows.append(found[-1][kind])
        return found


@cython.locals(row=dict)
def carrier_fits(carries: list[dict[int, int]], ptype: list[int], cargo: list[list[int]],
                 carrier: int, t: int) -> bool:
    """`StateData.fits` on the state's lists (CARRY-1 capacity, CARRY-2 one type per load,
    CARRY-6): the carry table's capacity, then `load_fits` (which the search calls with
    `SearchTables.capacity`)."""
    row = carries[ptype[carrier]]
    return load_fits(row.get(t, 0), ptype, cargo[carrier], t)


@cython.boundscheck(False)
@cython.wraparound(False)
@cython.locals(x=cython.Py_ssize_t, xt=cython.Py_ssize_t)
def load_fits(cap: int, ptype: list[int], load: list[int], t: int) -> bool:
    """Can a carrier with room for `cap` pieces of type t (0: none; `SearchTables.capacity`)
    and `load` aboard take one more (CARRY-1 capacity, CARRY-2 one type per load, CARRY-6)?
    A loop, not all(...): compiled, a generator makes a closure per call."""
    if cap == 0:
        return False
    if not load:
        return True
    if len(load) >= cap:
        return False
    for x in load:
        xt = ptype[x]
        if xt != t:
            return False
    return True
