"""Game packages `*.conquest` (format `conquest-package/1`): a board and its rules in one zip.

A package holds `manifest.json` (names, format versions, sizes, sha256 checksums, the tool that
made it), the board, its scan, the variant chain as given (the variant file, its parents and
overlays) and the resolved variant. Reading trusts nothing in it: the zip directory is checked
before anything is decompressed (member count, names that stay inside the package: no `..`,
absolute paths, backslashes, links or duplicates; declared sizes, total size and compression
ratio against fixed caps, so no zip bomb), members are read into memory with a cap (nothing is
written to disk), checksums are verified, and every problem is a finding with a PACKAGE_* code.

`open_game_source(path)` is the one loader the commands share: a package, or a board file
(or shipped board name) with a variant reference.
"""

from __future__ import annotations

import hashlib
import lzma
import os
import stat
import struct
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import Field as F

from editor.i18n import N_, _
from editor.model.board import BOARD_FORMAT, Board
from editor.model.findings import Finding, Severity, define
from editor.model.io import FILE_UNREADABLE, LoadResult, parse_document
from editor.model.schema import SchemaSpec, register
from editor.model.types import StrictModel
from editor.model.variant import VARIANT_FORMAT, Options, Variant, resolve_variant

PACKAGE_FORMAT = "conquest-package/1"
PACKAGE_SUFFIX = ".conquest"
MANIFEST_NAME = "manifest.json"

#: Caps applied before anything is decompressed (a package holds a few JSON files and a scan).
MAX_PACKAGE_BYTES = 128 * 1024 * 1024
MAX_MEMBERS = 64
MAX_MEMBER_BYTES = 64 * 1024 * 1024
MAX_TOTAL_BYTES = 96 * 1024 * 1024
#: Largest uncompressed/compressed ratio accepted for members over RATIO_FLOOR bytes.
MAX_RATIO = 200
RATIO_FLOOR = 1024 * 1024

E, W = Severity.ERROR, Severity.WARNING
PACKAGE_NOT_ZIP = define(
    "PACKAGE_NOT_ZIP", E, "Game package is not a zip archive",
    "Export the package again with 'conquest pack' (or File > Export game package); a "
    "*.conquest file is a zip archive.", area="package")
PACKAGE_UNSAFE_PATH = define(
    "PACKAGE_UNSAFE_PATH", E, "Package member has an unsafe name",
    "Do not open this package: a member name leaves the package (.., absolute path, link) or "
    "repeats; ask its author for a package made with 'conquest pack'.", area="package")
PACKAGE_TOO_LARGE = define(
    "PACKAGE_TOO_LARGE", E, "Package exceeds the size limits",
    "A package holds a board, a scan and a few variant files; shrink the scan or drop extra "
    "members.", area="package")
PACKAGE_CORRUPT = define(
    "PACKAGE_CORRUPT", E, "Package member cannot be read",
    "The archive is damaged or encrypted; export the package again.", area="package")
PACKAGE_MANIFEST = define(
    "PACKAGE_MANIFEST", E, "Package manifest is missing or wrong",
    "A package needs manifest.json (conquest-package/1) listing every member; export it again.",
    area="package")
PACKAGE_MEMBER = define(
    "PACKAGE_MEMBER", E, "Package members and manifest disagree",
    "The manifest must list exactly the members the archive holds; export the package again.",
    area="package")
PACKAGE_OVERLAY = define(
    "PACKAGE_OVERLAY", E, "Overlays given for a package without a variant",
    "The package's variant already has its overlays applied; to try an overlay, give the "
    "variant too (--variant NAME --overlay O), which replaces the package's variant.",
    area="package")
PACKAGE_CHECKSUM = define(
    "PACKAGE_CHECKSUM", E, "Package member does not match its checksum",
    "The member was changed after packing; export the package again from the original files.",
    area="package")


# ---- the manifest ----------------------------------------------------------------------------

_PART = r"[A-Za-z0-9][A-Za-z0-9_.\-]*"


