"""Text cut off by its widget: a label or button narrower than its text needs."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

from probe.core import faults
from probe.core.problems.scan import Problem, Scan

KIND = "text_cut"


def check(scan: Scan) -> list[Problem]:
    return faults.each([w for w, _ in scan.widgets], _one)


def _one(w: QWidget) -> Problem | None:
    if QWidget.width(w) <= 0 or QWidget.height(w) <= 0:  # zero_size says it
        return None
    if isinstance(w, QLabel):
        if (QLabel.wordWrap(w) or not QLabel.text(w) or QLabel.hasScaledContents(w)
                or QLabel.textFormat(w) == Qt.TextFormat.RichText):
            return None
        text = QLabel.text(w)
    elif isinstance(w, QAbstractButton):
        text = QAbstractButton.text(w)
        if not text:
            return None
    else:
        return None
    need = w.minimumSizeHint()  # virtual: the app's override counts
    if QWidget.width(w) >= need.width() and QWidget.height(w) >= need.height():
        return None
    return Problem(KIND, w, f"text {text[:40]!r} needs {need.width()}x{need.height()} px, "
                   f"the widget is {QWidget.width(w)}x{QWidget.height(w)}",
                   "let the layout give it room (no fixed size), shorten the text, or "
                   "elide it with a tool tip")
