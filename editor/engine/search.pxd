# `Search` as an extension type in the compiled engine: its methods read the state's fields
# directly (`state.pxd`). Read by Cython only.

from editor.engine.state cimport SearchTables, StateData, carrier_fits


cdef class Search(StateData):
    pass
