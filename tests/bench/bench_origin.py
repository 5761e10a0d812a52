"""What recording creation sites (#31) costs: start-up time and memory, on and off.

    python tests/bench/bench_origin.py [--n 7] [--objects 10000]

Starts the demo app with the probe (``--probe``), and its ``--bench-objects N`` window,
each ``n`` times with ``QTMCP_ORIGINS=1`` and ``=0`` in turn, and takes from each run the
wall time from spawn to its ``ready`` line (interpreter, imports, probe, window built and
shown), the CPU time it used by then (steadier than wall time on a loaded machine) and its
resident memory then (VmRSS). Reported: medians and the ratios on/off.
Targets: under 1.10x the time and 1.15x the memory on the 10,000-object app.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from _common import ROOT, cpu_ms, ready_process, rss_kib, run_bench, table, target


def one_start(args: list[str], origins: str) -> tuple[float, int, float]:
    """(ms to ``ready``, RSS KiB at ready, CPU ms used by then) of one start of the demo
    app. CPU time is what load on the machine disturbs least."""
    env = {**os.environ, "QTMCP_ORIGINS": origins, "QTMCP_QUIET": "1"}
    cmd = [sys.executable, "-m", "resources.demo_app", "--probe", "--control-stdin", *args]
    t0 = time.perf_counter()
    with ready_process(cmd, env) as proc:
        ms = (time.perf_counter() - t0) * 1000
        return ms, rss_kib(proc.pid), cpu_ms(proc.pid)


BUILD = """
import sys, time
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication
app = QApplication([])
import probe.api
probe.api.declare_all()
from probe.core.objects import origin
if sys.argv[1] == "1":
    origin.start()
from resources.demo_app import build_bench_objects
best = []
for _ in range(5):
    t = time.process_time()
    w = build_bench_objects(int(sys.argv[2]))
    best.append(time.process_time() - t)
    w.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
print(min(best) * 1000)
"""


def build_ms(origins: str, objects: int) -> float:
    """CPU ms of building the N-object window in one process (best of 5 builds)."""
    out = subprocess.run([sys.executable, "-c", BUILD, origins, str(objects)], cwd=ROOT,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
                         capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=7)
    parser.add_argument("--objects", type=int, default=10_000)
    opts = parser.parse_args()
    targets = {"demo": [], f"{opts.objects:,} objects": ["--bench-objects", str(opts.objects)]}
    rows = []
    for name, args in targets.items():
        runs: dict[str, list[tuple[float, int, float]]] = {"1": [], "0": []}
        one_start(args, "1")  # warm the file cache
        for _ in range(opts.n):
            for origins in ("1", "0"):  # interleaved: load on the machine hits both alike
                runs[origins].append(one_start(args, origins))
        on_ms = statistics.median(r[0] for r in runs["1"])
        off_ms = statistics.median(r[0] for r in runs["0"])
        on_kib = statistics.median(r[1] for r in runs["1"])
        off_kib = statistics.median(r[1] for r in runs["0"])
        on_cpu = statistics.median(r[2] for r in runs["1"])
        off_cpu = statistics.median(r[2] for r in runs["0"])
        rows.append({"app": name, "start off ms": round(off_ms), "start on ms": round(on_ms),
                     "time on/off": round(on_ms / off_ms, 3),
                     "CPU off ms": round(off_cpu), "CPU on ms": round(on_cpu),
                     "CPU on/off": round(on_cpu / off_cpu, 3),
                     "RSS off MiB": round(off_kib / 1024, 1),
                     "RSS on MiB": round(on_kib / 1024, 1),
                     "memory on/off": round(on_kib / off_kib, 3)})
    table(f"creation-site recording, medians of {opts.n} starts (target: time < 1.10x, "
          "memory < 1.15x)", rows)
    big = rows[-1]
    target("creation-site recording, 10,000 objects", "start-up under 1.10x the time and "
           "1.15x the memory with it off", f"{big['time on/off']:.3f}x time, "
           f"{big['memory on/off']:.3f}x memory",
           big["time on/off"] < 1.10 and big["memory on/off"] < 1.15)
    builds: dict[str, list[float]] = {"1": [], "0": []}
    for _ in range(opts.n):
        for origins in ("1", "0"):
            builds[origins].append(build_ms(origins, opts.objects))
    on, off = statistics.median(builds["1"]), statistics.median(builds["0"])
    table(f"building the {opts.objects:,}-object window in-process, CPU ms (best of 5 builds "
          f"per process, median of {opts.n} processes)",
          [{"off ms": round(off, 1), "on ms": round(on, 1), "on/off": round(on / off, 3),
            "per object us": round((on - off) * 1000 / opts.objects, 2)}])


if __name__ == "__main__":
    run_bench(main)
