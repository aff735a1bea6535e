"""Findings: what is wrong with a file, where, and how to fix it (ARCHITECTURE principle 4).

Every finding has a stable `code` from the registry below. Codes are defined where they are
produced (`define(...)` at import time); the top layer imports every producer
(`editor.cli.docs_cmd.PRODUCERS`) so the generated table in `docs/findings.md` lists them all.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from enum import StrEnum

from editor.i18n import _


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Code:
    """A documented finding code: its default severity, a title and a generic fix hint."""

    code: str
    severity: Severity
    title: str
    hint: str
    area: str = "board"

    def at(self, message: str, pointer: str = "", *, element: str | None = None,
           hint: str | None = None, line: int | None = None,
           column: int | None = None, extra: dict | None = None) -> Finding:
        """Create a finding of this code (`message` in the user's language, `extra`: facts
        for the program that do not depend on it)."""
        return Finding(
            code=self.code, severity=self.severity, message=printable(message),
            pointer=printable(pointer), hint=hint if hint is not None else self.hint,
            element=None if element is None else printable(element), line=line, column=column,
            extra=extra or {},
        )


def printable(text: str) -> str:
    """`text` with lone surrogates (from a JSON escape such as "\\udc80" or an undecodable file
    name) spelled as `\\udc80`: a finding is always valid UTF-8 to print or save (issue 26)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


CODES: dict[str, Code] = {}


def define(code: str, severity: Severity, title: str, hint: str, area: str = "board") -> Code:
    """Register a finding code (idempotent for identical definitions)."""
    entry = Code(code, severity, title, hint, area)
    known = CODES.get(code)
    if known is not None and known != entry:
        raise ValueError(f"finding code {code} defined twice with different texts")
    CODES[code] = entry
    return entry


@dataclass(frozen=True)
class Finding:
    """One problem found in a file."""

    code: str
    severity: Severity
    message: str
    pointer: str = ""
    hint: str = ""
    element: str | None = None
    path: str | None = None
    line: int | None = None  # 1-based
    column: int | None = None  # 1-based
    extra: dict = field(default_factory=dict, compare=False)

    @property
    def is_error(self) -> bool:
        return self.severity == Severity.ERROR

    def located(self, path: str | None = None, line: int | None = None,
                column: int | None = None) -> Finding:
        return replace(
            self,
            path=printable(path) if path is not None else self.path,
            line=line if line is not None else self.line,
            column=column if column is not None else self.column,
        )

    def format_line(self) -> str:
        """`PATH:LINE:COL: SEVERITY CODE message [json-pointer]` (line and column default 1)."""
        where = f"{self.path or '<input>'}:{self.line or 1}:{self.column or 1}"
        text = f"{where}: {self.severity.value} {self.code} {self.message}"
        if self.hint:
            text += _(" (fix: {hint})").format(hint=_(self.hint))
        if self.pointer:
            text += f" [{self.pointer}]"
        return text

    def to_dict(self) -> dict:
        """The finding for JSON output: code, severity, pointer and location as they are, the
        message and the hint in the user's language (as `format_line` shows them)."""
        data = asdict(self)
        data["severity"] = self.severity.value
        data["hint"] = _(self.hint) if self.hint else ""
        data.pop("extra")
        return data


def has_errors(findings: list[Finding]) -> bool:
    return any(f.is_error for f in findings)


def pointer_join(*parts: object) -> str:
    """Build a JSON pointer from path parts, escaping '~' and '/' (RFC 6901)."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)
