"""The rules engine: the state of a game, the action kinds (generator, cost, apply, explanation),
the move search, turns and victory, and the random playout policy (no Qt). Everything that uses
the engine (play sessions, scenarios, notation, agents, balance) lives outside this package and
reads a game through `editor.engine.game` (`Game`, `State`).

Its hot modules run compiled when built (`editor.engine.native`); ENGINE says which form this
process uses."""

import sys

from editor.engine.native import EngineFormError, choose

try:
    ENGINE: str = choose(__path__)
except EngineFormError as _problem:  # a bad CONQUEST_ENGINE: a finding and exit 2, no traceback
    print(_problem.finding(), file=sys.stderr)
    raise SystemExit(_problem.exit_code) from None
