"""chr.*: drive the app the way the Claude in Chrome tools drive a browser tab.

An accessibility tree with refs (``chr.readPage``, ``chr.find``), form input by ref,
clicks, keys and scrolling by ref (or by screenshot coordinate, through cu.*), the
window's text, its windows as tabs, navigation by menu path or tab, and the console.
Parameter names and defaults follow the browser tools (shared/CHROME_TOOLS.md); a
"tab" is a top-level window, ``tabId`` its ``#N`` (default: the active window).

Every action answers with ``changes``: what it changed on the page since the session last
read it (``_changes``); chr.fillForm and chr.batch (``chrome_steps``) run several actions
in one call, chr.waitFor (``chrome_wait``) waits for a text to show or go.

The console capture is installed when this module is imported, which
``probe.install()`` does as the probe starts (nothing else imports ``probe.api``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import probe
from probe.api import _interact as act
from probe.api._changes import remember, reports_changes
from probe.api.computer_tool import _call as call_method
from probe.core.a11y import actions, form, navigate, pagetext, refs, snapshot
from probe.core.a11y import windows as wins
from probe.core.data import console
from probe.core.errors import QtError
from probe.core.input import keys as qkeys
from probe.core.input import simulate as qinput
from probe.core.objects import idtable
from probe.protocol import RpcError
from probe.server.context import Context, Meta
from probe.server.registry import P, method
from probe.server.sessions import TOPICS

TOPICS["console"] = ("the app's console (Qt messages, logging, stdout/stderr, exceptions) "
                     "as chr.console notifications, in batches")

TabId = Annotated[str | None, P("window to use: tabId (#N) from chr.tabsContext, objectName "
                                "or title; default: the active window")]
Ref = Annotated[str, P("element ref from chr.readPage or chr.find, e.g. ref_12")]
OptRef = Annotated[str | None, P("element ref from chr.readPage / chr.find; or give "
                                 "coordinate")]
OptCoordinate = Annotated[list[int] | None, P("[x, y] in pixels of the latest screenshot; "
                                              "or give ref", minItems=2, maxItems=2)]
Modifiers = Annotated[str | None, P("keys held: ctrl, shift, alt, meta joined with + "
                                    "(e.g. 'ctrl+shift')")]
WaitForIdle = Annotated[bool, P("return only after the events the action caused have run")]

#: Seconds between the first console message and the notification that carries it.
CONSOLE_BATCH_DELAY = 0.05
#: Messages per chr.console notification.
CONSOLE_BATCH_SIZE = 500
ACTION_TIMEOUT = 5.0


def _ids(ctx: Context) -> idtable.IdTable:
    return idtable.ids_for(ctx.state)


def _refs(ctx: Context) -> refs.RefTable:
    return refs.refs_for(ctx.state)


def _element(ctx: Context, ref: str) -> refs.Element:
    """The live element of a ref that a user could act on now (else the error says why)."""
    el = _refs(ctx).resolve(ref, _ids(ctx))
    actions.check_reach(el, _ids(ctx))
    return el


def _target(ref: str | None, coordinate: list[int] | None) -> None:
    if (ref is None) == (coordinate is None):
        raise RpcError("INVALID_PARAMS", "give either 'ref' (from chr.readPage / chr.find) "
                       "or 'coordinate' [x, y], not both and not neither",
                       received={"ref": ref, "coordinate": coordinate})


def _mods(modifiers: str | None) -> list[str]:
    return [m for m in (modifiers or "").replace(" ", "+").split("+") if m]


def _described(el: refs.Element) -> dict[str, Any]:
    return {"ref": el.ref, "role": el.locator.role, "name": el.locator.name}


# ------------------------------------------------------------------------- reading


@method("chr.readPage")
def read_page(
    ctx: Context,
    filter: Annotated[Literal["all", "interactive"], P(
        "'interactive': only elements an agent acts on (and the groups around them)")] = "all",
    depth: Annotated[int, P("levels of the tree to show", minimum=1, maximum=100)] = 15,
    ref_id: Annotated[str | None, P("only the subtree of this ref (keeps the current refs)")
                      ] = None,
    max_chars: Annotated[int, P("longest output; the tree is cut cleanly past it",
                                minimum=200)] = 50_000,
    format: Annotated[Literal["text", "json"], P(
        "'text': one line per element, e.g. button \"Submit\" [ref_7] (few tokens); "
        "'json': nested nodes with bounds, states and the Qt objectName, className, id")
    ] = "text",
    tabId: TabId = None,
) -> dict[str, Any]:
    """The window's accessibility tree with refs for the elements to act on; a ref names
    one element for the whole session.

    Like the browser's read_page: roles, names, values and states (focused, disabled,
    checked, expanded, selected, readonly, …) of the visible elements, in reading order;
    custom widgets a user can click appear as ``generic … clickable``. A later read gives
    an element the same ref, never another element's; use refs with chr.click,
    chr.formInput, chr.type. The viewport is the window's size. Its open menus and popups
    (a context menu, a combo box's list, a completer) come last, as ``menu`` / ``listbox``
    with their entries. A whole-window read is what the next actions report their
    ``changes`` against.
    """
    ids = _ids(ctx)
    table = _refs(ctx)
    element = None
    if ref_id is not None:
        element = table.resolve(ref_id, ids)
        window = wins.toplevel_of(element.widget)
    else:
        window = wins.window_for(tabId, ids)
    seen: list[snapshot.Record] = []
    out = snapshot.read_page(window, table, ids, interactive=filter == "interactive",
                             depth=depth, element=element, max_chars=max_chars, fmt=format,
                             seen=seen)
    if seen:  # a whole window: what later actions report their changes against
        remember(ctx.state, window, seen)
    return out


@method("chr.find")
def find(
    ctx: Context,
    query: Annotated[str, P("what to look for: words of a name, a role, a label, a tool tip, "
                            "an objectName or class (e.g. 'submit button', 'email')",
                            minLength=1)],
    tabId: TabId = None,
) -> dict[str, Any]:
    """Find elements by name, role, label, tool tip, objectName or class; up to 20, with refs.

    Case-insensitive; exact matches rank before prefixes, prefixes before substrings.
    The refs join those of the latest chr.readPage and stay usable.
    """
    ids = _ids(ctx)
    return snapshot.find(wins.window_for(tabId, ids), _refs(ctx), ids, query)


@method("chr.getPageText")
def get_page_text(
    ctx: Context,
    max_chars: Annotated[int, P("longest text returned", minimum=100)] = 50_000,
    tabId: TabId = None,
) -> dict[str, Any]:
    """All visible text of the window in reading order (labels, values, titles, items)."""
    return pagetext.page_text(wins.window_for(tabId, _ids(ctx)), max_chars)


@method("chr.tabsContext")
def tabs_context(ctx: Context) -> dict[str, Any]:
    """The app's windows and dialogs as tabs (tabId, title, kind, size); the active one marked.

    An open menu, context menu, combo box list or completer is a tab too (kind 'menu' or
    'popup', ``owner`` the tabId of its window): chr.readPage of either shows its entries.
    """
    ids = _ids(ctx)
    active = wins.active_window()
    tabs = wins.tabs(ids, active)
    return {"tabs": tabs, "activeTabId": ids.id_of(active) if active is not None else None}


# ------------------------------------------------------------------------- acting


@method("chr.formInput", changes=True, marks=True)
@reports_changes()
async def form_input(
    ctx: Context,
    ref: Ref,
    value: Annotated[str | bool | int | float, P(
        "text for a text field; a number for a spin box, slider or dial; true/false for a "
        "check box or radio; an option's text for a combo box; a tab's name for a tab bar",
        maxLength=qinput.MAX_TYPED)],
) -> Any:
    """Set a form control's value by ref; the app's own signals fire as if a user did it."""

    def prepare() -> tuple[Any, Any]:
        el = _element(ctx, ref)
        return _described(el), lambda: form.set_value(el, value)

    info, result, settled = await act.perform(ctx, prepare, True, ACTION_TIMEOUT)
    return Meta(act.lift_modal(info, result), settled=settled)


async def _act(ctx: Context, ref: str, build: Any, wait_for_idle: bool = True) -> Meta:
    """Resolve the ref and validate on the GUI thread, deliver as its own job, settle."""

    def prepare() -> tuple[Any, Any]:
        el = _element(ctx, ref)
        info, deliver = build(el)
        return {**_described(el), **info}, deliver

    info, _, settled = await act.perform(ctx, prepare, wait_for_idle, ACTION_TIMEOUT)
    return Meta(info, settled=settled)


@method("chr.click", changes=True, marks=True)
@reports_changes()
async def click(
    ctx: Context,
    ref: OptRef = None,
    coordinate: OptCoordinate = None,
    button: Annotated[Literal["left", "right", "middle"], P("mouse button")] = "left",
    clickCount: Annotated[int, P("2 = double click, 3 = triple click", minimum=1,
                                 maximum=3)] = 1,
    modifiers: Modifiers = None,
    wait_for_idle: WaitForIdle = True,
) -> Any:
    """Click an element by ref (or a point of the screenshot).

    A widget gets a real click at its centre; an item (tab) with a press action is pressed
    through it, other items are clicked at their centre. A menu entry is clicked as a user
    does (its action runs, the menus close; a submenu entry opens the submenu). button
    'right' is a user's right click (press, release, context menu). A click that opens a
    modal dialog or a menu returns at once: ``modal`` in the result names it (kind, title,
    tabId); read it with chr.readPage tabId and click its buttons by ref.
    """
    _target(ref, coordinate)
    mods = _mods(modifiers)
    if coordinate is not None:
        name = {("left", 1): "cu.leftClick", ("left", 2): "cu.doubleClick",
                ("left", 3): "cu.tripleClick", ("right", 1): "cu.rightClick",
                ("middle", 1): "cu.middleClick"}.get((button, clickCount))
        if name is None:
            raise RpcError("INVALID_PARAMS", f"a {button} click with clickCount {clickCount} "
                           "needs a ref", button=button, clickCount=clickCount)
        return await call_method(ctx, name, {"coordinate": coordinate, "text": modifiers,
                                             "wait_for_idle": wait_for_idle})
    assert ref is not None

    def build(el: refs.Element) -> tuple[dict[str, Any], Any]:
        how, deliver = actions.click(el, button, clickCount, mods)
        return {"via": how, **actions.center(el)}, deliver

    return await _act(ctx, ref, build, wait_for_idle)


@method("chr.hover", changes=True, marks=True)
@reports_changes()
async def hover(ctx: Context, ref: OptRef = None, coordinate: OptCoordinate = None,
                wait_for_idle: WaitForIdle = True) -> Any:
    """Move the pointer over an element (tool tips, hover effects)."""
    _target(ref, coordinate)
    if coordinate is not None:
        return await call_method(ctx, "cu.mouseMove", {"coordinate": coordinate,
                                                       "wait_for_idle": wait_for_idle})
    assert ref is not None
    return await _act(ctx, ref, lambda el: (actions.center(el), actions.hover(el)),
                      wait_for_idle)


@method("chr.type", changes=True, marks=True)
@reports_changes()
async def type_(
    ctx: Context,
    text: Annotated[str, P("text to type, as key presses", maxLength=qinput.MAX_TYPED)],
    ref: Annotated[str | None, P("element to type into (it gets the focus first); default: "
                                 "the focus widget")] = None,
    wait_for_idle: WaitForIdle = True,
) -> Any:
    """Type text as key events into an element by ref, or into the focus widget."""
    if ref is None:
        return await call_method(ctx, "cu.type", {"text": text, "wait_for_idle": wait_for_idle})

    def build(el: refs.Element) -> tuple[dict[str, Any], Any]:
        if el.is_item:
            raise QtError("NOT_SUPPORTED", f"{el.ref} is an item; type into a text field",
                          ref=el.ref)
        qinput.check_interactable(el.widget)
        w = el.widget
        return {"typed": len(text)}, lambda: qinput.type_text(w, text)

    return await _act(ctx, ref, build, wait_for_idle)


@method("chr.key", changes=True, marks=True)
@reports_changes()
async def key(
    ctx: Context,
    text: Annotated[str, P("keys, space-separated: 'Return', 'ctrl+a Delete', 'Tab Tab'")],
    repeat: Annotated[int, P("times to press them", minimum=1, maximum=100)] = 1,
    ref: Annotated[str | None, P("element to focus first; default: the focus widget")
                   ] = None,
    wait_for_idle: WaitForIdle = True,
) -> Any:
    """Press keys or shortcuts, on an element by ref or on the focus widget.

    Without a ref, keys go to an open menu or popup first (Escape closes it, arrows and
    Return choose), as a keyboard's do.
    """
    if ref is None:
        return await call_method(ctx, "cu.key", {"text": text, "repeat": repeat,
                                                 "wait_for_idle": wait_for_idle})

    def build(el: refs.Element) -> tuple[dict[str, Any], Any]:
        strokes = qkeys.parse_keys(text)
        qinput.check_interactable(el.widget)
        w = el.widget

        def run() -> None:
            for _ in range(repeat):
                qinput.key(w, text)
        return {"keys": len(strokes) * repeat}, run

    return await _act(ctx, ref, build, wait_for_idle)


@method("chr.scroll", changes=True, marks=True)
@reports_changes()
async def scroll(
    ctx: Context,
    ref: OptRef = None,
    coordinate: OptCoordinate = None,
    scroll_direction: Annotated[Literal["up", "down", "left", "right"], P("which way")
                                ] = "down",
    scroll_amount: Annotated[int, P("wheel notches", minimum=1, maximum=10)] = 3,
    modifiers: Modifiers = None,
    wait_for_idle: WaitForIdle = True,
) -> Any:
    """Turn the mouse wheel over an element (or a point of the screenshot)."""
    _target(ref, coordinate)
    if coordinate is not None:
        return await call_method(ctx, "cu.scroll", {
            "coordinate": coordinate, "scroll_direction": scroll_direction,
            "scroll_amount": scroll_amount, "text": modifiers, "wait_for_idle": wait_for_idle})
    assert ref is not None
    dx = {"left": -1, "right": 1}.get(scroll_direction, 0) * scroll_amount
    dy = {"up": -1, "down": 1}.get(scroll_direction, 0) * scroll_amount
    mods = _mods(modifiers)
    return await _act(ctx, ref, lambda el: ({"direction": scroll_direction},
                                            actions.scroll(el, dx, dy, mods)), wait_for_idle)


@method("chr.scrollTo", changes=True, marks=True)
@reports_changes()
def scroll_to(ctx: Context, ref: Ref) -> dict[str, Any]:
    """Scroll the scroll areas around an element until it shows (scroll_to)."""
    el = _element(ctx, ref)
    moved = actions.scroll_into_view(el)
    return {**_described(el), "scrolled": moved, **actions.center(el)}


@method("chr.navigate", changes=True, marks=True)
@reports_changes()
async def navigate_(
    ctx: Context,
    url: Annotated[str, P("where to go: a menu path 'File > Open', a tab's name, an "
                          "action's text or objectName, or 'back' / 'forward'", minLength=1)],
    tabId: TabId = None,
) -> Any:
    """Go somewhere in the app: trigger a menu entry by path, open a tab, run an action.

    NAVIGATE_FAILED lists the menu paths, tabs and actions that exist.
    """

    def prepare() -> tuple[Any, Any]:
        window = wins.window_for(tabId, _ids(ctx))
        return navigate.navigate(window, url)

    info, _, settled = await act.perform(ctx, prepare, True, ACTION_TIMEOUT)
    return Meta(info, settled=settled)


# ------------------------------------------------------------------------- console


@method("chr.readConsoleMessages", gui=False)
def read_console_messages(
    pattern: Annotated[str | None, P("regular expression the text (or source) must match, "
                                     "case-insensitive; give one to keep the answer short")
                       ] = None,
    onlyErrors: Annotated[bool, P("only error and critical messages (exceptions too)")
                          ] = False,
    clear: Annotated[bool, P("empty the buffer after reading")] = False,
    limit: Annotated[int, P("latest messages returned", minimum=1, maximum=5000)] = 100,
) -> dict[str, Any]:
    """The app's console: Qt messages, logging, stdout/stderr and uncaught exceptions.

    Each message has seq, ts, level (debug, info, warning, error, critical), source (qt,
    logging, stdout, stderr, exception) and text; ``dropped`` counts messages the
    bounded buffer lost. Subscribe to topic 'console' for chr.console notifications.
    """
    try:
        regex = console.compile_pattern(pattern)
    except ValueError as exc:
        raise RpcError("INVALID_PARAMS", str(exc), received={"pattern": pattern},
                       hint="pattern is a Python regular expression, e.g. 'error|warn'; "
                            "escape special characters such as ( [ * with a backslash."
                       ) from None
    return console.CONSOLE.read(regex, onlyErrors, limit, clear)


def _wake() -> None:
    """First console message since the last batch (any thread): flush a batch soon."""
    current = probe.installed()
    if current is None:
        console.CONSOLE.take_pending()  # no probe yet: nobody to tell, re-arm
        return
    loop = current.hub.loop
    try:
        loop.call_soon_threadsafe(loop.call_later, CONSOLE_BATCH_DELAY, _flush, current)
    except RuntimeError:  # loop closed: the probe is stopping
        console.CONSOLE.take_pending()


def _flush(current: Any) -> None:
    """Send what arrived since the last batch to the 'console' subscribers (loop thread)."""
    batch, dropped = console.CONSOLE.take_pending()
    if not current.hub.subscribers("console"):
        return
    for start in range(0, len(batch), CONSOLE_BATCH_SIZE):
        part = batch[start:start + CONSOLE_BATCH_SIZE]
        current.hub.publish("console", "chr.console",
                            {"messages": part, "dropped": dropped if start == 0 else 0})
    if not batch and dropped:
        current.hub.publish("console", "chr.console", {"messages": [], "dropped": dropped})


console.install()
console.CONSOLE.set_wake(_wake)
