"""Which of a game state's own fields a module reads or writes (tests/test_architecture.py).

The fields are the engine's (`editor.engine.state.StateData`); outside the engine only the read
API (`editor.engine.view`) and the fields the declaration publishes are used. Python has no
types at this point, so an attribute counts as the state's when

* its name is a raw field that no class outside the engine also uses as an attribute name
  (`ptype`, `occ`, `ap_spent`, ...): on any object, or
* its name is a raw field another class uses too (`owner`, `window`, `steps`, ...) or a private
  name, and the object is a state: `<anything>.state`, a parameter or variable annotated
  `State`/`StateData`, a loop variable over a function annotated to return states, or a name
  assigned from a state, a function annotated to return one, `.clone()`, `.initial_state()`,
  `.empty_state()` or `build_position(...)`, or a name the code's convention gives states
  (`st`, `state`).

A published field assigned on a state counts as well (published fields are read-only).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

_STATE_TYPE = re.compile(r"\bState(Data)?\b")
_MAKES_STATE = {"clone", "initial_state", "empty_state", "build_position"}
_STATE_NAMES = {"st", "state"}


def state_classes(trees: Iterable[ast.AST], root: str = "StateData") -> set[str]:
    """Names of the classes that are the state: `root` and every class built on one of them
    (the engine's mixins and `State`)."""
    classes = [n for t in trees for n in ast.walk(t) if isinstance(n, ast.ClassDef)]
    found = {root}
    grown = True
    while grown:
        grown = False
        for c in classes:
            bases = {ast.unparse(b).rsplit(".", 1)[-1] for b in c.bases}
            if c.name not in found and bases & found:
                found.add(c.name)
                grown = True
    return found


def attribute_names_defined(trees: Iterable[ast.AST], skip: set[str]) -> set[str]:
    """Attribute names the code defines for its own objects, but in the classes `skip`:
    class-body names (fields, methods, properties), `self.x = ...` and command-line option
    names (`args.x`)."""
    out: set[str] = set()
    skipped = {id(n) for t in trees for c in ast.walk(t)
               if isinstance(c, ast.ClassDef) and c.name in skip for n in ast.walk(c)}
    for tree in trees:
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                        out.add(item.name)
                    elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                        out.add(item.target.id)
                    elif isinstance(item, ast.Assign):
                        out |= {t.id for t in item.targets if isinstance(t, ast.Name)}
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and \
                    isinstance(node.value, ast.Name) and node.value.id == "self":
                out.add(node.attr)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr == "add_argument":
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        out.add(arg.value.lstrip("-").replace("-", "_"))
                out |= {k.value.value for k in node.keywords if k.arg == "dest"
                        and isinstance(k.value, ast.Constant)}
    return out


def _state_names(tree: ast.AST) -> set[str]:
    """Names in the module that hold a state (flow-insensitive, to a fixpoint): also the loop
    variables over a call of a module function annotated to return states (`-> list[State]`)."""
    names: set[str] = set(_STATE_NAMES)
    makers = _state_makers(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.For | ast.comprehension) and isinstance(node.target, ast.Name) \
                and isinstance(node.iter, ast.Call) and isinstance(node.iter.func, ast.Name) \
                and node.iter.func.id in makers:
            names.add(node.target.id)
        if isinstance(node, ast.arg) and node.annotation is not None and \
                _STATE_TYPE.search(ast.unparse(node.annotation)):
            names.add(node.arg)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and \
                _STATE_TYPE.search(ast.unparse(node.annotation)):
            names.add(node.target.id)
    assigns = [(t.id, n.value) for n in ast.walk(tree) if isinstance(n, ast.Assign)
               for t in n.targets if isinstance(t, ast.Name)]
    assigns += [(n.target.id, n.value) for n in ast.walk(tree)
                if isinstance(n, ast.NamedExpr | ast.AnnAssign)
                and isinstance(n.target, ast.Name) and n.value is not None]
    grown = True
    while grown:
        grown = False
        for name, value in assigns:
            if name not in names and is_state(value, names, makers):
                names.add(name)
                grown = True
    return names


def _state_makers(tree: ast.AST) -> set[str]:
    """The module's functions annotated to return a state or states."""
    return {f.name for f in ast.walk(tree) if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
            and f.returns is not None and _STATE_TYPE.search(ast.unparse(f.returns))}


def is_state(expr: ast.AST, names: set[str], makers: set[str] = frozenset()) -> bool:
    """Does `expr` evaluate to a state (see the module docstring)?"""
    if isinstance(expr, ast.Name):
        return expr.id in names
    if isinstance(expr, ast.Attribute):
        return expr.attr == "state"
    if isinstance(expr, ast.Call):
        f = expr.func
        called = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) \
            else ""
        return called in _MAKES_STATE or called in makers
    return False


def state_access(path: Path, raw: set[str], shared: set[str], published: set[str]
                 ) -> list[str]:
    """`path:line expression` of every access to a state's own fields in one module: `raw`
    field names, of which `shared` other classes use too; `published` ones may be read."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names, makers = _state_names(tree), _state_makers(tree)
    bad = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        attr = node.attr
        on_state = is_state(node.value, names, makers)
        if (attr in raw and (attr not in shared or on_state)) or (
                on_state and ((attr.startswith("_") and not attr.startswith("__"))
                              or (attr in published and isinstance(node.ctx, ast.Store)))):
            bad.append(f"{path}:{node.lineno} {ast.unparse(node)}")
    return bad
