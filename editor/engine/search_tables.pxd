# `SearchTables` as an extension type in the compiled engine: the search reads its fields
# directly. Read by Cython only.

cdef class SearchTables:
    cdef public list team, is_sea, castle_owner, by_type, carries, siege, found, capacity
    cdef public list range_, prey_lists, prey_class
    cdef public tuple by_kind
    cdef public bint ground_ok, team_perm, hop_opt, galleons
    cdef public object seats


cpdef bint carrier_fits(list carries, list ptype, list cargo, Py_ssize_t carrier, Py_ssize_t t)
cpdef bint load_fits(Py_ssize_t cap, list ptype, list load, Py_ssize_t t)
