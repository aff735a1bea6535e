"""Reading and writing the JSON file formats.

Reading never raises for bad input: it returns the findings (encoding, JSON syntax with
line:column, format tag, structure with JSON pointer and line:column) and the model when there
were none. Writing is deterministic (model key order, element order kept, rounded floats,
2-space indent, trailing newline) and atomic (temporary file, fsync, rename, `NAME.bak`).
"""

from __future__ import annotations

import bisect
import contextlib
import json
import os
import re
import secrets
import shutil
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypeVar

from pydantic import BaseModel, ValidationError

from editor.i18n import _
from editor.model.findings import Finding, Severity, define, pointer_join
from editor.model.migrate import can_migrate, migrate_data

M = TypeVar("M", bound=BaseModel)

#: Largest board, variant or scenario file read (bytes); larger files get FILE_TOO_LARGE
#: without being read, so memory and time never follow a file's size (issue 12).
MAX_FILE_BYTES = 16 * 1024 * 1024


def is_file(path: str | os.PathLike[str]) -> bool:
    """`Path.is_file()` that says False instead of raising for a path the system cannot even
    look up (a name longer than the file system allows, a NUL character)."""
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


def is_dir(path: str | os.PathLike[str]) -> bool:
    """`Path.is_dir()` that says False instead of raising (see `is_file`)."""
    try:
        return Path(path).is_dir()
    except (OSError, ValueError):
        return False


