"""Screenshots taken by clients at once cost one picture's memory, not one per call
(issue #37 item 7).

Four clients pipelining ``cu.screenshot`` of a 1280x800 window had the GUI thread render
up to 32 windows (4 MB of pixels each) while six threads encoded six of them at once: the
app went from 95 to 234 MiB and stayed at 215 (about 13 KB per call over the issue's run,
63 KB over 2,000 calls here). Pictures now take turns per app and are encoded on one
thread (probe/api/_screen.py).
"""

from __future__ import annotations

import threading
import time

from tests.support.app import rss_kib, serving, start_demo
from tests.support.pipelining import Call, Pipeliner, drain

#: What the pictures may add to the app at their peak: the first ones' buffers (the
#: encoder's heap, PNG and JSON buffers) and one window's pixels; 130+ MiB before.
PICTURES_MIB = 48


def _shot(rng: object, i: int) -> Call:
    return "cu.screenshot", {}


def test_pipelined_screenshots_hold_picture_turn_at_a_time() -> None:
    app = start_demo("--size", "1280x800")
    try:
        start = rss_kib(app.pid)
        stop = threading.Event()
        clients = [Pipeliner(app, f"shooter{k}", _shot, window=8, seed=k) for k in range(4)]
        for c in clients:
            c.start(stop)
        peak = start
        while sum(len(c.sent) for c in clients) < 240 and app.alive():
            peak = max(peak, rss_kib(app.pid))
            time.sleep(0.01)
        stop.set()
        assert drain(clients) == 0
        peak = max(peak, rss_kib(app.pid))
        answers = sum(c.outcomes()["ok"] for c in clients)
        for c in clients:
            c.close()
        assert answers >= 240, answers
        grew = (peak - start) / 1024
        assert grew < PICTURES_MIB, f"{answers} screenshots took the app from " \
            f"{start / 1024:.0f} to {peak / 1024:.0f} MiB"
        serving(app)
    finally:
        app.stop()
