"""The Qt board editor: document and undo commands, scene, view, tools, panels, main window.

PySide6 6.12.0 leaks a reference to None on every void call under CPython 3.11 and aborts the
interpreter; pyproject.toml excludes it and tests/test_qt_binding.py detects the defect.
"""
