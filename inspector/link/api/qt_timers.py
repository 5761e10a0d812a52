"""Timers (``qt.timers.*``): the app's timers and how often they wake it."""

from __future__ import annotations

from inspector.link.api._base import Family
from inspector.link.replies import TimerInfo, TimerMeasurement


class QtTimers(Family):
    """Timers (``qt.timers.*``)."""

    async def timers(self, active_only: bool) -> list[TimerInfo]:
        result = await self.conn.call("qt.timers.list", {"activeOnly": active_only})
        return [TimerInfo.from_json(t) for t in result.get("timers") or []
                if isinstance(t, dict)]

    async def measure_timers(self, seconds: float) -> TimerMeasurement:
        """Count timer wake-ups for ``seconds`` (the app keeps running meanwhile)."""
        return TimerMeasurement.from_json(await self.conn.call(
            "qt.timers.measure", {"seconds": seconds}, timeout=seconds + 30))
