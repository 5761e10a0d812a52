"""Live view pane: the app's window as it is now, and where the agent acts on it.

Frames come from ``probe.frames.start`` (JPEG, capped to the pane's size; the probe
sends one only when the picture changed). Hovering asks ``qt.ui.hitTest`` what is under
the cursor — at most one call in flight, the latest point wins — and a click picks that
widget (``objectPicked``). The selected object's rectangle (``qt.ui.geometry``) and the
agent's recent actions (from ``probe.traffic``, see :mod:`inspector.overlays`) are drawn
on top, mapped from window coordinates through the frame's scale and the zoom.
"""

from __future__ import annotations

import base64
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from inspector import theme
from inspector.connection import Connection
from inspector.overlays import Mark, mark_from_record, result_of
from inspector.panes.base import Pane
from inspector.panes.hints import ElidedLabel
from probe.exceptions import QtmcpError

Rect = tuple[int, int, int, int]
ZOOMS = {"Fit": 0.0, "50%": 0.5, "100%": 1.0, "200%": 2.0}
MARK_COLOUR = QColor("#ff6d00")
SELECT_COLOUR = QColor("#1e88e5")
HOVER_COLOUR = QColor("#43a047")
#: Agent marks drawn at once at most (the newest).
MAX_MARKS = 12
NOT_CONNECTED = ("Not connected. File › Connect… (Ctrl+O) picks a running app: its window "
                 "shows here, live, with the agent's clicks and typing drawn on it. Hover "
                 "names a widget, a click selects it.")
WAITING = "Waiting for the app's first picture…"


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
        self.hover_text = ""
        self.marks: list[tuple[Mark, Rect | None, tuple[int, int] | None]] = []
        #: the element the followed agent's last call named, and its caption
        self.agent_target: Rect | None = None
        self.agent_label = ""
        self.empty_text = NOT_CONNECTED
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


