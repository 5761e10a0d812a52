"""Pictures of widgets and windows, encoded as PNG or JPEG (GUI thread for ``grab``).

A picture is the app's own pixels: its window rendered by its own paint code
(:mod:`~probe.core.capture.render`, which also tells why ``QWidget.grab()`` once crashed
an app and why it cannot now), so another window over the app never shows in it. A
widget's picture is cut from its window's rendering (what siblings paint over it
included); ``source="screen"`` takes what the screen shows instead, and
:func:`on_screen` says whether the screen hid part of the window. Encoding is
thread-safe (QImage is implicitly shared).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QPoint, QRect, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QWindow
from PySide6.QtWidgets import QWidget

from probe.core.capture import render
from probe.core.capture.frames import encode_image, scaled
from probe.core.errors import QtError
from probe.core.objects import qtchildren
from probe.core.objects.qmltypes import is_quick_item
from probe.core.objects.qtclass import qt_class

_POPUP = Qt.WindowType.Popup
_TOOLTIP = Qt.WindowType.ToolTip


def grab(obj: QObject, with_popups: bool = False, source: str = "app") -> QImage:
    """The picture of a widget or window; SCREENSHOT_FAILED if there is nothing to see.

    ``with_popups`` paints open popups (combo lists, menus, tool tips) of a top-level
    widget over it, where they are on screen, as a user would see them. ``source``
    "screen" reads the screen where the window is (other programs' windows included).
    """
    image: QImage | None = None
    if isinstance(obj, QWidget):
        if not QWidget.isVisible(obj):
            raise QtError("SCREENSHOT_FAILED",
                          f"{QObject.objectName(obj) or 'the widget'} is hidden",
                          hint="Show it first (open its tab or dialog).")
        image = widget_image(obj, source)
        if with_popups and QWidget.isWindow(obj) and source == "app":
            image = _with_popups(obj, image)
    elif isinstance(obj, QWindow):
        image = (render.render_window(obj) if source == "app"
                 else render.screen_pixels(obj))
    elif is_quick_item(obj):
        image = _grab_item(obj, source)
    else:
        raise QtError("SCREENSHOT_FAILED",
                      f"a {QObject.metaObject(obj).className()} has no picture",
                      hint="Pass a widget, a window or a Qt Quick item.")
    if image is None or image.isNull():
        if source == "screen":
            raise QtError("SCREENSHOT_FAILED", "the screen shows nothing of the window here "
                          "(off screen, or the platform cannot read the screen)",
                          hint="Leave source out: the app's own rendering needs no screen.")
        raise QtError("SCREENSHOT_FAILED", "the window rendered an empty picture (it has no "
                      "size yet)", hint="Show the window first, or wait for it to appear.")
    return image


def window_of(obj: QObject) -> QWidget | QWindow | None:
    """The top-level window a widget, window or Qt Quick item is shown in."""
    if isinstance(obj, QWidget):
        return QWidget.window(obj)
    if isinstance(obj, QWindow):
        return obj
    if is_quick_item(obj):
        return qt_class(obj).window(obj)
    return None


def on_screen(window: QWidget | QWindow) -> dict[str, Any]:
    """Facts about a window on screen a screen picture needs beside it: ``minimized``,
    and the app's own rendering to compare the screen's pixels with (:func:`hidden_share`)."""
    return {"minimized": render.is_minimized(window), "exposed": render.exposed(window)}


def widget_image(w: QWidget, source: str = "app") -> QImage:
    """A widget's pixels, cut from its window's picture: the window rendered by its own
    paint code, or (``source="screen"``) what the screen shows there."""
    window = QWidget.window(w)
    if source == "screen":
        image = render.screen_pixels(window)
        if image is None:
            return QImage()
    else:
        image = render.render_window(window)
    if w is window:
        return image
    ratio = image.devicePixelRatio() or 1.0
    top = QWidget.mapTo(w, window, QPoint(0, 0))
    rect = QRect(round(top.x() * ratio), round(top.y() * ratio),
                 round(QWidget.width(w) * ratio), round(QWidget.height(w) * ratio))
    return crop(image, rect)


def _grab_item(item: QObject, source: str) -> QImage:
    """A Qt Quick item: its window's picture cut to the item's scene rectangle."""
    window = qt_class(item).window(item)
    if window is None or not qt_class(item).isVisible(item):
        raise QtError("SCREENSHOT_FAILED", f"{QObject.objectName(item) or 'the item'} is not shown",
                      hint="Show it first (its page, tab or popup).")
    image = (render.render_window(window) if source == "app"
             else render.screen_pixels(window) or QImage())
    ratio = image.devicePixelRatio() or 1.0
    size = QRectF(0, 0, qt_class(item).width(item), qt_class(item).height(item))
    r = qt_class(item).mapRectToScene(item, size)
    rect = QRect(round(r.x() * ratio), round(r.y() * ratio), round(r.width() * ratio),
                 round(r.height() * ratio))
    return crop(image, rect)


def popups_over(window: QWidget) -> list[QWidget]:
    """Visible popup and tool-tip windows that overlap ``window``, bottom to top."""
    frame = QRect(QWidget.mapToGlobal(window, QPoint(0, 0)), QWidget.size(window))
    out = []
    for w in qtchildren.top_level_widgets():
        if w is window or not QWidget.isVisible(w):
            continue
        kind = QWidget.windowType(w)
        if kind in (_POPUP, _TOOLTIP) and frame.intersects(QWidget.frameGeometry(w)):
            out.append(w)
    return out


def _with_popups(window: QWidget, image: QImage) -> QImage:
    popups = popups_over(window)
    if not popups:
        return image
    image = image.convertToFormat(QImage.Format.Format_RGB32)
    ratio = image.devicePixelRatio() or 1.0
    origin = QWidget.mapToGlobal(window, QPoint(0, 0))
    painter = QPainter(image)
    for popup in popups:
        pic = render.render_window(popup)
        top_left = QWidget.mapToGlobal(popup, QPoint(0, 0)) - origin
        painter.drawImage(QPoint(round(top_left.x() * ratio), round(top_left.y() * ratio)), pic)
    painter.end()
    return image


def encode(image: QImage, fmt: str = "png", quality: int = 80,
           max_size: tuple[int, int] | None = None) -> tuple[bytes, float]:
    """PNG or JPEG bytes, scaled down to fit ``max_size`` (w, h); returns (bytes, scale)."""
    if fmt not in ("png", "jpeg"):
        raise QtError("SCREENSHOT_FAILED", f"unknown format {fmt!r}", available=["png", "jpeg"])
    scale = 1.0
    if max_size is not None:
        image, scale = scaled(image, max_size[0], max_size[1])
    return encode_image(image, fmt, quality), scale


#: JPEG qualities tried, then each scale step, until a picture fits its byte budget.
_QUALITIES = (80, 60)
_SHRINK = 0.75
_SMALLEST = 64


def may_be_jpeg(fmt: str, max_bytes: int | None) -> bool:
    """Whether :func:`encode_within` may make a JPEG: asked for, or its fallback for a
    picture past ``max_bytes``."""
    return fmt == "jpeg" or max_bytes is not None


def encode_within(image: QImage, fmt: str, quality: int, max_size: tuple[int, int] | None,
                  max_bytes: int | None) -> tuple[bytes, float, str]:
    """:func:`encode`, then, past ``max_bytes``, JPEG at lower qualities and smaller
    sizes until it fits (a big window for a model that takes pictures up to a size).
    Returns (bytes, scale, format)."""
    data, scale = encode(image, fmt, quality, max_size)
    if max_bytes is None or len(data) <= max_bytes:
        return data, scale, fmt
    base = scaled(image, *max_size)[0] if max_size is not None else image
    factor = 1.0
    while True:
        smaller = _shrink(base, factor)
        for q in _QUALITIES:
            data = encode_image(smaller, "jpeg", min(q, quality) if fmt == "jpeg" else q)
            if len(data) <= max_bytes:
                return data, scale * factor, "jpeg"
        if min(base.width(), base.height()) * factor * _SHRINK < _SMALLEST:
            return data, scale * factor, "jpeg"  # as small as it sensibly gets
        factor *= _SHRINK


def _shrink(image: QImage, factor: float) -> QImage:
    if factor >= 1.0:
        return image
    return image.scaled(max(1, round(image.width() * factor)),
                        max(1, round(image.height() * factor)),
                        Qt.AspectRatioMode.IgnoreAspectRatio,
                        Qt.TransformationMode.SmoothTransformation)


def crop(image: QImage, rect: QRect) -> QImage:
    """The part of ``image`` inside ``rect`` (clipped to the picture)."""
    return image.copy(rect.intersected(image.rect()))


def decode(data: bytes) -> QImage:
    """A QImage from PNG/JPEG bytes; SCREENSHOT_FAILED if they are no picture."""
    image = QImage()
    if not image.loadFromData(data):
        raise QtError("SCREENSHOT_FAILED", "the reference is not a PNG or JPEG picture",
                      hint="Pass base64 of a PNG or JPEG (e.g. from qt.ui.screenshot).")
    return image
