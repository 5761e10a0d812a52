"""The problems pane's table: one row per finding of qt.problems, its source kept on the
row so a double-click can open it."""

from __future__ import annotations

import os
from typing import Any, cast

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel

from inspector.models import sources
from inspector.style.words import counted
from probe.wire.qt_problems import Problem, ProblemReport

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
        for p in report["problems"]:
            element = p.get("path") or p.get("className") or "—"
            if "ref" in p:
                element += f" [{p['ref']}]"
            source = p.get("source", sources.NONE)
            near = sources.known_near(source)
            where = sources.where(source) or (sources.where(near) + " (parent)"
                                              if near is not None else "unknown")
            count = p.get("count", 0)
            what = f"{p['message']} ({count}×)" if count > 1 else p["message"]
            row = [_item(p["kind"].replace("_", " ")), _item(element, p.get("objectId", "")),
                   _item(what, p.get("traceback") or p["message"]), _item(p["hint"], p["hint"]),
                   _item(os.path.basename(where) if source["file"] else where,
                         sources.where(source) or source.get("unknown", ""))]
            row[0].setData(p, PROBLEM_ROLE)
            self.appendRow(row)

    def problem(self, index: QModelIndex) -> Problem | None:
        if not index.isValid():
            return None
        value = self.item(index.row(), 0).data(PROBLEM_ROLE)
        return cast(Problem, value) if isinstance(value, dict) else None  # as shown

    def summary(self) -> str:
        if self.report is None:
            return ""
        if not self.report["total"]:
            return "No problems found in the visible windows."
        kinds = ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in
                          sorted(self.report["counts"].items(), key=lambda kv: -kv[1]))
        cut = (f" (first {len(self.report['problems'])} shown)" if self.report["truncated"]
               else "")
        return f"{counted(self.report['total'], 'problem')}{cut}: {kinds}"
