"""Timers that fire faster than the screen refreshes: work nobody sees, a busy CPU."""

from __future__ import annotations

from PySide6.QtCore import QTimer

from probe.core import faults
from probe.core.data.timers import all_timers
from probe.core.objects import qtchildren
from probe.core.problems.scan import Problem, Scan

KIND = "fast_timer"
#: One frame of a 60 Hz screen.
FRAME_MS = 16


def check(scan: Scan) -> list[Problem]:
    return faults.each(all_timers(scan.below), _one)


def _one(t: QTimer) -> Problem | None:
    if not QTimer.isActive(t) or QTimer.isSingleShot(t):
        return None
    ms = QTimer.interval(t)
    if ms >= FRAME_MS:
        return None
    owner = qtchildren.parent(t)
    return Problem(KIND, t, f"repeats every {ms} ms" + (
        f" (owner {type(owner).__name__})" if owner is not None else ""),
        "use 16 ms or more for what is drawn, or a signal instead of polling",
        {"intervalMs": ms})
