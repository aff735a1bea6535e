"""User-facing wording: counts with the right singular or plural noun."""

from __future__ import annotations

#: nouns whose plural is not NOUN + "s"
_IRREGULAR = {"child": "children"}


def plural(n: int, noun: str, many: str | None = None) -> str:
    """`1 error`, `0 errors`, `2 errors` (`many` overrides the plural form)."""
    if n == 1:
        return f"{n} {noun}"
    if many or noun in _IRREGULAR:
        return f"{n} {many or _IRREGULAR[noun]}"
    ending = "es" if noun.endswith(("s", "x", "ch", "sh")) else "s"   # castle accesses
    return f"{n} {noun}{ending}"
