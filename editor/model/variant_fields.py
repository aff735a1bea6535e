"""What the variant model allows at a JSON pointer: field metadata and spelling suggestions.

Pure introspection of pydantic models (no import of `editor.model.variant`, which uses this
module): `option_infos(Options)` describes every option for `conquest options` and the editor's
generated variant form; `allowed_keys(Variant, pointer)` and `suggest_key` give "did you mean"
hints for unknown keys.
"""

from __future__ import annotations

import difflib
import enum
import json
import types
import typing
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from editor.i18n import _
from editor.model.findings import Finding
from editor.model.io import SCHEMA

# ---- one option, described -------------------------------------------------------------------


@dataclass(frozen=True)
class OptionInfo:
    """Everything a form or a listing shows about one option field."""

    name: str
    type: str  # "bool", "int", "float", "choice", "int|choice", "list", "list|null"
    allowed: tuple[Any, ...]  # the choices (Literal / enum values); () for free values
    minimum: float | None
    maximum: float | None
    default: Any
    conf: tuple[str, ...]
    rules: tuple[str, ...]
    description: str
    required: bool = False
    #: the minimum itself is not allowed (pydantic gt), e.g. a radius above 0
    exclusive_minimum: bool = False

    def to_dict(self) -> dict:
        return {"name": self.name, "type": self.type, "allowed": list(self.allowed),
                "minimum": self.minimum, "maximum": self.maximum, "default": self.default,
                "conf": list(self.conf), "rules": list(self.rules),
                "description": self.description, "exclusive_minimum": self.exclusive_minimum}


def _unannotated(member: Any) -> Any:
    """`Annotated[int, Field(ge=0)]` -> `int` (constraints are read by `_bounds`)."""
    return typing.get_args(member)[0] if typing.get_origin(member) is typing.Annotated else member


def _members(annotation: Any) -> list[Any]:
    """The alternatives of a union (or the annotation itself), constraints stripped."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return [_unannotated(m) for m in typing.get_args(annotation)]
    return [_unannotated(annotation)]


def _constraints(info: FieldInfo) -> list[Any]:
    """The field's own constraints and those of annotated union members (`Steps | "none"`)."""
    found = list(info.metadata)
    if typing.get_origin(info.annotation) in (typing.Union, types.UnionType):
        for m in typing.get_args(info.annotation):
            if typing.get_origin(m) is typing.Annotated:
                for extra in typing.get_args(m)[1:]:
                    found.extend(getattr(extra, "metadata", [extra]))
    return found


def _choices(annotation: Any) -> list[Any]:
    if typing.get_origin(annotation) is Literal:
        return list(typing.get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return [m.value for m in annotation]
    return []


def _type_label(annotation: Any) -> tuple[str, list[Any]]:
    parts: list[str] = []
    allowed: list[Any] = []
    for member in _members(annotation):
        choices = _choices(member)
        if choices:
            parts.append("choice")
            allowed.extend(choices)
        elif member is type(None):
            parts.append("null")
        elif typing.get_origin(member) is list:
            parts.append("list")
            allowed.extend(_choices(typing.get_args(member)[0]))
        else:
            parts.append(getattr(member, "__name__", str(member)))
    return "|".join(dict.fromkeys(parts)), allowed


def _bounds(info: FieldInfo) -> tuple[float | None, float | None, bool]:
    """(minimum, maximum, minimum excluded) of a field's constraints."""
    low = high = None
    exclusive = False
    for m in _constraints(info):
        if getattr(m, "ge", None) is not None:
            low = m.ge
        if getattr(m, "gt", None) is not None:
            low, exclusive = m.gt, True
        high = getattr(m, "le", None) if getattr(m, "le", None) is not None else high
        high = getattr(m, "lt", None) if getattr(m, "lt", None) is not None else high
    return low, high, exclusive


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=lambda v: getattr(v, "value", str(v))))


def field_info(name: str, info: FieldInfo) -> OptionInfo:
    """Describe one pydantic field (its annotation, bounds, default, description, IDs)."""
    label, allowed = _type_label(info.annotation)
    low, high, exclusive = _bounds(info)
    required = info.is_required()
    default = None if required else info.get_default(call_default_factory=True)
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    return OptionInfo(
        name=name, type=label, allowed=tuple(allowed), minimum=low, maximum=high,
        default=_jsonable(default), conf=tuple(extra.get("conf", ())),
        rules=tuple(extra.get("rules", ())), description=info.description or "",
        required=required, exclusive_minimum=exclusive)


