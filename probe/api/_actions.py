"""The one action table: what each action of the computer tool and of a batch runs.

``chr.computer`` (the Claude in Chrome ``computer`` tool) and ``chr.batch`` compose other
methods by name: an action becomes one call of the method that does it, through
``Context.call``, so that call is validated, held by the gate and mirrored exactly as if the
client had made it. A click at a coordinate runs chr.click with that coordinate (which
runs the same code cu.leftClick does); it is never routed through another composite.
No Qt here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from probe.core.errors import QtError

Args = dict[str, Any]
Route = Callable[[Args], tuple[str, Args]]

ComputerAction = Literal["left_click", "right_click", "double_click", "triple_click", "hover",
                         "type", "key", "screenshot", "wait", "scroll", "scroll_to",
                         "left_click_drag", "zoom"]
Direction = Literal["up", "down", "left", "right"]
#: Longest ``wait`` (seconds), as in the browser tool.
MAX_WAIT = 30.0


@dataclass(frozen=True)
class Action:
    """One action: what it needs, how to call the method that does it, and what it is.

    ``needs``: argument names it requires (``"coordinate|ref"``: one of the two).
    ``by_ref``: it may name an element by ref. ``reads``: it changes nothing (the approval
    gate lets it pass). ``picture``: it answers with a picture (no change report, and no
    batch step: a batch reports changes, not pixels). ``own``: a batch step only (not a
    computer action), whose arguments are those of this method.
    """

    needs: tuple[str, ...]
    route: Route
    by_ref: bool = False
    reads: bool = False
    picture: bool = False
    own: str | None = None


def _held(a: Args) -> Args:
    return {"modifiers": a["modifiers"]} if a.get("modifiers") else {}


def _element_or_point(a: Args) -> Args:
    return {"ref": a["ref"]} if a.get("ref") is not None else {"coordinate": a["coordinate"]}


def _pointer(method: str, **extra: Any) -> Route:
    """An action on an element by ref or on a point of the screenshot."""
    return lambda a: (method, {**_element_or_point(a), **extra, **_held(a)})


def _fit(a: Args) -> Args:
    return {"maxBytes": a["maxBytes"]} if a.get("maxBytes") is not None else {}


def _scroll(a: Args) -> tuple[str, Args]:
    return "chr.scroll", {**_element_or_point(a), "scroll_direction": a["scroll_direction"],
                          "scroll_amount": a.get("scroll_amount", 3), **_held(a)}


def _own(method: str) -> Action:
    """A batch step whose arguments are the method's own (form_input, navigate, …)."""
    return Action((), lambda a: (method, {k: v for k, v in a.items() if k != "action"}),
                  own=method)


#: action -> the method that does it and how it is called.
ACTIONS: dict[str, Action] = {
    "left_click": Action(("coordinate|ref",), _pointer("chr.click"), by_ref=True),
    "right_click": Action(("coordinate|ref",), _pointer("chr.click", button="right"),
                          by_ref=True),
    "double_click": Action(("coordinate|ref",), _pointer("chr.click", clickCount=2),
                           by_ref=True),
    "triple_click": Action(("coordinate|ref",), _pointer("chr.click", clickCount=3),
                           by_ref=True),
    "hover": Action(("coordinate|ref",), _pointer("chr.hover"), by_ref=True),
    "type": Action(("text",), lambda a: ("chr.type", {"text": a["text"]})),
    "key": Action(("text",), lambda a: ("chr.key", {"text": a["text"],
                                                    "repeat": a.get("repeat", 1)})),
    "screenshot": Action((), lambda a: ("cu.screenshot", _fit(a)), reads=True, picture=True),
    "wait": Action(("duration",), lambda a: ("cu.wait", {"duration": a["duration"]}),
                   reads=True),
    "scroll": Action(("coordinate|ref", "scroll_direction"), _scroll, by_ref=True),
    "scroll_to": Action(("ref",), lambda a: ("chr.scrollTo", {"ref": a["ref"]}), by_ref=True),
    "left_click_drag": Action(("start_coordinate", "coordinate"),
                              lambda a: ("cu.drag", {"start": a["start_coordinate"],
                                                     "end": a["coordinate"]})),
    "zoom": Action(("region",), lambda a: ("cu.zoom", {"region": a["region"], **_fit(a)}),
                   reads=True, picture=True),
    "form_input": _own("chr.formInput"),
    "fill_form": _own("chr.fillForm"),
    "navigate": _own("chr.navigate"),
    "wait_for": _own("chr.waitFor"),
}
#: What a batch step may be.
BATCH_ACTIONS = [name for name, a in ACTIONS.items() if not a.picture]
#: Computer actions that only read.
READING = frozenset(name for name, a in ACTIONS.items() if a.reads)
_SIZES = {"coordinate": 2, "start_coordinate": 2, "region": 4}


def reads(params: Any) -> bool:
    """Whether a computer call with these params only reads (screenshot, zoom, wait)."""
    return isinstance(params, dict) and params.get("action") in READING


def pictures(action: str) -> bool:
    """Whether ``action`` answers with a picture."""
    return ACTIONS[action].picture


def check(action: str, a: Args, where: str = "chr.computer") -> None:
    """Per-action argument rules a declaration cannot express; INVALID_PARAMS if broken."""
    spec = ACTIONS[action]
    problems: list[str] = []
    for need in spec.needs:
        if need == "coordinate|ref":
            if a.get("coordinate") is None and a.get("ref") is None:
                problems.append(f"'{action}' needs 'ref' (from read_page/find) or "
                                "'coordinate' [x, y]")
        elif a.get(need) is None:
            problems.append(f"'{action}' needs '{need}'")
    if a.get("coordinate") is not None and a.get("ref") is not None:
        problems.append("give either 'ref' or 'coordinate', not both")
    if a.get("ref") is not None and not spec.by_ref:
        by_ref = sorted(n for n, x in ACTIONS.items() if x.by_ref)
        problems.append(f"'{action}' takes no 'ref' (only {', '.join(by_ref)} do); "
                        "click the element first to focus it")
    for name, size in _SIZES.items():
        value = a.get(name)
        if value is not None and len(value) != size:
            problems.append(f"'{name}' must have {size} numbers, got {len(value)}")
    region = a.get("region")
    if region is not None and len(region) == 4:
        x0, y0, x1, y1 = region
        if x1 <= x0 or y1 <= y0:
            problems.append("'region' is [x0, y0, x1, y1] with x1 > x0 and y1 > y0")
    if problems:
        raise QtError("INVALID_PARAMS", f"{where} {action}: {'; '.join(problems)}",
                      problems=problems, action=action,
                      needs=[n.replace("|", " or ") for n in spec.needs])


def route(action: str, a: Args) -> tuple[str, Args]:
    """``(method, params)`` that does ``action`` with arguments ``a`` (checked first for
    computer actions)."""
    spec = ACTIONS[action]
    if spec.own is None:
        check(action, a)
    return spec.route(a)
