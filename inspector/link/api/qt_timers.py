"""Timers (``qt.timers.*``): the app's timers and how often they wake it."""

from __future__ import annotations

from inspector.link.api._base import Family
from probe.wire.qt_timers import Measurement, TimerInfo, Timers


class QtTimers(Family):
    """Timers (``qt.timers.*``)."""

    async def timers(self, active_only: bool) -> list[TimerInfo]:
        listing = await self.conn.call("qt.timers.list", {"activeOnly": active_only},
                                       result=Timers)
        return listing["timers"]

    async def measure_timers(self, seconds: float) -> Measurement:
        """Count timer wake-ups for ``seconds`` (the app keeps running meanwhile)."""
        return await self.conn.call("qt.timers.measure", {"seconds": seconds},
                                    timeout=seconds + 30, result=Measurement)
