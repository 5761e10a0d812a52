"""Qt Quick pane: the visual item tree of the app's QQuickWindows.

The object tree shows QObject parents; this shows what Qt Quick paints, in stacking
order, with each item's QML type and id, scene geometry, visibility and z. Choosing an
item chooses it everywhere; an object chosen elsewhere is selected here when it is an
item. A widgets app has no Quick items: the pane says so instead of a tree. The tree
reloads (debounced) when objects are created or destroyed, e.g. by a ListView.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.models.quick_items import ID_ROLE, QuickItemModel
from inspector.style.words import counted
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import Pane, register_pane
from inspector.widgets.qml_bindings import BindingsPane
from probe.exceptions import QtmcpError
from probe.wire.qml import Item as QuickItem
from probe.wire.qt_objects import Lifecycle

NO_QUICK = "No Qt Quick window in this app: its objects are in the Objects pane."


@register_pane("quick", "Quick items", order=3, kind="tool", details=True,
               tip="The Qt Quick item trees of the app's windows")
class QuickPane(Pane):
    """The Qt Quick item tree; choosing an item chooses it everywhere."""

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.model = QuickItemModel(self)
        self.available: bool | None = None  # None: not asked yet
        self.count = 0
        self._syncing = False

        reload_button = QToolButton(self)
        reload_button.setText("Reload")
        reload_button.setToolTip("Read the item tree again")
        reload_button.clicked.connect(self.refresh)
        self.summary = ElidedLabel("", self)
        self.summary.setObjectName("quickSummary")
        self.summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(reload_button)
        bar.addWidget(self.summary, 1)

        self.view = QTreeView(self)
        self.view.setObjectName("quickTree")
        self.view.setModel(self.model)
        self.view.setUniformRowHeights(True)
        self.view.setAlternatingRowColors(True)
        self.view.setIndentation(14)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col, width in enumerate((0, 120, 52, 36, 48)):
            if width:
                self.view.setColumnWidth(col, width)
        self.view.selectionModel().currentRowChanged.connect(self._current_changed)
        self.add_hint(self.view, lambda: self.connected_or(
            "The Qt Quick item tree (QML types and ids) loads here."))
        self.empty = QLabel(NO_QUICK, self)
        self.empty.setObjectName("quickEmpty")
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setMinimumWidth(40)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.view)
        self.stack.addWidget(self.empty)
        self.setMinimumWidth(60)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        #: the chosen item's QML bindings, under the tree
        self.bindings = BindingsPane(probe, broker, self)
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.setObjectName("quickSplit")
        split.setChildrenCollapsible(False)
        split.addWidget(self.stack)
        split.addWidget(self.bindings)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout.addWidget(split, 1)
        layout.addWidget(self.status)

        self._reload = QTimer(self)
        self._reload.setSingleShot(True)
        self._reload.setInterval(500)
        self._reload.timeout.connect(self.refresh)
        probe.on_lifecycle(self._on_lifecycle)
        broker.objectChosen.connect(lambda object_id, _label: self.select_object(object_id))

    # ------------------------------------------------------------ loading

    def on_connected(self) -> None:
        self.available = None
        self._fill([])
        self.bindings.on_connected()
        self.refresh()

    def refresh(self) -> None:
        if self.probe.is_connected:
            self.run(self.load())
            self.bindings.refresh()

    def _on_lifecycle(self, _report: Lifecycle) -> None:
        if self.available and not self._reload.isActive():
            self._reload.start()

    async def load(self) -> None:
        try:
            tree = await self.probe.quick_tree()
        except QtmcpError as exc:
            self.show_error(exc)
            return
        if tree is None:
            self.available = False
            self._fill([])
            self.show_info("")
            self.summary.setText("no Qt Quick")
            self.stack.setCurrentWidget(self.empty)
            return
        self.available = True
        self.show_info("")
        self.stack.setCurrentWidget(self.view)
        keep = self.selected_id()
        self._fill(tree["nodes"])
        self.count = tree["count"]
        self.summary.setText(counted(self.count, "item") + (" · truncated" if tree["truncated"]
                                                       else ""))
        if keep:
            self.select_object(keep)

    def _fill(self, items: list[QuickItem]) -> None:
        self.model.fill(items)
        self.view.expandToDepth(3)

    # ------------------------------------------------------------ selection

    def selected_id(self) -> str | None:
        index = self.view.currentIndex()
        return str(index.data(ID_ROLE)) if index.isValid() else None

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._syncing or not current.isValid():
            return
        object_id = str(current.data(ID_ROLE) or "")
        if object_id:
            label = str(current.siblingAtColumn(0).data())
            self.broker.choose(object_id, f"{label} ({object_id})")

    def select_object(self, object_id: str | None) -> bool:
        """Make the row of ``object_id`` current without echoing it; False if not an item."""
        index = self.model.find(object_id or "")
        self._syncing = True
        try:
            if not index.isValid():
                self.view.setCurrentIndex(QModelIndex())
                return False
            self.view.scrollTo(index)
            self.view.setCurrentIndex(index)
            return True
        finally:
            self._syncing = False