def describe_allowed(info: OptionInfo) -> str:
    """Allowed values in one short phrase: choices, numbers with bounds, lists, null."""
    bounds = ""
    if info.minimum is not None or info.maximum is not None:
        low = "" if info.minimum is None else f"{info.minimum:g}"
        low = f">{low}" if info.exclusive_minimum else low
        high = "" if info.maximum is None else f"{info.maximum:g}"
        bounds = f" {low}..{high}"
    choices = "|".join(str(a) for a in info.allowed)
    pieces = []
    for kind in info.type.split("|"):
        if kind == "choice":
            pieces.append(choices)
        elif kind in ("int", "float"):
            pieces.append(kind + bounds)
        elif kind == "list":
            pieces.append(f"list of {choices}" if choices else "list")
        else:
            pieces.append(kind)
    return " or ".join(pieces)


def option_infos(options_model: type[BaseModel]) -> list[OptionInfo]:
    """Every field of the options model, in model (alphabetical) order."""
    return [field_info(n, f) for n, f in options_model.model_fields.items()]


# ---- what is allowed at a pointer ------------------------------------------------------------


def _model_in(annotation: Any) -> Any:
    """The part of an annotation that holds further keys (model, dict or list), if any."""
    for member in _members(annotation):
        origin = typing.get_origin(member)
        if origin in (dict, list) or (isinstance(member, type) and issubclass(member, BaseModel)):
            return member
    return None


def _split(pointer: str) -> list[str]:
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")[1:]]


def field_at(root: type[BaseModel], pointer: str) -> OptionInfo | None:
    """The model field a pointer names (e.g. /options/no_capture_rounds), described."""
    parent, _, name = pointer.rpartition("/")
    node: Any = root
    for part in _split(parent):
        node = _step(node, part)
        if node is None:
            return None
    if isinstance(node, type) and issubclass(node, BaseModel):
        key = name.replace("~1", "/").replace("~0", "~")
        info = node.model_fields.get(key)
        return field_info(key, info) if info is not None else None
    return None


def _step(node: Any, part: str) -> Any:
    """The annotation one pointer step below `node` (None when there is none)."""
    if isinstance(node, type) and issubclass(node, BaseModel):
        info = node.model_fields.get(part)
        return _model_in(info.annotation) if info is not None else None
    if typing.get_origin(node) is dict:
        return _model_in(typing.get_args(node)[1])
    if typing.get_origin(node) is list and part.isdigit():
        return _model_in(typing.get_args(node)[0])
    return None


def allowed_keys(root: type[BaseModel], pointer: str) -> list[str] | None:
    """The key names the model allows in the object at `pointer` (None when unknown)."""
    node: Any = root
    for part in _split(pointer):
        node = _step(node, part)
        if node is None:
            return None
    if isinstance(node, type) and issubclass(node, BaseModel):
        return list(node.model_fields)
    if typing.get_origin(node) is dict:
        return [str(c) for c in _choices(typing.get_args(node)[0])] or None
    return None


def suggest_key(key: str, allowed: list[str]) -> str | None:
    """The allowed name closest to a misspelt key (difflib), or None."""
    close = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
    if not close:
        close = difflib.get_close_matches(key.lower().replace("-", "_").replace(" ", "_"),
                                          allowed, n=1, cutoff=0.6)
    return close[0] if close else None


# ---- findings with suggestions ---------------------------------------------------------------


def _unknown_key(finding: Finding) -> tuple[str, str] | None:
    """(parent pointer, key) of an unknown-key finding (a misspelt field or dict key)."""
    if finding.code != SCHEMA.code or not finding.pointer:
        return None
    pointer = finding.pointer
    if finding.extra.get("schema_error") == "extra_forbidden":  # "unknown key '...'"
        parent, _sep, key = pointer.rpartition("/")
    elif pointer.endswith("/[key]"):
        parent, _sep, key = pointer.removesuffix("/[key]").rpartition("/")
    else:
        return None
    return parent, key.replace("~1", "/").replace("~0", "~")


