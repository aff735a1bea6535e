"""Validators that need the rules engine: scenario files (their board, variant, position and
steps are checked by building the game).

`VALIDATORS` is the check layer's table (`editor.check.validate.VALIDATORS`) with the full
scenario check in place of the structural one; `conquest validate` passes it to
`editor.check.validate.validate_file`. Variant and pair checks live in `editor.check`
(`variant_checks`, `pair_checks`).
"""

from __future__ import annotations

from editor.check.validate import VALIDATORS as CHECK_VALIDATORS
from editor.check.validate import Validators
from editor.model.findings import Finding
from editor.model.package import PACKAGE_FORMAT
from editor.model.scenario import SCENARIO_FORMAT, load_scenario
from editor.rules import scenario_run
from editor.rules.package_check import check_package


def validate_scenario_file(path: str) -> list[Finding]:
    """Findings of a scenario file: structure, then the game it builds (SCENARIO_* codes)."""
    result = load_scenario(path)
    if result.model is None:
        return result.findings
    return scenario_run.load(path).findings


#: Validators by format tag: the check layer's, with the engine's scenario and package checks.
VALIDATORS: Validators = {
    **CHECK_VALIDATORS,
    SCENARIO_FORMAT: validate_scenario_file,
    PACKAGE_FORMAT: check_package,
}
