"""House-rule files being edited (no Qt): the raw variant document, its resolution, and edits.

A `VariantDocument` holds the file's own JSON object (`extends`, `overlays` and the values it
overrides), resolves it again after every edit (findings stay current), tells where each value
comes from (`origin`: this file, an overlay, the parent, or the model default) and lists the
differences against its parent or any other variant (`changes`, `diff_data`).

Edits are `VariantEdit` objects, the same kind as board edits (`editor.model.edit.Edit`): the
operation applies the change and returns the edit; `undo()` / `redo()` replay it, so the editor
wraps them in its one undo-command type. Consecutive changes of one key merge into one edit
(`merge`), which becomes `empty` when the key is back at its start value (the undo command is
then obsolete). Saving writes only what differs from the parent (deterministic key order,
`extends` and `overlays` kept) through the atomic writer of `editor.model.io`.
"""

from __future__ import annotations

import copy
import json
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from editor.model.edit import Edit, EditError
from editor.model.edit_base import EditHistory  # noqa: F401 (its home was this module)
from editor.model.findings import Finding
from editor.model.io import SourceMap, atomic_write_text, load_document
from editor.model.variant import (
    VARIANT_FORMAT,
    ResolvedVariant,
    Variant,
    resolve_variant_data,
)
from editor.model.variant_fields import allowed_keys

#: Keys that describe the file rather than override a value of the parent.
META_KEYS = ("format", "name", "description", "overlay", "extends", "overlays")
#: Keys a diff between two variants leaves out (they always differ).
IDENTITY_KEYS = ("format", "name", "description", "extends", "overlays")


class _Missing:
    """The absence of a key (distinct from JSON null)."""

    def __repr__(self) -> str:
        return "MISSING"

    def __deepcopy__(self, memo: dict) -> _Missing:
        return self


MISSING: Any = _Missing()


def split_pointer(pointer: str) -> list[str]:
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]


def get_pointer(data: Any, pointer: str, default: Any = MISSING) -> Any:
    """The value at a JSON pointer, or `default` when the path does not exist."""
    for part in split_pointer(pointer):
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and part.isdigit() and int(part) < len(data):
            data = data[int(part)]
        else:
            return default
    return data


