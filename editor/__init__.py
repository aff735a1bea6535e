"""Conquest Workbench: board editor, rule variants and simulator for Benge's island games."""

__version__ = "0.1.0"
