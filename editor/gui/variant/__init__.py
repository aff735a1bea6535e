"""The variant configurator's parts (`editor.gui.variant.mode` puts them together)."""
