"""The problems pane's table: one row per finding of qt.problems, its source kept on the
row so a double-click can open it."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QModelIndex

from inspector.models import sources
from inspector.models.columns import Column, RowTable
from inspector.style.words import counted
from probe.wire.qt_problems import Problem, ProblemReport


@dataclass(frozen=True, slots=True)
class ProblemRow:
    """One finding with the texts its cells show."""

    problem: Problem
    kind: str
    element: str
    what: str
    source: str
    #: the source file and line in full (the Source column's tool tip)
    where: str

    @classmethod
    def of(cls, p: Problem) -> ProblemRow:
        element = p.get("path") or p.get("className") or "—"
        if "ref" in p:
            element += f" [{p['ref']}]"
        source = p.get("source", sources.NONE)
        near = sources.known_near(source)
        where = sources.where(source) or (sources.where(near) + " (parent)"
                                          if near is not None else "unknown")
        count = p.get("count", 0)
        what = f"{p['message']} ({count}×)" if count > 1 else p["message"]
        return cls(p, p["kind"].replace("_", " "), element, what,
                   os.path.basename(where) if source["file"] else where,
                   sources.where(source) or source.get("unknown", ""))


def _tip(text: str) -> str | None:
    return text or None


_Column = Column[ProblemRow]


class ProblemTable(RowTable[ProblemRow]):
    """Rows: the problems of the latest report, in the probe's order (by kind)."""

    COLUMNS = (
        _Column("Problem", lambda r: r.kind),
        _Column("Element", lambda r: r.element, tip=lambda r: _tip(r.problem.get("objectId", ""))),
        _Column("What", lambda r: r.what,
                tip=lambda r: r.problem.get("traceback") or r.problem["message"]),
        _Column("Fix", lambda r: r.problem["hint"], tip=lambda r: _tip(r.problem["hint"])),
        _Column("Source", lambda r: r.source, tip=lambda r: _tip(r.where)))

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.report: ProblemReport | None = None

    def show(self, report: ProblemReport) -> None:
        self.report = report
        self.set_rows([ProblemRow.of(p) for p in report["problems"]])

    def problem(self, index: QModelIndex) -> Problem | None:
        row = self.row_at(index)
        return row.problem if row is not None else None

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
