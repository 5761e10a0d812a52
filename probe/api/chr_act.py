"""chr.click, chr.drag, chr.hover, chr.type, chr.key, chr.scroll, chr.scrollTo, chr.formInput,
chr.navigate: act on the page by ref, as a user would.

Each action resolves its ref on the GUI thread (REF_NOT_FOUND, ELEMENT_NOT_VISIBLE,
ELEMENT_BLOCKED when a user could not reach it), delivers the input as its own GUI job and
lets the app settle (``_act``); given a coordinate instead of a ref, or no ref for keys,
it runs the same code as the cu.* action (``_pointer``). Every action answers with
``changes``: what it changed on the page since the session last read it (``_changes``).
"""

from __future__ import annotations

from typing import Annotated, Any, cast

from PySide6.QtCore import Qt

from probe.api import _act, _pointer, _session
from probe.api._changes import reports_changes
from probe.api._params import (
    Button,
    ClickCount,
    Keys,
    Modifiers,
    OptCoordinate,
    OptRef,
    Ref,
    Repeat,
    ScrollAmount,
    ScrollDirection,
    TabId,
    Text,
    WaitForIdle,
)
from probe.core.a11y import actions, form, navigate
from probe.core.a11y import windows as wins
from probe.core.a11y.form import typed
from probe.core.a11y.identity import Element
from probe.core.errors import QtError
from probe.core.input import keys as qkeys
from probe.core.input import simulate as qinput
from probe.server.context import Context, Meta
from probe.server.registry import P, Replay, Tool, method
from probe.wire._shared import Action

ACTION_TIMEOUT = _pointer.ACTION_TIMEOUT
#: Modifiers under which a key only types its character.
_PLAIN = (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier)


def _one_target(ref: str | None, coordinate: list[int] | None) -> None:
    if (ref is None) == (coordinate is None):
        raise QtError("INVALID_PARAMS", "give either 'ref' (from chr.readPage / chr.find) "
                      "or 'coordinate' [x, y], not both and not neither",
                      received={"ref": ref, "coordinate": coordinate})


def _described(el: Element) -> dict[str, Any]:
    return {"ref": el.ref, "role": el.locator.role, "name": el.locator.name}


async def _by_ref(ctx: Context, ref: str, build: Any, wait_for_idle: bool = True) -> Meta:
    """Resolve the ref and validate on the GUI thread, deliver as its own job, settle."""

    def prepare() -> tuple[Any, Any]:
        el = _session.reachable(ctx, ref)
        info, deliver = build(el)
        return {**_described(el), **info, **actions.unread(el)}, _act.held(deliver, el.widget)

    info, _, settled = await _act.perform(ctx, prepare, wait_for_idle, ACTION_TIMEOUT)
    return Meta(info, settled=settled)


@method("chr.formInput", changes=True, marks=True,
        replay=Replay.run("value", "checked", "selected"), tool=Tool("form_input", "chrome"))
@reports_changes()
async def form_input(
    ctx: Context,
    ref: Ref,
    value: Annotated[str | bool | int | float, P(
        "text for a text field; a number for a spin box, slider or dial; a date/time "
        "(ISO 8601 or as the field shows it) for a date/time edit; true/false for a "
        "check box, radio or a row's check box; an option's text for a combo box; a tab's "
        "name for a tab bar; an editable cell's value",
        maxLength=qinput.MAX_TYPED)],
) -> Meta[Action]:
    """Set a form control's value by ref; the app's own signals fire as if a user did it.

    Read back once the app settled: a value the app refused or changed is
    FORM_INPUT_NOT_TAKEN (data.expected, data.actual).
    """

    def prepare() -> tuple[Any, Any]:
        el = _session.reachable(ctx, ref)
        table = _session.ref_table(ctx)
        return _described(el), _act.held(
            lambda: form.set_value(el, value, lambda name: table.renamed(ref, name)),
            el.widget)

    info, result, settled = await _act.perform(ctx, prepare, True, ACTION_TIMEOUT)
    if result is None:  # the input opened a modal dialog that holds it: nothing to read yet
        return cast(Meta[Action], Meta(_act.lift_modal(info, dict(info)), settled=settled))
    out, expected = result
    if settled:  # every write is read back once the app has reacted
        out = await ctx.gui(lambda: form.read_back(_session.reachable(ctx, ref), out,
                                                   expected))
    return cast(Meta[Action], Meta(_act.lift_modal(info, out), settled=settled))


