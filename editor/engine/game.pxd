# C calls from `game.py` in the compiled engine: applying a move and normalizing an action
# (`moves.pxd`), the mover's budget (`state.pxd`); `special_actions_of` for the random policy.
# Read by Cython only.

from editor.engine.camels cimport specials_of
from editor.engine.moves cimport Moves, apply_move, normalize_action
from editor.engine.search cimport Search, search_of
from editor.engine.state cimport ap_left_of, mover_of


cpdef special_actions_of(Search st, bint deferred)
