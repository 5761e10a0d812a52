"""Visible controls a user cannot see: zero width or height, or outside their window."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractScrollArea, QLabel, QWidget

from probe.core import faults
from probe.core.problems.scan import Problem, Scan

ZERO = "zero_size"
OUTSIDE = "outside_window"


def _scrolled(w: QWidget, win: QWidget) -> bool:
    parent = QWidget.parentWidget(w)
    while parent is not None and parent is not win:
        if isinstance(parent, QAbstractScrollArea):
            return True
        parent = QWidget.parentWidget(parent)
    return False


def check(scan: Scan) -> list[Problem]:
    shown = scan.controls + [(w, win) for w, win in scan.widgets
                             if isinstance(w, QLabel) and QLabel.text(w)]
    return faults.each(shown, _one, lambda pair: pair[0])


def _one(pair: tuple[QWidget, QWidget]) -> Problem | None:
    w, win = pair
    width, height = QWidget.width(w), QWidget.height(w)
    if width <= 0 or height <= 0:
        return Problem(ZERO, w, f"visible but {width}x{height} px",
                       "put it in a layout or give it a size; hide() it if it should not "
                       "show")
    top_left = QWidget.mapTo(w, win, QPoint(0, 0))
    rect = QRect(top_left.x(), top_left.y(), width, height)
    if QWidget.rect(win).intersects(rect) or _scrolled(w, win):
        return None
    return Problem(OUTSIDE, w, f"at {rect.x()},{rect.y()} {width}x{height}, outside its "
                   f"{QWidget.width(win)}x{QWidget.height(win)} window",
                   "move it into the window (a layout places it)")
