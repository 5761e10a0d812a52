"""One direction of an object's connections (:class:`~probe.wire.qt_signals.Connection`):
outbound (its signals and what they call) or inbound (who calls it), and in the
outbound table one grey row per signal whose receivers the probe could not name, so the
count Qt keeps is never hidden."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont

from inspector.models.columns import Column, RowTable
from probe.wire._shared import CodeLine, ObjectSummary
from probe.wire.qt_signals import Connection, SignalReceivers

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


def _shown_other(r: Row) -> str:
    if r.other is not None:
        return object_label(r.other)
    return "(outside its tree)" if r.kind == "signal" and not r.unseen else ""


def _tip(r: Row) -> str:
    if r.unseen:
        return f"{r.unseen} connection(s) of {r.signal} the probe did not see: {UNSEEN}"
    where = f"\nconnected at {r.at['file']}:{r.at['line']}" if r.at else ""
    return f"{r.kind}: {r.slot}{where}"


def _other_tip(r: Row) -> str | None:
    if r.other is None:
        return None
    return f"{r.other['className']} {r.other['path']} ({r.other['id']}): double-click selects it"


def _tone(r: Row) -> str | None:
    return "muted" if r.unseen or r.gone else None


_Column = Column[Row]
_SIGNAL = _Column("Signal", lambda r: r.signal, tip=_tip, tone=_tone)
_SLOT = _Column("Slot", lambda r: r.slot + (" (gone)" if r.gone else ""), tip=_tip, tone=_tone)


class ConnectionModel(RowTable[Row]):
    """Rows of connections in one direction; columns: signal, slot and the object at the
    other end (receiver or sender). The line that connected a row is its ``at`` (the
    pane shows the current row's as a link)."""

    #: which end of a connection the third column names
    OTHER = "receiver"

    def load(self, connections: list[Connection],
             counts: list[SignalReceivers] | None = None) -> None:
        """Show these connections (and, outbound, the unseen count of each signal)."""
        rows = [Row(c["signal"], c["slot"], c.get(self.OTHER), c["connectedAt"], c["kind"],
                    gone=bool(c.get("gone"))) for c in connections]
        rows += [Row(s["signal"], f"{s['unseen']} not seen", None, None, unseen=s["unseen"])
                 for s in counts or [] if s["unseen"]]
        self.set_rows(rows)

    def clear(self) -> None:
        self.set_rows([])

    def row_of(self, row: int) -> Row | None:
        return self.rows[row] if 0 <= row < len(self.rows) else None

    def object_at(self, row: int) -> ObjectSummary | None:
        """The object at the other end of row ``row`` (to jump to), if the probe named it."""
        r = self.row_of(row)
        return r.other if r is not None else None

    def style(self, row: Row, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.FontRole and row.unseen:
            font = QFont()
            font.setItalic(True)
            return font
        return None


class OutboundModel(ConnectionModel):
    """What the object's signals call, then the counts of what the probe did not see."""

    COLUMNS = (_SIGNAL, _SLOT, _Column("Receiver", _shown_other, tip=_other_tip))


class InboundModel(ConnectionModel):
    """What calls the object's slots or signals."""

    OTHER = "sender"
    COLUMNS = (_SIGNAL, _SLOT, _Column("Sender", _shown_other, tip=_other_tip))
