"""The text a window shows, from the same walk as chr.readPage: read as lines
(chr.getPageText) or searched for a phrase (chr.waitFor's ``text`` / ``textGone``).

Page text is the labels, titles, field values, button and item texts of a window, top to
bottom and left to right, as plain lines; menus and toolbars (the app's chrome, not its
content) are left out. A search is Playwright's: a case-insensitive match of a part of an
element's name or value (white space runs count as one space), in every open window and
popup unless one window is named. GUI thread.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtWidgets import QWidget

from probe.core import collector
from probe.core.a11y import popups
from probe.core.a11y import windows as wins
from probe.core.a11y.nodes import Node, unread_note
from probe.core.a11y.walk import walker_for

#: Roles whose name and value read as "Name: value".
FIELDS = frozenset({"textbox", "spinbutton", "combobox", "slider", "progressbar"})
SKIP = frozenset({"menubar", "toolbar", "tablist"})
_SPACE = re.compile(r"\s+")
#: Matching texts reported back (enough to tell which element matched).
SHOW = 3

def _lines(node: Node, out: list[str]) -> None:
    if node.role in SKIP:
        return
    if node.role in FIELDS:
        text = f"{node.name}: {node.value}" if node.name and node.value else \
            node.name or node.value
    else:
        text = "" if node.unshown else node.name  # an identifier: no text of the window
    if text and (not out or out[-1] != text):
        out.append(text)
    for child in node.children:
        _lines(child, out)


@collector.paused()  # as chr.readPage's read: a big window makes many objects at once
def page_text(window: QWidget, max_chars: int) -> dict[str, Any]:
    """The window's whole text (no value is cut), cut at ``max_chars`` on a line boundary;
    when cut, ``truncated`` says so and ``note`` how to read the rest."""
    lines: list[str] = []
    root = walker_for(window, full_text=True).walk()
    _lines(root, lines)
    unread = sum(1 for n in root.iter() if n.unread)
    text = "\n".join(lines)
    total = len(text)
    truncated = total > max_chars
    if truncated:
        cut = text.rfind("\n", 0, max_chars)
        text = text[: cut if cut > max_chars // 2 else max_chars]
    out: dict[str, Any] = {"title": wins.window_title(window), "text": text,
                           "chars": len(text), "truncated": truncated}
    notes = []
    if truncated:
        out["totalChars"] = total
        notes.append(f"Cut at max_chars={max_chars}: {len(text)} of {total} characters "
                     f"shown. Call again with max_chars={total} for all of it, or "
                     "chr.readPage with ref_id (the ref of a text field or group) for "
                     "one part.")
    if unread:
        out["unreadElements"] = unread
        notes.append(unread_note(unread))
    if notes:
        out["note"] = " ".join(notes)
    return out


# ---------------------------------------------------------------------- search


def normal(text: str) -> str:
    """``text`` as it is compared: case folded, white space runs as one space."""
    return _SPACE.sub(" ", text).strip().casefold()


def searched_windows(window: Any | None) -> list[Any]:
    """``window``, or every window, dialog and open popup (a menu, a combo box's list)."""
    if window is not None:
        return [window]
    return [*wins.windows(), *popups.open_popups()]


def shown_texts(windows: list[Any]) -> list[tuple[str, str]]:
    """Every name and value shown in ``windows`` in walk order, each with its
    :func:`normal` form: what a search looks in (one scan serves many searches)."""
    out: list[tuple[str, str]] = []
    for window in windows:
        for node in walker_for(window).walk().iter():
            out += [(shown, normal(shown)) for shown in (node.name, node.value) if shown]
    return out


def matches(text: str, shown: list[tuple[str, str]]) -> list[str]:
    """The texts of ``shown`` (up to ``SHOW``) that contain ``text`` (no Qt: any thread)."""
    wanted = normal(text)
    found: list[str] = []
    for item, norm in shown:
        if wanted in norm:
            found.append(item)
            if len(found) >= SHOW:
                break
    return found
