"""probe.gate.*: the approval gate, run by a human in the inspector.

While an inspector has the gate on, every other client's app-changing calls wait for a
human's decision (probe/server/gate.py holds them). Only a session holding the inspector
credential turns the gate on, decides, or trusts a client for a while.
"""

from __future__ import annotations

from typing import Annotated

from probe.api._access import inspector_only
from probe.server.context import Context
from probe.server.registry import P, method
from probe.wire.probe_gate import Decided, Gate, Trusted


def _inspector_only(ctx: Context) -> None:
    inspector_only(ctx, "the human approves, not the agent")


@method("probe.gate.set", gui=False)
def gate_set(ctx: Context, enabled: Annotated[bool, P("turn the approval gate on or off")]
             ) -> Gate:
    """Turn the approval gate on (agents' app-changing calls wait for a human) or off.

    Inspector only. The gate stays on while an inspector that turned it on is connected.
    """
    _inspector_only(ctx)
    return ctx.gate.set(ctx.session, enabled)


@method("probe.gate.get", gui=False)
def gate_get(ctx: Context) -> Gate:
    """Whether the approval gate is on, the held calls, and the clients trusted for now."""
    return ctx.gate.describe()


@method("probe.gate.decide", gui=False)
def gate_decide(ctx: Context,
                gateId: Annotated[str, P("the held call, from probe.gate.pending")],
                approve: Annotated[bool, P("true runs the call, false declines it")]
                ) -> Decided:
    """Approve or reject one held call (inspector only); a rejected call is USER_DECLINED."""
    _inspector_only(ctx)
    return ctx.gate.decide(ctx.session, gateId, approve)


@method("probe.gate.approveClient", gui=False)
def gate_approve_client(ctx: Context,
                        clientId: Annotated[int, P("session id of the agent (probe.sessions)")],
                        minutes: Annotated[float, P("how long its calls pass unasked",
                                                    minimum=0.1, maximum=24 * 60)] = 5.0
                        ) -> Trusted:
    """Approve every call of one client for some minutes, its held calls included."""
    _inspector_only(ctx)
    return ctx.gate.approve_client(clientId, minutes)
