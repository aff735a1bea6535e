"""User-facing wording: counts with the right singular or plural noun, in the user's language."""

from __future__ import annotations

from collections.abc import Callable

from editor.i18n import ngettext

#: nouns whose plural is not NOUN + "s"
_IRREGULAR = {"child": "children"}

#: the nouns the GUI counts -> their count in the user's language ("3 Felder", "3 campi")
COUNTS: dict[str, Callable[[int], str]] = {
    "field": lambda n: ngettext("{n} field", "{n} fields", n),
    "connection": lambda n: ngettext("{n} connection", "{n} connections", n),
    "region": lambda n: ngettext("{n} region", "{n} regions", n),
    "arrow slit": lambda n: ngettext("{n} arrow slit", "{n} arrow slits", n),
    "castle": lambda n: ngettext("{n} castle", "{n} castles", n),
    "seat": lambda n: ngettext("{n} seat", "{n} seats", n),
    "setup": lambda n: ngettext("{n} setup", "{n} setups", n),
    "island": lambda n: ngettext("{n} island", "{n} islands", n),
    "tower": lambda n: ngettext("{n} tower", "{n} towers", n),
    "corner": lambda n: ngettext("{n} corner", "{n} corners", n),
    "start piece": lambda n: ngettext("{n} start piece", "{n} start pieces", n),
    "element": lambda n: ngettext("{n} element", "{n} elements", n),
    "problem": lambda n: ngettext("{n} problem", "{n} problems", n),
    "finding": lambda n: ngettext("{n} finding", "{n} findings", n),
    "error": lambda n: ngettext("{n} error", "{n} errors", n),
    "proposal": lambda n: ngettext("{n} proposal", "{n} proposals", n),
    "proposed element": lambda n: ngettext("{n} proposed element", "{n} proposed elements",
                                           n),
    "member": lambda n: ngettext("{n} member", "{n} members", n),
    "road": lambda n: ngettext("{n} road", "{n} roads", n),
    "sea lane": lambda n: ngettext("{n} sea lane", "{n} sea lanes", n),
    "harbour link": lambda n: ngettext("{n} harbour link", "{n} harbour links", n),
    "bridge": lambda n: ngettext("{n} bridge", "{n} bridges", n),
    "castle access": lambda n: ngettext("{n} castle access", "{n} castle accesses", n),
    "wilderness path": lambda n: ngettext("{n} wilderness path", "{n} wilderness paths", n),
}


def plural(n: int, noun: str, many: str | None = None) -> str:
    """`1 error`, `0 errors`, `2 errors` (`many` overrides the plural form); a noun of
    `COUNTS` in the user's language ("2 Fehler")."""
    counted = COUNTS.get(noun) if many is None else None
    if counted is not None:
        return counted(n).format(n=n)
    if n == 1:
        return f"{n} {noun}"
    if many or noun in _IRREGULAR:
        return f"{n} {many or _IRREGULAR[noun]}"
    ending = "es" if noun.endswith(("s", "x", "ch", "sh")) else "s"   # castle accesses
    return f"{n} {noun}{ending}"
