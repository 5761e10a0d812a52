"""The Quick items pane's tree: what Qt Quick paints, in stacking order, with each item's
QML type and id, scene geometry, visibility and z."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QStandardItem, QStandardItemModel

from inspector.style import theme
from probe.wire.qml import Item as QuickItem

COLUMNS = ("Item", "Geometry", "Visible", "z", "Id")
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


class QuickItemModel(QStandardItemModel):
    """One row per item; ``by_id`` finds an item's first cell by its ``#N``."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels(list(COLUMNS))
        self.by_id: dict[str, QStandardItem] = {}

    def fill(self, items: list[QuickItem]) -> None:
        self.removeRows(0, self.rowCount())
        self.by_id.clear()
        root = self.invisibleRootItem()
        for item in items:
            self._add(root, item)

    def _add(self, parent: QStandardItem, item: QuickItem) -> None:
        geometry = " ".join(str(v) for v in item["geometry"])
        visible = item["visible"]
        cells = [QStandardItem(item_label(item)), QStandardItem(geometry),
                 QStandardItem("" if visible is None else ("yes" if visible else "no")),
                 QStandardItem(_number(item.get("z"))), QStandardItem(item["id"])]
        tip = f"{item['className']} {item['id']}"
        source = item.get("source")
        if source is not None:
            line = source.get("line")
            tip += f"\n{source['file']}" + (f":{line}" if line else "")
        for cell in cells:
            cell.setData(item["id"], ID_ROLE)
            cell.setToolTip(tip)
            cell.setEditable(False)
            if visible is False:
                cell.setForeground(QBrush(theme.accent("muted")))
        if not item["qmlId"]:
            cells[0].setForeground(QBrush(theme.accent("muted")))
        parent.appendRow(cells)
        self.by_id.setdefault(item["id"], cells[0])
        for child in item.get("children", []):
            self._add(cells[0], child)
