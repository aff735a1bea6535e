"""The rule books' words for pieces and seats, in the user's language (no Qt).

Piece types and seats are ids in the variant files (`siege_engine`, `north`); people read the
rule book's word for them: Elefant, Reiter, Belagerungsmaschine, Zugbrücke; elefante,
cavaliere, arma d'assedio, ponte levatoio. The German and Italian words are taken from the rule
books (the glossary heads each catalogue in editor/locale and docs/glossary.md). An id not
listed here is shown as it is written, with spaces for underscores.
"""

from __future__ import annotations

from editor.i18n import N_, _

#: piece type id -> its English name (marked; the catalogues hold the rule books' words)
PIECE_NAMES: dict[str, str] = {
    "soldier": N_("soldier"), "elephant": N_("elephant"), "knight": N_("knight"),
    "chariot": N_("chariot"), "ship": N_("ship"), "galleon": N_("galleon"),
    "camel": N_("camel"), "catapult": N_("catapult"), "siege_tower": N_("siege tower"),
    "siege_engine": N_("siege engine"),
}

#: seat id -> its English name (the compass points of the boards)
SEAT_NAMES: dict[str, str] = {
    "north": N_("north"), "south": N_("south"), "east": N_("east"), "west": N_("west"),
}


def piece_name(type_id: str) -> str:
    """The rule book's word for a piece type, in the current language."""
    known = PIECE_NAMES.get(type_id)
    return _(known) if known else type_id.replace("_", " ")


def seat_name(seat_id: str) -> str:
    """A seat's name (its compass point), in the current language."""
    known = SEAT_NAMES.get(seat_id)
    return _(known) if known else seat_id.replace("_", " ")
