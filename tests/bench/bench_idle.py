"""The probe's idle cost in the target: CPU share and memory, with and without it.

    python tests/bench/bench_idle.py [--seconds 10]

Three runs of the demo app, idle (its own 50 ms heartbeat timer is the only thing
running): without the probe, with the probe and no client, with the probe and one
connected client subscribed to traffic. Target: the probe adds under 0.5% CPU.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from _common import ROOT, demo_app, run_bench, table, target

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def measure(pid: int, seconds: float) -> tuple[float, float]:
    time.sleep(1.0)  # let start-up work finish
    c0, t0 = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    c1, t1 = cpu_seconds(pid), time.monotonic()
    return (c1 - c0) / (t1 - t0) * 100, rss_mib(pid)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=10.0)
    ns = ap.parse_args()
    rows = []
    plain = subprocess.Popen([sys.executable, "-m", "resources.demo_app", "--control-stdin"],
                             cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
    try:
        assert plain.stdout is not None and plain.stdout.readline().strip() == "ready"
        cpu, rss = measure(plain.pid, ns.seconds)
        rows.append({"target": "demo app, no probe", "cpu_%": cpu, "rss_MiB": rss})
    finally:
        plain.kill()
        plain.wait()
    with demo_app() as app:
        cpu, rss = measure(app.pid, ns.seconds)
        rows.append({"target": "with probe, no client", "cpu_%": cpu, "rss_MiB": rss})
        client = app.client("idle-watcher", "inspector")
        client.call("probe.subscribe", {"topics": ["traffic", "sessions"]})
        cpu, rss = measure(app.pid, ns.seconds)
        rows.append({"target": "with probe, one idle client", "cpu_%": cpu, "rss_MiB": rss})
    rows.append({"target": "probe's share (idle client - no probe)",
                 "cpu_%": rows[2]["cpu_%"] - rows[0]["cpu_%"],
                 "rss_MiB": rows[2]["rss_MiB"] - rows[0]["rss_MiB"]})
    table(f"idle: the probe's cost in an idle app over {ns.seconds:g} s", rows)
    share = max(rows[3]["cpu_%"], 0.0)  # below the noise: no measurable cost
    target("probe idle", "under 0.5% CPU in the target",
           f"{share:.1f}% CPU, +{rows[3]['rss_MiB']:.0f} MiB", share < 0.5)


if __name__ == "__main__":
    run_bench(main)
