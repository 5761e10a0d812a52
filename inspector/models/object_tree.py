"""The remote QObject tree, loaded lazily and kept live.

Nodes are made from the probe's :class:`~probe.wire.qt_objects.ObjectNode`. A node whose
children were not fetched yet
reports ``canFetchMore``; the model then emits ``fetchRequested(id)`` and the pane
answers with :meth:`ObjectTreeModel.set_children`. Lifecycle notifications insert and
remove single rows, so nothing the user expanded collapses. Qt Quick items show their
QML id and type (``qmlId``/``qmlType`` in the probe's nodes): ``submitButton : Button``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QFont

from inspector.models.columns import Column, Columns, Index, muted
from probe.wire._shared import ObjectSummary
from probe.wire.qt_objects import ObjectNode


class Node:
    """One remote object; ``children`` is None until fetched."""

    __slots__ = ("child_count", "children", "class_name", "fetching", "id", "is_widget",
                 "object_name", "parent", "path", "qml_id", "qml_type", "visible")

    def __init__(self, info: ObjectNode, parent: Node | None) -> None:
        self.id: str = info["id"]
        self.parent = parent
        self.children: list[Node] | None = None
        self.fetching = False
        self.class_name = ""
        self.object_name = ""
        self.path = ""
        self.child_count = 0
        self.is_widget = False
        self.visible: bool | None = None
        self.qml_id = ""
        self.qml_type = ""
        self.update(info)

    def update(self, info: ObjectNode) -> None:
        self.class_name = info["className"]
        self.object_name = info["objectName"]
        self.path = info["path"]
        self.child_count = info["childCount"]
        self.is_widget = info["isWidget"]
        self.visible = info["visible"]
        self.qml_id = info.get("qmlId", "")
        self.qml_type = info.get("qmlType", "")

    @property
    def label(self) -> str:
        return self.object_name or self.class_name

    @property
    def display(self) -> str:
        """The Object column: ``id : Type`` for QML items (objectName too if it differs)."""
        if not self.qml_type:
            return self.label
        name = self.qml_id or self.object_name
        text = f"{name} : {self.qml_type}" if name else self.qml_type
        if self.object_name and self.qml_id and self.object_name != self.qml_id:
            text += f"  ({self.object_name})"
        return text

    def has_children(self) -> bool:
        return bool(self.children) if self.children is not None else self.child_count > 0


def _tip(node: Node) -> str:
    qml = (f"\nQML {node.qml_type}" + (f", id {node.qml_id}" if node.qml_id else "")
           if node.qml_type else "")
    return f"{node.path}\n{node.class_name} {node.id}{qml}"


def _hidden(node: Node) -> bool:
    return node.is_widget and node.visible is False


def _unnamed(node: Node) -> bool:
    return not (node.object_name or node.qml_id)


_Column = Column[Node]


class ObjectTreeModel(Columns[Node], QAbstractItemModel):
    """Columns: object (objectName or class), class, id."""

    COLUMNS = (_Column("Object", lambda n: n.display, tip=_tip,
                       tone=lambda n: "muted" if _unnamed(n) or _hidden(n) else None),
               _Column("Class", lambda n: n.class_name, tip=_tip,
                       tone=lambda n: "muted" if _hidden(n) else None),
               _Column("Id", lambda n: n.id, tip=_tip, tone=muted))
    fetchRequested = Signal(str)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.root = Node({"id": "", "path": "", "className": "", "objectName": "",
                          "isWidget": False, "visible": None, "enabled": None,
                          "childCount": 0}, None)
        self.root.children = []
        self.nodes: dict[str, Node] = {}
        self.by_path: dict[str, Node] = {}

    # ---------------------------------------------------------------- building

    def _make(self, info: ObjectNode, parent: Node) -> Node:
        node = Node(info, parent)
        self.nodes[node.id] = node
        if node.path:
            self.by_path[node.path] = node
        if "children" in info:
            node.children = [self._make(k, node) for k in info["children"]]
            node.child_count = max(node.child_count, len(node.children))
        return node

    def _forget(self, node: Node) -> None:
        self.nodes.pop(node.id, None)
        if node.path and self.by_path.get(node.path) is node:
            del self.by_path[node.path]
        for child in node.children or ():
            self._forget(child)

    def reset_roots(self, roots: list[ObjectNode]) -> None:
        """Replace the whole tree (after connecting)."""
        self.beginResetModel()
        self.nodes.clear()
        self.by_path.clear()
        self.root.children = [self._make(r, self.root) for r in roots]
        self.endResetModel()

    def clear(self) -> None:
        self.reset_roots([])

    def set_children(self, node_id: str | None, children: list[ObjectNode]) -> None:
        """Children of ``node_id`` (None: the roots) arrived; insert or merge them."""
        node = self.root if not node_id else self.nodes.get(node_id)
        if node is None:
            return
        node.fetching = False
        if node.children is None:
            index = self.index_of(node)
            if children:
                self.beginInsertRows(index, 0, len(children) - 1)
                node.children = [self._make(c, node) for c in children]
                self.endInsertRows()
            else:
                node.children = []
            node.child_count = len(children)
            self._changed(node)
        else:
            self.merge(node, children)

    def merge(self, node: Node, children: list[ObjectNode]) -> None:
        """Add children not shown yet and descend into those with loaded subtrees."""
        assert node.children is not None
        known = {c.id: c for c in node.children}
        fresh = [c for c in children if c["id"] not in known]
        for info in children:
            existing = known.get(info["id"])
            if existing is None:
                continue
            existing.update(info)
            if "children" in info:
                if existing.children is None:
                    existing.fetching = True
                self.set_children(existing.id, info["children"])
        if fresh:
            first = len(node.children)
            self.beginInsertRows(self.index_of(node), first, first + len(fresh) - 1)
            node.children.extend(self._make(c, node) for c in fresh)
            self.endInsertRows()
        node.child_count = max(node.child_count, len(node.children))

    # ---------------------------------------------------------------- live updates

    def parent_of(self, info: ObjectSummary) -> Node | None:
        """The known node a created object hangs under (by its path)."""
        if "/" not in info["path"]:
            return self.root
        return self.by_path.get(info["path"].rsplit("/", 1)[0])

    def add_created(self, info: ObjectSummary) -> None:
        """An object appeared in the app: show it if its parent's children are shown."""
        if info["id"] in self.nodes:
            self.nodes[info["id"]].update({**info})
            return
        parent = self.parent_of(info)
        if parent is None:
            return
        if parent.children is None:
            had = parent.has_children()
            parent.child_count += 1
            if not had:
                self._changed(parent)
            return
        row = len(parent.children)
        self.beginInsertRows(self.index_of(parent), row, row)
        parent.children.append(self._make({**info}, parent))
        self.endInsertRows()
        parent.child_count = len(parent.children)

    def remove(self, node_id: str) -> bool:
        """An object died: remove its row (and its subtree) if shown."""
        node = self.nodes.get(node_id)
        if node is None or node.parent is None or node.parent.children is None:
            return False
        siblings = node.parent.children
        try:
            row = next(i for i, n in enumerate(siblings) if n is node)
        except StopIteration:
            return False
        self.beginRemoveRows(self.index_of(node.parent), row, row)
        del siblings[row]
        self.endRemoveRows()
        node.parent.child_count = len(siblings)
        self._forget(node)
        return True

    def _changed(self, node: Node) -> None:
        if node is self.root:
            return
        left = self.index_of(node)
        self.dataChanged.emit(left, left.siblingAtColumn(len(self.COLUMNS) - 1))

    # ---------------------------------------------------------------- lookup

    def node_of(self, index: Index) -> Node:
        if not index.isValid():
            return self.root
        node = index.internalPointer()
        return node if isinstance(node, Node) else self.root

    def index_of(self, node: Node, column: int = 0) -> QModelIndex:
        if node is self.root or node.parent is None or node.parent.children is None:
            return QModelIndex()
        for row, sibling in enumerate(node.parent.children):
            if sibling is node:
                return self.createIndex(row, column, node)
        return QModelIndex()

    def find(self, node_id: str) -> QModelIndex:
        node = self.nodes.get(node_id)
        return self.index_of(node) if node is not None else QModelIndex()

    # ---------------------------------------------------------------- Qt model

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        node = self.node_of(parent)
        if node.children is None or not 0 <= row < len(node.children):
            return QModelIndex()
        return self.createIndex(row, column, node.children[row])

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid():
            return QModelIndex()
        node = self.node_of(index)
        return self.index_of(node.parent) if node.parent is not None else QModelIndex()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid() and parent.column() != 0:
            return 0
        node = self.node_of(parent)
        return len(node.children) if node.children is not None else 0

    def hasChildren(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        if parent.isValid() and parent.column() != 0:
            return False
        return self.node_of(parent).has_children()

    def canFetchMore(self, parent: Index) -> bool:
        node = self.node_of(parent)
        return node.children is None and node.child_count > 0 and not node.fetching

    def fetchMore(self, parent: Index) -> None:
        node = self.node_of(parent)
        if node.children is None and not node.fetching:
            node.fetching = True
            self.fetchRequested.emit(node.id)

    def row_at(self, index: Index) -> Node | None:
        return self.node_of(index) if index.isValid() else None

    def style(self, node: Node, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.FontRole and column == 0 and _unnamed(node):
            font = QFont()
            font.setItalic(True)
            return font
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


class ObjectFilter(QSortFilterProxyModel):
    """Case-insensitive match of the name, class or id; parents of matches stay visible."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setRecursiveFilteringEnabled(True)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(-1)
