"""qt.problems on a window of 2,000 form controls.

    python tests/bench/bench_problems.py [--controls 2000] [--n 15]

The target is the demo app's ``--bench-form N`` window. Reported: the probe's time inside
the app (meta.durationMs: the walk and every check) and the client's round trip, medians.
Target: under 200 ms in the app.
"""

from __future__ import annotations

import argparse
import statistics
import time

from _common import demo_app, premise, run_bench, table, target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--controls", type=int, default=2000)
    parser.add_argument("--n", type=int, default=15)
    opts = parser.parse_args()
    with demo_app("--bench-form", str(opts.controls)) as app:
        client = app.client()
        inside, trip, found = [], [], 0
        client.call_envelope("qt.problems", {})  # warm-up
        for _ in range(opts.n):
            t0 = time.perf_counter()
            env = client.call_envelope("qt.problems", {})
            trip.append((time.perf_counter() - t0) * 1000)
            inside.append(env["meta"]["durationMs"])
            found = env["result"]["total"]
    table(f"qt.problems, {opts.controls:,} controls, medians of {opts.n} (target < 200 ms)",
          [{"in app ms": round(statistics.median(inside), 1),
            "round trip ms": round(statistics.median(trip), 1), "problems": found}])
    premise(len(inside) == opts.n, f"{len(inside)} of {opts.n} reports answered")
    ms = statistics.median(inside)
    target(f"qt.problems, {opts.controls:,} controls", "under 200 ms in the app",
           f"{ms:.0f} ms", ms < 200)


if __name__ == "__main__":
    run_bench(main)
