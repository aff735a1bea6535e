# `Catapults` as an extension type in the compiled engine: its methods read the state's fields
# directly (`state.pxd`); the shot rules are C functions. Read by Cython only.

from editor.engine.responses cimport Responses
from editor.engine.search cimport Search, search_of
from editor.engine.search_tables cimport SearchTables


cdef class Catapults(Responses):
    pass


cpdef tuple fire_set_of(Search st, Py_ssize_t pid, object at)
cpdef object shot_effect_of(Search st, Py_ssize_t pid, Py_ssize_t v, object at)
cpdef list shot_actions_of(Search st, Py_ssize_t s, Py_ssize_t left)
