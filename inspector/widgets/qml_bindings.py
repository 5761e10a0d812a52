"""QML bindings (the lower half of the Quick items tool): what the chosen Qt Quick item's
declaration sets, and how.

Each property its .qml declaration sets: the value now, the binding's expression (or a
literal), what the expression reads (expand a binding: each property with its value now
and whose it is) and the binding loops Qt reported (in red). An item that was not made
by QML (a widget, a plain QObject) has none: it says so.
"""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTreeView, QVBoxLayout, QWidget

from inspector.link.client import ProbeClient
from inspector.models.bindings import BindingModel
from inspector.models.broker import Broker
from inspector.models.columns import filter_proxy
from inspector.style.words import counted
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import ObjectPane
from probe.exceptions import RemoteError

#: The probe's answer for an object QML did not make (or whose declaration it cannot
#: find): no bindings to show, not a failure.
NOT_QML = ("NOT_SUPPORTED",)


class BindingsPane(ObjectPane):
    """The item's declared properties, bindings with their dependencies, loops: the lower
    half of the Quick items tool (a details tab would not fit beside the other three at
    1284 px: their bar then scrolls and cuts "Properties")."""

    NAME = "bindings"
    TITLE = "QML bindings"

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.model = BindingModel(self)
        self.proxy = filter_proxy(self.model, self)
        self.proxy.setRecursiveFilteringEnabled(True)

        self.title = ElidedLabel("Select a Qt Quick item", self)
        self.title.setObjectName("bindingsTitle")
        self.filter = self.make_filter("Filter properties (Ctrl+F)")
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.view = QTreeView(self)
        self.view.setObjectName("bindingsView")
        self.view.setModel(self.proxy)
        self.view.setUniformRowHeights(True)
        self.view.setAlternatingRowColors(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        for col in (0, 1, 3, 4):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.add_hint(self.view, lambda: self.object_hint(
            "The properties its QML declaration sets show here: bindings with what they "
            "read, literal values, binding loops."))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title)
        layout.addWidget(self.filter)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.status)

    def clear(self) -> None:
        self.model.show(None)
        self.title.setText("Select a Qt Quick item")

    async def load(self, object_id: str) -> None:
        try:
            answer = await self.probe.qml_bindings(object_id)
        except RemoteError as exc:
            if exc.name not in NOT_QML or object_id != self.object_id:
                raise
            self.model.show(None)
            self.title.setText(f"{self.object_label}: no QML declaration")
            self.show_info(exc.message)
            return
        if object_id != self.object_id:
            return
        self.model.show(answer)
        self.view.expandAll()
        bound = sum(1 for p in answer["properties"] if p["bound"])
        loops = self.model.loops
        where = answer["file"].rsplit("/", 1)[-1] if answer["file"] else "?"
        self.title.setText(
            f"{answer['type']} {answer['qmlId'] or ''} ({answer['objectId']}) · {where} · "
            f"{counted(bound, 'binding')} of {counted(len(answer['properties']), 'property')}"
            + (f" · binding loop at {', '.join(loops)}" if loops else ""))
        self.refresh_hints()
