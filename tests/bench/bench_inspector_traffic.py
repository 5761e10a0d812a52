"""Does the inspector's agent-request log keep up with a busy agent?

    python tests/bench/bench_inspector_traffic.py [--seconds 5] [--rates 1000,2000]

An agent in another process sends paced JSON-RPC batches of ``qt.modes`` (cheap, no
GUI hop) to the demo app; the inspector (its real main window, qasync loop) mirrors
them in its agent log. Reported per rate: calls sent, rows the log received, calls
lost without being counted (must be 0), how far the log lagged at the end, the
inspector's event-loop stalls (gaps between 10 ms timer ticks: p50 / p99 / max) and
its CPU use. Target (DESIGN.md): 2,000 calls/s reach the inspector, none lost
uncounted, the window never freezes.
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT, demo_app, percentile, premise, run_bench, table, target

AGENT = """
import sys, time
from probe.client import Client
url, token, rate, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
batch = 50
with Client.connect(url, token, name="bench-agent", role="agent") as c:
    sent, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        c.batch([("qt.modes", None)] * batch)
        sent += batch
        ahead = sent / rate - (time.perf_counter() - start)
        if ahead > 0:
            time.sleep(ahead)
    print(sent, time.perf_counter() - start, flush=True)
"""


def run_rate(win: object, app: object, rate: int, seconds: float) -> dict[str, object]:
    from PySide6.QtCore import QTimer
    from PySide6.QtTest import QTest

    from inspector.panes.agent_log import AgentLogPane

    log = win.pane(AgentLogPane)  # type: ignore[attr-defined]
    log.model.clear()
    gaps: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append((now - last[0]) * 1000)
        last[0] = now

    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(tick)
    timer.start()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    agent = subprocess.Popen([sys.executable, "-c", AGENT, app.url, app.token or "",  # type: ignore[attr-defined]
                              str(rate), str(seconds)], cwd=ROOT, stdout=subprocess.PIPE,
                             text=True)
    while agent.poll() is None:
        QTest.qWait(5)
    out = agent.stdout.read().split() if agent.stdout else ["0", "1"]
    sent, took = int(out[0]), float(out[1])
    end = time.perf_counter()

    def received() -> int:
        return sum(1 for r in log.model.rows if r.client == "bench-agent"
                   and r.method == "qt.modes") + log.model.pending

    deadline = end + 10
    while time.perf_counter() < deadline and received() + log.model.dropped < sent:
        QTest.qWait(5)
    lag = time.perf_counter() - end
    log.model.flush()
    cpu = (time.process_time() - cpu0) / (time.perf_counter() - wall0) * 100
    timer.stop()
    got = sum(1 for r in log.model.rows if r.client == "bench-agent"
                   and r.method == "qt.modes")
    counted = log.model.dropped + log.model.probe_dropped
    return {"target/s": rate, "sent/s": round(sent / took), "sent": sent, "rows": got,
            "dropped(counted)": counted, "lost(uncounted)": max(0, sent - got - counted),
            "catch-up s": round(lag, 3), "gap p50 ms": percentile(gaps, 50),
            "gap p99 ms": percentile(gaps, 99), "gap max ms": max(gaps),
            "cpu %": round(cpu, 1)}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rates", default="1000,2000")
    args = parser.parse_args()

    import qasync
    from PySide6.QtCore import QSettings
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from inspector.window.main_window import MainWindow

    qapp = QApplication([])
    loop = qasync.QEventLoop(qapp, already_running=True)
    asyncio.set_event_loop(loop)
    folder = Path(tempfile.mkdtemp(prefix="qtmcp-bench-inspector-"))
    win = MainWindow(QSettings(str(folder / "i.ini"), QSettings.Format.IniFormat))
    win.resize(1400, 900)
    win.show()
    rows = []
    with demo_app() as app:
        win.connect_to(pid=app.pid)  # as a user does: the inspector token, which traffic needs
        deadline = time.perf_counter() + 15
        while not win.conn.is_connected and time.perf_counter() < deadline:
            QTest.qWait(10)
        if not premise(win.conn.is_connected, "the inspector did not connect"):
            return 1
        for rate in (int(r) for r in args.rates.split(",")):
            rows.append(run_rate(win, app, rate, args.seconds))
        task = asyncio.ensure_future(win.conn.close())
        while not task.done():
            QTest.qWait(10)
    table("inspector_traffic: agent calls mirrored into the inspector's log", rows)
    top = max(rows, key=lambda r: r["target/s"])
    target("traffic mirror", "2,000 calls/s reach the inspector, none lost uncounted",
           f"{top['sent/s']} calls/s, {top['lost(uncounted)']} lost, "
           f"{top['dropped(counted)']} counted drops",
           top["target/s"] >= 2000 and top["sent/s"] >= 0.98 * top["target/s"]
           and top["lost(uncounted)"] == 0)
    # not a slow mirror: no mirror at all
    premise(any(r["rows"] for r in rows), "no call reached the inspector's log (is it "
            "connected with the inspector token?)")
    return 0


if __name__ == "__main__":
    run_bench(main)
