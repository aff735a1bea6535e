# `Moves` as an extension type in the compiled engine: its methods read the state's fields
# directly (`state.pxd`). Read by Cython only.

from editor.engine.search cimport Search, search_of
from editor.engine.state cimport ap_left_of, count_of, mover_of, relocate_piece, unprotected_of
from editor.engine.turns cimport check_immediate_of, end_turn_of


cdef class Moves(Search):
    pass


cpdef normalize_action(Search st, action)
cpdef apply_move(Moves st, a)
