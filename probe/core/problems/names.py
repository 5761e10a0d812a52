"""Controls without an accessible name: a screen reader (and an agent) says only "button"."""

from __future__ import annotations

from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QAbstractItemView

from probe.core.problems.scan import Problem, Scan

KIND = "unnamed_control"


def check(scan: Scan) -> list[Problem]:
    out = []
    for w, _ in scan.controls:
        if isinstance(w, QAbstractItemView):  # a container: its cells carry the names
            continue
        iface = QAccessible.queryAccessibleInterface(w)
        if iface is None or not iface.isValid():
            continue
        if not iface.text(QAccessible.Text.Name).strip():
            out.append(Problem(KIND, w, f"{type(w).__name__} has no accessible name",
                               "give it text, a label with setBuddy(), or "
                               "setAccessibleName()"))
    return out
