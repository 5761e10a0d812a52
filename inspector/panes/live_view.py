"""Live view pane: the app's window as it is now, and where the agent acts on it.

Frames stream from the probe (JPEG, capped to the pane's size; the probe sends one only
when the picture changed). Hovering asks what is under the cursor — at most one hit test
in flight, the latest point wins — and a click chooses that widget everywhere. The chosen
object's rectangle and the agents' recent actions (marks, see
:mod:`inspector.link.marks`) are drawn on top, mapped from window coordinates through
the frame's scale and the zoom.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QByteArray, Qt, QTimer, Signal
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QScrollArea, QVBoxLayout, QWidget

from inspector.link.client import ProbeClient
from inspector.link.marks import Mark
from inspector.link.page import Rect, rect_of
from inspector.link.traffic import Call, is_inspector
from inspector.models.broker import Broker
from inspector.style.words import counted
from inspector.widgets.frame_view import FrameView, Placed
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import Pane, register_pane
from probe.exceptions import QtmcpError
from probe.wire.probe_frames import Frame
from probe.wire.qt_ui import Hit

ZOOMS = {"Fit": 0.0, "50%": 0.5, "100%": 1.0, "200%": 2.0}
#: Agent marks drawn at once at most (the newest).
MAX_MARKS = 12
NOT_CONNECTED = ("Not connected. File › Connect… (Ctrl+O) picks a running app: its window "
                 "shows here, live, with the agent's clicks and typing drawn on it. Hover "
                 "names a widget, a click selects it.")
WAITING = "Waiting for the app's first picture…"


def hit_label(hit: Hit) -> str:
    """What is under the pointer, as the hover line and the broker name it."""
    return f"{hit['objectName'] or hit['className']} ({hit['className']} {hit['id']})"


@register_pane("liveView", "Live view", order=1, kind="dock", side="right")
class LiveViewPane(Pane):
    """The streamed window with hover, pick, selection and agent marks."""

    #: a new picture is in ``view.image``
    frameShown = Signal()
    scroll: QScrollArea  # around the view (hides QWidget.scroll, which nothing calls here)

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.window_name: str | None = None
        self.frames = 0
        self.last_frame: Frame | None = None
        self.streaming = False
        self.caps: tuple[int, int] = (0, 0)
        self.selected_id: str | None = None
        #: (``#N``, bounds) of the page element chosen last (outlined by its bounds)
        self.element: tuple[str | None, Rect | None] | None = None
        self.marks: dict[int, Placed] = {}
        self._hover_busy = False
        self._hover_next: tuple[int, int] | None = None

        self.zoom_box = QComboBox(self)
        self.zoom_box.setObjectName("liveZoom")
        self.zoom_box.addItems(list(ZOOMS))
        self.zoom_box.currentTextChanged.connect(self.set_zoom)
        self.layout_button = self.tool_button(
            "layout", "Layout", "draw the chosen widget's layout over the picture: its "
            "cells, margins (orange) and spacing (green), the window's tab order (numbered) "
            "and its layout problems (red); the Layout tab lists the same",
            checkable=True, with_text=True)
        self.layout_button.setObjectName("liveLayout")
        self.layout_button.toggled.connect(self.show_layout)
        broker.layout.changed.connect(self._layout_read)
        self.info = ElidedLabel("", self)  # new text must not resize the pane
        self.info.setObjectName("liveInfo")
        self.hover_label = ElidedLabel("", self)
        self.hover_label.setObjectName("liveHover")
        self.info.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.zoom_box)
        bar.addWidget(self.layout_button)
        bar.addWidget(self.hover_label, 2)
        bar.addWidget(self.info, 1)

        self.view = FrameView(self)
        self.view.empty_text = NOT_CONNECTED
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
        #: the layout is read again once the picture has been still this long (a resize,
        #: a page switched, text that grew): one read per burst of frames
        self._relayout = QTimer(self)
        self._relayout.setSingleShot(True)
        self._relayout.setInterval(250)
        self._relayout.timeout.connect(self.broker.layout.reload)
        probe.on_frame(self._on_frame)
        probe.on_traffic(self._on_traffic)
        broker.objectChosen.connect(lambda object_id, _label: self.set_object(object_id))
        broker.elementChosen.connect(self.set_element)
        broker.agentTargetChanged.connect(self.set_agent_target)
        broker.callChosen.connect(self.show_record)

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
        self.broker.layout.forget()
        self.view.empty_text = WAITING
        self.view.update()
        self.run(self.start_stream())

    def on_lost(self) -> None:
        self.streaming = False
        self.view.empty_text = NOT_CONNECTED

    async def start_stream(self) -> None:
        caps = self.wanted_caps()
        try:
            window = await self.probe.start_frames(*caps)
        except QtmcpError as exc:
            self.show_error(exc)
            return
        self.show_info("")
        self.caps = caps
        self.streaming = True
        self.window_name = window

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        if self.streaming and self.wanted_caps() != self.caps:
            self._restart.start()

    def _on_frame(self, frame: Frame) -> None:
        """Show a frame; a partial one is painted over the last picture."""
        image = QImage.fromData(QByteArray.fromBase64(frame["data"].encode("ascii")))
        if image.isNull():
            return
        if not frame["full"]:
            base = self.view.image
            if base.isNull() or (base.width(), base.height()) != (frame["width"],
                                                                    frame["height"]):
                return  # a stale piece of an older stream; the next keyframe fixes it
            base = base.copy()
            painter = QPainter(base)
            painter.drawImage(frame["rect"][0], frame["rect"][1], image)
            painter.end()
            image = base
        self.frames += 1
        self.last_frame = frame
        if self.layout_button.isChecked():
            self._relayout.start()  # the picture changed: so may the layout
        self.window_name = frame["window"] or self.window_name
        self.view.image = image
        self.view.scale = frame["scale"]
        geometry = frame["windowGeometry"]
        self.info.setText(counted(self.frames, "frame"))
        self.info.setToolTip(f"window {self.window_name} {geometry[2]}×{geometry[3]}, "
                             f"frame {frame['seq']}, scale "
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
        if not self._hover_busy and self.probe.is_connected:
            self._hover_busy = True
            self.run(self._hover_loop())

    async def _hover_loop(self) -> None:
        """One hitTest at a time; the newest point asked for is the next one sent."""
        try:
            while self._hover_next is not None and self.probe.is_connected:
                (x, y), self._hover_next = self._hover_next, None
                try:
                    hit = await self.probe.hit_test(x, y, self.window_name)
                except QtmcpError:
                    continue
                self.view.hover = rect_of(hit["bounds"])
                self.hover_label.setText(hit_label(hit))
                self.view.update()
        finally:
            self._hover_busy = False

    def pick(self, x: int, y: int) -> None:
        """Choose what is at window (x, y) everywhere (async): the element there as the
        agent sees it (a menu entry, a tab, a row, a Quick item) when the page holds one,
        else the widget."""
        async def go() -> None:
            try:
                hit = await self.probe.hit_test(x, y, self.window_name)
            except QtmcpError as exc:
                self.show_error(exc)
                return
            self.broker.pick_point(x, y, hit["id"], hit_label(hit))
        self.run(go())

    def set_object(self, object_id: str | None) -> None:
        """Outline ``object_id`` (the chosen object) on the picture."""
        object_id = object_id or None
        self.selected_id = object_id
        if self.layout_button.isChecked():
            self.broker.layout.follow(object_id)
        if self.element is not None and self.element[0] == object_id:
            return  # an element of it was chosen: its own bounds stay outlined
        self.element = None
        if not object_id:
            self.view.selected = None
            self.view.update()
            return
        if self.probe.is_connected:
            self.run(self._outline(object_id))

    def set_element(self, bounds: Rect | None, _label: str, object_id: str) -> None:
        """Outline an element of the page (its bounds, which an item's object may not
        have: a tab, a row, a menu entry)."""
        self.element = (object_id or None, bounds)
        self.selected_id = object_id or None
        self.view.selected = bounds
        self.view.update()

    async def _outline(self, object_id: str) -> None:
        rect = await self.geometry(object_id)
        if object_id == self.selected_id and self.element is None:
            self.view.selected = rect
            self.view.update()

    async def geometry(self, target: str) -> Rect | None:
        """The rectangle of ``target`` in the streamed window, or None (elsewhere, gone)."""
        try:
            placement = await self.probe.placement(target)
        except QtmcpError:
            return None
        if self.window_name and placement["windowName"] != self.window_name:
            return None
        return rect_of(placement["window"])

    # ------------------------------------------------------------ layout overlay

    def show_layout(self, on: bool) -> None:
        """Draw the chosen widget's layout over the picture (or stop)."""
        if on:
            self.broker.layout.follow(self.selected_id)
        self._layout_read()

    def _layout_read(self) -> None:
        overlay = self.broker.layout.overlay if self.layout_button.isChecked() else None
        if overlay is not None and self.window_name and overlay.window != self.window_name:
            overlay = None  # the widget is in another window than the one streamed
        self.view.overlay = overlay
        if self.layout_button.isChecked() and self.broker.layout.error:
            self.show_info(f"Layout: {self.broker.layout.error}")
        self.view.update()

    # ------------------------------------------------------------ agent marks

    def _on_traffic(self, call: Call) -> None:
        if self.probe.is_mine(call) or is_inspector(call.client):
            return
        mark = self.probe.marks.read(call)
        if mark is not None:
            self.run(self.show_mark(mark))

    def show_record(self, call: Call) -> bool:
        """Show the mark of a logged call again (the agent log links here)."""
        if call.seq in self.marks:
            mark, rect, point = self.marks[call.seq]
            mark.restart()
            self._place(mark, rect, point)
            return True
        mark = self.probe.marks.read(call)
        if mark is None:
            return False
        self.run(self.show_mark(mark))
        return True

    async def show_mark(self, mark: Mark) -> None:
        rect = mark.rect
        if rect is None and mark.path:
            rect = await self.geometry(mark.path)
        if rect is None and (mark.role is not None or mark.ref):
            rect = self.broker.page.locate(mark)
        point = mark.point
        if point is None and mark.screen_point is not None:
            scale = self.probe.marks.scale_of(mark.client)
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

    def set_agent_target(self, bounds: Rect | None, label: str) -> None:
        """Outline the element the followed agent's last call named (None: no outline);
        it stays until the agent names another."""
        self.view.agent_target = bounds
        self.view.agent_label = label
        self.view.update()

    def live_marks(self) -> list[Placed]:
        return [m for m in self.view.marks if m[0].opacity() > 0]

    def _tick(self) -> None:
        self.view.marks = self.live_marks()
        if not self.view.marks:
            self._fade.stop()
        self.view.update()

