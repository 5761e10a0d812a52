"""qt.ui.*: drive widgets by selector (click, type, keys, drag, scroll, hover, focus), read
their geometry, find the widget under a point, take and compare pictures.

Every action is synchronous by default: it returns once the events it caused have run
(``wait_for_idle``), so the next call sees the result.
"""

from __future__ import annotations

import asyncio
import base64
from typing import Annotated, Any, Literal

from PySide6.QtCore import QObject, QPoint, QRect, QRectF
from PySide6.QtGui import QAction, QWindow
from PySide6.QtWidgets import QApplication, QWidget

from probe.api import _interact as act
from probe.core.a11y import handles, refs
from probe.core.capture import diffimage
from probe.core.capture import grab as capture
from probe.core.capture.frames import find_window, window_names
from probe.core.errors import QtError
from probe.core.input import keys as qkeys
from probe.core.input import simulate as qinput
from probe.core.objects import paths, resolver
from probe.core.objects import selectors as sel
from probe.core.objects.qmltypes import is_quick_item
from probe.protocol import RpcError
from probe.server.context import Context, Meta
from probe.server.registry import P, method

Target = Annotated[str, P("the element: path (mainWindow/**/okButton, box/QPushButton[1]), "
                          "#N, symbolic name, or @name:/@class:/@text:/@accessible: filters",
                          aliases=("target",))]
Button = Annotated[Literal["left", "right", "middle"], P("mouse button")]
Modifiers = Annotated[list[Literal["ctrl", "shift", "alt", "meta"]],
                      P("keys held during the action")]
Position = Annotated[dict[str, int] | None,
                     P('{"x", "y"} inside the target; default: its center (a check box\'s box)')]
WaitForIdle = Annotated[bool, P("return only after the events the action caused have run")]
Timeout = Annotated[float, P("seconds to wait for the app", minimum=0.05, maximum=120)]
Format = Annotated[Literal["png", "jpeg"], P("picture format")]
MaxBytes = Annotated[int | None, P("largest picture in bytes: past it JPEG, then smaller "
                                   "(format and scale say what came)", minimum=1000)]


def _widget(obj: Any) -> QWidget:
    if isinstance(obj, QWidget) or is_quick_item(obj):  # Qt Quick items take input too
        return obj
    raise QtError("NOT_SUPPORTED", f"{paths.class_name(obj)} is not a widget",
                  hint="Input goes to widgets; for a QAction call qt.ui.click (it triggers "
                       "it) or qt.methods.invoke 'trigger'.")


def _described(ctx: Context, obj: Any) -> dict[str, Any]:
    return paths.describe(obj, act.ids(ctx))


def _qpoint(p: tuple[int, int] | None) -> QPoint | None:
    return QPoint(*p) if p is not None else None


def _pt(p: QPoint) -> dict[str, int]:
    return {"x": p.x(), "y": p.y()}


async def _input(ctx: Context, target: str, wait_for_idle: bool, timeout: float,
                 deliver_for: Any) -> Meta:
    """Resolve and check the target, deliver ``deliver_for(widget)``, settle, describe."""

    def prepare() -> tuple[Any, Any]:
        obj = act.resolve(ctx, target)
        if isinstance(obj, QAction) and deliver_for is not None:
            if not obj.isEnabled():
                raise QtError("ELEMENT_NOT_ENABLED", f"{obj.objectName()} is disabled")
            return _described(ctx, obj), obj.trigger
        widget = _widget(obj)
        qinput.check_interactable(widget)
        return _described(ctx, widget), deliver_for(widget)

    info, result, settled = await act.perform(ctx, prepare, wait_for_idle, timeout)
    out = act.lift_modal(info, {"target": info})
    if isinstance(result, QPoint):
        out["position"] = _pt(result)
    return Meta(out, settled=settled)


async def _click(ctx: Context, target: str, button: str, modifiers: list[str],
                 position: dict[str, int] | None, count: int, wait_for_idle: bool,
                 timeout: float) -> Meta:
    where = _qpoint(act.point(position))
    qkeys.modifiers_of(modifiers)
    return await _input(ctx, target, wait_for_idle, timeout, lambda w: lambda: qinput.click(
        w, where, button, modifiers, count))


