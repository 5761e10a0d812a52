"""Properties pane: read and edit the selected object's properties in place.

Values follow the app live: the pane subscribes to each property's notify signal
(``qt.signals.subscribe``) and re-reads the properties whose signal fired. An edit is
sent with ``qt.properties.set``; a refused one shows the probe's error and the row
keeps the value the app really has.
"""

from __future__ import annotations

import asyncio
from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from inspector.connection import Connection
from inspector.models.logmodel import clock
from inspector.models.properties import PropertyModel
from inspector.panes.base import ObjectPane, describe_error
from inspector.panes.editors import PropertyDelegate
from inspector.panes.hints import ElidedLabel
from probe.exceptions import QtmcpError, RemoteError


class PropertiesPane(ObjectPane):
    """Grouped property tree with type-specific editors."""

    TITLE = "Properties"
    NAME = "properties"

    def __init__(self, conn: Connection, parent: QWidget | None = None) -> None:
        super().__init__(conn, parent)
        self.model = PropertyModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setRecursiveFilteringEnabled(True)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(0)
        self.subscriptions: dict[str, list[str]] = {}
        self._stale: set[str] = set()
        self.last_error = ""

        self.title = ElidedLabel("Select an object in the tree", self)
        self.note = ElidedLabel("", self)
        self.note.setObjectName("propertiesNote")
        self.title.setObjectName("propertiesTitle")
        self.filter = self.make_filter("Filter properties (Ctrl+F)")
        self.filter.textChanged.connect(self._filter_changed)
        bar = self.filter_bar(self.filter, "Read every property again (F5)")

        self.view = QTreeView(self)
        self.view.setObjectName("propertyView")
        self.view.setModel(self.proxy)
        self.view.setItemDelegate(PropertyDelegate(self.model, self.proxy, self.view))
        self.view.setAlternatingRowColors(True)
        self.view.setUniformRowHeights(True)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed
                                  | QAbstractItemView.EditTrigger.SelectedClicked)
        header = self.view.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        self.view.setColumnWidth(0, 150)
        self.view.setColumnWidth(2, 110)

        self.add_hint(self.view, lambda: self.object_hint(
            "Its properties show here, live and editable in place (double-click a value)."))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title)
        layout.addLayout(bar)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.note)
        layout.addWidget(self.status)

        self.model.editRequested.connect(
            lambda name, value: self.run(self.set_property(name, value)))
        self._reread = QTimer(self)
        self._reread.setSingleShot(True)
        self._reread.setInterval(60)
        self._reread.timeout.connect(lambda: self.run(self._reread_stale()))
        conn.on("qt.signals.emitted", self._on_emitted)

    # ---------------------------------------------------------------- loading

    def clear(self) -> None:
        self.title.setText("Select an object in the tree")
        self.model.clear()
        self.note.setText("")
        self._drop_subscriptions()

    async def load(self, object_id: str) -> None:
        self._drop_subscriptions()
        result = await self.conn.call("qt.properties.list", {"objectId": object_id})
        if object_id != self.object_id:
            return
        self.title.setText(self.object_label)
        self.model.load(result)
        self.view.expandAll()
        self._show_snapshot_note()
        await self._subscribe_notify(object_id)

    def _filter_changed(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)
        self.view.expandAll()

    # ---------------------------------------------------------------- editing

    async def set_property(self, name: str, value: Any) -> bool:
        """Set ``name`` in the app; on failure show the error and keep the app's value."""
        object_id = self.object_id
        if object_id is None:
            return False
        try:
            result = await self.conn.call("qt.properties.set", {
                "objectId": object_id, "name": name, "value": value})
        except QtmcpError as exc:
            if object_id == self.object_id:
                self.last_error = f"{name}: {describe_error(exc)}"
                self.model.reject(name, describe_error(exc))
                self.show_error(self.last_error)
            return False
        if object_id == self.object_id:
            self.last_error = ""
            self.show_info("")
            self.model.confirm(name, result.get("value"))
            await self.reread_snapshots(object_id)
        return True

    async def reread_snapshots(self, object_id: str) -> list[str]:
        """Read again the properties no signal follows: an edit may have changed them
        (``displayText`` after ``text``); returns those that changed."""
        names = {p.name for p in self.model.snapshots()}
        if not names:
            return []
        try:
            result = await self.conn.call("qt.properties.list", {"objectId": object_id})
        except QtmcpError:
            return []
        if object_id != self.object_id:
            return []
        changed = self.model.update_values(result, names)
        self._show_snapshot_note()
        return changed

    def _show_snapshot_note(self) -> None:
        snaps = self.model.snapshots()
        if snaps:
            read = max(p.read_at for p in snaps)
            self.note.setText(f"{len(snaps)} values in italics are snapshots read at "
                              f"{clock(read)} (no notify signal); F5 reads them again")
        else:
            self.note.setText("")

    # ---------------------------------------------------------------- live values

    async def _subscribe_notify(self, object_id: str) -> None:
        wanted: dict[str, list[str]] = {}
        for prop in self.model.by_name.values():
            if prop.notify:
                wanted.setdefault(prop.notify, []).append(prop.name)

        async def one(signal: str, names: list[str]) -> None:
            try:
                reply = await self.conn.call("qt.signals.subscribe",
                                             {"objectId": object_id, "signal": signal})
            except QtmcpError:
                return  # values still refresh on demand
            sub = str(reply.get("subscriptionId"))
            if object_id == self.object_id:
                self.subscriptions[sub] = names
            else:
                self.run(self._unsubscribe([sub]))

        await asyncio.gather(*(one(s, n) for s, n in wanted.items()))

    def _drop_subscriptions(self) -> None:
        subs, self.subscriptions = list(self.subscriptions), {}
        self._stale.clear()
        if subs and self.conn.is_connected:
            self.run(self._unsubscribe(subs))

    async def _unsubscribe(self, subs: list[str]) -> None:
        for sub in subs:
            try:
                await self.conn.call("qt.signals.unsubscribe", {"subscriptionId": sub})
            except RemoteError:
                pass
            except QtmcpError:
                return

    def _on_emitted(self, params: dict[str, Any]) -> None:
        names = self.subscriptions.get(str(params.get("subscriptionId")))
        if names:
            self._stale.update(names)
            if not self._reread.isActive():
                self._reread.start()

    async def _reread_stale(self) -> None:
        names, self._stale = sorted(self._stale), set()
        object_id = self.object_id
        for name in names:
            try:
                reply = await self.conn.call("qt.properties.get",
                                             {"objectId": object_id, "name": name})
            except QtmcpError:
                continue
            if object_id == self.object_id:
                self.model.set_value(name, reply.get("value"))
        if names and object_id is not None and object_id == self.object_id:
            await self.reread_snapshots(object_id)  # what depends on them has no signal

    def on_lost(self) -> None:
        self.subscriptions.clear()
