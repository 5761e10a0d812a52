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
    """The window's whole text (no value is cut), cut at ``max_chars`` on a line boundary;
    when cut, ``truncated`` says so and ``note`` how to read the rest."""
    lines: list[str] = []
    _lines(walker_for(window, full_text=True).walk(), lines)
    text = "\n".join(lines)
    total = len(text)
    truncated = total > max_chars
    if truncated:
        cut = text.rfind("\n", 0, max_chars)
        text = text[: cut if cut > max_chars // 2 else max_chars]
    out: dict[str, Any] = {"title": title_of(window), "text": text,
                           "chars": len(text), "truncated": truncated}
    if truncated:
        out["totalChars"] = total
        out["note"] = (f"Cut at max_chars={max_chars}: {len(text)} of {total} characters "
                       f"shown. Call again with max_chars={total} for all of it, or "
                       "chr.readPage with ref_id (the ref of a text field or group) for "
                       "one part.")
    return out