@method("qt.ui.click", changes=True, marks=True)
async def click(ctx: Context, objectId: Target, button: Button = "left",
                modifiers: Modifiers = [], position: Position = None,  # noqa: B006
                clickCount: Annotated[int, P("2 double, 3 triple click", minimum=1,
                                             maximum=3)] = 1,
                wait_for_idle: WaitForIdle = True, timeout: Timeout = 5.0) -> Meta:
    """Click a widget (a QAction is triggered), as a user would with the mouse.

    ELEMENT_NOT_VISIBLE / ELEMENT_NOT_ENABLED when a user could not click it.
    """
    return await _click(ctx, objectId, button, modifiers, position, clickCount, wait_for_idle,
                        timeout)


@method("qt.ui.doubleClick", changes=True, marks=True)
async def double_click(ctx: Context, objectId: Target, button: Button = "left",
                       modifiers: Modifiers = [], position: Position = None,  # noqa: B006
                       wait_for_idle: WaitForIdle = True, timeout: Timeout = 5.0) -> Meta:
    """Double-click a widget."""
    return await _click(ctx, objectId, button, modifiers, position, 2, wait_for_idle, timeout)


@method("qt.ui.rightClick", changes=True, marks=True)
async def right_click(ctx: Context, objectId: Target, modifiers: Modifiers = [],  # noqa: B006
                      position: Position = None, wait_for_idle: WaitForIdle = True,
                      timeout: Timeout = 5.0) -> Meta:
    """Right-click a widget (opens its context menu, if it has one)."""
    return await _click(ctx, objectId, "right", modifiers, position, 1, wait_for_idle, timeout)


@method("qt.ui.type", changes=True, marks=True)
async def type_(ctx: Context, objectId: Target,
                text: Annotated[str, P("text to type; \\n presses Return, \\t Tab",
                                       maxLength=qinput.MAX_TYPED)],
                clear: Annotated[bool, P("select all and delete first")] = False,
                wait_for_idle: WaitForIdle = True, timeout: Timeout = 5.0) -> Meta:
    """Focus a widget and type text into it as key events (any Unicode text)."""
    return await _input(ctx, objectId, wait_for_idle, timeout,
                        lambda w: lambda: qinput.type_text(w, text, clear))


@method("qt.ui.key", changes=True, marks=True)
async def key(ctx: Context,
              keys: Annotated[str, P("chords separated by spaces: ctrl+s, Ctrl+Shift+S, Return, "
                                     "'ctrl+a BackSpace', Page_Down, F5")],
              objectId: Annotated[str | None, P("widget to focus first; default: the focus "
                                                "widget", aliases=("target",))] = None,
              wait_for_idle: WaitForIdle = True, timeout: Timeout = 5.0) -> Meta:
    """Press keys or shortcuts (Qt and xdotool names); shortcuts fire as for a real keyboard."""
    strokes = await ctx.gui(qkeys.parse_keys, keys)  # INVALID_KEY before anything happens
    if objectId is not None:
        meta = await _input(ctx, objectId, wait_for_idle, timeout,
                            lambda w: lambda: qinput.key(w, keys))
        meta.value["keys"] = len(strokes)
        return meta

    def prepare() -> tuple[Any, Any]:
        focused = QApplication.focusWidget()
        info = _described(ctx, focused) if focused is not None else None
        return info, lambda: qinput.key(None, keys)

    info, _, settled = await act.perform(ctx, prepare, wait_for_idle, timeout)
    return Meta(act.lift_modal(info, {"target": info, "keys": len(strokes)}), settled=settled)


@method("qt.ui.hover", changes=True, marks=True)
async def hover(ctx: Context, objectId: Target, position: Position = None,
                wait_for_idle: WaitForIdle = True, timeout: Timeout = 5.0) -> Meta:
    """Move the mouse pointer over a widget (enter and hover events, tool tips)."""
    where = _qpoint(act.point(position))
    return await _input(ctx, objectId, wait_for_idle, timeout,
                        lambda w: lambda: qinput.hover(w, where))


@method("qt.ui.focus", changes=True, marks=True)
async def focus(ctx: Context, objectId: Target, wait_for_idle: WaitForIdle = True,
                timeout: Timeout = 5.0) -> Meta:
    """Give a widget the keyboard focus."""
    return await _input(ctx, objectId, wait_for_idle, timeout,
                        lambda w: lambda: qinput.focus(w))


@method("qt.ui.scroll", changes=True, marks=True)
async def scroll(ctx: Context, objectId: Target,
                 dy: Annotated[float, P("wheel notches down (negative: up)", minimum=-1000,
                                        maximum=1000)] = 0.0,
                 dx: Annotated[float, P("wheel notches right (negative: left)",
                                        minimum=-1000, maximum=1000)] = 0.0,
                 position: Position = None, modifiers: Modifiers = [],  # noqa: B006
                 wait_for_idle: WaitForIdle = True, timeout: Timeout = 5.0) -> Meta:
    """Turn the mouse wheel over a widget (it scrolls, or changes a slider or spin box)."""
    where = _qpoint(act.point(position))
    return await _input(ctx, objectId, wait_for_idle, timeout,
                        lambda w: lambda: qinput.scroll(w, where, dx, dy, modifiers))


