"""Shared by the families that work with windows and pictures (cu.*, qt.ui.*): which window,
what is under a point, and a picture encoded for an answer.

Pictures take turns per app, at most AT_ONCE at a time: one being rendered while the others
are encoded (:func:`picture_turn`), on two threads of their own (:func:`off_gui`). A
window's pixels are 4 MB at 1280x800: four clients pipelining 32 screenshots had the GUI
thread render 32 windows while the default executor's six threads encoded six at once,
each in a heap of its own, and the app went from 95 to 234 MiB and stayed at 215 (63 KB
per call, never given back). Now it peaks at 120 MiB, with the same 22 pictures a second
(tests/bench/bench_memory.py).
"""

from __future__ import annotations

import asyncio
import base64
import os
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QWindow
from PySide6.QtWidgets import QWidget

from probe.api import _session
from probe.core.a11y.identity import bundle
from probe.core.capture import diffimage, jpeg, render
from probe.core.capture import grab as capture
from probe.core.capture.frames import find_window, window_names
from probe.core.errors import QtError
from probe.core.input import simulate as qinput
from probe.core.objects import paths
from probe.server.context import Context
from probe.wire._shared import ObjectSummary

T = TypeVar("T")
#: How much less the picture threads get of a busy CPU than the app's own threads and
#: the probe's transport (a niceness added to theirs, where the system has one).
PICTURE_NICENESS = 10


def _behind() -> None:
    """A picture thread runs behind the app and the transport when the CPU is short:
    clients pipelining screenshots kept two threads encoding without a pause, and a
    bystander's handshake waited seconds for the transport thread to get a core."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), PICTURE_NICENESS)
    except (AttributeError, OSError):  # no per-thread niceness here: run as it is
        pass


#: The threads pictures are encoded and compared on (two: the cores of a small machine).
_PICTURES = ThreadPoolExecutor(max_workers=2, thread_name_prefix="qtmcp-pictures",
                               initializer=_behind)
#: ``ctx.shared`` key of the app's turns for pictures.
_TURN = "pictures.turn"
#: Pictures rendered or encoded at once, per app.
AT_ONCE = 3


@asynccontextmanager
async def picture_turn(ctx: Context) -> AsyncIterator[None]:
    """Hold one of the app's AT_ONCE turns for a picture while it is rendered and encoded:
    the others wait before rendering (their pixels are not held meanwhile)."""
    loop = asyncio.get_running_loop()
    kept = ctx.shared.get(_TURN)
    if kept is None or kept[0] is not loop:  # one per transport loop (a restarted server)
        kept = ctx.shared[_TURN] = (loop, asyncio.Semaphore(AT_ONCE))
    async with kept[1]:
        yield


async def off_gui(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` on a picture thread (encoding, comparing): off the GUI thread and off
    the transport thread's loop."""
    return await asyncio.get_running_loop().run_in_executor(_PICTURES, fn, *args)


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


def described(ctx: Context, obj: Any) -> ObjectSummary:
    """The short description of ``obj`` in the caller's ids."""
    return paths.describe(obj, _session.ids(ctx))


def element_handles(ctx: Context, obj: Any, ref: str | None = None) -> dict[str, Any]:
    """ref, #N, best selector, symbolic name and bounds of ``obj`` for this caller."""
    return bundle(obj, _session.ids(ctx), _session.ref_table(ctx), ref)


def hit_test(ctx: Context, window: QWidget | QWindow, x: int, y: int, with_handles: bool = False
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


#: Seconds a screenshot waits for the app's first window (a call made just after launch).
FIRST_WINDOW_WAIT = 5.0
#: Share of differing pixels (past JPEG-free noise such as a blinking text cursor) from
#: which a screen picture is said to be covered.
COVERED_SHARE = 0.005


def shown_window() -> QWidget | None:
    """The active window once the window system shows it (or it is minimized: it will
    not be shown before the user restores it); None before (GUI thread)."""
    win = find_window(None)
    if win is None or not (render.exposed(win) or render.is_minimized(win)):
        return None
    return win


def picture(obj: Any, with_popups: bool, source: str) -> tuple[Any, dict[str, Any] | None]:
    """(picture, facts) of ``obj`` (GUI thread): facts only for a screen picture, with the
    app's own rendering to compare it with (:func:`on_screen`)."""
    image = capture.grab(obj, with_popups=with_popups, source=source)
    if source != "screen":
        return image, None
    window = capture.window_of(obj)
    own = capture.grab(obj, with_popups=with_popups)
    return image, {"own": own, "minimized": window is not None and render.is_minimized(window)}


def on_screen(image: Any, facts: dict[str, Any]) -> dict[str, Any]:
    """What the screen hid of the app (any thread): minimized, and covered when the
    screen's pixels differ from the app's own rendering (another window over it)."""
    share = diffimage.differing_share(image, facts["own"], tolerance=8)
    covered = share > COVERED_SHARE
    out: dict[str, Any] = {"minimized": facts["minimized"], "covered": covered,
                           "differsFromApp": round(share, 4)}
    if facts["minimized"] or covered:
        out["note"] = ("the screen hides part of the app here"
                       + (" (the window is minimized)" if facts["minimized"] else
                          " (another window covers it)")
                       + "; leave source out for the app's own pixels")
    return out


async def encoded(ctx: Context, image: Any, fmt: str, quality: int, max_w: int | None,
                  max_h: int | None, max_bytes: int | None) -> dict[str, Any]:
    """:func:`encode_result` on a picture thread; a JPEG's library (asked for, or the
    fallback past ``max_bytes``) imported first on the GUI thread, never on that one."""
    if capture.may_be_jpeg(fmt, max_bytes) and not jpeg.loaded():
        await ctx.gui(jpeg.load)
    return await off_gui(encode_result, image, fmt, quality, max_w, max_h, max_bytes)


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
