"""qt.objects.tree over a window of 10,000 QObjects, next to a bare Python walk.

    python tests/bench/bench_objects_tree.py [--objects 10000] [--n 15]

The target is the demo app's ``--bench-objects N`` window. The bare walk builds the same
window in this process and visits every object reading className and objectName, the
least any tree dump must do. Reported, for the node form (nested dicts, the default) and
the compact form (``compact: true``, rows; what the inspector asks for): the probe's time
inside the app (meta.durationMs, walk + describe), the client's round trip (send -> raw
text received) and round trip plus JSON decoding, the response size, and ratios to the
bare walk. Target (#41): the compact round trip within 2x of the bare walk.
Printed beside (the machine's load moves wall times of two processes apart; CPU time far
less): the app's CPU per compact call (/proc ticks over ``n`` calls in a row) against the
bare walk's CPU time in this process.
Premise (exit 1 when it fails): both forms list every object of the window.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from websockets.sync.client import connect

from _common import cpu_ms, demo_app, load, run_bench, table, target


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

    def cpu() -> float:
        """CPU ms of one bare walk (this process)."""
        t0 = time.process_time()
        walk(window, [])
        return (time.process_time() - t0) * 1000

    once.cpu = cpu  # type: ignore[attr-defined]

    once.window = window  # type: ignore[attr-defined] - keep it alive
    return once


def rounds(url: str, n: int, bare: Any, pid: int) -> dict[str, dict[str, Any]]:
    """Interleave probe calls of both forms and bare walks so machine noise hits all
    alike."""
    forms = {"nodes": False, "compact": True}
    msgs = {form: json.dumps({"jsonrpc": "2.0", "id": 1, "method": "qt.objects.tree",
                              "params": {"objectId": "mainWindow", "depth": 200,
                                         "maxNodes": 1_000_000, "compact": compact}})
            for form, compact in forms.items()}
    got: dict[str, dict[str, Any]] = {f: {"server": [], "rtt": [], "decoded": []}
                                      for f in forms}
    walks: list[float] = []
    bare_count = 0
    with connect(url, compression=None, max_size=None) as ws:
        for i in range(n + 2):
            for form, msg in msgs.items():
                t0 = time.perf_counter()
                ws.send(msg)
                raw = ws.recv()
                t1 = time.perf_counter()
                reply = json.loads(raw)
                t2 = time.perf_counter()
                if i < 2:  # warm-up: the first call creates wrappers and ids
                    continue
                one = got[form]
                one["rtt"].append((t1 - t0) * 1000)
                one["decoded"].append((t2 - t0) * 1000)
                one["server"].append(reply["result"]["meta"]["durationMs"])
                one["size"] = len(raw.encode() if isinstance(raw, str) else raw)
                one["count"] = reply["result"]["result"]["count"]
            walk_ms, bare_count = bare()
            if i >= 2:
                walks.append(walk_ms)
        app_ms = app_cpu(ws, msgs["compact"], pid, n)
    med = statistics.median
    out = {form: {"server": med(v["server"]), "rtt": med(v["rtt"]),
                  "decoded": med(v["decoded"]), "size": v["size"], "count": v["count"]}
           for form, v in got.items()}
    out["bare"] = {"ms": med(walks), "count": bare_count}
    out["cpu"] = {"app": app_ms, "bare": med(bare.cpu() for _ in range(n))}
    return out


def app_cpu(ws: Any, msg: str, pid: int, n: int) -> float:
    """The app's CPU ms per compact call: /proc's ticks over ``n`` calls in a row."""
    before = cpu_ms(pid)
    for _ in range(n):
        ws.send(msg)
        ws.recv()
    return (cpu_ms(pid) - before) / n


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--objects", type=int, default=10000)
    ap.add_argument("--n", type=int, default=15)
    args = ap.parse_args()
    bare_once = bare_walker(args.objects)
    with demo_app("--bench-objects", str(args.objects)) as app:
        got = rounds(f"{app.url}/?token={app.token}", args.n, bare_once, app.pid)
    bare, bare_count = got["bare"]["ms"], got["bare"]["count"]
    rows: list[dict[str, Any]] = [
        {"measure": "bare Python walk (className, objectName)", "form": "", "ms": bare,
         "x_bare": 1.0, "objects": bare_count, "bytes": ""}]
    for form in ("nodes", "compact"):
        probe = got[form]
        for label, key in (("in the app (meta.durationMs)", "server"),
                           ("round trip", "rtt"), ("round trip + json.loads", "decoded")):
            rows.append({"measure": f"qt.objects.tree {label}", "form": form,
                         "ms": probe[key], "x_bare": probe[key] / bare,
                         "objects": probe["count"], "bytes": probe["size"]})
    cpu = got["cpu"]
    rows.append({"measure": "bare Python walk, CPU ms", "form": "", "ms": cpu["bare"],
                 "x_bare": 1.0, "objects": bare_count, "bytes": ""})
    rows.append({"measure": "qt.objects.tree, the app's CPU ms per call", "form": "compact",
                 "ms": cpu["app"], "x_bare": cpu["app"] / cpu["bare"],
                 "objects": got["compact"]["count"], "bytes": got["compact"]["size"]})
    table(f"objects_tree: qt.objects.tree on {args.objects} QObjects (medians of {args.n}; "
          f"load {load()})", rows)
    compact, nodes = got["compact"], got["nodes"]
    ratio = compact["rtt"] / bare
    target("qt.objects.tree, 10,000 objects", "round trip within 2x of a bare Python walk",
           f"{compact['rtt']:.0f} ms = {ratio:.2f}x (compact; node form "
           f"{nodes['rtt'] / bare:.2f}x; the app's CPU {cpu['app'] / cpu['bare']:.2f}x "
           "the bare walk's)", ratio <= 2,
           f"compact: {compact['size'] / max(compact['count'], 1):.0f} bytes per object, "
           f"node form {nodes['size'] / max(nodes['count'], 1):.0f}")
    failed = [f"{form} listed {got[form]['count']} objects, the bare walk {bare_count}"
              for form in ("nodes", "compact")
              if abs(got[form]["count"] - bare_count) > 1 or got[form]["count"] < args.objects]
    for why in failed:
        print(f"premise failed: {why}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    run_bench(main)