class PackageMember(StrictModel):
    """One file of the package."""

    path: str = F(max_length=200, pattern=rf"^{_PART}(/{_PART})*$",
                  description="Path inside the zip: letters, digits, '_', '.', '-', '/'.")
    role: Literal["board", "scan", "variant", "resolved_variant"] = F(
        description="board, its scan, a file of the variant chain as given, or the resolved "
        "variant the package is played with.")
    sha256: str = F(pattern=r"^[0-9a-f]{64}$", description="SHA-256 of the member's bytes.")
    size: int = F(ge=0, le=MAX_MEMBER_BYTES, description="Size in bytes.")
    format: str | None = F(default=None, max_length=64,
                           description="Format tag and version of a JSON member.")
    name: str | None = F(default=None, max_length=128, description="Board or variant name.")
    ref: str | None = F(default=None, max_length=1024,
                        description="Variant chain: the reference as it was given or named.")


class PackageManifest(StrictModel):
    """`manifest.json` of a game package."""

    format: Literal["conquest-package/1"] = F(
        default=PACKAGE_FORMAT, description="Format tag and version of this file.")
    name: str = F(max_length=128, description="Package name.")
    created_by: str = F(max_length=128, description="Tool and version that wrote the package.")
    board: str = F(max_length=128, description="Name of the board.")
    variant: str = F(max_length=1024, description="The variant as given to 'conquest pack'.")
    overlays: list[str] = F(default_factory=list, max_length=16,
                            description="Extra overlays given to 'conquest pack'.")
    members: list[PackageMember] = F(max_length=MAX_MEMBERS,
                                     description="Every other member of the zip.")


register(SchemaSpec("package.schema.json", lambda: PackageManifest, PACKAGE_FORMAT))


# ---- reading safely --------------------------------------------------------------------------

#: What zipfile raises for a damaged or unusual archive (issue 26): a corrupt deflate stream
#: (zlib.error), a damaged LZMA member (LZMAError) or bzip2 member (OSError, EOFError), an
#: unknown zip version or compression method (NotImplementedError), a bad CRC or header
#: (BadZipFile), a name or extra field zipfile cannot decode (ValueError, struct.error).
ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, OSError, EOFError,
              ValueError, RuntimeError, zlib.error, lzma.LZMAError, struct.error)


def is_package(path: str | os.PathLike[str]) -> bool:
    """A *.conquest file, or any file that starts like a zip archive."""
    p = Path(path)
    if p.name.endswith(PACKAGE_SUFFIX):
        return True
    try:
        with open(p, "rb") as handle:
            return handle.read(4) == b"PK\x03\x04"
    except OSError:
        return False


@dataclass
class PackageContents:
    """What a package holds (members read into memory) and the problems found."""

    path: str
    manifest: PackageManifest | None = None
    members: dict[str, bytes] = field(default_factory=dict)
    board: Board | None = None
    variant: Variant | None = None
    findings: list[Finding] = field(default_factory=list)

    def member(self, role: str) -> PackageMember | None:
        if self.manifest is None:
            return None
        return next((m for m in self.manifest.members if m.role == role), None)

    @property
    def scan(self) -> bytes | None:
        m = self.member("scan")
        return self.members.get(m.path) if m else None


def _directory_count(path: Path) -> int | None:
    """Entry count of the zip's end-of-directory record (read before zipfile parses the
    directory); None when there is none, -1 for zip64 (never written by conquest pack)."""
    with open(path, "rb") as handle:
        handle.seek(0, os.SEEK_END)
        size = handle.tell()
        handle.seek(max(0, size - 65_557))
        tail = handle.read()
    at = tail.rfind(b"PK\x05\x06")
    if at < 0 or len(tail) - at < 22:
        return None
    count = struct.unpack("<H", tail[at + 10: at + 12])[0]
    return -1 if count == 0xFFFF else count


