"""chr.computer: the Claude in Chrome ``computer`` tool as one probe method.

Each action runs the one method that does it (``_actions``), through ``Context.call``, so
validation, errors, the approval gate and the traffic mirror stay that method's (the
inner call shows in the traffic log right after this one). No Qt here.
"""

from __future__ import annotations

from typing import Annotated, Any

from probe.api import _actions
from probe.api._changes import reports_changes
from probe.api._params import MaxBytes, Modifiers, Repeat, ScrollAmount
from probe.core.errors import QtError
from probe.server.context import Context, Meta
from probe.server.registry import P, Replay, Tool, method
from probe.wire._shared import Action


@method("chr.computer", changes=True, reads_if=_actions.reads,
        replay=Replay.skip("its action was recorded as the chr.* / cu.* call that did it"),
        tool=Tool("computer", "chrome", heavy=True))
@reports_changes(skip=lambda kw: _actions.pictures(kw["action"]))
async def computer(
    ctx: Context,
    action: Annotated[_actions.ComputerAction, P("what to do, as in the browser's computer "
                                                 "tool")],
    coordinate: Annotated[list[int] | None, P(
        "[x, y] in screenshot pixels: where to click, hover, scroll, or where a drag ends")
    ] = None,
    ref: Annotated[str | None, P("element ref from read_page / find (e.g. ref_12); "
                                 "instead of coordinate", element=True)] = None,
    text: Annotated[str | None, P("text to type ('type'), or keys to press ('key'): "
                                  "space-separated combos such as 'ctrl+a Delete'")] = None,
    modifiers: Modifiers = None,
    scroll_direction: Annotated[_actions.Direction | None, P("for 'scroll'")] = None,
    scroll_amount: ScrollAmount = 3,
    start_coordinate: Annotated[list[int] | None, P(
        "[x, y] where 'left_click_drag' starts")] = None,
    region: Annotated[list[int] | None, P(
        "[x0, y0, x1, y1] rectangle to look at closely ('zoom')")] = None,
    duration: Annotated[float | None, P("seconds to wait ('wait')", minimum=0,
                                        maximum=_actions.MAX_WAIT)] = None,
    repeat: Repeat = 1,
    maxBytes: MaxBytes = None,
) -> Meta[Action]:
    """Click, type, press keys, scroll, drag, wait, or take a screenshot, by ref or coordinate;
    an action that opens a dialog or menu returns at once, naming it in ``modal``.

    The Claude in Chrome ``computer`` tool: each action runs the chr.* / cu.* method that
    does it (named in meta.via), and returns that method's result; 'screenshot' and
    'zoom' return a picture. Coordinates are those of the latest screenshot. ``modal``
    gives kind, title and tabId: the dialog is then a tab whose buttons have refs, a
    menu's entries show in read_page.
    """
    args: dict[str, Any] = {
        "coordinate": coordinate, "ref": ref, "text": text, "modifiers": modifiers,
        "scroll_direction": scroll_direction, "scroll_amount": scroll_amount,
        "start_coordinate": start_coordinate, "region": region, "duration": duration,
        "repeat": repeat, "maxBytes": maxBytes}
    name, params = _actions.route(action, args)
    if ctx.spec(name) is None:
        raise QtError("NOT_SUPPORTED", f"'{action}' needs {name}, which this probe lacks",
                      method=name)
    done = await ctx.call(name, params)
    return Meta(done.value, **{**done.extra, "via": name})


