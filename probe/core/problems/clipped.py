"""Text cut off by its widget: a label or button narrower than its text needs."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

from probe.core.problems.scan import Problem, Scan

KIND = "text_cut"


def check(scan: Scan) -> list[Problem]:
    out = []
    for w, _ in scan.widgets:
        if QWidget.width(w) <= 0 or QWidget.height(w) <= 0:  # zero_size says it
            continue
        if isinstance(w, QLabel):
            if (QLabel.wordWrap(w) or not QLabel.text(w) or QLabel.hasScaledContents(w)
                    or QLabel.textFormat(w) == Qt.TextFormat.RichText):
                continue
            text = QLabel.text(w)
        elif isinstance(w, QAbstractButton):
            text = QAbstractButton.text(w)
            if not text:
                continue
        else:
            continue
        need = w.minimumSizeHint()  # virtual: the app's override counts
        if QWidget.width(w) < need.width() or QWidget.height(w) < need.height():
            out.append(Problem(KIND, w, f"text {text[:40]!r} needs {need.width()}x"
                               f"{need.height()} px, the widget is {QWidget.width(w)}x"
                               f"{QWidget.height(w)}",
                               "let the layout give it room (no fixed size), shorten the "
                               "text, or elide it with a tool tip"))
    return out
