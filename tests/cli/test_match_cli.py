"""`conquest match` and `conquest balance --policy search`: tiny runs print the table and write
the metric and skill sections; bad agent names are a message with exit 2."""

from __future__ import annotations

import json
from pathlib import Path

from editor.cli.main import main

TINY = ["--variant", "conquest-2p", "--max-turns", "6", "--no-progress"]


def test_match_prints_every_agent_with_interval_and_rating(capsys) -> None:
    code = main(["match", *TINY, "--agents", "search:1", "greedy", "--games", "2",
                 "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert [a["agent"] for a in out["agents"]] == ["search:1", "greedy"]
    assert all(a["games"] == 2 and len(a["interval"]) == 2 for a in out["agents"])
    assert out["agents"][0]["rating"] == 0


def test_match_refuses_unknown_agents_and_too_many(capsys) -> None:
    assert main(["match", *TINY, "--agents", "alphazero", "--games", "2"]) == 2
    assert "unknown agent 'alphazero'" in capsys.readouterr().err
    assert main(["match", *TINY, "--agents", "greedy", "greedy", "random", "--games", "2"]) == 2
    assert "3 agents for 2 seats" in capsys.readouterr().err


def test_balance_with_the_search_agent_writes_metrics_and_skill(tmp_path: Path,
                                                                 capsys) -> None:
    out = tmp_path / "out"
    code = main(["balance", *TINY, "--games", "2", "--policy", "search:1", "-o", str(out)])
    text = capsys.readouterr().out
    assert code == 0, text
    assert "skill:" in text and "search:1 won" in text and "against greedy" in text
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "Evaluation metrics" in page and "game-tree complexity" in page
    assert "Does the variant reward skill?" in page
    assert (out / "skill.png").stat().st_size > 1000


def test_evaluate_writes_a_metric_table_and_verdicts_per_variant(tmp_path: Path) -> None:
    page = tmp_path / "evaluation.md"
    code = main(["evaluate", "--variant", "conquest-2p", "--games", "2", "--skill-games", "2",
                 "--max-turns", "6", "-o", str(page)])
    assert code == 0
    text = page.read_text(encoding="utf-8")
    assert "conquest evaluate" in text  # the command that regenerates it
    row = next(line for line in text.splitlines() if line.startswith("| conquest-2p"))
    assert row.count("|") == 13  # variant, ten metrics, the skill column
    assert "- **conquest-2p**: " in text and "search:1 won" in text


def test_evaluate_refuses_an_unknown_agent(tmp_path: Path, capsys) -> None:
    assert main(["evaluate", "--policy", "deep-blue", "-o", str(tmp_path / "x.md")]) == 2
    assert "unknown agent 'deep-blue'" in capsys.readouterr().err
