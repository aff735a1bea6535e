"""Files written by earlier versions keep the meaning they had (issue 26, ARCHITECTURE
principle 10): the compatibility corpus of tests/compat, written by the old code itself."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from support.boardkit import run_cli

from editor.check.validate import validate_file
from editor.model.findings import has_errors
from editor.model.migrate_files import migrate_file
from editor.model.package import open_game_source
from editor.model.variant import PIECE_NAME_FLAGS, VARIANT_FORMAT, resolve_variant
from editor.rules import scenario_run
from editor.rules.validation import VALIDATORS

HERE = Path(__file__).resolve().parent
#: Written before 50c3757: their piece rules came from the piece names.
NAME_ERA = HERE / "01c2b9e"


def _files(pattern: str) -> list[Path]:
    return sorted(HERE.glob(f"*/{pattern}"))


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


@pytest.mark.parametrize("path", _files("*.scenario.json"), ids=_id)
def test_scenario_replays_with_the_rule_its_variant_carried(path: Path) -> None:
    """OBST-3 / OBST-4: the elephant is refused on the X bridge (loaded, on the rope bridge)."""
    findings = scenario_run.run(path)
    assert not has_errors(findings), [f.format_line() for f in findings]
    migrated = [f for f in findings if f.code == "FORMAT_MIGRATED"]
    assert bool(migrated) == (path.parent == NAME_ERA)
    assert all("elephant" in f.message for f in migrated)


@pytest.mark.parametrize("path", _files("*.variant.json"), ids=_id)
def test_variant_resolves_with_the_flags_its_piece_names_implied(path: Path) -> None:
    rv = resolve_variant(path)
    assert rv.variant is not None and not has_errors(rv.findings)
    for name, flags in PIECE_NAME_FLAGS.items():
        spec = rv.variant.pieces.get(name)
        if spec is not None:
            assert all(getattr(spec, flag) for flag in flags), (name, spec)


@pytest.mark.parametrize("path", _files("*.board.json"), ids=_id)
def test_board_loads_without_errors(path: Path) -> None:
    findings = validate_file(path, VALIDATORS)
    assert not has_errors(findings), [f.format_line() for f in findings]


@pytest.mark.parametrize("path", _files("*.conquest"), ids=_id)
def test_package_variant_is_migrated_on_load(path: Path) -> None:
    source = open_game_source(path)
    assert source.board is not None and source.variant is not None
    assert not has_errors(source.findings)
    assert source.variant.pieces["elephant"].x_bridge_barred
    assert source.variant.pieces["galleon"].seized_by_catapults
    notes = [f for f in source.findings if f.code == "FORMAT_MIGRATED"]
    assert bool(notes) == (path.parent == NAME_ERA)
    assert not has_errors(validate_file(path, VALIDATORS))  # board, variant and pair checks


def test_check_refuses_the_elephant_again_with_a_migration_note() -> None:
    run = run_cli("check", NAME_ERA / "obst-3-copied-conquest-2p.scenario.json")
    assert run.code == 0, run.out + run.err
    assert "FORMAT_MIGRATED" in run.out and "x_bridge_barred" in run.out


def test_migrate_rewrites_an_old_variant_with_the_same_meaning(tmp_path: Path) -> None:
    old = tmp_path / "v.variant.json"
    shutil.copy(NAME_ERA / "copied-conquest-4p.variant.json", old)
    before = resolve_variant(old)
    result = migrate_file(old, [VARIANT_FORMAT])
    assert result.changed and result.target == VARIANT_FORMAT
    assert (tmp_path / "v.variant.json.bak").read_bytes() == (
        NAME_ERA / "copied-conquest-4p.variant.json").read_bytes()
    after = resolve_variant(old)
    assert after.findings == [] and after.variant == before.variant
    assert not migrate_file(old, [VARIANT_FORMAT]).changed  # already current


def test_migrate_command_rewrites_variant_files_and_packages(tmp_path: Path) -> None:
    old = tmp_path / "house.variant.json"
    shutil.copy(NAME_ERA / "copied-conquest-2p.variant.json", old)
    package = tmp_path / "p.conquest"
    shutil.copy(NAME_ERA / "conquest-2p.conquest", package)
    before = open_game_source(package).variant
    run = run_cli("migrate", old, package)
    assert run.code == 0, run.err
    assert "FORMAT_MIGRATED" in run.out and "conquest-variant/1 -> conquest-variant/2" in run.err
    assert (tmp_path / "p.conquest.bak").read_bytes() == (
        NAME_ERA / "conquest-2p.conquest").read_bytes()
    after = open_game_source(package)
    assert after.findings == [] and after.variant == before
    assert not has_errors(validate_file(package, VALIDATORS))
    assert "already current" in run_cli("migrate", package).err
    assert run_cli("migrate", tmp_path / "missing.variant.json").code == 2
