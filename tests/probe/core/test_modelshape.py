"""A model's counts are the app's code: whatever they raise, the probe reads the model as
empty below that index and goes on (pyzo's menu model raised AttributeError for an index of
an action in CI's random run, and the read of its tree view became a probe fault)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex

from probe.core.objects.modelshape import columns_of, rows_of

Index = QModelIndex | QPersistentModelIndex


class _Raising(QAbstractItemModel):
    """Two rows at the root; asking below one raises what the app's code raises."""

    def __init__(self, error: type[Exception]) -> None:
        super().__init__()
        self.error = error

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's API
        if parent.isValid():
            raise self.error("'QAction' object has no attribute 'actions'")
        return 2

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid():
            raise self.error("no columns here")
        return 3

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        return self.createIndex(row, column) if not parent.isValid() else QModelIndex()

    def parent(self, *args: Any) -> Any:
        return QModelIndex()

    def data(self, index: Index, role: int = 0) -> Any:
        return None


def test_a_count_that_raises_anything_reads_as_empty(qapp: object) -> None:
    for error in (AttributeError, KeyError, ValueError, TypeError, RuntimeError):
        model = _Raising(error)
        assert rows_of(model) == 2 and columns_of(model) == 3
        child = model.index(1, 0)
        assert rows_of(model, child) == 0, error
        assert columns_of(model, child) == 1, error
