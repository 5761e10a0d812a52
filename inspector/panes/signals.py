"""Signals pane: the selected object's signals; tick one to log its emissions.

Ticking subscribes to the signal; its emissions go to a batched log and a timeline
with one lane per signal. Subscriptions stay when another object is selected, so the log can follow
several objects at once.
"""

from __future__ import annotations

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QSplitter,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.models.methods import MethodModel
from inspector.models.signal_log import SignalLogModel
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import ObjectPane, register_pane
from inspector.widgets.signal_timeline import Timeline
from probe.exceptions import QtmcpError, RemoteError
from probe.wire.qt_signals import Emission


def _table(parent: QWidget, name: str) -> QTableView:
    view = QTableView(parent)
    view.setObjectName(name)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.verticalHeader().hide()
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 6)
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    return view


@register_pane("signals", "Signals", order=3, kind="details", refresh=True)
class SignalsPane(ObjectPane):
    """Signal list with subscribe boxes, emission log and timeline."""

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.model = MethodModel(("signal",), checkable=True, parent=self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.log = SignalLogModel(parent=self)
        #: subscriptionId -> (objectId, signature)
        self.subscriptions: dict[str, tuple[str, str]] = {}

        self.title = ElidedLabel("Select an object in the tree", self)
        self.filter = self.make_filter("Filter signals (Ctrl+F)")
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.list = _table(self, "signalList")
        self.list.setModel(self.proxy)
        header = self.list.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in (1, 2, 3):
            self.list.setColumnHidden(col, col != 3)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self.model.toggled.connect(self._toggled)
        self.add_hint(self.list, lambda: self.object_hint(
            "Its signals show here; tick one to log each emission below."))

        self.log_view = _table(self, "signalLog")
        self.log_view.setModel(self.log)
        log_header = self.log_view.horizontalHeader()
        log_header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        for col, width in enumerate((96, 140, 150)):
            self.log_view.setColumnWidth(col, width)
        self.add_hint(self.log_view, lambda: self.connected_or(
            "Emissions of the ticked signals show here, with their arguments, newest "
            "last; the timeline below plots them."))
        self.timeline = Timeline(self)
        self.timeline.setMinimumHeight(60)
        clear = QToolButton(self)
        clear.setText("Clear log")
        clear.clicked.connect(self.clear_log)
        self.counts = ElidedLabel("", self)
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.counts, 1)
        bar.addWidget(clear)

        top = QWidget(self)
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(self.title)
        top_layout.addWidget(self.filter)
        top_layout.addWidget(self.list)
        bottom = QWidget(self)
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        bottom_layout.addLayout(bar)
        bottom_layout.addWidget(self.log_view)
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(top)
        split.addWidget(bottom)
        split.addWidget(self.timeline)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 2)
        split.setStretchFactor(2, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(split, 1)
        layout.addWidget(self.status)

        self.log.flushed.connect(self._flushed)
        probe.on_emission(self._on_emitted)
        self._update_counts()

    # ---------------------------------------------------------------- loading

    def clear(self) -> None:
        self.title.setText("Select an object in the tree")
        self.model.clear()

    async def load(self, object_id: str) -> None:
        methods = await self.probe.methods(object_id)
        if object_id != self.object_id:
            return
        self.title.setText(self.object_label)
        self.model.checked = {sig for oid, sig in self.subscriptions.values() if oid == object_id}
        self.model.load(methods)

    def on_lost(self) -> None:
        self.subscriptions.clear()
        self.model.checked.clear()
        self.model.layoutChanged.emit()

    def theme_changed(self) -> None:
        self.timeline.apply_theme()

    # ---------------------------------------------------------------- subscribing

    def _toggled(self, signature: str, on: bool) -> None:
        if self.object_id is not None:
            self.run(self.subscribe(signature) if on else self.unsubscribe(signature))

    def subscription_of(self, object_id: str, signature: str) -> str | None:
        for sub, (oid, sig) in self.subscriptions.items():
            if oid == object_id and sig == signature:
                return sub
        return None

    async def subscribe(self, signature: str) -> str | None:
        object_id = self.object_id
        if object_id is None or self.subscription_of(object_id, signature):
            return None
        try:
            sub = await self.probe.subscribe_signal(object_id, signature)
        except QtmcpError as exc:
            self.show_error(exc)
            return None
        self.subscriptions[sub] = (object_id, signature)
        self.log.labels[sub] = self.object_label.split(" (")[0] or object_id
        if object_id == self.object_id:
            self.model.set_checked(signature, True)
        self._update_counts()
        return sub

    async def unsubscribe(self, signature: str) -> None:
        object_id = self.object_id
        sub = self.subscription_of(object_id, signature) if object_id else None
        if sub is None:
            return
        del self.subscriptions[sub]
        self.model.set_checked(signature, False)
        self._update_counts()
        try:
            await self.probe.unsubscribe_signal(sub)
        except RemoteError as exc:
            self.show_error(exc)
        except QtmcpError:
            pass

    # ---------------------------------------------------------------- emissions

    def _on_emitted(self, emission: Emission) -> None:
        if emission["subscriptionId"] in self.subscriptions:
            self.log.append(emission)

    def _flushed(self, count: int) -> None:
        for row in self.log.rows[-count:]:
            self.timeline.add(row.ts, f"{row.object}.{row.signal.split('(')[0]}")
        self.timeline.redraw()
        self.log_view.scrollToBottom()
        self._update_counts()

    def clear_log(self) -> None:
        self.log.clear()
        self.timeline.clear_points()
        self._update_counts()

    def _update_counts(self) -> None:
        text = f"{len(self.log.rows):,} emissions · {len(self.subscriptions)} subscribed"
        if self.log.dropped:
            text += f" · {self.log.dropped:,} oldest dropped"
        self.counts.setText(text)
