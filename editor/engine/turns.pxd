# `Turns` as an extension type in the compiled engine: its methods read the state's fields
# directly (`state.pxd`). Read by Cython only.

from editor.engine.search_tables cimport SearchTables
from editor.engine.state cimport StateData, budget_of, count_of, mover_of, penalties_of


cdef class Turns(StateData):
    pass


cpdef end_turn_of(StateData st)
cpdef check_turn_end_of(StateData st)
cpdef check_immediate_of(StateData st, Py_ssize_t by, list before)
cpdef siege_win_of(StateData st, kind)
