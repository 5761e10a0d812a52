"""Visible controls a user cannot see: zero width or height, or outside their window."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractScrollArea, QLabel, QWidget

from probe.core import faults
from probe.core.problems.scan import Memo, Problem, Scan, ancestor_is

ZERO = "zero_size"
OUTSIDE = "outside_window"


def _scrolled(w: QWidget, win: QWidget, memo: Memo) -> bool:
    return ancestor_is(w, lambda p: isinstance(p, QAbstractScrollArea),
                       lambda p: p is win, memo)


def check(scan: Scan) -> list[Problem]:
    shown = scan.controls + [(w, win) for w, win in scan.widgets
                             if isinstance(w, QLabel) and QLabel.text(w)]
    memo: Memo = {}
    return faults.each(shown, lambda pair: _one(pair, memo), lambda pair: pair[0])


def _one(pair: tuple[QWidget, QWidget], memo: Memo) -> Problem | None:
    w, win = pair
    width, height = QWidget.width(w), QWidget.height(w)
    if width <= 0 or height <= 0:
        return Problem(ZERO, w, f"visible but {width}x{height} px",
                       "put it in a layout or give it a size; hide() it if it should not "
                       "show")
    top_left = QWidget.mapTo(w, win, QPoint(0, 0))
    rect = QRect(top_left.x(), top_left.y(), width, height)
    if QWidget.rect(win).intersects(rect) or _scrolled(w, win, memo):
        return None
    return Problem(OUTSIDE, w, f"at {rect.x()},{rect.y()} {width}x{height}, outside its "
                   f"{QWidget.width(win)}x{QWidget.height(win)} window",
                   "move it into the window (a layout places it)")