class LiveViewPane(Pane):
    """The streamed window with hover, pick, selection and agent marks."""

    TITLE = "Live view"
    NAME = "liveView"
    objectPicked = Signal(str, str)
    #: a new picture is in ``view.image`` (the session recorder files it under the action)
    frameShown = Signal()

    def __init__(self, conn: Connection, parent: QWidget | None = None) -> None:
        super().__init__(conn, parent)
        self.window_name: str | None = None
        self.frames = 0
        self.last_frame: dict[str, Any] = {}
        self.streaming = False
        self.caps: tuple[int, int] = (0, 0)
        self.selected_id: str | None = None
        #: where a mark's element is (window rect), set by the main window: the
        #: accessibility tree knows the followed agent's refs
        self.locate: Callable[[Mark], Rect | None] | None = None
        self.agent_scale: dict[str, float] = {}
        self.marks: dict[int, tuple[Mark, Rect | None, tuple[int, int] | None]] = {}
        self._hover_busy = False
        self._hover_next: tuple[int, int] | None = None

        self.zoom_box = QComboBox(self)
        self.zoom_box.setObjectName("liveZoom")
        self.zoom_box.addItems(list(ZOOMS))
        self.zoom_box.currentTextChanged.connect(self.set_zoom)
        self.info = ElidedLabel("", self)  # new text must not resize the pane
        self.info.setObjectName("liveInfo")
        self.hover_label = ElidedLabel("", self)
        self.hover_label.setObjectName("liveHover")
        self.info.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.zoom_box)
        bar.addWidget(self.hover_label, 2)
        bar.addWidget(self.info, 1)

        self.view = FrameView(self)
        self.view.hovered.connect(self._hovered)
        self.view.clicked.connect(self.pick)
        self.scroll = QScrollArea(self)
        self.scroll.setObjectName("liveScroll")
        self.scroll.setWidget(self.view)
        self.scroll.setWidgetResizable(True)
        self.scroll.setAlignment(Qt.AlignmentFlag.AlignCenter)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.scroll, 1)
        layout.addWidget(self.status)

        self._fade = QTimer(self)
        self._fade.setInterval(80)  # a 1.5 s fade at 12 steps a second: smooth enough, cheap
        self._fade.timeout.connect(self._tick)
        self._restart = QTimer(self)
        self._restart.setSingleShot(True)
        self._restart.setInterval(300)
        self._restart.timeout.connect(lambda: self.run(self.start_stream()))
        conn.on("probe.frame", self._on_frame)
        conn.on("probe.traffic", self._on_traffic)

    # ------------------------------------------------------------ stream

    def wanted_caps(self) -> tuple[int, int]:
        """Frames no bigger than the pane shows them (the zoom asks for more)."""
        ratio = self.devicePixelRatioF()
        size = self.scroll.viewport().size()
        zoom = ZOOMS.get(self.zoom_box.currentText(), 0.0)
        if zoom:
            ww, wh = self.view.window_size()
            w, h = (ww * zoom, wh * zoom) if ww else (size.width(), size.height())
        else:
            w, h = size.width(), size.height()
        return (min(8192, max(16, round(w * ratio))), min(8192, max(16, round(h * ratio))))

    def on_connected(self) -> None:
        self.streaming = False
        self.marks.clear()
        self.view.empty_text = WAITING
        self.view.update()
        self.run(self.start_stream())

    def on_lost(self) -> None:
        self.streaming = False
        self.view.empty_text = NOT_CONNECTED

    async def start_stream(self) -> None:
        caps = self.wanted_caps()
        try:
            started = await self.conn.call("probe.frames.start", {
                "format": "jpeg", "quality": 80, "maxFps": 15, "partial": True,
                "maxWidth": caps[0], "maxHeight": caps[1]})
        except QtmcpError as exc:
            self.show_error(exc)
            return
        self.show_info("")
        self.caps = caps
        self.streaming = True
        self.window_name = started.get("window")

    async def stop_stream(self) -> None:
        if self.conn.is_connected:
            await self.conn.call("probe.frames.stop")
        self.streaming = False

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        if self.streaming and self.wanted_caps() != self.caps:
            self._restart.start()

    def _on_frame(self, params: dict[str, Any]) -> None:
        """Show a frame; a partial one (``full`` false) is painted over the last picture."""
        image = QImage.fromData(base64.b64decode(params.get("data") or ""))
        if image.isNull():
            return
        if params.get("full") is False:
            base = self.view.image
            width, height = params.get("width"), params.get("height")
            if base.isNull() or (base.width(), base.height()) != (width, height):
                return  # a stale piece of an older stream; the next keyframe fixes it
            base = base.copy()
            x, y = params.get("rect", [0, 0])[:2]
            painter = QPainter(base)
            painter.drawImage(int(x), int(y), image)
            painter.end()
            image = base
        self.frames += 1
        self.last_frame = {k: v for k, v in params.items() if k != "data"}
        self.window_name = params.get("window") or self.window_name
        self.view.image = image
        self.view.scale = float(params.get("scale") or 1.0)
        geometry = params.get("windowGeometry") or [0, 0, 0, 0]
        self.info.setText(f"{self.frames} frames")
        self.info.setToolTip(f"window {self.window_name} {geometry[2]}×{geometry[3]}, "
                             f"frame {params.get('seq')}, scale "
                             f"{self.view.scale:.2f}; a frame comes only when the picture "
                             "changed")
        self._layout_view()
        self.view.update()
        self.frameShown.emit()

    def set_zoom(self, text: str) -> None:
        self.view.zoom = ZOOMS.get(text, 0.0)
        self._layout_view()
        if self.streaming and self.wanted_caps() != self.caps:
            self._restart.start()
        self.view.update()

    def _layout_view(self) -> None:
        fit = not self.view.zoom
        self.scroll.setWidgetResizable(fit)
        if not fit:
            ww, wh = self.view.window_size()
            self.view.resize(round(ww * self.view.zoom), round(wh * self.view.zoom))

    # ------------------------------------------------------------ hover and pick

    def _hovered(self, x: int, y: int) -> None:
        self._hover_next = (x, y)
        if not self._hover_busy and self.conn.is_connected:
            self._hover_busy = True
            self.run(self._hover_loop())

    async def _hover_loop(self) -> None:
        """One hitTest at a time; the newest point asked for is the next one sent."""
        try:
            while self._hover_next is not None and self.conn.is_connected:
                (x, y), self._hover_next = self._hover_next, None
                try:
                    hit = await self.hit_test(x, y)
                except QtmcpError:
                    continue
                self.view.hover = _bounds(hit.get("bounds"))
                self.hover_label.setText(f"{hit.get('objectName') or hit.get('className')} "
                                         f"({hit.get('className')} {hit.get('id')})")
                self.view.update()
        finally:
            self._hover_busy = False

    async def hit_test(self, x: int, y: int) -> dict[str, Any]:
        params: dict[str, Any] = {"x": x, "y": y}
        if self.window_name:
            params["window"] = self.window_name
        return await self.conn.call("qt.ui.hitTest", params)

    def pick(self, x: int, y: int) -> None:
        """Select the widget at window (x, y) everywhere (async)."""
        async def go() -> None:
            try:
                hit = await self.hit_test(x, y)
            except QtmcpError as exc:
                self.show_error(exc)
                return
            self.view.selected = _bounds(hit.get("bounds"))
            self.selected_id = str(hit.get("id"))
            self.view.update()
            self.objectPicked.emit(self.selected_id, f"{hit.get('objectName') or ''} "
                                   f"({hit.get('className')} {hit.get('id')})")
        self.run(go())

    def set_object(self, object_id: str | None) -> None:
        """Outline ``object_id`` (the object tree's selection) on the picture."""
        self.selected_id = object_id
        if not object_id:
            self.view.selected = None
            self.view.update()
            return
        if self.conn.is_connected:
            self.run(self._outline(object_id))

    async def _outline(self, object_id: str) -> None:
        rect = await self.geometry(object_id)
        if object_id == self.selected_id:
            self.view.selected = rect
            self.view.update()

    async def geometry(self, target: str) -> Rect | None:
        """The rectangle of ``target`` in the streamed window, or None (elsewhere, gone)."""
        try:
            geo = await self.conn.call("qt.ui.geometry", {"objectId": target})
        except QtmcpError:
            return None
        if self.window_name and geo.get("windowName") != self.window_name:
            return None
        return _bounds(geo.get("window"))

    # ------------------------------------------------------------ agent marks

    def _on_traffic(self, record: dict[str, Any]) -> None:
        client = record.get("client") or {}
        if client.get("id") == self.conn.session_id or client.get("role") == "inspector":
            return
        if record.get("method") in ("cu.screenshot", "cu.zoom") and record.get("ok"):
            result = result_of(record)
            if isinstance(result, dict) and result.get("scale"):
                self.agent_scale[str(client.get("name"))] = float(result["scale"])
            return
        mark = mark_from_record(record)
        if mark is not None:
            self.run(self.show_mark(mark))

    def show_record(self, record: dict[str, Any]) -> bool:
        """Show the mark of a logged call again (the agent log links here)."""
        seq = int(record.get("seq") or 0)
        if seq in self.marks:
            mark, rect, point = self.marks[seq]
            mark.restart()
            self._place(mark, rect, point)
            return True
        mark = mark_from_record(record)
        if mark is None:
            return False
        self.run(self.show_mark(mark))
        return True

    async def show_mark(self, mark: Mark) -> None:
        rect = mark.rect
        if rect is None and mark.path:
            rect = await self.geometry(mark.path)
        if rect is None and (mark.role is not None or mark.ref) and self.locate is not None:
            rect = self.locate(mark)
        point = mark.point
        if point is None and mark.screen_point is not None:
            scale = self.agent_scale.get(mark.client, 1.0) or 1.0
            point = (round(mark.screen_point[0] / scale), round(mark.screen_point[1] / scale))
        if point is None and mark.local_point is not None and rect is not None:
            point = (rect[0] + mark.local_point[0], rect[1] + mark.local_point[1])
        if point is None and rect is not None:
            point = (rect[0] + rect[2] // 2, rect[1] + rect[3] // 2)
        mark.restart()
        self.marks[mark.seq] = (mark, rect, point)
        while len(self.marks) > 500:
            self.marks.pop(next(iter(self.marks)))
        self._place(mark, rect, point)

    def _place(self, mark: Mark, rect: Rect | None, point: tuple[int, int] | None) -> None:
        """Show ``mark``; it replaces a mark on the same spot, and only the newest
        MAX_MARKS stay (a busy agent acting on one field draws one mark, not hundreds)."""
        self.view.marks = [m for m in self.view.marks
                           if m[0] is not mark and (m[1], m[2]) != (rect, point)]
        self.view.marks.append((mark, rect, point))
        del self.view.marks[:-MAX_MARKS]
        if not self._fade.isActive():  # else its next tick paints it (12 a second)
            self._fade.start()
            self.view.update()

    def set_agent_target(self, bounds: Any, label: str) -> None:
        """Outline the element the followed agent's last call named (None: no outline);
        it stays until the agent names another."""
        self.view.agent_target = _bounds(bounds)
        self.view.agent_label = label
        self.view.update()

    def live_marks(self) -> list[tuple[Mark, Rect | None, tuple[int, int] | None]]:
        return [m for m in self.view.marks if m[0].opacity() > 0]

    def _tick(self) -> None:
        self.view.marks = self.live_marks()
        if not self.view.marks:
            self._fade.stop()
        self.view.update()


def _bounds(value: Any) -> Rect | None:
    if isinstance(value, dict) and {"x", "y", "width", "height"} <= value.keys():
        return (int(value["x"]), int(value["y"]), int(value["width"]), int(value["height"]))
    if isinstance(value, (list, tuple)) and len(value) == 4:
        return (int(value[0]), int(value[1]), int(value[2]), int(value[3]))
    return None
