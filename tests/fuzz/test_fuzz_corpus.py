"""The fuzz seed corpus and every crash the fuzzer found, replayed through the loaders'
targets (issue 26): each input gives findings, never an exception."""

from __future__ import annotations

from pathlib import Path

import pytest
from fuzz_targets import HERE, TARGETS


def _inputs(folder: str) -> list[tuple[str, Path]]:
    return [(target, path) for target in TARGETS
            for path in sorted((HERE / folder / target).glob("*")) if path.is_file()]


@pytest.mark.parametrize(("target", "path"), _inputs("seeds"),
                         ids=lambda v: v.name if isinstance(v, Path) else v)
def test_seed_input_loads_without_exception(target: str, path: Path) -> None:
    TARGETS[target](path.read_bytes())


@pytest.mark.parametrize(("target", "path"), _inputs("crashes"),
                         ids=lambda v: v.name if isinstance(v, Path) else v)
def test_former_crash_loads_without_exception(target: str, path: Path) -> None:
    TARGETS[target](path.read_bytes())


def test_every_target_has_seeds() -> None:
    assert {t for t, _ in _inputs("seeds")} == set(TARGETS)
