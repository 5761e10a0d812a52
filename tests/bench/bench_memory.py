"""Memory kept per call after warm-up: 20,000 mixed calls on the demo app, 1,000 reads of a
2,000-control window, and what a closed session gives back.

    python tests/bench/bench_memory.py [--calls 20000] [--reads 1000] [--controls 2000]

RSS of the app (``/proc/PID/status`` VmRSS) after a warm-up, then after the run; the
difference over the calls is what each call kept. Target (shared/DESIGN.md): under 2 KB
per call. The warm-up lasts until the app is :data:`SETTLE_S` old: about 30 s after it
starts, QPixmapCache's flush timer sends its first event to Qt's private QPMCache, the
probe's app-wide change watch (an event filter, on from the first read) receives it, and
PySide, which has no class for it, makes every lazy QObject class of the loaded modules
at once (119 classes, ~6,000 objects, ~2 MiB, once per process). A run of 1,000 reads
that began before it counted that step as 2,097 B per read; after it, reads keep nothing.
``sessions``: 50 clients each read the page and act, then leave; the RSS difference is
what they left behind. ``pictures``: four clients pipelining ``cu.screenshot`` of a
1280x800 window (8 in flight each): RSS at the start, its peak, and what stays per call
from the start (issue #37: pictures rendered and encoded all at once took 95 MiB to
234).
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import threading
import time
from collections.abc import Callable
from typing import Any

from _common import demo_app, run_bench, table, target
from probe.client import Client
from tests.support.app import rss_kib
from tests.support.pipelining import Pipeliner, drain


def mixed(client: Client) -> list[Callable[[], Any]]:
    """One round of ordinary calls across the families: reads, finds, an action, pictures."""
    page = client.call("chr.readPage", {"filter": "interactive"})["text"]
    ref = re.search(r'textbox "Name" \[(ref_\d+)\]', page).group(1)  # type: ignore[union-attr]
    return [
        lambda: client.call("qt.ping"),
        lambda: client.call("chr.readPage", {}),
        lambda: client.call("chr.find", {"query": "Submit button"}),
        lambda: client.call("chr.formInput", {"ref": ref, "value": "Ada"}),
        lambda: client.call("qt.properties.get", {"objectId": "nameEdit", "name": "text"}),
        lambda: client.call("chr.getPageText", {}),
        lambda: client.call("qt.objects.tree", {"depth": 2}),
        lambda: client.call("cu.screenshot", {"maxBytes": 20_000}),
        lambda: client.call("qt.schema", {"prefix": "chr."}),
        lambda: client.call("chr.tabsContext", {}),
    ]


#: Age (s) of the app when a warm-up may end: past PySide's one-time class making that
#: QPixmapCache's first 30 s flush event sets off (see above).
SETTLE_S = 45.0


def app_age(pid: int) -> float:
    """Seconds since process ``pid`` started (/proc)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
        started = int(fh.read().rsplit(")", 1)[1].split()[19]) / os.sysconf("SC_CLK_TCK")
    with open("/proc/uptime", encoding="ascii") as fh:
        return float(fh.read().split()[0]) - started


def per_call(pid: int, calls: list[Callable[[], Any]], n: int, warm: int) -> dict[str, Any]:
    """RSS kept per call over ``n`` calls, after ``warm`` calls and the app's
    :data:`SETTLE_S` (the warm-up goes on calling until both)."""
    i = 0
    while i < warm or app_age(pid) < SETTLE_S:
        calls[i % len(calls)]()
        i += 1
    gc.collect()
    before = rss_kib(pid)
    for i in range(n):
        calls[i % len(calls)]()
    after = rss_kib(pid)
    return {"calls": n, "rss_before_MiB": round(before / 1024, 1),
            "rss_after_MiB": round(after / 1024, 1),
            "kept_B_per_call": round((after - before) * 1024 / n, 1)}


