"""Finding codes the editor adds to those of `conquest validate`. They are defined in
`editor.check.editor_codes` (so `conquest docs` lists them without importing the GUI); define new
ones there."""

from __future__ import annotations

from editor.check.editor_codes import SCAN_MISSING

__all__ = ["SCAN_MISSING"]
