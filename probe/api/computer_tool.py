"""``chr.computer``: the Claude in Chrome ``computer`` tool as one probe method.

Each action is dispatched to the chr.* / cu.* method that does it, through the probe's
own dispatcher, so validation, errors and the traffic mirror stay those of that method
(the inner call shows in the traffic log right after this one). No Qt here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from probe import protocol
from probe.api._changes import reports_changes
from probe.protocol import RpcError
from probe.server.context import Context, Meta
from probe.server.registry import P, method

Action = Literal["left_click", "right_click", "double_click", "triple_click", "hover", "type",
                 "key", "screenshot", "wait", "scroll", "scroll_to", "left_click_drag", "zoom"]
Direction = Literal["up", "down", "left", "right"]
Args = dict[str, Any]

#: Longest ``wait`` (seconds), as in the browser tool.
MAX_WAIT = 30.0


def _held(a: Args) -> Args:
    return {"text": a["modifiers"]} if a["modifiers"] else {}


def _pointer(cu: str, chr_: str, **extra: Any) -> Callable[[Args], tuple[str, Args]]:
    """An action on a point (a cu.* method) or on an element by ref (a chr.* method)."""
    def build(a: Args) -> tuple[str, Args]:
        if a["ref"] is not None:
            return chr_, {"ref": a["ref"], **extra, **_held(a)}
        return cu, {"coordinate": a["coordinate"], **_held(a)}
    return build


def _fit(a: Args) -> Args:
    return {"maxBytes": a["maxBytes"]} if a["maxBytes"] is not None else {}


def _scroll(a: Args) -> tuple[str, Args]:
    how = {"scroll_direction": a["scroll_direction"], "scroll_amount": a["scroll_amount"]}
    if a["ref"] is not None:
        return "chr.scroll", {"ref": a["ref"], **how}
    return "cu.scroll", {"coordinate": a["coordinate"], **how, **_held(a)}


#: action -> (what it needs, how to call the method that does it). ``"coordinate|ref"``
#: means one of the two; everything else named is required.
ACTIONS: dict[str, tuple[tuple[str, ...], Callable[[Args], tuple[str, Args]]]] = {
    "left_click": (("coordinate|ref",), _pointer("cu.leftClick", "chr.click")),
    "right_click": (("coordinate|ref",), _pointer("cu.rightClick", "chr.click",
                                                  button="right")),
    "double_click": (("coordinate|ref",), _pointer("cu.doubleClick", "chr.click",
                                                   clickCount=2)),
    "triple_click": (("coordinate|ref",), _pointer("cu.tripleClick", "chr.click",
                                                   clickCount=3)),
    "hover": (("coordinate|ref",), _pointer("cu.mouseMove", "chr.hover")),
    "type": (("text",), lambda a: ("cu.type", {"text": a["text"]})),
    "key": (("text",), lambda a: ("cu.key", {"text": a["text"], "repeat": a["repeat"]})),
    "screenshot": ((), lambda a: ("cu.screenshot", _fit(a))),
    "wait": (("duration",), lambda a: ("cu.wait", {"duration": a["duration"]})),
    "scroll": (("coordinate|ref", "scroll_direction"), _scroll),
    "scroll_to": (("ref",), lambda a: ("chr.scrollTo", {"ref": a["ref"]})),
    "left_click_drag": (("start_coordinate", "coordinate"),
                        lambda a: ("cu.drag", {"start": a["start_coordinate"],
                                               "end": a["coordinate"]})),
    "zoom": (("region",), lambda a: ("cu.zoom", {"region": a["region"], **_fit(a)})),
}

#: Actions that may name an element by ref (the others act on a point or the focus).
BY_REF = {"left_click", "right_click", "double_click", "triple_click", "hover", "scroll",
          "scroll_to"}

_SIZES = {"coordinate": 2, "start_coordinate": 2, "region": 4}


def _check(action: str, a: Args) -> None:
    """Per-action argument rules the declaration cannot express; INVALID_PARAMS if broken."""
    needs, _ = ACTIONS[action]
    problems: list[str] = []
    for need in needs:
        if need == "coordinate|ref":
            if a["coordinate"] is None and a["ref"] is None:
                problems.append(f"'{action}' needs 'ref' (from read_page/find) or "
                                "'coordinate' [x, y]")
        elif a[need] is None:
            problems.append(f"'{action}' needs '{need}'")
    if a["coordinate"] is not None and a["ref"] is not None:
        problems.append("give either 'ref' or 'coordinate', not both")
    if a["ref"] is not None and action not in BY_REF:
        problems.append(f"'{action}' takes no 'ref' (only {', '.join(sorted(BY_REF))} do); "
                        "click the element first to focus it")
    for name, size in _SIZES.items():
        value = a[name]
        if value is not None and len(value) != size:
            problems.append(f"'{name}' must have {size} numbers, got {len(value)}")
    if a["region"] is not None and len(a["region"]) == 4:
        x0, y0, x1, y1 = a["region"]
        if x1 <= x0 or y1 <= y0:
            problems.append("'region' is [x0, y0, x1, y1] with x1 > x0 and y1 > y0")
    if problems:
        raise RpcError("INVALID_PARAMS", f"chr.computer {action}: {'; '.join(problems)}",
                       problems=problems, action=action,
                       needs=[n.replace("|", " or ") for n in needs])


async def _call(ctx: Context, name: str, params: Args) -> Any:
    """Run another probe method as this client, as if it had called it; raise its error."""
    req = protocol.Request(name, params, f"{ctx.request_id}:{name}")
    reply = await ctx.probe.dispatcher.call(ctx.session, req)
    if "error" in reply:
        err = reply["error"]
        data = dict(err.get("data") or {})
        ename, hint = data.pop("name", "INTERNAL_ERROR"), data.pop("hint", None)
        if ename not in protocol.ERRORS:
            ename = "INTERNAL_ERROR"
        raise RpcError(ename, err.get("message"), hint=hint, **data)
    envelope = reply["result"]
    extra = {k: v for k, v in envelope.get("meta", {}).items() if k != "durationMs"}
    return Meta(envelope["result"], **{**extra, "via": name})


@method("chr.computer", changes=True)
@reports_changes(skip=lambda kw: kw["action"] in ("screenshot", "zoom"))
async def computer(
    ctx: Context,
    action: Annotated[Action, P("what to do, as in the browser's computer tool")],
    coordinate: Annotated[list[int] | None, P(
        "[x, y] in screenshot pixels: where to click, hover, scroll, or where a drag ends")
    ] = None,
    ref: Annotated[str | None, P("element ref from read_page / find (e.g. ref_12); "
                                 "instead of coordinate")] = None,
    text: Annotated[str | None, P("text to type ('type'), or keys to press ('key'): "
                                  "space-separated combos such as 'ctrl+a Delete'")] = None,
    modifiers: Annotated[str | None, P("keys held while clicking: ctrl, shift, alt, meta, "
                                       "joined with + (e.g. 'ctrl+shift')")] = None,
    scroll_direction: Annotated[Direction | None, P("for 'scroll'")] = None,
    scroll_amount: Annotated[int, P("wheel notches for 'scroll'", minimum=1, maximum=10)] = 3,
    start_coordinate: Annotated[list[int] | None, P(
        "[x, y] where 'left_click_drag' starts")] = None,
    region: Annotated[list[int] | None, P(
        "[x0, y0, x1, y1] rectangle to look at closely ('zoom')")] = None,
    duration: Annotated[float | None, P("seconds to wait ('wait')", minimum=0,
                                        maximum=MAX_WAIT)] = None,
    repeat: Annotated[int, P("times to press the keys ('key')", minimum=1, maximum=100)] = 1,
    maxBytes: Annotated[int | None, P("largest picture in bytes ('screenshot', 'zoom'): past "
                                      "it JPEG, then smaller", minimum=1000)] = None,
) -> Any:
    """Click, type, press keys, scroll, drag, wait, or take a screenshot, by ref or coordinate;
    an action that opens a dialog or menu returns at once, naming it in ``modal``.

    The Claude in Chrome ``computer`` tool: each action runs the chr.* / cu.* method that
    does it (named in meta.via), and returns that method's result; 'screenshot' and
    'zoom' return a picture. Coordinates are those of the latest screenshot. ``modal``
    gives kind, title and tabId: the dialog is then a tab whose buttons have refs, a
    menu's entries show in read_page.
    """
    args: Args = {"coordinate": coordinate, "ref": ref, "text": text, "modifiers": modifiers,
                  "scroll_direction": scroll_direction, "scroll_amount": scroll_amount,
                  "start_coordinate": start_coordinate, "region": region,
                  "duration": duration, "repeat": repeat, "maxBytes": maxBytes}
    _check(action, args)
    name, params = ACTIONS[action][1](args)
    if ctx.probe.registry.get(name) is None:
        raise RpcError("NOT_SUPPORTED", f"'{action}' needs {name}, which this probe lacks",
                       method=name)
    return await _call(ctx, name, params)
