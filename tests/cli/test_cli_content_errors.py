"""CLI commands report bad content as located findings with exit 1 and usage problems with
exit 2, never a traceback: a board without the variant's setup (selfplay, bench), a complete
variant given as an overlay, an option typo blamed on the `--option`."""

from __future__ import annotations

import pytest
from support.files import BOARDS, write_variant

from editor.cli.main import main


@pytest.mark.parametrize("cmd,variant,board", [
    ("selfplay", "conquest-4p", "grand-conquest-4p"),
    ("bench", "conquest-4p", "grand-conquest-4p"),
    ("selfplay", "conquest-2p", "grand-conquest-2p"),
    ("selfplay", "grand-conquest-2p", "conquest-2p"),
    ("bench", "conquest-plus-4p", "grand-conquest-4p"),
])
def test_selfplay_and_bench_report_missing_setup_as_findings(capsys, cmd, variant, board):
    """A board lacking what the variant needs: pair findings located in the board, exit 1,
    no traceback."""
    path = str(BOARDS / f"{board}.board.json")
    extra = ["--games", "1"] if cmd == "selfplay" else ["--positions", "2"]
    code = main([cmd, "--variant", variant, "--board", path, *extra])
    err = capsys.readouterr().err
    assert code == 1
    assert "Traceback" not in err and "CompileError" not in err
    assert f"{board}.board.json:" in err and " error PAIR_" in err
    if variant != "grand-conquest-2p":
        assert "PAIR_SETUP_MISSING" in err and "the board has setup 'grand-conquest'" in err


def test_exit_codes_usage_versus_content(tmp_path, capsys):
    """Exit 2 for unreadable references, 1 for content errors (invalid / missing parent)."""
    assert main(["selfplay", "--variant", "nosuch", "--games", "1"]) == 2
    assert main(["selfplay", "--variant", "conquest-4p", "--board", str(tmp_path / "x.json"),
                 "--games", "1"]) == 2
    bad = write_variant(tmp_path, "bad", {"extends": "conquest-4p", "base_budget": "many"})
    orphan = write_variant(tmp_path, "orphan", {"extends": "nosuch-parent"})
    for ref in (bad, orphan):
        assert main(["selfplay", "--variant", str(ref), "--games", "1"]) == 1
        assert main(["bench", "--variant", str(ref), "--positions", "1"]) == 1
        assert main(["variant", str(ref)]) == 1
    assert main(["variant", "nosuch"]) == 2
    capsys.readouterr()


def test_complete_variant_as_cli_overlay_is_an_error(capsys):
    assert main(["variant", "conquest-4p", "--overlay", "conquest-2p"]) == 1
    out = capsys.readouterr()
    assert out.out == "" and "VARIANT_NOT_OVERLAY" in out.err
    assert "conquest-2p.variant.json" in out.err
    assert main(["variant", "conquest-plus-4p", "--overlay", "catapult-4cm"]) == 0
    capsys.readouterr()


def test_cli_option_typo_is_blamed_on_the_option(capsys):
    assert main(["variant", "conquest-4p", "--option", "one_way_pasage_types=[]"]) == 1
    err = capsys.readouterr().err
    assert "--option one_way_pasage_types" in err and "conquest-4p.variant.json" not in err
