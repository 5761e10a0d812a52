"""The agent-request log's data: one row per mirrored :class:`~inspector.link.traffic.Call`.

Display strings are computed once per row when it arrives, not on every paint. The
filter proxy reads rows directly (no ``data()`` round trips) so it keeps up with an
agent making a thousand calls a second.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QBrush, QFont

from inspector.link.traffic import Call, held_call, passed
from inspector.models.columns import Column, muted
from inspector.models.log_model import BoundedLogModel, clock, refilter
from inspector.style import theme
from probe.wire import decode
from probe.wire.probe_gate import Held, Resolved
from probe.wire.probe_session import Traffic

SHORT_PARAMS = 90
#: Status of a row the approval gate holds, until its outcome arrives.
PENDING = "awaiting approval"


def short_json(value: Any, limit: int = SHORT_PARAMS) -> str:
    """Compact one-line JSON, cut to ``limit`` characters."""
    if value is None:
        return ""
    try:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


#: What a saved record may leave out (older files, held calls, hand-written sessions).
_SAVED_DEFAULTS: dict[str, Any] = {
    "seq": 0, "ts": 0.0, "client": {"id": 0, "name": "?", "role": ""}, "id": None,
    "params": None, "notification": False, "durationMs": 0.0}


@dataclass(slots=True)
class TrafficRow:
    """One call as mirrored by the probe, with its display strings."""

    call: Call
    time: str
    client: str
    role: str
    client_id: int | None
    #: the call in its client's words (the MCP tool or CLI command), if it said
    called_as: str
    method: str
    params: str
    duration: str
    status: str
    ok: bool
    #: Set while the call is held by the approval gate.
    gate_id: str | None = None

    @property
    def record(self) -> dict[str, Any]:
        """The call as the probe mirrored it (what saved sessions and exports keep)."""
        return {**self.call.raw}

    @property
    def awaiting(self) -> bool:
        """A held call nobody decided on yet (the pane shows Approve / Reject for it)."""
        return self.gate_id is not None and self.status == PENDING

    @classmethod
    def from_call(cls, call: Call) -> TrafficRow:
        if call.ok:
            status = "notification" if call.notification else "ok"
        else:
            status = call.error_name
        ms = call.duration_ms
        client = call.client
        return cls(call, clock(call.ts), client["name"], client["role"], client["id"],
                   call.called_as[:SHORT_PARAMS],
                   call.method, short_json(call.params),
                   f"{ms:.2f} ms" if ms is not None else "", status, call.ok)

    @classmethod
    def from_record(cls, rec: dict[str, Any]) -> TrafficRow:
        """A row of a saved record (the session player's list). A session file keeps the
        probe's records as they came, from any version, and held calls without an answer:
        what one leaves out is taken as a call that said nothing of it."""
        client = rec.get("client")
        saved = {**_SAVED_DEFAULTS, "ok": "error" not in rec, **rec,
                 "client": {**_SAVED_DEFAULTS["client"],
                            **(client if isinstance(client, dict) else {})}}
        return cls.from_call(Call(decode(Traffic, saved, "a saved call")))

    def request(self) -> dict[str, Any]:
        return self.call.request()

    def response(self) -> dict[str, Any] | None:
        return self.call.response()


def _muted_unless_called_as(row: TrafficRow) -> str | None:
    """The method is muted when the client named the call in its own words."""
    return "muted" if row.called_as else None


def _called_as_tip(row: TrafficRow) -> str | None:
    if not row.called_as:
        return None
    return (f"{row.client} called {row.call.called_as}; the probe ran {row.method}"
            f"{' ' + short_json(row.call.params, 2000) if row.call.params else ''}")


_Column = Column[TrafficRow]


class TrafficModel(BoundedLogModel):
    """Bounded log of calls; knows which session is the inspector's own."""

    COLUMNS = (
        _Column("Time", lambda r: r.time, tone=muted),
        _Column("Client", lambda r: r.client,
                tip=lambda r: f"{r.client} ({r.role}), session {r.client_id}"),
        _Column("Called as", lambda r: r.call.called_as, tip=_called_as_tip),
        _Column("Method", lambda r: r.method, tone=_muted_unless_called_as),
        _Column("Params", lambda r: r.params, tip=lambda r: short_json(r.call.params, 2000)),
        _Column("Duration", lambda r: r.duration, tone=muted),
        _Column("Status", lambda r: r.status))
    #: the columns by what they show
    TIME, CLIENT, CALLED_AS, METHOD, PARAMS, DURATION, STATUS = range(7)
    clientSeen = Signal(str)

    def __init__(self, limit: int = 20000, flush_ms: int = 80, parent: Any = None) -> None:
        super().__init__(limit, flush_ms, parent)
        self.own_session: int | None = None
        self.clients: set[str] = set()
        #: methods and statuses seen, of agents' calls and of inspectors' calls (the log
        #: sizes its columns for those it shows)
        self.methods: dict[bool, set[str]] = {False: set(), True: set()}
        self.statuses: dict[bool, set[str]] = {False: set(), True: set()}
        #: the first calls' words in their clients' terms (to size their column)
        self.called: list[str] = []
        #: a method or status not seen before came (the pane sizes its columns again)
        self.new_names = False
        self.probe_dropped = 0

    def prepare(self, record: Any) -> TrafficRow:
        row = TrafficRow.from_call(record)
        if row.client not in self.clients:
            self.clients.add(row.client)
            self.clientSeen.emit(row.client)
        methods, statuses = (self.methods[row.role == "inspector"],
                             self.statuses[row.role == "inspector"])
        if row.method not in methods or row.status not in statuses:
            methods.add(row.method)
            statuses.add(row.status)
            self.new_names = True
        if row.called_as and len(self.called) < 50:
            short = row.called_as[:36]
            if short not in self.called:
                self.called.append(short)
                self.new_names = True
        return row

    def add_held(self, held: Held) -> None:
        """A call the approval gate holds becomes a pending row."""
        row = self.prepare(held_call(held))
        row.status, row.gate_id = PENDING, held["gateId"]
        self._pending.append(row)
        self.flush()

    def gate_resolved(self, outcome: Resolved) -> TrafficRow | None:
        """Mark the held row with its outcome."""
        for i in range(len(self.rows) - 1, -1, -1):
            row = self.rows[i]
            if row.gate_id == outcome["gateId"]:
                row.status = f"gate: {outcome['outcome']}"
                row.ok = passed(outcome)
                self.dataChanged.emit(self.index(i, 0), self.index(i, len(self.COLUMNS) - 1))
                return row
        return None

    def held_rows(self) -> list[TrafficRow]:
        return [r for r in self.rows if r.awaiting]

    def is_own(self, row: TrafficRow) -> bool:
        return self.own_session is not None and row.client_id == self.own_session

    def is_inspector(self, row: TrafficRow) -> bool:
        """A call of this or any other inspector (its pings, its reads): not an agent's."""
        return row.role == "inspector" or self.is_own(row)

    def style(self, row: TrafficRow, column: int, role: int) -> Any:
        """What depends on the model as well: this inspector's own calls and failures."""
        if role == Qt.ItemDataRole.DisplayRole and column == self.CLIENT and self.is_own(row):
            return f"{row.client} (this inspector)"
        if role == Qt.ItemDataRole.ForegroundRole:
            if not row.ok:
                return QBrush(theme.accent("error"))
            if self.is_inspector(row):
                return QBrush(theme.accent("inspector"))
        elif role == Qt.ItemDataRole.BackgroundRole and not row.ok:
            return QBrush(theme.accent("errorBg"))
        elif role == Qt.ItemDataRole.BackgroundRole and row.awaiting:
            colour = theme.accent("warning")
            colour.setAlpha(70)
            return QBrush(colour)
        elif role == Qt.ItemDataRole.FontRole and (
                column == self.CALLED_AS or (column == self.METHOD and not row.called_as)):
            font = QFont()
            font.setBold(True)
            return font
        elif role == Qt.ItemDataRole.TextAlignmentRole and column == self.DURATION:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def export_jsonl(self, path: str) -> int:
        """Write every kept call as one JSON object per line; returns the count."""
        self.flush()
        with open(path, "w", encoding="utf-8") as fh:
            for row in self.rows:
                fh.write(json.dumps(row.record, ensure_ascii=False, default=str) + "\n")
        return len(self.rows)


class TrafficFilter(QSortFilterProxyModel):
    """Client, method text, errors only, and whether to show inspectors' own calls."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.client = ""
        self.method = ""
        self.errors_only = False
        self.show_own = False

    def set_filters(self, *, client: str | None = None, method: str | None = None,
                    errors_only: bool | None = None, show_own: bool | None = None) -> None:
        def change() -> None:
            if client is not None:
                self.client = client
            if method is not None:
                self.method = method.strip().lower()
            if errors_only is not None:
                self.errors_only = errors_only
            if show_own is not None:
                self.show_own = show_own

        refilter(self, change)

    def filterAcceptsRow(self, source_row: int,
                         source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        model = self.sourceModel()
        assert isinstance(model, TrafficModel)
        row: TrafficRow = model.rows[source_row]
        if not self.show_own and model.is_inspector(row):
            return False
        if self.errors_only and row.ok:
            return False
        if self.client and row.client != self.client:
            return False
        return not self.method or self.method in row.method.lower() or \
            self.method in row.called_as.lower()
