"""Semantic checks and file validation (findings with stable codes; no Qt)."""

from editor.check.validate import validate_file

__all__ = ["validate_file"]
