"""qt.resources.list over a folder of 10,000 resources, and previews, as a client sees them.

    python tests/bench/bench_resources.py [--n 15]

The target is the demo with 10,000 more resources under :/crowd
(tests/support/resources_demo.py). Reported (medians): the first page of the folder
(once: what opening it costs, the folder's entries sorted then kept), a later page, the
root, and a text and a picture preview; the probe's time inside the app (meta.durationMs)
and the round trip. Goal: opening the 10,000-entry folder holds the app's GUI thread
well under 100 ms (the app must not freeze). Premise (exit 1 when it fails): the pages
hold what the folder holds.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import load, premise, run_bench, table, target
from tests.support.resources_demo import CROWD, start_resources_demo


def _timed(qt: Any, method: str, params: dict[str, Any]) -> tuple[float, float, Any]:
    start = time.perf_counter()
    env = qt.call_envelope(method, params)
    return (time.perf_counter() - start) * 1000, env["meta"]["durationMs"], env["result"]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=15)
    args = parser.parse_args()
    print(f"load: {load()}")
    app = start_resources_demo(Path(tempfile.mkdtemp(prefix="bench-res-")))
    try:
        qt = app.client()
        first_rt, first_in, first = _timed(qt, "qt.resources.list", {"path": ":/crowd"})
        ok = premise(first["total"] == CROWD and len(first["entries"]) == 500,
                     "the first page holds 500 of 10,000")
        rows: list[dict[str, Any]] = [{"call": "list :/crowd, first page (once)",
                                       "in app ms": first_in, "round trip ms": first_rt}]
        for label, method, params in (
                ("list :/crowd, a later page", "qt.resources.list",
                 {"path": ":/crowd", "offset": 9500}),
                ("list :/", "qt.resources.list", {"path": ":/"}),
                ("read a text", "qt.resources.read", {"path": ":/demo/demo.qss"}),
                ("read a picture (thumbnail)", "qt.resources.read",
                 {"path": ":/demo/logo.png"})):
            runs = [_timed(qt, method, params) for _ in range(args.n)]
            rows.append({"call": label,
                         "in app ms": statistics.median(r[1] for r in runs),
                         "round trip ms": statistics.median(r[0] for r in runs)})
        table(f"qt.resources.* ({CROWD:,} resources in one folder; medians of {args.n})", rows)
        target("open a 10,000-resource folder", "GUI thread < 100 ms",
               f"{first_in:.1f} ms in the app", first_in < 100)
    finally:
        app.stop()
    return 0 if ok else 1


if __name__ == "__main__":
    run_bench(main)
