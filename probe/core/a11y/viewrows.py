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

from probe.core import compat, faults
from probe.core.a11y.nodes import ItemNode, Node, SpotNode
from probe.core.objects.modelshape import has_children, position, rows_of
from probe.core.objects.text import clean_name

#: A row the view hides (not counted as scrolled away).
_HIDDEN = object()
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


def check_state(model: Any, idx: QModelIndex, flags: Qt.ItemFlag) -> bool | str | None:
    """A model item's check box as a user sees it: True (checked), "mixed" or False; None
    when it shows none (not user-checkable, or checkable with no state: a QListWidgetItem
    is checkable by default and draws no box). ``flags``: ``model.flags(idx)``."""
    if not flags & _F.ItemIsUserCheckable:
        return None
    state = model.data(idx, _R.CheckStateRole)
    if state is None:
        return None
    number = getattr(state, "value", state)
    return "mixed" if number == 1 else number == 2


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
        #: why the rows were read only in part (a step between rows raised), else ""
        self.unread = ""

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

    def one(self, idx: QModelIndex) -> ItemNode:
        """The node of one item as :meth:`nodes` makes it (a ref read, a find result):
        its states, and for a tree row its other columns as its value and its level."""
        view = self.view
        if isinstance(view, QTreeView) and not isinstance(view, QTableView):
            header = QTreeView.header(view)
            columns = [c for c in _sections(header) if c != QTreeView.treePosition(view)
                       and c != idx.column()] if header is not None else []
            value = SEP.join(filter(None, (
                clean_name(item_text(self.model, idx.siblingAtColumn(c))) for c in columns)))
            node = self._item(idx, "treeitem", value, _level(idx))
            if has_children(self.model, idx):
                node.states.append("expanded" if QTreeView.isExpanded(view, idx)
                                   else "collapsed")
            return node
        return self._item(idx, role_of_view(view))

    def _item(self, idx: QModelIndex, role: str, value: str = "", level: int = 0) -> ItemNode:
        model = self.model
        r = self.view.visualRect(idx)
        states: list[str] = []
        flags = model.flags(idx)
        if not flags & _F.ItemIsEnabled:
            states.append("disabled")
        check = check_state(model, idx, flags)
        if check is not None:  # a check box is drawn: a toggle the role hides
            states.append("mixed" if check == "mixed" else "checked" if check else "unchecked")
        if self.selection is not None and self.selection.isSelected(idx):
            states.append("selected")
        if self.focused and idx == self.current:
            states.append("focused")
        name = clean_name(item_text(model, idx))
        self.count += 1
        return ItemNode(role, name, self.view, value=value, states=states,
                        bounds=(r.x() + self.dx, r.y() + self.dy, r.width(), r.height()),
                        interactive=True, index=QPersistentModelIndex(idx), level=level)

    def _unread_item(self, index: Any, role: str, reason: str, level: int = 0) -> ItemNode:
        """A row or cell that raised while it was read: ``index`` (a QModelIndex, or a
        function that makes it, which may raise too), its bounds if they read, and why.
        Without a valid index it gets no ref (nothing could find it again)."""
        made = faults.value(index, None, obj=self.view) if callable(index) else index
        idx = made if isinstance(made, QModelIndex) and made.isValid() else None
        bounds = faults.value(self._bounds, (0, 0, 0, 0), idx, obj=self.view) \
            if idx is not None else (0, 0, 0, 0)
        self.count += 1
        return ItemNode(role, "", self.view, bounds=bounds, interactive=idx is not None,
                        index=QPersistentModelIndex(idx) if idx is not None else None,
                        level=level, unread=reason)

    def _bounds(self, idx: QModelIndex) -> tuple[int, int, int, int]:
        r = self.view.visualRect(idx)
        return (r.x() + self.dx, r.y() + self.dy, r.width(), r.height())

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
            got = faults.attempt(self._list_row, r, column, root, len(out) < ROW_CAP,
                                 obj=view)
            if got is _HIDDEN:
                continue
            if isinstance(got, faults.Failed):
                if len(out) < ROW_CAP:  # where it is could not be read: listed
                    out.append(self._unread_item(
                        lambda r=r: model.index(r, column, root), "listitem", got.reason))
                    seen_visible = True
                continue
            if isinstance(got, ItemNode):
                out.append(got)
                seen_visible = True
            elif seen_visible:
                below += 1
            else:
                above += 1
        below += max(0, rows - COUNT_CAP)
        return out, above, below

    def _list_row(self, r: int, column: int, root: QModelIndex, room: bool
                  ) -> ItemNode | object | None:
        """Row ``r`` of a list as an element, None when it is scrolled away (or there is
        no room), ``_HIDDEN`` when the view hides it."""
        if isinstance(self.view, QListView) and QListView.isRowHidden(self.view, r):
            return _HIDDEN
        idx = self.model.index(r, column, root)
        if self._visible(idx) and room:
            return self._item(idx, "listitem")
        return None

    def _tree(self) -> tuple[list[Node], int, int]:
        view, model = cast(QTreeView, self.view), self.model
        header = QTreeView.header(view)
        columns = [c for c in _sections(header) if c != QTreeView.treePosition(view)] \
            if header is not None else []
        first = view.indexAt(QPoint(self.area.width() // 2, 1))
        if not first.isValid():
            first = view.indexAt(QPoint(1, 1))
        out: list[Node] = self._headers(header, _sections(header, self.area.width())) \
            if header is not None else []
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
            got = faults.attempt(self._tree_row, idx, columns, len(shown) < ROW_CAP,
                                 obj=view)
            if isinstance(got, faults.Failed):
                got = self._unread_item(idx, "treeitem", got.reason,
                                        faults.value(_level, 1, idx, obj=view))
            if got is None:
                below += 1
                if below >= COUNT_CAP:
                    break
            else:
                parent = idx.parent()
                holder = shown.get(position(parent)) if parent.isValid() else None
                if holder is not None:
                    holder.children.append(got)
                else:
                    if parent.isValid() and not got.unread:
                        got.parent = clean_name(item_text(model, parent))
                    out.append(got)
                shown[position(idx)] = got
            after = faults.attempt(QTreeView.indexBelow, view, idx, obj=view)
            if isinstance(after, faults.Failed):  # the rows below cannot be reached
                self.unread = f"rows below {got.name if got else 'this one'!r}: " \
                    f"{after.reason}"
                break
            idx = after
        return out, above, below

    def _tree_row(self, idx: QModelIndex, columns: list[int], room: bool
                  ) -> ItemNode | None:
        """One row of a tree as an element (its other columns as its value), or None when
        it is not shown (or no room)."""
        if not room or not self._visible(idx):
            return None
        model, view = self.model, self.view
        value = SEP.join(filter(None, (clean_name(item_text(model, idx.siblingAtColumn(c)))
                                       for c in columns)))
        node = self._item(idx, "treeitem", value, _level(idx))
        if isinstance(view, QTreeView) and has_children(model, idx):
            node.states.append("expanded" if QTreeView.isExpanded(view, idx) else "collapsed")
        return node

    def _table(self) -> tuple[list[Node], int, int]:
        view, model = cast(QTableView, self.view), self.model
        root = QAbstractItemView.rootIndex(view)
        vertical = QTableView.verticalHeader(view)
        horizontal = QTableView.horizontalHeader(view)
        total = rows_of(model, root)
        rows = _sections(vertical, self.area.height())
        columns = _sections(horizontal, self.area.width())
        out: list[Node] = []
        out += self._headers(horizontal, columns)
        cells = 0
        for r in rows:
            row = Node("row", "", view)
            for c in columns:
                if cells >= ROW_CAP:
                    break
                got = faults.attempt(self._cell, r, c, root, obj=view)
                if isinstance(got, faults.Failed):
                    got = self._unread_item(lambda r=r, c=c: model.index(r, c, root), "cell",
                                            got.reason)
                if got is not None:
                    row.children.append(got)
                    cells += 1
            if row.children:
                out.append(row)
        first = QHeaderView.visualIndex(vertical, rows[0]) if rows else 0
        above = max(0, first)
        below = max(0, total - above - len(rows))
        return out, above, below


    def _cell(self, r: int, c: int, root: QModelIndex) -> ItemNode | None:
        idx = self.model.index(r, c, root)
        return self._item(idx, "cell") if idx.isValid() else None

    def _headers(self, header: QHeaderView, columns: list[int]) -> list[Node]:
        """The column headers a person sees above a table or tree, as elements."""
        if not QWidget.isVisible(header):
            return []
        clickable = QHeaderView.sectionsClickable(header)
        hvp = QAbstractScrollArea.viewport(header)
        at = QWidget.mapTo(hvp, self.window, QPoint(0, 0))
        return faults.each(columns, lambda c: self._header(header, c, clickable, at),
                           lambda c: self.view)

    def _header(self, header: QHeaderView, c: int, clickable: bool, at: QPoint
                ) -> Node | None:
        """Column ``c``'s header as an element (clickable: with a ref), None if untitled."""
        view = self.view
        text = self.model.headerData(c, Qt.Orientation.Horizontal, _R.DisplayRole)
        if text is None or not str(text):
            return None
        if not clickable:
            return Node("columnheader", clean_name(str(text)), view)
        spot = HeaderSpot(c)
        found = spot.locate(view)
        r = found[1] if found is not None else None
        bounds = (at.x() + r.x(), at.y() + r.y(), r.width(), r.height()) if r \
            else (0, 0, 0, 0)
        sort = _sorted(header, c)
        return SpotNode("columnheader", clean_name(str(text)), view, bounds=bounds,
                        interactive=True, spot=spot, states=[sort] if sort else [])


@dataclass(frozen=True, slots=True)
class HeaderSpot:
    """A table's column header section a user clicks (to sort, to select the column),
    found again by its logical section."""

    section: int

    @property
    def key(self) -> tuple[Any, ...]:
        return ("header", self.section)

    def locate(self, owner: QWidget) -> tuple[QWidget, QRect] | None:
        header = column_header(owner)
        if header is None or not QWidget.isVisible(header) or \
                QHeaderView.isSectionHidden(header, self.section) or \
                not 0 <= self.section < QHeaderView.count(header):
            return None
        x = QHeaderView.sectionViewportPosition(header, self.section)
        r = QRect(x, 0, QHeaderView.sectionSize(header, self.section), QWidget.height(header))
        return QAbstractScrollArea.viewport(header), r


def column_header(view: QWidget) -> QHeaderView | None:
    """The header over a table's or tree's columns (None for another view)."""
    if isinstance(view, QTableView):
        return QTableView.horizontalHeader(view)
    if isinstance(view, QTreeView):
        return QTreeView.header(view)
    return None


def header_text(view: QAbstractItemView, column: int) -> str | None:
    """The title a person sees over ``column`` of ``view``; None when the view shows no
    column header (a list; a tree or table whose header the app hid), where the model's
    default title ("1", "2", ...) is a text the window never shows."""
    header = column_header(view)
    if header is None or QWidget.isHidden(header):
        return None
    model = QAbstractItemView.model(view)
    text = model.headerData(column, Qt.Orientation.Horizontal, _R.DisplayRole) \
        if model is not None else None
    return str(text) if text is not None and str(text) else None


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

