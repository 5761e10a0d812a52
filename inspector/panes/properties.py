"""Properties pane: read and edit the selected object's properties in place.

Values follow the app live: the pane subscribes to each property's notify signal and
reads again the properties whose signal fired. An edit is sent to the app; a refused one
shows the probe's error and the row keeps the value the app really has.
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

from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.models.log_model import clock
from inspector.models.properties import PropertyModel
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import ObjectPane, describe_error, register_pane
from inspector.widgets.property_editors import PropertyDelegate
from probe.exceptions import QtmcpError, RemoteError
from probe.wire._shared import Source
from probe.wire.qt_signals import Emission


@register_pane("properties", "Properties", order=1, kind="details", refresh=True)
class PropertiesPane(ObjectPane):
    """Grouped property tree with type-specific editors."""

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
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
        self.source = self.source_link()  # where the object was made; a click opens it
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
        layout.addWidget(self.source)
        layout.addLayout(bar)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.note)
        layout.addWidget(self.status)

        self.model.editRequested.connect(
            lambda name, value: self.run(self.set_property(name, value)))
        self._reread_timer = QTimer(self)
        self._reread_timer.setSingleShot(True)
        self._reread_timer.setInterval(60)
        self._reread_timer.timeout.connect(lambda: self.run(self._reread_stale()))
        probe.on_emission(self._on_emitted)

    # ---------------------------------------------------------------- loading

    def clear(self) -> None:
        self.title.setText("Select an object in the tree")
        self.source.show_source(None)
        self.model.clear()
        self.note.setText("")
        self._drop_subscriptions()

    async def load(self, object_id: str) -> None:
        self._drop_subscriptions()
        listing, source = await asyncio.gather(self.probe.properties(object_id),
                                               self._source(object_id))
        if object_id != self.object_id:
            return
        self.title.setText(self.object_label)
        self.source.show_source(source)
        self.model.load(listing)
        self.view.expandAll()
        self._show_snapshot_note()
        await self._subscribe_notify(object_id)

    async def _source(self, object_id: str) -> Source | None:
        try:
            return await self.probe.object_source(object_id)
        except QtmcpError:  # an older probe, a gone object: the properties say it
            return None

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
            now = await self.probe.set_property(object_id, name, value)
        except QtmcpError as exc:
            if object_id == self.object_id:
                self.last_error = f"{name}: {describe_error(exc)}"
                self.model.reject(name, describe_error(exc))
                self.show_error(self.last_error)
            return False
        if object_id == self.object_id:
            self.last_error = ""
            self.show_info("")
            self.model.confirm(name, now)
            await self.reread_snapshots(object_id)
        return True

    async def reread_snapshots(self, object_id: str) -> list[str]:
        """Read again the properties no signal follows: an edit may have changed them
        (``displayText`` after ``text``); returns those that changed."""
        return await self._read_again(object_id, {p.name for p in self.model.snapshots()})

    async def _read_again(self, object_id: str, names: set[str], *,
                          only_changed: bool = False) -> list[str]:
        """Take the values of ``names`` from a new listing; with ``only_changed`` a row
        whose value is the same keeps its state (the error of an edit the app refused)."""
        if not names:
            return []
        try:
            listing = await self.probe.properties(object_id)
        except QtmcpError:
            return []
        if object_id != self.object_id:
            return []
        if only_changed:
            rows = self.model.by_name
            names = {i["name"] for i in listing["properties"]
                     if i["name"] in names and i["name"] in rows
                     and rows[i["name"]].value != i["value"]}
        changed = self.model.update_values(listing, names)
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
                sub = await self.probe.subscribe_signal(object_id, signal)
            except QtmcpError:
                return  # values still refresh on demand
            if object_id == self.object_id:
                self.subscriptions[sub] = names
            else:
                self.run(self._unsubscribe([sub]))

        await asyncio.gather(*(one(s, n) for s, n in wanted.items()))
        if object_id == self.object_id:
            # a change between the listing and the subscriptions sent no emission we heard
            await self._read_again(object_id, {n for names in wanted.values() for n in names},
                                   only_changed=True)

    def _drop_subscriptions(self) -> None:
        subs, self.subscriptions = list(self.subscriptions), {}
        self._stale.clear()
        if subs and self.probe.is_connected:
            self.run(self._unsubscribe(subs))

    async def _unsubscribe(self, subs: list[str]) -> None:
        for sub in subs:
            try:
                await self.probe.unsubscribe_signal(sub)
            except RemoteError:
                pass
            except QtmcpError:
                return

    def _on_emitted(self, emission: Emission) -> None:
        names = self.subscriptions.get(emission["subscriptionId"])
        if names:
            self._stale.update(names)
            if not self._reread_timer.isActive():
                self._reread_timer.start()

    async def _reread_stale(self) -> None:
        names, self._stale = sorted(self._stale), set()
        object_id = self.object_id
        if object_id is None:
            return
        for name in names:
            try:
                value = await self.probe.property_value(object_id, name)
            except QtmcpError:
                continue
            if object_id == self.object_id:
                self.model.set_value(name, value)
        if names and object_id is not None and object_id == self.object_id:
            await self.reread_snapshots(object_id)  # what depends on them has no signal

    def on_lost(self) -> None:
        self.subscriptions.clear()
