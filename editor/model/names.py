"""Names people read: fields by printed number or id, as players and puzzle books name them.

Engine notation names fields by their board id (`E s12>s14`); a tester reading a printed board
names them by the number printed on it (`E 509>510`). `FieldNames` resolves either: a purely
numeric token that is a field id stays that id; one that is a printed number becomes the id of
the field printed with it. A token that is the id of one field and the printed number of another,
or the number printed on two fields, is ambiguous: a finding, never a guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from editor.model.board import Board

_NUMBER = re.compile(r"(?<![A-Za-z0-9_.\-])(\d+)(?![A-Za-z0-9_.\-])")


@dataclass(frozen=True)
class Resolved:
    """A field name resolved to an id, or the reason it cannot be (`problem`)."""

    field: str | None
    problem: str | None = None


class FieldNames:
    """Field ids and printed numbers of one board."""

    def __init__(self, board: Board) -> None:
        self.ids = {f.id for f in board.fields}
        self.by_number: dict[int, list[str]] = {}
        for f in board.fields:
            if f.number is not None:
                self.by_number.setdefault(f.number, []).append(f.id)
        self.number_of = {f.id: f.number for f in board.fields if f.number is not None}

    def resolve(self, name: str) -> Resolved:
        """The field id a name stands for (id, or printed number when no field has that id)."""
        name = name.strip()
        numbered = self.by_number.get(int(name), []) if name.isdigit() else []
        if name in self.ids:
            others = [x for x in numbered if x != name]
            if others:
                return Resolved(None, f"'{name}' is the id of a field and the printed number of "
                                f"field '{others[0]}'")
            return Resolved(name)
        if len(numbered) == 1:
            return Resolved(numbered[0])
        if len(numbered) > 1:
            return Resolved(None, f"number {name} is printed on fields {sorted(numbered)}")
        return Resolved(None, f"no field has the id or printed number '{name}'")

    def label(self, field_id: str) -> str:
        """How a player reads a field: 'id (number)' or the id alone."""
        n = self.number_of.get(field_id)
        return field_id if n is None or str(n) == field_id else f"{field_id} ({n})"

    def translate(self, text: str) -> tuple[str, list[str]]:
        """Engine-notation text with printed numbers replaced by field ids, and the ambiguities.

        Only purely numeric tokens are touched (engine notation has no other numbers); a number
        that names no field is left for the notation parser to report.
        """
        problems: list[str] = []

        def swap(m: re.Match[str]) -> str:
            token = m.group(1)
            got = self.resolve(token)
            if got.field is not None:
                return got.field
            if token in self.ids or int(token) in self.by_number:
                problems.append(got.problem or token)
            return token

        return _NUMBER.sub(swap, text), problems
