"""Helpers shared by the tests: one builder per kind of test board, and small drivers.

`tests/` is on `sys.path` (pytest puts the folder of the root `conftest.py` there), so tests
import `from support.boardkit import ...`. Modules:

- `boardkit`: board files as plain dicts (`small_board`, `castle_board`, `rich_board`, ...),
  written as JSON, and the CLI run in-process (`run_cli`).
- `mutations`: hypothesis strategies that break board files (fuzz and schema tests).
- `rulekit`: `make_board(...)`, compact hand-made boards for rule tests.
- `ruleworld`: the 4-seat rules test world and the position DSL (`make_state`, `play`, `why`).
- `gcworld`: the Grand Conquest test world built on `ruleworld`.
- `files`: the shipped boards as dicts, JSON and variant files written to a folder.
- `guikit`: scan images for GUI tests (needs Qt: import it only from Qt tests).
"""
