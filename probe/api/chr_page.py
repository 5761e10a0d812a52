"""chr.readPage, chr.find, chr.getPageText, chr.tabsContext: the app as a browser agent reads
a page.

An accessibility tree with refs, the window's text, and its windows as tabs, like the
Claude in Chrome tools (parameter names and defaults follow shared/CHROME_TOOLS.md); a
"tab" is a top-level window, ``tabId`` its ``#N`` (default: the active window).
"""

from __future__ import annotations

import os
import sys
from typing import Annotated, Any, Literal, cast

from PySide6.QtCore import QCoreApplication

from probe.api import _session
from probe.api._changes import remember
from probe.api._params import PageFilter, TabId
from probe.core.a11y import pagetext, snapshot
from probe.core.a11y import windows as wins
from probe.core.a11y.identity import sources
from probe.discovery import app_label
from probe.server.context import Context
from probe.server.registry import P, Tool, method
from probe.wire.chr_page import Found, Page, PageText, Tabs


@method("chr.readPage", tool=Tool("read_page", "chrome", heavy=True))
def read_page(
    ctx: Context,
    filter: PageFilter = "all",
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
    source: Annotated[bool, P("also 'sources': ref -> file:line of the code that made each "
                              "element (qt.objects.inspect gives its whole stack)")] = False,
) -> Page:
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
    ids = _session.ids(ctx)
    table = _session.ref_table(ctx)
    element = None
    if ref_id is not None:
        element = table.element_of(ref_id, ids)
        window = wins.toplevel_of(element.widget)
    else:
        window = wins.window_for(tabId, ids)
    seen: list[snapshot.Record] = []
    out = snapshot.read_page(window, table, ids, interactive=filter == "interactive",
                             depth=depth, element=element, max_chars=max_chars, fmt=format,
                             seen=seen)
    if seen:  # a whole window: what later actions report their changes against
        remember(ctx.state, window, seen)
    if source:
        out["sources"] = sources(out, table, ids)
    return cast(Page, out)


@method("chr.find", tool=Tool("find", "chrome"))
def find(
    ctx: Context,
    query: Annotated[str, P("what to look for: words of a name, a role, a label, a tool tip, "
                            "an objectName or class (e.g. 'submit button', 'email')",
                            minLength=1)],
    tabId: TabId = None,
    source: Annotated[bool, P("also 'sources': ref -> file:line of the code that made "
                              "each match")] = False,
) -> Found:
    """Find elements by name, role, label, tool tip, objectName or class; up to 20, with refs.

    Case-insensitive; exact matches rank before prefixes, prefixes before substrings.
    The refs join those of the latest chr.readPage and stay usable.
    """
    ids = _session.ids(ctx)
    table = _session.ref_table(ctx)
    out = snapshot.find(wins.window_for(tabId, ids), table, ids, query)
    if source:
        out["sources"] = sources(out, table, ids)
    return cast(Found, out)


@method("chr.getPageText", tool=Tool("get_page_text", "chrome", heavy=True))
def get_page_text(
    ctx: Context,
    max_chars: Annotated[int, P("longest text returned", minimum=100)] = 50_000,
    tabId: TabId = None,
) -> PageText:
    """All visible text of the window in reading order (labels, values, titles, items)."""
    return cast(PageText, pagetext.page_text(wins.window_for(tabId, _session.ids(ctx)), max_chars))


@method("chr.tabsContext", tool=Tool("tabs_context", "chrome"))
def tabs_context(ctx: Context) -> Tabs:
    """The app (name, pid) and its windows and dialogs as tabs (tabId, title, kind, size);
    the active one marked.

    An open menu, context menu, combo box list or completer is a tab too (kind 'menu' or
    'popup', ``owner`` the tabId of its window): chr.readPage of either shows its entries.
    """
    ids = _session.ids(ctx)
    active = wins.active_window()
    tabs = wins.tabs(ids, active)
    return cast(Tabs, {"app": this_app(), "tabs": tabs,
            "activeTabId": ids.id_of(active) if active is not None else None})


def this_app() -> dict[str, Any]:
    """Which app these tabs are: its name as a user says it, and its process id."""
    app = QCoreApplication.instance()
    name = QCoreApplication.applicationName() if app is not None else ""
    return {"name": app_label(name, list(sys.argv)), "pid": os.getpid()}