def _member_too_new(path: Path) -> str | None:
    """Name of the first member whose directory entry needs a zip version zipfile cannot
    extract, found by walking the central directory records (at most MAX_MEMBERS)."""
    with open(path, "rb") as handle:
        data = handle.read(MAX_PACKAGE_BYTES)
    at = data.find(b"PK\x01\x02")
    for _attempt in range(MAX_MEMBERS):
        if at < 0 or at + 46 > len(data):
            return None
        version, = struct.unpack("<H", data[at + 6: at + 8])
        n_name, n_extra, n_comment = struct.unpack("<HHH", data[at + 28: at + 34])
        if version & 0xFF > zipfile.MAX_EXTRACT_VERSION:
            return data[at + 46: at + 46 + n_name].decode("utf-8", "replace")[:80]
        at = data.find(b"PK\x01\x02", at + 46 + n_name + n_extra + n_comment)
    return None


def unsafe_reason(info: zipfile.ZipInfo) -> str | None:
    """Why a member name or kind is not acceptable (a message with `{member}`, marked for
    translation), or None."""
    name = info.filename
    mode = info.external_attr >> 16
    if stat.S_ISLNK(mode):
        return N_("member '{member}' is a symbolic link")
    if not name or name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        return N_("member '{member}' is an absolute path")
    if "\\" in name:
        return N_("member '{member}' contains a backslash")
    parts = name.rstrip("/").split("/")
    if any(p in ("", ".", "..") for p in parts):
        return N_("member '{member}' leaves the package ('..', '.' or an empty part)")
    if any(ord(c) < 32 for c in name) or len(name) > 200:
        return N_("member '{member}' has control characters or is too long")
    if info.flag_bits & 0x1:
        return N_("member '{member}' is encrypted")
    return None


def _check_directory(zf: zipfile.ZipFile, where: str) -> list[Finding]:
    """Names, kinds and declared sizes of every member, before reading any."""
    out: list[Finding] = []
    seen: set[str] = set()
    total = 0
    for info in zf.infolist():
        shown = info.filename[:80]
        reason = unsafe_reason(info)
        key = info.filename.casefold()
        if reason is None and key in seen:
            reason = N_("member '{member}' appears twice")
        seen.add(key)
        if reason:
            out.append(PACKAGE_UNSAFE_PATH.at(_(reason).format(member=shown)).located(where))
            continue
        total += info.file_size
        if info.file_size > MAX_MEMBER_BYTES:
            out.append(PACKAGE_TOO_LARGE.at(
                _("member '{shown}' unpacks to {file_size} bytes (limit "
                  "{limit})").format(shown=shown, file_size=info.file_size,
                    limit=MAX_MEMBER_BYTES)).located(where))
        elif (info.file_size > RATIO_FLOOR
              and info.file_size > MAX_RATIO * max(info.compress_size, 1)):
            out.append(PACKAGE_TOO_LARGE.at(
                _("member '{shown}' expands {number} times (limit {limit}): a zip "
                  "bomb?").format(shown=shown, number=info.file_size // max(info.compress_size, 1),
                    limit=MAX_RATIO)).located(where))
    if total > MAX_TOTAL_BYTES and not out:
        out.append(PACKAGE_TOO_LARGE.at(
            _("members unpack to {total} bytes in all (limit {limit})").format(
                total=total, limit=MAX_TOTAL_BYTES)).located(where))
    return out


def _read_member(zf: zipfile.ZipFile, info: zipfile.ZipInfo, where: str,
                 ) -> tuple[bytes | None, Finding | None]:
    """A member's bytes, read with a cap (never more than its checked declared size)."""
    try:
        with zf.open(info) as handle:
            data = handle.read(min(info.file_size, MAX_MEMBER_BYTES) + 1)
    except ZIP_ERRORS as exc:
        return None, PACKAGE_CORRUPT.at(
            _("member '{filename}' cannot be read: {exc}").format(
                filename=info.filename, exc=exc)).located(where)
    if len(data) > info.file_size:
        return None, PACKAGE_TOO_LARGE.at(
            _("member '{filename}' is larger than its declared size").format(
                filename=info.filename)).located(where)
    return data, None


