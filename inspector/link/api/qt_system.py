"""System (``qt.ping``, ``probe.freeze``): the connection's pings and the GUI thread's freezes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from inspector.link.api._base import Family
from probe.wire.qt_system import Freeze, Ping


@dataclass(frozen=True, slots=True)
class PingSample:
    """One periodic ``qt.ping``: its round trip as the inspector timed it, and the answer
    (the event loop's latency, or busy and for how long)."""

    round_trip_ms: float
    answer: Ping


class QtSystem(Family):
    """System (``qt.ping``, ``probe.freeze``)."""

    async def follow_freezes(self) -> None:
        await self.conn.subscribe("freeze")

    def on_freeze(self, callback: Callable[[Freeze], None]) -> None:
        self._notes("probe.freeze", Freeze, callback)

    def on_ping(self, callback: Callable[[PingSample], None]) -> None:
        """The connection's periodic ping (round trip, event-loop latency, busy)."""
        def sample(ms: float, answer: Ping) -> None:
            callback(PingSample(ms, answer))

        self.conn.pinged.connect(sample)
