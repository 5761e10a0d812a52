"""Columns declared once: the base of the inspector's tables and trees of probe data.

A model lists its columns as :class:`Column` values (header, what a cell shows, its tool
tip, its colour, how it sorts) and says which row an index stands for
(:meth:`Columns.row_at`); ``headerData``, ``columnCount`` and ``data`` for the display,
tool tip, foreground and sort roles come from that list, so a column is written in one
place. Anything else a cell shows (fonts, backgrounds, check boxes) comes from
:meth:`Columns.style`.

:class:`RowTable` is a flat table of rows held in a list; :class:`NodeTree` a tree of
:class:`TreeNode` values held whole. A tree that loads lazily mixes :class:`Columns` into
its own ``QAbstractItemModel`` and answers ``row_at`` with the node behind an index.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush

from inspector.style import theme

Index = QModelIndex | QPersistentModelIndex
R = TypeVar("R")
_ROOT = QModelIndex()
#: The role a sorting proxy reads (``proxy.setSortRole(SORT_ROLE)``): numbers as numbers.
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
_DISPLAY = Qt.ItemDataRole.DisplayRole
_TIP = Qt.ItemDataRole.ToolTipRole
_FOREGROUND = Qt.ItemDataRole.ForegroundRole


def filter_proxy(model: QAbstractItemModel, parent: Any,
                 sort_role: int = Qt.ItemDataRole.DisplayRole) -> QSortFilterProxyModel:
    """The proxy a pane's filter box drives: ``model``'s rows whose any column contains
    the text, in any case, sorted by ``sort_role`` (:data:`SORT_ROLE` for numbers as
    numbers)."""
    proxy = QSortFilterProxyModel(parent)
    proxy.setSourceModel(model)
    proxy.setSortRole(sort_role)
    proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    proxy.setFilterKeyColumn(-1)
    return proxy


@dataclass(frozen=True)
class Column(Generic[R]):
    """One column: its header and how a cell reads its row. (No ``slots``: a call of
    ``Column[Row](...)`` sets ``__orig_class__``, which a slotted frozen class refuses with
    a TypeError instead of the AttributeError ``typing`` expects.)"""

    header: str
    #: the cell's text (any value Qt shows)
    text: Callable[[R], Any]
    #: the cell's tool tip (none when unset)
    tip: Callable[[R], Any] | None = None
    #: the theme accent the cell is written in (``"muted"``, ``"error"``), or None
    tone: Callable[[R], str | None] | None = None
    #: what the cell sorts by under :data:`SORT_ROLE` (its text when unset)
    sort: Callable[[R], Any] | None = None
    #: the header's tool tip
    about: str = ""


def muted(_row: Any) -> str:
    """A column always written in the muted accent (times, ids, types)."""
    return "muted"


class Columns(Generic[R]):
    """``headerData``, ``columnCount`` and ``data`` from :attr:`COLUMNS`; mix in before the
    Qt model class."""

    COLUMNS: ClassVar[Sequence[Column[Any]]] = ()

    def row_at(self, index: Index) -> R | None:
        """The row (or tree node) ``index`` shows; None for none."""
        raise NotImplementedError

    def style(self, row: R, column: int, role: int) -> Any:
        """Any role the columns do not answer (fonts, backgrounds, check states), or a
        tone or tip that depends on more than the cell (a marked row)."""
        return None

    def columnCount(self, parent: Index = _ROOT) -> int:
        return len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = _DISPLAY) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.COLUMNS):
            return None
        if role == _DISPLAY:
            return self.COLUMNS[section].header
        if role == _TIP:
            return self.COLUMNS[section].about or None
        return None

    def data(self, index: Index, role: int = _DISPLAY) -> Any:
        if not index.isValid() or not 0 <= index.column() < len(self.COLUMNS):
            return None
        row = self.row_at(index)
        if row is None:
            return None
        column = self.COLUMNS[index.column()]
        styled = self.style(row, index.column(), role)
        if styled is not None:
            return styled
        if role == _DISPLAY:
            return column.text(row)
        if role == _TIP:
            return column.tip(row) if column.tip is not None else None
        if role == _FOREGROUND:
            tone = column.tone(row) if column.tone is not None else None
            return QBrush(theme.accent(tone)) if tone else None
        if role == SORT_ROLE:
            return column.sort(row) if column.sort is not None else column.text(row)
        return None


class RowTable(Columns[R], QAbstractTableModel):
    """A flat table whose rows are :attr:`rows`, in order."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.rows: list[R] = []

    def set_rows(self, rows: Sequence[R]) -> None:
        """Show these rows instead (a new listing)."""
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def row_at(self, index: Index) -> R | None:
        row = index.row()
        return self.rows[row] if index.isValid() and 0 <= row < len(self.rows) else None

    def rowCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = _ROOT) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)


N = TypeVar("N", bound="TreeNode")


@dataclass(eq=False, kw_only=True)
class TreeNode:
    """A node of a :class:`NodeTree`: subclass it with the node's own fields."""

    parent: Any = field(default=None, repr=False)
    children: list[Any] = field(default_factory=list, repr=False)
    #: this node's row under its parent
    row: int = 0

    def adopt(self, child: N) -> N:
        """Append ``child`` under this node; returns it."""
        child.parent, child.row = self, len(self.children)
        self.children.append(child)
        return child


class NodeTree(Columns[N], QAbstractItemModel):
    """A tree whose nodes are all known (a reply held whole): index and parent from the
    nodes' ``parent``, ``children`` and ``row``; the invisible root is :attr:`root`."""

    def __init__(self, root: N, parent: Any = None) -> None:
        super().__init__(parent)
        self.root = root

    def node_of(self, index: Index) -> N:
        return index.internalPointer() if index.isValid() else self.root

    def row_at(self, index: Index) -> N | None:
        return self.node_of(index) if index.isValid() else None

    def index_of(self, node: N, column: int = 0) -> QModelIndex:
        if node is self.root or node.parent is None:
            return QModelIndex()
        return self.createIndex(node.row, column, node)

    def index(self, row: int, column: int, parent: Index = _ROOT) -> QModelIndex:
        node = self.node_of(parent)
        if 0 <= row < len(node.children) and 0 <= column < len(self.COLUMNS):
            return self.createIndex(row, column, node.children[row])
        return QModelIndex()

    def parent(self, index: Index = _ROOT) -> QModelIndex:  # type: ignore[override]  # QObject.parent() too
        if not index.isValid():
            return QModelIndex()
        node = self.node_of(index).parent
        return self.index_of(node) if node is not None else QModelIndex()

    def rowCount(self, parent: Index = _ROOT) -> int:
        if parent.isValid() and parent.column() != 0:
            return 0
        return len(self.node_of(parent).children)
