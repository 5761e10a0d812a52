"""cu.*: computer use, like Anthropic's computer-use tool, on the app's active window.

``cu.screenshot`` pictures the active window (with its open popups), optionally
scaled to a maximum size; every other action takes pixel coordinates of that
screenshot, mapped back through its scale. The events enter the window as a real
mouse's would, so Qt picks the widget under the point. A point outside the window is
COORDINATE_OUT_OF_BOUNDS. The pointer position is kept per client.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QWindow
from PySide6.QtWidgets import QWidget

from probe.api import _interact as act
from probe.api.ui import MaxBytes, encode_result, hit_test, window_named
from probe.core.capture import grab as capture
from probe.core.errors import QtError
from probe.core.input import keys as qkeys
from probe.core.input import simulate as qinput
from probe.core.objects import idtable
from probe.protocol import RpcError
from probe.server.context import Context, Meta
from probe.server.registry import P, method

Coordinate = Annotated[list[int], P("[x, y] in pixels of the latest cu.screenshot",
                                    minItems=2, maxItems=2)]
OptCoordinate = Annotated[list[int] | None, P(
    "[x, y] in pixels of the latest cu.screenshot; default: where the pointer is",
    minItems=2, maxItems=2)]
HeldKeys = Annotated[str | None, P("modifier keys held during the click: 'shift', 'ctrl+shift'")]
WaitForIdle = Annotated[bool, P("return only after the events the action caused have run")]

_KEY = "cu"


@dataclass
class _View:
    """What the client's coordinates mean: a window and the scale of its last screenshot."""

    window: QWidget | None = None
    scale: float = 1.0
    cursor: QPoint | None = None


def _view(ctx: Context) -> _View:
    view = ctx.state.get(_KEY)
    if view is None:
        view = ctx.state[_KEY] = _View()
    return view


def _window(ctx: Context) -> QWidget:
    """The window of the last screenshot while it is visible, else the active window."""
    view = _view(ctx)
    if view.window is not None and idtable.alive(view.window) and view.window.isVisible():
        return view.window
    win = window_named(None)
    view.window, view.scale = win, 1.0
    return win


def _bounds(win: QWidget, scale: float) -> dict[str, int]:
    return {"width": round(win.width() * scale), "height": round(win.height() * scale)}


