"""The rules catalogue (`docs/rules.md`, shipped in the wheel) read into rules by ID.

Every rule ID the product shows (OBST-3, CONF-16, BF-4, EX-1) opens its entry here: title,
editions, the rule's text, its UNCLEAR notes, the source passages it comes from (file tag and
section of the original rule texts, with the file named by the catalogue's table 0.1), and the
options that switch it (the option index 2.0 and the rule's own **Option** line, each with the
CONF entry that defines it). No Qt; the GUI, the CLI and the balance report read it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from editor.resources import rules_catalogue_path

#: areas of the catalogue (0.4), conflict entries, board features and worked examples
AREAS = ("TURN", "SETUP", "MOVE", "PIECE-SOLDIER", "PIECE-ELEPHANT", "PIECE-KNIGHT",
         "PIECE-CHARIOT", "PIECE-CAMEL", "PIECE-SHIP", "PIECE-GALLEON", "PIECE-CATAPULT",
         "PIECE-SIEGE", "CARRY", "CAPT", "RECAP", "CASTLE", "DRAW", "GRAIL", "FREEZE", "WILD",
         "OBST", "BUILD", "WIN", "VULN", "TEAM", "TALK", "BOARD", "CONF", "BF", "EX")
#: a rule ID anywhere in a text
RULE_ID = re.compile(r"(?<![\w-])(?:" + "|".join(sorted(AREAS, key=len, reverse=True))
                     + r")-\d+(?![\w-])")
_HEADING = re.compile(r"^#{3,4} (?:[\d.]+ )?(" + RULE_ID.pattern + r") — (.+)$")
#: a worked example written as one bullet (5.10): `- **EX-9 — Budget arithmetic.** text`
_BULLET_ENTRY = re.compile(r"^- \*\*(EX-\d+) — (.+?)\.?\*\* (.*)$")
_FIELD = re.compile(r"^-? ?\*\*(\w[\w ]*?):\*\* ?(.*)$")
#: body lines `describe` shows by their own headings
_SHOWN = re.compile(r"^-? ?\*\*(Editions|Rule|Source|Option):")
_OPTION = re.compile(r"`([a-z][a-z0-9_]*)")
_INDEX_ROW = re.compile(r"^\| `([a-z0-9_]+)` \| ([^|]+) \| ([^|]*) \|$")
_SOURCE_ROW = re.compile(r"^\| (\[\d+\]) \| `([^`]+)` \| (.+) \|$")
_EDITION_ROW = re.compile(r"^\| ([A-Z0-9-]+) \| ([^|]+) \|")


@dataclass(frozen=True)
class OptionRef:
    """An option that switches a rule, and the CONF entry that defines its values."""

    name: str
    conf: str | None


@dataclass
class Rule:
    """One entry of the catalogue."""

    id: str
    title: str
    section: str
    editions: tuple[str, ...] = ()
    text: str = ""
    unclear: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    options: list[OptionRef] = field(default_factory=list)
    body: list[str] = field(default_factory=list)

    @property
    def heading(self) -> str:
        return f"{self.id} — {self.title}"


@dataclass
class Catalogue:
    """The parsed catalogue: rules by ID, source files by tag, edition names by code."""

    rules: dict[str, Rule]
    source_files: dict[str, str]
    editions: dict[str, str]

    def get(self, rule_id: str) -> Rule | None:
        return self.rules.get(rule_id.strip().upper())

    def title(self, rule_id: str) -> str:
        """'OBST-3 — Conquest X bridges', or the bare ID when the catalogue lacks it."""
        rule = self.get(rule_id)
        return rule.heading if rule else rule_id

    def search(self, words: str) -> list[Rule]:
        """Rules whose ID, title or text hold every word (case-insensitive), in catalogue
        order; an exact ID first."""
        exact = self.get(words)
        terms = [re.compile(rf"(?<!\w){re.escape(t)}", re.IGNORECASE) for t in words.split()]
        hits = [r for r in self.rules.values() if r is not exact and terms and all(
            t.search(f"{r.id} {r.title}\n{' '.join(r.body)}") for t in terms)]
        return ([exact] if exact else []) + hits

    def sources_of(self, rule: Rule) -> list[str]:
        """The source passages as read: '[000] 6.1 Bewegungspunkte (000_….txt)'."""
        out = []
        for passage in rule.sources:
            tag = passage.split(" ", 1)[0].split("-")[0].rstrip("]") + "]"
            file = self.source_files.get(tag)
            out.append(f"{passage} ({file})" if file else passage)
        return out

    def describe(self, rule_id: str) -> str:
        """The whole entry as plain text: heading, editions, rule, notes, sources,
        options."""
        rule = self.get(rule_id)
        if rule is None:
            return f"{rule_id}: not in the rules catalogue"
        lines = [rule.heading, f"Section: {rule.section}"]
        if rule.editions:
            names = [f"{e} ({self.editions[e]})" if e in self.editions else e
                     for e in rule.editions]
            lines.append("Editions: " + ", ".join(names))
        if rule.text:
            lines += ["", rule.text]
        lines += [f"UNCLEAR: {u}" for u in rule.unclear]
        extra = [b for b in rule.body if not _SHOWN.match(b) and not b.startswith("- UNCLEAR")]
        if extra and not rule.text:
            lines += ["", *extra]
        if rule.sources:
            lines += ["", "Sources:", *(f"  {s}" for s in self.sources_of(rule))]
        if rule.options:
            lines += ["", "Options that switch it:", *(
                f"  {o.name}" + (f" (defined in {o.conf})" if o.conf else "")
                for o in rule.options)]
        return "\n".join(lines)


def cited_ids(text: str) -> list[str]:
    """The rule IDs a text cites, in order, each once."""
    return list(dict.fromkeys(RULE_ID.findall(text)))


def _split_sources(text: str) -> list[str]:
    return [part.strip().rstrip(".") for part in text.split(";") if part.strip()]


def _fill(rule: Rule, line: str) -> None:
    """Read one body line of a rule into its fields."""
    rule.body.append(line)
    match = _FIELD.match(line)
    if line.startswith("- UNCLEAR:"):
        rule.unclear.append(line.removeprefix("- UNCLEAR:").strip())
    elif match:
        key, value = match.group(1).lower(), match.group(2).strip()
        if key == "editions":
            rule.editions = tuple(e.strip().rstrip(".") for e in value.split(","))
        elif key == "rule":
            rule.text = value
        elif key == "source":
            rule.sources = _split_sources(value)
        elif key == "option":
            confs = cited_ids(value)
            conf = next((c for c in confs if c.startswith("CONF-")),
                        rule.id if rule.id.startswith("CONF-") else None)
            for name in _OPTION.findall(value):
                rule.options.append(OptionRef(name, conf))


def parse_catalogue(text: str) -> Catalogue:
    """Parse the catalogue's markdown (headings `#### ID — title`, bullets `**Field:**`, the
    tables 0.1 (sources), 0.2 (editions) and 2.0 (option index))."""
    rules: dict[str, Rule] = {}
    sources: dict[str, str] = {}
    editions: dict[str, str] = {}
    index: list[tuple[str, str, str]] = []
    section, current = "", None
    for raw in text.splitlines():
        line = raw.rstrip()
        heading = _HEADING.match(line)
        if heading:
            current = Rule(heading.group(1), heading.group(2).strip(), section)
            rules.setdefault(current.id, current)
            continue
        if line.startswith("#"):
            section, current = line.lstrip("# ").strip(), None
            continue
        if (entry := _BULLET_ENTRY.match(line)) is not None:
            rules.setdefault(entry.group(1), Rule(entry.group(1), entry.group(2), section,
                                                  text=entry.group(3), body=[entry.group(3)]))
            current = None
            continue
        if current is not None:
            if line:
                _fill(current, line)
            continue
        if (row := _SOURCE_ROW.match(line)) is not None:
            sources[row.group(1)] = row.group(2)
        elif (row := _INDEX_ROW.match(line)) is not None:
            index.append((row.group(1), row.group(2).strip(), row.group(3)))
        elif section.startswith("0.2") and (row := _EDITION_ROW.match(line)) is not None \
                and row.group(1) != "Code":
            editions[row.group(1)] = row.group(2).split(": ")[0].strip()
    known = {option for option, _d, _u in index}
    for rule in rules.values():  # an Option line's backticks also quote allowed values
        rule.options = [o for o in rule.options if o.name in known] if known else rule.options
    for option, defined, users in index:
        conf = next(iter(cited_ids(defined)), None)
        for rule_id in cited_ids(users):
            rule = rules.get(rule_id)
            if rule is not None and all(o.name != option for o in rule.options):
                rule.options.append(OptionRef(option, conf))
        if conf in rules and all(o.name != option for o in rules[conf].options):
            rules[conf].options.append(OptionRef(option, conf))
    return Catalogue(rules, sources, editions)


@lru_cache(maxsize=4)
def _load(path: str, mtime: float) -> Catalogue:
    return parse_catalogue(Path(path).read_text(encoding="utf-8"))


def load_catalogue(path: str | Path | None = None) -> Catalogue:
    """The shipped catalogue (or the one at `path`), parsed once per file version."""
    target = Path(path) if path is not None else rules_catalogue_path()
    return _load(str(target), target.stat().st_mtime)
