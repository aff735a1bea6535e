# `Camels` as an extension type in the compiled engine: its methods read the state's fields
# directly (`state.pxd`); the generators are C functions. Read by Cython only.

from editor.engine.building cimport build_actions_of
from editor.engine.catapults cimport shot_actions_of
from editor.engine.drawbridges cimport bridge_actions_of
from editor.engine.search cimport Search, can_take_over, movable_of, range_left_of, search_of
from editor.engine.search_tables cimport SearchTables
from editor.engine.state cimport StateData, enemy_top_of


cdef class Camels(StateData):
    pass


cpdef list specials_of(Search st, Py_ssize_t s, Py_ssize_t left, bint deferred)
cpdef list push_actions_of(Search st, Py_ssize_t s, Py_ssize_t left, bint deferred)
cpdef list ride_actions_of(Search st, Py_ssize_t s, Py_ssize_t left)
