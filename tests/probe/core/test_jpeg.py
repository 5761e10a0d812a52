"""JPEG encoding: libjpeg-turbo from the picture's own buffer, Qt's writer as the fallback.

Each encoder's bytes are decoded again and compared with the source pixels (JPEG is lossy:
within a tolerance), for every pixel format a window or a frame comes in, whole and for a
rectangle (a partial frame). The rectangle is read through a strided view, not copied.
"""

from __future__ import annotations

import sys
import tracemalloc
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from probe.core.capture import jpeg
from probe.core.capture.frames import encode_image


def _picture(fmt: QImage.Format = QImage.Format.Format_ARGB32_Premultiplied) -> QImage:
    """Four colour blocks, so a channel order mix-up or a shifted rectangle shows."""
    image = QImage(320, 200, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    for i, colour in enumerate(("red", "green", "blue", "black")):
        painter.fillRect(QRect(i * 80, 0, 80, 200), QColor(colour))
    painter.fillRect(QRect(100, 60, 120, 80), QColor("yellow"))
    painter.end()
    return image.convertToFormat(fmt)


def _close(decoded: QImage, source: QImage, offset: tuple[int, int] = (0, 0)) -> None:
    """Every 10th pixel of ``decoded`` within JPEG noise of ``source`` at ``offset``."""
    ox, oy = offset
    for y in range(4, decoded.height() - 4, 10):
        for x in range(4, decoded.width() - 4, 10):
            a, b = QColor(decoded.pixel(x, y)), QColor(source.pixel(x + ox, y + oy))
            if source.format() == QImage.Format.Format_Grayscale8:
                assert abs(a.red() - b.red()) < 24, (x, y)
                continue
            for ca, cb in ((a.red(), b.red()), (a.green(), b.green()), (a.blue(), b.blue())):
                assert abs(ca - cb) < 48, (x, y, a.name(), b.name())


@pytest.fixture(params=["libjpeg-turbo", "qt"])
def encoder(request: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    if request.param == "qt":
        monkeypatch.setenv("QTMCP_JPEG", "qt")
    jpeg._turbo.cache_clear()
    assert jpeg.encoder() == request.param
    yield request.param
    jpeg._turbo.cache_clear()


FORMATS = [QImage.Format.Format_RGB32, QImage.Format.Format_ARGB32_Premultiplied,
           QImage.Format.Format_ARGB32, QImage.Format.Format_RGBX8888,
           QImage.Format.Format_RGBA8888, QImage.Format.Format_RGB888,
           QImage.Format.Format_Grayscale8, QImage.Format.Format_RGB16]


@pytest.mark.parametrize("fmt", FORMATS, ids=lambda f: f.name)
def test_whole_picture_and_a_rectangle(qapp: Any, encoder: str, fmt: QImage.Format) -> None:
    source = _picture(fmt)
    whole = QImage.fromData(jpeg.encode_jpeg(source, 90), "JPG")
    assert whole.size() == source.size()
    _close(whole, source)
    rect = QRect(70, 50, 130, 90)  # across three colour blocks and the yellow one
    part = QImage.fromData(encode_image(source, "jpeg", 90, rect), "JPG")
    assert (part.width(), part.height()) == (130, 90)
    _close(part, source, (70, 50))


def test_a_rectangle_past_the_edge_is_clipped(qapp: Any, encoder: str) -> None:
    source = _picture()
    part = QImage.fromData(jpeg.encode_jpeg(source, 90, QRect(300, 180, 50, 50)), "JPG")
    assert (part.width(), part.height()) == (20, 20)


def test_the_rectangle_is_read_in_place(qapp: Any) -> None:
    """No copy of the picture or of the rectangle: what numpy allocates while encoding is
    the JPEG's size, not the pixels' (a contiguous copy of either would be traced)."""
    jpeg._turbo.cache_clear()
    assert jpeg.encoder() == "libjpeg-turbo"
    source = QImage(1280, 800, QImage.Format.Format_ARGB32_Premultiplied)
    source.fill(Qt.GlobalColor.darkCyan)
    jpeg.encode_jpeg(source, 70)  # the first call loads the encoder
    for rect in (None, QRect(100, 100, 900, 600)):
        tracemalloc.start()
        try:
            jpeg.encode_jpeg(source, 70, rect)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < 900 * 600 * 4 // 8, peak


def test_qt_writer_when_simplejpeg_is_missing(qapp: Any,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "simplejpeg", None)  # import simplejpeg fails
    jpeg._turbo.cache_clear()
    try:
        assert jpeg.encoder() == "qt"
        source = _picture()
        _close(QImage.fromData(jpeg.encode_jpeg(source, 90), "JPG"), source)
    finally:
        jpeg._turbo.cache_clear()


def test_same_size_as_qt_writer(qapp: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both make 4:2:0 JPEGs: at one quality their sizes are within a few per cent."""
    source = _picture()
    jpeg._turbo.cache_clear()
    turbo = len(jpeg.encode_jpeg(source, 70))
    monkeypatch.setenv("QTMCP_JPEG", "qt")
    jpeg._turbo.cache_clear()
    try:
        qt = len(jpeg.encode_jpeg(source, 70))
    finally:
        jpeg._turbo.cache_clear()
    assert 0.8 < turbo / qt < 1.25, (turbo, qt)
