"""Trace mode: tracing a scan into a board (its mode, tools, inspector and detection dialog)."""