def suggest_findings(findings: list[Finding], root: type[BaseModel],
                     options_model: type[BaseModel], prefix: str = "") -> list[Finding]:
    """Unknown keys with a "did you mean ...?" (difflib over the names allowed at that JSON
    pointer of `root`), and options written at the top level told to move under 'options'.

    `prefix` is the pointer of the checked object inside `root` (e.g. "/options" for an
    options object validated alone).
    """
    out: list[Finding] = []
    for f in findings:
        found = _unknown_key(f)
        if found is None:
            out.append(_value_hint(f, root, prefix))
            continue
        parent, key = found
        where = prefix + parent
        if where == "" and key in options_model.model_fields:
            out.append(replace(f, message=_(
                "'{key}' is an option and belongs in the \"options\" object, not at the top "
                "level").format(key=key), hint=_(
                "Move \"{key}\" into the \"options\" object (\"options\": {{\"{key}\": "
                "...}}); options are not top-level keys.").format(key=key),
                extra={"move_to": "/options"}))
            continue
        allowed = allowed_keys(root, where) or []
        guess = suggest_key(key, allowed)
        top = suggest_key(key, list(root.model_fields)) if where == "/options" else None
        if guess is None and top is not None:  # a top-level key written inside "options"
            out.append(replace(f, message=_(
                "'{key}' is not an option; did you mean the top-level key '{top}'?").format(
                key=key, top=top), hint=_(
                "Move it out of \"options\" to the top level of the file as \"{top}\".").format(
                top=top),
                extra={"suggestion": top, "move_to": f"/{top}"}))
            continue
        if f.pointer.endswith("/[key]"):  # a dict keyed by a name list (piece types)
            f = replace(f, message=_("unknown name '{key}' in the object at {where}").format(
                key=key, where=where),
                        pointer=f.pointer.removesuffix("/[key]"))
        if guess:
            out.append(replace(f, message=_("{message}; did you mean '{guess}'?").format(
                                   message=f.message, guess=guess),
                               hint=_("Rename '{key}' to '{guess}'.").format(key=key, guess=guess),
                               extra={"suggestion": guess}))
        elif allowed:
            shown = ", ".join(allowed[:12]) + (", ..." if len(allowed) > 12 else "")
            hint = (_("Remove '{key}'; the object at {where} allows: {allowed}.") if where else
                    _("Remove '{key}'; the top level allows: {allowed}."))
            out.append(replace(f, hint=hint.format(key=key, where=where, allowed=shown)))
        else:
            out.append(f)
    return out


def _value_hint(f: Finding, root: type[BaseModel], prefix: str) -> Finding:
    """A wrong value gets a hint naming what the field takes and its default."""
    if f.code != SCHEMA.code or not f.pointer or f.extra.get("schema_error") == "missing":
        return f
    pointer = prefix + f.pointer
    info = field_at(root, pointer)
    while info is None and pointer.count("/") > 1:  # an item inside a list field
        pointer = pointer.rsplit("/", 1)[0]
        info = field_at(root, pointer)
    if info is None:
        return f
    default = "" if info.required else _(" (default {value})").format(
        value=json.dumps(info.default, ensure_ascii=False))
    return replace(f, hint=_("'{name}' takes {allowed}{default}.").format(
        name=info.name, allowed=describe_allowed(info), default=default))


def reference_hint(ref: str, base: Path | None, names: list[str], suffix: str) -> str:
    """A fix hint for a variant reference that names nothing: the closest shipped name or
    file next to the referring file, else the shipped names."""
    candidates = list(names)
    if base is not None and base.is_dir():
        candidates += sorted(p.name for p in base.glob(f"*{suffix}"))[:200]
    stem = Path(ref).name.removesuffix(suffix)
    close = difflib.get_close_matches(stem, candidates, n=1, cutoff=0.6)
    if close:
        return _("Did you mean '{name}'? Correct the reference '{ref}'.").format(
            name=close[0], ref=ref)
    return _("Give a *{suffix} path relative to the referring file, or a shipped name: "
             "{names}.").format(suffix=suffix, names=", ".join(names))
