"""A remote item model's top-level rows, fetched page by page as the user scrolls.

GammaRay's remote model in small: the row count is known up front (the model's info),
rows come in pages of ``PAGE`` when the view first asks for their data, and
``canFetchMore``/``fetchMore`` expose the rows in steps so a view of a million-row model
never asks for all of them. The model does no I/O itself: it calls
``request(offset, limit)`` and the pane answers with :meth:`RemoteTableModel.put_page`.
Each model column is shown once per chosen role (``set_roles``): with one role the
columns are the model's, with several each gets "Header · role" columns, so user roles
named by roleNames() are columns side by side. Decoration PNGs show as icons. Edits go
out through ``edit(row, column, role, value)``; the cell shows the new value when the
probe confirms it.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QPixmap

from inspector.models.values import format_value as display_text
from probe.wire.qt_models import Rows

PAGE = 100

Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()


class RemoteTableModel(QAbstractTableModel):
    """Top-level rows of one probe model; ``request`` loads a page, ``edit`` sets a cell.

    ``rows`` holds, per row, one ``{role: value}`` dict per model column.
    """

    def __init__(self, request: Callable[[int, int], None],
                 edit: Callable[[int, int, str, Any], None], parent: Any = None) -> None:
        super().__init__(parent)
        self.request = request
        self.edit = edit
        self.model_id: str | None = None
        self.headers: list[str] = []
        self.roles: list[str] = ["display"]
        self.total = 0
        self.columns = 0
        self.generation: int | None = None
        self.exposed = 0
        self.rows: dict[int, list[dict[str, Any]]] = {}
        self._icons: dict[str, QPixmap] = {}
        self.children: dict[int, bool] = {}
        self.pending: set[int] = set()
        self.editable = True
        self.page = PAGE

    # ---------------------------------------------------------------- content

    def reset(self, model_id: str | None, total: int = 0, headers: list[Any] | None = None,
              columns: int = 0, generation: int | None = None) -> None:
        """Show another model (or none); nothing is fetched until the view asks."""
        self.beginResetModel()
        self.model_id = model_id
        self.total, self.columns = total, columns
        self.headers = [display_text(h) for h in (headers or [])]
        self.generation = generation
        self.exposed = min(total, self.page)
        self.rows.clear()
        self.children.clear()
        self.pending.clear()
        self.endResetModel()

    def set_roles(self, roles: list[str]) -> None:
        """Show these roles as columns; loaded rows are dropped and fetched again."""
        self.beginResetModel()
        self.roles = list(roles) or ["display"]
        self.rows.clear()
        self.children.clear()
        self.pending.clear()
        self.endResetModel()

    def cell_of(self, column: int) -> tuple[int, str]:
        """The model column and the role a shown column stands for."""
        n = len(self.roles)
        return column // n, self.roles[column % n]

    def page_of(self, row: int) -> int:
        return row - row % self.page

    def ensure(self, row: int) -> None:
        """Ask for the page holding ``row`` unless it is here or on its way."""
        start = self.page_of(row)
        if start in self.pending or row in self.rows or self.model_id is None:
            return
        self.pending.add(start)
        self.request(start, self.page)

    def put_page(self, model_id: str, page: Rows) -> None:
        """A page of rows arrived: store its cells and repaint those rows."""
        self.pending.discard(self.page_of(page["offset"]))
        if model_id != self.model_id:
            return  # an answer for a model no longer shown
        one = len(self.roles) == 1
        rows = page["rows"]
        for r in rows:
            self.rows[r["row"]] = [
                {self.roles[0]: c} if one else dict(c if isinstance(c, dict) else {})
                for c in r["cells"]]
            self.children[r["row"]] = r["hasChildren"]
        if rows:
            first, last = rows[0]["row"], rows[-1]["row"]
            last = min(last, self.exposed - 1)
            if first <= last:
                self.dataChanged.emit(self.index(first, 0),
                                      self.index(last, max(self.columnCount() - 1, 0)))

    def put_value(self, row: int, column: int, value: Any, role: str | None = None) -> None:
        """The probe confirmed an edit of model column ``column`` at ``role``."""
        cells = self.rows.get(row)
        role = role or self.roles[0]
        if cells is None or column >= len(cells):
            return
        cells[column][role] = value
        if role in ("edit", "display"):  # one value behind both in most models
            for other in ("edit", "display"):
                if other in cells[column] and other != role:
                    cells[column][other] = value
        for i, r in enumerate(self.roles):
            if r == role or (r in ("edit", "display") and role in ("edit", "display")):
                idx = self.index(row, column * len(self.roles) + i)
                self.dataChanged.emit(idx, idx)

    def loaded(self) -> int:
        return len(self.rows)

    # ---------------------------------------------------------------- Qt model

    def rowCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else self.exposed

    def columnCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else self.columns * len(self.roles)

    def canFetchMore(self, parent: Index) -> bool:
        return not parent.isValid() and self.exposed < self.total

    def fetchMore(self, parent: Index) -> None:
        if parent.isValid() or self.exposed >= self.total:
            return
        more = min(self.page, self.total - self.exposed)
        self.beginInsertRows(_ROOT, self.exposed, self.exposed + more - 1)
        self.exposed += more
        self.endInsertRows()

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        cells = self.rows.get(index.row())
        if cells is None:
            if role == Qt.ItemDataRole.DisplayRole:
                self.ensure(index.row())
                return "…"
            if role == Qt.ItemDataRole.ForegroundRole:
                return Qt.GlobalColor.gray
            return None
        column, name = self.cell_of(index.column())
        value = cells[column].get(name) if column < len(cells) else None
        picture = self._picture(value)
        if picture is not None and isinstance(value, dict):  # (a picture comes as a dict)
            if role == Qt.ItemDataRole.DecorationRole:
                return picture
            if role == Qt.ItemDataRole.DisplayRole:
                return f"{value.get('width')}×{value.get('height')}"
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return display_text(value)
        if role == Qt.ItemDataRole.EditRole:
            return value if isinstance(value, (str, int, float, bool)) else display_text(value)
        if role == Qt.ItemDataRole.ToolTipRole:
            return display_text(value)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation != Qt.Orientation.Horizontal:
            return str(section)
        column, name = self.cell_of(section)
        header = self.headers[column] if column < len(self.headers) else str(column)
        if len(self.roles) == 1:
            return header
        return name if self.columns == 1 else f"{header} · {name}"

    def _picture(self, value: Any) -> QPixmap | None:
        """A decoration the probe sent as a small PNG, as a pixmap (cached by data)."""
        if not (isinstance(value, dict) and value.get("format") == "png"):
            return None
        data = str(value.get("data") or "")
        pixmap = self._icons.get(data)
        if pixmap is None:
            pixmap = QPixmap()
            try:
                pixmap.loadFromData(base64.b64decode(data), "PNG")
            except ValueError:
                return None
            if len(self._icons) > 500:
                self._icons.clear()
            self._icons[data] = pixmap
        return None if pixmap.isNull() else pixmap

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        if index.isValid() and self.editable and index.row() in self.rows \
                and self.cell_of(index.column())[1] != "decoration":
            base |= Qt.ItemFlag.ItemIsEditable
        return base

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        column, name = self.cell_of(index.column())
        cells = self.rows.get(index.row()) or []
        old = cells[column].get(name) if column < len(cells) else None
        self.edit(index.row(), column, name, _typed(value, old))
        return False  # the cell changes when the probe confirms the edit


def _typed(text: Any, old: Any) -> Any:
    """An edited text as the old value's type (ages stay numbers)."""
    if not isinstance(text, str):
        return text
    try:
        if isinstance(old, bool):
            return text.strip().lower() in ("1", "true", "yes", "checked")
        if isinstance(old, int):
            return int(text)
        if isinstance(old, float):
            return float(text)
    except ValueError:
        return text
    return text
