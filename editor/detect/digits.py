"""Read the number printed inside each detected field.

The recogniser is the PP-OCRv4 text-line model that ships inside the `rapidocr-onnxruntime`
wheel (about 10 MB), run with onnxruntime on one thread; nothing is downloaded. Only the model
file is used: the package's own pipeline (text detection, angle classifier) is not needed,
because the detector already knows where each number is. Decoding is restricted to the ten
digits, so a ring or a tick mark can never come out as a letter.

Each crop is cleaned first: pixels unlike the disc's fill that are not part of a text blob
near the centre (start rings, outline, lines) are painted over with the fill.
"""

from __future__ import annotations

import functools
import importlib.util
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

MODEL_PACKAGE = "rapidocr_onnxruntime"
MODEL_FILE = "models/ch_PP-OCRv4_rec_infer.onnx"
LINE_HEIGHT = 32
BATCH = 32


@dataclass(frozen=True)
class Reading:
    """A number read from a field (None when nothing digit-like was found) and its confidence."""

    number: int | None
    confidence: float


def model_path() -> Path | None:
    """The recognition model inside the installed wheel, or None when it is not installed."""
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    for base in spec.submodule_search_locations:
        path = Path(base) / MODEL_FILE
        if path.is_file():
            return path
    return None


def _ring_inside(patch: np.ndarray, rho: np.ndarray, fill: np.ndarray) -> float:
    """Radius (in r) inside any ring drawn round the number (start ring, outline): the
    smallest radius from 0.55 r on where ink surrounds the centre in most directions."""
    ink = np.abs(patch.astype(np.int16) - fill).sum(axis=2) > 60
    h, w = rho.shape
    yy, xx = np.mgrid[0:h, 0:w]
    cy, cx = np.unravel_index(np.argmin(rho), rho.shape)
    angle = ((np.arctan2(yy - cy, xx - cx) + np.pi) / (2 * np.pi) * 36).astype(int) % 36
    for lo in np.arange(0.55, 0.95, 0.04):
        band = (rho >= lo) & (rho < lo + 0.06)
        hit = np.zeros(36, bool)
        hit[angle[band & ink]] = True
        seen = np.zeros(36, bool)
        seen[angle[band]] = True
        if seen.sum() >= 18 and hit[seen].mean() >= 0.75:
            return float(lo) - 0.01
    return 0.9


#: Radii (in r) and directions at which the outline is looked for (`_rim_ink`).
_RIM_RHO = np.arange(0.5, 1.0, 0.02)
_RIM_ANGLES = np.linspace(-np.pi, np.pi, 72, endpoint=False)


def _rim_ink(ink: np.ndarray, rho: np.ndarray, cx: float, cy: float, r: float) -> np.ndarray:
    """The outline's ink. In each direction the outline starts where the ink runs on
    unbroken out to r (or the patch edge). A wide number set in a font with serifs
    (Bookman's "1", the bowl of a "6") touches the outline in some directions, where the run
    starts further in, and as one blob with it would be dropped as part of the ring; so the
    start in a direction is the upper quartile of the starts within 30 degrees, which follows
    an outline off centre or square (a tower) and leaves the digits."""
    h, w = ink.shape
    sx = np.rint(cx + np.cos(_RIM_ANGLES)[:, None] * _RIM_RHO * r).astype(int)
    sy = np.rint(cy + np.sin(_RIM_ANGLES)[:, None] * _RIM_RHO * r).astype(int)
    inside = (sx >= 0) & (sx < w) & (sy >= 0) & (sy < h)
    seen = np.where(inside, ink[np.clip(sy, 0, h - 1), np.clip(sx, 0, w - 1)], True)
    # from each step outwards: is everything from there on ink?
    tail = np.flip(np.logical_and.accumulate(np.flip(seen, axis=1), axis=1), axis=1)
    start = np.where(tail.any(axis=1), _RIM_RHO[tail.argmax(axis=1)], np.inf)
    window = np.sort(np.stack([np.roll(start, k) for k in range(-6, 7)]), axis=0)
    count = np.isfinite(window).sum(axis=0)
    quartile = window[(0.75 * np.maximum(count - 1, 0)).astype(int), np.arange(len(start))]
    edge = np.where(count >= 4, quartile, np.inf)
    yy, xx = np.mgrid[0:h, 0:w]
    sector = (np.arctan2(yy - cy, xx - cx) + np.pi) / (2 * np.pi) * len(_RIM_ANGLES)
    return ink & (rho >= edge[sector.astype(int) % len(_RIM_ANGLES)] - 0.02)


def clean_crops(image: np.ndarray, x: float, y: float, r: float) -> list[np.ndarray]:
    """Crops of the number of the field at (x, y), radius r, on a plain fill.

    When a ring surrounds the number (a start ring, the outline) a second crop is made with
    the ink clipped inside the ring: digits that touch the ring survive in the first, a ring
    that touches the digits vanishes in the second; the reader keeps the surer reading.
    """
    h, w = image.shape[:2]
    half = int(0.9 * r)
    x0, x1 = max(0, int(x) - half), min(w, int(x) + half + 1)
    y0, y1 = max(0, int(y) - half), min(h, int(y) + half + 1)
    patch = image[y0:y1, x0:x1]
    if patch.size == 0:
        return []
    yy, xx = np.mgrid[y0:y1, x0:x1]
    rho = np.hypot(xx - x, yy - y) / max(r, 1.0)
    fill = np.median(patch[rho < 0.6], axis=0)
    ink = np.abs(patch.astype(np.int16) - fill).sum(axis=2) > 60
    ring = _ring_inside(patch, rho, fill)
    rim = _rim_ink(ink, rho, x - x0, y - y0, r)
    crop = _text_crop(patch, ink & ~rim & (rho < min(0.85, ring)), rho, fill, r)
    out = [crop] if crop is not None else []
    if ring < 0.85:
        cy, cx = int(y) - y0, int(x) - x0
        band = patch[max(0, cy - int(0.45 * r)):cy + int(0.45 * r) + 1,
                     max(0, cx - int(0.85 * r)):cx + int(0.85 * r) + 1]
        if band.size:
            out.append(band)
    return out


