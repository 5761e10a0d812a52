"""The probe-fault gate: a suite that drives apps fails when the probe met a fault there.

A probe fault (:mod:`probe.core.faults`) never fails the call that met it: the element
shows as ``unread`` and the rest of the page comes back. So the suites that drive every
control and the third-party apps ask each app, before it stops, for the probe faults it
recorded (``qt.problems`` kind ``probe_fault``), and fail its module with their
tracebacks. The conformance and real-app folders turn the gate on (their conftest.py);
an app started while it is on is checked when it stops.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from probe.client import Client

_on = [False]


def gate() -> Iterator[None]:
    """Turn the gate on for the apps started until the generator ends (a fixture body)."""
    before = _on[0]
    _on[0] = True
    try:
        yield
    finally:
        _on[0] = before


def active() -> bool:
    return _on[0]


def probe_faults(qt: Client) -> list[dict[str, Any]]:
    """The probe faults the app recorded (one per class of failure)."""
    return list(qt.call("qt.problems", {"kinds": ["probe_fault"]})["problems"])


def verdict(url: str, token: str | None) -> str | None:
    """What to fail with when the app at ``url`` recorded probe faults, else None (also
    None when the app cannot be asked: it died, which its own tests report)."""
    try:
        with Client.connect(url, token, name="fault-gate", role="test") as qt:
            found = probe_faults(qt)
    except Exception:  # noqa: BLE001 - a dead or refusing app is reported elsewhere
        return None
    if not found:
        return None
    parts = [f"{len(found)} probe fault(s) met while the suite drove this app:"]
    for f in found:
        parts += [f"- {f['message']} ({f['count']}x, on {f.get('path', '?')})",
                  f.get("traceback", "")]
    return "\n".join(parts)
