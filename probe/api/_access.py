"""Which client may call what: methods that only an inspector (a human) may call."""

from __future__ import annotations

from probe.protocol import RpcError
from probe.server.context import Context
from probe.server.gate import INSPECTOR_ROLE


def inspector_only(ctx: Context, why: str) -> None:
    """ROLE_NOT_ALLOWED unless the caller is the inspector: it presented the inspector
    token (from the discovery file), which no declared role can stand in for."""
    if not ctx.session.inspector:
        raise RpcError("ROLE_NOT_ALLOWED", f"{ctx.method} is for the inspector: {why}",
                       requiredRole=INSPECTOR_ROLE, role=ctx.session.role)