def _open_zip(path: Path, where: str) -> tuple[zipfile.ZipFile | None, list[Finding]]:
    try:
        size = path.stat().st_size
    except OSError as exc:
        return None, [FILE_UNREADABLE.at(_("cannot read file: {value}").format(
                                             value=exc.strerror or exc))
                      .located(where)]
    if size > MAX_PACKAGE_BYTES:
        return None, [PACKAGE_TOO_LARGE.at(
            _("the package has {size} bytes (limit {limit})").format(
                size=size, limit=MAX_PACKAGE_BYTES)).located(where)]
    try:
        count = _directory_count(path)
    except OSError as exc:
        return None, [FILE_UNREADABLE.at(_("cannot read file: {value}").format(
                                             value=exc.strerror or exc))
                      .located(where)]
    if count is None:
        return None, [PACKAGE_NOT_ZIP.at(_("the file is not a zip archive (no zip directory "
                                           "found)")).located(where)]
    if count < 0 or count > MAX_MEMBERS:
        return None, [PACKAGE_TOO_LARGE.at(
            (_("the package lists a zip64 number of members (limit {limit})") if count < 0 else
             _("the package lists {count} members (limit {limit})")).format(
                count=count, limit=MAX_MEMBERS)).located(where)]
    try:
        return zipfile.ZipFile(path), []
    except NotImplementedError as exc:  # "zip file version 9.9": one member's directory entry
        name = _member_too_new(path)
        member = f"member '{name}'" if name else "a member"
        return None, [PACKAGE_CORRUPT.at(_("{member} needs a zip feature this reader lacks "
                                           "({exc})").format(member=member,
                                               exc=exc)).located(where)]
    except ZIP_ERRORS as exc:
        return None, [PACKAGE_NOT_ZIP.at(_("the zip archive cannot be read: {exc}").format(exc=exc))
                      .located(where)]


def read_package(path: str | os.PathLike[str]) -> PackageContents:
    """Read and check a package; never raises for bad input, never writes to disk."""
    where = str(path)
    out = PackageContents(where)
    zf, out.findings = _open_zip(Path(path), where)
    if zf is None:
        return out
    with zf:
        if len(zf.infolist()) > MAX_MEMBERS:  # the end record's count was misleading
            out.findings = [PACKAGE_TOO_LARGE.at(
                _("the package holds {count} members (limit {limit})").format(
                    count=len(zf.infolist()), limit=MAX_MEMBERS))
                .located(where)]
            return out
        out.findings = _check_directory(zf, where)
        if out.findings:
            return out
        infos = {i.filename: i for i in zf.infolist() if not i.is_dir()}
        for name, info in infos.items():
            data, problem = _read_member(zf, info, where)
            if problem is not None:
                out.findings.append(problem)
            else:
                out.members[name] = data
    if out.findings:
        return out
    _check_manifest(out)
    if not out.findings:
        _load_contents(out)
    return out


def _text(out: PackageContents, member: str) -> str | None:
    try:
        return out.members[member].decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        out.findings.append(PACKAGE_CORRUPT.at(
            _("member '{member}' is not UTF-8 text (byte {start})").format(
                member=member, start=exc.start)).located(out.path))
        return None


