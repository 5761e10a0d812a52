"""What the probe costs an app at start: CPU and memory of the demo with and without it.

    python tests/bench/bench_startup.py [--n 7]

Starts the demo app (``--control-stdin``) with and without ``--probe``, interleaved so
load on the machine hits both alike, and reads from each start the CPU time it used
(user + system, /proc) and its resident memory (VmRSS) once it is ready: its window shown
and, with the probe, the probe serving (its discovery file written). Medians.
The modules' bytecode is kept between starts (PYTHONPYCACHEPREFIX, written by a first
start), as an installed package has it; this machine sets PYTHONDONTWRITEBYTECODE, under
which a source checkout compiles every module it imports at every start (the probe's
~100 modules: ~40 ms more): printed beside, not the target.
Target (#41): with the probe at most 1.5x the app's own CPU and at most +15 MiB.
Premise (exit 1 when it fails): every start becomes ready, and every probe serves.

``--first-calls`` also times what a light start leaves to the first caller, each on a
fresh start: a client's first ``chr.readPage`` and first ``cu.screenshot`` (connect, say
hello, call) and the inspector's connect (hello as the inspector, ``qt.schema``, its
subscriptions, the object tree): wall ms and the app's CPU ms, medians. Printed, no target.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _common import cpu_ms, load, ready_process, rss_kib, run_bench, table, target
from probe.client import Client

#: Where the starts keep their bytecode: an installed package has its .pyc files (pip
#: compiles them at install), a source checkout run with PYTHONDONTWRITEBYTECODE=1 (as
#: this machine's environment sets) compiles every module of the probe at every start.
PYCACHE = Path(tempfile.mkdtemp(prefix="qtmcp-bench-pycache-"))


def one_start(with_probe: bool, bytecode: bool = True) -> tuple[float, int]:
    """(CPU ms, RSS KiB) of one start once it is ready (and its probe serves); with
    ``bytecode`` the modules' compiled bytecode is kept between starts, as installed."""
    folder = Path(tempfile.mkdtemp(prefix="qtmcp-bench-start-"))
    env = {**os.environ, "QTMCP_QUIET": "1", "QTMCP_RUNTIME_DIR": str(folder),
           "QT_QPA_PLATFORM": "offscreen"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(PYCACHE) if bytecode else str(folder / "pycache")
    cmd = [sys.executable, "-m", "resources.demo_app", "--control-stdin"]
    if with_probe:
        cmd.append("--probe")
    with ready_process(cmd, env) as proc:
        if with_probe:  # the server thread starts beside the app: wait until it serves
            deadline = time.monotonic() + 30
            while not (folder / f"{proc.pid}.json").exists():
                if time.monotonic() > deadline:
                    raise RuntimeError("the probe wrote no discovery file in 30 s")
                time.sleep(0.01)
        time.sleep(0.2)  # what start-up left queued runs (both alike)
        return cpu_ms(proc.pid), rss_kib(proc.pid)


#: The inspector's topics (inspector/link/api), subscribed one by one as it does.
INSPECTOR_TOPICS = ("freeze", "traffic", "sessions", "gate", "highlight", "console")


def _inspector_connect(url: str, info: dict[str, str]) -> None:
    with Client.connect(url, info["inspector_token"], name="inspector",
                        role="inspector") as client:
        client.call("qt.schema")
        for topic in INSPECTOR_TOPICS:
            client.call("probe.subscribe", {"topics": [topic]})
        client.call("qt.objects.tree")


def _client_call(method: str, params: dict[str, object]) -> Any:
    def run(url: str, info: dict[str, str]) -> None:
        with Client.connect(url, info["token"], name="agent") as client:
            client.call(method, params)
    return run


#: What a first caller does, by name: (url, discovery info) -> None.
FIRST_CALLS: dict[str, Any] = {
    "chr.readPage (connect, hello, call)": _client_call("chr.readPage", {}),
    "cu.screenshot (connect, hello, call)": _client_call("cu.screenshot", {}),
    "inspector connect (hello, schema, 6 topics, objects tree)": _inspector_connect,
}


def first_call(name: str) -> tuple[float, float]:
    """(wall ms, app CPU ms) of ``name``'s first call on a fresh start with the probe."""
    folder = Path(tempfile.mkdtemp(prefix="qtmcp-bench-first-"))
    env = {**os.environ, "QTMCP_QUIET": "1", "QTMCP_RUNTIME_DIR": str(folder),
           "QT_QPA_PLATFORM": "offscreen", "PYTHONPYCACHEPREFIX": str(PYCACHE)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    cmd = [sys.executable, "-m", "resources.demo_app", "--control-stdin", "--probe"]
    with ready_process(cmd, env) as proc:
        found = folder / f"{proc.pid}.json"
        deadline = time.monotonic() + 30
        while not found.exists():
            if time.monotonic() > deadline:
                raise RuntimeError("the probe wrote no discovery file in 30 s")
            time.sleep(0.01)
        time.sleep(0.2)
        info = json.loads(found.read_text())
        cpu, t0 = cpu_ms(proc.pid), time.perf_counter()
        FIRST_CALLS[name](info["url"], info)
        return (time.perf_counter() - t0) * 1000, cpu_ms(proc.pid) - cpu


def first_calls(n: int) -> None:
    """The first calls' table (medians of ``n`` fresh starts each, interleaved)."""
    got: dict[str, list[tuple[float, float]]] = {name: [] for name in FIRST_CALLS}
    before = load()
    for _ in range(n):
        for name in FIRST_CALLS:
            got[name].append(first_call(name))
    med = statistics.median
    table(f"first calls after a start with the probe (medians of {n}; load {before} "
          f"before, {load()} after)",
          [{"first call": name, "wall_ms": med(r[0] for r in runs),
            "app_cpu_ms": med(r[1] for r in runs)} for name, runs in got.items()])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=7)
    parser.add_argument("--first-calls", action="store_true",
                        help="also time a fresh start's first calls (see above)")
    opts = parser.parse_args()
    runs: dict[bool, list[tuple[float, int]]] = {False: [], True: []}
    compiling: list[tuple[float, int]] = []  # with the probe, no bytecode kept
    failed: list[str] = []
    before = load()
    one_start(True)  # warm the file cache, write the bytecode
    one_start(False)
    for _ in range(opts.n):
        for with_probe, bytecode in ((False, True), (True, True), (True, False)):
            try:
                got = one_start(with_probe, bytecode)
            except RuntimeError as exc:
                failed.append(f"{'with' if with_probe else 'without'} the probe: {exc}")
                continue
            (runs[with_probe] if bytecode else compiling).append(got)
    if failed or not runs[False] or not runs[True] or not compiling:
        for why in failed:
            print(f"premise failed: {why}", file=sys.stderr)
        return 1
    med = statistics.median
    off_cpu, on_cpu = med(r[0] for r in runs[False]), med(r[0] for r in runs[True])
    off_mib = med(r[1] for r in runs[False]) / 1024
    on_mib = med(r[1] for r in runs[True]) / 1024
    table(f"startup: the demo app to ready, with and without the probe (medians of {opts.n}; "
          f"load {before} before, {load()} after)",
          [{"app": "demo, no probe", "cpu_ms": off_cpu, "rss_MiB": off_mib},
           {"app": "demo with the probe, serving", "cpu_ms": on_cpu, "rss_MiB": on_mib},
           {"app": "the probe's share", "cpu_ms": on_cpu - off_cpu,
            "rss_MiB": on_mib - off_mib},
           {"app": "ratio with / without", "cpu_ms": on_cpu / off_cpu,
            "rss_MiB": on_mib / off_mib},
           {"app": "with the probe, no bytecode kept (compiles its modules)",
            "cpu_ms": med(r[0] for r in compiling),
            "rss_MiB": med(r[1] for r in compiling) / 1024}])
    ratio, extra = on_cpu / off_cpu, on_mib - off_mib
    target("probe start-up, demo", "at most 1.5x the app's own CPU and +15 MiB",
           f"{ratio:.2f}x CPU ({on_cpu:.0f} vs {off_cpu:.0f} ms), +{extra:.1f} MiB",
           ratio <= 1.5 and extra <= 15)
    if opts.first_calls:
        first_calls(opts.n)
    return 0


if __name__ == "__main__":
    run_bench(main)
