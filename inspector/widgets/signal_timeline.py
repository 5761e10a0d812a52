"""A pyqtgraph timeline of signal emissions: one lane per signal, one dot per emission."""

from __future__ import annotations

from collections import deque

import pyqtgraph as pg
from PySide6.QtGui import QFontMetrics, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from inspector.style import theme

MAX_POINTS = 5000
LANE_COLOURS = ("#1e88e5", "#e53935", "#43a047", "#fb8c00", "#8e24aa", "#00897b",
                "#6d4c41", "#3949ab")


_BRUSHES = [pg.mkBrush(c) for c in LANE_COLOURS]


class Timeline(pg.PlotWidget):
    """Emissions against seconds since the first one; lanes are labelled by signal."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("signalTimeline")
        self.lanes: dict[str, int] = {}
        self.points: deque[tuple[float, str]] = deque(maxlen=MAX_POINTS)
        self.t0: float | None = None
        self.scatter = pg.ScatterPlotItem(size=7, pen=None)
        self.addItem(self.scatter)
        self.setMenuEnabled(False)
        self.showGrid(x=True, y=True, alpha=0.15)
        self.setLabel("bottom", "seconds")
        self.getPlotItem().hideButtons()  # pyright: ignore[reportOptionalMemberAccess]  # pyqtgraph (untyped) makes it in __init__
        self.setMouseEnabled(x=True, y=False)
        self.apply_theme()

    def apply_theme(self) -> None:
        palette = QApplication.palette()
        self.setBackground(palette.color(QPalette.ColorRole.Base))
        fg = palette.color(QPalette.ColorRole.Text)
        for axis in ("left", "bottom"):
            ax = self.getAxis(axis)
            ax.setPen(pg.mkPen(theme.accent("muted")))
            ax.setTextPen(pg.mkPen(fg))

    def add(self, ts: float, lane: str) -> None:
        if self.t0 is None:
            self.t0 = ts
        if lane not in self.lanes:
            self.lanes[lane] = len(self.lanes)
            axis = self.getAxis("left")
            axis.setTicks([[(i, name) for name, i in self.lanes.items()]])
            # pyqtgraph does not widen the axis for text ticks by itself
            widest = max(QFontMetrics(axis.font()).horizontalAdvance(n) for n in self.lanes)
            axis.setWidth(widest + 16)
        self.points.append((ts, lane))

    def redraw(self) -> None:
        t0 = self.t0 or 0.0
        xs = [ts - t0 for ts, _ in self.points]
        ys = [self.lanes[lane] for _, lane in self.points]
        brushes = [_BRUSHES[y % len(_BRUSHES)] for y in ys]
        self.scatter.setData(x=xs, y=ys, brush=brushes)
        self.setYRange(-0.7, max(len(self.lanes) - 0.3, 0.7), padding=0)  # pyright: ignore[reportCallIssue]  # pyqtgraph forwards it to the ViewBox's at run time
        if xs:
            self.setXRange(max(-0.2, xs[-1] - 30), max(xs[-1], 1.0) + 0.5, padding=0)  # pyright: ignore[reportCallIssue]  # (as above)

    def clear_points(self) -> None:
        self.points.clear()
        self.lanes.clear()
        self.t0 = None
        self.getAxis("left").setTicks([[]])
        self.getAxis("left").setWidth(30)
        self.redraw()
