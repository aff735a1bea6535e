"""Game packages for tests: a small valid package (conquest-2p without a scan) and copies with
one member replaced (the manifest's size and sha256 fixed, so only the change is judged)."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: A package written by `conquest pack` (the fuzz seed): conquest-2p board without its scan.
SMALL_PACKAGE = ROOT / "tests" / "fuzz" / "seeds" / "package" / "conquest-2p.conquest"


def members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {i.filename: zf.read(i) for i in zf.infolist()}


def zipped(entries: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as zf:
        for name, data in entries.items():
            zf.writestr(name, data)
    return buffer.getvalue()


def with_member(data: bytes, role: str, change) -> bytes:
    """The package with the member of `role` replaced by `change(its JSON object)` (a dict
    returned is written as JSON, bytes as they are) and the manifest updated to match."""
    entries = members(data)
    manifest = json.loads(entries["manifest.json"])
    listed = next(m for m in manifest["members"] if m["role"] == role)
    new = change(json.loads(entries[listed["path"]]))
    new = new if isinstance(new, bytes) else json.dumps(new, indent=2).encode()
    entries[listed["path"]] = new
    listed.update(size=len(new), sha256=hashlib.sha256(new).hexdigest())
    entries["manifest.json"] = json.dumps(manifest, indent=2).encode()
    return zipped(entries)
