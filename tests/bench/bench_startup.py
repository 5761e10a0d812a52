"""What the probe costs an app at start: CPU and memory of the demo with and without it.

    python tests/bench/bench_startup.py [--n 7]

Starts the demo app (``--control-stdin``) with and without ``--probe``, interleaved so
load on the machine hits both alike, and reads from each start the CPU time it used
(user + system, /proc) and its resident memory (VmRSS) once it is ready: its window shown
and, with the probe, the probe serving (its discovery file written). Medians.
Target (#41): with the probe at most 1.5x the app's own CPU and at most +15 MiB.
Premise (exit 1 when it fails): every start becomes ready, and every probe serves.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from _common import cpu_ms, load, ready_process, rss_kib, run_bench, table, target


def one_start(with_probe: bool) -> tuple[float, int]:
    """(CPU ms, RSS KiB) of one start once it is ready (and its probe serves)."""
    folder = Path(tempfile.mkdtemp(prefix="qtmcp-bench-start-"))
    env = {**os.environ, "QTMCP_QUIET": "1", "QTMCP_RUNTIME_DIR": str(folder),
           "QT_QPA_PLATFORM": "offscreen"}
    cmd = [sys.executable, "-m", "resources.demo_app", "--control-stdin"]
    if with_probe:
        cmd.append("--probe")
    with ready_process(cmd, env) as proc:
        if with_probe:  # the server thread starts beside the app: wait until it serves
            deadline = time.monotonic() + 30
            while not (folder / f"{proc.pid}.json").exists():
                if time.monotonic() > deadline:
                    raise RuntimeError("the probe wrote no discovery file in 30 s")
                time.sleep(0.01)
        time.sleep(0.2)  # what start-up left queued runs (both alike)
        return cpu_ms(proc.pid), rss_kib(proc.pid)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=7)
    opts = parser.parse_args()
    runs: dict[bool, list[tuple[float, int]]] = {False: [], True: []}
    failed: list[str] = []
    before = load()
    one_start(True)  # warm the file cache
    for _ in range(opts.n):
        for with_probe in (False, True):
            try:
                runs[with_probe].append(one_start(with_probe))
            except RuntimeError as exc:
                failed.append(f"{'with' if with_probe else 'without'} the probe: {exc}")
    if failed or not runs[False] or not runs[True]:
        for why in failed:
            print(f"premise failed: {why}", file=sys.stderr)
        return 1
    med = statistics.median
    off_cpu, on_cpu = med(r[0] for r in runs[False]), med(r[0] for r in runs[True])
    off_mib = med(r[1] for r in runs[False]) / 1024
    on_mib = med(r[1] for r in runs[True]) / 1024
    table(f"startup: the demo app to ready, with and without the probe (medians of {opts.n}; "
          f"load {before} before, {load()} after)",
          [{"app": "demo, no probe", "cpu_ms": off_cpu, "rss_MiB": off_mib},
           {"app": "demo with the probe, serving", "cpu_ms": on_cpu, "rss_MiB": on_mib},
           {"app": "the probe's share", "cpu_ms": on_cpu - off_cpu,
            "rss_MiB": on_mib - off_mib},
           {"app": "ratio with / without", "cpu_ms": on_cpu / off_cpu,
            "rss_MiB": on_mib / off_mib}])
    ratio, extra = on_cpu / off_cpu, on_mib - off_mib
    target("probe start-up, demo", "at most 1.5x the app's own CPU and +15 MiB",
           f"{ratio:.2f}x CPU ({on_cpu:.0f} vs {off_cpu:.0f} ms), +{extra:.1f} MiB",
           ratio <= 1.5 and extra <= 15)
    return 0


if __name__ == "__main__":
    run_bench(main)
