"""How a board finding names an element, in the user's language (no Qt): `connection 'c1'`,
`land field 12`, `a region`. The words come from `editor.model.terms`; a field is named by its
printed number where one is known (`FieldNames`)."""

from __future__ import annotations

from collections.abc import Callable

from editor.i18n import N_, _
from editor.model.board import Board
from editor.model.refs import KIND, Occurrence
from editor.model.terms import element_name, field_kind_name

#: a field without a printed number, by its terrain
_A_FIELD = {"land": N_("a land field"), "sea": N_("a sea field")}
#: an element without a printed number, by its noun (editor.model.refs.Kind.noun)
_AN_ELEMENT = {"region": N_("a region"), "field or region": N_("a field or region"),
               "connection": N_("a connection"), "arrow slit": N_("an arrow slit"),
               "castle": N_("a castle"), "seat": N_("a seat"), "setup": N_("a setup"),
               "island": N_("an island")}


def describe(kind: str, ident: str) -> str:
    """`connection 'c1'`, `castle 'south'`: an element's noun (translated) and its id."""
    return _("{kind} '{id}'").format(kind=element_name(kind), id=ident)


def holder(board: Board, collection: str, i: int, what: str) -> str:
    """A duplicate id's element as people read it: a field by its printed number (the id is
    not unique, so the name service cannot say which), anything else by its kind."""
    if collection == "fields":
        f = board.fields[i]
        if f.number is not None:
            return _("{kind} {number}").format(kind=field_kind_name(f.terrain), number=f.number)
        return _(_A_FIELD[f.terrain.value])
    noun = "region" if collection == "regions" else what
    return _(_AN_ELEMENT[noun]) if noun in _AN_ELEMENT else f"a {noun}"


def owner(occ: Occurrence, field_name: Callable[[str], str]) -> str:
    """How a finding names the element holding a reference (`field_name`: a field id as people
    read it)."""
    kind, ident = occ.key
    if kind == "connection":
        return describe(occ.element.kind.value, ident)
    if kind == "field":
        return _("field '{field}'").format(field=field_name(ident))
    return describe(KIND[kind].noun if kind in KIND else ident, ident)
