"""The approval gate (``probe.gate.*``): hold agents' app-changing calls for the human."""

from __future__ import annotations

from collections.abc import Callable

from inspector.link.api._base import Family
from inspector.link.traffic import GateOutcome, HeldCall


class ProbeGate(Family):
    """The approval gate (``probe.gate.*``)."""

    async def follow_gate(self) -> None:
        """Held calls and their outcomes, and agents' highlights (the control room)."""
        await self.conn.subscribe("gate", "highlight")

    async def set_gate(self, on: bool) -> None:
        """Hold agents' app-changing calls until the human decides (or stop)."""
        await self.conn.call("probe.gate.set", {"enabled": on})

    async def decide(self, gate_id: str, approve: bool) -> None:
        await self.conn.call("probe.gate.decide", {"gateId": gate_id, "approve": approve})

    async def trust_client(self, client_id: int, minutes: int) -> None:
        """Let this client's calls pass the gate for ``minutes``."""
        await self.conn.call("probe.gate.approveClient", {"clientId": client_id,
                                                          "minutes": minutes})

    def on_gate_held(self, callback: Callable[[HeldCall], None]) -> None:
        self._listen("probe.gate.pending", HeldCall.from_json, callback)

    def on_gate_resolved(self, callback: Callable[[GateOutcome], None]) -> None:
        self._listen("probe.gate.resolved", GateOutcome.from_json, callback)

    def on_gate_changed(self, callback: Callable[[bool], None]) -> None:
        self._listen("probe.gate.changed", lambda p: bool(p.get("enabled")), callback)
