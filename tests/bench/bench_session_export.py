"""What recording stable targets costs an agent's calls, and how long a replay takes.

    python tests/bench/bench_session_export.py [--n 300]

The probe describes the target of an app-changing call or a checked read (its stable
selector) only while someone subscribes to traffic. Rows: the same agent calls with no
traffic subscriber and with an inspector-role client subscribed; ``qt.ping`` has no
target and shows what mirroring alone costs. Then a six-step form-filling script is
replayed against the running demo app.
"""

from __future__ import annotations

import argparse
from typing import Any

from _common import demo_app, premise, run_bench, summary, table, target, timed
from probe.replay.replayer import Replayer

FORM = "mainWindow/tabs/qt_tabwidget_stackedwidget/formTab/formPanel/"
SCRIPT = {"format": "qtmcp-script", "version": 1, "timeout": 5, "steps": [
    {"do": "chr.formInput", "target": FORM + "nameEdit", "params": {"value": "Ada"},
     "expect": {"value": "Ada"}},
    {"check": "property", "target": FORM + "nameEdit", "property": "text", "value": "Ada"},
    {"do": "chr.formInput", "target": FORM + "optionsBox/termsCheck",
     "params": {"value": True}, "expect": {"checked": True}},
    {"do": "chr.formInput", "target": FORM + "countryCombo", "params": {"value": "Germany"}},
    {"do": "chr.click", "target": FORM + "submitButton", "params": {}},
    {"check": "property", "target": "mainWindow/statusBar/statusLabel", "property": "text",
     "value": "Submitted: Ada"},
]}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=300)
    n = ap.parse_args().n
    with demo_app() as app:
        agent = app.client(name="bench-agent", role="agent")
        ref = agent.call("chr.find", {"query": "name"})["matches"][0]["ref"]
        calls = {
            "qt.properties.get": lambda: agent.call("qt.properties.get", {
                "objectId": "nameEdit", "name": "text"}),
            "chr.formInput": lambda: agent.call("chr.formInput", {"ref": ref,
                                                                   "value": "Ada"}),
            "qt.ping": lambda: agent.call("qt.ping"),
        }
        rows: list[dict[str, Any]] = []
        for label in ("no subscriber", "inspector subscribed"):
            if label != "no subscriber":
                app.client(name="bench-inspector", role="inspector").call(
                    "probe.subscribe", {"topics": ["traffic"]})
            for name, fn in calls.items():
                s = summary(timed(fn, n))
                rows.append({"traffic": label, "call": name, "p50 ms": s["p50"],
                             "p99 ms": s["p99"], "n": n})
        table("agent calls, with and without target recording (ms)", rows)
        p50 = {(r["traffic"], r["call"]): r["p50 ms"] for r in rows}
        worst = max(p50[("inspector subscribed", c)] / p50[("no subscriber", c)]
                    for c in calls)
        target("target recording", "an agent's call costs at most 1.3x with the inspector "
               "subscribed (its targets recorded)", f"worst {worst:.2f}x", worst <= 1.3)
        replay = []
        for _ in range(20):
            report = Replayer(agent).run(SCRIPT)
            if not premise(report.ok, f"the replay diverged: {report.divergence}"):
                return
            replay.append(report.seconds * 1000)
        s = summary(replay)
        table("replay of a 6-step form script (ms)",
              [{"steps": 6, "p50 ms": s["p50"], "p99 ms": s["p99"], "n": 20}])


if __name__ == "__main__":
    run_bench(main)
