"""The variant configurator's parts (`editor.gui.modes.variant` puts them together)."""
