"""The parameter vocabulary: every parameter type two families share, declared once.

Agents read these descriptions (``qt.schema``, the MCP tool schemas), so one idea has one
name, one type and one description everywhere. A family declares a type of its own only
for a parameter no other family has. ``element=True`` marks the types that name the
element a call acts on or reads (the traffic mirror records its stable handles, a replay
fills it in).
"""

from __future__ import annotations

from typing import Annotated, Literal

from probe.core.input.simulate import MAX_TYPED
from probe.server.registry import P

# ----------------------------------------------------------------------- elements

#: Any object by id. Selectors work wherever an id does.
ObjectId = Annotated[str, P(
    "the object: path (mainWindow/**/okButton, box/QPushButton[1]), #N from an earlier "
    "answer, symbolic name, or @name:/@class:/@text:/@accessible:/@id: filters",
    aliases=("target",), element=True, minLength=1)]
OptObjectId = Annotated[str | None, P(
    "the object (path, #N, symbolic name or selector); default: the focus widget",
    aliases=("target",), element=True)]
#: An element by ref or by any object id.
Target = Annotated[str, P(
    "the element: a ref (ref_12), #N, path, symbolic name or selector",
    aliases=("target",), element=True, minLength=1)]
#: Search only under this object.
RootId = Annotated[str | None, P("search only under this object (path, #N or name)")]
#: An item model, or a view showing one.
ModelId = Annotated[str, P("a model or a view showing one: path, #N or symbolic name",
                           element=True, minLength=1)]
#: A Qt Quick item.
ItemId = Annotated[str, P("item: @id:name, path, #N or symbolic name", element=True,
                          minLength=1)]
Ref = Annotated[str, P("element ref from chr.readPage or chr.find, e.g. ref_12",
                       element=True, minLength=1)]
OptRef = Annotated[str | None, P("element ref from chr.readPage / chr.find; or give "
                                 "coordinate", element=True)]
TabId = Annotated[str | None, P("window to use: tabId (#N) from chr.tabsContext, objectName "
                                "or title; default: the active window")]
Window = Annotated[str | None, P("objectName of a top-level window; default: the active "
                                 "one")]

# ----------------------------------------------------------------------- points

Coordinate = Annotated[list[int], P("[x, y] in pixels of the latest screenshot",
                                    minItems=2, maxItems=2)]
OptCoordinate = Annotated[list[int] | None, P(
    "[x, y] in pixels of the latest screenshot (where a ref is taken: one or the other; "
    "else default: where the pointer is)", minItems=2, maxItems=2)]
Position = Annotated[dict[str, int] | None,
                     P('{"x", "y"} inside the target; default: its center (a check box\'s box)')]

# ----------------------------------------------------------------------- input

Button = Annotated[Literal["left", "right", "middle"], P("mouse button")]
#: Held keys: "ctrl+shift" or ["ctrl", "shift"] (both spellings are in use).
Modifiers = Annotated[str | list[str] | None, P(
    "keys held during the action: ctrl, shift, alt, meta joined with + ('ctrl+shift') or "
    "as a list")]
Text = Annotated[str, P("text to type, as key presses (any Unicode)", maxLength=MAX_TYPED)]
Keys = Annotated[str, P("keys, space-separated chords: 'Return', 'ctrl+s', 'ctrl+a Delete', "
                        "'Tab Tab', Page_Down, F5 (Qt and xdotool names)", minLength=1)]
Repeat = Annotated[int, P("times to press them", minimum=1, maximum=100)]
ScrollDirection = Annotated[Literal["up", "down", "left", "right"], P("which way")]
ScrollAmount = Annotated[int, P("wheel notches", minimum=1, maximum=50)]
ClickCount = Annotated[int, P("2 = double click, 3 = triple click", minimum=1, maximum=3)]

# ----------------------------------------------------------------------- waiting

WaitForIdle = Annotated[bool, P("return only after the events the action caused have run")]
Timeout = Annotated[float, P("seconds to wait at most", minimum=0, maximum=600)]

# ----------------------------------------------------------------------- pictures

Format = Annotated[Literal["png", "jpeg"], P("picture format")]
Quality = Annotated[int, P("JPEG quality", minimum=1, maximum=100)]
MaxWidth = Annotated[int | None, P("scale down to fit this width", minimum=16)]
MaxHeight = Annotated[int | None, P("scale down to fit this height", minimum=16)]
PixelSource = Annotated[Literal["app", "screen"], P(
    "app: the window as the app itself renders it, whatever covers it on screen; screen: "
    "what the screen shows there (other windows included; onScreen says what hid it)")]
MaxBytes = Annotated[int | None, P("largest picture in bytes: past it JPEG, then smaller "
                                   "(format and scale say what came)", minimum=1000)]

ReportChanges = Annotated[bool, P("false: no 'changes' (what changed on the page) in the "
                                  "answer")]
PageFilter = Annotated[Literal["all", "interactive"], P(
    "'interactive': only elements an agent acts on (and the groups around them)")]


def modifiers_of(held: str | list[str] | None) -> list[str]:
    """``"ctrl+shift"``, ``["ctrl", "shift"]`` or nothing -> ``["ctrl", "shift"]``."""
    if held is None:
        return []
    words = held if isinstance(held, list) else held.replace(" ", "+").split("+")
    return [w.strip().lower() for w in words if w.strip()]
