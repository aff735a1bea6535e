# The random policy reads the state's fields directly in the compiled engine: `st` is typed as
# the extension type `Search` (`state.pxd`). Read by Cython only.

from editor.engine.game cimport special_actions_of
from editor.engine.search cimport Search, movable_of, range_left_of, search_of
from editor.engine.state cimport ap_left_of, enemy_top_of, mover_of
from editor.engine.search_tables cimport SearchTables
