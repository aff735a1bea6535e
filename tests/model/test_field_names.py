"""Names people read (ARCHITECTURE.md 11, BOARD-5): fields by printed number, qualified by island
or terrain where the number repeats, by id without a number; typed names accept numbers, ids and
former ids (`Field.former_ids`), and refuse what is ambiguous."""

from __future__ import annotations

from editor.model.board import Board
from editor.model.names import FieldNames


def _board(fields: list[dict]) -> Board:
    return Board.model_validate({
        "format": "conquest-board/1", "name": "n",
        "fields": [{"terrain": "land", "x": 1.0, "y": 1.0, **f} for f in fields]})


def _names() -> FieldNames:
    return FieldNames(_board([
        {"id": "s.11", "number": 11, "former_ids": ["s.L3"]},
        {"id": "a", "number": 7, "island": "west"},
        {"id": "b", "number": 7, "island": "east"},
        {"id": "pad"},
        {"id": "12", "number": 13},
        {"id": "x", "number": 12},
    ]))


def test_a_field_is_called_by_its_printed_number():
    names = _names()
    assert names.name("s.11") == "11" and names.name("pad") == "pad"
    assert (names.name("a"), names.name("b")) == ("7/west", "7/east")
    # 12 is the id of one field and printed on another: neither is called '12'
    assert names.name("x") == "x" and names.name("12") == "13"


def test_typed_names_accept_numbers_ids_and_former_ids():
    names = _names()
    assert names.resolve("11").field == "s.11" and names.resolve("s.L3").field == "s.11"
    assert names.resolve("7/east").field == "b" and names.resolve("pad").field == "pad"
    assert names.resolve("7").field is None and "7/west" in names.resolve("7").problem
    assert names.resolve("12").field is None


def test_notation_shown_with_names_translates_back_to_ids():
    names = _names()
    text = "(S[2] s.11>a, K pad#b)"
    shown = names.show(text)
    assert shown == "(S[2] 11>7/west, K pad#7/east)"
    assert names.translate(shown) == (text, [])
    assert names.translate("E s.L3>7") == ("E s.11>7", ["number 7 is printed on fields "
                                                         "['a', 'b']: write 7/west or 7/east"])
