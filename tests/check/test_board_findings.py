"""Every finding code of the areas "board" and "file" (issue 2, ARCHITECTURE principle 4).

For each code: a minimal board that triggers it, a correct variant of the same board that gives
no findings at all, and the finding's message names the element and its location (file
line:column and JSON pointer). Codes other layers add (variant, pair, rules) are tested there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import json_source_map
import pytest
from support.boardkit import (
    Board,
    bare_board,
    board_text,
    castle_board,
    clone,
    conn,
    grail_board,
    land,
    region_board,
    rich_board,
    road,
    sea,
    small_board,
)

from editor.check.board_checks import check_board
from editor.check.validate import validate_file
from editor.cli.docs_cmd import all_codes
from editor.model import load_board, parse_board
from editor.model.findings import CODES, Finding
from editor.model.io import MAX_FILE_BYTES
from editor.resources import data_dir

AREAS = ("board", "file")


def edit(base: Board, change: Callable[[Board], object]) -> Board:
    data = clone(base)
    change(data)
    return data


def add(key: str, *items: dict) -> Callable[[Board], None]:
    return lambda d: d.setdefault(key, []).extend(items)


def seats(d: Board) -> Board:
    d["seats"] = [{"id": "south", "name": "South", "colour": "#cc2200"}]
    return d


def harbour_board(piece_field: str, *, harbour: bool = True) -> Board:
    d = seats(small_board())
    d["fields"].append(sea("s", 60, 60, **({"harbour": True} if harbour else {})))
    d["connections"].append(conn("h1", "harbour_link", "s", "b"))
    d["setups"] = [{"id": "start", "placements": [
        {"seat": "south", "field": piece_field, "piece": "ship"}]}]
    return d


def shared_field(second: str) -> Board:
    d = seats(small_board())
    d["setups"] = [{"id": "start", "placements": [
        {"seat": "south", "field": "a", "piece": "soldier"},
        {"seat": "south", "field": second, "piece": "knight"}]}]
    return d


def calibrated(px_per_cm: float) -> Board:
    d = small_board()
    d["scale"] = {"px_per_cm": px_per_cm, "calibration": {
        "a": {"x": 0, "y": 0}, "b": {"x": 100, "y": 0}, "distance_cm": 10}}
    return d


def one_way(to: str) -> Board:
    d = grail_board()
    d["connections"][-1]["one_way"] = {"to": to, "pieces": ["elephant"]}
    return d


def moated(drawbridge: bool) -> Board:
    d = castle_board()
    d["castles"][0]["moat"] = True
    for c in d["connections"][:5]:
        c["drawbridge"] = drawbridge
    return d


def bow_tie(d: Board) -> None:
    d["regions"][0]["polygon"] = [{"x": 300, "y": 300}, {"x": 400, "y": 400},
                                  {"x": 400, "y": 300}, {"x": 300, "y": 400}]


def _set(obj: dict, key: str, value: object) -> None:
    obj[key] = value


SMALL_TEXT = board_text(small_board())
BAD_BYTE = SMALL_TEXT.encode("utf-8").replace(b'"Small"', b'"Sm\xffall"')


@dataclass(frozen=True)
class Case:
    """A trigger for `code` and its correct variant; `names` must appear in the message."""

    code: str
    bad: Callable[[], Board | str | bytes | None]  # None: the file does not exist
    good: Callable[[], Board | str | bytes]
    pointer: str
    names: tuple[str, ...]
    also: frozenset[str] = frozenset()  # other codes the trigger may raise


CASES = [
    # ---- file area: reading and structure -------------------------------------------------
    Case("FILE_UNREADABLE", lambda: None, small_board, "", ("cannot read file",)),
    Case("FILE_TOO_LARGE", lambda: SMALL_TEXT + " " * MAX_FILE_BYTES, lambda: SMALL_TEXT, "",
         ("larger than 16 MiB", "not read")),
    Case("ENCODING", lambda: BAD_BYTE, lambda: SMALL_TEXT, "", ("0xff", "not UTF-8")),
    Case("JSON_SYNTAX", lambda: SMALL_TEXT[: len(SMALL_TEXT) // 2], lambda: SMALL_TEXT, "",
         ("invalid JSON",)),
    Case("FORMAT_TAG", lambda: edit(small_board(), lambda d: _set(d, "format", "conquest-b/2")),
         small_board, "/format", ('"conquest-b/2"', '"conquest-board/1"')),
    Case("SCHEMA", lambda: edit(small_board(), lambda d: _set(d["fields"][0], "x", "ten")),
         small_board, "/fields/0/x", ("'x'", '"ten"', "number")),
    # ---- board area: semantic checks ------------------------------------------------------
    Case("DUPLICATE_ID", lambda: edit(small_board(), add("fields", land("a", 30, 30))),
         lambda: edit(small_board(), lambda d: (add("fields", land("c", 30, 30))(d),
                                                add("connections", road("r2", "b", "c"))(d))),
         "/fields/2/id", ("the id 'a'", "/fields/0")),
    Case("DANGLING_REFERENCE", lambda: edit(small_board(), add("connections",
                                                               road("r2", "a", "zz"))),
         lambda: edit(small_board(), lambda d: (add("fields", land("zz", 30, 30))(d),
                                                add("connections", road("r2", "a", "zz"))(d))),
         "/connections/1/b", ("road 'r2'", "field 'zz'")),
    Case("CONNECTION_TERRAIN",
         lambda: edit(small_board(), lambda d: (add("fields", sea("s", 30, 30))(d),
                                                add("connections", road("r2", "b", "s"))(d))),
         lambda: edit(small_board(), lambda d: (add("fields", land("s", 30, 30))(d),
                                                add("connections", road("r2", "b", "s"))(d))),
         "/connections/1", ("road 'r2'", "sea field 's'")),
    Case("CONNECTION_SELF_LOOP", lambda: edit(small_board(), add("connections",
                                                                 road("r2", "a", "a"))),
         small_board, "/connections/1", ("road 'r2'", "'a'")),
    Case("DUPLICATE_CONNECTION", lambda: edit(small_board(), add("connections",
                                                                 road("r2", "b", "a"))),
         small_board, "/connections/1", ("'r2'", "'r1'", "'a'", "'b'")),
    Case("CONNECTION_ATTRIBUTE",
         lambda: edit(small_board(), lambda d: _set(d["connections"][0], "drawbridge", True)),
         small_board, "/connections/0/drawbridge", ("road 'r1'", "drawbridge")),
    Case("HARBOUR_LINK", lambda: harbour_board("a", harbour=False) | {"setups": []},
         lambda: harbour_board("s") | {"setups": []}, "/fields/2/harbour",
         ("harbour link 'h1'", "'s'")),
    # BF-2, BF-3: a harbour flag is implied by a harbour link; a flag without one is stale
    Case("HARBOUR_UNLINKED",
         lambda: edit(harbour_board("s") | {"setups": []},
                      lambda d: _set(d["connections"][1], "kind", "sea_lane")),
         lambda: harbour_board("s") | {"setups": []}, "/fields/2/harbour",
         ("sea field 's'", "harbour", "no harbour link"), frozenset({"CONNECTION_TERRAIN"})),
    # BF-18: an island is 'main' exactly when a seat names it
    Case("MAIN_ISLAND_KIND",
         lambda: edit(seats(small_board()), lambda d: (
             add("islands", {"id": "home", "kind": "small"})(d),
             _set(d["seats"][0], "main_island", "home"))),
         lambda: edit(seats(small_board()), lambda d: (
             add("islands", {"id": "home", "kind": "main"})(d),
             _set(d["seats"][0], "main_island", "home"))),
         "/islands/0/kind", ("island 'home'", "'small'")),
    Case("CASTLE_TOWER_COUNT", lambda: castle_board(4), castle_board, "/castles/0/towers",
         ("castle 'k1'", "4 towers")),
    Case("CASTLE_TOWERS_CONNECTED",
         lambda: edit(castle_board(), add("connections", road("rt", "t1", "t2"))),
         castle_board, "/connections/9", ("castle 'k1'", "'t1'", "'t2'", "'rt'"),
         frozenset({"TOWER_ACCESS"})),
    Case("TOWER_ACCESS", lambda: edit(castle_board(), add("connections", road("rt", "t1", "f2"))),
         castle_board, "/castles/0/towers/0", ("castle 'k1'", "tower 't1'", "2 connections")),
    Case("GRAIL_FIELD_COUNT",
         lambda: edit(grail_board(), lambda d: d["grail"]["fields"].pop()),
         grail_board, "/grail/fields", ("grail", "4 distinct fields"),
         frozenset({"GRAIL_ROADS"})),  # its road now ends at no grail field
    # CASTLE-1, BF-7: a tower is entered across a castle access, not a road
    Case("TOWER_ACCESS_KIND",
         lambda: edit(castle_board(), lambda d: _set(d["connections"][0], "kind", "road")),
         castle_board, "/connections/0/kind", ("castle 'k1'", "tower 't1'", "is a road")),
    # DRAW-1, BF-8: a moated castle's accesses cross the moat by drawbridges
    Case("TOWER_NO_DRAWBRIDGE", lambda: moated(False), lambda: moated(True),
         "/connections/0", ("castle 'k1'", "moat", "tower 't1'", "no drawbridge")),
    # TEAM-13, BF-12: the field in front of the grail
    Case("GRAIL_FRONT", lambda: edit(grail_board(), lambda d: d["grail"].pop("front")),
         grail_board, "/grail", ("grail", "no front field")),
    # TEAM-12, BF-12: the roads leading to the grail
    Case("GRAIL_ROADS", lambda: edit(grail_board(), lambda d: _set(d["grail"], "roads", [])),
         grail_board, "/grail", ("grail", "no roads")),
    Case("STAIR_NOT_ADJACENT",
         lambda: edit(region_board(), lambda d: _set(d["fields"][1], "y", 100)),
         region_board, "/regions/0/stairs/0", ("region 'w1'", "stair field 's'", "200 px")),
    Case("REGION_POLYGON", lambda: edit(region_board(), bow_tie), region_board,
         "/regions/0/polygon", ("region 'w1'", "cross")),
    Case("ARROW_SLIT_CONNECTED",
         lambda: edit(small_board(), add("arrow_slits", {"id": "as1", "a": "a", "b": "b"})),
         lambda: edit(small_board(), lambda d: (
             add("fields", land("c", 110, 10))(d), add("connections", road("r2", "b", "c"))(d),
             add("arrow_slits", {"id": "as1", "a": "a", "b": "c"})(d))),
         "/arrow_slits/0", ("arrow slit 'as1'", "'r1'")),
    Case("PLACEMENT_TERRAIN", lambda: harbour_board("a"), lambda: harbour_board("s"),
         "/setups/0/placements/0", ("setup 'start'", "ship", "land field 'a'")),
    Case("PLACEMENT_SHARED_FIELD", lambda: shared_field("a"), lambda: shared_field("b"),
         "/setups/0/placements/1/field", ("setup 'start'", "knight", "'a'")),
    Case("FIELD_OUTSIDE_IMAGE",
         lambda: edit(small_board(), lambda d: _set(d, "image", {
             "path": "scan.png", "width": 50, "height": 50})),
         lambda: edit(small_board(), lambda d: _set(d, "image", {
             "path": "scan.png", "width": 100, "height": 50})),
         "/fields/1", ("field 'b'", "(60, 10)", "50x50")),
    Case("UNREACHABLE_FIELD", lambda: edit(small_board(), add("fields", land("c", 110, 10))),
         lambda: edit(small_board(), lambda d: (add("fields", land("c", 110, 10))(d),
                                                add("connections", road("r2", "b", "c"))(d))),
         "/fields/2", ("field 'c'",)),
    Case("ONE_WAY_DIRECTION", lambda: one_way("y"), lambda: one_way("x"),
         "/connections/6/one_way", ("road 'ry'", "from 'x'", "to 'y'")),
    Case("DUPLICATE_NUMBER",
         lambda: edit(small_board(), lambda d: (_set(d["fields"][0], "number", 7),
                                                _set(d["fields"][1], "number", 7))),
         lambda: edit(small_board(), lambda d: (_set(d["fields"][0], "number", 7),
                                                _set(d["fields"][1], "number", 8))),
         "/fields/1/number", ("field 'b'", "number 7", "'a'")),
    Case("SCALE_CALIBRATION", lambda: calibrated(20), lambda: calibrated(10),
         "/scale/px_per_cm", ("px_per_cm is 20", "measures 10.000")),
    # BOARD-5: a former id keeps naming the field that had it, so it names no other element
    Case("FORMER_ID_CLASH",
         lambda: edit(small_board(), lambda d: _set(d["fields"][1], "former_ids", ["a"])),
         lambda: edit(small_board(), lambda d: _set(d["fields"][1], "former_ids", ["old"])),
         "/fields/1/former_ids/0", ("field 'b'", "former id 'a'", "current id of field 'a'")),
    Case("UNCONFIRMED", lambda: edit(small_board(), lambda d: _set(d["fields"][1],
                                                                   "unconfirmed", True)),
         small_board, "/fields/1/unconfirmed", ("field 'b'", "not confirmed")),
]
BY_CODE = {c.code: c for c in CASES}


def write(path: Path, content: Board | str | bytes | None) -> Path:
    if content is None:
        return path  # left missing on purpose
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else board_text(content),
                        encoding="utf-8")
    return path


def expected_position(text: str, pointer: str) -> tuple[int, int]:
    """Line:column (1-based) of the pointer's key (or value) per json_source_map; a pointer to
    a key the file leaves out falls back to the enclosing element."""
    entries = json_source_map.calculate(text)
    probe = pointer
    while probe not in entries:
        probe = probe.rsplit("/", 1)[0]
    loc = entries[probe].key_start or entries[probe].value_start
    return loc.line + 1, loc.column + 1


def the(findings: list[Finding], code: str) -> Finding:
    hits = [f for f in findings if f.code == code]
    assert hits, f"{code} not reported; got {[f.format_line() for f in findings]}"
    return hits[0]


# ---- the catalogue is covered --------------------------------------------------------------


def test_every_board_and_file_code_has_a_case() -> None:
    all_codes()
    documented = {c.code for c in CODES.values() if c.area in AREAS}
    assert documented == set(BY_CODE), (
        f"codes without a test case: {sorted(documented - set(BY_CODE))}; "
        f"cases for unknown codes: {sorted(set(BY_CODE) - documented)}")


def test_codes_have_title_and_hint() -> None:
    all_codes()
    for code in CODES.values():
        if code.area in AREAS:
            assert code.title.strip() and code.hint.strip(), code
            assert code.hint.rstrip().endswith((".", ")")), f"{code.code}: hint is a sentence"


# ---- each code: triggered, located, named --------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.code)
def test_code_is_triggered_and_located(case: Case, tmp_path: Path) -> None:
    path = write(tmp_path / "t.board.json", case.bad())
    findings = validate_file(path)
    finding = the(findings, case.code)
    assert finding.severity == CODES[case.code].severity
    assert {f.code for f in findings} <= {case.code} | case.also, \
        [f.format_line() for f in findings]
    # location: file, JSON pointer, line:column
    assert finding.path == str(path)
    assert finding.pointer == case.pointer
    line = finding.format_line()
    assert line.startswith(f"{path}:{finding.line or 1}:{finding.column or 1}: ")
    if case.pointer:
        assert line.endswith(f"[{case.pointer}]")
        assert (finding.line, finding.column) == expected_position(path.read_text("utf-8"),
                                                                   case.pointer)
    # the message names the element (and the hint says how to fix it)
    for name in case.names:
        assert name in finding.message, f"{name!r} not in {finding.message!r}"
    assert finding.hint and f"(fix: {finding.hint})" in line
    if CODES[case.code].area == "board":
        assert finding.element and finding.element in finding.message


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.code)
def test_correct_variant_gives_no_findings(case: Case, tmp_path: Path) -> None:
    path = write(tmp_path / "ok.board.json", case.good())
    assert [f.format_line() for f in validate_file(path)] == []


def test_encoding_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path / "t.board.json", BAD_BYTE)
    f = the(validate_file(path), "ENCODING")
    line_no = next(i for i, ln in enumerate(BAD_BYTE.splitlines(), 1) if b"\xff" in ln)
    col = BAD_BYTE.splitlines()[line_no - 1].index(b"\xff") + 1
    assert (f.line, f.column) == (line_no, col)
    offset = BAD_BYTE.index(b"\xff")
    assert f"byte 0xff at offset {offset}" in f.message


@pytest.mark.parametrize("cut", [1, 17, 60, -40, -2])
def test_json_syntax_line_and_column_of_truncated_file(cut: int, tmp_path: Path) -> None:
    text = board_text(rich_board())[:cut]
    f = the(validate_file(write(tmp_path / "t.board.json", text)), "JSON_SYNTAX")
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        assert (f.line, f.column) == (exc.lineno, exc.colno)
    assert f.line is not None and f.line <= text.count("\n") + 1


@pytest.mark.parametrize(("text", "where"), [
    ('{"format": "conquest-board/1",\n "name": "x",\n "scale": {"px_per_cm": NaN}}', (3, 24)),
    ('{"format": "conquest-board/1",\n "name": "x",\n "scale": {"px_per_cm": -Infinity}}',
     (3, 24)),
    ('{"format": "conquest-board/1",\n  "name": "NaN",\n "fields": [{"x": 1' + "0" * 5000 + "}]}",
     (3, 18)),
    ('{"format": "conquest-board/1",\n "name": "\\ud800"}', (2, 10)),
    ('{"format": "conquest-board/1",\n "description":' + "[" * 3000 + "]" * 3000 + "}", (2, 1)),
])
def test_json_oddities_are_located(text: str, where: tuple[int, int], tmp_path: Path) -> None:
    """NaN/Infinity, giant integers, lone surrogates and absurd nesting are findings with
    their line (and about the column), not exceptions."""
    findings = validate_file(write(tmp_path / "t.board.json", text))
    assert len(findings) == 1, [f.format_line() for f in findings]
    f = findings[0]
    assert f.code in {"JSON_SYNTAX", "SCHEMA"}
    assert f.line == where[0]
    assert f.column is not None and f.column >= where[1]
    assert "Traceback" not in f.message and "sys.set_int_max_str_digits" not in f.message


def test_missing_file_has_path(tmp_path: Path) -> None:
    result = load_board(tmp_path / "nope.board.json")
    assert result.model is None
    f = the(result.findings, "FILE_UNREADABLE")
    assert f.path == str(tmp_path / "nope.board.json")
    assert f.format_line().startswith(f"{tmp_path / 'nope.board.json'}:1:1: error FILE_UNREADABLE")


def test_directory_is_unreadable(tmp_path: Path) -> None:
    assert the(load_board(tmp_path).findings, "FILE_UNREADABLE").path == str(tmp_path)


def test_format_tag_messages() -> None:
    def msg(text: str) -> str:
        return the(parse_board(text).findings, "FORMAT_TAG").message

    assert "is missing" in msg('{"name": "x"}')
    assert "a JSON array" in msg("[1, 2]")
    assert "a string" in msg('"conquest-board/1"')
    assert '"format" is 1' in msg('{"format": 1}')


def test_missing_required_key_names_key_and_parent() -> None:
    data = small_board()
    del data["fields"][1]["terrain"]
    del data["name"]
    result = parse_board(board_text(data), "m.board.json")
    messages = {f.pointer: f.message for f in result.findings}
    assert "required key 'terrain' is missing from the object at /fields/1" in messages[
        "/fields/1"]
    assert "required key 'name' is missing from the top-level object" in messages[""]
    located = {f.pointer: (f.line, f.column) for f in result.findings}
    assert located["/fields/1"] == expected_position(board_text(data), "/fields/1")


def test_unknown_key_and_repeated_key() -> None:
    data = small_board()
    data["fields"][0]["colour"] = "#ffffff"
    f = the(parse_board(board_text(data)).findings, "SCHEMA")
    assert f.pointer == "/fields/0/colour" and "unknown key 'colour'" in f.message
    text = '{"format": "conquest-board/1",\n "name": "x",\n "name": "y"}'
    f = the(parse_board(text).findings, "SCHEMA")
    assert f.pointer == "/name" and "appears more than once" in f.message
    assert f.line in (2, 3)


def test_tower_access_not_touching_tower() -> None:
    data = castle_board()
    data["castles"][0]["towers"][0]["access"] = "c2"
    findings = check_board(parse_board(board_text(data)).model)
    f = the(findings, "TOWER_ACCESS")
    assert f.pointer == "/castles/0/towers/0/access"
    assert "access 'c2' of tower 't1' does not touch the tower" in f.message


def test_dangling_references_everywhere() -> None:
    """Each kind of reference is checked (BF-1..BF-18 cross-references)."""
    data = rich_board()
    data["fields"][0]["island"] = "atlantis"
    data["seats"][0]["main_island"] = "mu"
    data["connections"][0]["a"] = "nowhere"
    data["castles"][0]["seat"] = "east"
    data["grail"]["front"] = "gx"
    data["grail"]["roads"].append("rx")
    data["regions"][0]["stairs"].append("sx")
    data["regions"][0]["borders"].append({"field": "bx"})
    data["arrow_slits"][0]["b"] = "ax"
    data["setups"][0]["placements"][0]["seat"] = "west"
    data["connections"][-1]["b"] = "rz"
    findings = [f for f in check_board(parse_board(board_text(data)).model)
                if f.code == "DANGLING_REFERENCE"]
    missing = {f.message.rsplit("'", 2)[1] for f in findings}
    assert missing >= {"atlantis", "mu", "nowhere", "east", "gx", "rx", "sx", "bx", "ax",
                       "west", "rz"}


# ---- no false positives ----------------------------------------------------------------------


@pytest.mark.parametrize("build", [bare_board, small_board, castle_board, grail_board,
                                   region_board, rich_board])
def test_clean_boards_give_no_findings(build: Callable[[], Board], tmp_path: Path) -> None:
    path = write(tmp_path / "clean.board.json", build())
    assert [f.format_line() for f in validate_file(path)] == []


def test_fixture_boards_are_clean(test_data: Path) -> None:
    boards = sorted((test_data / "boards").glob("*.board.json"))
    assert boards, "tests/data/boards holds the valid fixture boards"
    for path in boards:
        assert [f.format_line() for f in validate_file(path)] == [], path


def test_unreachable_part_is_chosen_deterministically(tmp_path: Path) -> None:
    """Without setups the largest part is the main one; of equal parts the first field's part
    wins, whatever the string hash seed (sets must not decide)."""
    data = small_board()
    data["fields"] += [land("c", 10, 60), land("d", 60, 60)]
    data["connections"].append(road("r2", "c", "d"))
    path = write(tmp_path / "two.board.json", data)
    script = ("import json, sys; from editor.check.validate import validate_file; "
              "print(json.dumps(sorted(f.element for f in validate_file(sys.argv[1]))))")
    for seed in ("1", "2", "3", "4"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run([sys.executable, "-c", script, str(path)], env=env,
                             capture_output=True, text=True, timeout=60, check=True)
        assert json.loads(run.stdout) == ["c", "d"], seed


@pytest.mark.parametrize(("raw", "code", "words"), [
    (b"", "JSON_SYNTAX", "empty"),
    (b"  \n\t\n", "JSON_SYNTAX", "empty"),
    ('{"format": "conquest-board/1", "name": "x"}'.encode("utf-16"), "ENCODING", "UTF-16"),
])
def test_empty_and_utf16_files(raw: bytes, code: str, words: str, tmp_path: Path) -> None:
    path = tmp_path / "t.board.json"
    path.write_bytes(raw)
    (f,) = validate_file(path)
    assert f.code == code and words in f.message and (f.line, f.column) == (1, 1)


def test_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "t.board.json"
    path.write_bytes(b"\xef\xbb\xbf" + SMALL_TEXT.encode("utf-8"))
    assert validate_file(path) == []


def test_columns_count_characters_not_bytes() -> None:
    """Columns are characters (as editors count them), also after non-ASCII text."""
    text = '{"format": "conquest-board/1", "description": "日本語 äö", "name": "\\ud800"}'
    (f,) = parse_board(text).findings
    start = text.index("\\ud800") + 1
    assert f.code == "JSON_SYNTAX" and start <= f.column <= start + 6
    text = '{"format": "conquest-board/1", "description": "日本語 äö", "name": 5}'
    (f,) = parse_board(text).findings
    assert (f.line, f.column) == (1, text.index('"name"') + 1)


def test_grail_front_and_roads_are_checked_against_the_grail() -> None:
    """BF-12 / TEAM-12 / TEAM-13: the front field is joined to the grail, each grail field has
    a road, and a grail road is a road or bridge ending at a grail field."""
    data = grail_board()
    data["grail"]["front"] = "y"                      # two steps away: joined to no grail field
    data["grail"]["roads"] = ["rg1", "rg2", "rg3", "rg4", "rx"]
    found = [f for f in check_board(parse_board(board_text(data)).model)
             if f.code in ("GRAIL_FRONT", "GRAIL_ROADS")]
    assert [f.message for f in found] == [
        "the grail's front field 'y' is joined to no grail field",
        "grail road 'rx' is a road that ends at no grail field; a grail road is a road or "
        "bridge leading to a grail field",
        "no grail road leads to grail field 'g5'"]
    assert all(not f.is_error for f in found)   # free-for-all games do not read them


def test_shipped_boards_have_castle_accesses_drawbridges_and_grail_roads() -> None:
    for name in ("conquest-2p", "conquest-4p", "grand-conquest-2p", "grand-conquest-4p"):
        board = load_board(data_dir("boards") / f"{name}.board.json").model
        codes = {f.code for f in check_board(board)}
        assert not codes & {"TOWER_ACCESS_KIND", "TOWER_NO_DRAWBRIDGE", "GRAIL_FRONT",
                            "GRAIL_ROADS"}, name
