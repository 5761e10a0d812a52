"""Every action method on elements the app keeps deleting: four clients pipelining for 60 s.

    python tests/bench/bench_churn_actions.py [--seconds 60] [--window 16] [--churn-ms 7]

The hardening app rebuilds a panel of every kind of control, its menu entries and now and
then a file dialog every ``churn-ms`` (``deleteLater``); four clients each keep up to
``window`` calls of every action method in flight on it (``tests.support.churn``), with
refs their own reads gave them, and a fifth client pings. Printed: each outcome by method,
the app's RSS, the bystander's ping. Exits 1 when the premise fails (the app died, a call
went unanswered, or no action reached a live element). Issue #37's target: 0 crashes, 0
internal errors (an INTERNAL_ERROR answer is a missed target).
"""

from __future__ import annotations

import argparse
from collections import Counter

from _common import percentile, premise, run_bench, table, target
from tests.support.app import HARDENING_APP, rss_kib, start_demo

# isort: split
from tests.support.churn import ChurnCalls, action_methods
from tests.support.pipelining import drain, run


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--window", type=int, default=16)
    ap.add_argument("--churn-ms", type=int, default=7)
    args = ap.parse_args()
    app = start_demo(module=HARDENING_APP)
    try:
        methods = sorted(action_methods(app.client().call("qt.schema")))
        app.command(f"churn-kinds {args.churn_ms}")
        start_rss = rss_kib(app.pid)
        makers = [ChurnCalls(methods) for _ in range(4)]
        clients, bystander, elapsed = run(app, list(makers), args.seconds, args.window,
                                          bystander=True)
        left = drain(clients)
        alive = app.alive()
        end_rss = rss_kib(app.pid) if alive else 0
        by_method: dict[str, Counter[str]] = {}
        for c in clients:
            for method, seen in c.by_method().items():
                by_method.setdefault(method, Counter()).update(seen)
        total: Counter[str] = sum(by_method.values(), Counter())
        rows = [{"method": m, "calls": sum(c.values()), "ok": c["ok"],
                 "errors": ", ".join(f"{k} {v}" for k, v in c.most_common() if k != "ok")}
                for m, c in sorted(by_method.items())]
        table(f"churn actions: 4 clients pipelining (window {args.window}) every action "
              f"method for {args.seconds:g} s, the UI rebuilt every {args.churn_ms} ms", rows)
        sent = sum(len(c.sent) for c in clients)
        acted = sum(c["ok"] for m, c in by_method.items() if m not in ("chr.readPage",
                                                                         "chr.find"))
        table("churn actions: totals", [
            {"sent": sent, "unanswered": left, "internal": total["INTERNAL_ERROR"],
             "ok": total["ok"], "actions ok": acted, "alive": alive,
             "rss_start_MiB": round(start_rss / 1024, 1),
             "rss_end_MiB": round(end_rss / 1024, 1), "seconds": round(elapsed, 1)}])
        assert bystander is not None
        rtts = bystander.rtts or [float("nan")]
        table("churn actions: a bystander's qt.ping meanwhile (ms)",
              [{"pings": len(bystander.rtts), "p50_ms": percentile(rtts, 50),
                "p90_ms": percentile(rtts, 90), "max_ms": max(rtts)}])
        premise(alive, "the app died")
        premise(left == 0, f"{left} calls went unanswered")
        premise(acted > 0, "no action reached a live element")
        ok = alive and left == 0 and total["INTERNAL_ERROR"] == 0 and acted > 0
        target("churn actions", "4 clients, every action method, 60 s: 0 crashes, 0 internal "
               "errors, every call answered",
               f"alive={alive}, unanswered={left}, internal={total['INTERNAL_ERROR']}, "
               f"{acted} actions ok of {sent} calls", ok)
        for c in clients:
            c.close()
        return 0
    finally:
        app.stop()


if __name__ == "__main__":
    run_bench(main)
