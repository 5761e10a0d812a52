"""The approval gate: a human in the inspector approves an agent's app-changing calls.

While an inspector has the gate on, a call of a ``changes=True`` method from any client
that did not connect with the inspector token is held, whatever role it declares: the
probe publishes ``probe.gate.pending`` on the ``gate`` topic and the call awaits an
asyncio future until an inspector decides (``probe.gate.decide``) or trusts the client
for a while (``probe.gate.approveClient``). Only a client holding the inspector
credential (``Session.inspector``) turns the gate on or decides.
Reading calls never wait, and a held call blocks neither other clients nor the
transport. The gate is on only while an inspector that turned it on is connected: when
the last one leaves, held calls are declined (the human never saw them approved) and
new calls pass. A held call whose agent disconnects is dropped.

Runs on the transport thread (the event loop); nothing here touches Qt.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from probe import protocol
from probe.protocol import RpcError
from probe.server.sessions import Hub, Session
from probe.wire import probe_gate as wire

TOPIC = "gate"
TOPIC_TEXT = ("the approval gate: probe.gate.pending (a held agent call), "
              "probe.gate.resolved (its outcome) and probe.gate.changed (on/off)")

#: Seconds between checks that a held call's agent and the gate's inspectors are still
#: connected (disconnects also resolve held calls at once through the close hook).
POLL = 0.25
#: Seconds a call is held at most; then it is declined (outcome "timeout"), before the
#: clients' own 60 s call timeout, so a call its agent gave up on never runs later.
HOLD_TIMEOUT = 50.0

_gate_ids = itertools.count(1)


@dataclass
class Held:
    """One call waiting for a decision."""

    gate_id: str
    session: Session
    method: str
    params: Any
    future: asyncio.Future[str]
    since: float = field(default_factory=time.time)

    def describe(self) -> wire.Held:
        s = self.session
        return {"gateId": self.gate_id, "method": self.method,
                "params": _preview(self.params), "ts": self.since,
                "client": {"id": s.id, "name": s.name, "role": s.role}}


class Gate:
    """The gate of one probe (see the module docstring)."""

    def __init__(self, hub: Hub, on_session_closed: Callable[[Callable[[Session], object]], None]
                 ) -> None:
        self.hub = hub
        self.enablers: set[int] = set()
        self.held: dict[str, Held] = {}
        self.trusted: dict[int, float] = {}  # session id -> time.time() it is trusted until
        on_session_closed(self._closed_on_gui)

    # ------------------------------------------------------------------ state

    @property
    def sessions(self) -> dict[int, Session]:
        return self.hub.sessions

    @property
    def enabled(self) -> bool:
        """On while at least one inspector that turned it on is connected."""
        self.enablers &= set(self.sessions)
        return bool(self.enablers)

    def describe(self) -> wire.Gate:
        now = time.time()
        return {"enabled": self.enabled, "enabledBy": sorted(self.enablers),
                "pending": [h.describe() for h in self.held.values()],
                "trusted": [{"clientId": sid, "until": until}
                            for sid, until in self.trusted.items() if until > now]}

    def set(self, session: Session, enabled: bool) -> wire.Gate:
        was = self.enabled
        if enabled:
            self.enablers.add(session.id)
        else:
            self.enablers.discard(session.id)
        if was != self.enabled:
            self._changed()
        return self.describe()

    def _changed(self) -> None:
        on = self.enabled
        if not on:
            self._decide_all("gateOff")
        self.hub.publish("gate", "probe.gate.changed",
                               {"enabled": on, "enabledBy": sorted(self.enablers)})

    # ------------------------------------------------------------------ holding

    def must_hold(self, session: Session, changes: bool) -> bool:
        if not changes or session.inspector or not self.enabled:
            return False
        return self.trusted.get(session.id, 0.0) <= time.time()

    async def admit(self, session: Session, method: str, params: Any) -> dict[str, Any] | None:
        """Return at once, or hold the call until approved; USER_DECLINED otherwise.

        Only calls that change the app come here (their declaration says so, for these
        params). Returns the gate's meta for the response (None when it was not held).
        """
        if not self.must_hold(session, True):
            return None
        loop = asyncio.get_running_loop()
        held = Held(f"g{next(_gate_ids)}", session, method, params, loop.create_future())
        self.held[held.gate_id] = held
        self.hub.publish("gate", "probe.gate.pending", held.describe())
        start = time.perf_counter()
        try:
            outcome = await self._wait(held)
        except asyncio.CancelledError:  # its client left: the call is dropped with it
            self._resolved(held, "dropped", start)
            raise
        finally:
            self.held.pop(held.gate_id, None)
        waited = self._resolved(held, outcome, start)
        if outcome in ("approved", "trusted"):
            return {"gateId": held.gate_id, "approval": outcome, "waitedMs": waited}
        raise _declined(held, outcome)

    def _resolved(self, held: Held, outcome: str, start: float) -> float:
        """Tell the gate's watchers how a held call ended; return how long it waited (ms)."""
        waited = round((time.perf_counter() - start) * 1000, 1)
        self.hub.publish("gate", "probe.gate.resolved",
                               {"gateId": held.gate_id, "outcome": outcome, "waitedMs": waited,
                                "method": held.method, "client": held.describe()["client"]})
        return waited

    async def _wait(self, held: Held) -> str:
        deadline = time.monotonic() + HOLD_TIMEOUT
        while time.monotonic() < deadline:
            try:
                return await asyncio.wait_for(asyncio.shield(held.future), POLL)
            except TimeoutError:
                pass
            if held.session.id not in self.sessions:
                return "dropped"
            if not self.enabled:
                self._changed()
                return "gateOff"
        return "timeout"

    def decide(self, session: Session, gate_id: str, approve: bool) -> wire.Decided:
        held = self.held.get(gate_id)
        if held is None or held.future.done():
            raise RpcError("GATE_NOT_FOUND", f"no held call {gate_id!r}",
                           gateId=gate_id, pending=sorted(self.held))
        held.future.set_result("approved" if approve else "rejected")
        return {"gateId": gate_id, "approved": approve, "method": held.method,
                "decidedBy": session.id}

    def approve_client(self, client_id: int, minutes: float) -> wire.Trusted:
        target = self.sessions.get(client_id)
        if target is None:
            raise RpcError("INVALID_PARAMS", f"no connected client with id {client_id}",
                           clientId=client_id,
                           available=[{"id": s.id, "name": s.name, "role": s.role}
                                      for s in self.sessions.values()])
        until = time.time() + minutes * 60
        self.trusted[client_id] = until
        released = [h.gate_id for h in self.held.values() if h.session.id == client_id]
        for gate_id in released:
            self._decide(gate_id, "trusted")
        return {"clientId": client_id, "name": target.name, "until": until,
                "released": released}

    # ------------------------------------------------------------------ cleanup

    def _decide(self, gate_id: str, outcome: str) -> None:
        held = self.held.get(gate_id)
        if held is not None and not held.future.done():
            held.future.set_result(outcome)

    def _decide_all(self, outcome: str, session_id: int | None = None) -> None:
        for held in list(self.held.values()):
            if session_id is None or held.session.id == session_id:
                self._decide(held.gate_id, outcome)

    def _closed_on_gui(self, session: Session) -> None:
        """Session-closed hook (runs on the GUI thread): hand over to the loop thread."""
        try:
            self.hub.loop.call_soon_threadsafe(self.session_gone, session.id)
        except RuntimeError:  # loop closed: the probe is stopping
            pass

    def shutdown(self) -> None:
        """The app is quitting: every held call ends with SHUTTING_DOWN (loop thread)."""
        self._decide_all("shutdown")

    def session_gone(self, session_id: int) -> None:
        self.trusted.pop(session_id, None)
        self._decide_all("dropped", session_id)
        if session_id in self.enablers:
            self.enablers.discard(session_id)
            if not self.enabled:
                self._changed()


