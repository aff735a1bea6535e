"""The rules engine. Its hot modules run compiled when built (`editor.rules.native`); ENGINE says
which form this process uses."""

from editor.rules.native import choose

ENGINE: str = choose(__path__)
