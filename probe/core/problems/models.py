"""Item views whose model breaks the model contract (QAbstractItemModelTester's checks,
on the first rows): an app's model that lies makes views, selections and agents wrong."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractListModel,
    QAbstractTableModel,
    QModelIndex,
    Qt,
)
from PySide6.QtWidgets import QAbstractItemView

from probe.core import faults
from probe.core.problems.scan import Problem, Scan

KIND = "model_contract"
#: Rows and columns checked per model.
ROWS, COLUMNS = 50, 8


def _faults(model: QAbstractItemModel) -> list[str]:
    root = QModelIndex()
    rows, cols = model.rowCount(root), max(1, _columns(model, root))
    if rows < 0 or cols < 0:
        return [f"rowCount()={rows}, columnCount()={cols}: negative"]
    faults = []
    if model.index(rows, 0, root).isValid():
        faults.append(f"index({rows}, 0) is valid past rowCount()={rows}")
    for r in range(min(rows, ROWS)):
        for c in range(min(cols, COLUMNS)):
            index = model.index(r, c, root)
            if not index.isValid():
                faults.append(f"index({r}, {c}) is invalid within {rows}x{cols}")
                return faults
            if (index.row(), index.column()) != (r, c):
                faults.append(f"index({r}, {c}) says row {index.row()}, column "
                              f"{index.column()}")
                return faults
            if QModelIndex.parent(index).isValid():  # model.parent: private in flat models
                faults.append(f"top-level index({r}, {c}) has a valid parent()")
                return faults
            model.data(index, Qt.ItemDataRole.DisplayRole)
        if isinstance(model, (QAbstractTableModel, QAbstractListModel)):
            continue  # flat: hasChildren is theirs, and private in PySide6
        first = model.index(r, 0, root)
        if model.hasChildren(first) != (model.rowCount(first) > 0):
            faults.append(f"row {r}: hasChildren() and rowCount() disagree")
            return faults
    return faults


def _columns(model: QAbstractItemModel, parent: QModelIndex) -> int:
    try:
        return model.columnCount(parent)
    except (AttributeError, TypeError):  # PySide6 makes a list model's columnCount private
        return 1


def check(scan: Scan) -> list[Problem]:
    seen: set[int] = set()
    return faults.each([w for w, _ in scan.widgets if isinstance(w, QAbstractItemView)],
                       lambda w: _one(w, seen))


def _one(w: QAbstractItemView, seen: set[int]) -> Problem | None:
    model: Any = QAbstractItemView.model(w)
    if model is None or id(model) in seen:
        return None
    seen.add(id(model))
    try:
        broken = _faults(model)
    except Exception as exc:  # noqa: BLE001 - the app's model raising is the finding
        broken = [f"raises {type(exc).__name__}: {exc}"]
    if not broken:
        return None
    return Problem(KIND, w, f"its model {type(model).__name__}: {broken[0]}",
                   "fix the model (run it under QAbstractItemModelTester)",
                   {"faults": broken})