def _declined(held: Held, outcome: str) -> RpcError:
    if outcome == "rejected":
        message = (f"The user rejected {held.method} in the inspector's approval gate; "
                   "the app was not changed.")
    elif outcome == "gateOff":
        message = (f"{held.method} was held for approval and the gate was switched off "
                   "(or its inspector left) before anyone approved it; the app was not "
                   "changed. Calling it again now runs it.")
    elif outcome == "timeout":
        message = (f"Nobody approved {held.method} within {HOLD_TIMEOUT:.0f} s in the "
                   "inspector's approval gate; the app was not changed. Ask the human, "
                   "then call it again.")
    elif outcome == "shutdown":
        return RpcError("SHUTTING_DOWN", f"{held.method} was held for approval when the app "
                        "began to quit; the app was not changed.", gateId=held.gate_id,
                        method=held.method)
    else:
        message = f"{held.method} was dropped while held for approval ({outcome})."
    return RpcError("USER_DECLINED", message, gateId=held.gate_id, outcome=outcome,
                    method=held.method)


def _preview(value: Any, limit: int = 4000) -> Any:
    if value is None or isinstance(value, (bool, int, float)):
        return value
    text = protocol.encode(value)
    return value if len(text) <= limit else {"truncated": True, "preview": text[:limit]}
