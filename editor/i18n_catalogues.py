"""The translation catalogues kept in step with the code (no Qt, no `conquest` needed).

Every message marked in `editor/` with `_("...")`, `ngettext("...", "...", n)` or `N_("...")`,
and the fix hint of every finding code (`define(code, severity, title, "hint")`), string
literals only, is read with `ast`; `update` writes `editor/locale/<lang>/messages.po`
for each shipped language, keeping every translation already made, adding new messages
untranslated and dropping those the code no longer has; `problems` lists what the check in the
test suite refuses: a message without a translation, a stale one, placeholders that differ.

    python -m editor.i18n_catalogues            # regenerate (merge) the catalogues
    python -m editor.i18n_catalogues --check    # list the problems, exit 1 when there are some
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from editor.i18n import LANGUAGES, LOCALE_DIR, PoEntry, parse_po

SOURCE_DIR = Path(__file__).resolve().parent
CATALOGUE = "messages.po"
#: marking calls -> the positions of their message arguments (`define(code, severity, title,
#: hint)` of editor/model/findings.py: the fix hint, which `Finding.format_line` translates)
_MARKERS: dict[str, tuple[int, ...]] = {"_": (0,), "N_": (0,), "ngettext": (0, 1),
                                        "define": (3,)}
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
#: argparse's own texts (editor/i18n_argparse.py) use %-placeholders
_PRINTF = re.compile(r"%(?:\([A-Za-z_]+\))?[srd]")
#: modules whose model fields' descriptions are messages too (the variant configurator and the
#: trace inspector show them translated, `_(info.description)`): module -> (the call, its
#: argument holding one: a position or a keyword)
DESCRIBED: dict[str, tuple[str, int | str]] = {
    "editor/model/board.py": ("F", "description"),
    "editor/model/variant.py": ("F", "description"),
    "editor/model/options_meta.py": ("_m", 0)}


@dataclass
class Message:
    """A marked message: its text (and plural), and where the code uses it."""

    msgid: str
    plural: str | None = None
    places: list[str] = field(default_factory=list)


def _marker(call: ast.Call) -> str | None:
    func = call.func
    name = func.id if isinstance(func, ast.Name) else None
    return name if name in _MARKERS else None


def _description(call: ast.Call, where: str) -> Message | None:
    """The literal description of a field declared in a DESCRIBED module."""
    name, at = DESCRIBED.get(where.rpartition(":")[0], ("", 0))
    if not isinstance(call.func, ast.Name) or call.func.id != name:
        return None
    if isinstance(at, int):
        value = call.args[at] if len(call.args) > at else None
    else:
        value = next((k.value for k in call.keywords if k.arg == at), None)
    if isinstance(value, ast.Constant) and isinstance(value.value, str) and value.value:
        return Message(value.value, None, [where])
    return None


def messages_of(source: str, where: str = "") -> list[Message]:
    """The marked messages of one module's source text, in order."""
    found: list[Message] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        described = _description(node, f"{where}:{node.lineno}")
        if described is not None:
            found.append(described)
        name = _marker(node)
        at = _MARKERS.get(name or "", ())
        if not at or len(node.args) <= max(at):
            continue
        texts = [node.args[i].value for i in at if isinstance(node.args[i], ast.Constant)
                 and isinstance(node.args[i].value, str)]
        if len(texts) == len(at):
            found.append(Message(texts[0], texts[1] if name == "ngettext" else None,
                                 [f"{where}:{node.lineno}"]))
    return found


def extract(root: Path = SOURCE_DIR) -> dict[str, Message]:
    """msgid -> message over every module under `root` (sorted by file, then line)."""
    result: dict[str, Message] = {}
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root.parent).as_posix()
        for m in messages_of(path.read_text(encoding="utf-8"), where):
            if m.msgid in result:
                result[m.msgid].places.extend(m.places)
            else:
                result[m.msgid] = m
    return result


def placeholders(text: str) -> list[str]:
    """The `{name}` placeholders of a message, and its `%(name)s` / `%s` ones (argparse's),
    sorted (`{{` and `%%` escapes are not placeholders)."""
    braces = _PLACEHOLDER.findall(text.replace("{{", "").replace("}}", ""))
    return sorted(braces + _PRINTF.findall(text.replace("%%", "")))


