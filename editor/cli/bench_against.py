"""Measuring this tree against an old revision: the reusable mechanics of `conquest bench
--against REV`.

`export_tree(rev)` writes REV's files (`git archive`) into a temporary folder;
`run_in_tree(tree, script, args)` runs one self-contained script of THIS tree with
PYTHONPATH=tree in a child Python and returns the last JSON object it printed. The same script
file thus runs unchanged against both trees, so it may only use names both trees have. Any
failure (no git, unknown revision, a child that fails or prints no JSON) is a `BenchError`
with a message for the user, never a traceback.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path


class BenchError(Exception):
    """A comparison that cannot run; the message says why."""


def _git(args: list[str], cwd: Path) -> bytes:
    try:
        proc = subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False)
    except FileNotFoundError as exc:
        raise BenchError("git is not installed: --against needs git") from exc
    if proc.returncode != 0:
        msg = proc.stderr.decode(errors="replace").strip().splitlines()
        raise BenchError(f"git {args[0]} failed: {msg[-1] if msg else proc.returncode}")
    return proc.stdout


def repo_root() -> Path:
    """The git work tree that holds this package (`git rev-parse --show-toplevel`)."""
    here = Path(__file__).resolve().parent
    return Path(_git(["rev-parse", "--show-toplevel"], here).decode().strip())


def export_tree(rev: str, dest: Path | None = None) -> Path:
    """REV's files (git archive) in a new temporary folder (or `dest`); returns the folder.
    The caller removes it (`shutil.rmtree`)."""
    root = repo_root()
    try:
        commit = _git(["rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"], root)
    except BenchError as exc:
        raise BenchError(f"no revision '{rev}' in {root}") from exc
    data = _git(["archive", "--format=tar", commit.decode().strip()], root)
    tree = dest or Path(tempfile.mkdtemp(prefix=f"conquest-{rev[:12]}-"))
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(tree, filter="data")
        else:  # Python before 3.11.4: git's own archive of its own repository
            tar.extractall(tree)
    return tree


def run_in_tree(tree: Path, script: Path, args: list[str], timeout: float | None = None,
                env: dict[str, str] | None = None) -> dict:
    """Run `script` (copied into a temporary folder first) with PYTHONPATH=tree and cwd=tree
    (and `env` on top of this process's environment); return the last line of its output that
    is a JSON object."""
    with tempfile.TemporaryDirectory(prefix="conquest-bench-") as tmp:
        copy = Path(tmp) / script.name
        shutil.copyfile(script, copy)
        env = {**os.environ, **(env or {}), "PYTHONPATH": str(tree)}
        try:
            proc = subprocess.run([sys.executable, str(copy), *args], cwd=tree, env=env,
                                  capture_output=True, text=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired as exc:
            raise BenchError(f"{script.name} in {tree} took longer than {timeout} s") from exc
    for line in reversed(proc.stdout.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                found = json.loads(line)
            except json.JSONDecodeError:
                continue
            if "error" in found:
                raise BenchError(f"{script.name} in {tree}: {found['error']}")
            if proc.returncode != 0:
                break
            return found
    err = (proc.stderr.strip().splitlines() or proc.stdout.strip().splitlines() or ["no output"])
    raise BenchError(f"{script.name} in {tree} failed (exit {proc.returncode}): {err[-1]}")
