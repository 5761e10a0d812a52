"""One direction of an object's connections (:class:`~probe.wire.qt_signals.Connection`):
outbound (its signals and what they call) or inbound (who calls it), and in the
outbound table one grey row per signal whose receivers the probe could not name, so the
count Qt keeps is never hidden."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Literal

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QFont

from inspector.style import theme
from probe.wire._shared import CodeLine, ObjectSummary
from probe.wire.qt_signals import Connection, SignalReceivers

Index = QModelIndex | QPersistentModelIndex
Direction = Literal["outbound", "inbound"]

#: What an unseen receiver may be, said once for every such row.
UNSEEN = "made in C++, by Qt or PySide6, or before the probe came in"


@dataclass(frozen=True)
class Row:
    """One line of the table: a connection, or a count of unseen ones."""

    signal: str
    slot: str
    other: ObjectSummary | None
    at: CodeLine | None
    kind: str = ""
    unseen: int = 0
    gone: bool = False


def object_label(obj: ObjectSummary | None) -> str:
    """Its objectName, else its class: short, for a narrow column (the path and id are
    in the tool tip)."""
    if obj is None:
        return ""
    return obj["objectName"] or obj["className"]


def code_line(at: CodeLine | None) -> str:
    """``demo_app.py:563`` for a line of code, '' when unknown."""
    return f"{os.path.basename(at['file'])}:{at['line']}" if at else ""


def connected_text(row: Row | None) -> str:
    """What the pane says under the tables for the current row (rich text, a link)."""
    if row is None:
        return ""
    if row.unseen:
        return f"{row.unseen} connection(s) of {row.signal} not seen: {UNSEEN}."
    if row.at is None:
        return "Connected by qtmcp or Qt: no line of the app's."
    function = row.at["function"].replace("<", "&lt;").replace(">", "&gt;")
    return f'Connected at <a href="open">{code_line(row.at)}</a> in {function}()'


class ConnectionModel(QAbstractTableModel):
    """Rows of connections in one direction; columns: signal, slot and the object at the
    other end (receiver or sender). The line that connected a row is its ``at`` (the
    pane shows the current row's as a link)."""

    def __init__(self, direction: Direction, parent: Any = None) -> None:
        super().__init__(parent)
        self.direction = direction
        self.columns = ("Signal", "Slot", "Receiver" if direction == "outbound" else "Sender")
        self.rows: list[Row] = []

    def load(self, connections: list[Connection],
             counts: list[SignalReceivers] | None = None) -> None:
        """Show these connections (and, outbound, the unseen count of each signal)."""
        self.beginResetModel()
        other = "receiver" if self.direction == "outbound" else "sender"
        self.rows = [Row(c["signal"], c["slot"], c.get(other), c["connectedAt"], c["kind"],
                         gone=bool(c.get("gone"))) for c in connections]
        self.rows += [Row(s["signal"], f"{s['unseen']} not seen", None, None,
                          unseen=s["unseen"]) for s in counts or [] if s["unseen"]]
        self.endResetModel()

    def clear(self) -> None:
        self.load([])

    def row_at(self, row: int) -> Row | None:
        return self.rows[row] if 0 <= row < len(self.rows) else None

    def object_at(self, row: int) -> ObjectSummary | None:
        """The object at the other end of row ``row`` (to jump to), if the probe named it."""
        r = self.row_at(row)
        return r.other if r is not None else None

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.columns[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        r = self.row_at(index.row()) if index.isValid() else None
        if r is None:
            return None
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            other = object_label(r.other) or ("" if r.unseen or r.kind != "signal"
                                              else "(outside its tree)")
            return (r.signal, r.slot + (" (gone)" if r.gone else ""), other)[col]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tip(r, col)
        if role == Qt.ItemDataRole.ForegroundRole and (r.unseen or r.gone):
            return QBrush(theme.accent("muted"))
        if role == Qt.ItemDataRole.FontRole and r.unseen:
            font = QFont()
            font.setItalic(True)
            return font
        return None

    def _tip(self, r: Row, col: int) -> str:
        if r.unseen:
            return f"{r.unseen} connection(s) of {r.signal} the probe did not see: {UNSEEN}"
        if col == 2 and r.other is not None:
            return (f"{r.other['className']} {r.other['path']} ({r.other['id']}): "
                    "double-click selects it")
        where = f"\nconnected at {r.at['file']}:{r.at['line']}" if r.at else ""
        return (f"{r.kind}: {r.slot}" if col == 1 else r.signal) + where
