"""How long `qtmcp demo` takes to end on Ctrl+C (SIGINT) and SIGTERM: from the signal
until both the demo process (with its inspector) and the demo app are gone.

Runs under Xvfb with openbox (a real screen, windows framed and placed) when they are
installed, else offscreen. Each run waits until the inspector is connected to the app.

    .venv/bin/python tests/bench/bench_demo_stop.py [--runs 10]
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import time

# isort: off
from _common import percentile, run_bench, table, target  # first: it puts tests/ on sys.path
from tests.support.app import wait_until
from tests.support.demo_process import Demo
from tests.support.xdisplay import missing, x_display
# isort: on

from probe import discovery
from probe.client import Client

GOAL_S = 1.0


def _inspector_connected(demo: Demo) -> bool:
    found = discovery.find(pid=demo.app_pid)
    if not found:
        return False
    with Client.connect(found[0].url, found[0].token, name="bench", role="cli") as c:
        return any(s.get("role") == "inspector" for s in c.call("probe.sessions"))


def one_stop(env: dict[str, str], sig: signal.Signals) -> float:
    demo = Demo(env)
    wait_until(lambda: _inspector_connected(demo), 60, "the inspector to connect")
    t0 = time.perf_counter()
    demo.stop(sig)
    wait_until(lambda: not discovery.pid_alive(demo.app_pid), 30, "the app to exit",
               interval=0.005)
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    runs = parser.parse_args().runs
    screen = contextlib.nullcontext({}) if missing() else x_display(1366, 768)
    rows = []
    with screen as env:
        where = "Xvfb+openbox 1366x768" if env else "offscreen"
        for sig in (signal.SIGINT, signal.SIGTERM):
            times = [one_stop(env, sig) for _ in range(runs)]
            rows.append({"signal": sig.name, "screen": where, "runs": runs,
                         "p50_s": percentile(times, 50), "p90_s": percentile(times, 90),
                         "max_s": max(times)})
    table("qtmcp demo: signal to both processes gone (seconds)", rows)
    worst = max(r["p90_s"] for r in rows)
    target("qtmcp demo stops", f"p90 under {GOAL_S:g} s after Ctrl+C or SIGTERM",
           f"p90 {worst:.2f} s", worst < GOAL_S)


if __name__ == "__main__":
    run_bench(main)
