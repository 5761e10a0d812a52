"""Columns declared once: the base of the inspector's tables and trees of probe data.

A model lists its columns as :class:`Column` values (header, what a cell shows, its tool
tip, its colour, how it sorts) and says which row an index stands for
(:meth:`Columns.row_at`); ``headerData``, ``columnCount`` and ``data`` for the display,
tool tip, foreground and sort roles come from that list, so a column is written in one
place. Anything else a cell shows (fonts, backgrounds, check boxes) comes from
:meth:`Columns.style`.

:class:`RowTable` is a flat table of rows held in a list; a tree mixes :class:`Columns`
into its ``QAbstractItemModel`` and answers ``row_at`` with the node behind an index.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
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
