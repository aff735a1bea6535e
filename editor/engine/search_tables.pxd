# `SearchTables` as an extension type in the compiled engine: the search reads its fields
# directly. Read by Cython only.

cdef class SearchTables:
    cdef public list team, is_sea, castle_owner, by_type, carries, siege, found, capacity
    cdef public list range_, prey_lists, prey_class
    cdef public tuple by_kind
    cdef public bint ground_ok, team_perm, hop_opt, galleons
    cdef public object seats
    cdef public list node_bit, on_penalty, quiet_limits
    cdef public bint vuln_active, land_scope, win_elimination, win_annihilation
    cdef public bint win_team_elimination, win_capital, win_one_piece, win_team_freeze, win_all_frozen
    cdef public bint count_from_start, quiet_since, quiet_rounds
    cdef public tuple siege_wins
    cdef public list castle_fields, grail_fields, any_adj
    cdef public Py_ssize_t freeze_limit
    # per-game facts the hot path reads per action (lookup3, see add_game_rules)
    cdef public object base_budget, castle_penalty, grail_penalty, all_castles_mask, grail_mask
    cdef public list opening, siege_types
    cdef public bint has_specials
    cdef public list reach_by_type
    cdef public object catapult_cargo, galleon_cap
    # the special actions' per-game facts (camels, building, drawbridges, catapults)
    cdef public bint has_shooters, has_builds, has_drawbridges
    cdef public Py_ssize_t shot_cost, build_cost
    cdef public list takeover_riders, takeover_types, push_types, push_steps
    cdef public list build_limit, builds, shoots, bridge_towers
    cdef public tuple bridge_costs
    cdef public dict build_site_cache
    cdef public list build_rosters
    # the destination search
    cdef public list ride_pairs, bridge_node


cpdef bint carrier_fits(list carries, list ptype, list cargo, Py_ssize_t carrier, Py_ssize_t t)
cpdef bint load_fits(Py_ssize_t cap, list ptype, list load, Py_ssize_t t)