@method("chr.click", changes=True, marks=True, tool=Tool(spoken="computer (left_click)"))
@reports_changes()
async def click(
    ctx: Context,
    ref: OptRef = None,
    coordinate: OptCoordinate = None,
    button: Button = "left",
    clickCount: ClickCount = 1,
    modifiers: Modifiers = None,
    wait_for_idle: WaitForIdle = True,
) -> Meta[Action]:
    """Click an element by ref (or a point of the screenshot).

    A widget gets a real click at its centre; an item (tab) with a press action is pressed
    through it, other items are clicked at their centre. A menu entry is clicked as a user
    does (its action runs, the menus close; a submenu entry opens the submenu). button
    'right' is a user's right click (press, release, context menu). A click that opens a
    modal dialog or a menu returns at once: ``modal`` in the result names it (kind, title,
    tabId); read it with chr.readPage tabId and click its buttons by ref.
    """
    _one_target(ref, coordinate)
    if coordinate is not None:
        return await _pointer.at_point(ctx, coordinate,
                                       _pointer.click(button, clickCount, modifiers),
                                       wait_for_idle)
    assert ref is not None
    mods = _pointer.held(modifiers)

    def build(el: Element) -> tuple[dict[str, Any], Any]:
        how, deliver = actions.click(el, button, clickCount, mods)
        return {"via": how, **actions.center(el)}, deliver

    return await _by_ref(ctx, ref, build, wait_for_idle)


@method("chr.drag", changes=True, marks=True, tool=Tool("drag", "native"))
@reports_changes()
async def drag(
    ctx: Context,
    ref: Annotated[str, P("ref of the element to drag", element=True, minLength=1)],
    to: Annotated[str, P("ref to drop it on", element=True, minLength=1)],
    wait_for_idle: WaitForIdle = True,
) -> Meta[Action]:
    """Drag an element onto another (refs), press to drop in this one call.

    ``drop`` says what was dropped on what, or ``why`` not (refused, nothing takes drops).
    """

    def prepare() -> tuple[Any, Any]:
        source = _session.reachable(ctx, ref)
        target = _session.reachable(ctx, to)
        info, deliver = actions.drag(source, target)
        return ({**_described(source), "onto": _described(target), **info},
                _act.held(deliver, source.widget, target.widget))

    info, outcome, settled = await _act.perform(ctx, prepare, wait_for_idle, ACTION_TIMEOUT,
                                                through_nested=True)
    return Meta(_act.with_drop(info, outcome), settled=settled)


@method("chr.hover", changes=True, marks=True, tool=Tool(spoken="computer (hover)"))
@reports_changes()
async def hover(ctx: Context, ref: OptRef = None, coordinate: OptCoordinate = None,
                wait_for_idle: WaitForIdle = True) -> Meta[Action]:
    """Move the pointer over an element (tool tips, hover effects)."""
    _one_target(ref, coordinate)
    if coordinate is not None:
        return await _pointer.at_point(ctx, coordinate, qinput.window_move, wait_for_idle)
    assert ref is not None
    return await _by_ref(ctx, ref, lambda el: (actions.center(el), actions.hover(el)),
                         wait_for_idle)


@method("chr.type", changes=True, marks=True, tool=Tool(spoken="computer (type)"))
@reports_changes()
async def type_(
    ctx: Context,
    text: Text,
    ref: Annotated[str | None, P("element to type into (it gets the focus first); default: "
                                 "the focus widget", element=True)] = None,
    wait_for_idle: WaitForIdle = True,
) -> Meta[Action]:
    """Type text as key events into an element by ref, or into the focus widget.

    Each key goes to the widget focused at that key. A text field left focused must hold
    the text afterwards, else TEXT_NOT_TAKEN (data.expected, data.actual).
    """
    if ref is None:
        return await _pointer.type_focused(ctx, text, wait_for_idle)
    box: dict[str, Any] = {}

    def prepare() -> tuple[Any, Any]:
        el = _session.reachable(ctx, ref)
        if el.is_item:
            raise QtError("NOT_SUPPORTED", f"{el.ref} is an item; type into a text field",
                          ref=el.ref)
        qinput.check_interactable(el.widget)
        w = box["target"] = el.widget

        def run() -> None:
            qinput.focus(w)
            box["was"] = typed.before()
            qinput.type_text(w, text)
        return {**_described(el), "typed": len(text), **actions.unread(el)}, run

    info, _, settled = await _act.perform(ctx, prepare, wait_for_idle, ACTION_TIMEOUT)
    if settled and "was" in box:  # read back: the field holds what was typed
        await ctx.gui(lambda: typed.check(text, box["was"], box["target"]))
    return Meta(info, settled=settled)


