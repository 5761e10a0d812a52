"""Pixel comparison of two pictures: the share of pixels that differ and a diff image.

Runs on any thread (QImage and numpy only). Pixels differing by more than
``tolerance`` in any channel count as different; the diff image shows the current
picture faded, with differing pixels in red.
"""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

from PySide6.QtGui import QImage

from probe.core.capture.frames import encode_image


def _array(image: QImage) -> np.ndarray:
    import numpy as np  # only when pictures are compared: the probe does not load numpy
    """(h, w, 4) uint8 view of ``image`` as 32-bit ARGB (a copy; safe to keep)."""
    img = image.convertToFormat(QImage.Format.Format_ARGB32)
    ptr = img.constBits()
    arr = np.frombuffer(ptr, dtype=np.uint8, count=img.sizeInBytes())
    return arr.reshape(img.height(), img.bytesPerLine() // 4, 4)[:, :img.width()].copy()


def differing_share(current: QImage, reference: QImage, tolerance: int = 0) -> float:
    """The share of pixels that differ by more than ``tolerance`` (1.0 when sizes differ)."""
    import numpy as np
    if current.size() != reference.size():
        return 1.0
    a = _array(current).astype(np.int16)
    b = _array(reference).astype(np.int16)
    mask = (np.abs(a - b)[:, :, :3] > tolerance).any(axis=2)
    return float(mask.mean()) if mask.size else 0.0


def compare(current: QImage, reference: QImage, tolerance: int = 0) -> dict[str, Any]:
    """``ratio`` of differing pixels (1.0 when the sizes differ), counts and a diff PNG."""
    import numpy as np
    size = {"width": current.width(), "height": current.height()}
    ref_size = {"width": reference.width(), "height": reference.height()}
    if size != ref_size:
        return {"ratio": 1.0, "differentPixels": size["width"] * size["height"],
                "totalPixels": size["width"] * size["height"], "size": size,
                "referenceSize": ref_size, "sizeMismatch": True, "diff": None}
    a = _array(current).astype(np.int16)
    b = _array(reference).astype(np.int16)
    mask = (np.abs(a - b)[:, :, :3] > tolerance).any(axis=2)
    different = int(mask.sum())
    total = int(mask.size)
    out = (a[:, :, :3] // 3 + 170).astype(np.uint8)  # faded current picture
    out[mask] = (0, 0, 255)  # BGR order in memory: red
    rgba = np.dstack([out, np.full(mask.shape, 255, np.uint8)])
    diff = QImage(rgba.tobytes(), size["width"], size["height"], size["width"] * 4,
                  QImage.Format.Format_ARGB32).copy()
    return {"ratio": different / total if total else 0.0, "differentPixels": different,
            "totalPixels": total, "size": size, "referenceSize": ref_size,
            "sizeMismatch": False,
            "diff": base64.b64encode(encode_image(diff, "png", -1)).decode("ascii")}
