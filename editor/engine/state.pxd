# C types of `StateData`'s fields for the compiled engine (Cython reads this beside state.py;
# the interpreted engine never does). The names are `StateFields`' own, in its order: a test
# checks that they agree. Containers are typed (C code reads them without a type check per
# access); values stay Python objects (an int keeps Python's semantics), except `_layout`,
# a counter that starts at 0 even in a state made by `__new__`, and the search's scratch:
# its marks and parents are C arrays read through typed memoryviews, its stamp a C integer
# (`search_tables.fresh_scratch`).

from editor.engine.search_tables cimport SearchTables, carrier_fits


cdef class StateData:
    cdef public object game
    cdef public object compiled
    cdef public SearchTables tables
    cdef public list ptype
    cdef public list owner
    cdef public list node
    cdef public list carrier
    cdef public list cargo
    cdef public list steps
    cdef public list orig
    cdef public list occ
    cdef public list top_seat
    cdef public list top_type
    cdef public list cnt_all
    cdef public list cnt_land
    cdef public list captured
    cdef public object turn
    cdef public object ap_spent
    cdef public object quiet
    cdef public object quiet_round_clean
    cdef public object captured_this_turn
    cdef public object window
    cdef public object end_pending
    cdef public object draw
    cdef public object draw_offered
    cdef public object risky
    cdef public object terminal
    cdef public object result_
    cdef public object vuln_end_pending
    cdef public set shots
    cdef public set rshots
    cdef public dict pushed
    cdef public dict raised
    cdef public dict resting
    cdef public object built
    cdef public list frozen_mark
    cdef public object any_capture
    cdef public object keep_undo
    cdef public list _undo
    cdef public long long[::1] _mark
    cdef public long long[::1] _parent
    cdef public long long _stamp
    cdef public list _results
    cdef public list _queue
    cdef public list _roster
    cdef public object _penalty
    cdef public Py_ssize_t _layout
    cdef public object _movable
    cdef public object _budget


cpdef set_piece_node(StateData st, Py_ssize_t pid, Py_ssize_t v)
cpdef detach_piece(StateData st, Py_ssize_t pid)
cpdef put_top_at(StateData st, Py_ssize_t v, Py_ssize_t o)
cpdef set_owner_of(StateData st, Py_ssize_t o, Py_ssize_t s)
cpdef revert_piece(StateData st, Py_ssize_t o)
cpdef relocate_piece(StateData st, Py_ssize_t pid, Py_ssize_t v)
cpdef count_of(StateData st, Py_ssize_t s)
cpdef unprotected_of(StateData st, Py_ssize_t s)
cpdef budget_of(StateData st, object s)
cpdef ap_left_of(StateData st)
cpdef mover_of(StateData st)
cpdef enemy_top_of(StateData st, object s)
cpdef penalties_of(StateData st)
cpdef compute_penalties(StateData st)
