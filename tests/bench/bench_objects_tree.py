"""qt.objects.tree over a window of 10,000 QObjects, next to a bare Python walk.

    python tests/bench/bench_objects_tree.py [--objects 10000] [--n 15]

The target is the demo app's ``--bench-objects N`` window. The bare walk builds the same
window in this process and visits every object reading className and objectName, the
least any tree dump must do. Reported: the probe's time inside the app (meta.durationMs,
walk + describe), the client's round trip (send -> raw text received) and round trip
plus JSON decoding, the response size, and ratios to the bare walk. Target: round trip
within 3x of the bare walk.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from websockets.sync.client import connect

from _common import demo_app, table, target


def bare_walker(n_objects: int) -> Any:
    """Build the same window here; return a function timing one bare walk (ms)."""
    from PySide6.QtCore import QObject
    from PySide6.QtWidgets import QApplication

    from resources.demo_app import build_bench_objects

    app = QApplication.instance() or QApplication([])
    window = build_bench_objects(n_objects)
    window.show()
    app.processEvents()

    def walk(obj: QObject, out: list[tuple[str, str]]) -> None:
        out.append((obj.metaObject().className(), obj.objectName()))
        for child in obj.children():
            walk(child, out)

    def once() -> tuple[float, int]:
        t0 = time.perf_counter()
        out: list[tuple[str, str]] = []
        walk(window, out)
        return (time.perf_counter() - t0) * 1000, len(out)

    once.window = window  # type: ignore[attr-defined] - keep it alive
    return once


def rounds(url: str, n: int, bare: Any) -> dict[str, Any]:
    """Interleave probe calls and bare walks so machine noise hits both alike."""
    msg = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "qt.objects.tree",
                      "params": {"objectId": "mainWindow", "depth": 200,
                                 "maxNodes": 1_000_000}})
    server, rtt, decoded, walks = [], [], [], []
    size = count = bare_count = 0
    with connect(url, compression=None, max_size=None) as ws:
        for i in range(n + 2):
            t0 = time.perf_counter()
            ws.send(msg)
            raw = ws.recv()
            t1 = time.perf_counter()
            reply = json.loads(raw)
            t2 = time.perf_counter()
            walk_ms, bare_count = bare()
            if i < 2:  # warm-up: the first call creates wrappers and ids
                continue
            rtt.append((t1 - t0) * 1000)
            decoded.append((t2 - t0) * 1000)
            server.append(reply["result"]["meta"]["durationMs"])
            walks.append(walk_ms)
            size = len(raw.encode() if isinstance(raw, str) else raw)
            count = reply["result"]["result"]["count"]
    med = statistics.median
    return {"server": med(server), "rtt": med(rtt), "decoded": med(decoded), "size": size,
            "count": count, "bare": med(walks), "bare_count": bare_count}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--objects", type=int, default=10000)
    ap.add_argument("--n", type=int, default=15)
    args = ap.parse_args()
    bare_once = bare_walker(args.objects)
    with demo_app("--bench-objects", str(args.objects)) as app:
        probe = rounds(f"{app.url}/?token={app.token}", args.n, bare_once)
    bare, bare_count = probe["bare"], probe["bare_count"]
    rows = [
        {"measure": "bare Python walk (className, objectName)", "ms": bare,
         "objects": bare_count, "bytes": ""},
        {"measure": "qt.objects.tree in the app (meta.durationMs)", "ms": probe["server"],
         "objects": probe["count"], "bytes": ""},
        {"measure": "qt.objects.tree round trip", "ms": probe["rtt"],
         "objects": probe["count"], "bytes": probe["size"]},
        {"measure": "qt.objects.tree round trip + json.loads", "ms": probe["decoded"],
         "objects": probe["count"], "bytes": probe["size"]},
        {"measure": "ratio in-app / bare", "ms": probe["server"] / bare, "objects": "",
         "bytes": ""},
        {"measure": "ratio round trip / bare (target <= 3)", "ms": probe["rtt"] / bare,
         "objects": "", "bytes": ""},
    ]
    table(f"objects_tree: qt.objects.tree on {args.objects} QObjects (medians of {args.n})",
          rows)
    print(f"bytes per object: {probe['size'] / max(probe['count'], 1):.0f}")
    ratio = probe["rtt"] / bare
    target("qt.objects.tree, 10,000 objects", "round trip within 3x of a bare Python walk",
           f"{probe['rtt']:.0f} ms = {ratio:.2f}x", ratio <= 3)


if __name__ == "__main__":
    main()
