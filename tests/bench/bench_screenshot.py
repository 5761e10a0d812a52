"""Screenshot of a 1280x800 window (PNG, JPEG) and a click round trip, through the probe.

    python tests/bench/bench_screenshot.py [--n 40]

Each row is one call over the WebSocket: grab on the GUI thread, encode on the
transport side, base64 in JSON. A click round trip includes settling (the call
returns once the events the click caused have run).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from _common import demo_app, premise, run_bench, summary, table, target, timed


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=40)
    n = ap.parse_args().n
    with demo_app("--size", "1280x800") as app:
        qt = app.client(name="bench")
        size = qt.call("qt.ui.geometry", {"target": "mainWindow"})["window"]
        if not premise((size["width"], size["height"]) == (1280, 800),
                       f"the window is {size['width']}x{size['height']}, not 1280x800"):
            return
        cases: list[tuple[str, Callable[[], Any]]] = [
            ("qt.ui.screenshot png 1280x800", lambda: qt.call("qt.ui.screenshot")),
            ("qt.ui.screenshot jpeg q80 1280x800",
             lambda: qt.call("qt.ui.screenshot", {"format": "jpeg"})),
            ("cu.screenshot png scaled to 1024", lambda: qt.call("cu.screenshot",
                                                                 {"maxWidth": 1024})),
            ("qt.ui.click (checkbox) round trip",
             lambda: qt.call("qt.ui.click", {"target": "termsCheck"})),
            ("qt.ui.click, no wait_for_idle",
             lambda: qt.call("qt.ui.click", {"target": "termsCheck", "wait_for_idle": False})),
            ("cu.leftClick round trip", lambda: qt.call("cu.leftClick",
                                                        {"coordinate": [640, 400]})),
            ("qt.ping (reference)", lambda: qt.call("qt.ping")),
        ]
        sizes = {"png": len(qt.call("qt.ui.screenshot")["data"]) * 3 // 4,
                 "jpeg": len(qt.call("qt.ui.screenshot", {"format": "jpeg"})["data"]) * 3 // 4}
        rows = []
        for name, fn in cases:
            s = summary(timed(fn, n, warmup=3))
            rows.append({"case": name, "p50_ms": s["p50"], "p99_ms": s["p99"],
                         "min_ms": s["min"], "n": s["n"]})
        table("screenshot: 1280x800 window pictures and click round trips (ms)", rows)
        print(f"\npicture bytes: png {sizes['png']:,}, jpeg {sizes['jpeg']:,}")
        premise(sizes["jpeg"] > 1000 and sizes["png"] > 1000, f"pictures of {sizes} bytes")
        p50 = {r["case"]: r["p50_ms"] for r in rows}
        jpeg, png = p50["qt.ui.screenshot jpeg q80 1280x800"], p50["qt.ui.screenshot png 1280x800"]
        target("JPEG screenshot 1280x800", "round trip at most 0.6x the PNG one",
               f"{jpeg:.1f} ms = {jpeg / png:.2f}x PNG ({png:.1f} ms)", jpeg <= 0.6 * png,
               "JPEG through libjpeg-turbo (simplejpeg), PNG through Qt's writer")


if __name__ == "__main__":
    run_bench(main)
