"""Connections pane: what the selected object's signals call (outbound) and what calls it
(inbound), as GammaRay's object inspector shows them, with the line that connected each.

Double-clicking a row selects the object at its other end (the receiver or sender); the
line that connected the current row shows under the tables as a link that opens it in
the editor. Receivers the probe could not name (made in C++, by Qt or PySide6, or
before it came in) show as one grey row per signal with Qt's count.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.models.connections import (
    ConnectionModel,
    InboundModel,
    OutboundModel,
    connected_text,
    object_label,
)
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import ObjectPane, register_pane
from inspector.widgets.source_link import open_source
from probe.wire._shared import CodeLine


def _table(parent: QWidget, name: str, model: ConnectionModel) -> QTableView:
    view = QTableView(parent)
    view.setObjectName(name)
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.verticalHeader().hide()
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 6)
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    header = view.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
    header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
    return view


@register_pane("connections", "Connections", order=4, kind="details", refresh=True)
class ConnectionsPane(ObjectPane):
    """Outbound and inbound connections of the selected object."""

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.outbound = OutboundModel(self)
        self.inbound = InboundModel(self)
        #: the object whose connections the tables show (None while one loads)
        self.shown: str | None = None
        #: the line the link under the tables opens
        self.line: CodeLine | None = None
        self.title = ElidedLabel("Select an object in the tree", self)
        self.out_view = _table(self, "outboundView", self.outbound)
        self.in_view = _table(self, "inboundView", self.inbound)
        self.add_hint(self.out_view, lambda: self._empty(
            "Its signals call nothing the probe saw connected, and Qt counts no receiver.",
            "What its signals call shows here: the slot, its object and the line that "
            "connected it."))
        self.add_hint(self.in_view, lambda: self._empty(
            "Nothing the probe saw connected calls its slots or signals.",
            "Connections that call its slots or signals show here."))
        for view, model in ((self.out_view, self.outbound), (self.in_view, self.inbound)):
            view.doubleClicked.connect(lambda i, m=model: self.jump(m, i))
            view.selectionModel().currentRowChanged.connect(
                lambda i, _p, m=model: self.show_line(m, i.row()))
        self.watching = QLabel("The probe does not see this app's connects (a PyQt6 or C++ "
                               "app, or QTMCP_CONNECTIONS=0): Qt's counts only.", self)
        self.watching.setObjectName("connectionsWatching")
        self.watching.setWordWrap(True)
        self.watching.hide()
        self.link = QLabel("", self)
        self.link.setObjectName("connectedAt")
        self.link.setWordWrap(True)
        self.link.setTextFormat(Qt.TextFormat.RichText)
        self.link.linkActivated.connect(lambda _href: self.open_line())

        split = QSplitter(Qt.Orientation.Vertical, self)
        for label, view in (("Outbound: what its signals call", self.out_view),
                            ("Inbound: what calls it", self.in_view)):
            box = QWidget(split)
            box_layout = QVBoxLayout(box)
            box_layout.setContentsMargins(0, 0, 0, 0)
            box_layout.addWidget(QLabel(f"<b>{label}</b>", box))
            box_layout.addWidget(view)
            split.addWidget(box)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title)
        layout.addWidget(self.watching)
        layout.addWidget(split, 1)
        layout.addWidget(self.link)
        layout.addWidget(self.status)

    def _empty(self, loaded: str, what: str) -> str:
        if self.object_id is not None and self.shown == self.object_id:
            return loaded
        return self.object_hint(what)

    def clear(self) -> None:
        self.title.setText("Select an object in the tree")
        self.shown = None
        self.outbound.clear()
        self.inbound.clear()
        self.watching.hide()
        self.show_line(self.outbound, -1)

    async def load(self, object_id: str) -> None:
        self.shown = None
        got = await self.probe.connections(object_id)
        if object_id != self.object_id:
            return
        self.shown = object_id
        self.title.setText(self.object_label)
        self.outbound.load(got["outbound"], got["signals"])
        self.inbound.load(got["inbound"])
        self.watching.setVisible(not got["watching"])
        self.show_line(self.outbound, 0 if self.outbound.rowCount() else -1)
        self.refresh_hints()

    def show_line(self, model: ConnectionModel, row: int) -> None:
        """Say under the tables where row ``row`` of ``model`` was connected."""
        found = model.row_of(row)
        self.line = found.at if found is not None else None
        self.link.setText(connected_text(found))
        self.link.setToolTip(f"{self.line['file']}:{self.line['line']} (click opens it)"
                             if self.line else "")

    def open_line(self) -> None:
        if self.line is None:
            return
        result = open_source(self.line["file"], self.line["line"])
        if isinstance(result, str):
            self.show_error(result)

    def jump(self, model: ConnectionModel, index: QModelIndex) -> None:
        """A double-click: select the object at the row's other end."""
        other = model.object_at(index.row())
        if other is not None:
            self.broker.choose(other["id"], object_label(other))
