"""Bench: selecting a stack in test play (issue 15: targets within 50 ms on a ~700-field board).

`bench_selection` plays seeded random turns on a session and, in each sampled position, times
`PlaySession.targets(field)` for stacks of the actor with the position's caches dropped first
(the first selection after a move: all legal actions computed, described and grouped), and again
warm (a second selection in the same position). Run it alone with
`python -m editor.rules.session_bench [VARIANT]`; `conquest bench` includes its figures.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from editor.rules.session import PlaySession


def _pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_selection(session: PlaySession, seed: int = 1, positions: int = 20,
                    stacks_per_position: int = 5) -> dict[str, float | int | str]:
    """Median and p95 (ms) of the grouped targets of a selected stack, cold and warm."""
    rng = random.Random(seed)
    cold: list[float] = []
    warm: list[float] = []
    targets = 0
    for _ in range(positions):
        if session.turn().terminal:
            break
        actor = session.turn().actor
        own = [s.field for s in session.stacks() if s.owner == actor]
        for field in rng.sample(own, min(stacks_per_position, len(own))):
            session.refresh()
            t0 = time.perf_counter()
            groups = session.targets(field)
            cold.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            session.targets(field)
            warm.append((time.perf_counter() - t0) * 1000)
            targets += len(groups)
        session.play_random_turns(1, seed=rng.randrange(1 << 30))
    if not cold:
        return {"select_stack_samples": 0}
    return {
        "select_stack_board_fields": len(session.board.fields),
        "select_stack_samples": len(cold),
        "select_stack_mean_targets": round(targets / len(cold), 1),
        "select_stack_cold_median_ms": round(statistics.median(cold), 2),
        "select_stack_cold_p95_ms": round(_pct(cold, 0.95), 2),
        "select_stack_warm_median_ms": round(statistics.median(warm), 3),
        "select_stack_warm_p95_ms": round(_pct(warm, 0.95), 3),
    }


def main(argv: list[str] | None = None) -> int:
    from editor.rules import session_io
    from editor.rules.session import SessionSource

    args = sys.argv[1:] if argv is None else argv
    variant = args[0] if args else "conquest-4p"
    session, findings = session_io.start_from_refs(None, SessionSource(variant=variant))
    if session is None:
        for f in findings:
            print(f.format_line(), file=sys.stderr)
        return 1
    for key, value in bench_selection(session).items():
        print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
