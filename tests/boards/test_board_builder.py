"""The reference boards are reproducible: boards/build_boards.py regenerates the committed
JSON byte for byte (ARCHITECTURE principle 7; scans are not re-rendered here)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

BOARDS = Path(__file__).resolve().parents[2] / "boards"


def test_builder_reproduces_the_committed_boards(builder: ModuleType) -> None:
    built = builder.build_all()
    assert sorted(built) == sorted(p.name for p in BOARDS.glob("*.board.json"))
    for name, text in built.items():
        committed = (BOARDS / name).read_text(encoding="utf-8")
        assert text == committed, (
            f"{name} differs from the builder's output: run "
            "'.venv/bin/python boards/build_boards.py' and commit the result")


def test_builder_writes_json_into_a_folder(builder: ModuleType, tmp_path: Path,
                                           capsys) -> None:
    """`build_boards.py --no-scans --out DIR` writes the four boards and the statistics."""
    assert builder.main(["--no-scans", "--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.glob("*.board.json"))
    assert names == sorted(p.name for p in BOARDS.glob("*.board.json"))
    assert "| conquest-4p |" in capsys.readouterr().out


def test_readme_table_matches_the_boards(builder: ModuleType, reference_boards: dict) -> None:
    """boards/README.md shows the statistics of the committed boards."""
    readme = (BOARDS / "README.md").read_text(encoding="utf-8")
    assert builder.stats_table(reference_boards) in readme
    assert "reconstructions, not tracings" in readme