def read_catalogue(path: Path) -> list[PoEntry]:
    return parse_po(path.read_text(encoding="utf-8")) if path.is_file() else []


def problems(root: Path = SOURCE_DIR, locale_dir: Path = LOCALE_DIR) -> list[str]:
    """What keeps the catalogues from matching the code: untranslated, stale, placeholders."""
    code = extract(root)
    out: list[str] = []
    for lang in LANGUAGES[1:]:
        path = locale_dir / lang / CATALOGUE
        entries = {e.msgid: e for e in read_catalogue(path) if e.msgid}
        for msgid, m in code.items():
            e = entries.get(msgid)
            if e is None or e.fuzzy or not e.msgstr or not all(e.msgstr):
                out.append(f"{lang}: no translation of {msgid!r} ({m.places[0]})")
                continue
            wanted = placeholders(msgid + (m.plural or ""))
            for text in e.msgstr:
                if sorted(set(placeholders(text))) != sorted(set(wanted)):
                    out.append(f"{lang}: placeholders differ in {msgid!r} ({m.places[0]}): "
                               f"{text!r}")
                    break
        out.extend(f"{lang}: stale message {msgid!r} (no longer in the code)"
                   for msgid in entries if msgid not in code)
    return out


def _quote(text: str) -> str:
    body = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace(
        "\t", "\\t")
    return f'"{body}"'


def _header(lang: str) -> str:
    return ('msgid ""\nmsgstr ""\n'
            f'"Language: {lang}\\n"\n'
            '"Content-Type: text/plain; charset=UTF-8\\n"\n'
            '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n')


def render(lang: str, code: dict[str, Message], old: dict[str, PoEntry],
           preamble: list[str]) -> str:
    """The text of a language's catalogue: its preamble (the glossary), the header, then one
    entry per message of the code with the translation kept from `old`."""
    parts = ["\n".join(preamble) + "\n" if preamble else "", _header(lang)]
    for msgid, m in code.items():
        e = old.get(msgid)
        files = dict.fromkeys(place.rpartition(":")[0] for place in m.places)  # no line
        lines = [f"#: {name}" for name in list(files)[:3]]  # numbers: fewer merge conflicts
        if e is not None and e.fuzzy:
            lines.append("#, fuzzy")
        lines.append(f"msgid {_quote(msgid)}")
        if m.plural is not None:
            lines.append(f"msgid_plural {_quote(m.plural)}")
            forms = (e.msgstr if e else []) + ["", ""]
            lines += [f"msgstr[{i}] {_quote(forms[i])}" for i in range(2)]
        else:
            lines.append(f"msgstr {_quote(e.msgstr[0] if e and e.msgstr else '')}")
        parts.append("\n".join(lines) + "\n")
    return "\n".join(parts)


def _preamble(path: Path) -> list[str]:
    """The comment lines before the first entry (the glossary), kept as they are."""
    if not path.is_file():
        return []
    lines: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        lines.append(line)
    return lines


def update(root: Path = SOURCE_DIR, locale_dir: Path = LOCALE_DIR) -> list[Path]:
    """Rewrite every language's catalogue from the code, keeping translations; the paths."""
    code = extract(root)
    written = []
    for lang in LANGUAGES[1:]:
        path = locale_dir / lang / CATALOGUE
        old = {e.msgid: e for e in read_catalogue(path) if e.msgid}
        text = render(lang, code, old, _preamble(path))
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".po.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m editor.i18n_catalogues",
        description="Merge the marked messages of editor/ into the .po catalogues (keeping "
        "translations), or --check them.")
    parser.add_argument("--check", action="store_true",
                        help="list untranslated, stale or mismatched messages; exit 1 if any")
    args = parser.parse_args(argv)
    if args.check:
        found = problems()
        for line in found:
            print(line)
        print(f"{len(found)} problem(s) in the catalogues")
        return 1 if found else 0
    for path in update():
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
