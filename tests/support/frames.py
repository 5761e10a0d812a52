"""Live view frames as a client sees them: decoded, and partial ones drawn over the last
picture (shared by the stream tests over the wire and in process)."""

from __future__ import annotations

import base64
from collections.abc import Iterable

from PySide6.QtGui import QImage, QPainter

from probe.wire.probe_frames import Frame


def decode(frame: Frame) -> QImage:
    """A PNG frame's picture, in one format so pictures compare pixel by pixel."""
    image = QImage.fromData(base64.b64decode(frame["data"]), "PNG")
    assert not image.isNull()
    return image.convertToFormat(QImage.Format.Format_RGB32)


def compose(picture: QImage | None, frames: Iterable[Frame]) -> QImage:
    """``picture`` after ``frames`` in order: a full frame replaces it, a partial one is
    drawn over it at its ``rect``."""
    for frame in frames:
        if frame["full"]:
            picture = decode(frame)
        else:
            assert picture is not None
            painter = QPainter(picture)
            painter.drawImage(frame["rect"][0], frame["rect"][1], decode(frame))
            painter.end()
    assert picture is not None
    return picture
