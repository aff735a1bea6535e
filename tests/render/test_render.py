"""`conquest render` and editor.render: a board drawn as a map, headless (BF-14 scans)."""

from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest

from editor.cli.main import main
from editor.model import load_board, save_board
from editor.model.board import (
    Board,
    BridgeClass,
    Castle,
    Connection,
    ConnectionKind,
    Field,
    OneWay,
    Region,
    Scale,
    Seat,
    Terrain,
    Tower,
)
from editor.model.types import Point

BOARDS = Path(__file__).resolve().parents[2] / "boards"


def tiny_board() -> Board:
    fields = [Field(id=f"t{i}", terrain=Terrain.LAND, x=100 + 60 * i, y=300, number=i + 1,
                    island="a") for i in range(5)]
    fields += [Field(id=f"f{i}", terrain=Terrain.LAND, x=100 + 60 * i, y=380, island="a")
               for i in range(5)]
    fields += [Field(id="g", terrain=Terrain.LAND, x=500, y=380, island="b"),
               Field(id="s1", terrain=Terrain.SEA, x=450, y=200, harbour=True),
               Field(id="s2", terrain=Terrain.SEA, x=550, y=200)]
    conns = [Connection(id=f"a{i}", kind=ConnectionKind.CASTLE_ACCESS, a=f"f{i}", b=f"t{i}",
                        drawbridge=True) for i in range(5)]
    conns += [Connection(id=f"r{i}", kind=ConnectionKind.ROAD, a=f"f{i}", b=f"f{i + 1}",
                         one_way=OneWay(to=f"f{i + 1}") if i == 0 else None) for i in range(4)]
    conns += [Connection(id="b", kind=ConnectionKind.BRIDGE, a="f4", b="g",
                         bridge_class=BridgeClass.X_BRIDGE),
              Connection(id="h", kind=ConnectionKind.HARBOUR_LINK, a="s1", b="f4"),
              Connection(id="l", kind=ConnectionKind.SEA_LANE, a="s1", b="s2")]
    return Board(name="tiny", seats=[Seat(id="s", name="S", colour="#ffffff")], fields=fields,
                 connections=conns, scale=Scale(px_per_cm=100),
                 castles=[Castle(id="c", seat="s", moat=True, towers=[
                     Tower(field=f"t{i}", access=f"a{i}") for i in range(5)])],
                 regions=[Region(id="R", name="Forest", polygon=[
                     Point(x=100, y=450), Point(x=300, y=450), Point(x=200, y=560)])])


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_render_png_and_svg(tmp_path: Path) -> None:
    from editor.render import board_size_px, render_board_to_file

    board = tiny_board()
    w, h = board_size_px(board)
    assert (w, h) == (700, 710)  # fields' extent plus a 1.5 cm margin
    assert render_board_to_file(board, tmp_path / "t.png") == (w, h)
    assert png_size(tmp_path / "t.png") == (w, h)
    assert render_board_to_file(board, tmp_path / "t.svg", px_per_cm=50) == (350, 355)
    svg = (tmp_path / "t.svg").read_text(encoding="utf-8")
    assert "<svg" in svg and "tiny" in svg


def test_render_image_has_map_colours() -> None:
    from editor.render import render_board_image
    from editor.render.painter import GRAIL, LAND, SEA

    image = render_board_image(tiny_board())
    colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 7)
               for y in range(0, image.height(), 7)}
    assert SEA.name() in colours and LAND.name() in colours
    assert GRAIL.name() not in colours  # no grail on this board


def test_cli_render_reference_board_small(tmp_path: Path, capsys) -> None:
    """`conquest render BOARD -o FILE.png --scale 8` draws a shipped board (headless)."""
    out = tmp_path / "c2.png"
    assert main(["render", str(BOARDS / "conquest-2p.board.json"), "-o", str(out),
                 "--scale", "8"]) == 0
    board = load_board(BOARDS / "conquest-2p.board.json").model
    w, h = png_size(out)
    assert (w, h) == (round(board.image.width * 0.08), round(board.image.height * 0.08))
    assert "wrote" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "code", "message"), [
    (["missing.board.json", "-o", "{tmp}/x.png"], 2, "cannot read"),
    (["{bad}", "-o", "{tmp}/x.png"], 1, "is not a valid board"),
    (["{good}", "-o", "{tmp}/x.gif"], 2, "unknown output type"),
    (["{good}", "-o", "{tmp}/no/such/dir/x.png"], 2, "does not exist"),
    (["{good}", "-o", "{tmp}/x.png", "--scale", "0"], 2,
     "--scale must be greater than 0 and at most 1000 px/cm, got 0"),
    (["{good}", "-o", "{tmp}/x.png", "--scale", "1001"], 2, "at most 1000 px/cm, got 1001"),
])
def test_cli_render_bad_input_gives_one_line_error(tmp_path: Path, capsys, args: list[str],
                                                  code: int, message: str) -> None:
    """Bad input: a clear one-line message and exit 1/2, never a traceback."""
    bad = tmp_path / "bad.board.json"
    bad.write_text('{"format": "conquest-board/1", "name": 5}', encoding="utf-8")
    good = tmp_path / "good.board.json"
    save_board(tiny_board(), good)
    argv = ["render"] + [a.format(tmp=tmp_path, bad=bad, good=good) for a in args]
    assert main(argv) == code
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1 and "Traceback" not in err