def _check_manifest(out: PackageContents) -> None:
    where = out.path
    if MANIFEST_NAME not in out.members:
        out.findings.append(PACKAGE_MANIFEST.at(_("the package has no {manifest}").format(
                                                    manifest=MANIFEST_NAME))
                            .located(where))
        return
    text = _text(out, MANIFEST_NAME)
    if text is None:
        return
    result = parse_document(text, PackageManifest, PACKAGE_FORMAT, f"{where}!{MANIFEST_NAME}")
    if result.model is None:
        out.findings += result.findings
        return
    out.manifest = result.model
    listed = {m.path: m for m in result.model.members}
    for name in sorted(set(out.members) - set(listed) - {MANIFEST_NAME}):
        out.findings.append(PACKAGE_MEMBER.at(
            _("member '{name}' is not listed in the manifest").format(name=name)).located(where))
    for m in result.model.members:
        data = out.members.get(m.path)
        if data is None:
            out.findings.append(PACKAGE_MEMBER.at(
                _("the manifest lists '{path}', which the archive does not hold").format(
                    path=m.path))
                .located(where))
        elif len(data) != m.size or hashlib.sha256(data).hexdigest() != m.sha256:
            out.findings.append(PACKAGE_CHECKSUM.at(
                _("member '{path}' does not match the manifest's sha256 {sha256}...; it was "
                  "changed after packing").format(path=m.path,
                      sha256=m.sha256[:12])).located(where))
    roles = [m.role for m in result.model.members]
    for role in ("board", "resolved_variant"):
        if roles.count(role) != 1:
            out.findings.append(PACKAGE_MANIFEST.at(
                _("the manifest lists {count} members with role '{role}' (expected one)").format(
                    count=roles.count(role), role=role)).located(f"{where}!{MANIFEST_NAME}"))


def _load_contents(out: PackageContents) -> None:
    """Parse the board and the resolved variant (findings name the member)."""
    board_m, variant_m = out.member("board"), out.member("resolved_variant")
    for member, model, tag in ((board_m, Board, BOARD_FORMAT),
                               (variant_m, Variant, VARIANT_FORMAT)):
        text = _text(out, member.path)
        if text is None:
            continue
        result: LoadResult = parse_document(text, model, tag, f"{out.path}!{member.path}")
        out.findings += result.findings
        if model is Board:
            out.board = result.model
        else:
            out.variant = result.model


# ---- one loader for every command ------------------------------------------------------------


@dataclass
class GameSource:
    """A board and a variant to play, from a package or from files; unpacks to
    (board, variant, findings)."""

    board: Board | None
    variant: Variant | None
    findings: list[Finding] = field(default_factory=list)
    #: where findings about the board are located (file, or PACKAGE!member)
    board_path: str | None = None
    package: PackageContents | None = None

    def __iter__(self):
        return iter((self.board, self.variant, self.findings))


def _with_options(variant: Variant, options: dict, where: str,
                  findings: list[Finding]) -> Variant | None:
    from pydantic import ValidationError

    from editor.model.io import _pydantic_findings

    merged = {**variant.options.model_dump(mode="json"), **options}
    try:
        return variant.model_copy(update={"options": Options.model_validate(merged)})
    except ValidationError as exc:
        findings.extend(f.located(where) for f in _pydantic_findings(exc))
        return None


def open_game_source(path: str | os.PathLike[str] | None, variant: str | None = None,
                     overlays: list[str] | None = None,
                     options: dict | None = None) -> GameSource:
    """The board and variant a command works on, with the findings of reading them.

    `path` is a package (its board and resolved variant; a `variant` given as well replaces
    the package's) or a board file / shipped board name (then `variant` names the variant;
    without it, the variant is None). Semantic checks (board checks, the pair check) are the
    caller's: this only reads. Never raises for bad input.
    """
    source = GameSource(None, None)
    if path is not None and is_package(path):
        pkg = read_package(path)
        source.package, source.findings = pkg, list(pkg.findings)
        if any(f.is_error for f in pkg.findings):  # a migrated variant's note is no error
            return source
        source.board, source.variant = pkg.board, pkg.variant
        source.board_path = f"{pkg.path}!{pkg.member('board').path}"
        if overlays and variant is None:
            source.findings.append(PACKAGE_OVERLAY.at(
                _("--overlay {overlays} without "
                  "--variant").format(overlays=' '.join(overlays))).located(str(path)))
            return source
    elif path is not None:
        from editor.model import load_board
        from editor.resources import locate

        board_file = locate("boards", str(path))
        if board_file is None:
            source.findings.append(FILE_UNREADABLE.at(
                _("board '{path}' not found: no such file and no shipped board of that "
                  "name").format(path=path))
                .located(str(path)))
            return source
        result = load_board(board_file)
        source.board, source.board_path = result.model, str(board_file)
        source.findings += result.findings
    if variant is not None:
        rv = resolve_variant(variant, Path.cwd(), overlays or None)
        source.variant = rv.variant
        source.findings += rv.findings
    if options and source.variant is not None:
        source.variant = _with_options(source.variant, options, "--option", source.findings)
    return source