def _text_crop(patch: np.ndarray, ink: np.ndarray, rho: np.ndarray, fill: np.ndarray,
               r: float) -> np.ndarray | None:
    """The ink blobs near the centre, copied onto plain fill and cropped with a margin."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), 8)
    mean_rho = np.bincount(labels.ravel(), rho.ravel(), n) / np.maximum(stats[:, 4], 1)
    keep = [k for k in range(1, n)
            if stats[k][4] >= 0.002 * r * r and mean_rho[k] < 0.7
            and stats[k][3] < 0.95 * r and stats[k][2] < 1.5 * r]
    if not keep:
        return None
    tall = max(stats[k][3] for k in keep)
    keep = [k for k in keep if stats[k][3] >= 0.4 * tall]
    bx0 = min(stats[k][0] for k in keep)
    by0 = min(stats[k][1] for k in keep)
    bx1 = max(stats[k][0] + stats[k][2] for k in keep)
    by1 = max(stats[k][1] + stats[k][3] for k in keep)
    text = np.isin(labels, keep)
    grown = cv2.dilate(text.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    clean = np.where(grown[..., None], patch, fill.astype(np.uint8))
    pad = max(2, (by1 - by0) // 4)
    crop = clean[max(0, by0 - pad):by1 + pad, max(0, bx0 - pad):bx1 + pad]
    return cv2.copyMakeBorder(crop, pad, pad, pad, pad, cv2.BORDER_CONSTANT,
                              value=[int(v) for v in fill])


@functools.cache
def _bundled_reader() -> DigitReader | None:
    path = model_path()
    return DigitReader(path) if path is not None else None


def _better(new: Reading, old: Reading) -> bool:
    """More digits read with fair confidence beat fewer (a clipped crop loses outer digits)."""
    if old.number is None:
        return True
    longer = len(str(new.number)) - len(str(old.number))
    if longer and min(new.confidence, old.confidence) >= 0.6:
        return longer > 0
    return new.confidence > old.confidence


class DigitReader:
    """Reads numbers from cleaned crops with the bundled OCR model (one CPU thread)."""

    def __init__(self, path: Path) -> None:
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        self.session = ort.InferenceSession(str(path), options,
                                            providers=["CPUExecutionProvider"])
        self.input = self.session.get_inputs()[0].name
        chars = self.session.get_modelmeta().custom_metadata_map["character"].splitlines()
        # class 0 is the CTC blank; the characters follow in the file's order
        self.digit_class = {i + 1: c for i, c in enumerate(chars) if c in "0123456789"}
        self.classes = np.array([0, *self.digit_class])

    @classmethod
    def bundled(cls) -> DigitReader | None:
        """The reader on the model of the installed wheel (loaded once; sessions are safe to
        share between threads), or None when the wheel is not installed."""
        return _bundled_reader()

    def _prepare(self, crop: np.ndarray) -> np.ndarray:
        h, w = crop.shape[:2]
        # a little wider than the aspect ratio: more time steps keep "555" from reading "55"
        width = max(LINE_HEIGHT // 2, round(1.4 * w * LINE_HEIGHT / max(h, 1)))
        line = cv2.resize(crop, (width, LINE_HEIGHT), interpolation=cv2.INTER_AREA)
        return (line.astype(np.float32) / 127.5 - 1.0).transpose(2, 0, 1)

    def _decode(self, probs: np.ndarray) -> Reading:
        sub = probs[:, self.classes]
        best = sub.argmax(axis=1)
        digits, scores, prev = [], [], 0
        for t, k in enumerate(best):
            if k != prev and k != 0:
                digits.append(self.digit_class[int(self.classes[k])])
                scores.append(float(sub[t, k]))
            prev = k
        if not digits or len(digits) > 5:
            return Reading(None, 0.0)
        return Reading(int("".join(digits)), float(np.mean(scores)))

    def read_fields(self, crops: list[list[np.ndarray]]) -> list[Reading]:
        """One reading per field from its candidate crops: the most confident one."""
        flat = [(i, c) for i, cs in enumerate(crops) for c in cs]
        readings = self.read([c for _, c in flat])
        out = [Reading(None, 0.0)] * len(crops)
        for (i, _), reading in zip(flat, readings, strict=True):
            if reading.number is not None and _better(reading, out[i]):
                out[i] = reading
        return out

    def read(self, crops: list[np.ndarray]) -> list[Reading]:
        """One reading per crop."""
        out = [Reading(None, 0.0)] * len(crops)
        ready = [(i, self._prepare(c)) for i, c in enumerate(crops)]
        ready.sort(key=lambda item: item[1].shape[2])
        for start in range(0, len(ready), BATCH):
            chunk = ready[start:start + BATCH]
            width = max(a.shape[2] for _, a in chunk)
            batch = np.full((len(chunk), 3, LINE_HEIGHT, width), 0.0, np.float32)
            for j, (_, arr) in enumerate(chunk):
                batch[j, :, :, :arr.shape[2]] = arr
                batch[j, :, :, arr.shape[2]:] = arr[:, :, -1:]
            probs = self.session.run(None, {self.input: batch})[0]
            for j, (i, _) in enumerate(chunk):
                out[i] = self._decode(probs[j])
        return out
