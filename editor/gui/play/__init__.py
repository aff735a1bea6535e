"""Play mode parts: the scene layer, the view, the panels and the game commands."""
