"""The few names of Cython's pure-Python mode the engine uses, as no-ops, for an install without
Cython: the interpreted engine then runs the same files unchanged (`editor.engine.native`).

A module that declares C types for its compiled form imports them as

    try:
        import cython
    except ImportError:
        from editor.engine import cython_shim as cython
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Py_ssize_t = int
bint = bool
compiled = False  # `cython.compiled`: False, this is the interpreted form


class _CType:
    """A C type name whose `[::1]` (a typed memoryview) is also a no-op."""

    def __getitem__(self, _item: Any) -> _CType:
        return self


longlong = _CType()


def locals(**_types: Any) -> Callable[[Callable], Callable]:  # Cython's name
    """`@cython.locals(name=type, ...)`: C types of a function's locals; here nothing."""
    return lambda function: function


def _no_op_decorator(*_args: Any, **_kwargs: Any) -> Callable[[Callable], Callable]:
    return lambda function: function


boundscheck = wraparound = _no_op_decorator  # `@cython.boundscheck(False)`: here nothing
returns = exceptval = _no_op_decorator  # a C function's return type and error value: nothing


def ccall(function: Callable) -> Callable:
    """`@cython.ccall`: a function C code calls directly (and Python as usual); here unchanged."""
    return function