def _shots(app: Any, calls: int) -> tuple[int, int, float]:
    """Four clients pipelining ``calls`` screenshots: (sent, peak RSS KiB, seconds)."""
    peak = rss_kib(app.pid)
    stop = threading.Event()
    clients = [Pipeliner(app, f"shooter{k}", lambda rng, i: ("cu.screenshot", {}), 8,
                         seed=k) for k in range(4)]
    for c in clients:
        c.start(stop)
    t0 = time.monotonic()
    while sum(len(c.sent) for c in clients) < calls:
        peak = max(peak, rss_kib(app.pid))
        time.sleep(0.02)
    stop.set()
    drain(clients)
    seconds = time.monotonic() - t0
    for c in clients:
        c.close()
    return sum(len(c.sent) for c in clients), peak, seconds


#: One 1280x800 picture's pixels (4 bytes each), in MiB.
PICTURE_MIB = 1280 * 800 * 4 / 2**20


def pictures(calls: int) -> dict[str, Any]:
    """Four clients pipelining screenshots of a 1280x800 window: RSS at the start, after a
    warm-up of 200, at the peak and at the end; what stays per call after the warm-up."""
    with demo_app("--size", "1280x800") as app:
        start = rss_kib(app.pid)
        _, warm_peak, _ = _shots(app, 200)
        warm = rss_kib(app.pid)
        sent, peak, seconds = _shots(app, calls)
        end = rss_kib(app.pid)
    return {"run": "cu.screenshot 1280x800, 4 clients pipelining", "calls": sent,
            "rss_start_MiB": round(start / 1024, 1),
            "rss_after_warmup_MiB": round(warm / 1024, 1),
            "rss_peak_MiB": round(max(warm_peak, peak) / 1024, 1),
            "rss_end_MiB": round(end / 1024, 1),
            "kept_B_per_call": round((end - warm) * 1024 / sent, 1),
            "calls_per_s": round(sent / seconds, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=20_000)
    parser.add_argument("--reads", type=int, default=1_000)
    parser.add_argument("--controls", type=int, default=2_000)
    parser.add_argument("--pictures", type=int, default=2_000)
    ns = parser.parse_args()
    rows: list[dict[str, Any]] = []
    with demo_app() as app:
        client = app.client(name="bench-memory")
        rows.append({"run": "mixed calls, demo app",
                     **per_call(app.pid, mixed(client), ns.calls, warm=2_000)})
        before = rss_kib(app.pid)
        for k in range(50):
            with app.client(name=f"visitor-{k}") as visitor:
                calls = mixed(visitor)
                for fn in calls * 4:
                    fn()
        after = rss_kib(app.pid)
        rows.append({"run": "50 sessions opened, used (40 calls) and closed", "calls": 2000,
                     "rss_before_MiB": round(before / 1024, 1),
                     "rss_after_MiB": round(after / 1024, 1),
                     "kept_B_per_call": round((after - before) * 1024 / 2000, 1)})
    with demo_app("--bench-form", str(ns.controls)) as app:
        client = app.client(name="bench-memory")
        read: list[Callable[[], Any]] = [
            lambda: client.call("chr.readPage", {"max_chars": 10_000_000})]
        rows.append({"run": f"chr.readPage, {ns.controls} controls",
                     **per_call(app.pid, read, ns.reads, warm=30)})
    table("memory: RSS kept per call after warm-up", rows)
    shots = pictures(ns.pictures)
    table("memory: pictures taken by clients at once", [shots])
    worst = max(r["kept_B_per_call"] for r in rows)
    target("memory", "under 2 KB kept per call after warm-up", f"{worst:.0f} B/call (worst)",
           worst < 2048, "DESIGN's runs: mixed calls, sessions, page reads")
    # The pictures' level is judged apart: glibc keeps or gives back the buffer of the
    # last picture (its 1280x800 pixels), so the app's RSS at any moment is one of two
    # levels 4 MiB apart; over 500 calls that one buffer read as +7.5 or -8.6 KB a call,
    # on this tree and the last alike (six runs of each, #41).
    kept_mib = shots["rss_end_MiB"] - shots["rss_after_warmup_MiB"]
    target("memory, pictures", "4 clients' screenshots: RSS at the end within one "
           f"picture's pixels ({PICTURE_MIB:.1f} MiB) of the level after warm-up",
           f"{kept_mib:+.1f} MiB over {shots['calls']} pictures "
           f"({shots['kept_B_per_call']:.0f} B/call), peak {shots['rss_peak_MiB']} MiB",
           kept_mib <= PICTURE_MIB)


if __name__ == "__main__":
    run_bench(main)
