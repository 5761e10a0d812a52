"""Controls without an accessible name: a screen reader says only "button". An agent may
still see a name (readPage falls back on a label beside the control, its placeholder or
its tool tip): the problem then says which, so both answers agree on what the agent sees."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QAbstractItemView, QWidget

from probe.core import faults
from probe.core.a11y.walk import walker_for
from probe.core.problems.scan import Problem, Scan

KIND = "unnamed_control"


def check(scan: Scan) -> list[Problem]:
    walkers: dict[int, Any] = {}  # id(window) -> its walker (scan holds the windows)
    return faults.each(scan.controls, lambda pair: _one(pair[0], pair[1], walkers),
                       lambda pair: pair[0])


def _one(w: QWidget, window: QWidget, walkers: dict[int, Any]) -> Problem | None:
    if isinstance(w, QAbstractItemView):  # a container: its cells carry the names
        return None
    iface = QAccessible.queryAccessibleInterface(w)
    if iface is None or not iface.isValid():
        return None
    if iface.text(QAccessible.Text.Name).strip():
        return None
    what = type(w).__name__
    hint = "give it text, a label with setBuddy(), or setAccessibleName()"
    shown = _shown_name(w, window, walkers)
    if shown:
        return Problem(KIND, w, f"{what} has no accessible name (a screen reader says only "
                       f"its role); agents see it as {shown!r}, from its label, placeholder "
                       "or tool tip", hint, {"shownAs": shown})
    return Problem(KIND, w, f"{what} has no accessible name", hint)


def _shown_name(w: QWidget, window: QWidget, walkers: dict[int, Any]) -> str:
    """The name readPage gives ``w`` (what a read of its ref says)."""
    walker = walkers.get(id(window))
    if walker is None:
        walker = walkers[id(window)] = walker_for(window, full_text=True)
    nodes = walker.subtree(w)
    return str(nodes[0].name) if nodes else ""
