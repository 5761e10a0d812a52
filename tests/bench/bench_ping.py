"""qt.ping round trip against a bare websockets echo server, in the same run.

    python tests/bench/bench_ping.py [--n 2000]

Both servers run in their own process on loopback; the same raw websockets client
sends the same-sized JSON text to each. qt.ping includes the hop to the app's GUI
thread and back (the real event-loop round trip: two cross-thread wake-ups); the
``probe.unsubscribe`` row is a method answered on the transport thread, i.e. the
JSON-RPC pipeline alone. Targets: probe p50 within 1.3x echo (DESIGN), and within 1.2x
its floor (#41): the same echo whose every message hops to a Qt GUI thread and back (a
queued signal there, the answer handed back to the server's loop), the least any method
that runs on the GUI thread can cost.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

from websockets.sync.client import connect

from _common import demo_app, run_bench, summary, table, target

ECHO = """
import asyncio, sys
from websockets.asyncio.server import serve
async def echo(ws):
    async for m in ws:
        await ws.send(m)
async def main():
    async with serve(echo, "127.0.0.1", 0, compression=None) as s:
        print(next(iter(s.sockets)).getsockname()[1], flush=True)
        await asyncio.Future()
asyncio.run(main())
"""


FLOOR = """
import asyncio, threading
from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot
from websockets.asyncio.server import serve
class Hop(QObject):
    asked = Signal(object)
    def __init__(self):
        super().__init__()
        self.asked.connect(self.answer)
    @Slot(object)
    def answer(self, job):
        loop, fut, m = job
        loop.call_soon_threadsafe(fut.set_result, m)
app = QCoreApplication([])
hop = Hop()
async def echo(ws):
    loop = asyncio.get_running_loop()
    async for m in ws:
        fut = loop.create_future()
        hop.asked.emit((loop, fut, m))
        await ws.send(await fut)
async def main():
    async with serve(echo, "127.0.0.1", 0, compression=None) as s:
        print(next(iter(s.sockets)).getsockname()[1], flush=True)
        await asyncio.Future()
threading.Thread(target=asyncio.run, args=(main(),), daemon=True).start()
app.exec()
"""


def rtts(url: str, text: str, n: int) -> list[float]:
    out: list[float] = []
    with connect(url, compression=None) as ws:
        for _ in range(50):
            ws.send(text)
            ws.recv()
        for _ in range(n):
            t0 = time.perf_counter()
            ws.send(text)
            ws.recv()
            out.append((time.perf_counter() - t0) * 1000)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=2000)
    n = ap.parse_args().n
    msg = json.dumps({"jsonrpc": "2.0", "method": "qt.ping", "id": 1})
    pipeline = json.dumps({"jsonrpc": "2.0", "method": "probe.unsubscribe", "id": 1,
                           "params": {"topics": []}})
    echo = subprocess.Popen([sys.executable, "-c", ECHO], stdout=subprocess.PIPE, text=True)
    floor = subprocess.Popen([sys.executable, "-c", FLOOR], stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    try:
        port = int(echo.stdout.readline())  # type: ignore[union-attr]
        floor_port = int(floor.stdout.readline())  # type: ignore[union-attr]
        with demo_app() as app:
            probe_url = f"{app.url}/?token={app.token}"
            rows = []
            # interleave rounds so machine noise hits both alike
            echo_all: list[float] = []
            probe_all: list[float] = []
            pipe_all: list[float] = []
            floor_all: list[float] = []
            for _ in range(4):
                echo_all += rtts(f"ws://127.0.0.1:{port}", msg, n // 4)
                floor_all += rtts(f"ws://127.0.0.1:{floor_port}", msg, n // 4)
                probe_all += rtts(probe_url, msg, n // 4)
                pipe_all += rtts(probe_url, pipeline, n // 4)
            e, p, q = summary(echo_all), summary(probe_all), summary(pipe_all)
            f = summary(floor_all)
            rows.append({"server": "bare websockets echo", "p50_ms": e["p50"], "p99_ms": e["p99"],
                         "n": e["n"]})
            rows.append({"server": "floor: echo + a GUI-thread hop", "p50_ms": f["p50"],
                         "p99_ms": f["p99"], "n": f["n"]})
            rows.append({"server": "probe qt.ping", "p50_ms": p["p50"], "p99_ms": p["p99"],
                         "n": p["n"]})
            rows.append({"server": "probe, transport-thread method", "p50_ms": q["p50"],
                         "p99_ms": q["p99"], "n": q["n"]})
            rows.append({"server": "ratio qt.ping/echo", "p50_ms": p["p50"] / e["p50"],
                         "p99_ms": p["p99"] / e["p99"], "n": ""})
            rows.append({"server": "ratio qt.ping/floor", "p50_ms": p["p50"] / f["p50"],
                         "p99_ms": p["p99"] / f["p99"], "n": ""})
            rows.append({"server": "ratio transport method/echo", "p50_ms": q["p50"] / e["p50"],
                         "p99_ms": q["p99"] / e["p99"], "n": ""})
            table("ping: qt.ping round trip vs bare websockets echo (ms)", rows)
            ratio = p["p50"] / e["p50"]
            pipe_ratio = q["p50"] / e["p50"]
            target("qt.ping round trip", "p50 within 1.3x of a bare websockets echo",
                   f"{p['p50']:.3f} ms = {ratio:.2f}x echo", ratio <= 1.3,
                   f"the JSON-RPC pipeline alone (a transport-thread method) is {pipe_ratio:.2f}x;"
                   f" the rest ({p['p50'] - q['p50']:.3f} ms) is qt.ping's measured hop to the "
                   "GUI thread and back: two thread wake-ups")
            floor_ratio = p["p50"] / f["p50"]
            target("qt.ping vs its floor", "p50 within 1.2x of echo + a GUI-thread hop (#41)",
                   f"{p['p50']:.3f} ms vs {f['p50']:.3f} ms = {floor_ratio:.2f}x",
                   floor_ratio <= 1.2, "the floor: the same echo, each message answered "
                   "through a queued signal on a Qt GUI thread")
    finally:
        echo.kill()
        floor.kill()


if __name__ == "__main__":
    run_bench(main)
