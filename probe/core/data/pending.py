"""Single-shot timers an action started: what settling waits for besides the event queue.

Apps debounce. A search field restarts a 500 ms single-shot QTimer on every key and
filters the list when it fires; an answer taken as soon as the event queue is idle would
still show the unfiltered list ("Nothing matched" for an item about to appear). So an
action takes :class:`Started` before it is delivered, and once it has settled asks
:meth:`Started.due`: how long until the last single-shot timer its events started (or
restarted) fires. The caller waits that long without holding the GUI thread, settles
again (the timer's slot ran, the model it filtered has reset, the view has followed) and
asks again, since a slot may start another timer: all within :data:`BOUND_MS`.

Counted: active single-shot ``QTimer`` objects under the app's roots (``QTimer(parent)``,
as debounces are written) whose due time is within the bound. Each timer is awaited once:
one that restarts itself when it fires (a poll) is waited for one period, not forever.
Not counted: parentless timers and the ones ``QTimer.singleShot(ms, fn)`` makes
internally, repeating timers (a clock never finishes) and timers beyond the bound (a 5 s
auto-save is not a reaction to a click). GUI thread only.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QTimer

from probe.core.data.timers import all_timers

#: Longest wait, in ms, for the timers an action started (from its end, all rounds told).
BOUND_MS = 1000
#: remainingTime() is in whole ms: a due time later than before by more than this means
#: the timer was started again.
_SLACK_S = 0.003


def _single_shots() -> list[tuple[QTimer, float]]:
    """``(timer, seconds until it fires)`` of the active single-shot timers."""
    out: list[tuple[QTimer, float]] = []
    for timer in all_timers():
        if QTimer.isActive(timer) and QTimer.isSingleShot(timer):
            remaining = QTimer.remainingTime(timer)
            if remaining >= 0:
                out.append((timer, remaining / 1000))
    return out


class Started:
    """The single-shot timers running before an action, to tell the ones it started."""

    def __init__(self) -> None:
        now = time.monotonic()
        self._before = {timer: now + left for timer, left in _single_shots()}
        self._awaited: set[QTimer] = set()

    def due(self, bound_ms: int = BOUND_MS) -> float:
        """Seconds until the last timer the action started fires (0: none to wait for).

        A timer counts once: later calls leave out the ones an earlier call returned."""
        now = time.monotonic()
        longest = 0.0
        for timer, left in _single_shots():
            if left * 1000 > bound_ms or timer in self._awaited:
                continue
            was = self._before.get(timer)
            if was is not None and now + left <= was + _SLACK_S:
                continue  # running before the action, and not started again since
            self._awaited.add(timer)
            longest = max(longest, left)
        return longest
