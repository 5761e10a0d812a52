"""How many rows and columns an item model has, asked so that any app's model answers.

Apps write ``rowCount(self, parent)`` without a default, PySide6 makes
``QAbstractListModel.columnCount`` private (``model.columnCount()`` fails for every
QListWidget, QListView and QStringListModel), and custom models replace ``parent()``.
So the parent index is always passed, a list model has one column, and a model whose
count raises is read as empty instead of failing the whole call. GUI thread.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex

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
