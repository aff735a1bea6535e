"""Findings in the user's language (issue 25): the message is translated where the finding is
made; the code, the pointer and the element stay, and nothing reads a message to decide."""

from __future__ import annotations

import json
from pathlib import Path

from editor import i18n


def test_a_finding_keeps_its_code_and_location_in_german(tmp_path: Path) -> None:
    from editor.check.board_checks import check_board
    from editor.model import load_board

    path = tmp_path / "b.board.json"
    path.write_text(json.dumps({
        "format": "conquest-board/1", "name": "B",
        "fields": [{"id": "a", "terrain": "land", "x": 1, "y": 1}],
        "connections": [{"id": "r", "kind": "road", "a": "a", "b": "a"}]}), encoding="utf-8")
    i18n.set_language("de")
    [finding] = check_board(load_board(path).model)
    assert (finding.code, finding.pointer, finding.element) == (
        "CONNECTION_SELF_LOOP", "/connections/0", "r")
    assert finding.message == "Weg 'r' verbindet 'a' mit sich selbst"


def test_schema_findings_say_their_kind_without_the_message_so_suggestions_work_in_german(
        tmp_path: Path) -> None:
    """variant_fields reads `extra["schema_error"]`, not the (translated) message: a misspelt
    key still gets its "did you mean" in German."""
    from editor.check.variant_checks import validate_variant_file

    path = tmp_path / "house.variant.json"
    path.write_text(json.dumps({"format": "conquest-variant/2", "extends": "conquest-4p",
                                "freeze_treshold": 3}), encoding="utf-8")
    i18n.set_language("de")
    [finding] = [f for f in validate_variant_file(str(path)) if f.pointer == "/freeze_treshold"]
    assert finding.message.endswith("meintest du 'freeze_threshold'?")
    assert finding.hint == "Benenne 'freeze_treshold' in 'freeze_threshold' um."
