# `Drawbridges` as an extension type in the compiled engine: its methods read the state's
# fields directly (`state.pxd`); the generator is a C function. Read by Cython only.

from editor.engine.search_tables cimport SearchTables
from editor.engine.state cimport StateData


cdef class Drawbridges(StateData):
    pass


cpdef list bridge_actions_of(StateData st, Py_ssize_t s, Py_ssize_t left)
