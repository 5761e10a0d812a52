"""What recording creation sites (#31) costs: start-up time and memory, on and off.

    python tests/bench/bench_origin.py [--n 7] [--objects 10000]

Starts the demo app with the probe (``--probe``), and its ``--bench-objects N`` window,
each ``n`` times with ``QTMCP_ORIGINS=1`` and ``=0`` in turn, and takes from each run the
wall time from spawn to its ``ready`` line (interpreter, imports, probe, window built and
shown) and its resident memory then (VmRSS). Reported: medians and the ratio on/off.
Targets: under 1.10x the time and 1.15x the memory on the 10,000-object app.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from _common import ROOT, table


def one_start(args: list[str], origins: str) -> tuple[float, int]:
    """(ms to ``ready``, RSS KiB at ready) of one start of the demo app."""
    env = {**os.environ, "QTMCP_ORIGINS": origins, "QTMCP_QUIET": "1"}
    cmd = [sys.executable, "-m", "resources.demo_app", "--probe", "--control-stdin", *args]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.strip() == "ready":
                break
        else:
            raise RuntimeError(f"{cmd} ended before it was ready")
        ms = (time.perf_counter() - t0) * 1000
        with open(f"/proc/{proc.pid}/status", encoding="ascii") as fh:
            rss = next(int(line.split()[1]) for line in fh if line.startswith("VmRSS:"))
        return ms, rss
    finally:
        proc.kill()
        proc.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=7)
    parser.add_argument("--objects", type=int, default=10_000)
    opts = parser.parse_args()
    targets = {"demo": [], f"{opts.objects:,} objects": ["--bench-objects", str(opts.objects)]}
    rows = []
    for name, args in targets.items():
        runs: dict[str, list[tuple[float, int]]] = {"1": [], "0": []}
        one_start(args, "1")  # warm the file cache
        for _ in range(opts.n):
            for origins in ("1", "0"):  # interleaved: load on the machine hits both alike
                runs[origins].append(one_start(args, origins))
        on_ms = statistics.median(r[0] for r in runs["1"])
        off_ms = statistics.median(r[0] for r in runs["0"])
        on_kib = statistics.median(r[1] for r in runs["1"])
        off_kib = statistics.median(r[1] for r in runs["0"])
        rows.append({"app": name, "start off ms": round(off_ms), "start on ms": round(on_ms),
                     "time on/off": round(on_ms / off_ms, 3),
                     "RSS off MiB": round(off_kib / 1024, 1),
                     "RSS on MiB": round(on_kib / 1024, 1),
                     "memory on/off": round(on_kib / off_kib, 3)})
    table(f"creation-site recording, medians of {opts.n} starts (target: time < 1.10x, "
          "memory < 1.15x)", rows)


if __name__ == "__main__":
    main()
