"""qt.models.rows: a page of 100 rows from a 1,000,000-row model, anywhere in it.

    python tests/bench/bench_models.py [--rows 1000000] [--n 30]

The target (model_target.py) shows a table over a model whose cells are computed from
the row number. Reported per call: the probe's time inside the app (meta.durationMs) and
the client's round trip, for pages at the start, middle and end, and one search page.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from _common import premise, run_bench, table, target
from tests.support.app import start_demo


def timed(client: Any, method: str, params: dict[str, Any], n: int) -> dict[str, Any]:
    server, rtt = [], []
    for _ in range(n):
        t0 = time.perf_counter()
        env = client.call_envelope(method, params)
        rtt.append((time.perf_counter() - t0) * 1000)
        server.append(env["meta"].get("durationMs", 0.0))
    return {"serverMs": statistics.median(server), "roundTripMs": statistics.median(rtt)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--n", type=int, default=30)
    args = ap.parse_args()
    app = start_demo(module="tests.bench.model_target",
                     env={**os.environ, "QTMCP_BENCH_ROWS": str(args.rows)})
    try:
        c = app.client("bench")
        count = c.call("qt.models.count", {"modelId": "bigModel"})["rowCount"]
        if not premise(count == args.rows, f"the model has {count} rows, not {args.rows}"):
            return
        rows = []
        for label, offset in (("start", 0), ("middle", args.rows // 2),
                              ("end", args.rows - 100)):
            res = timed(c, "qt.models.rows", {"modelId": "bigModel", "offset": offset,
                                              "limit": 100}, args.n)
            rows.append({"case": f"rows page of 100 at {label}", **res})
        res = timed(c, "qt.models.search", {"modelId": "bigModel", "text": "city 5",
                                            "column": 2, "limit": 100}, args.n)
        rows.append({"case": "search, first 100 matches", **res})
        table(f"models: {args.rows:,}-row model, medians of {args.n}", rows)
        worst = max(r["serverMs"] for r in rows)
        target(f"qt.models.rows, {args.rows:,} rows", "a page of 100 rows (or of search "
               "matches) anywhere in the model under 20 ms in the app",
               f"worst {worst:.1f} ms", worst < 20)
    finally:
        app.stop()


if __name__ == "__main__":
    run_bench(main)
