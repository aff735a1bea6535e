"""Names people read: fields by printed number, as players and puzzle books name them (no Qt).

People read names, programs read ids (ARCHITECTURE.md 11, BOARD-5). A field is *called* by its
printed number (`37`); where the number is printed on more than one field, by the number and its
island or terrain (`37/south`); by its id only when it has no number (or the qualified number is
still not unique). Everything a person types accepts any of these, the field's id, and a
former id the board keeps for it (`Field.former_ids`, so files written before a rename still
read). A token that is the id of one field and the printed number of another, or a number printed
on two fields, is ambiguous: a problem, never a guess.

`show` turns engine notation (`E s.L3>s.L36`) into what people read (`E 11>37`); `translate`
turns what people typed back into engine notation with ids.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from editor.i18n import _
from editor.model.board import Board

_TOKEN = r"[A-Za-z0-9][A-Za-z0-9_.\-]*"
#: a name as typed: a field id, a printed number, or a number qualified by island or terrain
_TYPED = re.compile(rf"(?<![A-Za-z0-9_.\-\[/])({_TOKEN}(?:/{_TOKEN})?)(?![\]A-Za-z0-9_.\-/])")
#: where engine notation names a field: after a piece letter that starts a part, after a path
#: or target separator, after a drawbridge word
_FIELD_AT = re.compile(
    rf"(?P<pre>(?:^|[(,]\s*|push\s+)[A-Z](?:\[\d+\])?\s+|[>*~#@]\s*|(?:raise|lower)\s+)"
    rf"(?P<field>{_TOKEN})", re.IGNORECASE)


@dataclass(frozen=True)
class Resolved:
    """A field name resolved to an id, or the reason it cannot be (`problem`)."""

    field: str | None
    problem: str | None = None


class FieldNames:
    """Field ids, former ids, printed numbers and the names people read, of one board."""

    def __init__(self, board: Board) -> None:
        self.ids = {f.id for f in board.fields} | {r.id for r in board.regions}
        self.former = {old: f.id for f in board.fields for old in f.former_ids
                       if old not in self.ids}
        self.by_number: dict[int, list[str]] = {}
        for f in board.fields:
            if f.number is not None:
                self.by_number.setdefault(f.number, []).append(f.id)
        self.number_of = {f.id: f.number for f in board.fields if f.number is not None}
        self.qualified: dict[str, str] = {}  # field id -> 'number/island' (repeated numbers)
        self.by_qualified: dict[str, list[str]] = {}
        for f in board.fields:
            if f.number is not None and len(self.by_number[f.number]) > 1:
                name = f"{f.number}/{f.island or f.terrain.value}"
                self.qualified[f.id] = name
                self.by_qualified.setdefault(name, []).append(f.id)
        self.names = {fid: self._name(fid) for fid in self.ids}

    def _name(self, field_id: str) -> str:
        n = self.number_of.get(field_id)
        if n is None:
            return field_id
        if len(self.by_number[n]) == 1 and (str(n) not in self.ids or str(n) == field_id):
            return str(n)
        name = self.qualified.get(field_id)
        if name is not None and self.by_qualified[name] == [field_id]:
            return name
        return field_id

    def name(self, field_id: str) -> str:
        """What people call a field (its printed number where that says which field)."""
        return self.names.get(field_id, field_id)

    def label(self, field_id: str) -> str:
        """Alias of `name` (the play mode's status texts)."""
        return self.name(field_id)

    def resolve(self, name: str) -> Resolved:
        """The field id a typed name stands for: an id, a former id, a printed number (also
        qualified by island or terrain, `37/south`)."""
        name = name.strip()
        if "/" in name and name not in self.ids:
            fids = self.by_qualified.get(name, [])
            if len(fids) == 1:
                return Resolved(fids[0])
            return Resolved(None, _("no single field is called '{name}'").format(name=name))
        numbered = self.by_number.get(int(name), []) if name.isdigit() else []
        if name in self.ids:
            others = [x for x in numbered if x != name]
            if others:
                return Resolved(None, _("'{name}' is the id of a field and the printed number "
                                        "of field '{other}'").format(name=name, other=others[0]))
            return Resolved(name)
        if len(numbered) == 1:
            return Resolved(numbered[0])
        if len(numbered) > 1:
            return Resolved(None, _("number {name} is printed on {n} fields: write {names}").format(
                name=name, n=len(numbered),
                names=_(" or ").join(self.name(x) for x in sorted(numbered))))
        if name in self.former:
            return Resolved(self.former[name])
        return Resolved(None, _("no field has the id or printed number '{name}'").format(name=name))

    def is_name(self, token: str) -> bool:
        """Does a token name a field at all (rightly or ambiguously)?"""
        return (token in self.ids or token in self.former or token in self.by_qualified
                or (token.isdigit() and int(token) in self.by_number))

    def translate(self, text: str) -> tuple[str, list[str]]:
        """Typed notation with every field name replaced by the field's id, and the ambiguous
        names. Tokens that name no field are left for the notation parser to report."""
        problems: list[str] = []

        def swap(m: re.Match[str]) -> str:
            token = m.group(1)
            if not self.is_name(token):
                return token
            got = self.resolve(token)
            if got.field is not None:
                return got.field
            problems.append(got.problem or token)
            return token

        return _TYPED.sub(swap, text), problems

    def show(self, text: str) -> str:
        """Engine notation (field ids) as people read it (field names)."""
        return _FIELD_AT.sub(lambda m: m.group("pre") + self.name(m.group("field")), text)
