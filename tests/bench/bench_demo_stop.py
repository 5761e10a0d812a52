"""How long `qtmcp demo` takes to end on Ctrl+C (SIGINT) and SIGTERM: from the signal
until both the demo process (with its inspector) and the demo app are gone.

Runs under Xvfb with openbox (a real screen, windows framed and placed) when they are
installed, else offscreen. Each run of the first table waits until the inspector is
connected to the app; the second sends Ctrl+C (to the process group, as a terminal does)
``--at`` seconds after ``qtmcp demo`` started, during its start-up, and counts a run that
leaves a process behind after 15 s as a failure.

    .venv/bin/python tests/bench/bench_demo_stop.py [--runs 10] [--at 0.5,1,3]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

# isort: off
from _common import ROOT, percentile, run_bench, table, target  # first: puts tests/ on sys.path
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


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) == pid and fields[0] != "Z":
                    out.append(int(entry.name))
    return out


def _running(pid: int) -> bool:
    with contextlib.suppress(OSError, IndexError):
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    return False


def one_early_stop(env: dict[str, str], at: float) -> float | None:
    """Seconds from a Ctrl+C ``at`` s into `qtmcp demo` until it and its app are gone;
    None when one of them is still there 15 s later."""
    proc = subprocess.Popen([sys.executable, "-m", "probe.cli", "demo"], cwd=ROOT,
                            env={**os.environ, **env}, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    seen: set[int] = set()
    deadline = time.monotonic() + at
    while time.monotonic() < deadline:  # the stimulus is a moment: note the app meanwhile
        seen.update(_children(proc.pid))
        time.sleep(0.01)
    seen.update(_children(proc.pid))
    t0 = time.perf_counter()
    os.killpg(proc.pid, signal.SIGINT)
    try:
        proc.wait(15)
        wait_until(lambda: not any(_running(p) for p in seen), 15, "the app to exit",
                   interval=0.005)
    except (subprocess.TimeoutExpired, AssertionError):
        return None
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
        for pid in seen:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--at", default="0.5,1,3",
                        help="seconds into start-up for the Ctrl+C table (comma-separated)")
    opts = parser.parse_args()
    runs = opts.runs
    screen = contextlib.nullcontext({}) if missing() else x_display(1366, 768)
    rows = []
    with screen as env:
        where = "Xvfb+openbox 1366x768" if env else "offscreen"
        for sig in (signal.SIGINT, signal.SIGTERM):
            times = [one_stop(env, sig) for _ in range(runs)]
            rows.append({"signal": sig.name, "screen": where, "runs": runs,
                         "p50_s": percentile(times, 50), "p90_s": percentile(times, 90),
                         "max_s": max(times)})
        early = []
        for at in (float(a) for a in opts.at.split(",")):
            stops = [one_early_stop(env, at) for _ in range(runs)]
            done = [t for t in stops if t is not None]
            early.append({"Ctrl+C at s": at, "screen": where, "runs": runs,
                          "left running": len(stops) - len(done),
                          "p50_s": percentile(done, 50) if done else None,
                          "max_s": max(done) if done else None})
    table("qtmcp demo: signal to both processes gone (seconds)", rows)
    table("qtmcp demo: Ctrl+C during start-up to both processes gone (seconds)", early)
    worst = max(r["p90_s"] for r in rows)
    left = sum(r["left running"] for r in early)
    target("qtmcp demo stops", f"p90 under {GOAL_S:g} s after Ctrl+C or SIGTERM",
           f"p90 {worst:.2f} s; {left} of {runs * len(early)} Ctrl+C during start-up left a "
           "process running 15 s later", worst < GOAL_S and left == 0)


if __name__ == "__main__":
    run_bench(main)
