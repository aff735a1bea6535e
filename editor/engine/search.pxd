# `Search` as an extension type in the compiled engine: its methods read the state's fields
# directly (`state.pxd`). Read by Cython only.

from editor.engine.search_tables cimport SearchTables, load_fits
from editor.engine.state cimport StateData


cdef class Search(StateData):
    cpdef tuple path_to(self, v)


cpdef bint can_capture(Search st, Py_ssize_t pid, Py_ssize_t o)
cpdef bint bridge_blocks(Search st, Py_ssize_t u, Py_ssize_t v, Py_ssize_t myteam, bint storming)
cpdef bint may_dismount(Search st, Py_ssize_t pid)
cpdef bint partner_mount(Search st, Py_ssize_t o, Py_ssize_t t, Py_ssize_t v)
cpdef bint partner_jump(Search st, Py_ssize_t u, Py_ssize_t v)
cpdef bint can_take_over(Search st, Py_ssize_t pid, Py_ssize_t o, Py_ssize_t u, bint u_rides)
cpdef list _movable_pieces(Search st, object s)
cpdef bint controls_of(Search st, Py_ssize_t s, Py_ssize_t pid)
cpdef movable_of(Search st, object s)
cpdef range_limit_of(Search st, object pid)
cpdef range_left_of(Search st, object pid)
cpdef list search_of(Search st, Py_ssize_t pid, Py_ssize_t maxd)
