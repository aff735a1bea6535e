"""The board canvas shared by the modes: the scene, its graphics items, the view, zoomed-out
frames and tool tips."""
