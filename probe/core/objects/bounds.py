"""How large a value the app can take: the limits checked before a value reaches Qt.

A value of the right type can still be more than Qt or memory can take: a window of
2147483647 x 2147483647 (Qt clamps it to 16777215 squared; then the app segfaults or its
GUI thread hangs), a font of 1e308 points (gigabytes of glyph cache, seconds of
layout), an integer wider than the C++ parameter it goes into (PySide overflows, or a
Python slot multiplies with it). Geometry is bounded by what the screens can show times
SCREEN_FACTOR (never below MIN_EXTENT), fonts by MAX_FONT_POINTS / MAX_FONT_PIXELS,
integers by their C++ type's width. Qt's own "no limit" size (QWIDGETSIZE_MAX) stays
allowed where the value held it already (``maximumSize``).
"""

from __future__ import annotations

import ctypes
from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, QSize, QSizeF
from PySide6.QtGui import QFont, QGuiApplication

from probe.core.errors import QtError

#: Geometry may reach this many times the largest screen extent.
SCREEN_FACTOR = 2
#: ...and at least this many pixels (a 4096 x 4096 ARGB window is 64 MiB).
MIN_EXTENT = 4096
#: Qt's "no limit" for widget sizes (QWIDGETSIZE_MAX).
QWIDGETSIZE_MAX = 16777215
MAX_FONT_POINTS = 1000.0
MAX_FONT_PIXELS = 1400

#: Numeric properties that are geometry under another type (int or qreal): widgets'
#: minimum/maximum sizes, Qt Quick items' and windows' x, y, width and height.
GEOMETRY_PROPERTIES = frozenset({
    "x", "y", "width", "height", "implicitWidth", "implicitHeight", "minimumWidth",
    "minimumHeight", "maximumWidth", "maximumHeight", "contentWidth", "contentHeight",
})

_BITS_LONG = ctypes.sizeof(ctypes.c_long) * 8
#: C++ integer type -> (bits, signed).
INTEGER_TYPES: dict[str, tuple[int, bool]] = {
    **{t: (8, True) for t in ("qint8", "signed char", "char")},
    **{t: (16, True) for t in ("short", "qint16")},
    **{t: (32, True) for t in ("int", "qint32")},
    "long": (_BITS_LONG, True),
    **{t: (64, True) for t in ("qint64", "qlonglong", "qsizetype", "qptrdiff", "qintptr")},
    **{t: (8, False) for t in ("uchar", "unsigned char", "quint8")},
    **{t: (16, False) for t in ("ushort", "unsigned short", "quint16")},
    **{t: (32, False) for t in ("uint", "unsigned int", "quint32")},
    **{t: (_BITS_LONG, False) for t in ("ulong", "unsigned long")},
    **{t: (64, False) for t in ("quint64", "qulonglong", "quintptr", "size_t")},
}


def integer_range(type_name: str) -> tuple[int, int]:
    """(lowest, highest) value of a C++ integer type (64-bit signed when unknown)."""
    bits, signed = INTEGER_TYPES.get(type_name, (64, True))
    if signed:
        return -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
    return 0, 2 ** bits - 1


def extent() -> int:
    """The largest coordinate or length geometry may have (GUI thread)."""
    largest = 0
    for screen in QGuiApplication.screens():
        box = screen.virtualGeometry()
        largest = max(largest, box.width(), box.height(), abs(box.x()), abs(box.y()))
    return max(MIN_EXTENT, SCREEN_FACTOR * largest)


def _too_large(where: str, what: str, limit: float, hint: str) -> QtError:
    return QtError("INVALID_PARAMS", f"{where}: {what} is beyond {limit:g}", hint=hint,
                   limit=limit)


def _numbers(value: Any) -> list[float]:
    if isinstance(value, (QPoint, QPointF)):
        return [value.x(), value.y()]
    if isinstance(value, (QSize, QSizeF)):
        return [value.width(), value.height()]
    if isinstance(value, (QRect, QRectF)):
        return [value.x(), value.y(), value.width(), value.height()]
    return []


def check_value(value: Any, where: str, current: Any = None) -> None:
    """INVALID_PARAMS when a converted geometry or font value is beyond what the app can
    show; ``current`` is the value it replaces (QWIDGETSIZE_MAX stays allowed if there)."""
    if isinstance(value, QFont):
        check_font(value, where)
        return
    numbers = _numbers(value)
    if not numbers:
        return
    kept = set(_numbers(current)) & {QWIDGETSIZE_MAX}
    limit = extent()
    for number in numbers:
        if abs(number) > limit and number not in kept:
            raise _too_large(where, f"{number:g}", limit,
                             f"Geometry is bounded by the screens: at most {limit} pixels "
                             "(twice the largest screen) in each direction.")


def check_number(value: Any, where: str, name: str) -> None:
    """INVALID_PARAMS for a numeric geometry property (``GEOMETRY_PROPERTIES``) beyond
    what the screens show; ``maximum*`` may still be QWIDGETSIZE_MAX (no limit)."""
    if name not in GEOMETRY_PROPERTIES or isinstance(value, bool) \
            or not isinstance(value, (int, float)):
        return
    if name.startswith("maximum") and value == QWIDGETSIZE_MAX:
        return
    limit = extent()
    if abs(value) > limit:
        raise _too_large(where, f"{value:g}", limit,
                         f"{name} is geometry: at most {limit} pixels (twice the largest "
                         "screen).")


def check_font(font: QFont, where: str) -> None:
    points, pixels = font.pointSizeF(), font.pixelSize()
    if points > MAX_FONT_POINTS:
        raise _too_large(where, f"a font of {points:g} points", MAX_FONT_POINTS,
                         f"Fonts are bounded: at most {MAX_FONT_POINTS:g} points.")
    if pixels > MAX_FONT_PIXELS:
        raise _too_large(where, f"a font of {pixels} pixels", MAX_FONT_PIXELS,
                         f"Fonts are bounded: at most {MAX_FONT_PIXELS} pixels.")
