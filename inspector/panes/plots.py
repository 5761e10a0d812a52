"""Live plots: the app's event-loop latency (busy periods in red) and requests per client.

Freezes are pushed by the probe from its own thread while the GUI thread is blocked:
each red band is labelled with the function the GUI thread was running, and the label
under the plot shows that freeze's Python stack, innermost last.

No extra calls and no second subscription: the latency comes from the connection's own
periodic ping (its round trip, and the event-loop latency or blocked time the probe
measured), the request rate and latency from the same mirrored calls the agent log shows
(a second listener, not a second subscription).
"""

from __future__ import annotations

import time
from collections import defaultdict, deque

import pyqtgraph as pg
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from inspector.link.api.qt_system import PingSample
from inspector.link.client import ProbeClient
from inspector.link.traffic import Call
from inspector.models.broker import Broker
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import Pane, register_pane
from probe.wire.qt_system import Freeze

MAX_POINTS = 2000
WINDOW_S = 120.0  # seconds of history drawn
BUSY_COLOUR = (229, 57, 53, 70)
CLIENT_COLOURS = ("#1e88e5", "#43a047", "#fb8c00", "#8e24aa", "#00897b", "#6d4c41")


class Series:
    """A bounded (t, value) series with a curve item; ``t`` is wall-clock seconds."""

    def __init__(self, item: pg.PlotDataItem) -> None:
        self.item = item
        self.t: deque[float] = deque(maxlen=MAX_POINTS)
        self.v: deque[float] = deque(maxlen=MAX_POINTS)

    def add(self, t: float, v: float) -> None:
        self.t.append(t)
        self.v.append(v)

    def draw(self, t0: float) -> None:
        self.item.setData([t - t0 for t in self.t], list(self.v))


def frame_name(line: str) -> str:
    """A stack line ``path:line in func: code`` as ``func (file.py:line)``."""
    where, _, func = line.split(": ", 1)[0].partition(" in ")
    return f"{func} ({where.rsplit('/', 1)[-1]})"


def _plot(parent: QWidget, name: str, left: str) -> pg.PlotWidget:
    plot = pg.PlotWidget(parent)
    plot.setObjectName(name)
    plot.setMenuEnabled(False)
    plot.getPlotItem().hideButtons()  # pyright: ignore[reportOptionalMemberAccess]  # pyqtgraph (untyped) makes it in __init__
    plot.showGrid(x=True, y=True, alpha=0.15)
    plot.setLabel("left", left)
    plot.setLabel("bottom", "seconds")
    plot.addLegend(offset=(-10, 10))
    plot.setMouseEnabled(x=True, y=False)
    return plot


EMPTY = ("Plotted once connected: the app's event-loop latency (the inspector pings every "
         "2 s; freezes in red, with what the GUI thread was running), and each client's "
         "requests per second and call times.")


@register_pane("plots", "Plots", order=70, kind="tool",
               tip="Event-loop latency and each client's calls over time")
