"""Coverage-guided fuzzing of one loader with atheris (`make fuzz`; issue 26).

    python tests/fuzz/run_fuzz.py TARGET [libFuzzer options...]

TARGET is a name of `fuzz_targets.TARGETS` (board, variant, scenario, package, notation). The
seed corpus is `tests/fuzz/seeds/TARGET`; new interesting inputs go to a scratch corpus folder
given on the command line (the Makefile uses build/fuzz/TARGET), never into the repository. A
crash is written by libFuzzer as crash-<sha1>: copy it to `tests/fuzz/crashes/TARGET/`, where
the normal suite replays it, then fix the loader.
"""

from __future__ import annotations

import sys
from pathlib import Path

import atheris

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

with atheris.instrument_imports(include=["editor"]):
    import fuzz_targets


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in fuzz_targets.TARGETS:
        sys.exit(f"usage: run_fuzz.py {{{','.join(fuzz_targets.TARGETS)}}} [libFuzzer options]")
    target = fuzz_targets.TARGETS[sys.argv[1]]
    atheris.Setup([sys.argv[0], *sys.argv[2:]], target)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