@method("qt.ui.drag", changes=True, marks=True)
async def drag(ctx: Context, objectId: Target,
               to: Annotated[str | None, P("element to drop on (its center or toPosition)")]
               = None,
               position: Position = None,
               toPosition: Annotated[dict[str, int] | None, P(
                   '{"x","y"} where to release: inside "to" if given, else inside target')]
               = None,
               button: Button = "left",
               steps: Annotated[int, P("intermediate mouse moves", minimum=1, maximum=100)] = 8,
               wait_for_idle: WaitForIdle = True, timeout: Timeout = 5.0) -> Meta:
    """Press on the target, move, release on ``to`` (or at ``toPosition``): sliders, splitters,
    drag and drop between widgets of one window."""
    start = _qpoint(act.point(position))
    end = _qpoint(act.point(toPosition))
    if to is None and end is None:
        raise RpcError("INVALID_PARAMS", "drag needs 'to' or 'toPosition'")

    def deliver_for(w: QWidget) -> Any:
        drop = _widget(act.resolve(ctx, to)) if to is not None else None
        a = start if start is not None else w.rect().center()
        b = end if end is not None else (drop or w).rect().center()

        def run() -> QPoint:
            qinput.drag(w, a, b, button, steps, drop)
            return b
        return run

    return await _input(ctx, objectId, wait_for_idle, timeout, deliver_for)


# --------------------------------------------------------------------------- reading


def _rect(r: QRect) -> dict[str, int]:
    return {"x": r.x(), "y": r.y(), "width": r.width(), "height": r.height()}