# ---- writing ---------------------------------------------------------------------------------

#: Fixed timestamp of every member: the same inputs give the same bytes.
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def _member(path: str, role: str, data: bytes, **extra: str | None) -> tuple[PackageMember,
                                                                            bytes]:
    return PackageMember(path=path, role=role, sha256=hashlib.sha256(data).hexdigest(),
                         size=len(data), **extra), data


def _safe_name(name: str, fallback: str) -> str:
    """A member file name made of the allowed characters."""
    cleaned = "".join(c if c.isascii() and (c.isalnum() or c in "_.-") else "-" for c in name)
    cleaned = cleaned.lstrip("._-")[:120]
    return cleaned or fallback


def _board_members(board_file: Path, board: Board) -> list[tuple[PackageMember, bytes]]:
    """The board (its scan path pointing at the packed scan) and the scan, if it exists."""
    from editor.model import dump_board

    out = []
    data = board_file.read_bytes()
    scan = None
    if board.image is not None:
        scan_file = Path(board.image.path)
        if not scan_file.is_absolute():
            scan_file = board_file.resolve().parent / scan_file
        if scan_file.is_file():
            scan = _safe_name(scan_file.name, "scan")
            if board.image.path != scan:
                image = board.image.model_copy(update={"path": scan})
                data = dump_board(board.model_copy(update={"image": image})).encode("utf-8")
            out.append(_member(f"board/{scan}", "scan", scan_file.read_bytes()))
    name = _safe_name(board_file.name, "board.board.json")
    out.insert(0, _member(f"board/{name}", "board", data, format=BOARD_FORMAT,
                          name=board.name))
    return out


def portable_ref(ref: str) -> str:
    """A variant reference as a manifest keeps it: a shipped name as it is, a file by its name
    (the member's `ref`), never a path of the machine that packed it."""
    return Path(ref).name if "/" in ref or "\\" in ref else ref


def build_package(board_file: Path, board: Board, variant_ref: str, overlays: list[str],
                  chain: list[str], resolved: Variant, name: str) -> bytes:
    """The package's bytes (deterministic): manifest, board, scan, chain, resolved variant."""
    from editor import __version__
    from editor.model.variant import dump_variant, variants_dir

    members = _board_members(board_file, board)
    seen: set[Path] = set()
    for i, file in enumerate(chain, 1):
        real = Path(file).resolve()
        if real in seen:
            continue
        seen.add(real)
        stem = _safe_name(Path(file).name, "variant.variant.json")
        shipped = real.parent == variants_dir().resolve()
        ref = Path(file).name.removesuffix(".variant.json") if shipped else Path(file).name
        members.append(_member(f"variants/{i:02d}-{stem}", "variant", Path(file).read_bytes(),
                               format=VARIANT_FORMAT, ref=ref))
    members.append(_member("variant/resolved.variant.json", "resolved_variant",
                           dump_variant(resolved).encode("utf-8"), format=VARIANT_FORMAT,
                           name=resolved.name))
    manifest = PackageManifest(
        name=name, created_by=f"conquest-workbench {__version__}", board=board.name,
        variant=portable_ref(variant_ref), overlays=overlays, members=[m for m, _ in members])
    return zip_package(manifest, [d for _, d in members])


def zip_package(manifest: PackageManifest, data: list[bytes]) -> bytes:
    """The zip of a manifest and its members' bytes (in the manifest's order), deterministic."""
    import io as _io

    from editor.model.io import dump_document

    buffer = _io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, member in [(MANIFEST_NAME, dump_document(manifest).encode("utf-8")),
                             *zip((m.path for m in manifest.members), data, strict=True)]:
            info = zipfile.ZipInfo(path, _ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, member)
    return buffer.getvalue()
