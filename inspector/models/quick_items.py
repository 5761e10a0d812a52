"""The Quick items pane's tree: what Qt Quick paints, in stacking order, with each item's
QML type and id, scene geometry, visibility and z."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QModelIndex, Qt

from inspector.models.columns import Column, NodeTree, TreeNode
from probe.wire.qml import Item as QuickItem

#: The role holding a row's object id (``#N``).
ID_ROLE = Qt.ItemDataRole.UserRole + 1


def item_label(item: QuickItem) -> str:
    """``submitButton : Button``, or the bare type for an item without an id."""
    kind = item["type"] or item["className"] or "?"
    return f"{item['qmlId']} : {kind}" if item["qmlId"] else kind


def _number(value: float | None) -> str:
    """z as written in QML: 1000001 not 1e+06, 0.5 as is."""
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else f"{value:.3g}"


@dataclass(eq=False)
class QuickNode(TreeNode):
    item: QuickItem


def _tip(node: QuickNode) -> str:
    item = node.item
    tip = f"{item['className']} {item['id']}"
    source = item.get("source")
    if source is not None:
        line = source.get("line")
        tip += f"\n{source['file']}" + (f":{line}" if line else "")
    return tip


def _hidden(node: QuickNode) -> str | None:
    return "muted" if node.item["visible"] is False else None


def _visible(node: QuickNode) -> str:
    visible = node.item["visible"]
    return "" if visible is None else ("yes" if visible else "no")


_Column = Column[QuickNode]


class QuickItemModel(NodeTree[QuickNode]):
    """One row per item; ``by_id`` finds an item's node by its ``#N``."""

    COLUMNS = (
        _Column("Item", lambda n: item_label(n.item), tip=_tip,
                tone=lambda n: _hidden(n) or (None if n.item["qmlId"] else "muted")),
        _Column("Geometry", lambda n: " ".join(str(v) for v in n.item["geometry"]), tip=_tip,
                tone=_hidden),
        _Column("Visible", _visible, tip=_tip, tone=_hidden),
        _Column("z", lambda n: _number(n.item.get("z")), tip=_tip, tone=_hidden),
        _Column("Id", lambda n: n.item["id"], tip=_tip, tone=_hidden))

    def __init__(self, parent: Any = None) -> None:
        super().__init__(QuickNode(item={}), parent)  # pyright: ignore[reportArgumentType]  # the invisible root shows nothing
        self.by_id: dict[str, QuickNode] = {}

    def fill(self, items: list[QuickItem]) -> None:
        self.beginResetModel()
        self.root.children.clear()
        self.by_id.clear()
        for item in items:
            self._add(self.root, item)
        self.endResetModel()

    def _add(self, parent: QuickNode, item: QuickItem) -> None:
        node = parent.adopt(QuickNode(item=item))
        self.by_id.setdefault(item["id"], node)
        for child in item.get("children", []):
            self._add(node, child)

    def find(self, object_id: str) -> QModelIndex:
        """The first cell of the item ``object_id`` (invalid for none)."""
        node = self.by_id.get(object_id)
        return self.index_of(node) if node is not None else QModelIndex()

    def style(self, node: QuickNode, column: int, role: int) -> Any:
        return node.item["id"] if role == ID_ROLE else None
