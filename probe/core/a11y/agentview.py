"""The page as another session sees it: that session's refs, read without touching them.

An inspector shows what an agent sees. Refs are per session, so the inspector's own
chr.readPage would number elements its own way; here the walk is the same as
chr.readPage's but each element gets the ref the *agent's* ref table already gave it (none
if the agent never saw it), and nothing is issued, reset or retired in the agent's tables.
Node ``id`` fields stay in the reading session's ``#N`` ids, so the inspector can select
the objects behind them. GUI thread.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

from probe.core.a11y.identity import RefTable
from probe.core.a11y.nodes import Node
from probe.core.a11y.snapshot import Reader, render
from probe.core.a11y.windows import windows
from probe.core.errors import QtError
from probe.core.objects import idtable


class PeekReader(Reader):
    """A Reader whose refs are looked up in another session's tables, never issued."""

    def __init__(self, window: QWidget, ids: idtable.IdTable, their_refs: RefTable,
                 their_ids: idtable.IdTable) -> None:
        super().__init__(window, their_refs, ids)
        self.their_ids = their_ids

    def issue(self, node: Node) -> str:
        owner = self.their_ids.peek(node.owner)
        if owner is None:  # the agent never met this widget: it has no ref for it
            return ""
        return self.refs.existing(self.locator(node, owner)) or ""


def peek_page(window: QWidget, ids: idtable.IdTable, their_refs: RefTable,
              their_ids: idtable.IdTable, *, interactive: bool, depth: int,
              max_chars: int) -> dict[str, Any]:
    """``window`` as chr.readPage (format json) shows it, with the other session's refs."""
    reader = PeekReader(window, ids, their_refs, their_ids)
    return render(reader, None, interactive=interactive, depth=depth, max_chars=max_chars,
                  fmt="json")


def window_of_last_read(their_refs: RefTable, their_ids: idtable.IdTable) -> QWidget | None:
    """The window the other session read last, while it is still shown."""
    last = their_refs.last_read
    if last is None:
        return None
    try:
        window = their_ids.get(last.window)
    except QtError:  # closed since: the caller takes the active window
        return None
    return window if window in windows() else None  # pyright: ignore[reportReturnType]  # in windows(): a window
