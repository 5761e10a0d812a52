"""cu.*: computer use, like Anthropic's computer-use tool, on the app's active window.

``cu.screenshot`` pictures the active window (with its open popups), optionally
scaled to a maximum size; every other action takes pixel coordinates of that
screenshot, mapped back through its scale (``_pointer``, which the chr.* actions given a
coordinate share). The events enter the window as a real mouse's would, so Qt picks the
widget under the point. A point outside the window is COORDINATE_OUT_OF_BOUNDS. The
pointer position is kept per client.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, cast

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QWindow
from PySide6.QtWidgets import QWidget

from probe.api import _act, _pointer, _waiting
from probe.api._params import (
    Coordinate,
    Format,
    Keys,
    MaxBytes,
    MaxHeight,
    MaxWidth,
    Modifiers,
    OptCoordinate,
    PixelSource,
    Quality,
    Repeat,
    ScrollAmount,
    ScrollDirection,
    Text,
    WaitForIdle,
)
from probe.api._pointer import at_point, view
from probe.api._screen import (
    FIRST_WINDOW_WAIT,
    encoded,
    off_gui,
    on_screen,
    picture,
    picture_turn,
    shown_window,
    window_named,
)
from probe.api._waiting import gui_until
from probe.core.capture import grab as capture
from probe.core.errors import QtError
from probe.core.input import keys as qkeys
from probe.core.input import simulate as qinput
from probe.server.context import Context, Meta
from probe.server.registry import P, Tool, method
from probe.wire._shared import Action
from probe.wire.cu import Cursor, Screenshot, Waited, Zoom

# ----------------------------------------------------------------------------- picture


def _shoot(ctx: Context, source: str) -> tuple[Any, dict[str, Any] | None, QWidget]:
    win = window_named(None)
    image, facts = picture(win, True, source)
    return image, facts, win


@method("cu.screenshot", tool=Tool("screenshot", "native", spoken="computer (screenshot)",
                                  heavy=True))
async def screenshot(
    ctx: Context,
    maxWidth: MaxWidth = None,
    maxHeight: MaxHeight = None,
    format: Format = "png",
    quality: Quality = 80,
    maxBytes: MaxBytes = None,
    source: PixelSource = "app",
) -> Screenshot:
    """A picture of the active window; later coordinates are pixels of this picture.

    ``scale`` is picture pixels per window pixel (1.0 unless maxWidth/maxHeight/maxBytes
    shrink it). The pixels are the app's own rendering, whatever covers the window on
    screen; a call made just after launch waits (up to 5 s) for the first window.
    """
    await gui_until(ctx, shown_window, FIRST_WINDOW_WAIT)
    async with picture_turn(ctx):
        image, facts, win = await ctx.gui(_shoot, ctx, source)
        result = await encoded(ctx, image, format, quality, maxWidth, maxHeight, maxBytes)
        if facts is not None:
            result["onScreen"] = await off_gui(on_screen, image, facts)
    v = view(ctx)
    v.window, v.scale = win, result["scale"]
    result["window"] = await ctx.gui(win.objectName)
    result["windowSize"] = {"width": image.width(), "height": image.height()}
    return cast(Screenshot, result)


@method("cu.zoom", tool=Tool(spoken="computer (zoom)"))
async def zoom(
    ctx: Context,
    region: Annotated[list[int], P("[x0, y0, x1, y1] in screenshot pixels", minItems=4,
                                   maxItems=4)],
    maxWidth: MaxWidth = None,
    maxHeight: MaxHeight = None,
    format: Format = "png",
    maxBytes: MaxBytes = None,
) -> Zoom:
    """A close-up of a region of the window at full resolution (the screenshot may be scaled)."""
    x0, y0, x1, y1 = region
    if x1 <= x0 or y1 <= y0:
        raise QtError("INVALID_PARAMS", "region is [x0, y0, x1, y1] with x1 > x0, y1 > y0")

    def grab() -> Any:
        win, a = _pointer.to_window(ctx, [x0, y0])
        scale = view(ctx).scale
        b = QPoint(min(round(x1 / scale), win.width()), min(round(y1 / scale), win.height()))
        return capture.crop(capture.grab(win, with_popups=True), QRect(a, b - QPoint(1, 1)))

    async with picture_turn(ctx):
        image = await ctx.gui(grab)
        result = await encoded(ctx, image, format, 80, maxWidth, maxHeight, maxBytes)
    result["region"] = region
    return cast(Zoom, result)


# ----------------------------------------------------------------------------- mouse

#: Held keys of a click: the computer-use tool calls them ``text``.
HeldKeys = Modifiers


@method("cu.leftClick", changes=True, marks=True, tool=Tool(spoken="computer (left_click)"))
async def left_click(ctx: Context, coordinate: OptCoordinate = None, text: HeldKeys = None,
                     wait_for_idle: WaitForIdle = True) -> Meta[Action]:
    """Left click at a point of the screenshot (default: where the pointer is)."""
    return await at_point(ctx, coordinate, _pointer.click("left", 1, text), wait_for_idle)


@method("cu.rightClick", changes=True, marks=True)
async def right_click(ctx: Context, coordinate: OptCoordinate = None, text: HeldKeys = None,
                      wait_for_idle: WaitForIdle = True) -> Meta[Action]:
    """Right click at a point of the screenshot: press, release and the context menu event,
    as a user's (a menu it opens is named in the result's ``modal``)."""
    return await at_point(ctx, coordinate, _pointer.click("right", 1, text), wait_for_idle)


@method("cu.middleClick", changes=True, marks=True)
async def middle_click(ctx: Context, coordinate: OptCoordinate = None, text: HeldKeys = None,
                       wait_for_idle: WaitForIdle = True) -> Meta[Action]:
    """Middle click at a point of the screenshot."""
    return await at_point(ctx, coordinate, _pointer.click("middle", 1, text), wait_for_idle)


@method("cu.doubleClick", changes=True, marks=True)
async def double_click(ctx: Context, coordinate: OptCoordinate = None, text: HeldKeys = None,
                       wait_for_idle: WaitForIdle = True) -> Meta[Action]:
    """Double click at a point of the screenshot (selects a word in a text field)."""
    return await at_point(ctx, coordinate, _pointer.click("left", 2, text), wait_for_idle)


@method("cu.tripleClick", changes=True, marks=True)
async def triple_click(ctx: Context, coordinate: OptCoordinate = None, text: HeldKeys = None,
                       wait_for_idle: WaitForIdle = True) -> Meta[Action]:
    """Triple click at a point of the screenshot (selects a whole line of text)."""
    return await at_point(ctx, coordinate, _pointer.click("left", 3, text), wait_for_idle)


@method("cu.mouseMove", changes=True, marks=True)
async def mouse_move(ctx: Context, coordinate: Coordinate,
                     wait_for_idle: WaitForIdle = True) -> Meta[Action]:
    """Move the pointer (hover: enter events, tool tips)."""
    return await at_point(ctx, coordinate, qinput.window_move, wait_for_idle)


@method("cu.leftMouseDown", changes=True, marks=True)
async def left_mouse_down(ctx: Context, coordinate: OptCoordinate = None,
                          wait_for_idle: WaitForIdle = True) -> Meta[Action]:
    """Press the left button (and keep it pressed) where the pointer is."""
    return await at_point(ctx, coordinate,
                          lambda h, p: qinput.window_button(h, p, True), wait_for_idle)


@method("cu.leftMouseUp", changes=True, marks=True)
async def left_mouse_up(ctx: Context, coordinate: OptCoordinate = None,
                        wait_for_idle: WaitForIdle = True) -> Meta[Action]:
    """Release the left button where the pointer is (moving there first if given)."""

    def up(handle: Any, p: QPoint) -> None:
        qinput.window_move(handle, p)
        qinput.window_button(handle, p, False)

    return await at_point(ctx, coordinate, up, wait_for_idle)


@method("cu.drag", changes=True, marks=True)
async def drag(ctx: Context,
               start: Annotated[list[int], P("[x, y] where the drag starts", minItems=2,
                                             maxItems=2)],
               end: Annotated[list[int], P("[x, y] where it ends", minItems=2, maxItems=2)],
               steps: Annotated[int, P("intermediate moves", minimum=1, maximum=100)] = 8,
               wait_for_idle: WaitForIdle = True) -> Meta[Action]:
    """Press at ``start``, move to ``end``, release (left_click_drag): sliders, splitters,
    drag and drop (from press to drop in this one call; ``drop`` says what was dropped
    on what, or why nothing was)."""

    def prepare() -> tuple[Any, Any]:
        win, a = _pointer.to_window(ctx, start)
        _, b = _pointer.to_window(ctx, end)
        handle = win if isinstance(win, QWindow) else win.windowHandle()
        view(ctx).cursor = b
        return ({"start": _pointer.out(ctx, win, a)["coordinate"],
                 **_pointer.out(ctx, win, b)},
                lambda: qinput.window_drag(handle, a, b, "left", steps))

    info, outcome, settled = await _act.perform(ctx, prepare, wait_for_idle,
                                                _pointer.ACTION_TIMEOUT, through_nested=True)
    return Meta(_act.with_drop(info, outcome), settled=settled)


@method("cu.scroll", changes=True, marks=True)
async def scroll(ctx: Context, coordinate: OptCoordinate = None,
                 scroll_direction: ScrollDirection = "down",
                 scroll_amount: ScrollAmount = 3,
                 text: HeldKeys = None, wait_for_idle: WaitForIdle = True) -> Meta[Action]:
    """Turn the wheel at a point: ``scroll_amount`` notches in ``scroll_direction``."""
    return await at_point(ctx, coordinate,
                          _pointer.wheel(scroll_direction, scroll_amount, text), wait_for_idle)


@method("cu.cursorPosition")
def cursor_position(ctx: Context) -> Cursor:
    """Where the pointer is, in screenshot pixels (the window's center before any move)."""
    win, p = _pointer.to_window(ctx, None)
    return cast(Cursor, _pointer.out(ctx, win, p))


# -------------------------------------------------------------------------- keyboard


@method("cu.type", changes=True, marks=True)
async def type_(ctx: Context, text: Text, wait_for_idle: WaitForIdle = True) -> Meta[Action]:
    """Type text into whatever has the keyboard focus (click a field first)."""
    return await _pointer.type_focused(ctx, text, wait_for_idle)


@method("cu.key", changes=True, marks=True)
async def key(ctx: Context, text: Keys, repeat: Repeat = 1,
              wait_for_idle: WaitForIdle = True) -> Meta[Action]:
    """Press keys or shortcuts on the focus widget."""
    return await _pointer.press_focused(ctx, text, repeat, wait_for_idle)


@method("cu.holdKey", changes=True, marks=True)
async def hold_key(ctx: Context,
                   text: Annotated[str, P("key or chord to hold: 'shift', 'ctrl+a'")],
                   duration: Annotated[float, P("seconds to hold it", minimum=0,
                                                maximum=30)] = 0.5) -> Action:
    """Press a key, keep it down for ``duration`` seconds (the app keeps running), release."""
    await ctx.gui(qkeys.parse_keys, text)
    await ctx.gui(qinput.key_down, None, text, True)
    try:
        await asyncio.sleep(duration)
    finally:
        await ctx.gui(qinput.key_down, None, text, False)
    return {"held": text, "duration": duration}


@method("cu.wait", gui=False, tool=Tool(spoken="computer (wait)"))
async def wait(ctx: Context, duration: Annotated[float, P("seconds", minimum=0,
                                                          maximum=60)] = 1.0) -> Waited:
    """Let the app run for ``duration`` seconds (nothing is sent to it); at most
    256 run at once in one app."""
    async with _waiting.sleeping(ctx):
        await asyncio.sleep(duration)
    return {"waited": duration}
