"""Saved games replay exactly (issue: two soldiers on one elephant): play a seeded game in the
play session with undo, redo, recorded refusals and response windows, save it as a scenario,
load it again and replay every step; the position key at the end must be the one played to."""

from __future__ import annotations

import random
from pathlib import Path

from editor.rules import session_io
from editor.rules.session import PlaySession, SessionSource

#: every shipped variant, and the overlays that change how games go
VARIANTS: list[tuple[str, tuple[str, ...]]] = [
    ("conquest-2p", ()), ("conquest-4p", ()), ("conquest-team", ()),
    ("conquest-4p", ("classic-recapture",)), ("conquest-plus-2p", ()), ("conquest-plus-4p", ()),
    ("conquest-plus-4p", ("catapult-4cm",)), ("grand-conquest-2p", ()),
    ("grand-conquest-4p", ()), ("grand-conquest-team", ()),
]


def _refusal(session: PlaySession, rng: random.Random) -> None:
    """Attempt a random step of one of the actor's stacks, typed with printed numbers, and
    record it when it is refused."""
    actor = session.turn().actor
    mine = [s for s in session.stacks() if s.owner == actor]
    if not mine:
        return
    stack = rng.choice(mine)
    target = rng.choice(session.board.fields).id
    names = session.names
    verdict = session.explain(f"{stack.top.letter} {names.name(stack.field)}>"
                              f"{names.name(target)}")
    if not verdict.legal:
        session.record(verdict)


def play(session: PlaySession, seed: int, actions: int) -> None:
    """Random play with undo (5 %), redo (3 %) and recorded refusals (7 %)."""
    rng = random.Random(seed)
    for _ in range(actions):
        if session.state.is_terminal():
            break
        r = rng.random()
        if r < 0.05 and session.can_undo():
            session.undo()
        elif r < 0.08 and session.can_redo():
            session.redo()
        elif r < 0.15:
            _refusal(session, rng)
        else:
            session.random_move(rng)


def round_trip(variant: str, overlays: tuple[str, ...], seed: int, actions: int,
               folder: Path) -> list[str]:
    """Problems of one saved game (empty: it replays to the same position key)."""
    session, findings = session_io.start(None, SessionSource(variant=variant,
                                                             overlays=overlays))
    assert session is not None, findings
    play(session, seed, actions)
    path = folder / f"{variant}{'+'.join(('', *overlays))}-{seed}.scenario.json"
    session_io.save(session, path)
    replay, findings = session_io.load(path)
    if replay is None:
        return [f"{path.name}: does not load: {[f.format_line() for f in findings]}"]
    while replay.pending:
        step = replay.pending[0]
        verdict = replay.redo()
        if replay.pending and replay.pending[0] is step:
            return [f"{path.name}: step {step.text!r} does not replay: {verdict}"]
    if replay.position_key() != session.position_key():
        return [f"{path.name}: replays to another position"]
    return []


def main(argv: list[str] | None = None) -> int:
    """`python tests/support/replaykit.py GAMES ACTIONS [FIRST_SEED]`: the long run of the
    round trip (`make saved-games`); prints the count and every problem."""
    import sys
    import tempfile
    import time

    args = [int(x) for x in (argv if argv is not None else sys.argv[1:])]
    games, actions, first = args[0], args[1], args[2] if len(args) > 2 else 0
    started, problems = time.monotonic(), []
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(first, first + games):
            variant, overlays = VARIANTS[seed % len(VARIANTS)]
            problems += round_trip(variant, overlays, seed, actions, Path(folder))
    for p in problems:
        print(p)
    print(f"{games} saved games, {len(problems)} do not replay "
          f"({time.monotonic() - started:.0f} s)")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
