"""The rows of an item view as a user sees them, read from the view and its model.

Qt's accessibility interfaces of item views cache their cells and drop them only on
update events, which Qt sends only while a screen reader is active: after an app
clears and refills a QTreeWidget or resets a model, the cached cells show old or no
rows. So item views are read here through the view's geometry and the model, which are
always current: the rows on screen in display order (a tree's children nested below
their parent, with their level), one element per row for lists and trees (the other
columns are its value) and one per cell for tables (grouped in rows), and how many rows
are scrolled away above and below. Qt is called through its classes (the shadowing
rule: ``probe/core/objects``). GUI thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPoint, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QHeaderView,
    QListView,
    QTableView,
    QTreeView,
    QWidget,
)

from probe.core import compat
from probe.core.a11y.nodes import ItemNode, Node, SpotNode
from probe.core.objects.modelshape import rows_of
from probe.core.objects.text import clean_name

#: Rows (cells of a table) shown per view; the rest on screen is counted in ``more``.
ROW_CAP = 100
#: Rows counted above and below the visible ones (past it, the count is a lower bound).
COUNT_CAP = 5000
_R = Qt.ItemDataRole
_F = Qt.ItemFlag
SEP = " | "


def role_of_view(view: QAbstractItemView) -> str:
    if isinstance(view, QTableView):
        return "cell"
    if isinstance(view, QTreeView):
        return "treeitem"
    if isinstance(view, QListView):
        return "listitem"
    return "cell"


def item_text(model: Any, idx: QModelIndex) -> str:
    """What a screen reader says for an item: its accessible text, else display, else tip."""
    for role in (_R.AccessibleTextRole, _R.DisplayRole, _R.ToolTipRole):
        value = model.data(idx, role)
        if value is not None and value != "":
            return value if isinstance(value, str) else str(value)
    return ""


class Rows:
    """Builds the item nodes of one view (window coordinates for bounds)."""

    def __init__(self, view: QAbstractItemView, window: QWidget) -> None:
        self.view = view
        self.model = QAbstractItemView.model(view)
        self.viewport = QAbstractScrollArea.viewport(view)
        self.area = QWidget.rect(self.viewport)
        self.window = window
        offset = compat.map_to(self.viewport, window, QPoint(0, 0))
        self.dx, self.dy = offset.x(), offset.y()
        self.selection = QAbstractItemView.selectionModel(view)
        self.current = QAbstractItemView.currentIndex(view)
        self.focused = QWidget.hasFocus(view)
        self.count = 0

    def nodes(self) -> tuple[list[Node], int, int]:
        """(nodes, rows above, rows below) of what the view shows now."""
        if self.model is None:
            return [], 0, 0
        if isinstance(self.view, QTableView):
            return self._table()
        if isinstance(self.view, QTreeView):
            return self._tree()
        return self._list()

    # --------------------------------------------------------------------- one item

    def _item(self, idx: QModelIndex, role: str, value: str = "", level: int = 0) -> ItemNode:
        model = self.model
        r = self.view.visualRect(idx)
        states: list[str] = []
        flags = model.flags(idx)
        if not flags & _F.ItemIsEnabled:
            states.append("disabled")
        if flags & _F.ItemIsUserCheckable:
            check = model.data(idx, _R.CheckStateRole)
            number = getattr(check, "value", check)
            if number == 2:
                states.append("checked")
            elif number == 1:
                states.append("mixed")
        if self.selection is not None and self.selection.isSelected(idx):
            states.append("selected")
        if self.focused and idx == self.current:
            states.append("focused")
        name = clean_name(item_text(model, idx))
        self.count += 1
        return ItemNode(role, name, self.view, value=value, states=states,
                        bounds=(r.x() + self.dx, r.y() + self.dy, r.width(), r.height()),
                        interactive=True, index=QPersistentModelIndex(idx), level=level)

    def _visible(self, idx: QModelIndex) -> bool:
        r = self.view.visualRect(idx)
        return not r.isEmpty() and self.area.intersects(r)

    # ------------------------------------------------------------------------ kinds

    def _list(self) -> tuple[list[Node], int, int]:
        view, model = self.view, self.model
        rows = rows_of(model, QAbstractItemView.rootIndex(view))
        root = QAbstractItemView.rootIndex(view)
        column = QListView.modelColumn(view) if isinstance(view, QListView) else 0
        out: list[Node] = []
        above = below = 0
        seen_visible = False
        for r in range(min(rows, COUNT_CAP)):
            if isinstance(view, QListView) and QListView.isRowHidden(view, r):
                continue
            idx = model.index(r, column, root)
            if self._visible(idx) and len(out) < ROW_CAP:
                out.append(self._item(idx, "listitem"))
                seen_visible = True
            elif seen_visible:
                below += 1
            else:
                above += 1
        below += max(0, rows - COUNT_CAP)
        return out, above, below

    def _tree(self) -> tuple[list[Node], int, int]:
        view, model = cast(QTreeView, self.view), self.model
        header = QTreeView.header(view)
        columns = [c for c in _sections(header) if c != QTreeView.treePosition(view)] \
            if header is not None else []
        first = view.indexAt(QPoint(self.area.width() // 2, 1))
        if not first.isValid():
            first = view.indexAt(QPoint(1, 1))
        out: list[Node] = []
        if not first.isValid():
            return out, 0, 0
        first = first.siblingAtColumn(0)
        above = 0
        prev = QTreeView.indexAbove(view, first)
        while prev.isValid() and above < COUNT_CAP:
            above += 1
            prev = QTreeView.indexAbove(view, prev)
        shown: dict[tuple[int, ...], ItemNode] = {}
        idx = first
        below = 0
        while idx.isValid():
            if not self._visible(idx) or len(shown) >= ROW_CAP:
                below += 1
                if below >= COUNT_CAP:
                    break
            else:
                value = SEP.join(filter(None, (clean_name(item_text(model, idx.siblingAtColumn(c)))
                                               for c in columns)))
                level = _level(idx)
                node = self._item(idx, "treeitem", value, level)
                if model.hasChildren(idx):
                    node.states.append("expanded" if QTreeView.isExpanded(view, idx)
                                       else "collapsed")
                parent = idx.parent()
                holder = shown.get(index_key(parent)) if parent.isValid() else None
                if holder is not None:
                    holder.children.append(node)
                else:
                    if parent.isValid():
                        node.parent = clean_name(item_text(model, parent))
                    out.append(node)
                shown[index_key(idx)] = node
            idx = QTreeView.indexBelow(view, idx)
        return out, above, below

    def _table(self) -> tuple[list[Node], int, int]:
        view, model = cast(QTableView, self.view), self.model
        root = QAbstractItemView.rootIndex(view)
        vertical = QTableView.verticalHeader(view)
        horizontal = QTableView.horizontalHeader(view)
        rows = _sections(vertical, self.area.height())
        columns = _sections(horizontal, self.area.width())
        out: list[Node] = []
        if QWidget.isVisible(horizontal):
            clickable = QHeaderView.sectionsClickable(horizontal)
            hvp = QAbstractScrollArea.viewport(horizontal)
            at = QWidget.mapTo(hvp, self.window, QPoint(0, 0))
            for c in columns:
                text = model.headerData(c, Qt.Orientation.Horizontal, _R.DisplayRole)
                if text is None or not str(text):
                    continue
                if not clickable:
                    out.append(Node("columnheader", clean_name(str(text)), view))
                    continue
                spot = HeaderSpot(c)
                found = spot.locate(view)
                r = found[1] if found is not None else None
                bounds = (at.x() + r.x(), at.y() + r.y(), r.width(), r.height()) if r \
                    else (0, 0, 0, 0)
                sort = _sorted(horizontal, c)
                out.append(SpotNode("columnheader", clean_name(str(text)), view,
                                    bounds=bounds, interactive=True, spot=spot,
                                    states=[sort] if sort else []))
        cells = 0
        for r in rows:
            row = Node("row", "", view)
            for c in columns:
                idx = model.index(r, c, root)
                if not idx.isValid() or cells >= ROW_CAP:
                    continue
                row.children.append(self._item(idx, "cell"))
                cells += 1
            if row.children:
                out.append(row)
        total = rows_of(model, root)
        first = QHeaderView.visualIndex(vertical, rows[0]) if rows else 0
        above = max(0, first)
        below = max(0, total - above - len(rows))
        return out, above, below


@dataclass(frozen=True, slots=True)
class HeaderSpot:
    """A table's column header section a user clicks (to sort, to select the column),
    found again by its logical section."""

    section: int

    @property
    def key(self) -> tuple[Any, ...]:
        return ("header", self.section)

    def locate(self, owner: QWidget) -> tuple[QWidget, QRect] | None:
        if not isinstance(owner, QTableView):
            return None
        header = QTableView.horizontalHeader(owner)
        if not QWidget.isVisible(header) or QHeaderView.isSectionHidden(header, self.section) \
                or not 0 <= self.section < QHeaderView.count(header):
            return None
        x = QHeaderView.sectionViewportPosition(header, self.section)
        r = QRect(x, 0, QHeaderView.sectionSize(header, self.section), QWidget.height(header))
        return QAbstractScrollArea.viewport(header), r


def _sorted(header: QHeaderView, section: int) -> str:
    """``ascending`` / ``descending`` when the view is sorted by this column."""
    if not QHeaderView.isSortIndicatorShown(header) or \
            QHeaderView.sortIndicatorSection(header) != section:
        return ""
    order = QHeaderView.sortIndicatorOrder(header)
    return "ascending" if order == Qt.SortOrder.AscendingOrder else "descending"


def _sections(header: QHeaderView, extent: int | None = None) -> list[int]:
    """Logical indexes of the header's shown sections in visual order (only those inside
    ``extent`` pixels of the viewport when given)."""
    count = QHeaderView.count(header)
    if extent is None:
        first, last = 0, count - 1
    else:
        first = QHeaderView.visualIndexAt(header, 0)
        last = QHeaderView.visualIndexAt(header, max(0, extent - 1))
        if first < 0:
            return []
        if last < 0:
            last = count - 1
    out = []
    for visual in range(first, last + 1):
        logical = QHeaderView.logicalIndex(header, visual)
        if logical >= 0 and not QHeaderView.isSectionHidden(header, logical):
            out.append(logical)
    return out


def _level(idx: QModelIndex) -> int:
    level = 1
    p = idx.parent()
    while p.isValid():
        level += 1
        p = p.parent()
    return level


def index_key(idx: QModelIndex | QPersistentModelIndex) -> tuple[int, ...]:
    """(row, column) of an index and of each parent: the same cell, whatever handle."""
    out: list[int] = []
    cur = idx
    while cur.isValid():
        out += [cur.row(), cur.column()]
        cur = cur.parent()
    return tuple(out)
