# `Responses` as an extension type in the compiled engine: its methods read the state's fields
# directly (`state.pxd`). Read by Cython only.

from editor.engine.search cimport Search, search_of


cdef class Responses(Search):
    pass
