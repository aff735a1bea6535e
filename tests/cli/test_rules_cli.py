"""`conquest rules [ID|WORD]`: the rules catalogue on the command line."""

from __future__ import annotations

from support.boardkit import run_cli


def test_rules_id_prints_the_rule() -> None:
    run = run_cli("rules", "OBST-3")
    assert run.code == 0, run.err
    assert run.out.startswith("OBST-3 — Conquest X bridges")
    assert "may not be crossed by elephants" in run.out
    assert "Sources:" in run.out and "narrow_bridge_rule (defined in CONF-16)" in run.out


def test_rules_words_list_the_matching_entries() -> None:
    run = run_cli("rules", "x", "bridge")
    assert run.code == 0
    assert "OBST-3 — Conquest X bridges" in run.out.splitlines()
    assert "entries match" in run.err


def test_rules_without_arguments_lists_every_entry_and_nothing_found_exits_1() -> None:
    everything = run_cli("rules")
    assert everything.code == 0 and "WIN-9 — " in everything.out
    nothing = run_cli("rules", "zzzq")
    assert nothing.code == 1 and "nothing in the rules catalogue" in nothing.err
