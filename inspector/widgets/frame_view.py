"""The live view's picture: the latest frame, scaled to fit or zoomed, with overlays.

Maps view pixels to window coordinates and back (the frame's ``scale`` is frame pixels
per window pixel); draws the hovered and selected widgets, the element the followed
agent named, and agents' marks fading out (:class:`~inspector.link.marks.Mark`).
"""

from __future__ import annotations

import time

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from inspector.link.marks import Mark
from inspector.link.page import Rect
from inspector.models.layout import Box, LayoutOverlay
from inspector.style import theme
from inspector.widgets import layout_overlay

MARK_COLOUR = QColor("#ff6d00")
SELECT_COLOUR = QColor("#1e88e5")
HOVER_COLOUR = QColor("#43a047")
#: A mark as drawn: the mark, its rectangle and its pointer (window coordinates).
Placed = tuple[Mark, Rect | None, tuple[int, int] | None]


class FrameView(QWidget):
    """Paints the latest frame and the overlays; maps view pixels <-> window coordinates."""

    hovered = Signal(int, int)  # window coordinates
    clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("liveFrame")
        self.setMouseTracking(True)
        self.setMinimumSize(64, 48)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.image = QImage()
        self.scale = 1.0  # frame pixels per window pixel
        self.zoom = 0.0  # 0: fit; else view pixels per window pixel
        self.selected: Rect | None = None
        self.hover: Rect | None = None
        self.marks: list[Placed] = []
        #: the element the followed agent's last call named, and its caption
        self.agent_target: Rect | None = None
        self.agent_label = ""
        self.empty_text = ""
        #: the chosen widget's layout, drawn when the live view's Layout button is on
        self.overlay: LayoutOverlay | None = None
        self._scaled = QPixmap()
        self._scaled_key: tuple[int, int, int] | None = None

    # ------------------------------------------------------------ geometry

    def window_size(self) -> tuple[float, float]:
        if self.image.isNull():
            return 0.0, 0.0
        return self.image.width() / self.scale, self.image.height() / self.scale

    def factor(self) -> float:
        """View pixels per window pixel."""
        ww, wh = self.window_size()
        if not ww or not wh:
            return 1.0
        if self.zoom:
            return self.zoom
        return min(self.width() / ww, self.height() / wh)

    def origin(self) -> QPointF:
        ww, wh = self.window_size()
        k = self.factor()
        return QPointF(max(0.0, (self.width() - ww * k) / 2),
                       max(0.0, (self.height() - wh * k) / 2))

    def to_view(self, x: float, y: float) -> QPointF:
        k, o = self.factor(), self.origin()
        return QPointF(o.x() + x * k, o.y() + y * k)

    def rect_to_view(self, r: Rect) -> QRectF:
        k = self.factor()
        top = self.to_view(r[0], r[1])
        return QRectF(top.x(), top.y(), r[2] * k, r[3] * k)

    def _box_to_view(self, r: Box) -> QRectF:
        return self.rect_to_view(r)

    def to_window(self, p: QPointF) -> tuple[int, int] | None:
        ww, wh = self.window_size()
        k, o = self.factor(), self.origin()
        x, y = (p.x() - o.x()) / k, (p.y() - o.y()) / k
        if not (0 <= x < ww and 0 <= y < wh):
            return None
        return int(x), int(y)

    def _scaled_to(self, width: int, height: int) -> QPixmap:
        """The frame scaled to the view, kept until the frame or the size changes: marks
        fading over a still picture repaint often, and scaling it each time cost the
        inspector most of a core under a busy agent."""
        key = (self.image.cacheKey(), width, height)
        if self._scaled_key != key:
            self._scaled = QPixmap.fromImage(self.image.scaled(
                max(1, width), max(1, height), Qt.AspectRatioMode.IgnoreAspectRatio,
                Qt.TransformationMode.SmoothTransformation))
            self._scaled_key = key
        return self._scaled

    # ------------------------------------------------------------ events

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        point = self.to_window(event.position())
        if point is not None:
            self.hovered.emit(*point)
        super().mouseMoveEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        point = self.to_window(event.position())
        if point is not None and event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(*point)
        super().mousePressEvent(event)

    def paintEvent(self, _event: QPaintEvent) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), self.palette().window())
        if self.image.isNull():
            p.setPen(theme.accent("muted"))
            p.drawText(self.rect().adjusted(16, 16, -16, -16),
                       Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, self.empty_text)
            return
        ww, wh = self.window_size()
        target = self.rect_to_view((0, 0, round(ww), round(wh))).toRect()
        p.drawPixmap(target.topLeft(), self._scaled_to(target.width(), target.height()))
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.hover is not None:
            p.setPen(QPen(HOVER_COLOUR, 1, Qt.PenStyle.DashLine))
            p.drawRect(self.rect_to_view(self.hover))
        if self.selected is not None:
            fill = QColor(SELECT_COLOUR)
            fill.setAlpha(40)
            r = self.rect_to_view(self.selected)
            p.fillRect(r, fill)
            p.setPen(QPen(SELECT_COLOUR, 2))
            p.drawRect(r)
        if self.overlay is not None:  # over the selection's tint: its colours stay true
            layout_overlay.paint(p, self.overlay, self._box_to_view)
        if self.agent_target is not None:
            r = self.rect_to_view(self.agent_target)
            p.setPen(QPen(theme.accent("agent"), 2, Qt.PenStyle.DashLine))
            p.drawRect(r.adjusted(-2, -2, 2, 2))
            self._caption(p, r.bottomLeft() + QPointF(0, 4 + p.fontMetrics().height()),
                          self.agent_label, theme.accent("agent"))
        now = time.monotonic()
        for mark, rect, point in self.marks:
            alpha = mark.opacity(now)
            if alpha <= 0:
                continue
            colour = QColor(MARK_COLOUR)
            colour.setAlphaF(alpha)
            p.setPen(QPen(colour, 3))
            if rect is not None:
                r = self.rect_to_view(rect)
                p.drawRect(r)
                self._caption(p, r.topLeft() + QPointF(0, -3), mark.label, colour)
            if point is not None:
                c = self.to_view(*point)
                p.drawEllipse(c, 10, 10)
                p.drawLine(c + QPointF(-16, 0), c + QPointF(16, 0))
                p.drawLine(c + QPointF(0, -16), c + QPointF(0, 16))
        p.end()

    def _caption(self, p: QPainter, at: QPointF, text: str, colour: QColor) -> None:
        """A label above a mark on a backing box, so it reads over any picture."""
        metrics = p.fontMetrics()
        box = QRectF(at.x(), at.y() - metrics.height(), metrics.horizontalAdvance(text) + 6,
                     metrics.height())
        back = QColor(self.palette().base().color())
        back.setAlphaF(0.8 * colour.alphaF())
        p.fillRect(box, back)
        p.drawText(box.adjusted(3, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter, text)
