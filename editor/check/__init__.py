"""Semantic checks and file validation (findings with stable codes; no Qt)."""

from editor.check.validate import validate_file, validate_paths

__all__ = ["validate_file", "validate_paths"]
