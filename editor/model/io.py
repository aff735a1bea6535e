"""Reading and writing the JSON file formats.

Reading never raises for bad input: it returns the findings (encoding, JSON syntax with
line:column, format tag, structure with JSON pointer and line:column) and the model when there
were none. Writing is deterministic (model key order, element order kept, rounded floats,
2-space indent, trailing newline) and atomic (temporary file, fsync, rename, `NAME.bak`).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypeVar

import json_source_map
from pydantic import BaseModel, ValidationError

from editor.model.findings import Finding, Severity, define, pointer_join

M = TypeVar("M", bound=BaseModel)

FILE_UNREADABLE = define(
    "FILE_UNREADABLE", Severity.ERROR, "File cannot be read",
    "Check that the path exists and is a readable file.", area="file")
ENCODING = define(
    "ENCODING", Severity.ERROR, "File is not UTF-8",
    "Save the file as UTF-8 text.", area="file")
JSON_SYNTAX = define(
    "JSON_SYNTAX", Severity.ERROR, "Invalid JSON",
    "Fix the JSON syntax at the given line and column (a truncated file, a missing comma or "
    "quote, or NaN/Infinity, which JSON does not allow).", area="file")
FORMAT_TAG = define(
    "FORMAT_TAG", Severity.ERROR, "Wrong or missing format tag",
    "Set the top-level \"format\" key to the format this file is meant to be.", area="file")
SCHEMA = define(
    "SCHEMA", Severity.ERROR, "Structure does not match the schema",
    "Correct the value at the JSON pointer; the schema in schema/ lists what is allowed.",
    area="file")


class SourceMap:
    """Maps JSON pointers to 1-based line:column in the original text (computed lazily)."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._map: dict | None = None

    def position(self, pointer: str) -> tuple[int, int] | None:
        if self._map is None:
            try:
                self._map = json_source_map.calculate(self._text)
            except Exception:  # the library only accepts valid JSON; we only ask then
                self._map = {}
        probe = pointer
        while True:
            entry = self._map.get(probe)
            if entry is not None:
                loc = entry.key_start or entry.value_start
                return loc.line + 1, loc.column + 1
            if not probe:
                return None
            probe = probe.rsplit("/", 1)[0]  # a missing key: point at the enclosing object

    def locate(self, finding: Finding, path: str | None) -> Finding:
        pos = self.position(finding.pointer) if finding.line is None else None
        line, col = pos if pos else (finding.line, finding.column)
        return finding.located(path, line, col)


@dataclass
class LoadResult(Generic[M]):
    """The outcome of reading a file: the model (None when it could not be built) and findings."""

    model: M | None
    findings: list[Finding] = field(default_factory=list)
    source: SourceMap | None = None
    path: str | None = None

    def locate(self, findings: list[Finding]) -> list[Finding]:
        """Give findings (e.g. from semantic checks) this file's path and line:column."""
        if self.source is None:
            return [f.located(self.path) for f in findings]
        return [self.source.locate(f, self.path) for f in findings]


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, col


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not valid JSON")


def _pydantic_findings(error: ValidationError) -> list[Finding]:
    seen: set[tuple[str, str]] = set()
    out: list[Finding] = []
    for err in error.errors(include_url=False):
        loc = [p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-"))]
        pointer = pointer_join(*loc)
        message = err["msg"]
        if err["type"] == "missing":
            message = f"required key '{loc[-1]}' is missing"
            pointer = pointer_join(*loc[:-1]) if len(loc) > 1 else ""
        elif err["type"] == "extra_forbidden":
            message = f"unknown key '{loc[-1]}' (not part of the format; check its spelling)"
        elif loc:
            shown = json.dumps(err.get("input"), ensure_ascii=False, default=str)
            if len(shown) > 60:
                shown = shown[:57] + "..."
            message = f"'{loc[-1]}': {message[0].lower()}{message[1:]} (got {shown})"
        key = (pointer, message)
        if key in seen:
            continue
        seen.add(key)
        out.append(SCHEMA.at(message, pointer))
    return out


def parse_document(text: str, model: type[M], format_tag: str,
                   path: str | None = None) -> LoadResult[M]:
    """Validate JSON text as `model`; never raises for bad input."""
    result: LoadResult[M] = LoadResult(None, path=path)
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        result.findings.append(
            JSON_SYNTAX.at(f"invalid JSON: {exc.msg}", line=exc.lineno, column=exc.colno)
            .located(path))
        return result
    except ValueError as exc:  # NaN / Infinity
        result.findings.append(JSON_SYNTAX.at(f"invalid JSON: {exc}").located(path))
        return result
    except RecursionError:
        result.findings.append(JSON_SYNTAX.at("invalid JSON: nesting too deep").located(path))
        return result
    result.source = SourceMap(text)
    if not isinstance(data, dict) or data.get("format") != format_tag:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        msg = (f"expected a JSON object with \"format\": \"{format_tag}\", found "
               f"{json.dumps(found, default=str)}")
        pointer = "/format" if isinstance(data, dict) and "format" in data else ""
        result.findings = result.locate([FORMAT_TAG.at(msg, pointer)])
        return result
    try:
        result.model = model.model_validate_json(text, strict=True)
    except ValidationError as exc:
        result.findings = result.locate(_pydantic_findings(exc))
    except (ValueError, RecursionError) as exc:  # e.g. integers beyond what JSON parsers take
        result.findings = result.locate([SCHEMA.at(f"cannot read the document: {exc}")])
    return result


def load_document(path: str | os.PathLike[str], model: type[M],
                  format_tag: str) -> LoadResult[M]:
    """Read and validate a file as `model`; never raises for bad input."""
    shown = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        reason = exc.strerror or str(exc)
        return LoadResult(None, [FILE_UNREADABLE.at(f"cannot read file: {reason}").located(shown)],
                          path=shown)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = raw[: exc.start].decode("utf-8", errors="replace")
        line, col = _line_col(good, len(good))
        finding = ENCODING.at(f"byte 0x{raw[exc.start]:02x} at offset {exc.start} is not UTF-8",
                              line=line, column=col)
        return LoadResult(None, [finding.located(shown)], path=shown)
    if text.startswith("\ufeff"):
        text = text[1:]
    return parse_document(text, model, format_tag, shown)


def dump_document(model: BaseModel) -> str:
    """Deterministic JSON text: the format tag first, defaults omitted, trailing newline."""
    data = model.model_dump(mode="json", exclude_defaults=True)
    tag = getattr(model, "format", None)
    if tag is not None:
        data = {"format": tag, **{k: v for k, v in data.items() if k != "format"}}
    return json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def atomic_write_text(path: str | os.PathLike[str], text: str, *, backup: bool = True) -> None:
    """Write text atomically: temp file in the same folder, fsync, rename.

    The previous file, if any, is kept as `NAME.bak`. Raises OSError when the write fails; the
    original file is then untouched.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if backup and target.exists():
            shutil.copy2(target, target.with_name(target.name + ".bak"))
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def save_document(model: BaseModel, path: str | os.PathLike[str], *, backup: bool = True) -> None:
    atomic_write_text(path, dump_document(model), backup=backup)
