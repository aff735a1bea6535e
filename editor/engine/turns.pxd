# `Turns` as an extension type in the compiled engine: its methods read the state's fields
# directly (`state.pxd`). Read by Cython only.

from editor.engine.state cimport StateData, budget_of, mover_of, penalties_of


cdef class Turns(StateData):
    pass
