"""The layout overlay drawn over the live picture: the chosen widget's layout (margins
shaded, the gaps between cells shaded, cells outlined, the widget's own cell stronger;
the widget itself keeps the live view's selection outline), the window's
tab order as numbered stops joined by arrows, and the layout problems outlined in red —
the colours of a browser's box model (margin orange, the gaps between cells green).

Rectangles come in window coordinates; ``to_view`` maps them to the frame view's pixels
(the frame's scale, the zoom and where the picture sits in the view).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from inspector.models.layout import Box, LayoutOverlay

MARGIN_COLOUR = QColor(246, 178, 107, 110)
SPACING_COLOUR = QColor(147, 196, 125, 110)
LAYOUT_COLOUR = QColor("#8e24aa")
#: not the live view's selection blue: the chosen widget's outline stays its own
CELL_COLOUR = QColor("#d81b60")
TAB_COLOUR = QColor("#00897b")
PROBLEM_COLOUR = QColor("#e53935")
#: The badges' text height in pixels (tab stop numbers, problem kinds).
BADGE_PX = 10
#: Tab stops drawn at most (a window with hundreds of fields would be a blot).
MAX_STOPS = 60

ToView = Callable[[Box], QRectF]


def _path(r: QRectF) -> QPainterPath:
    path = QPainterPath()
    path.addRect(r)
    return path


def paint(p: QPainter, overlay: LayoutOverlay, to_view: ToView, *, layout: bool = True,
          tab_order: bool = True, problems: bool = True) -> None:
    """Draw ``overlay`` with ``p`` (antialiased, over the picture)."""
    p.save()
    if layout:
        _layout(p, overlay, to_view)
    if problems:
        _problems(p, overlay, to_view)
    if tab_order:
        _tab_order(p, overlay, to_view)
    p.restore()


def _layout(p: QPainter, o: LayoutOverlay, to_view: ToView) -> None:
    if o.layout is not None and o.contents is not None:
        outer, inner = to_view(o.layout), to_view(o.contents)
        p.fillPath(_path(outer).subtracted(_path(inner)), MARGIN_COLOUR)
        gaps = _path(inner)
        for cell in o.cells:
            gaps = gaps.subtracted(_path(to_view(cell.rect)))
        p.fillPath(gaps, QBrush(SPACING_COLOUR))
        p.setPen(QPen(LAYOUT_COLOUR, 1.5, Qt.PenStyle.DashLine))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(outer)
    for cell in o.cells:
        width = 2.5 if cell.chosen else 1.0
        style = Qt.PenStyle.DotLine if cell.kind == "spacer" else Qt.PenStyle.SolidLine
        p.setPen(QPen(CELL_COLOUR, width, style))
        p.drawRect(to_view(cell.rect))


def _problems(p: QPainter, o: LayoutOverlay, to_view: ToView) -> None:
    p.setPen(QPen(PROBLEM_COLOUR, 2, Qt.PenStyle.DashLine))
    for rect, kind in o.problems:
        r = to_view(rect)
        p.drawRect(r)
        _badge(p, r.topLeft() + QPointF(2, 2), kind, PROBLEM_COLOUR, left=True)


def _tab_order(p: QPainter, o: LayoutOverlay, to_view: ToView) -> None:
    # at each widget's top left, as Qt Designer's tab order mode: its text stays readable
    centres = [(n, to_view(r).topLeft() + QPointF(BADGE_PX * 0.8, BADGE_PX * 0.7))
               for n, r in o.tab_stops[:MAX_STOPS]]
    pen = QPen(TAB_COLOUR, 1.5)
    p.setPen(pen)
    for (_, a), (_, b) in itertools.pairwise(centres):
        _arrow(p, a, b)
    for n, c in centres:
        _badge(p, c, str(n), TAB_COLOUR)


def _arrow(p: QPainter, a: QPointF, b: QPointF, radius: float = 7.0) -> None:
    """A line from stop ``a`` to stop ``b`` with a head at ``b``'s badge."""
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy)
    if length < 2 * radius + 2:
        return
    ux, uy = dx / length, dy / length
    start = QPointF(a.x() + ux * radius, a.y() + uy * radius)
    end = QPointF(b.x() - ux * radius, b.y() - uy * radius)
    p.drawLine(start, end)
    head = QPolygonF([end, QPointF(end.x() - ux * 7 - uy * 4, end.y() - uy * 7 + ux * 4),
                      QPointF(end.x() - ux * 7 + uy * 4, end.y() - uy * 7 - ux * 4)])
    p.setBrush(p.pen().color())
    p.drawPolygon(head)
    p.setBrush(Qt.BrushStyle.NoBrush)


def _badge(p: QPainter, at: QPointF, text: str, colour: QColor, left: bool = False) -> None:
    """``text`` white on a ``colour`` pill centred on ``at`` (or starting there), in a
    small bold font: a form's stops are a line apart."""
    p.save()
    font = QFont(p.font())
    font.setPixelSize(BADGE_PX)
    font.setBold(True)
    p.setFont(font)
    metrics = p.fontMetrics()
    w = max(metrics.height(), metrics.horizontalAdvance(text) + 8)
    h = metrics.height()
    r = QRectF(at.x(), at.y(), w, h) if left else QRectF(at.x() - w / 2, at.y() - h / 2, w, h)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    p.drawRoundedRect(r, h / 2, h / 2)
    p.setPen(QColor("white"))
    p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)
    p.restore()