def read_limited(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> bytes:
    """The file's bytes; raises OSError, or `FileTooLarge` after reading at most `limit` + 1
    bytes."""
    with open(path, "rb") as handle:
        raw = handle.read(limit + 1)
    if len(raw) > limit:
        raise FileTooLarge(limit)
    return raw


class FileTooLarge(Exception):
    """A file above `MAX_FILE_BYTES`."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"the file is larger than {limit // (1024 * 1024)} MiB")
        self.limit = limit

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
FILE_TOO_LARGE = define(
    "FILE_TOO_LARGE", Severity.ERROR, "File is larger than the limit",
    "Board, variant and scenario files are far smaller than 16 MiB (the reference boards are "
    "about 0.2 MB); remove what does not belong in the file.", area="file")
SCHEMA = define(
    "SCHEMA", Severity.ERROR, "Structure does not match the schema",
    "Correct the value at the JSON pointer; the schema in schema/ lists what is allowed.",
    area="file")


class SourceMap:
    """Maps JSON pointers to 1-based line:column in the original text.

    Walks the text only along the pointer asked for (values on the way are skipped by a regular
    expression that stops at strings and brackets only), so locating a finding costs time in
    proportion to the part of the file before it, never a parse of the whole document into a
    map of every value (issue 12: a 198 MB board took minutes and gigabytes that way). The
    children found in a container are cached, so many findings in one file stay linear.
    """

    def __init__(self, text: str) -> None:
        self._text = text
        self._children: dict[int, tuple[dict[str, int], list[int]]] = {}
        self._lines: list[int] | None = None

    def offset(self, pointer: str) -> int | None:
        """Character offset of the key (object member) or value (array element, root) that
        `pointer` names, or of its nearest existing ancestor; None for a text that is not
        JSON."""
        at = _skip_ws(self._text, 0)
        if at >= len(self._text):
            return None
        here = at
        for part in pointer.split("/")[1:] if pointer else []:
            key = part.replace("~1", "/").replace("~0", "~")
            members, elements = self._container(at)
            if key in members:
                here = members[key]
                at = self._value_after_key(here)
            elif key.isdigit() and int(key) < len(elements):
                here = at = elements[int(key)]
            else:
                break  # a missing key: point at the enclosing object
            if at is None:
                break
        return here

    def position(self, pointer: str) -> tuple[int, int] | None:
        offset = self.offset(pointer)
        return None if offset is None else self.line_col(offset)

    def line_col(self, offset: int) -> tuple[int, int]:
        """1-based line and column (in characters) of a character offset."""
        if self._lines is None:
            self._lines = [m.end() for m in re.finditer("\n", self._text)]
        line = bisect.bisect_right(self._lines, offset)
        start = self._lines[line - 1] if line else 0
        return line + 1, offset - start + 1

    def locate(self, finding: Finding, path: str | None) -> Finding:
        pos = self.position(finding.pointer) if finding.line is None else None
        line, col = pos if pos else (finding.line, finding.column)
        return finding.located(path, line, col)

    def _value_after_key(self, key_at: int) -> int | None:
        end = _string_end(self._text, key_at)
        at = _skip_ws(self._text, end)
        if at >= len(self._text) or self._text[at] != ":":
            return None
        return _skip_ws(self._text, at + 1)

    def _container(self, at: int) -> tuple[dict[str, int], list[int]]:
        """Offsets of the direct children of the object or array starting at `at`: keys of
        an object (the last of a repeated key wins, as in json) or values of an array."""
        cached = self._children.get(at)
        if cached is None:
            cached = self._children[at] = _children(self._text, at)
        return cached


_WS = re.compile(r"[ \t\n\r]*")
_SCALAR = re.compile(r"[^,\]}\s]*")
#: Characters that matter when skipping a value: a string's start (strings may hold brackets)
#: and brackets.
_NESTING = re.compile(r'["\[\]{}]')


def _skip_ws(text: str, at: int) -> int:
    match = _WS.match(text, at)
    return match.end() if match else at


def _string_end(text: str, at: int) -> int:
    """Offset just past the string starting at `at` (the end of the text when it is not
    closed; `at + 1` when no string starts there). Found with `str.find` from quote to quote,
    in constant memory: a regular expression with a repeated group kept a backtracking entry
    per character (issue 26: 1.9 GB for one 15-million-character label)."""
    if not text.startswith('"', at):
        return at + 1
    i = at + 1
    while True:
        quote = text.find('"', i)
        if quote < 0:
            return len(text)
        start = quote
        while start > i and text[start - 1] == "\\":
            start -= 1
        if (quote - start) % 2 == 0:  # an even run of backslashes escapes none of the quote
            return quote + 1
        i = quote + 1


def _value_end(text: str, at: int) -> int:
    """Offset just past the JSON value starting at `at` (strings and brackets only are
    tokens; numbers and literals end at the next ',', ']' or '}')."""
    if at >= len(text):
        return at
    ch = text[at]
    if ch == '"':
        return _string_end(text, at)
    if ch not in "[{":
        match = _SCALAR.match(text, at)
        return match.end() if match else at + 1
    depth = 0
    token = _NESTING.search(text, at)
    while token is not None:
        first = token.group()
        if first == '"':
            token = _NESTING.search(text, _string_end(text, token.start()))
            continue
        depth += 1 if first in "[{" else -1
        if depth == 0:
            return token.end()
        token = _NESTING.search(text, token.end())
    return len(text)


def _children(text: str, at: int) -> tuple[dict[str, int], list[int]]:
    members: dict[str, int] = {}
    elements: list[int] = []
    if at >= len(text) or text[at] not in "[{":
        return members, elements
    is_object = text[at] == "{"
    pos = _skip_ws(text, at + 1)
    n = len(text)
    while pos < n and text[pos] not in "]}":
        if is_object:
            key_end = _string_end(text, pos)
            try:
                key = json.loads(text[pos:key_end])
            except ValueError:
                break
            members[key] = pos
            pos = _skip_ws(text, key_end)
            if pos >= n or text[pos] != ":":
                break
            pos = _value_end(text, _skip_ws(text, pos + 1))
        else:
            elements.append(pos)
            pos = _value_end(text, pos)
        pos = _skip_ws(text, pos)
        if pos < n and text[pos] == ",":
            pos = _skip_ws(text, pos + 1)
        else:
            break
    return members, elements


def locate_in_files(findings: list[Finding]) -> list[Finding]:
    """Give every finding that names a file and a JSON pointer but no line its line:column in
    that file (issue 12: checks that only know the pointer were printed at 1:1). Each file is
    read once; files that cannot be read or parsed leave their findings as they are."""
    maps: dict[str, SourceMap | None] = {}
    out: list[Finding] = []
    for f in findings:
        if f.line is not None or f.path is None:
            out.append(f)
            continue
        if f.path not in maps:
            maps[f.path] = _source_of(f.path)
        source = maps[f.path]
        out.append(f if source is None else source.locate(f, f.path))
    return out


def _source_of(path: str) -> SourceMap | None:
    if not is_file(path):
        return None
    try:
        text = read_limited(path).decode("utf-8-sig")
    except (OSError, UnicodeDecodeError, FileTooLarge):
        return None
    return SourceMap(text)


@dataclass
class LoadResult(Generic[M]):
    """The outcome of reading a file: the model (None when it could not be built) and findings."""

    model: M | None
    findings: list[Finding] = field(default_factory=list)
    source: SourceMap | None = None
    path: str | None = None
    #: the parsed JSON (set whenever the text is valid JSON), so callers need not parse again
    data: object = None

    def locate(self, findings: list[Finding]) -> list[Finding]:
        """Give findings (e.g. from semantic checks) this file's path and line:column."""
        if self.source is None:
            return [f.located(self.path) for f in findings]
        return [self.source.locate(f, self.path) for f in findings]


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, col


class _NonJsonConstant(ValueError):
    """NaN, Infinity or -Infinity in the text: Python's json accepts them, JSON does not."""


def _decode_message(msg: str) -> str:
    """Python's JSON error text, completed: some messages end in "at" and rely on the position
    that the finding carries separately ("Unterminated string starting at")."""
    text = msg[0].lower() + msg[1:] if msg else "unreadable"
    if text.endswith(" at"):
        text = text[:-3] + " here"
    if text == "extra data":
        text = "extra data after the end of the JSON document"
    return text


def _reject_constant(name: str) -> float:
    raise _NonJsonConstant(name)


#: Nesting depth from which a document too deep for the parsers is located (no board file
#: comes near it).
MAX_DEPTH = 128


def _too_deep(line: int | None, column: int | None) -> Finding:
    return SCHEMA.at(_("arrays and objects are nested too deeply (hundreds of levels) here"),
                     line=line, column=column,
                     hint=_("Remove the extra brackets; no board, variant or scenario file nests"
                            " anywhere near this deep."))


def _scan(text: str, *, constant: bool = False, digits: int = 0,
          depth: int = 0) -> int | None:
    """Offset of the first NaN/Infinity token, run of more than `digits` digits, or bracket
    nesting deeper than `depth`, outside strings; None when there is none."""
    level = 0
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif ch in "[{":
            level += 1
            if depth and level > depth:
                return i
        elif ch in "]}":
            level -= 1
        elif constant and ch in "NI-" and text.startswith(("NaN", "Infinity", "-Infinity"), i):
            return i
        elif digits and ch.isdigit():
            start = i
            while i < n and text[i].isdigit():
                i += 1
            if i - start > digits:
                return start
            continue
        i += 1
    return None


def _json_type(value: object) -> str:
    if isinstance(value, dict):
        return _("a JSON object")
    if isinstance(value, list):
        return _("a JSON array")
    if isinstance(value, str):
        return _("a string")
    if isinstance(value, bool):
        return "true/false"
    if value is None:
        return "null"
    return _("a number")


class _Object(dict):
    """A JSON object that remembers keys given more than once (json keeps the last)."""

    repeated: list[str]


class _PairsHook:
    """`object_pairs_hook` that notes whether any object repeats a key."""

    def __init__(self) -> None:
        self.found = False

    def __call__(self, pairs: list[tuple[str, object]]) -> dict:
        obj = dict(pairs)
        if len(obj) == len(pairs):
            return obj
        self.found = True
        marked = _Object(pairs)
        seen: set[str] = set()
        marked.repeated = [k for k, _ in pairs if k in seen or seen.add(k)]
        return marked


def _repeated_keys(data: object) -> list[str]:
    """JSON pointers of keys that occur twice in one object (iteratively: no recursion)."""
    out: list[str] = []
    stack: list[tuple[str, object]] = [("", data)]
    while stack:
        pointer, value = stack.pop()
        if isinstance(value, dict):
            out.extend(pointer + pointer_join(k) for k in getattr(value, "repeated", ()))
            stack.extend((pointer + pointer_join(k), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((pointer + pointer_join(i), v) for i, v in enumerate(value))
    return sorted(set(out))


def _repeated_key(pointer: str) -> Finding:
    parent, key = pointer.rsplit("/", 1)
    key = key.replace("~1", "/").replace("~0", "~")
    message = (_("key '{key}' appears more than once in the object at {parent}; only one value "
                 "can be kept") if parent else
               _("key '{key}' appears more than once in the top-level object; only one value can "
                 "be kept"))
    return SCHEMA.at(message.format(key=key, parent=parent), pointer,
                     hint=_("Delete or rename the repeated key."))


_AT_LINE_COL = re.compile(r"\s*at line (\d+) column (\d+)$")


def _char_column(text: str, line: int, byte_column: int) -> int:
    """pydantic's JSON parser counts columns in bytes; editors count characters."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return byte_column
    head = lines[line - 1].encode("utf-8")[: max(byte_column - 1, 0)]
    return len(head.decode("utf-8", errors="ignore")) + 1


def _pydantic_findings(error: ValidationError, text: str = "") -> list[Finding]:
    seen: set[tuple[str, str]] = set()
    out: list[Finding] = []
    for err in error.errors(include_url=False):
        loc = [p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-"))]
        pointer = pointer_join(*loc)
        message = err["msg"]
        if err["type"] == "json_invalid":  # what Python's json accepts but pydantic does not
            match = _AT_LINE_COL.search(message)
            line, col = (int(match[1]), int(match[2])) if match else (None, None)
            if line is not None and col is not None:
                col = _char_column(text, line, col)
            detail = _AT_LINE_COL.sub("", message.removeprefix("Invalid JSON: "))
            if "recursion limit" in detail:
                out.append(_too_deep(line, col))
            elif "surrogate" in detail or "hex escape" in detail:
                out.append(JSON_SYNTAX.at(
                    _("invalid JSON: a \\u escape is not a Unicode character ({detail})").format(
                        detail=detail),
                    line=line, column=col, hint=_("Replace the \\uD800-\\uDFFF escape by the "
                                                  "character meant, or pair it with its other "
                                                  "surrogate half.")))
            else:
                out.append(JSON_SYNTAX.at(_("invalid JSON: {detail}").format(detail=detail),
                    line=line, column=col))
            continue
        if err["type"] == "missing":
            pointer = pointer_join(*loc[:-1]) if len(loc) > 1 else ""
            message = (_("required key '{key}' is missing from the object at {pointer}") if pointer
                       else _("required key '{key}' is missing from the top-level object")).format(
                key=loc[-1], pointer=pointer)
        elif err["type"] == "extra_forbidden":
            message = _("unknown key '{key}' (not part of the format; check its spelling)").format(
                key=loc[-1])
        elif loc:
            shown = json.dumps(err.get("input"), ensure_ascii=False, default=str)
            if len(shown) > 60:
                shown = shown[:57] + "..."
            message = _("'{key}': {problem} (got {value})").format(
                key=loc[-1], problem=message[0].lower() + message[1:], value=shown)
        key = (pointer, message)
        if key in seen:
            continue
        seen.add(key)
        out.append(SCHEMA.at(message, pointer, extra={"schema_error": err["type"]}))
    return out


def parse_document(text: str, model: type[M], format_tag: str,
                   path: str | None = None) -> LoadResult[M]:
    """Validate JSON text as `model`; never raises for bad input."""
    result: LoadResult[M] = LoadResult(None, path=path)
    text = text.removeprefix("\ufeff")  # a UTF-8 byte-order mark is harmless
    if not text.strip():
        result.findings.append(JSON_SYNTAX.at(_("invalid JSON: the file is empty"), line=1,
                                              column=1).located(path))
        return result
    pairs = _PairsHook()
    try:
        data = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=pairs)
    except json.JSONDecodeError as exc:
        result.findings.append(
            JSON_SYNTAX.at(_("invalid JSON: {decode_message}").format(
                               decode_message=_decode_message(exc.msg)), line=exc.lineno,
                           column=exc.colno).located(path))
        return result
    except _NonJsonConstant as exc:
        at = _scan(text, constant=True)
        line, col = _line_col(text, at) if at is not None else (None, None)
        result.findings.append(JSON_SYNTAX.at(
            _("invalid JSON: {exc} is not a JSON number").format(exc=exc), line=line, column=col,
            hint=_("Write a finite number instead; JSON has no NaN or Infinity.")).located(path))
        return result
    except ValueError:  # an integer with more digits than Python converts
        at = _scan(text, digits=sys.get_int_max_str_digits() or 4300)
        line, col = _line_col(text, at) if at is not None else (None, None)
        result.findings.append(JSON_SYNTAX.at(
            _("invalid JSON: a number has thousands of digits"), line=line, column=col,
            hint=_("Replace it by a number of sensible size.")).located(path))
        return result
    except RecursionError:
        at = _scan(text, depth=MAX_DEPTH)
        line, col = _line_col(text, at) if at is not None else (None, None)
        result.findings.append(_too_deep(line, col).located(path))
        return result
    result.source = SourceMap(text)
    notes: list[Finding] = []
    if isinstance(data, dict) and can_migrate(data.get("format"), format_tag):
        data, notes = migrate_data(data, format_tag)  # an older version: its meaning kept
        text = json.dumps(data, ensure_ascii=False)
    result.data = data
    if not isinstance(data, dict) or data.get("format") != format_tag:
        if not isinstance(data, dict):
            msg = _("the file holds {kind}, not a JSON object with \"format\": \"{tag}\"").format(
                kind=_json_type(data), tag=format_tag)
            pointer = ""
        elif "format" not in data:
            msg = _("the top-level key \"format\" is missing; expected \"{tag}\"").format(
                tag=format_tag)
            pointer = ""
        else:
            found = json.dumps(data["format"], ensure_ascii=False)
            if len(found) > 60:
                found = found[:57] + "..."
            msg = _("\"format\" is {found}, expected \"{tag}\"").format(found=found, tag=format_tag)
            pointer = "/format"
        result.findings = result.locate([FORMAT_TAG.at(msg, pointer)])
        return result
    repeated = _repeated_keys(data) if pairs.found else []
    if repeated:
        result.findings = result.locate([_repeated_key(p) for p in repeated])
        return result
    try:
        result.model = model.model_validate_json(text, strict=True)
    except ValidationError as exc:
        result.findings = result.locate(_pydantic_findings(exc, text))
    except (ValueError, RecursionError) as exc:  # e.g. integers beyond what JSON parsers take
        result.findings = result.locate([SCHEMA.at(_("cannot read the document: {exc}").format(
                                                       exc=exc))])
    result.findings[:0] = result.locate(notes)
    return result


def load_document(path: str | os.PathLike[str], model: type[M],
                  format_tag: str) -> LoadResult[M]:
    """Read and validate a file as `model`; never raises for bad input."""
    shown = str(path)
    try:
        raw = read_limited(path)
    except (OSError, ValueError) as exc:  # ValueError: a NUL character in the path
        reason = getattr(exc, "strerror", None) or str(exc)
        return LoadResult(None, [FILE_UNREADABLE.at(_("cannot read file: {reason}").format(
                                                        reason=reason)).located(shown)],
                          path=shown)
    except FileTooLarge as exc:
        return LoadResult(None,
        [FILE_TOO_LARGE.at(_("{exc}; it is not read").format(exc=exc)).located(shown)],
                          path=shown)
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        finding = ENCODING.at(_("the file is UTF-16 (it starts with a UTF-16 byte-order mark), "
                                "not UTF-8"), line=1, column=1)
        return LoadResult(None, [finding.located(shown)], path=shown)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        good = raw[: exc.start].decode("utf-8", errors="replace")
        line, col = _line_col(good, len(good))
        finding = ENCODING.at(_("byte 0x{raw:02x} at offset {start} is not UTF-8").format(
                                  raw=raw[exc.start], start=exc.start),
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


def _create_temp(folder: Path, name: str) -> tuple[int, Path]:
    """A new file next to the target, created with the usual permissions (0o666 less umask;
    mkstemp would make it 0o600 and the saved file unreadable for others)."""
    for _attempt in range(100):
        tmp = folder / f".{name}.{secrets.token_hex(4)}.tmp"
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary file name next to {folder / name}")


def _backup(target: Path, folder: Path) -> None:
    """Keep the current file as `NAME.bak`, atomically: the copy goes to a temporary file
    that replaces the old backup only when complete, so a failed copy (a full disk) leaves
    the previous backup, or none, never a truncated one (issue 12)."""
    fd, tmp = _create_temp(folder, target.name + ".bak")
    os.close(fd)
    try:
        shutil.copy2(target, tmp)
        with open(tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp, target.with_name(target.name + ".bak"))
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes, *,
                       backup: bool = False) -> None:
    """Write bytes atomically: temp file in the same folder, fsync, rename, fsync the folder.

    With `backup`, the previous file is kept as `NAME.bak`; its permissions carry over. Raises
    OSError when the write fails; the original file is then untouched and no temporary file is
    left.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp = _create_temp(folder, target.name)
    try:
        with os.fdopen(fd, "wb") as handle:
            with contextlib.suppress(OSError):  # keep the permissions of the file replaced
                os.fchmod(handle.fileno(), stat.S_IMODE(os.stat(target).st_mode))
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if backup and target.exists():
            _backup(target, folder)
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
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


def atomic_write_text(path: str | os.PathLike[str], text: str, *, backup: bool = True) -> None:
    """Write UTF-8 text atomically (`atomic_write_bytes`), keeping `NAME.bak` unless told not
    to; UnicodeEncodeError, before touching the disk, for text that is not encodable."""
    atomic_write_bytes(path, text.encode("utf-8"), backup=backup)


def save_document(model: BaseModel, path: str | os.PathLike[str], *, backup: bool = True) -> None:
    atomic_write_text(path, dump_document(model), backup=backup)
