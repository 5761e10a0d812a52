"""The pointer and keyboard of one client, on the window it last looked at.

Shared by cu.* and by the chr.* actions that take a coordinate instead of a ref (or no ref
for keys): a point is a pixel of the client's latest screenshot, mapped back through its
scale into the window, and the events enter the window as a real mouse's would, so Qt picks
the widget under the point. A point outside the window is COORDINATE_OUT_OF_BOUNDS. The
pointer position and the screenshot's window and scale are kept per client.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QPoint
from PySide6.QtGui import QWindow
from PySide6.QtWidgets import QWidget

from probe.api import _act
from probe.api._params import modifiers_of
from probe.api._screen import hit_test, window_named
from probe.core.a11y.form import typed
from probe.core.errors import QtError
from probe.core.input import keys as qkeys
from probe.core.input import simulate as qinput
from probe.core.objects import idtable
from probe.server.context import Context, Meta

_KEY = "cu"
#: Seconds an input action's effects are waited for.
ACTION_TIMEOUT = 5.0


@dataclass
class View:
    """What the client's coordinates mean: a window and the scale of its last screenshot."""

    window: QWidget | None = None
    scale: float = 1.0
    cursor: QPoint | None = None


def view(ctx: Context) -> View:
    found = ctx.state.get(_KEY)
    if found is None:
        found = ctx.state[_KEY] = View()
    return found


def window(ctx: Context) -> QWidget:
    """The window of the last screenshot while it is visible, else the active window."""
    v = view(ctx)
    if v.window is not None and idtable.alive(v.window) and v.window.isVisible():
        return v.window
    win = window_named(None)
    v.window, v.scale = win, 1.0
    return win


def bounds(win: QWidget, scale: float) -> dict[str, int]:
    return {"width": round(win.width() * scale), "height": round(win.height() * scale)}


def to_window(ctx: Context, coordinate: list[int] | None) -> tuple[QWidget, QPoint]:
    """Screenshot pixels -> window coordinates; COORDINATE_OUT_OF_BOUNDS outside it."""
    win = window(ctx)
    v = view(ctx)
    if coordinate is None:
        return win, v.cursor or QPoint(win.width() // 2, win.height() // 2)
    x, y = coordinate
    wx, wy = int(x / v.scale), int(y / v.scale)
    if not (0 <= wx < win.width() and 0 <= wy < win.height()):
        raise QtError("COORDINATE_OUT_OF_BOUNDS",
                      f"({x}, {y}) is outside the screenshot of {win.objectName()!r}",
                      coordinate=[x, y], bounds=bounds(win, v.scale), scale=v.scale)
    return win, QPoint(wx, wy)


def check_coordinate(coordinate: list[int] | None, name: str = "coordinate") -> None:
    """Two numbers or nothing (the registry does not check sizes inside ``anyOf``)."""
    if coordinate is not None and len(coordinate) != 2:
        raise QtError("INVALID_PARAMS", f"{name} is [x, y], got {len(coordinate)} numbers",
                      received=coordinate)


def out(ctx: Context, win: QWidget, p: QPoint) -> dict[str, Any]:
    scale = view(ctx).scale
    return {"coordinate": [round(p.x() * scale), round(p.y() * scale)],
            "window": win.objectName()}


def held(modifiers: str | list[str] | None) -> list[str]:
    """Held modifier keys ('ctrl+shift' or a list; INVALID_KEY for an unknown one)."""
    mods = modifiers_of(modifiers)
    qkeys.modifiers_of(mods)
    return mods


PointAction = Callable[[Any, QPoint], Any]


async def at_point(ctx: Context, coordinate: list[int] | None, action: PointAction,
                   wait_for_idle: bool = True, move: bool = True) -> Meta:
    """Map the point, check the window is there, deliver ``action(window, point)``."""
    check_coordinate(coordinate)

    def prepare() -> tuple[Any, Any]:
        win, p = to_window(ctx, coordinate)
        handle = win if isinstance(win, QWindow) else win.windowHandle()
        if handle is None:
            raise QtError("WINDOW_NOT_FOUND", "the window is not shown")
        under = hit_test(ctx, win, p.x(), p.y())
        if move:
            view(ctx).cursor = p
        return {**out(ctx, win, p), "element": {k: under[k] for k in (
            "id", "path", "className", "objectName")}}, lambda: action(handle, p)

    info, _, settled = await _act.perform(ctx, prepare, wait_for_idle, ACTION_TIMEOUT)
    return Meta(info, settled=settled)


def click(button: str, count: int, modifiers: str | list[str] | None) -> PointAction:
    """A click (``count`` 1-3) of ``button`` with held keys, as a point action."""
    mods = held(modifiers)
    if button == "right" and count == 1:
        return lambda handle, p: qinput.window_context_click(handle, p, mods)
    return lambda handle, p: qinput.window_click(handle, p, button, mods, count)


def wheel(direction: str, amount: int, modifiers: str | list[str] | None) -> PointAction:
    """``amount`` wheel notches towards ``direction``, as a point action."""
    dx = {"left": -1, "right": 1}.get(direction, 0) * amount
    dy = {"up": -1, "down": 1}.get(direction, 0) * amount
    mods = held(modifiers)
    return lambda handle, p: qinput.window_scroll(handle, p, dx, dy, mods)


async def type_focused(ctx: Context, text: str, wait_for_idle: bool) -> Meta:
    """Type ``text`` into whatever has the keyboard focus."""

    box: dict[str, Any] = {}

    def prepare() -> tuple[Any, Any]:
        window(ctx)

        def run() -> None:
            box["was"] = typed.before()
            qinput.type_text(None, text)
        return {"typed": len(text)}, run

    info, _, settled = await _act.perform(ctx, prepare, wait_for_idle, ACTION_TIMEOUT)
    if settled and "was" in box:  # read back: the focused field holds what was typed
        await ctx.gui(lambda: typed.check(text, box["was"], None))
    return Meta(info, settled=settled)


async def press_focused(ctx: Context, keys: str, repeat: int, wait_for_idle: bool) -> Meta:
    """Press ``keys`` ``repeat`` times on the focus widget (an open popup first)."""

    def prepare() -> tuple[Any, Any]:
        strokes = qkeys.parse_keys(keys)

        def run() -> None:
            for _ in range(repeat):
                qinput.key(None, keys)
        return {"keys": len(strokes) * repeat}, run

    info, _, settled = await _act.perform(ctx, prepare, wait_for_idle, ACTION_TIMEOUT)
    return Meta(info, settled=settled)
