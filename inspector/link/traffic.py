"""The control room's calls: a mirrored call (``probe.traffic``) or a held one, as the
agent log, the sessions and the marks read it.

The probe's record (:class:`~probe.wire.probe_session.Traffic`) is the :class:`Call`'s
``raw``, kept verbatim for what must keep it (a saved session, the JSON detail view, a
test export); the properties read it, typed.
"""

from __future__ import annotations

import json
from typing import Any, cast

from probe.wire.probe_gate import Held, Resolved
from probe.wire.probe_session import Client, Traffic

#: Methods whose answer hands a client refs: after one, that client's view of the page
#: changed although the app did not (the accessibility pane reads it again).
REF_READS = frozenset({"chr.readPage", "chr.find"})


def _dict(value: Any) -> dict[str, Any]:
    return cast(dict[str, Any], value) if isinstance(value, dict) else {}


def _word(value: Any) -> str:
    """An argument as a person writes it: text bare, the rest as JSON."""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def is_inspector(client: Client) -> bool:
    """A call of an inspector (its own, or another inspector's)."""
    return client["role"] == "inspector"


class Call:
    """One call as the probe mirrored it (``probe.traffic``), or one the gate holds
    (``held``, with its ``gate_id``: a pending row of the log, never replayed).

    ``raw`` is the probe's record itself (typed by :class:`~probe.wire.probe_session.
    Traffic`): what a saved session, the JSON detail view and a test export keep.
    """

    __slots__ = ("gate_id", "held", "raw")

    def __init__(self, raw: Traffic, held: bool = False, gate_id: str | None = None) -> None:
        self.raw = raw
        self.held = held
        self.gate_id = gate_id

    @property
    def seq(self) -> int:
        return self.raw["seq"]

    @property
    def ts(self) -> float:
        return self.raw["ts"]

    @property
    def client(self) -> Client:
        return self.raw["client"]

    @property
    def method(self) -> str:
        return self.raw["method"]

    @property
    def params(self) -> Any:
        return self.raw["params"]

    @property
    def ok(self) -> bool:
        return self.raw["ok"]

    @property
    def notification(self) -> bool:
        return self.raw["notification"]

    @property
    def duration_ms(self) -> float | None:
        return None if self.held else self.raw["durationMs"]

    @property
    def changes_app(self) -> bool:
        return self.raw.get("changesApp", False)

    @property
    def error(self) -> dict[str, Any]:
        return self.raw.get("error", {})

    @property
    def value(self) -> Any:
        """The method's own answer (inside the ``{"result", "meta"}`` envelope)."""
        result = self.raw.get("result")
        envelope = _dict(result)
        return envelope["result"] if "result" in envelope else result

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


def held_call(held: Held) -> Call:
    """A call the approval gate holds (``probe.gate.pending``) as a log row's call: no
    answer yet, never replayed."""
    return Call({"seq": 0, "ts": held["ts"], "client": held["client"], "id": None,
                 "method": held["method"], "params": held["params"], "notification": False,
                 "durationMs": 0.0, "ok": True}, held=True, gate_id=held["gateId"])


def passed(outcome: Resolved) -> bool:
    """The held call went on (approved, or its client trusted)."""
    return outcome["outcome"] in ("approved", "trusted")
