"""The control room's messages as small dataclasses: mirrored calls, held calls, sessions.

A ``probe.traffic`` record is read here once (:meth:`Call.from_json`) and every pane,
model and session file takes the :class:`Call`; the record itself stays in ``raw`` for
what must keep it verbatim (a saved session, the JSON detail view, a test export).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

#: Methods whose answer hands a client refs: after one, that client's view of the page
#: changed although the app did not (the accessibility pane reads it again).
REF_READS = frozenset({"chr.readPage", "chr.find"})


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _word(value: Any) -> str:
    """An argument as a person writes it: text bare, the rest as JSON."""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


@dataclass(frozen=True, slots=True)
class ClientInfo:
    """Who made a call: the session id, the name it gave in hello, and its role."""

    id: int | None = None
    name: str = "?"
    role: str = ""

    @classmethod
    def from_json(cls, data: Any) -> ClientInfo:
        data = _dict(data)
        sid = data.get("id")
        return cls(sid if isinstance(sid, int) else None, str(data.get("name") or "?"),
                   str(data.get("role") or ""))

    @property
    def is_inspector(self) -> bool:
        return self.role == "inspector"


@dataclass(slots=True)
class Call:
    """One call as the probe mirrored it (``probe.traffic``), or one the gate holds."""

    raw: dict[str, Any]
    seq: int
    ts: float | None
    client: ClientInfo
    method: str
    params: Any
    ok: bool
    notification: bool = False
    duration_ms: float | None = None
    changes_app: bool = False
    error: dict[str, Any] = field(default_factory=dict)
    #: held by the approval gate (a pending row of the log, never replayed)
    held: bool = False
    gate_id: str | None = None

    @classmethod
    def from_json(cls, rec: dict[str, Any]) -> Call:
        ms = rec.get("durationMs")
        gate_id = rec.get("gateId")
        return cls(rec, int(rec.get("seq") or 0),
                   float(rec["ts"]) if isinstance(rec.get("ts"), (int, float)) else None,
                   ClientInfo.from_json(rec.get("client")), str(rec.get("method") or ""),
                   rec.get("params"), bool(rec.get("ok", "error" not in rec)),
                   bool(rec.get("notification")),
                   float(ms) if isinstance(ms, (int, float)) else None,
                   bool(rec.get("changesApp")), _dict(rec.get("error")),
                   bool(rec.get("held")), None if gate_id is None else str(gate_id))

    @property
    def value(self) -> Any:
        """The method's own answer (inside the ``{"result", "meta"}`` envelope)."""
        result = self.raw.get("result")
        if isinstance(result, dict) and "result" in result:
            return result["result"]
        return result

    @property
    def answer(self) -> dict[str, Any]:
        """:attr:`value` when it is an object, else empty."""
        return _dict(self.value)

    @property
    def args(self) -> dict[str, Any]:
        """The params when given by name (a truncated preview is a dict too)."""
        return _dict(self.params)

    @property
    def error_name(self) -> str:
        """The probe's error name (``METHOD_NOT_FOUND`` …), else its code, else ``error``."""
        data = _dict(self.error.get("data"))
        return str(data.get("name") or self.error.get("code") or "error")

    @property
    def ref(self) -> str | None:
        """The ref the call named (refs are per session: the client's own)."""
        ref = self.args.get("ref")
        return ref if isinstance(ref, str) else None

    @property
    def via(self) -> dict[str, Any]:
        """How the client's user asked for the call, when the client said (an MCP tool
        and its arguments, a CLI command line); empty when it did not."""
        return _dict(self.raw.get("via"))

    @property
    def called_as(self) -> str:
        """The call in its client's words: ``read_page(filter=interactive)`` for an MCP
        tool, the command line for a CLI command; empty when the client did not say."""
        via = self.via
        command = via.get("command")
        if isinstance(command, str) and command:
            return command
        tool = via.get("tool")
        if not isinstance(tool, str) or not tool:
            return ""
        args = _dict(via.get("arguments"))
        shown = ", ".join(f"{k}={_word(v)}" for k, v in args.items())
        return f"{tool}({shown})"

    @property
    def truncated_params(self) -> bool:
        """Its params were too large to mirror: only a preview was logged."""
        return self.args.get("truncated") is True and "preview" in self.args

    @property
    def names_target(self) -> bool:
        """It acted on or read the element its ref names (a page read names none)."""
        return self.ref is not None and self.ok and self.method not in REF_READS

    @property
    def reads_refs(self) -> bool:
        """Its answer handed the client refs (its view of the page changed)."""
        return self.method in REF_READS

    def request(self) -> dict[str, Any]:
        """The request as the client sent it (for the detail view)."""
        out: dict[str, Any] = {"jsonrpc": "2.0", "method": self.raw.get("method")}
        if not self.notification:
            out["id"] = self.raw.get("id")
        if self.params is not None:
            out["params"] = self.params
        return out

    def response(self) -> dict[str, Any] | None:
        """The response the client got (None for a notification, which gets none)."""
        if self.notification:
            return None
        out: dict[str, Any] = {"jsonrpc": "2.0", "id": self.raw.get("id")}
        if "error" in self.raw:
            out["error"] = self.raw["error"]
        else:
            out["result"] = self.raw.get("result")
        return out


@dataclass(frozen=True, slots=True)
class HeldCall:
    """An agent's call the approval gate holds (``probe.gate.pending``)."""

    gate_id: str
    ts: float | None
    client: ClientInfo
    method: str
    params: Any

    @classmethod
    def from_json(cls, params: dict[str, Any]) -> HeldCall:
        ts = params.get("ts")
        return cls(str(params.get("gateId")), float(ts) if isinstance(ts, (int, float))
                   else None, ClientInfo.from_json(params.get("client")),
                   str(params.get("method") or ""), params.get("params"))

    def as_call(self) -> Call:
        """The held call as a log row's call (no answer yet; never replayed)."""
        client = {"id": self.client.id, "name": self.client.name, "role": self.client.role}
        return Call.from_json({"ts": self.ts, "client": client, "method": self.method,
                               "params": self.params, "id": None, "ok": True,
                               "gateId": self.gate_id, "held": True})


@dataclass(frozen=True, slots=True)
class GateOutcome:
    """What became of a held call (``probe.gate.resolved``): approved, trusted, declined…"""

    gate_id: str
    outcome: str

    @classmethod
    def from_json(cls, params: dict[str, Any]) -> GateOutcome:
        return cls(str(params.get("gateId")), str(params.get("outcome") or "decided"))

    @property
    def passed(self) -> bool:
        return self.outcome in ("approved", "trusted")


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """A client connected to the probe (``probe.sessions``, ``probe.session``)."""

    id: int
    name: str
    role: str

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SessionInfo | None:
        sid = data.get("id")
        if not isinstance(sid, int):
            return None
        return cls(sid, str(data.get("name") or "?"), str(data.get("role") or ""))


@dataclass(frozen=True, slots=True)
class SessionEvent:
    """A client came or went (``probe.session``)."""

    session: SessionInfo
    gone: bool

    @classmethod
    def from_json(cls, params: dict[str, Any]) -> SessionEvent | None:
        session = SessionInfo.from_json(params)
        if session is None:
            return None
        return cls(session, params.get("event") == "disconnected")
