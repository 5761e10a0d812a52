"""Bench target: the demo app whose window is a table of QTMCP_BENCH_ROWS computed rows.

    python -m tests.bench.model_target --probe --control-stdin   (started by bench_models.py)
"""

from __future__ import annotations

import os
import sys
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QMainWindow, QTableView

from resources import demo_app


class BigModel(QAbstractTableModel):
    """Cells computed from the row number: a million rows without a million Python lists."""

    def __init__(self, rows: int) -> None:
        super().__init__()
        self.setObjectName("bigModel")
        self.rows = rows

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self.rows

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 3

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        r, c = index.row(), index.column()
        return (f"item {r}", r * 7 % 1000, f"city {r % 97}")[c]


def build() -> QMainWindow:
    window = QMainWindow()
    window.setObjectName("mainWindow")
    view = QTableView(window)
    view.setObjectName("bigView")
    model = BigModel(int(os.environ.get("QTMCP_BENCH_ROWS", "1000000")))
    model.setParent(window)
    view.setModel(model)
    window.setCentralWidget(view)
    return window


if __name__ == "__main__":
    demo_app.build_main_window = build  # type: ignore[assignment]
    sys.exit(demo_app.main())
