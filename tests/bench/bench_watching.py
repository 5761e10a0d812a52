"""What watching costs an agent: its calls with and without an inspector subscribed.

    python tests/bench/bench_watching.py [--n 200] [--rounds 5]

An agent (this process) calls the demo app: ``qt.properties.get`` (a checked read: its
target is recorded), ``chr.formInput`` by ref (changes the app: target recorded) and
``qt.ping`` (no target). Watchers, each in a process of its own as in real use:

* ``none``: nobody subscribed;
* ``subscriber``: a bare client with the inspector token, of role inspector, subscribed to
  traffic (what the probe's mirror and target recording cost);
* ``inspector``: the real inspector window (offscreen), connected by pid, with its agent
  log, live view, session recorder and the accessibility pane following the agent.

Blocks of each alternate for ``--rounds`` rounds (the machine's noise lands on all of
them); the table gives medians and the ratio to ``none``. Target (DESIGN.md): with an
inspector subscribed, an agent's call costs at most 1.3x.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from _common import ROOT, demo_app, run_bench, table, target, timed

SUBSCRIBER = """
import sys
from probe.client import Client
c = Client.connect(sys.argv[1], sys.argv[2], name="bench-subscriber", role="inspector")
c.call("probe.subscribe", {"topics": ["traffic"]})
print("ready", flush=True)
sys.stdin.read()
c.close()
"""


def _wait_for_watcher(agent: Any, name: str, timeout: float = 30.0) -> None:
    """Until a client called ``name`` is subscribed to traffic and has finished loading
    (no call of its own for half a second, its 2 s ping aside), polling the probe."""
    deadline = time.monotonic() + timeout
    calls, quiet_since = -1, time.monotonic()
    while time.monotonic() < deadline:
        mine = [s for s in agent.call("probe.sessions")
                if s["name"] == name and "traffic" in s["topics"]]
        if mine:
            if mine[0]["calls"] > calls + 1:  # more than a ping since the last look
                calls, quiet_since = mine[0]["calls"], time.monotonic()
            elif time.monotonic() - quiet_since > 0.5:
                return
        time.sleep(0.1)
    raise TimeoutError(f"{name} did not settle (subscribed, loaded) within {timeout} s")


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of ``pid`` so far (Linux)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextmanager
def watcher(kind: str, app: Any, agent: Any, cpu: dict[str, list[float]]
            ) -> Iterator[None]:
    """Run the watcher ``kind`` in a process of its own while the block runs; note the
    share of a core it used meanwhile in ``cpu[kind]``."""
    if kind == "none":
        yield
        return
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    if kind == "subscriber":
        cmd = [sys.executable, "-c", SUBSCRIBER, app.url, app.inspector_token or ""]
        name = "bench-subscriber"
    else:
        cmd = [sys.executable, "-m", "inspector", f"--pid={app.pid}", "--reset-layout"]
        env["XDG_CONFIG_HOME"] = str(ROOT / "tests" / "bench" / "results" / "config")
        name = "qtmcp-inspector"
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
    try:
        _wait_for_watcher(agent, name)
        cpu0, wall0 = _cpu_seconds(proc.pid), time.perf_counter()
        yield
        cpu.setdefault(kind, []).append(
            (_cpu_seconds(proc.pid) - cpu0) / (time.perf_counter() - wall0) * 100)
    finally:
        if proc.stdin:
            proc.stdin.close()
        proc.terminate()
        proc.wait(15)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=200, help="calls per block")
    ap.add_argument("--rounds", type=int, default=5)
    ns = ap.parse_args()
    kinds = ("none", "subscriber", "inspector")
    with demo_app() as app:
        agent = app.client(name="bench-agent", role="agent")
        read = agent.call("chr.readPage", {"filter": "interactive"})
        line = next(x for x in read["text"].splitlines() if x.strip().startswith('textbox "Name"'))
        ref = line.split("[", 1)[1].split("]", 1)[0]
        calls: dict[str, Callable[[], Any]] = {
            "qt.properties.get": lambda: agent.call("qt.properties.get", {
                "objectId": "nameEdit", "name": "text"}),
            # without its change report (the same call as before #22: watching's cost alone)
            "chr.formInput": lambda: agent.call("chr.formInput", {"ref": ref, "value": "Ada",
                                                                  "report_changes": False}),
            "qt.ping": lambda: agent.call("qt.ping"),
        }
        times: dict[tuple[str, str], list[float]] = {}
        cpu: dict[str, list[float]] = {}
        for _ in range(ns.rounds):
            for kind in kinds:
                with watcher(kind, app, agent, cpu):
                    for name, fn in calls.items():
                        times.setdefault((kind, name), []).extend(timed(fn, ns.n, warmup=20))
    rows: list[dict[str, Any]] = []
    worst = 0.0
    for name in calls:
        alone = statistics.median(times[("none", name)])
        row: dict[str, Any] = {"call": name, "none ms": alone}
        for kind in kinds[1:]:
            p50 = statistics.median(times[(kind, name)])
            row[f"{kind} ms"] = p50
            row[f"{kind} x"] = round(p50 / alone, 2)
        worst = max(worst, row["inspector x"])
        row["n"] = ns.n * ns.rounds
        rows.append(row)
    rows.append({"call": "watcher CPU % of a core", "none ms": 0.0,
                 **{f"{kind} {unit}": (round(statistics.median(cpu[kind]), 1) if unit == "ms"
                                       else "") for kind in kinds[1:] for unit in ("ms", "x")},
                 "n": ns.rounds})
    table("watching: an agent's calls (p50 ms) with nobody, a bare traffic subscriber and "
          "the inspector window watching", rows)
    target("watching", "an agent's call costs at most 1.3x with an inspector subscribed",
           f"worst call {worst:.2f}x with the inspector window watching", worst <= 1.3,
           "notifications of 10 ms share one frame; recorded targets are remembered per "
           "session")
    return 0


if __name__ == "__main__":
    run_bench(main)
