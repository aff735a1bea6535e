"""Generate the JSON Schemas (Draft 2020-12) of the file formats from the pydantic models."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from pydantic import BaseModel

DIALECT = "https://json-schema.org/draft/2020-12/schema"


@dataclass(frozen=True)
class SchemaSpec:
    """One generated schema file: its name in `schema/`, the model and the format tag."""

    filename: str
    model: Callable[[], type[BaseModel]]
    format_tag: str

    @property
    def schema_id(self) -> str:
        return f"urn:conquest-workbench:schema:{self.format_tag}"


def _board() -> type[BaseModel]:
    from editor.model.board import Board

    return Board


#: Every generated schema; later formats (variant, scenario) register here too.
SCHEMAS: list[SchemaSpec] = [SchemaSpec("board.schema.json", _board, "conquest-board/1")]


def register(spec: SchemaSpec) -> None:
    if all(s.filename != spec.filename for s in SCHEMAS):
        SCHEMAS.append(spec)


def generate(spec: SchemaSpec) -> dict:
    """The schema document for one format, with `$schema`, `$id` and a required format tag."""
    body = spec.model().model_json_schema(mode="validation")
    body["properties"]["format"] = {
        "const": spec.format_tag,
        "description": body["properties"]["format"].get("description", "Format tag."),
    }
    required = body.setdefault("required", [])
    if "format" not in required:
        required.insert(0, "format")
    return {"$schema": DIALECT, "$id": spec.schema_id, **body}


def render(spec: SchemaSpec) -> str:
    return json.dumps(generate(spec), indent=2, ensure_ascii=False, sort_keys=False) + "\n"
