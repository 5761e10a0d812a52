"""The approval gate (``probe.gate.*``): hold agents' app-changing calls for the human."""

from __future__ import annotations

from collections.abc import Callable

from inspector.link.api._base import Family
from probe.client import read
from probe.wire.probe_gate import Changed, Decided, Gate, Held, Resolved, Trusted


class ProbeGate(Family):
    """The approval gate (``probe.gate.*``)."""

    async def follow_gate(self) -> None:
        """Held calls and their outcomes, and agents' highlights (the control room)."""
        await self.conn.subscribe("gate", "highlight")

    async def set_gate(self, on: bool) -> None:
        """Hold agents' app-changing calls until the human decides (or stop)."""
        await self.conn.call("probe.gate.set", {"enabled": on}, result=Gate)

    async def decide(self, gate_id: str, approve: bool) -> None:
        await self.conn.call("probe.gate.decide", {"gateId": gate_id, "approve": approve},
                             result=Decided)

    async def trust_client(self, client_id: int, minutes: int) -> None:
        """Let this client's calls pass the gate for ``minutes``."""
        await self.conn.call("probe.gate.approveClient", {
            "clientId": client_id, "minutes": minutes}, result=Trusted)

    def on_gate_held(self, callback: Callable[[Held], None]) -> None:
        self._notes("probe.gate.pending", Held, callback)

    def on_gate_resolved(self, callback: Callable[[Resolved], None]) -> None:
        self._notes("probe.gate.resolved", Resolved, callback)

    def on_gate_changed(self, callback: Callable[[bool], None]) -> None:
        self._listen("probe.gate.changed",
                     lambda p: read(Changed, p, "probe.gate.changed")["enabled"], callback)
