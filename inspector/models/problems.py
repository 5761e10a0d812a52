"""The problems pane's table: one row per finding of qt.problems, its source kept on the
row so a double-click can open it."""

from __future__ import annotations

import os
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel

from inspector.link.replies import Problem, ProblemReport

COLUMNS = ("Problem", "Element", "What", "Fix", "Source")
SOURCE = len(COLUMNS) - 1
#: Where a row keeps its :class:`Problem`.
PROBLEM_ROLE = Qt.ItemDataRole.UserRole + 1


def _item(text: str, tip: str = "") -> QStandardItem:
    item = QStandardItem(text)
    item.setEditable(False)
    if tip:
        item.setToolTip(tip)
    return item


class ProblemTable(QStandardItemModel):
    """Rows: the problems of the latest report, in the probe's order (by kind)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels(list(COLUMNS))
        self.report: ProblemReport | None = None

    def show(self, report: ProblemReport) -> None:
        self.report = report
        self.removeRows(0, self.rowCount())
        for p in report.problems:
            element = p.path or p.class_name or "—"
            if p.ref:
                element += f" [{p.ref}]"
            where = p.source.where or (p.source.near.where + " (parent)"
                                       if p.source.near is not None and p.source.near.known
                                       else "unknown")
            what = f"{p.message} ({p.count}×)" if p.count > 1 else p.message
            row = [_item(p.kind.replace("_", " ")), _item(element, p.object_id),
                   _item(what, p.traceback or p.message), _item(p.hint, p.hint),
                   _item(os.path.basename(where) if p.source.known else where,
                         p.source.where or p.source.why)]
            row[0].setData(p, PROBLEM_ROLE)
            self.appendRow(row)

    def problem(self, index: QModelIndex) -> Problem | None:
        if not index.isValid():
            return None
        value = self.item(index.row(), 0).data(PROBLEM_ROLE)
        return value if isinstance(value, Problem) else None

    def summary(self) -> str:
        if self.report is None:
            return ""
        if not self.report.total:
            return "No problems found in the visible windows."
        kinds = ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in
                          sorted(self.report.counts.items(), key=lambda kv: -kv[1]))
        cut = f" (first {len(self.report.problems)} shown)" if self.report.truncated else ""
        return f"{self.report.total} problems{cut}: {kinds}"
