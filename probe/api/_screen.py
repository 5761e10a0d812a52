"""Shared by the families that work with windows and pictures (cu.*, qt.ui.*): which window,
what is under a point, and a picture encoded for an answer."""

from __future__ import annotations

import base64
from typing import Any

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QWindow
from PySide6.QtWidgets import QWidget

from probe.api import _session
from probe.core.a11y import handles
from probe.core.capture import grab as capture
from probe.core.capture.frames import find_window, window_names
from probe.core.errors import QtError
from probe.core.input import simulate as qinput
from probe.core.objects import paths
from probe.server.context import Context


def rect(r: QRect) -> dict[str, int]:
    return {"x": r.x(), "y": r.y(), "width": r.width(), "height": r.height()}


def pt(p: QPoint) -> dict[str, int]:
    return {"x": p.x(), "y": p.y()}


def window_named(name: str | None) -> QWidget:
    """A top-level window by objectName (or the active one); WINDOW_NOT_FOUND lists them."""
    win = find_window(name)
    if win is None:
        raise QtError("WINDOW_NOT_FOUND", f"no visible window {name or ''}".strip(),
                      available=window_names())
    return win


def described(ctx: Context, obj: Any) -> dict[str, Any]:
    """The short description of ``obj`` in the caller's ids."""
    return paths.describe(obj, _session.ids(ctx))


def element_handles(ctx: Context, obj: Any, ref: str | None = None) -> dict[str, Any]:
    """ref, #N, best selector, symbolic name and bounds of ``obj`` for this caller."""
    return handles.bundle(obj, _session.ids(ctx), _session.ref_table(ctx), ref)


def hit_test(ctx: Context, window: QWidget, x: int, y: int, with_handles: bool = False
             ) -> dict[str, Any]:
    """The widget under window coordinates (x, y), with its bounds in the window (and with
    ``handles`` when asked: they resolve paths, so only after ``window`` is used)."""
    if not (0 <= x < window.width() and 0 <= y < window.height()):
        raise QtError("COORDINATE_OUT_OF_BOUNDS", f"({x}, {y}) is outside the window",
                      bounds={"width": window.width(), "height": window.height()})
    if isinstance(window, QWindow):  # a QQuickWindow: the top item under the point
        from probe.core.qml import items as qml  # QtQuick: loaded already in a Quick app

        item = qml.item_at(window, x, y)
        bx, by, bw, bh = qinput.quick_item_rect(item)
        return {**described(ctx, item), "bounds": {"x": bx, "y": by, "width": bw,
                                                   "height": bh},
                "localPosition": {"x": x - bx, "y": y - by}, "window": window.objectName(),
                **({"handles": element_handles(ctx, item)} if with_handles else {})}
    child = window.childAt(QPoint(x, y)) or window
    local = child.mapFrom(window, QPoint(x, y))
    return {**described(ctx, child),
            "bounds": rect(QRect(child.mapTo(window, QPoint(0, 0)), child.size())),
            "localPosition": pt(local), "window": window.objectName(),
            **({"handles": element_handles(ctx, child)} if with_handles else {})}


def encode_result(image: Any, fmt: str, quality: int, max_w: int | None,
                  max_h: int | None, max_bytes: int | None = None) -> dict[str, Any]:
    """Encode off the GUI thread; the result every picture-returning method shares."""
    size = None
    if max_w is not None or max_h is not None:
        size = (max_w or image.width(), max_h or image.height())
    data, scale, fmt = capture.encode_within(image, fmt, quality, size, max_bytes)
    return {"format": fmt, "width": round(image.width() * scale),
            "height": round(image.height() * scale), "scale": scale,
            "data": base64.b64encode(data).decode("ascii")}
