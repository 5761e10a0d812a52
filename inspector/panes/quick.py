"""Qt Quick pane: the visual item tree of the app's QQuickWindows (``qml.tree``).

The object tree shows QObject parents; this shows what Qt Quick paints, in stacking
order, with each item's QML type and id, scene geometry, visibility and z. Selecting an
item selects it everywhere (``objectSelected``); :meth:`QuickPane.select_object` does the
reverse. A widgets app has no Quick items: the pane says so instead of a tree. The tree
reloads (debounced) when objects are created or destroyed, e.g. by a ListView.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QStackedWidget,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from inspector import theme
from inspector.connection import Connection
from inspector.panes.base import Pane
from inspector.panes.hints import ElidedLabel
from probe.exceptions import QtmcpError, RemoteError

COLUMNS = ("Item", "Geometry", "Visible", "z", "Id")
ID_ROLE = Qt.ItemDataRole.UserRole + 1
NO_QUICK = "No Qt Quick window in this app: its objects are in the Objects pane."


def item_label(node: dict[str, Any]) -> str:
    """``submitButton : Button``, or the bare type for an item without an id."""
    qid = node.get("qmlId")
    kind = str(node.get("type") or node.get("className") or "?")
    return f"{qid} : {kind}" if qid else kind


def _number(value: Any) -> str:
    """z as written in QML: 1000001 not 1e+06, 0.5 as is."""
    if not isinstance(value, (int, float)):
        return ""
    return str(int(value)) if float(value).is_integer() else f"{value:.3g}"


class QuickPane(Pane):
    """qml.tree as a tree view; emits ``objectSelected(id, label)``."""

    TITLE = "Quick items"
    NAME = "quick"
    objectSelected = Signal(str, str)

    def __init__(self, conn: Connection, parent: QWidget | None = None) -> None:
        super().__init__(conn, parent)
        self.model = QStandardItemModel(0, len(COLUMNS), self)
        self.model.setHorizontalHeaderLabels(list(COLUMNS))
        self.by_id: dict[str, QStandardItem] = {}
        self.available: bool | None = None  # None: not asked yet
        self.count = 0
        self._syncing = False

        reload_button = QToolButton(self)
        reload_button.setText("Reload")
        reload_button.setToolTip("Read the item tree again (qml.tree)")
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
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.status)

        self._reload = QTimer(self)
        self._reload.setSingleShot(True)
        self._reload.setInterval(500)
        self._reload.timeout.connect(self.refresh)
        conn.on("qt.objects.lifecycle", self._on_lifecycle)

    # ------------------------------------------------------------ loading

    def on_connected(self) -> None:
        self.available = None
        self._fill([])
        self.refresh()

    def refresh(self) -> None:
        if self.conn.is_connected:
            self.run(self.load())

    def _on_lifecycle(self, _params: dict[str, Any]) -> None:
        if self.available and not self._reload.isActive():
            self._reload.start()

    async def load(self) -> None:
        try:
            result = await self.conn.call("qml.tree")
        except RemoteError as exc:
            if exc.name in ("QML_NOT_AVAILABLE", "METHOD_NOT_FOUND"):
                self.available = False
                self._fill([])
                self.show_info("")
                self.summary.setText("no Qt Quick")
                self.stack.setCurrentWidget(self.empty)
                return
            self.show_error(exc)
            return
        except QtmcpError as exc:
            self.show_error(exc)
            return
        self.available = True
        self.show_info("")
        self.stack.setCurrentWidget(self.view)
        keep = self.selected_id()
        self._fill(list(result.get("nodes") or []))
        self.count = int(result.get("count") or 0)
        self.summary.setText(f"{self.count} items" + (" · truncated"
                                                       if result.get("truncated") else ""))
        if keep:
            self.select_object(keep)

    def _fill(self, nodes: list[dict[str, Any]]) -> None:
        self.model.removeRows(0, self.model.rowCount())
        self.by_id.clear()
        root = self.model.invisibleRootItem()
        for node in nodes:
            self._add(root, node)
        self.view.expandToDepth(3)

    def _add(self, parent: QStandardItem, node: dict[str, Any]) -> None:
        object_id = str(node.get("id") or "")
        geo = node.get("geometry") or []
        visible = node.get("visible")
        cells = [QStandardItem(item_label(node)),
                 QStandardItem(" ".join(str(v) for v in geo) if len(geo) == 4 else ""),
                 QStandardItem("" if visible is None else ("yes" if visible else "no")),
                 QStandardItem(_number(node.get("z"))),
                 QStandardItem(object_id)]
        src = node.get("source") or {}
        tip = f"{node.get('className')} {object_id}"
        if src.get("file"):
            tip += f"\n{src['file']}" + (f":{src['line']}" if src.get("line") else "")
        for cell in cells:
            cell.setData(object_id, ID_ROLE)
            cell.setToolTip(tip)
            if visible is False:
                cell.setForeground(QBrush(theme.accent("muted")))
        if not node.get("qmlId"):
            cells[0].setForeground(QBrush(theme.accent("muted")))
        parent.appendRow(cells)
        self.by_id.setdefault(object_id, cells[0])
        for child in node.get("children") or []:
            self._add(cells[0], child)

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
            self.objectSelected.emit(object_id, f"{label} ({object_id})")

    def select_object(self, object_id: str | None) -> bool:
        """Make the row of ``object_id`` current without echoing it; False if not an item."""
        item = self.by_id.get(object_id or "")
        self._syncing = True
        try:
            if item is None:
                self.view.setCurrentIndex(QModelIndex())
                return False
            index = item.index()
            self.view.scrollTo(index)
            self.view.setCurrentIndex(index)
            return True
        finally:
            self._syncing = False