def _to_window(ctx: Context, coordinate: list[int] | None) -> tuple[QWidget, QPoint]:
    """Screenshot pixels -> window coordinates; COORDINATE_OUT_OF_BOUNDS outside it."""
    win = _window(ctx)
    view = _view(ctx)
    if coordinate is None:
        return win, view.cursor or QPoint(win.width() // 2, win.height() // 2)
    x, y = coordinate
    wx, wy = int(x / view.scale), int(y / view.scale)
    if not (0 <= wx < win.width() and 0 <= wy < win.height()):
        raise QtError("COORDINATE_OUT_OF_BOUNDS",
                      f"({x}, {y}) is outside the screenshot of {win.objectName()!r}",
                      coordinate=[x, y], bounds=_bounds(win, view.scale), scale=view.scale)
    return win, QPoint(wx, wy)


def _check_coordinate(coordinate: list[int] | None, name: str = "coordinate") -> None:
    """Two numbers or nothing (the registry does not check sizes inside ``anyOf``)."""
    if coordinate is not None and len(coordinate) != 2:
        raise RpcError("INVALID_PARAMS", f"{name} is [x, y], got {len(coordinate)} numbers",
                       received=coordinate)


def _out(ctx: Context, win: QWidget, p: QPoint) -> dict[str, Any]:
    scale = _view(ctx).scale
    return {"coordinate": [round(p.x() * scale), round(p.y() * scale)],
            "window": win.objectName()}


async def _pointer(ctx: Context, coordinate: list[int] | None, action: Any,
                   wait_for_idle: bool = True, timeout: float = 5.0,
                   move: bool = True) -> Meta:
    """Map the point, check the window is there, deliver ``action(window, point)``."""
    _check_coordinate(coordinate)

    def prepare() -> tuple[Any, Any]:
        win, p = _to_window(ctx, coordinate)
        handle = win if isinstance(win, QWindow) else win.windowHandle()
        if handle is None:
            raise QtError("WINDOW_NOT_FOUND", "the window is not shown")
        under = hit_test(ctx, win, p.x(), p.y())
        if move:
            _view(ctx).cursor = p
        return {**_out(ctx, win, p), "element": {k: under[k] for k in (
            "id", "path", "className", "objectName")}}, lambda: action(handle, p)

    info, _, settled = await act.perform(ctx, prepare, wait_for_idle, timeout)
    return Meta(info, settled=settled)


def _held(text: str | None) -> list[str]:
    """Held modifier keys from 'ctrl+shift' (INVALID_KEY for an unknown one)."""
    mods = [m for m in (text or "").replace(" ", "+").split("+") if m]
    qkeys.modifiers_of(mods)
    return mods


def _click(button: str, count: int) -> Any:
    def build(text: str | None) -> Any:
        mods = _held(text)
        return lambda handle, p: qinput.window_click(handle, p, button, mods, count)
    return build


# ----------------------------------------------------------------------------- picture


def _shoot(ctx: Context) -> tuple[Any, QWidget]:
    win = window_named(None)
    return capture.grab(win, with_popups=True), win


@method("cu.screenshot")
async def screenshot(
    ctx: Context,
    maxWidth: Annotated[int | None, P("scale down to fit this width", minimum=16)] = None,
    maxHeight: Annotated[int | None, P("scale down to fit this height", minimum=16)] = None,
    format: Annotated[Literal["png", "jpeg"], P("picture format")] = "png",
    quality: Annotated[int, P("JPEG quality", minimum=1, maximum=100)] = 80,
    maxBytes: MaxBytes = None,
) -> dict[str, Any]:
    """A picture of the active window; later coordinates are pixels of this picture.

    ``scale`` is picture pixels per window pixel (1.0 unless maxWidth/maxHeight/maxBytes
    shrink it).
    """
    image, win = await ctx.gui(_shoot, ctx)
    result = await asyncio.to_thread(encode_result, image, format, quality, maxWidth, maxHeight,
                                     maxBytes)
    view = _view(ctx)
    view.window, view.scale = win, result["scale"]
    result["window"] = await ctx.gui(win.objectName)
    result["windowSize"] = {"width": image.width(), "height": image.height()}
    return result


@method("cu.zoom")
async def zoom(
    ctx: Context,
    region: Annotated[list[int], P("[x0, y0, x1, y1] in screenshot pixels", minItems=4,
                                   maxItems=4)],
    maxWidth: Annotated[int | None, P("scale the close-up down to fit", minimum=16)] = None,
    maxHeight: Annotated[int | None, P("scale the close-up down to fit", minimum=16)] = None,
    format: Annotated[Literal["png", "jpeg"], P("picture format")] = "png",
    maxBytes: MaxBytes = None,
) -> dict[str, Any]:
    """A close-up of a region of the window at full resolution (the screenshot may be scaled)."""
    x0, y0, x1, y1 = region
    if x1 <= x0 or y1 <= y0:
        raise RpcError("INVALID_PARAMS", "region is [x0, y0, x1, y1] with x1 > x0, y1 > y0")

    def grab() -> Any:
        win, a = _to_window(ctx, [x0, y0])
        scale = _view(ctx).scale
        b = QPoint(min(round(x1 / scale), win.width()), min(round(y1 / scale), win.height()))
        return capture.crop(capture.grab(win, with_popups=True), QRect(a, b - QPoint(1, 1)))

    image = await ctx.gui(grab)
    result = await asyncio.to_thread(encode_result, image, format, 80, maxWidth, maxHeight,
                                     maxBytes)
    result["region"] = region
    return result


# ----------------------------------------------------------------------------- mouse


@method("cu.leftClick", changes=True, marks=True)
async def left_click(ctx: Context, coordinate: OptCoordinate = None, text: HeldKeys = None,
                     wait_for_idle: WaitForIdle = True) -> Meta:
    """Left click at a point of the screenshot (default: where the pointer is)."""
    return await _pointer(ctx, coordinate, _click("left", 1)(text), wait_for_idle)


@method("cu.rightClick", changes=True, marks=True)
async def right_click(ctx: Context, coordinate: OptCoordinate = None, text: HeldKeys = None,
                      wait_for_idle: WaitForIdle = True) -> Meta:
    """Right click at a point of the screenshot: press, release and the context menu event,
    as a user's (a menu it opens is named in the result's ``modal``)."""
    mods = _held(text)
    return await _pointer(ctx, coordinate,
                          lambda h, p: qinput.window_context_click(h, p, mods), wait_for_idle)


@method("cu.middleClick", changes=True, marks=True)
async def middle_click(ctx: Context, coordinate: OptCoordinate = None, text: HeldKeys = None,
                       wait_for_idle: WaitForIdle = True) -> Meta:
    """Middle click at a point of the screenshot."""
    return await _pointer(ctx, coordinate, _click("middle", 1)(text), wait_for_idle)


@method("cu.doubleClick", changes=True, marks=True)
async def double_click(ctx: Context, coordinate: OptCoordinate = None, text: HeldKeys = None,
                       wait_for_idle: WaitForIdle = True) -> Meta:
    """Double click at a point of the screenshot (selects a word in a text field)."""
    return await _pointer(ctx, coordinate, _click("left", 2)(text), wait_for_idle)


@method("cu.tripleClick", changes=True, marks=True)
async def triple_click(ctx: Context, coordinate: OptCoordinate = None, text: HeldKeys = None,
                       wait_for_idle: WaitForIdle = True) -> Meta:
    """Triple click at a point of the screenshot (selects a whole line of text)."""
    return await _pointer(ctx, coordinate, _click("left", 3)(text), wait_for_idle)


@method("cu.mouseMove", changes=True, marks=True)
async def mouse_move(ctx: Context, coordinate: Coordinate,
                     wait_for_idle: WaitForIdle = True) -> Meta:
    """Move the pointer (hover: enter events, tool tips)."""
    return await _pointer(ctx, coordinate, qinput.window_move, wait_for_idle)


@method("cu.leftMouseDown", changes=True, marks=True)
async def left_mouse_down(ctx: Context, coordinate: OptCoordinate = None,
                          wait_for_idle: WaitForIdle = True) -> Meta:
    """Press the left button (and keep it pressed) where the pointer is."""
    return await _pointer(ctx, coordinate,
                          lambda h, p: qinput.window_button(h, p, True), wait_for_idle)


@method("cu.leftMouseUp", changes=True, marks=True)
async def left_mouse_up(ctx: Context, coordinate: OptCoordinate = None,
                        wait_for_idle: WaitForIdle = True) -> Meta:
    """Release the left button where the pointer is (moving there first if given)."""

    def up(handle: Any, p: QPoint) -> None:
        qinput.window_move(handle, p)
        qinput.window_button(handle, p, False)

    return await _pointer(ctx, coordinate, up, wait_for_idle)


@method("cu.drag", changes=True, marks=True)
async def drag(ctx: Context,
               start: Annotated[list[int], P("[x, y] where the drag starts", minItems=2,
                                             maxItems=2)],
               end: Annotated[list[int], P("[x, y] where it ends", minItems=2, maxItems=2)],
               steps: Annotated[int, P("intermediate moves", minimum=1, maximum=100)] = 8,
               wait_for_idle: WaitForIdle = True) -> Meta:
    """Press at ``start``, move to ``end``, release (left_click_drag): sliders, splitters."""

    def prepare() -> tuple[Any, Any]:
        win, a = _to_window(ctx, start)
        _, b = _to_window(ctx, end)
        handle = win if isinstance(win, QWindow) else win.windowHandle()
        _view(ctx).cursor = b
        return ({"start": _out(ctx, win, a)["coordinate"], **_out(ctx, win, b)},
                lambda: qinput.window_drag(handle, a, b, "left", steps))

    info, _, settled = await act.perform(ctx, prepare, wait_for_idle, 5.0)
    return Meta(info, settled=settled)


@method("cu.scroll", changes=True, marks=True)
async def scroll(ctx: Context, coordinate: OptCoordinate = None,
                 scroll_direction: Annotated[Literal["up", "down", "left", "right"],
                                             P("which way")] = "down",
                 scroll_amount: Annotated[int, P("wheel notches", minimum=1,
                                                 maximum=50)] = 3,
                 text: HeldKeys = None, wait_for_idle: WaitForIdle = True) -> Meta:
    """Turn the wheel at a point: ``scroll_amount`` notches in ``scroll_direction``."""
    dx = {"left": -1, "right": 1}.get(scroll_direction, 0) * scroll_amount
    dy = {"up": -1, "down": 1}.get(scroll_direction, 0) * scroll_amount
    mods = _held(text)
    return await _pointer(ctx, coordinate,
                          lambda h, p: qinput.window_scroll(h, p, dx, dy, mods), wait_for_idle)


@method("cu.cursorPosition")
def cursor_position(ctx: Context) -> dict[str, Any]:
    """Where the pointer is, in screenshot pixels (the window's center before any move)."""
    win, p = _to_window(ctx, None)
    return _out(ctx, win, p)


# -------------------------------------------------------------------------- keyboard


@method("cu.type", changes=True, marks=True)
async def type_(ctx: Context, text: Annotated[str, P("text to type into the focus widget",
                                                      maxLength=qinput.MAX_TYPED)],
                wait_for_idle: WaitForIdle = True) -> Meta:
    """Type text into whatever has the keyboard focus (click a field first)."""

    def prepare() -> tuple[Any, Any]:
        _window(ctx)
        return {"typed": len(text)}, lambda: qinput.type_text(None, text)

    info, _, settled = await act.perform(ctx, prepare, wait_for_idle, 5.0)
    return Meta(info, settled=settled)


@method("cu.key", changes=True, marks=True)
async def key(ctx: Context,
              text: Annotated[str, P("keys, xdotool style: 'Return', 'ctrl+s', "
                                     "'ctrl+a BackSpace'")],
              repeat: Annotated[int, P("times to press them", minimum=1, maximum=100)] = 1,
              wait_for_idle: WaitForIdle = True) -> Meta:
    """Press keys or shortcuts on the focus widget."""

    def prepare() -> tuple[Any, Any]:
        strokes = qkeys.parse_keys(text)

        def run() -> None:
            for _ in range(repeat):
                qinput.key(None, text)
        return {"keys": len(strokes) * repeat}, run

    info, _, settled = await act.perform(ctx, prepare, wait_for_idle, 5.0)
    return Meta(info, settled=settled)


@method("cu.holdKey", changes=True, marks=True)
async def hold_key(ctx: Context,
                   text: Annotated[str, P("key or chord to hold: 'shift', 'ctrl+a'")],
                   duration: Annotated[float, P("seconds to hold it", minimum=0,
                                                maximum=30)] = 0.5) -> dict[str, Any]:
    """Press a key, keep it down for ``duration`` seconds (the app keeps running), release."""
    await ctx.gui(qkeys.parse_keys, text)
    await ctx.gui(qinput.key_down, None, text, True)
    try:
        await asyncio.sleep(duration)
    finally:
        await ctx.gui(qinput.key_down, None, text, False)
    return {"held": text, "duration": duration}


@method("cu.wait", gui=False)
async def wait(ctx: Context, duration: Annotated[float, P("seconds", minimum=0,
                                                          maximum=60)] = 1.0) -> dict[str, Any]:
    """Let the app run for ``duration`` seconds (nothing is sent to it)."""
    await asyncio.sleep(duration)
    return {"waited": duration}
