"""What a castle's accesses and the grail need beyond their counts (board area).

- A tower's access is a castle access, not a road or bridge (CASTLE-1, BF-7), and in a castle
  that lies in a moat it crosses the moat by a drawbridge (DRAW-1, BF-8): an error, the engine
  could not raise it.
- The grail has the field directly in front of it (TEAM-13) and the roads leading to it, one
  per grail field (TEAM-12, BF-12). A free-for-all game never reads them, so these are warnings
  here; the pair check makes them errors for a partnership variant
  (`editor.check.pair_checks`, PAIR_GRAIL_TEAM).

`board_checks` registers `castle_accesses` and `grail_front_and_roads` with its other checks.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from editor.i18n import _, ngettext
from editor.model.board import ConnectionKind, Terrain
from editor.model.findings import Finding, Severity, define, pointer_join
from editor.model.terms import connection_name

#: `editor.check.board_checks.Index` (not imported: board_checks imports this module)
Index = Any
E, W = Severity.ERROR, Severity.WARNING

TOWER_ACCESS_KIND = define(
    "TOWER_ACCESS_KIND", E, "Tower access is not a castle access",
    "A tower is entered across its castle access (CASTLE-1, BF-7): set the kind of the "
    "tower's access connection to castle_access (key 5 in Trace).")
TOWER_NO_DRAWBRIDGE = define(
    "TOWER_NO_DRAWBRIDGE", E, "Tower of a moated castle without a drawbridge",
    "In a castle that lies in a moat every tower access crosses it by a drawbridge (DRAW-1, "
    "BF-8): tick 'drawbridge' on the access, or clear the castle's moat.")
GRAIL_FRONT = define(
    "GRAIL_FRONT", W, "Grail without its front field",
    "Name the land field directly in front of the grail fields, joined to them (TEAM-13, "
    "BF-12): the grail's 'front' in the inspector.")
GRAIL_ROADS = define(
    "GRAIL_ROADS", W, "Grail without its roads",
    "List the roads leading to the grail, one per grail field (TEAM-12, BF-12): the grail's "
    "'roads' in the inspector.")


def castle_accesses(ix: Index) -> Iterator[Finding]:
    """TOWER_ACCESS_KIND (CASTLE-1, BF-7) and TOWER_NO_DRAWBRIDGE (DRAW-1, BF-8)."""
    for castle in ix.board.castles:
        for t in castle.towers:
            access = ix.connections.get(t.access)
            if t.field not in ix.fields or access is None or t.field not in (access.a, access.b):
                continue   # TOWER_ACCESS / DANGLING_REFERENCE say so
            ptr = pointer_join("connections", ix.conn_pos[access.id], "kind")
            tower = ix.name(t.field)
            if access.kind != ConnectionKind.CASTLE_ACCESS:
                yield TOWER_ACCESS_KIND.at(
                    _("castle '{castle}': the access '{access}' of tower '{tower}' is a "
                      "{kind}, not a castle access").format(
                        castle=castle.id, access=access.id, tower=tower,
                        kind=connection_name(access.kind)),
                    ptr, element=t.field)
            elif castle.moat and not access.drawbridge:
                yield TOWER_NO_DRAWBRIDGE.at(
                    _("castle '{castle}' lies in a moat but the access '{access}' of tower "
                      "'{tower}' has no drawbridge").format(
                        castle=castle.id, access=access.id, tower=tower),
                    pointer_join("connections", ix.conn_pos[access.id]), element=t.field)


def grail_front_and_roads(ix: Index) -> Iterator[Finding]:
    """GRAIL_FRONT (TEAM-13) and GRAIL_ROADS (TEAM-12), both BF-12."""
    g = ix.board.grail
    if g is None or not g.fields:
        return
    grail = set(g.fields)
    front = ix.fields.get(g.front) if g.front else None
    if g.front is None:
        yield GRAIL_FRONT.at(_("the grail has no front field"), pointer_join("grail"),
                             element="grail")
    elif front is not None and (g.front in grail or front.terrain != Terrain.LAND):
        what = (_("the grail's front field '{front}' is one of the grail "
                  "fields") if g.front in grail
                else _("the grail's front field '{front}' is a sea field"))
        yield GRAIL_FRONT.at(what.format(front=ix.name(g.front)),
                             pointer_join("grail", "front"), element="grail")
    elif front is not None and not any(frozenset((g.front, f)) in ix.pairs for f in grail):
        yield GRAIL_FRONT.at(
            _("the grail's front field '{front}' is joined to no grail field").format(
                front=ix.name(g.front)),
            pointer_join("grail", "front"), element="grail")
    yield from _roads(ix, grail)


def _roads(ix: Index, grail: set[str]) -> Iterator[Finding]:
    roads = ix.board.grail.roads
    if not roads:
        yield GRAIL_ROADS.at(_("the grail has no roads leading to it"), pointer_join("grail"),
                             element="grail")
        return
    reached: set[str] = set()
    for j, cid in enumerate(roads):
        c = ix.connections.get(cid)
        if c is None:
            continue   # DANGLING_REFERENCE
        ends = {c.a, c.b} & grail
        if c.kind not in (ConnectionKind.ROAD, ConnectionKind.BRIDGE) or not ends:
            yield GRAIL_ROADS.at(
                (_("grail road '{road}' is a {kind} ending at a grail field; a grail road is a "
                   "road or bridge leading to a grail field") if ends else
                 _("grail road '{road}' is a {kind} that ends at no grail field; a grail road is "
                   "a road or bridge leading to a grail field")).format(
                    road=cid, kind=connection_name(c.kind)),
                pointer_join("grail", "roads", j), element="grail")
        reached |= ends
    missing = [ix.name(f) for f in ix.board.grail.fields if f not in reached and f in ix.fields]
    if missing:
        yield GRAIL_ROADS.at(
            ngettext("no grail road leads to grail field {fields}",
                     "no grail road leads to grail fields {fields}", len(missing)).format(
                fields=", ".join(repr(m) for m in missing)),
            pointer_join("grail", "roads"), element="grail")
