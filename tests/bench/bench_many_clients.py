"""Many clients at once: 4 connections pipelining mixed calls against an app that
rebuilds widgets every 5 ms, and a bystander's qt.ping meanwhile.

    python tests/bench/bench_many_clients.py [--seconds 60] [--window 64]

Each client keeps up to ``window`` calls unanswered (input, reads and actions, as
``tests.support.pipelining.mixed_call`` makes them); the hardening app replaces its panel of
buttons and a field with ``deleteLater`` every 5 ms. A fifth client pings once every
50 ms, one call at a time. Printed: every call's outcome (the app must live and answer
each one) and the bystander's round trip. Target: p50 under 200 ms.
"""

from __future__ import annotations

import argparse

from _common import percentile, premise, run_bench, table, target
from tests.support.app import start_demo

# isort: split
from tests.support.pipelining import drain, mixed_call, outcomes, run

HARDENING_APP = "tests.apps.hardening_app"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--window", type=int, default=64)
    ap.add_argument("--churn-ms", type=int, default=5)
    args = ap.parse_args()
    app = start_demo(module=HARDENING_APP)
    try:
        app.command(f"churn {args.churn_ms}")
        clients, bystander, elapsed = run(app, [mixed_call] * 4, args.seconds, args.window,
                                          bystander=True)
        left = drain(clients)
        alive = app.alive()
        seen = outcomes(clients)
        sent = sum(len(c.sent) for c in clients)
        rows = [{"outcome": name, "calls": n} for name, n in seen.most_common()]
        rows += [{"outcome": "unanswered", "calls": left},
                 {"outcome": "sent (all)", "calls": sent},
                 {"outcome": f"app alive after {elapsed:.0f} s", "calls": int(alive)}]
        table(f"many clients: 4 pipelining (window {args.window}) for {args.seconds:g} s, "
              f"widgets rebuilt every {args.churn_ms} ms", rows)
        assert bystander is not None
        rtts = bystander.rtts
        p50, p90 = percentile(rtts, 50), percentile(rtts, 90)
        table("many clients: a bystander's qt.ping round trip meanwhile (ms)",
              [{"pings": len(rtts), "busy": bystander.busy, "p50_ms": p50, "p90_ms": p90,
                "p99_ms": percentile(rtts, 99), "max_ms": max(rtts)}])
        premise(alive, "the app died")
        premise(sent > 0 and seen["ok"] > 0, "no call was answered ok")
        target("many clients", "the app lives, every call answered, bystander ping p50 under "
               "200 ms", f"alive={alive}, unanswered={left}, p50 {p50:.0f} ms, p90 {p90:.0f} ms",
               alive and left == 0 and p50 < 200,
               f"{sent} calls from 4 clients in {elapsed:.0f} s")
        for c in clients:
            c.close()
    finally:
        app.stop()


if __name__ == "__main__":
    run_bench(main)
