"""qt.ui.*: drive widgets by selector (click, type, keys, drag, scroll, hover, focus), read
their geometry, find the widget under a point, take and compare pictures.

Every action is synchronous by default: it returns once the events it caused have run
(``wait_for_idle``), so the next call sees the result.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Annotated, Any, cast

from PySide6.QtCore import QObject, QPoint, QRect, QRectF
from PySide6.QtGui import QAction, QWindow
from PySide6.QtWidgets import QApplication, QWidget

from probe.api import _act, _screen, _session
from probe.api._params import (
    Button,
    ClickCount,
    Format,
    Keys,
    MaxBytes,
    MaxHeight,
    MaxWidth,
    Modifiers,
    ObjectId,
    OptObjectId,
    PixelSource,
    Position,
    Quality,
    Target,
    Text,
    Timeout,
    WaitForIdle,
    Window,
)
from probe.api._pointer import held
from probe.api._screen import described, hit_test, rect, window_named
from probe.api._waiting import gui_until
from probe.core.capture import diffimage
from probe.core.capture import grab as capture
from probe.core.errors import QtError
from probe.core.input import keys as qkeys
from probe.core.input import simulate as qinput
from probe.core.objects import paths, resolver
from probe.core.objects import selectors as sel
from probe.core.objects.qmltypes import is_quick_item
from probe.server.context import Context, Meta
from probe.server.registry import P, Replay, Tool, method
from probe.wire._shared import Action, Handles, Picture
from probe.wire.qt_ui import Comparison, Exists, Geometry, Hit, Visibility


def _widget(obj: Any) -> QWidget:
    if isinstance(obj, QWidget) or is_quick_item(obj):  # Qt Quick items take input too
        return obj
    raise QtError("NOT_SUPPORTED", f"{paths.class_name(obj)} is not a widget",
                  hint="Input goes to widgets; for a QAction call qt.ui.click (it triggers "
                       "it) or qt.methods.invoke 'trigger'.")


def _qpoint(p: tuple[int, int] | None) -> QPoint | None:
    return QPoint(*p) if p is not None else None


async def _input(ctx: Context, target: str, wait_for_idle: bool, timeout: float,
                 deliver_for: Callable[[QWidget], Any], through_nested: bool = False
                 ) -> Meta:
    """Resolve and check the target, deliver ``deliver_for(widget)``, settle, describe."""

    def prepare() -> tuple[Any, Any]:
        obj = _session.object_of(ctx, target)
        if isinstance(obj, QAction):
            if not QAction.isEnabled(obj):
                raise QtError("ELEMENT_NOT_ENABLED", f"{QObject.objectName(obj)} is disabled")
            return described(ctx, obj), lambda: QAction.trigger(obj)
        widget = _widget(obj)
        qinput.check_interactable(widget)
        return described(ctx, widget), deliver_for(widget)

    info, result, settled = await _act.perform(ctx, prepare, wait_for_idle, timeout,
                                               through_nested)
    out = _act.lift_modal(info, {"target": info})
    if isinstance(result, QPoint):
        out["position"] = _screen.pt(result)
    return Meta(_act.with_drop(out, result), settled=settled)


async def _click(ctx: Context, target: str, button: str, modifiers: str | list[str] | None,
                 position: dict[str, int] | None, count: int, wait_for_idle: bool,
                 timeout: float) -> Meta:
    where = _qpoint(_act.point(position))
    mods = held(modifiers)
    return await _input(ctx, target, wait_for_idle, timeout, lambda w: lambda: qinput.click(
        w, where, button, mods, count))


@method("qt.ui.click", changes=True, marks=True, tool=Tool("click_object", "native"))
async def click(ctx: Context, objectId: ObjectId, button: Button = "left",
                modifiers: Modifiers = None, position: Position = None,
                clickCount: ClickCount = 1,
                wait_for_idle: WaitForIdle = True, timeout: Timeout = 5.0) -> Meta[Action]:
    """Click a widget (a QAction is triggered), as a user would with the mouse.

    ELEMENT_NOT_VISIBLE / ELEMENT_NOT_ENABLED when a user could not click it.
    """
    return await _click(ctx, objectId, button, modifiers, position, clickCount, wait_for_idle,
                        timeout)


@method("qt.ui.doubleClick", changes=True, marks=True)
async def double_click(ctx: Context, objectId: ObjectId, button: Button = "left",
                       modifiers: Modifiers = None, position: Position = None,
                       wait_for_idle: WaitForIdle = True, timeout: Timeout = 5.0) -> Meta[Action]:
    """Double-click a widget."""
    return await _click(ctx, objectId, button, modifiers, position, 2, wait_for_idle, timeout)


@method("qt.ui.rightClick", changes=True, marks=True)
async def right_click(ctx: Context, objectId: ObjectId, modifiers: Modifiers = None,
                      position: Position = None, wait_for_idle: WaitForIdle = True,
                      timeout: Timeout = 5.0) -> Meta[Action]:
    """Right-click a widget (opens its context menu, if it has one)."""
    return await _click(ctx, objectId, "right", modifiers, position, 1, wait_for_idle, timeout)


@method("qt.ui.type", changes=True, marks=True, tool=Tool(spoken="computer (type)"))
async def type_(ctx: Context, objectId: ObjectId, text: Text,
                clear: Annotated[bool, P("select all and delete first")] = False,
                wait_for_idle: WaitForIdle = True, timeout: Timeout = 5.0) -> Meta[Action]:
    """Focus a widget and type text into it as key events (any Unicode text)."""
    return await _input(ctx, objectId, wait_for_idle, timeout,
                        lambda w: lambda: qinput.type_text(w, text, clear))


@method("qt.ui.key", changes=True, marks=True)
async def key(ctx: Context, keys: Keys, objectId: OptObjectId = None,
              wait_for_idle: WaitForIdle = True, timeout: Timeout = 5.0) -> Meta[Action]:
    """Press keys or shortcuts (Qt and xdotool names); shortcuts fire as for a real keyboard."""
    strokes = await ctx.gui(qkeys.parse_keys, keys)  # INVALID_KEY before anything happens
    if objectId is not None:
        meta = await _input(ctx, objectId, wait_for_idle, timeout,
                            lambda w: lambda: qinput.key(w, keys))
        meta.value["keys"] = len(strokes)
        return meta

    def prepare() -> tuple[Any, Any]:
        focused = QApplication.focusWidget()
        info = described(ctx, focused) if focused is not None else None
        return info, lambda: qinput.key(None, keys)

    info, _, settled = await _act.perform(ctx, prepare, wait_for_idle, timeout)
    out = _act.lift_modal(info, {"target": info, "keys": len(strokes)})
    return cast(Meta[Action], Meta(out, settled=settled))


@method("qt.ui.hover", changes=True, marks=True)
async def hover(ctx: Context, objectId: ObjectId, position: Position = None,
                wait_for_idle: WaitForIdle = True, timeout: Timeout = 5.0) -> Meta[Action]:
    """Move the mouse pointer over a widget (enter and hover events, tool tips)."""
    where = _qpoint(_act.point(position))
    return await _input(ctx, objectId, wait_for_idle, timeout,
                        lambda w: lambda: qinput.hover(w, where))


@method("qt.ui.focus", changes=True, marks=True)
async def focus(ctx: Context, objectId: ObjectId, wait_for_idle: WaitForIdle = True,
                timeout: Timeout = 5.0) -> Meta[Action]:
    """Give a widget the keyboard focus."""
    return await _input(ctx, objectId, wait_for_idle, timeout,
                        lambda w: lambda: qinput.focus(w))


@method("qt.ui.scroll", changes=True, marks=True)
async def scroll(ctx: Context, objectId: ObjectId,
                 dy: Annotated[float, P("wheel notches down (negative: up)", minimum=-1000,
                                        maximum=1000)] = 0.0,
                 dx: Annotated[float, P("wheel notches right (negative: left)",
                                        minimum=-1000, maximum=1000)] = 0.0,
                 position: Position = None, modifiers: Modifiers = None,
                 wait_for_idle: WaitForIdle = True, timeout: Timeout = 5.0) -> Meta[Action]:
    """Turn the mouse wheel over a widget (it scrolls, or changes a slider or spin box)."""
    where = _qpoint(_act.point(position))
    mods = held(modifiers)
    return await _input(ctx, objectId, wait_for_idle, timeout,
                        lambda w: lambda: qinput.scroll(w, where, dx, dy, mods))


@method("qt.ui.drag", changes=True, marks=True)
async def drag(ctx: Context, objectId: ObjectId,
               to: Annotated[str | None, P("element to drop on (its center or toPosition)")]
               = None,
               position: Position = None,
               toPosition: Annotated[dict[str, int] | None, P(
                   '{"x","y"} where to release: inside "to" if given, else inside target')]
               = None,
               button: Button = "left",
               steps: Annotated[int, P("intermediate mouse moves", minimum=1, maximum=100)] = 8,
               wait_for_idle: WaitForIdle = True, timeout: Timeout = 5.0) -> Meta[Action]:
    """Press on the target, move, release on ``to`` (or at ``toPosition``): sliders, splitters,
    drag and drop between widgets of one window, from press to drop in this one call.
    When the app started a drag, ``drop`` says what was dropped on what (``dropped``,
    ``on``, ``action``, ``text``) or why nothing was (``why``: the target refused it)."""
    start = _qpoint(_act.point(position))
    end = _qpoint(_act.point(toPosition))
    if to is None and end is None:
        raise QtError("INVALID_PARAMS", "drag needs 'to' or 'toPosition'")

    def deliver_for(w: QWidget) -> Any:
        drop = _widget(_session.object_of(ctx, to)) if to is not None else None
        a = start if start is not None else w.rect().center()
        b = end if end is not None else (drop or w).rect().center()

        return lambda: qinput.drag(w, a, b, button, steps, drop)

    return await _input(ctx, objectId, wait_for_idle, timeout, deliver_for, True)


# --------------------------------------------------------------------------- reading


def geometry_of(obj: Any) -> dict[str, Any]:
    """Bounds of a widget in its parent, its window and on screen."""
    if isinstance(obj, QWindow):
        g = obj.geometry()
        return {"local": rect(g), "window": rect(QRect(0, 0, g.width(), g.height())),
                "global": rect(g), "windowName": obj.objectName(), "visible": obj.isVisible()}
    if is_quick_item(obj):  # a Qt Quick item: its scene rectangle is its window rectangle
        x, y, width, height = qinput.quick_item_rect(obj)
        win = obj.window()
        parent = obj.parentItem()
        local = (obj.mapRectToItem(parent, QRectF(0, 0, obj.width(), obj.height()))
                 if parent is not None else None)
        origin = win.position() if win is not None else QPoint(0, 0)
        return {"local": rect(local.toRect()) if local is not None
                else {"x": x, "y": y, "width": width, "height": height},
                "window": {"x": x, "y": y, "width": width, "height": height},
                "global": {"x": origin.x() + x, "y": origin.y() + y, "width": width,
                           "height": height},
                "windowName": win.objectName() if win is not None else "",
                "visible": obj.isVisible() and win is not None and win.isVisible()}
    w = _widget(obj)  # Qt through its classes: an app's widget may hide these names
    top = QWidget.window(w)
    size = QWidget.size(w)
    in_window = QRect(QWidget.mapTo(w, top, QPoint(0, 0)), size)
    on_screen = QRect(QWidget.mapToGlobal(w, QPoint(0, 0)), size)
    return {"local": rect(QWidget.geometry(w)), "window": rect(in_window),
            "global": rect(on_screen), "windowName": QObject.objectName(top),
            "visible": QWidget.isVisible(w)}


@method("qt.ui.geometry")
def geometry(ctx: Context, objectId: ObjectId) -> Geometry:
    """Where a widget is: in its parent (local), in its window (window), on screen (global)."""
    obj = _session.object_of(ctx, objectId)
    return cast(Geometry, {"target": described(ctx, obj), **geometry_of(obj)})


@method("qt.ui.handles", tool=Tool("element_handles", "native"))
def handles_method(ctx: Context, objectId: Target) -> Handles:
    """Every handle of one element: ref, #N id, stable selector, symbolic name and bounds.

    Gives the caller a ref for it in its own ref space (the one it has, else a new one),
    so an element found by selector or picked by a human can be used with chr.* tools.
    """
    obj, el = _session.target(ctx, objectId)
    out = _screen.element_handles(ctx, obj, el.ref if el is not None else None)
    if el is not None and el.resolved_from:
        out["resolvedFrom"] = el.resolved_from
    return cast(Handles, out)


@method("qt.ui.hitTest")
def hit_test_method(ctx: Context, x: Annotated[int, P("window x")],
                    y: Annotated[int, P("window y")], window: Window = None
                    ) -> Hit:
    """Which widget is at a point of a window: its id, path, className and bounds.

    ``handles`` holds its ref, selector, symbolic name (see qt.ui.handles).
    """
    return cast(Hit, hit_test(ctx, window_named(window), x, y, with_handles=True))


def _screenshot_target(ctx: Context, target: str | None) -> Any:
    if target is None:
        return window_named(None)
    return _session.object_of(ctx, target)


def shoot(ctx: Context, target: str | None, source: str = "app"
          ) -> tuple[Any, dict[str, Any] | None]:
    """Picture ``target`` (default: the active window with its popups); GUI thread."""
    obj = _screenshot_target(ctx, target)
    return _screen.picture(obj, target is None, source)


@method("qt.ui.screenshot", tool=Tool("screenshot_element", "native", heavy=True))
async def screenshot(ctx: Context, objectId: Annotated[str | None, P(
                         "widget or window; default: the active window",
                         aliases=("target",))] = None,
                     format: Format = "png", quality: Quality = 80,
                     maxWidth: MaxWidth = None, maxHeight: MaxHeight = None,
                     maxBytes: MaxBytes = None, source: PixelSource = "app",
                     ) -> Picture:
    """A picture of a widget or window as base64 PNG/JPEG; ``scale`` maps pixels back.

    The pixels are the app's own rendering, whatever covers it on screen; without a
    target, a call made just after launch waits (up to 5 s) for the first window."""
    if objectId is None:
        await gui_until(ctx, _screen.shown_window, _screen.FIRST_WINDOW_WAIT)
    async with _screen.picture_turn(ctx):
        image, facts = await ctx.gui(shoot, ctx, objectId, source)
        result = await _screen.encoded(ctx, image, format, quality, maxWidth, maxHeight,
                                       maxBytes)
        if facts is not None:
            result["onScreen"] = await _screen.off_gui(_screen.on_screen, image, facts)
    return cast(Picture, result)


@method("qt.ui.compareScreenshot")
async def compare_screenshot(
    ctx: Context,
    reference: Annotated[str, P("base64 PNG/JPEG to compare with (e.g. an earlier "
                                "qt.ui.screenshot's data)")],
    objectId: Annotated[str | None, P("widget or window; default: the active window",
                                      aliases=("target",))] = None,
    threshold: Annotated[float, P("largest share of differing pixels that still matches",
                                  minimum=0, maximum=1)] = 0.0,
    tolerance: Annotated[int, P("per-channel difference ignored (JPEG noise)", minimum=0,
                                maximum=255)] = 0,
) -> Comparison:
    """Compare a widget with a reference picture: difference ratio, match, and a diff image."""
    try:
        raw = base64.b64decode(reference, validate=True)
    except ValueError:
        raise QtError("SCREENSHOT_FAILED", "reference is not base64",
                      hint="Pass the 'data' of a qt.ui.screenshot result.") from None
    async with _screen.picture_turn(ctx):
        image, _ = await ctx.gui(shoot, ctx, objectId)
        result = await _screen.off_gui(diffimage.compare, image, capture.decode(raw),
                                       tolerance)
    result["match"] = result["ratio"] <= threshold
    result["threshold"] = threshold
    return cast(Comparison, result)


# ---------------------------------------------------------------------- verification


@method("qt.ui.exists", replay=Replay.checks("exists"), tool=Tool(spoken="find_objects"))
def exists(ctx: Context, objectId: ObjectId) -> Exists:
    """Whether anything matches (never ELEMENT_NOT_FOUND): count and the first matches."""
    try:
        found = resolver.objects_of(objectId, _session.ids(ctx))
    except QtError as exc:
        if exc.name in ("ELEMENT_NOT_FOUND", "OBJECT_NOT_FOUND", "OBJECT_STALE"):
            return {"exists": False, "count": 0, "matches": []}
        raise
    return {"exists": True, "count": len(found),
            "matches": [described(ctx, o) for o in found[:sel.LIST_LIMIT]]}


@method("qt.ui.isVisible", replay=Replay.checks("visible"),
        tool=Tool(spoken="inspect_object"))
def is_visible(ctx: Context, objectId: ObjectId) -> Visibility:
    """Whether the element exists and a user can see it (it and its window are shown)."""
    try:
        obj = _session.object_of(ctx, objectId)
    except QtError as exc:
        if exc.name in ("ELEMENT_NOT_FOUND", "OBJECT_NOT_FOUND", "OBJECT_STALE"):
            return {"exists": False, "visible": False}
        raise
    visible = getattr(obj, "isVisible", None)
    return {"exists": True, "visible": bool(visible()) if callable(visible) else False,
            "target": described(ctx, obj)}