@method("chr.key", changes=True, marks=True, tool=Tool(spoken="computer (key)"))
@reports_changes()
async def key(
    ctx: Context,
    text: Keys,
    repeat: Repeat = 1,
    ref: Annotated[str | None, P("element to focus first; default: the focus widget",
                                 element=True)] = None,
    wait_for_idle: WaitForIdle = True,
) -> Meta[Action]:
    """Press keys or shortcuts, on an element by ref or on the focus widget.

    Without a ref, keys go to an open menu or popup first (Escape closes it, arrows and
    Return choose), as a keyboard's do.
    """
    if ref is None:
        return await _pointer.press_focused(ctx, text, repeat, wait_for_idle)
    box: dict[str, Any] = {}

    def build(el: Element) -> tuple[dict[str, Any], Any]:
        strokes = qkeys.parse_keys(text)
        qinput.check_interactable(el.widget)
        w = box["target"] = el.widget
        # keys that only type characters are read back as typing is
        box["typed"] = "".join(s.text for s in strokes) * repeat if all(
            s.text.isprintable() and s.text and s.modifiers in _PLAIN for s in strokes) else ""

        def run() -> None:
            qinput.focus(w)
            box["was"] = typed.before()
            for _ in range(repeat):
                qinput.key(w, text)
        return {"keys": len(strokes) * repeat}, run

    out = await _by_ref(ctx, ref, build, wait_for_idle)
    if out.extra.get("settled") and box.get("typed") and "was" in box:
        await ctx.gui(lambda: typed.check(box["typed"], box["was"], box["target"]))
    return out


@method("chr.scroll", changes=True, marks=True, tool=Tool(spoken="computer (scroll)"))
@reports_changes()
async def scroll(
    ctx: Context,
    ref: OptRef = None,
    coordinate: OptCoordinate = None,
    scroll_direction: ScrollDirection = "down",
    scroll_amount: ScrollAmount = 3,
    modifiers: Modifiers = None,
    wait_for_idle: WaitForIdle = True,
) -> Meta[Action]:
    """Turn the mouse wheel over an element (or a point of the screenshot)."""
    _one_target(ref, coordinate)
    if coordinate is not None:
        return await _pointer.at_point(
            ctx, coordinate, _pointer.wheel(scroll_direction, scroll_amount, modifiers),
            wait_for_idle)
    assert ref is not None
    dx = {"left": -1, "right": 1}.get(scroll_direction, 0) * scroll_amount
    dy = {"up": -1, "down": 1}.get(scroll_direction, 0) * scroll_amount
    mods = _pointer.held(modifiers)
    return await _by_ref(ctx, ref, lambda el: ({"direction": scroll_direction},
                                               actions.scroll(el, dx, dy, mods)),
                         wait_for_idle)


@method("chr.scrollTo", changes=True, marks=True, tool=Tool(spoken="computer (scroll_to)"))
@reports_changes()
def scroll_to(ctx: Context, ref: Ref) -> Action:
    """Scroll the scroll areas around an element until it shows (scroll_to)."""
    el = _session.reachable(ctx, ref)
    moved = actions.scroll_into_view(el)
    return cast(Action, {**_described(el), "scrolled": moved, **actions.center(el)})


@method("chr.navigate", changes=True, marks=True, tool=Tool("navigate", "chrome"))
@reports_changes()
async def navigate_(
    ctx: Context,
    url: Annotated[str, P("where to go: a menu path 'File > Open', a tab's name, an "
                          "action's text or objectName, or 'back' / 'forward'", minLength=1)],
    tabId: TabId = None,
) -> Meta[Action]:
    """Go somewhere in the app: trigger a menu entry by path, open a tab, run an action.

    NAVIGATE_FAILED lists the menu paths, tabs and actions that exist.
    """

    def prepare() -> tuple[Any, Any]:
        window = wins.window_for(tabId, _session.ids(ctx))
        return navigate.navigate(window, url)

    info, _, settled = await _act.perform(ctx, prepare, True, ACTION_TIMEOUT)
    return Meta(info, settled=settled)


