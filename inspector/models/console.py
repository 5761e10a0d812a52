"""The app's console: Qt messages, logging, stdout/stderr and uncaught exceptions.

Messages come from the probe's buffer (the initial fill) and its pushes (live); ``seq``
numbers make the two overlap without duplicates.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QFont

from inspector.models.columns import Column
from inspector.models.log_model import BoundedLogModel, clock, refilter
from inspector.style import theme
from probe.wire.chr_console import Message as ConsoleMessage

LEVELS = ("debug", "info", "warning", "error", "critical")
RANK = {name: i for i, name in enumerate(LEVELS)}


@dataclass(slots=True)
class Message:
    seq: int | None
    time: str
    level: str
    rank: int
    source: str
    text: str
    message: ConsoleMessage


def _first_line(row: Message) -> str:
    first = row.text.split("\n", 1)[0]
    return first + (" …" if "\n" in row.text else "")


def _time_tone(row: Message) -> str | None:
    """Errors, warnings and debug lines are written in their level's colour; the time
    of the others is muted."""
    return _tone(row) or "muted"


def _tone(row: Message) -> str | None:
    if row.level in ("error", "warning", "debug", "critical"):
        return row.level
    return None


_Column = Column[Message]


class ConsoleModel(BoundedLogModel):
    """Columns: time, level, source, text."""

    COLUMNS = (_Column("Time", lambda r: r.time, tone=_time_tone),
               _Column("Level", lambda r: r.level, tone=_tone),
               _Column("Source", lambda r: r.source, tone=_tone),
               _Column("Message", _first_line, tip=lambda r: r.text[:4000], tone=_tone))

    def __init__(self, limit: int = 20000, flush_ms: int = 80, parent: Any = None) -> None:
        super().__init__(limit, flush_ms, parent)
        self.seen: set[int] = set()
        self.probe_dropped = 0
        #: warnings and worse received since the last clear, by level
        self.level_counts: dict[str, int] = {}

    def add_messages(self, messages: list[ConsoleMessage]) -> int:
        """Queue messages not seen before (by seq); returns how many were new."""
        new = 0
        for msg in messages:
            if msg["seq"] in self.seen:
                continue
            self.seen.add(msg["seq"])
            self.append(msg)
            new += 1
        if len(self.seen) > 4 * self.limit:  # forget seqs long gone from the model
            keep = {r.seq for r in self.rows if r.seq is not None}
            self.seen = keep | {m["seq"] for m in messages}
        return new

    def prepare(self, record: Any) -> Message:
        msg: ConsoleMessage = record
        level = msg["level"].lower()
        if RANK.get(level, 1) >= 2:
            self.level_counts[level] = self.level_counts.get(level, 0) + 1
        return Message(msg["seq"], clock(msg["ts"]), level, RANK.get(level, 1), msg["source"],
                       msg["text"], msg)

    def clear(self) -> None:
        self.level_counts = {}
        super().clear()

    def style(self, row: Message, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.BackgroundRole:
            if row.level == "critical":
                return QBrush(theme.accent("criticalBg"))
            if row.level in ("error", "warning"):
                return QBrush(theme.accent(row.level + "Bg"))
        elif role == Qt.ItemDataRole.FontRole and column == 1 and row.rank >= 2:
            font = QFont()
            font.setBold(True)
            return font
        return None


class ConsoleFilter(QSortFilterProxyModel):
    """Minimum level, and a regular expression over the text and source."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.min_rank = 0
        self.pattern: re.Pattern[str] | None = None
        self.pattern_error = ""

    def set_level(self, level: str) -> None:
        refilter(self, lambda: setattr(self, "min_rank", RANK.get(level, 0)))

    def set_pattern(self, text: str) -> None:
        def change() -> None:
            try:
                self.pattern = re.compile(text, re.IGNORECASE) if text else None
                self.pattern_error = ""
            except re.error as exc:
                self.pattern, self.pattern_error = None, str(exc)

        refilter(self, change)

    def filterAcceptsRow(self, source_row: int,
                         source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        model = self.sourceModel()
        assert isinstance(model, ConsoleModel)
        row: Message = model.rows[source_row]
        if row.rank < self.min_rank:
            return False
        return self.pattern is None or bool(self.pattern.search(row.text)
                                            or self.pattern.search(row.source))
