"""How many rows and columns an item model has, asked so that any app's model answers.

Apps write ``rowCount(self, parent)`` without a default, PySide6 makes
``QAbstractListModel.columnCount`` private (``model.columnCount()`` fails for every
QListWidget, QListView and QStringListModel) and ``hasChildren`` of list and table models
too, and custom models replace ``parent()``. So the parent index is always passed, a list
model has one column and no children below its root, and a model whose count raises is
read as empty instead of failing the whole call. GUI thread.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
)

Index = QModelIndex | QPersistentModelIndex


def rows_of(model: Any, parent: Index | None = None) -> int:
    """``model.rowCount(parent)`` (the root when no parent is given)."""
    try:
        return int(model.rowCount(parent if parent is not None else QModelIndex()))
    except (TypeError, NotImplementedError, RuntimeError):
        return 0


def columns_of(model: Any, parent: Index | None = None) -> int:
    """``model.columnCount(parent)``; a list model has one column at its root, none below."""
    parent = parent if parent is not None else QModelIndex()
    if isinstance(model, QAbstractListModel):
        return 0 if parent.isValid() else 1
    try:
        return int(model.columnCount(parent))
    except (TypeError, NotImplementedError, RuntimeError):
        return 1


def has_children(model: Any, index: Index) -> bool:
    """Whether the item has children. A list or table model has none below its root, and
    PySide6 makes their ``hasChildren`` private (asking raises), so they are not asked;
    any other model is (a file system model says so of a folder not yet read)."""
    if isinstance(model, (QAbstractListModel, QAbstractTableModel)):
        return not index.isValid() and rows_of(model) > 0
    return bool(model.hasChildren(index))


def position(idx: Index) -> tuple[int, ...]:
    """(row, column) of an index and of each parent up to the root: the same cell whatever
    handle names it (a persistent index, a fresh one), so a stable key."""
    out: list[int] = []
    cur = QModelIndex(idx) if isinstance(idx, QPersistentModelIndex) else idx  # pyright: ignore[reportArgumentType]  # PySide6's stub lacks QModelIndex(QPersistentModelIndex)
    while cur.isValid():
        out += [cur.row(), cur.column()]
        cur = cur.parent()
    return tuple(out)