def test_cli_render_unwritable_output(tmp_path: Path, capsys) -> None:
    good = tmp_path / "good.board.json"
    save_board(tiny_board(), good)
    target = tmp_path / "dir.png"
    target.mkdir()  # a folder where the file should go
    assert main(["render", str(good), "-o", str(target)]) == 2
    err = capsys.readouterr().err.strip()
    assert "cannot write" in err and len(err.splitlines()) == 1


def _svg_size_mm(path: Path) -> tuple[float, float]:
    head = path.read_text(encoding="utf-8")[:400]
    match = re.search(r'<svg width="([0-9.]+)mm" height="([0-9.]+)mm"', head)
    assert match, head
    return float(match.group(1)), float(match.group(2))


@pytest.mark.parametrize(("scale", "px"), [(50, (350, 355)), (20, (140, 142)),
                                           (37.8, (265, 268))])
def test_svg_physical_size_is_the_printed_size(tmp_path: Path, scale: float,
                                               px: tuple[int, int]) -> None:
    """The SVG's width/height in mm are pixels / (px per cm): the printed board's size, not
    QSvgGenerator's default 72 dpi."""
    from editor.render import render_board_to_file

    out = tmp_path / "t.svg"
    assert render_board_to_file(tiny_board(), out, px_per_cm=scale) == px
    w_mm, h_mm = _svg_size_mm(out)
    assert w_mm == pytest.approx(px[0] / scale * 10, rel=1e-4)
    assert h_mm == pytest.approx(px[1] / scale * 10, rel=1e-4)
    svg = out.read_text(encoding="utf-8")
    assert f'viewBox="0 0 {px[0]} {px[1]}"' in svg
    assert 'font-size="9"' not in svg and not re.search(r'font-size="\d{4,}"', svg)


def test_cli_render_svg_of_the_reference_board_is_printed_size(tmp_path: Path, capsys) -> None:
    """`conquest render grand-conquest-4p -o gc4.svg --scale 20`: 960 px at 20 px/cm = 480 mm."""
    out = tmp_path / "gc4.svg"
    assert main(["render", str(BOARDS / "grand-conquest-4p.board.json"), "-o", str(out),
                 "--scale", "20"]) == 0
    captured = capsys.readouterr()
    assert "wrote" in captured.out and "960x" in captured.out
    w_mm, _ = _svg_size_mm(out)
    assert w_mm == 480


def test_cli_render_board_with_semantic_errors_warns_and_draws(tmp_path: Path, capsys) -> None:
    """Semantic findings (here DANGLING_REFERENCE: islands 'a' and 'b' do not exist) are printed
    as warnings with line:column; the board is still drawn and the exit status is 0."""
    good = tmp_path / "tiny.board.json"
    save_board(tiny_board(), good)
    out = tmp_path / "tiny.png"
    assert main(["render", str(good), "-o", str(out)]) == 0
    assert png_size(out) == (700, 710)
    captured = capsys.readouterr()
    assert "wrote" in captured.out
    lines = captured.err.splitlines()
    assert lines[0].startswith("conquest render: warning: ") and "11 errors and 0 warnings" \
        in lines[0]
    dangling = [ln for ln in lines if "DANGLING_REFERENCE" in ln]
    assert len(dangling) == 11
    # the field is named as people read it (its printed number, else its id)
    assert re.match(rf"  {re.escape(str(good))}:\d+:\d+: error DANGLING_REFERENCE field '[^']+' ",
                    dangling[0])
    assert dangling[0].endswith("[/fields/0/island]")


def test_cli_render_help_documents_warnings_and_exit_codes(capsys) -> None:
    assert main(["render", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "printed on stderr as warnings and the exit status is 0" in text
    assert "greater than 0 and at most 1000" in text
