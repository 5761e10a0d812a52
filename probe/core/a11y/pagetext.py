"""chr.getPageText: the visible text of a window in reading order, as plain lines.

Built from the same walk as chr.readPage: labels, titles, field values, button and item
texts, top to bottom and left to right; menus and toolbars (the app's chrome, not its
content) are left out. GUI thread.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from probe.core.a11y.walk import walker_for
from probe.core.a11y.walker import Node
from probe.core.a11y.windows import title_of

#: Roles whose name and value read as "Name: value".
FIELDS = frozenset({"textbox", "spinbutton", "combobox", "slider", "progressbar"})
SKIP = frozenset({"menubar", "toolbar", "tablist"})


def _lines(node: Node, out: list[str]) -> None:
    if node.role in SKIP:
        return
    if node.role in FIELDS:
        text = f"{node.name}: {node.value}" if node.name and node.value else \
            node.name or node.value
    else:
        text = node.name
    if text and (not out or out[-1] != text):
        out.append(text)
    for child in node.children:
        _lines(child, out)


def page_text(window: QWidget, max_chars: int) -> dict[str, Any]:
    """The window's text; cut at ``max_chars`` on a line boundary, saying so."""
    lines: list[str] = []
    _lines(walker_for(window).walk(), lines)
    text = "\n".join(lines)
    truncated = len(text) > max_chars
    if truncated:
        cut = text.rfind("\n", 0, max_chars)
        text = text[: cut if cut > 0 else max_chars]
    out: dict[str, Any] = {"title": title_of(window), "text": text,
                           "chars": len(text), "truncated": truncated}
    if truncated:
        out["note"] = (f"Cut at max_chars={max_chars}; chr.readPage with ref_id reads one "
                       "part of the window.")
    return out