# ---- differences ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """One key whose value differs: `old` in the first variant, `new` in the second (MISSING
    when absent)."""

    pointer: str
    old: Any
    new: Any

    def to_dict(self) -> dict:
        return {"pointer": self.pointer,
                "a": None if self.old is MISSING else self.old,
                "b": None if self.new is MISSING else self.new,
                "only_in": "a" if self.new is MISSING else "b" if self.old is MISSING else None}


def diff_data(a: Any, b: Any, pointer: str = "", skip: tuple[str, ...] = ()) -> list[Change]:
    """Keys that differ between two JSON values: objects key by key, lists of equal length item
    by item, anything else as a whole. Top-level keys in `skip` are left out."""
    if isinstance(a, dict) and isinstance(b, dict):
        out: list[Change] = []
        for key in [*a, *(k for k in b if k not in a)]:
            if not pointer and key in skip:
                continue
            sub = pointer + "/" + str(key).replace("~", "~0").replace("/", "~1")
            out += diff_data(a.get(key, MISSING), b.get(key, MISSING), sub)
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and a != b:
        return [c for i, (x, y) in enumerate(zip(a, b, strict=True))
                for c in diff_data(x, y, f"{pointer}/{i}")]
    return [] if _same(a, b) else [Change(pointer, a, b)]


def _same(a: Any, b: Any) -> bool:
    """Equal JSON values (true is not 1; 4 and 4.0 are the same number)."""
    return a == b and isinstance(a, bool) == isinstance(b, bool)


def variant_data(variant: Variant) -> dict:
    """A resolved variant as JSON data (every value spelled out)."""
    return variant.model_dump(mode="json")


def diff_variants(a: Variant, b: Variant) -> list[Change]:
    """What differs between two resolved variants (names and descriptions left out)."""
    return diff_data(variant_data(a), variant_data(b), skip=IDENTITY_KEYS)


# ---- where a value comes from --------------------------------------------------------------


@dataclass(frozen=True)
class Origin:
    """Where a resolved value comes from: "file" (this document), "overlay" (with its
    reference), "parent" (with the parent reference) or "default" (the model's default)."""

    kind: str
    source: str | None = None


@dataclass
class _Layers:
    parent: dict | None = None  # the parent chain merged (raw JSON, no defaults)
    overlays: list[tuple[str, dict]] = field(default_factory=list)
    base_variant: Variant | None = None  # parent + overlays, resolved (defaults filled in)
    base_data: dict | None = None  # parent + overlays merged raw (when it does not resolve)


# ---- the document --------------------------------------------------------------------------


class VariantDocument:
    """A variant file being edited: its own JSON object and how it resolves."""

    def __init__(self, raw: dict, path: str | os.PathLike[str] | None = None,
                 base: Path | None = None) -> None:
        self.raw = raw
        self.path = str(path) if path is not None else None
        self.base = base or (Path(self.path).resolve().parent if self.path else Path.cwd())
        self.revision = 0
        #: the file's text while the document still holds what it says (for line:column)
        self._text: tuple[int, str] | None = None
        self._resolved: tuple[int, ResolvedVariant] | None = None
        self._layers: tuple[tuple, _Layers] | None = None
        self._data: tuple[int, dict] | None = None

    # ---- opening -------------------------------------------------------------------------

    @classmethod
    def new(cls, parent: str | None, base: Path | None = None,
            name: str | None = None) -> VariantDocument:
        """A new house rule that extends `parent` (a shipped name or a path)."""
        raw: dict = {"format": VARIANT_FORMAT}
        if name:
            raw["name"] = name
        if parent:
            raw["extends"] = parent
        return cls(raw, None, base)

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> tuple[VariantDocument | None, list[Finding]]:
        """Read a variant file for editing; None and the findings when it is not a JSON object
        (unreadable, not UTF-8, bad syntax). Other problems are the document's findings."""
        try:
            data = json.loads(Path(path).read_bytes().decode("utf-8-sig"))
        except (OSError, ValueError, RecursionError):
            data = None
        if not isinstance(data, dict):
            return None, load_document(path, Variant, VARIANT_FORMAT).findings
        doc = cls(data, path)
        doc._text = (0, Path(path).read_bytes().decode("utf-8-sig"))
        return doc, []

    # ---- resolution ----------------------------------------------------------------------

    def touch(self) -> None:
        """Note that `raw` changed (edits call this; resolution is redone on demand)."""
        self.revision += 1

    @property
    def resolved(self) -> ResolvedVariant:
        if self._resolved is None or self._resolved[0] != self.revision:
            where = self.path or "<new variant>"
            rv = resolve_variant_data(copy.deepcopy(self.raw), self.base, where)
            rv.findings = self._locate(rv.findings, where)
            self._resolved = (self.revision, rv)
        return self._resolved[1]

    @property
    def variant(self) -> Variant | None:
        return self.resolved.variant

    @property
    def findings(self) -> list[Finding]:
        return self.resolved.findings

    def _locate(self, findings: list[Finding], where: str) -> list[Finding]:
        """Findings about this document's own keys, located in the text it would save."""
        text = self._text[1] if self._text and self._text[0] == self.revision else None
        source = SourceMap(text if text is not None else self.to_text(minimal=False))
        out = []
        for f in findings:
            mine = bool(f.pointer) and get_pointer(self.raw, f.pointer) is not MISSING
            if mine or (f.path in (None, where) and f.line is None):
                f = source.locate(replace(f, line=None, column=None), where)
            out.append(f)
        return out

    def _layer_data(self) -> _Layers:
        key = (json.dumps(self.raw.get("extends")), json.dumps(self.raw.get("overlays")),
               str(self.base))
        if self._layers is not None and self._layers[0] == key:
            return self._layers[1]
        layers = _Layers()
        extends = self.raw.get("extends")
        overlays = self.raw.get("overlays") if isinstance(self.raw.get("overlays"), list) else []
        if extends:
            layers.parent = resolve_variant_data({"extends": extends}, self.base).raw
        for ref in overlays:
            sub = resolve_variant_data({"overlays": [ref]}, self.base).raw
            if sub is not None:
                layers.overlays.append((str(ref), sub))
        if extends or overlays:
            both = resolve_variant_data({"extends": extends, "overlays": overlays}, self.base)
            layers.base_variant, layers.base_data = both.variant, both.raw
        self._layers = (key, layers)
        return layers

    @property
    def parent_variant(self) -> Variant | None:
        """The parent with this file's overlays applied, resolved (None without a parent or
        when it does not resolve)."""
        return self._layer_data().base_variant

    def parent_data(self) -> dict:
        """What this file's own keys override: the resolved parent + overlays as JSON data
        (defaults spelled out when it resolves), {} without a parent."""
        layers = self._layer_data()
        if layers.base_variant is not None:
            return variant_data(layers.base_variant)
        return copy.deepcopy(layers.base_data or {})

    def data(self) -> dict:
        """The resolved variant as JSON data (every value spelled out; the merged raw object
        while it does not resolve), cached until the next edit."""
        if self._data is None or self._data[0] != self.revision:
            data = variant_data(self.variant) if self.variant is not None else (
                self.resolved.raw or self.raw)
            self._data = (self.revision, data)
        return self._data[1]

    def value(self, pointer: str) -> Any:
        """The resolved value at a pointer (MISSING when the variant has no such key)."""
        return get_pointer(self.data(), pointer)

    def origin(self, pointer: str) -> Origin:
        """Where the value at `pointer` comes from."""
        if get_pointer(self.raw, pointer) is not MISSING:
            return Origin("file", self.path)
        layers = self._layer_data()
        for ref, data in reversed(layers.overlays):
            if get_pointer(data, pointer) is not MISSING:
                return Origin("overlay", ref)
        if layers.parent is not None and get_pointer(layers.parent, pointer) is not MISSING:
            return Origin("parent", str(self.raw.get("extends")))
        return Origin("default")

    def changes(self, against: Variant | None = None) -> list[Change]:
        """Differences from `against` (default: the parent with the overlays), old = theirs."""
        other = against if against is not None else self.parent_variant
        mine = self.data()
        theirs = variant_data(other) if other is not None else self.parent_data()
        return diff_data(theirs, mine, skip=IDENTITY_KEYS)

    # ---- saving --------------------------------------------------------------------------

    def minimal_data(self) -> dict:
        """The file's content: its meta keys and only the values that differ from the parent,
        in a deterministic order (format, name, description, overlay, extends, overlays, then
        the model's field order)."""
        parent = self.parent_data() if (self.raw.get("extends") or self.raw.get("overlays")) \
            else None
        out: dict = {"format": self.raw.get("format", VARIANT_FORMAT)}
        for key in META_KEYS[1:]:
            if key in self.raw:
                out[key] = copy.deepcopy(self.raw[key])
        rest = {k: v for k, v in self.raw.items() if k not in META_KEYS}
        body = _strip_equal(rest, parent) if parent is not None else copy.deepcopy(rest)
        out.update(_ordered(body, ""))
        return out

    def to_text(self, minimal: bool = True) -> str:
        data = self.minimal_data() if minimal else self.raw
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    def save(self, path: str | os.PathLike[str] | None = None) -> str:
        """Write the minimal file atomically (to `path`, else the document's own path); the
        document then holds exactly what was written. Returns the path."""
        target = str(path) if path is not None else self.path
        if target is None:
            raise EditError("the variant has no file yet: choose where to save it")
        text = self.to_text()
        atomic_write_text(target, text)
        self.raw = self.minimal_data()
        self.path = target
        self.base = Path(target).resolve().parent
        self.touch()
        self._text = (self.revision, text)
        return target


def _strip_equal(own: Any, parent: Any) -> Any:
    """`own` without the keys whose value equals the parent's (objects recursively)."""
    if isinstance(own, dict) and isinstance(parent, dict):
        out = {}
        for key, value in own.items():
            if key not in parent:
                out[key] = copy.deepcopy(value)
                continue
            sub = _strip_equal(value, parent[key])
            if sub is not MISSING and not (isinstance(sub, dict) and not sub
                                           and isinstance(value, dict)):
                out[key] = sub
        return out
    return MISSING if _same(own, parent) else copy.deepcopy(own)


def _ordered(data: Any, pointer: str) -> Any:
    """Objects in the model's field order (dicts keyed by names: sorted)."""
    if isinstance(data, list):
        return [_ordered(v, f"{pointer}/{i}") for i, v in enumerate(data)]
    if not isinstance(data, dict):
        return data
    order = allowed_keys(Variant, pointer) or []
    rank = {k: i for i, k in enumerate(order)}
    keys = sorted(data, key=lambda k: (rank.get(k, len(rank)), k))
    return {k: _ordered(data[k], f"{pointer}/{k}") for k in keys}


# ---- edits ---------------------------------------------------------------------------------


def _put(doc: VariantDocument, pointer: str, value: Any) -> None:
    """Set (or with MISSING remove) the value at a pointer of the raw document; missing
    objects on the way are created, objects left empty by a removal are dropped."""
    parts = split_pointer(pointer)
    if not parts:
        raise EditError("cannot replace the whole variant")
    trail: list[tuple[Any, Any]] = []
    node: Any = doc.raw
    for part in parts[:-1]:
        if isinstance(node, list):
            node = node[int(part)]
            continue
        if not isinstance(node.get(part), dict | list):
            if value is MISSING:
                return
            node[part] = {}
        trail.append((node, part))
        node = node[part]
    last = parts[-1]
    if isinstance(node, list):
        node[int(last)] = copy.deepcopy(value)
    elif value is MISSING:
        node.pop(last, None)
        for owner, key in reversed(trail):
            if owner[key] == {}:
                del owner[key]
            else:
                break
    else:
        node[last] = copy.deepcopy(value)
    doc.touch()


@dataclass
class KeyChange:
    """A primitive change of one key of the raw document (MISSING = absent)."""

    doc: VariantDocument
    pointer: str
    old: Any
    new: Any

    def apply(self) -> None:
        _put(self.doc, self.pointer, self.new)

    def revert(self) -> None:
        _put(self.doc, self.pointer, self.old)


class VariantEdit(Edit):
    """An edit of a variant document; touched keys are ("variant", pointer)."""

    def merge(self, later: Edit) -> None:
        """Fold a later change of the same key into this edit (typing, spin boxes)."""
        mine = {op.pointer: op for op in self.ops if isinstance(op, KeyChange)}
        for op in later.ops:
            known = mine.get(op.pointer) if isinstance(op, KeyChange) else None
            if known is not None and len(later.ops) == 1:
                known.new = op.new
            else:
                self.ops.append(op)
        self.touched |= later.touched

    @property
    def empty(self) -> bool:
        """True when the edit changes nothing (also after merging back to the start value)."""
        return all(isinstance(op, KeyChange) and _same(op.old, op.new) for op in self.ops)


def _record(doc: VariantDocument, changes: list[tuple[str, Any]]) -> VariantEdit:
    edit = VariantEdit()
    for pointer, value in changes:
        old = copy.deepcopy(get_pointer(doc.raw, pointer))
        if _same(old, value):
            continue
        op = KeyChange(doc, pointer, old, copy.deepcopy(value))
        op.apply()
        edit.ops.append(op)
        edit.touched.add(("variant", pointer))
    return edit


def _materialise(doc: VariantDocument, pointer: str) -> list[tuple[str, Any]]:
    """Changes that first copy, from the resolved variant, any list on the pointer's way that
    the file does not have yet (lists replace their parent's list as a whole)."""
    out: list[tuple[str, Any]] = []
    parts = split_pointer(pointer)
    for i in range(1, len(parts)):
        prefix = "/" + "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts[:i])
        value = doc.value(prefix)
        if isinstance(value, list) and get_pointer(doc.raw, prefix) is MISSING:
            out.append((prefix, value))
    return out


def set_value(doc: VariantDocument, pointer: str, value: Any) -> VariantEdit:
    """Override the value at `pointer` in this file (e.g. "/options/no_capture_rounds")."""
    return _record(doc, [*_materialise(doc, pointer), (pointer, value)])


def reset_value(doc: VariantDocument, pointer: str) -> VariantEdit:
    """Drop this file's override at `pointer`, so the parent's (or default) value applies.
    Inside a list the file owns, the parent's value is written back instead."""
    parts = split_pointer(pointer)
    for i in range(1, len(parts)):
        prefix = "/" + "/".join(parts[:i])
        if isinstance(get_pointer(doc.raw, prefix), list):
            return _record(doc, [(pointer, get_pointer(doc.parent_data(), pointer))])
    return _record(doc, [(pointer, MISSING)])


def set_option(doc: VariantDocument, name: str, value: Any) -> VariantEdit:
    return set_value(doc, f"/options/{name}", value)


def reset_option(doc: VariantDocument, name: str) -> VariantEdit:
    return reset_value(doc, f"/options/{name}")


def set_piece(doc: VariantDocument, piece: str, prop: str, value: Any) -> VariantEdit:
    """A piece type's property (range, carries, terrain, jumps_own_pieces, ...)."""
    return set_value(doc, f"/pieces/{piece}/{prop}", value)


def set_budget(doc: VariantDocument, value: int, seat: str | None = None) -> VariantEdit:
    """The AP per turn (TURN-2), or with `seat` that seat's opening budget (TURN-7/8)."""
    if seat is None:
        return set_value(doc, "/base_budget", value)
    seats = doc.value("/seats")
    index = next((i for i, s in enumerate(seats if isinstance(seats, list) else [])
                  if isinstance(s, dict) and s.get("id") == seat), None)
    if index is None:
        raise EditError(f"the variant has no seat '{seat}'")
    return set_value(doc, f"/seats/{index}/opening_budget", value)


def set_penalty(doc: VariantDocument, kind: str, value: int) -> VariantEdit:
    """AP lost per castle field (CASTLE-2) or grail field (GRAIL-4) held by an opponent, or the
    freeze threshold (FREEZE-1): kind "castle", "grail" or "freeze"."""
    pointers = {"castle": "/options/castle_penalty_per_field",
                "grail": "/options/grail_penalty_per_field", "freeze": "/freeze_threshold"}
    if kind not in pointers:
        raise EditError(f"unknown penalty '{kind}': use castle, grail or freeze")
    return set_value(doc, pointers[kind], value)


def set_victory(doc: VariantDocument, conditions: list[dict]) -> VariantEdit:
    """Replace the victory conditions (WIN-*, TEAM-5)."""
    return set_value(doc, "/victory", conditions)


def add_victory(doc: VariantDocument, condition: dict) -> VariantEdit:
    current = doc.value("/victory")
    return set_victory(doc, [*(current if isinstance(current, list) else []), condition])


def remove_victory(doc: VariantDocument, index: int) -> VariantEdit:
    current = doc.value("/victory")
    if not isinstance(current, list) or not 0 <= index < len(current):
        raise EditError(f"there is no victory condition {index + 1}")
    return set_victory(doc, current[:index] + current[index + 1:])


def set_extends(doc: VariantDocument, parent: str | None) -> VariantEdit:
    """Change (or with None remove) the parent variant."""
    return _record(doc, [("/extends", parent if parent else MISSING)])


def set_overlays(doc: VariantDocument, overlays: list[str]) -> VariantEdit:
    """Switch overlays on and off: the full list, in the order they apply."""
    return _record(doc, [("/overlays", list(overlays) if overlays else MISSING)])