def geometry_of(obj: Any) -> dict[str, Any]:
    """Bounds of a widget in its parent, its window and on screen."""
    if isinstance(obj, QWindow):
        g = obj.geometry()
        return {"local": _rect(g), "window": _rect(QRect(0, 0, g.width(), g.height())),
                "global": _rect(g), "windowName": obj.objectName(), "visible": obj.isVisible()}
    if is_quick_item(obj):  # a Qt Quick item: its scene rectangle is its window rectangle
        x, y, width, height = qinput.quick_item_rect(obj)
        win = obj.window()
        parent = obj.parentItem()
        local = (obj.mapRectToItem(parent, QRectF(0, 0, obj.width(), obj.height()))
                 if parent is not None else None)
        origin = win.position() if win is not None else QPoint(0, 0)
        return {"local": _rect(local.toRect()) if local is not None
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
    return {"local": _rect(QWidget.geometry(w)), "window": _rect(in_window),
            "global": _rect(on_screen), "windowName": QObject.objectName(top),
            "visible": QWidget.isVisible(w)}


@method("qt.ui.geometry")
def geometry(ctx: Context, objectId: Target) -> dict[str, Any]:
    """Where a widget is: in its parent (local), in its window (window), on screen (global)."""
    obj = act.resolve(ctx, objectId)
    return {"target": _described(ctx, obj), **geometry_of(obj)}


def window_named(name: str | None) -> QWidget:
    """A top-level window by objectName (or the active one); WINDOW_NOT_FOUND lists them."""
    win = find_window(name)
    if win is None:
        raise QtError("WINDOW_NOT_FOUND", f"no visible window {name or ''}".strip(),
                      available=window_names())
    return win


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
        return {**_described(ctx, item), "bounds": {"x": bx, "y": by, "width": bw,
                                                    "height": bh},
                "localPosition": {"x": x - bx, "y": y - by}, "window": window.objectName(),
                **({"handles": element_handles(ctx, item)} if with_handles else {})}
    child = window.childAt(QPoint(x, y)) or window
    local = child.mapFrom(window, QPoint(x, y))
    return {**_described(ctx, child),
            "bounds": _rect(QRect(child.mapTo(window, QPoint(0, 0)), child.size())),
            "localPosition": _pt(local), "window": window.objectName(),
            **({"handles": element_handles(ctx, child)} if with_handles else {})}


def element_handles(ctx: Context, obj: Any, ref: str | None = None) -> dict[str, Any]:
    """ref, #N, best selector, symbolic name and bounds of ``obj`` for this caller."""
    return handles.bundle(obj, act.ids(ctx), refs.refs_for(ctx.state), ref)


@method("qt.ui.handles")
def handles_method(ctx: Context, objectId: Annotated[str, P(
        "the element: a ref (ref_12), #N, path, symbolic name or selector",
        aliases=("target",))]) -> dict[str, Any]:
    """Every handle of one element: ref, #N id, stable selector, symbolic name and bounds.

    Gives the caller a ref for it in its own ref space (the one it has, else a new one),
    so an element found by selector or picked by a human can be used with chr.* tools.
    """
    if refs.is_ref(objectId):
        el = refs.refs_for(ctx.state).resolve(objectId, act.ids(ctx))
        out = element_handles(ctx, el.obj if el.obj is not None else el.widget, el.ref)
        if el.resolved_from:
            out["resolvedFrom"] = el.resolved_from
        return out
    return element_handles(ctx, act.resolve(ctx, objectId))


@method("qt.ui.hitTest")
def hit_test_method(ctx: Context, x: Annotated[int, P("window x")],
                    y: Annotated[int, P("window y")],
                    window: Annotated[str | None, P("objectName of a top-level window; "
                                                    "default: the active one")] = None
                    ) -> dict[str, Any]:
    """Which widget is at a point of a window: its id, path, className and bounds.

    ``handles`` holds its ref, selector, symbolic name (see qt.ui.handles).
    """
    return hit_test(ctx, window_named(window), x, y, with_handles=True)


def _screenshot_target(ctx: Context, target: str | None) -> Any:
    if target is None:
        return window_named(None)
    return act.resolve(ctx, target)


def shoot(ctx: Context, target: str | None) -> Any:
    """Grab ``target`` (default: the active window with its popups); GUI thread."""
    obj = _screenshot_target(ctx, target)
    return capture.grab(obj, with_popups=target is None)


@method("qt.ui.screenshot")
async def screenshot(ctx: Context, objectId: Annotated[str | None, P(
                         "widget or window; default: the active window",
                         aliases=("target",))] = None,
                     format: Format = "png",
                     quality: Annotated[int, P("JPEG quality", minimum=1, maximum=100)] = 80,
                     maxWidth: Annotated[int | None, P("scale down to fit", minimum=16)] = None,
                     maxHeight: Annotated[int | None, P("scale down to fit", minimum=16)] = None,
                     maxBytes: MaxBytes = None,
                     ) -> dict[str, Any]:
    """A picture of a widget or window as base64 PNG/JPEG; ``scale`` maps pixels back."""
    image = await ctx.gui(shoot, ctx, objectId)
    return await asyncio.to_thread(encode_result, image, format, quality, maxWidth, maxHeight,
                                   maxBytes)


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
) -> dict[str, Any]:
    """Compare a widget with a reference picture: difference ratio, match, and a diff image."""
    try:
        raw = base64.b64decode(reference, validate=True)
    except ValueError:
        raise QtError("SCREENSHOT_FAILED", "reference is not base64",
                      hint="Pass the 'data' of a qt.ui.screenshot result.") from None
    image = await ctx.gui(shoot, ctx, objectId)
    result = await asyncio.to_thread(diffimage.compare, image, capture.decode(raw), tolerance)
    result["match"] = result["ratio"] <= threshold
    result["threshold"] = threshold
    return result


# ---------------------------------------------------------------------- verification


@method("qt.ui.exists")
def exists(ctx: Context, objectId: Target) -> dict[str, Any]:
    """Whether anything matches (never ELEMENT_NOT_FOUND): count and the first matches."""
    try:
        found = resolver.resolve_all(objectId, act.ids(ctx))
    except QtError as exc:
        if exc.name in ("ELEMENT_NOT_FOUND", "OBJECT_NOT_FOUND", "OBJECT_STALE"):
            return {"exists": False, "count": 0, "matches": []}
        raise
    return {"exists": True, "count": len(found),
            "matches": [_described(ctx, o) for o in found[:sel.LIST_LIMIT]]}


@method("qt.ui.isVisible")
def is_visible(ctx: Context, objectId: Target) -> dict[str, Any]:
    """Whether the element exists and a user can see it (it and its window are shown)."""
    try:
        obj = act.resolve(ctx, objectId)
    except QtError as exc:
        if exc.name in ("ELEMENT_NOT_FOUND", "OBJECT_NOT_FOUND", "OBJECT_STALE"):
            return {"exists": False, "visible": False}
        raise
    visible = getattr(obj, "isVisible", None)
    return {"exists": True, "visible": bool(visible()) if callable(visible) else False,
            "target": _described(ctx, obj)}
