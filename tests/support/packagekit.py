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


def _data_offset(data: bytes, name_end: str) -> tuple[int, str]:
    """Offset of the compressed data of the first member whose name ends with `name_end`."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        info = next(i for i in zf.infolist() if i.filename.endswith(name_end))
    header = info.header_offset
    n_name, n_extra = int.from_bytes(data[header + 26: header + 28], "little"), \
        int.from_bytes(data[header + 28: header + 30], "little")
    return header + 30 + n_name + n_extra, info.filename


def damaged(data: bytes, kind: str) -> tuple[bytes, str]:
    """A damaged copy of a package and the member a reader should name: `deflate` (a corrupt
    deflate stream), `lzma` / `bzip2` (members in that method, one corrupt), `version` (a zip
    version no reader extracts) or `method` (an unknown compression method)."""
    if kind in ("lzma", "bzip2"):
        method = zipfile.ZIP_LZMA if kind == "lzma" else zipfile.ZIP_BZIP2
        data = zipped(members(data), method)
    raw = bytearray(data)
    if kind in ("deflate", "lzma", "bzip2"):
        at, name = _data_offset(data, ".board.json")
        for k in range(8):
            raw[at + 12 + k] ^= 0x5A
        return bytes(raw), name
    signature, field = (b"PK\x01\x02", 6) if kind == "version" else (b"PK\x01\x02", 10)
    at = raw.find(signature)
    name_len = int.from_bytes(raw[at + 28: at + 30], "little")
    name = raw[at + 46: at + 46 + name_len].decode()
    raw[at + field] = 99
    if kind == "method":
        local = raw.find(b"PK\x03\x04")
        raw[local + 8] = 99
    return bytes(raw), name
