"""Actions tool: every QAction of the app (GammaRay's action browser): its text, keys,
context, state, where it is shown and the keys it collides on; trigger or toggle the
selected one as its menu entry would (the app's own slots run, the state is read back).

Double-clicking a row selects the action in the object tools.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from inspector.link.client import ProbeClient
from inspector.models.actions import ActionTable, name_of
from inspector.models.broker import Broker
from inspector.models.columns import SORT_ROLE, filter_proxy
from inspector.style.words import counted
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import Pane, describe_error, register_pane
from probe.exceptions import QtmcpError
from probe.wire.qt_actions import ActionInfo


@register_pane("actions", "Actions", order=35, kind="tool",
               tip="Every QAction: keys, state, menus and toolbars, key conflicts; trigger")
class ActionsPane(Pane):
    """Action table, Trigger and Toggle for the selected action."""

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.model = ActionTable(self)
        self.proxy = filter_proxy(self.model, self, SORT_ROLE)
        self.loaded = False

        self.filter = self.make_filter("Filter actions (Ctrl+F)")
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.trigger_button = QPushButton("Trigger", self)
        self.trigger_button.setObjectName("actionTrigger")
        self.trigger_button.setToolTip("Trigger it as its menu entry does: the app's own "
                                       "slots run")
        self.trigger_button.clicked.connect(lambda: self.run(self.trigger()))
        self.toggle_button = QPushButton("Toggle", self)
        self.toggle_button.setObjectName("actionToggle")
        self.toggle_button.setToolTip("Check or uncheck it; the state is read back")
        self.toggle_button.clicked.connect(lambda: self.run(self.toggle()))
        bar = self.filter_bar(self.filter, "List the actions again")
        bar.addWidget(self.trigger_button)
        bar.addWidget(self.toggle_button)

        self.summary = ElidedLabel("", self)
        self.summary.setObjectName("actionSummary")
        self.view = QTableView(self)
        self.view.setObjectName("actionView")
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(self.view.fontMetrics().height() + 6)
        self.view.setAlternatingRowColors(True)
        self.view.setWordWrap(False)
        header = self.view.horizontalHeader()
        for col in range(len(ActionTable.COLUMNS)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.view.selectionModel().currentRowChanged.connect(lambda *_: self._buttons())
        self.view.doubleClicked.connect(self._choose)
        self.add_hint(self.view, lambda: (
            f"No action matches “{self.filter.text()}”." if self.filter.text()
            and self.model.rows
            else "The app has no QAction." if self.loaded
            else self.connected_or("The app's actions show here: keys, state, menus and "
                                   "toolbars, and keys that collide.")))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.status)
        self._buttons()

    # ---------------------------------------------------------------- loading

    def on_connected(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        if self.probe.is_connected:
            self.run(self.load())

    async def load(self) -> None:
        chosen = self.current()
        try:
            found = await self.probe.actions()
        except QtmcpError as exc:
            self.show_error(exc)
            return
        self.loaded = True
        self.model.set_rows(found)
        clashes = sum(1 for a in found if a["conflicts"])
        self.summary.setText(counted(len(found), "action")
                             + (f", {counted(clashes, 'key conflict')}" if clashes else ""))
        if chosen is not None:
            self.select(chosen["object"]["id"])
        self._buttons()
        self.refresh_hints()

    # ---------------------------------------------------------------- selection

    def current(self) -> ActionInfo | None:
        index = self.proxy.mapToSource(self.view.currentIndex())
        return self.model.action_of(index.row()) if index.isValid() else None

    def select(self, object_id: str) -> bool:
        """Make the action with this id current."""
        for row, a in enumerate(self.model.rows):
            if a["object"]["id"] == object_id:
                self.view.setCurrentIndex(self.proxy.mapFromSource(self.model.index(row, 0)))
                return True
        return False

    def _buttons(self) -> None:
        a = self.current()
        self.trigger_button.setEnabled(a is not None and a["enabled"])
        self.toggle_button.setEnabled(a is not None and a["enabled"] and a["checkable"])
        self.toggle_button.setText("Uncheck" if a is not None and a["checked"] else "Check"
                                   if a is not None and a["checkable"] else "Toggle")

    def _choose(self, index: QModelIndex) -> None:
        a = self.model.action_of(self.proxy.mapToSource(index).row())
        if a is not None:
            self.broker.choose(a["object"]["id"], name_of(a))

    # ---------------------------------------------------------------- acting

    async def trigger(self) -> None:
        await self._act(None)

    async def toggle(self) -> None:
        a = self.current()
        if a is not None and a["checkable"]:
            await self._act(not a["checked"])

    async def _act(self, checked: bool | None) -> None:
        a = self.current()
        if a is None:
            return
        try:
            out = await self.probe.trigger_action(a["object"]["id"], checked)
        except QtmcpError as exc:
            self.show_error(describe_error(exc))
            await self.load()
            return
        if out is None:
            self.show_info(f"{name_of(a)}: triggered; it opened a dialog that waits")
        elif not out["triggered"]:
            self.show_info(f"{name_of(a)}: already {'checked' if checked else 'unchecked'}")
        else:
            state = out.get("checked")
            self.show_info(f"{name_of(a)}: triggered" + (
                "" if state is None else f", now {'checked' if state else 'unchecked'}"))
        await self.load()
