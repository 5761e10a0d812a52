"""Controls without an accessible name: a screen reader (and an agent) says only "button"."""

from __future__ import annotations

from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QAbstractItemView, QWidget

from probe.core import faults
from probe.core.problems.scan import Problem, Scan

KIND = "unnamed_control"


def check(scan: Scan) -> list[Problem]:
    return faults.each([w for w, _ in scan.controls], _one)


def _one(w: QWidget) -> Problem | None:
    if isinstance(w, QAbstractItemView):  # a container: its cells carry the names
        return None
    iface = QAccessible.queryAccessibleInterface(w)
    if iface is None or not iface.isValid():
        return None
    if iface.text(QAccessible.Text.Name).strip():
        return None
    return Problem(KIND, w, f"{type(w).__name__} has no accessible name",
                   "give it text, a label with setBuddy(), or setAccessibleName()")
