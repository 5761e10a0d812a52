"""Object tree pane: the app's QObject hierarchy, fetched as the user expands it.

Expanding a node asks the probe for one level under it; objects created and destroyed in
the app are reported as they come (the probe's lifecycle reports, turned on once
connected). Typing in the filter loads the rest of the tree once so a deep object can be
found, then shows matches with their parents. The tree is where a chosen object is
looked up: a choice made in another pane (or by an agent's highlight) selects it here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QModelIndex, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QMenu,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.models.object_tree import Node, ObjectFilter, ObjectTreeModel
from inspector.widgets.pane import Pane, describe_error, register_pane
from probe.exceptions import QtmcpError, RemoteError
from probe.wire._shared import ObjectSummary
from probe.wire.qt_objects import Lifecycle

#: How deep and how many nodes "load everything" fetches for the filter.
FULL_DEPTH = 64
FULL_MAX_NODES = 20000


@register_pane("objects", "Objects", order=2, kind="tool", details=True, refresh=True,
               tip="Every QObject of the app as a tree")
class ObjectsPane(Pane):
    """Tree of objects; emits ``objectSelected(id, label)`` when the user chooses one."""

    objectSelected = Signal(str, str)

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.model = ObjectTreeModel(self)
        self.proxy = ObjectFilter(self)
        self.proxy.setSourceModel(self.model)
        self.full_loaded = False
        self._pending_created: list[ObjectSummary] = []
        self._pending_destroyed: list[str] = []
        #: the object the user chose (here or in another pane): filtering or the tree
        #: changing never replaces it, only another choice does
        self.chosen: str | None = None
        self._keeping = False
        #: selecting what another pane chose: do not announce it as a new choice
        self._echo_off = False

        self.filter = self.make_filter("Filter by name, class or id (Ctrl+F)")
        self.filter.textChanged.connect(lambda _t: self._filter_timer.start())
        self._filter_timer = QTimer(self)
        self._filter_timer.setSingleShot(True)
        self._filter_timer.setInterval(200)
        self._filter_timer.timeout.connect(self._apply_filter)
        bar = self.filter_bar(self.filter, "Reload the tree from the app (F5)")

        self.view = QTreeView(self)
        self.view.setObjectName("objectTree")
        self.view.setModel(self.proxy)
        self.view.setUniformRowHeights(True)
        self.view.setAlternatingRowColors(True)
        self.view.setIndentation(14)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._context_menu)
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.view.setColumnWidth(1, 130)
        self.view.selectionModel().currentRowChanged.connect(self._current_changed)
        self.add_hint(self.view, lambda: (
            f"No object matches “{self.filter.text()}”." if self.filter.text() else
            self.connected_or("The app's QObject tree loads here; expand a node for its "
                              "children.")))
        self.add_shortcut(QKeySequence.StandardKey.Copy,
                          "copy the chosen object's id (object tree)", self.copy_id, self.view)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.status)

        self.model.fetchRequested.connect(lambda node_id: self.run(self._fetch(node_id)))
        self.objectSelected.connect(broker.choose)
        broker.objectChosen.connect(self._chosen_elsewhere)
        # Lifecycle bursts (a dialog opening) are applied together, like log rows.
        self._lifecycle_timer = QTimer(self)
        self._lifecycle_timer.setSingleShot(True)
        self._lifecycle_timer.setInterval(50)
        self._lifecycle_timer.timeout.connect(self._apply_lifecycle)
        probe.on_lifecycle(self._on_lifecycle)

    # ---------------------------------------------------------------- loading

    def on_connected(self) -> None:
        self.full_loaded = False
        self.chosen = None  # ids are per session
        self.model.clear()
        self.run(self.load_roots())

    def refresh(self) -> None:
        if self.probe.is_connected:
            self.full_loaded = False
            self.run(self.load_roots(keep_selection=True))

    async def load_roots(self, keep_selection: bool = False) -> None:
        selected = self.chosen if keep_selection else None
        try:
            roots = await self.probe.object_tree()
        except QtmcpError as exc:
            self.show_error(exc)
            return
        self.show_info("")
        with self._keeping_choice():
            self.model.reset_roots(roots["nodes"])
            self._expand_first_level()
        if selected and not self.select(selected):  # deep in the tree: load it all
            await self.load_all()
            self.select(selected)
        await self._enable_lifecycle()

    def _expand_first_level(self) -> None:
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, 0)
            if self.model.node_of(self.proxy.mapToSource(index)).is_widget:
                self.view.expand(index)

    async def _enable_lifecycle(self) -> None:
        try:
            await self.probe.follow_lifecycle()
        except RemoteError as exc:
            self.show_info(f"no live updates: {describe_error(exc)}")
        except QtmcpError:
            pass  # the connection went: the next one starts over

    async def _fetch(self, node_id: str) -> None:
        try:
            children = await self.probe.object_children(node_id)
        except QtmcpError as exc:
            node = self.model.nodes.get(node_id)
            if node is not None:
                node.fetching = False
            self.show_error(exc)
            return
        if children is None:  # it died meanwhile
            self.model.remove(node_id)
            return
        self.model.set_children(node_id, children)

    async def load_all(self) -> None:
        """Fetch the whole tree once and merge it (for filtering deep objects)."""
        if self.full_loaded:
            return
        self.full_loaded = True
        try:
            tree = await self.probe.object_tree(depth=FULL_DEPTH, max_nodes=FULL_MAX_NODES)
        except QtmcpError as exc:
            self.full_loaded = False
            self.show_error(exc)
            return
        with self._keeping_choice():
            self.model.merge(self.model.root, tree["nodes"])
        if tree["truncated"]:
            self.show_info(f"tree truncated at {FULL_MAX_NODES:,} objects")

    # ---------------------------------------------------------------- live updates

    def _on_lifecycle(self, report: Lifecycle) -> None:
        self._pending_created.extend(report["created"])
        self._pending_destroyed.extend(report["destroyed"])
        if report["dropped"]:  # the probe bounded a burst: the tree may miss objects
            self.show_info(f"{report['dropped']:,} object changes not shown: reload the tree")
        if not self._lifecycle_timer.isActive():
            self._lifecycle_timer.start()

    def _apply_lifecycle(self) -> None:
        created, self._pending_created = self._pending_created, []
        destroyed, self._pending_destroyed = self._pending_destroyed, []
        gone = set(destroyed)
        with self._keeping_choice():
            for info in created:
                if info["id"] not in gone:
                    self.model.add_created(info)
            for node_id in destroyed:
                self.model.remove(node_id)

    # ---------------------------------------------------------------- filter

    def _apply_filter(self) -> None:
        text = self.filter.text().strip()
        if text and not self.full_loaded and self.probe.is_connected:
            async def load_then_filter() -> None:
                await self.load_all()
                self._set_filter(self.filter.text().strip())
            self.run(load_then_filter())
        else:
            self._set_filter(text)

    def _set_filter(self, text: str) -> None:
        with self._keeping_choice():
            self.proxy.setFilterFixedString(text)
            if text:
                self.view.expandAll()

    @contextmanager
    def _keeping_choice(self) -> Iterator[None]:
        """Change the tree (filter, rows added or removed) without changing the choice:
        the view's current row may move meanwhile (Qt moves it off hidden rows), but
        nobody is told; afterwards the chosen object is current again if it is shown."""
        self._keeping = True
        try:
            yield
        finally:
            try:
                index = (self.proxy.mapFromSource(self.model.find(self.chosen))
                         if self.chosen else None)
                selection = self.view.selectionModel()
                if index is not None and index.isValid():
                    self.view.setCurrentIndex(index)
                    self.view.scrollTo(index)
                else:
                    selection.clearCurrentIndex()
                    selection.clearSelection()
            finally:
                self._keeping = False

    # ---------------------------------------------------------------- selection

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._keeping or not current.isValid():
            return  # the tree changed under the choice, or nothing is current: no choice
        node = self.model.node_of(self.proxy.mapToSource(current))
        if node is not self.model.root:
            self._choose(node)

    def _choose(self, node: Node) -> None:
        if not self.status.styleSheet():  # an info line belongs to the old selection
            self.show_info("")
        self.chosen = node.id
        if not self._echo_off:
            self.objectSelected.emit(node.id, f"{node.label} ({node.class_name} {node.id})")

    def selected_node(self) -> Node | None:
        index = self.view.currentIndex()
        if not index.isValid():
            return None
        node = self.model.node_of(self.proxy.mapToSource(index))
        return None if node is self.model.root else node

    def selected_id(self) -> str | None:
        node = self.selected_node()
        return node.id if node else None

    def _chosen_elsewhere(self, object_id: str, _label: str) -> None:
        """Another pane (or an agent's highlight) chose ``object_id``: select it here,
        loading the whole tree first if needed, without choosing it again."""
        if not object_id or object_id == self.chosen:
            return

        async def load_then_select() -> None:
            await self.load_all()
            self._select_quietly(object_id)

        if not self._select_quietly(object_id) and self.probe.is_connected:
            self.run(load_then_select())

    def _select_quietly(self, object_id: str) -> bool:
        self.chosen = object_id
        self._echo_off = True
        try:
            return self.select(object_id)
        finally:
            self._echo_off = False

    def select(self, node_id: str) -> bool:
        """Choose ``node_id`` (it must be loaded; False if it is not): it becomes current,
        or, hidden by the filter, stays chosen until the filter shows it."""
        source = self.model.find(node_id)
        if not source.isValid():
            return False
        index = self.proxy.mapFromSource(source)
        if not index.isValid():
            self._choose(self.model.node_of(source))
            return True
        self.view.scrollTo(index)
        if self.view.currentIndex() == index:
            if self.chosen != node_id:
                self._choose(self.model.node_of(source))
        else:
            self.view.setCurrentIndex(index)
        return True

    async def reveal(self, object_name: str, timeout: float = 10.0) -> Node | None:
        """Load the tree and select the first object called ``object_name``."""
        await self.load_all()
        node = next((n for n in self.model.nodes.values() if n.object_name == object_name),
                    None)
        if node is None:
            return None
        parent = node.parent
        while parent is not None and parent is not self.model.root:
            self.view.expand(self.proxy.mapFromSource(self.model.index_of(parent)))
            parent = parent.parent
        await asyncio.sleep(0)
        self.select(node.id)
        return node

    # ---------------------------------------------------------------- copy

    def copy_id(self) -> str | None:
        node = self.selected_node()
        if node is None:
            return None
        QGuiApplication.clipboard().setText(node.id)
        self.show_info(f"copied {node.id}")
        return node.id

    def _context_menu(self, pos: QPoint) -> None:
        node = self.selected_node()
        if node is None:
            return
        menu = QMenu(self)
        menu.addAction(f"Copy id ({node.id})", self.copy_id)
        menu.addAction("Copy path", lambda: QGuiApplication.clipboard().setText(node.path))
        if node.object_name:
            menu.addAction("Copy objectName",
                           lambda: QGuiApplication.clipboard().setText(node.object_name))
        menu.exec(self.view.viewport().mapToGlobal(pos))
