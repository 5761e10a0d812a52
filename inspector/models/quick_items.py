"""The Quick items pane's tree: what Qt Quick paints, in stacking order, with each item's
QML type and id, scene geometry, visibility and z."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QStandardItem, QStandardItemModel

from inspector.link.replies import QuickItem
from inspector.style import theme

COLUMNS = ("Item", "Geometry", "Visible", "z", "Id")
#: The role holding a row's object id (``#N``).
ID_ROLE = Qt.ItemDataRole.UserRole + 1


def item_label(item: QuickItem) -> str:
    """``submitButton : Button``, or the bare type for an item without an id."""
    kind = item.type or item.class_name or "?"
    return f"{item.qml_id} : {kind}" if item.qml_id else kind


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
        geometry = " ".join(str(v) for v in item.geometry)
        cells = [QStandardItem(item_label(item)), QStandardItem(geometry),
                 QStandardItem("" if item.visible is None else
                               ("yes" if item.visible else "no")),
                 QStandardItem(_number(item.z)), QStandardItem(item.id)]
        tip = f"{item.class_name} {item.id}"
        if item.source_file:
            tip += f"\n{item.source_file}" + (f":{item.source_line}" if item.source_line
                                               else "")
        for cell in cells:
            cell.setData(item.id, ID_ROLE)
            cell.setToolTip(tip)
            cell.setEditable(False)
            if item.visible is False:
                cell.setForeground(QBrush(theme.accent("muted")))
        if not item.qml_id:
            cells[0].setForeground(QBrush(theme.accent("muted")))
        parent.appendRow(cells)
        self.by_id.setdefault(item.id, cells[0])
        for child in item.children:
            self._add(cells[0], child)
