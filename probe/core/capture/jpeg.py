"""JPEG bytes of a QImage (or of a rectangle of it), on any thread.

libjpeg-turbo (the ``simplejpeg`` package) encodes a 1280x800 window in about a third of
the CPU Qt's own JPEG writer takes (bench_live_view.py), so it is used when installed; Qt's
writer is the fallback, and ``QTMCP_JPEG=qt`` chooses it (to compare the two in one run).
The encoder reads the QImage's own pixel buffer through a strided numpy view: neither a
frame nor a partial frame's rectangle is copied before encoding.
"""

from __future__ import annotations

import functools
import os
import sys
from types import ModuleType
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect
from PySide6.QtGui import QImage

#: The 32-bit formats whose bytes libjpeg-turbo reads as they are (a native-endian
#: 0xAARRGGBB word is B, G, R, A in memory on little-endian machines).
_NATIVE32 = {QImage.Format.Format_RGB32, QImage.Format.Format_ARGB32,
             QImage.Format.Format_ARGB32_Premultiplied}
_BYTE_ORDERED = {QImage.Format.Format_RGBX8888: "RGBX", QImage.Format.Format_RGBA8888: "RGBX",
                 QImage.Format.Format_RGBA8888_Premultiplied: "RGBX"}
_WORD_LAYOUT = "BGRX" if sys.byteorder == "little" else "XRGB"


@functools.cache
def _turbo() -> tuple[ModuleType, ModuleType] | None:
    """(simplejpeg, numpy), or None when either is missing or ``QTMCP_JPEG=qt``.

    Imported on the first JPEG, not at start: numpy and libjpeg-turbo cost an app that
    never asks for a picture about 60 ms and 12 MiB (#41, a light start)."""
    if os.environ.get("QTMCP_JPEG", "").lower() == "qt":
        return None
    try:
        import numpy  # lazy: see above
        import simplejpeg  # lazy: see above
    except ImportError:
        return None
    return simplejpeg, numpy


def load() -> None:
    """Import the encoder now, on the GUI thread: not on a picture thread while the app's
    own code runs (``transport.load_library`` says why)."""
    _turbo()


def loaded() -> bool:
    """Whether :func:`load` has run (any thread: nothing is imported by asking)."""
    return _turbo.cache_info().currsize > 0


def encoder() -> str:
    """Which encoder :func:`encode_jpeg` uses: "libjpeg-turbo" or "qt"."""
    return "qt" if _turbo() is None else "libjpeg-turbo"


def encode_jpeg(image: QImage, quality: int, rect: QRect | None = None) -> bytes:
    """JPEG bytes (4:2:0, as Qt's writer makes them) of ``image``, or of ``rect`` in it
    (image pixels, clipped to the picture)."""
    area = image.rect() if rect is None else rect.intersected(image.rect())
    turbo = _turbo()
    if turbo is None or area.isEmpty():
        return _qt_jpeg(image if rect is None else image.copy(area), quality)
    simplejpeg, np = turbo
    layout = _layout(image)
    if layout is None:  # an unusual format: one conversion, then no further copy
        image = image.convertToFormat(QImage.Format.Format_RGB32)
        layout = _WORD_LAYOUT, 4
    colorspace, depth = layout
    rows = np.frombuffer(image.constBits(), np.uint8, count=image.sizeInBytes())
    pixels = rows.reshape(image.height(), image.bytesPerLine())[
        area.top():area.bottom() + 1,
        area.left() * depth:(area.right() + 1) * depth].reshape(area.height(), area.width(),
                                                                 depth)
    data: Any = simplejpeg.encode_jpeg(
        pixels, quality=max(1, min(100, quality)), colorspace=colorspace,
        colorsubsampling="Gray" if colorspace == "GRAY" else "420")
    return data


def _layout(image: QImage) -> tuple[str, int] | None:
    """(simplejpeg colorspace, bytes per pixel) of ``image``'s own buffer, or None."""
    fmt = image.format()
    if fmt in _NATIVE32:
        return _WORD_LAYOUT, 4
    if fmt in _BYTE_ORDERED:
        return _BYTE_ORDERED[fmt], 4
    if fmt == QImage.Format.Format_RGB888:
        return "RGB", 3
    if fmt == QImage.Format.Format_Grayscale8:
        return "GRAY", 1
    return None


def _qt_jpeg(image: QImage, quality: int) -> bytes:
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buf, "JPG", quality)  # pyright: ignore[reportCallIssue, reportArgumentType]  # PySide6's stub says bytes; it takes only str
    buf.close()
    return bytes(data.data())
