"""Which client may call what: methods that only an inspector (a human) may call."""

from __future__ import annotations

from probe.core.errors import QtError
from probe.server.context import INSPECTOR_ROLE, Context


def inspector_only(ctx: Context, why: str) -> None:
    """ROLE_NOT_ALLOWED unless the caller is the inspector: it presented the inspector
    token (from the discovery file), which no declared role can stand in for."""
    if not ctx.session.inspector:
        raise QtError("ROLE_NOT_ALLOWED", f"{ctx.method} is for the inspector: {why}",
                      requiredRole=INSPECTOR_ROLE, role=ctx.session.role)
