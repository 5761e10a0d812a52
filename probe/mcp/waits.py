"""How long the MCP server waits for one probe call: long enough for every wait it asks.

A call's own waits are its ``timeout`` / ``timeoutMs`` / ``duration`` parameters, and, in a
``batch`` (``actions``) or a ``fill_form`` (``fields``), those of each of its steps; a
``wait_for`` step without a timeout waits the probe's default. The server's wait is the
base (``qtmcp mcp --timeout``, 60 s) plus all of them, so a batch of waits is never cut
short while it runs as asked. Past it, the server cancels the call (see
:meth:`probe.mcp.server.Bridge._call`) and says so. Pure function of plain values.
"""

from __future__ import annotations

from typing import Any

#: Seconds the server waits for a call beyond the waits the call itself asks for.
BASE_SECONDS = 60.0
#: What a ``wait_for`` step waits when it gives no timeout (``chr.waitFor``'s default).
WAIT_FOR_DEFAULT = 10.0
#: Parameters that hold seconds (or milliseconds, ``…Ms``) a call may wait.
_WAITS = ("timeout", "duration", "timeoutMs")
#: How deep a call's parameters are looked into (a batch's step's fields at most).
_DEPTH = 4


def _asked(value: Any) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) \
        and value == value and 0 <= value < 1e7 else 0.0  # NaN, negatives, absurd: no wait


def asked_seconds(params: Any, depth: int = 0) -> float:
    """Seconds the call of ``params`` may wait by its own asking, its steps' included."""
    if depth > _DEPTH:
        return 0.0
    if isinstance(params, list):
        return sum(asked_seconds(p, depth + 1) for p in params[:1000])
    if not isinstance(params, dict):
        return 0.0
    total = sum(_asked(params.get(k)) / (1000 if k.endswith("Ms") else 1) for k in _WAITS)
    if params.get("action") == "wait_for" and not any(k in params for k in _WAITS):
        total += WAIT_FOR_DEFAULT
    return total + sum(asked_seconds(v, depth + 1) for v in params.values()
                       if isinstance(v, (list, dict)))


def budget(params: Any, base: float = BASE_SECONDS) -> float:
    """The server's wait for one call: ``base`` plus every wait the call asks for."""
    return base + asked_seconds(params)
