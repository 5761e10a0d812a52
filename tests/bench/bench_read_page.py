"""chr.readPage on a window of 2,000 form controls, in both formats.

    python tests/bench/bench_read_page.py [--controls 2000] [--n 15]

The target is the demo app's ``--bench-form N`` window (labelled line edits, combo boxes,
spin boxes, check boxes and buttons in group boxes, in a scroll area). Reported per
format and filter: the probe's time inside the app (meta.durationMs: walk, refs and
rendering), the client's round trip, the answer's size and characters per interactive
element. Targets (shared/DESIGN.md): under 175 ms; text under 45 characters per
interactive element.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from _common import demo_app, run_bench, table, target
from probe.client import Client


def measure(client: Client, params: dict[str, Any], rounds: int) -> dict[str, Any]:
    inside: list[float] = []
    trip: list[float] = []
    envelope: dict[str, Any] = {}
    client.call_envelope("chr.readPage", params)  # warm up: first sight assigns ids
    for _ in range(rounds):
        t0 = time.perf_counter()
        envelope = client.call_envelope("chr.readPage", params)
        trip.append((time.perf_counter() - t0) * 1000)
        inside.append(envelope["meta"]["durationMs"])
    result = envelope["result"]
    body = result["text"] if params["format"] == "text" else json.dumps(
        result["tree"], ensure_ascii=False, separators=(",", ":"))
    interactive = result["interactive"]
    return {"format": params["format"], "filter": params["filter"],
            "probe_ms_p50": statistics.median(inside), "roundtrip_ms_p50": statistics.median(trip),
            "chars": len(body), "interactive": interactive, "nodes": result["nodes"],
            "chars_per_interactive": len(body) / max(interactive, 1),
            "truncated": result["truncated"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--controls", type=int, default=2000)
    parser.add_argument("--n", type=int, default=15)
    args = parser.parse_args()
    rows = []
    with demo_app("--bench-form", str(args.controls)) as app:
        client = app.client(name="bench")
        for fmt in ("text", "json"):
            for flt in ("all", "interactive"):
                rows.append(measure(client, {"format": fmt, "filter": flt,
                                             "max_chars": 10_000_000}, args.n))
    table(f"read_page: chr.readPage on {args.controls} form controls (medians of {args.n})",
          rows)
    text = next(r for r in rows if r["format"] == "text" and r["filter"] == "all")
    ms, chars = text["roundtrip_ms_p50"], text["chars_per_interactive"]
    target("chr.readPage, 2,000 controls", "under 175 ms; text under 45 chars per "
           "interactive element", f"{ms:.0f} ms, {chars:.1f} chars", ms < 175 and chars < 45)


if __name__ == "__main__":
    run_bench(main)
