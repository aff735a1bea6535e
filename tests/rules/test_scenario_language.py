"""A scenario's failed expectations in the user's language (issue 25): the replay's findings
are translated where they are made; the code, the pointer and the keys of the file stay."""

from __future__ import annotations

import json
from pathlib import Path

from editor import i18n
from editor.rules.scenario_run import run


def _scenario(tmp_path: Path, repo_root: Path, **changes) -> Path:
    """ex-09b (every budget 8, GRAIL-4) with `changes`, next to a copy of its board."""
    source = repo_root / "tests" / "scenarios" / "ex-09b-shared-grail.scenario.json"
    data = {**json.loads(source.read_text(encoding="utf-8")), **changes}
    data["board"] = str((source.parent / data["board"]).resolve())
    path = tmp_path / "s.scenario.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_failed_expectations_read_german(tmp_path: Path, repo_root: Path) -> None:
    path = _scenario(tmp_path, repo_root, expect_initial={"budget": {"south": 9}},
                     steps=[{"action": "S gr0>gr0", "expect": "legal"}])
    i18n.set_language("de")
    found = run(path)
    assert [(f.code, f.pointer) for f in found] == [
        ("SCENARIO_EXPECTATION", "/expect_initial"), ("SCENARIO_VERDICT", "/steps/0")]
    assert found[0].message == "vor Schritt 1: budget[south]: erwartet 9, Engine 8"
    assert found[1].message.startswith(
        "Schritt 1 'S gr0>gr0': erwartet erlaubt, die Engine sagt E_NO_PATH (MOVE-1): ")


def test_a_missing_setup_reads_italian(tmp_path: Path, repo_root: Path) -> None:
    path = _scenario(tmp_path, repo_root, position="start", setup="nowhere")
    i18n.set_language("it")
    [finding] = [f for f in run(path) if f.is_error]
    assert finding.code == "SCENARIO_POSITION" and finding.pointer == "/setup"
    assert finding.message.startswith("la plancia non ha lo schieramento 'nowhere'; ha ")