class PlotsPane(Pane):
    """Event-loop latency over time, and per-client request rate and latency."""

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.t0: float | None = None
        self.latency = _plot(self, "latencyPlot", "event loop ms")
        self.round_trip = Series(self.latency.plot(name="round trip", pen=pg.mkPen(
            "#1e88e5", width=1.5)))
        self.event_loop = Series(self.latency.plot(name="event loop", pen=pg.mkPen(
            "#43a047", width=1.5)))
        #: (start, end) wall-clock seconds of each period the app's event loop was blocked.
        self.busy: list[tuple[float, float]] = []
        #: band index -> the GUI thread's stack during that freeze
        self.stacks: dict[int, list[str]] = {}
        self._bands: list[pg.GraphicsObject] = []
        self.freeze_label = QLabel(self)
        self.freeze_label.setObjectName("freezeStack")
        self.freeze_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.freeze_label.setSizePolicy(QSizePolicy.Policy.Ignored,
                                        QSizePolicy.Policy.Preferred)  # long stacks: clip
        self.freeze_label.setStyleSheet("color: #e53935;")
        self.freeze_label.hide()

        self.rate = _plot(self, "ratePlot", "requests / s")
        self.calls = _plot(self, "callLatencyPlot", "call ms")
        self.rate_series: dict[str, Series] = {}
        self.call_series: dict[str, Series] = {}
        #: per client: wall-clock second -> number of calls that ended in it
        self._counts: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))

        self.summary = ElidedLabel(EMPTY, self)
        self.summary.setObjectName("plotsSummary")
        lower = QHBoxLayout()
        lower.setContentsMargins(0, 0, 0, 0)
        lower.addWidget(self.rate)
        lower.addWidget(self.calls)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.latency, 1)
        layout.addWidget(self.freeze_label)
        layout.addLayout(lower, 1)
        layout.addWidget(self.summary)
        layout.addWidget(self.status)

        self._dirty = False
        self._redraw = QTimer(self)  # coalesce: a busy agent must not redraw per call
        self._redraw.setInterval(250)
        self._redraw.timeout.connect(self._draw_if_dirty)
        self._redraw.start()
        probe.on_ping(self.add_ping)
        probe.on_traffic(self.add_traffic)
        probe.on_freeze(self.add_freeze)
        self.theme_changed()

    def on_connected(self) -> None:
        super().on_connected()
        self.run(self.probe.follow_freezes())

    # -- data in

    def _now(self) -> float:
        now = time.time()
        if self.t0 is None:
            self.t0 = now
        return now

    def add_ping(self, ping: PingSample) -> None:
        """The connection's periodic ping came back: its round trip, and the event
        loop's latency (or how long it was blocked) as the probe measured it."""
        now = self._now()
        self.round_trip.add(now, ping.round_trip_ms)
        answer = ping.answer
        if answer["busy"]:
            blocked = answer.get("blockedForMs", 0)
            self.add_busy(now - max(ping.round_trip_ms, blocked) / 1000.0, now)
        elif "eventLoopMs" in answer:
            self.event_loop.add(now, answer["eventLoopMs"])
        self._dirty = True

    def add_busy(self, start: float, end: float, stack: list[str] | None = None) -> None:
        """Mark [start, end] as blocked; overlapping periods merge into one band."""
        if self.busy and start <= self.busy[-1][1] + 0.5:
            s, e = self.busy[-1]
            self.busy[-1] = (min(s, start), max(e, end))
        else:
            self.busy.append((start, end))
        if stack:
            self.stacks[len(self.busy) - 1] = list(stack)
        self._dirty = True

    def add_freeze(self, freeze: Freeze) -> None:
        """A freeze pushed by the probe: the band grows while it lasts, with its stack."""
        self._now()
        since = freeze["since"]
        end = since + freeze["blockedForMs"] / 1000.0
        stack = freeze["guiStack"]
        self.add_busy(since, end, stack)
        seconds = end - since
        state = "blocked" if freeze["frozen"] else "was blocked"
        at = time.strftime("%H:%M:%S", time.localtime(since))
        chain = " ← ".join(frame_name(line) for line in reversed(stack[-3:]))
        self.freeze_label.setText(f"GUI thread {state} {seconds:.1f} s at {at}: "
                                  f"{chain or 'no Python code (Qt or a C++ call)'}")
        self.freeze_label.setToolTip("The GUI thread's Python stack, innermost last:\n"
                                     + "\n".join(stack))
        self.freeze_label.show()

    def add_traffic(self, call: Call) -> None:
        """One mirrored call: counts for its client (this inspector's own are not)."""
        ts = call.ts or self._now()
        self._now()
        if self.probe.is_mine(call):
            return
        name = f"{call.client['name']} · {call.client['role']}"
        self._counts[name][int(ts)] += 1
        series = self.call_series.get(name)
        if series is None:
            colour = CLIENT_COLOURS[len(self.call_series) % len(CLIENT_COLOURS)]
            series = self.call_series[name] = Series(self.calls.plot(
                name=name, pen=None, symbol="o", symbolSize=5, symbolPen=None,
                symbolBrush=colour))
            self.rate_series[name] = Series(self.rate.plot(
                name=name, pen=pg.mkPen(colour, width=1.5)))
        if call.duration_ms is not None:
            series.add(ts, call.duration_ms)
        self._dirty = True

    # -- drawing

    def _draw_if_dirty(self) -> None:
        if self._dirty and self.isVisible():
            self.draw()

    def draw(self) -> None:
        """Push the series into the plot items (also called by tests and snapshots)."""
        self._dirty = False
        if self.t0 is None:
            return
        t0 = self.t0
        self.round_trip.draw(t0)
        self.event_loop.draw(t0)
        for band in self._bands:
            self.latency.removeItem(band)
        self._bands = []
        first = max(len(self.busy) - 50, 0)
        for i, (start, end) in enumerate(self.busy[first:], first):
            band = pg.LinearRegionItem((start - t0, end - t0), movable=False,
                                       brush=pg.mkBrush(*BUSY_COLOUR), pen=pg.mkPen(None))
            band.setZValue(-10)
            self.latency.addItem(band)
            self._bands.append(band)
            stack = self.stacks.get(i)
            if stack:
                label = pg.TextItem("in " + frame_name(stack[-1]), color="#e53935",
                                    anchor=(0, 0.5))
                low, high = self.latency.getViewBox().viewRange()[1]
                label.setPos(start - t0, (low + high) / 2)
                self.latency.addItem(label)
                self._bands.append(label)
        for name, counts in self._counts.items():
            series = self.rate_series[name]
            series.t.clear()
            series.v.clear()
            if counts:
                first, last = min(counts), max(max(counts), int(time.time()))
                for second in range(max(first, last - int(WINDOW_S)), last + 1):
                    series.add(second, counts.get(second, 0))
            series.draw(t0)
            self.call_series[name].draw(t0)
        last = self.round_trip.v[-1] if self.round_trip.v else None
        text = f"ping {last:.1f} ms" if last is not None else "no ping yet"
        if self.busy:
            text += f" · {len(self.busy)} busy period(s), longest " \
                    f"{max(e - s for s, e in self.busy):.1f} s"
        text += f" · {sum(len(s.t) for s in self.call_series.values())} calls plotted"
        self.summary.setText(text)

    def theme_changed(self) -> None:
        palette = QApplication.palette()
        bg = palette.color(QPalette.ColorRole.Base)
        fg = palette.color(QPalette.ColorRole.Text)
        for plot in (self.latency, self.rate, self.calls):
            plot.setBackground(bg)
            for axis in ("left", "bottom"):
                plot.getAxis(axis).setPen(fg)
                plot.getAxis(axis).setTextPen(fg)
