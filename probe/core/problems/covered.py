"""Controls under another widget: a click on their middle lands on something else."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from probe.core import faults
from probe.core.problems.scan import Problem, Scan

KIND = "covered"


def _within(w: QWidget | None, ancestor: QWidget) -> bool:
    while w is not None:
        if w is ancestor:
            return True
        w = QWidget.parentWidget(w)
    return False


def _clipped(w: QWidget, win: QWidget) -> bool:
    """Whether the middle of ``w`` is cut away by an ancestor (scrolled out of view)."""
    middle = QWidget.rect(w).center()
    parent = QWidget.parentWidget(w)
    while parent is not None and parent is not win:
        if not QWidget.rect(parent).contains(QWidget.mapTo(w, parent, middle)):
            return True
        parent = QWidget.parentWidget(parent)
    return False


def check(scan: Scan) -> list[Problem]:
    return faults.each(scan.controls, _one, lambda pair: pair[0])


def _one(pair: tuple[QWidget, QWidget]) -> Problem | None:
    w, win = pair
    if QWidget.width(w) <= 0 or QWidget.height(w) <= 0:
        return None
    middle = QWidget.mapTo(w, win, QWidget.rect(w).center())
    hit = QWidget.childAt(win, middle)
    if hit is None or _within(hit, w) or _within(w, hit) or _clipped(w, win):
        return None
    name = QWidget.objectName(hit)
    return Problem(KIND, w, f"its middle is covered by {type(hit).__name__}"
                   + (f" {name!r}" if name else ""),
                   "move one of them, or lower the cover (stackUnder, a layout)",
                   {"coveredBy": hit})

