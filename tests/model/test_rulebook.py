"""The rules catalogue ships with the product (docs/rules.md) and every rule ID the code, a
message, a variant or a document cites is in it."""

from __future__ import annotations

from pathlib import Path

from editor.model.rulebook import cited_ids, load_catalogue, parse_catalogue

ROOT = Path(__file__).resolve().parents[2]


def _citing_files() -> list[Path]:
    return [*ROOT.joinpath("editor").rglob("*.py"), *ROOT.joinpath("variants").glob("*.json"),
            *ROOT.joinpath("docs").glob("*.md"), ROOT / "README.md"]


def test_every_rule_id_cited_by_code_or_messages_is_in_the_catalogue() -> None:
    catalogue = load_catalogue()
    missing = {rule_id: str(path.relative_to(ROOT)) for path in _citing_files()
               for rule_id in cited_ids(path.read_text(encoding="utf-8"))
               if catalogue.get(rule_id) is None}
    assert not missing, f"rule IDs cited but not in docs/rules.md: {missing}"


def test_the_catalogue_holds_rules_conflicts_features_and_examples() -> None:
    catalogue = load_catalogue()
    for rule_id in ("TURN-1", "OBST-3", "PIECE-CATAPULT-17", "WIN-9", "CONF-16", "BF-4",
                    "EX-1"):
        assert catalogue.get(rule_id) is not None, rule_id
    rule = catalogue.get("obst-3")
    assert rule.title == "Conquest X bridges"
    assert rule.editions[:2] == ("C4", "CT")
    assert "may not be crossed by elephants" in rule.text
    assert rule.sources == ["[000] 9. Hindernisse", "[001] Hindernisse"]
    assert [(o.name, o.conf) for o in rule.options] == [("narrow_bridge_rule", "CONF-16")]


def test_a_rule_described_names_text_editions_sources_and_options() -> None:
    text = load_catalogue().describe("OBST-3")
    assert text.startswith("OBST-3 — Conquest X bridges")
    assert "C4 (Conquest, 4 players" in text
    assert "[000] 9. Hindernisse (000_0c72c038a3ca3d99.txt)" in text
    assert "narrow_bridge_rule (defined in CONF-16)" in text


def test_search_finds_by_words_with_an_exact_id_first() -> None:
    catalogue = load_catalogue()
    assert catalogue.search("WIN-9")[0].id == "WIN-9"
    hits = [r.id for r in catalogue.search("x bridge")]
    assert "OBST-3" in hits and "TURN-1" not in hits
    assert catalogue.search("no such words anywhere") == []


def test_parser_reads_a_small_catalogue() -> None:
    text = "\n".join([
        "### 0.1 Source files", "| [000] | `a.txt` | German |",
        "### 0.2 Edition codes", "| Code | Edition |", "| C2 | Conquest, 2 players | x |",
        "## 1. Rules", "#### MOVE-1 — Movement follows connections", "- **Editions:** C2",
        "- **Rule:** Pieces move along connections.", "- UNCLEAR: maybe.",
        "- **Source:** [000] 6.1 Bewegungspunkte.",
        "### 2.0 Option index", "| `some_switch` | CONF-1 | MOVE-1 |",
        "#### CONF-1 — A conflict", "- **Option:** `some_switch` ∈ {`a`, `b`}."])
    catalogue = parse_catalogue(text)
    rule = catalogue.get("MOVE-1")
    assert (rule.editions, rule.text, rule.unclear) == (("C2",), "Pieces move along "
                                                        "connections.", ["maybe."])
    assert catalogue.sources_of(rule) == ["[000] 6.1 Bewegungspunkte (a.txt)"]
    assert [o.name for o in rule.options] == ["some_switch"]
    assert [(o.name, o.conf) for o in catalogue.get("CONF-1").options] == [("some_switch",
                                                                           "CONF-1")]
    assert cited_ids("see OBST-3, PIECE-CATAPULT-17 and WIN-9; not X-1") == [
        "OBST-3", "PIECE-CATAPULT-17", "WIN-9"]
