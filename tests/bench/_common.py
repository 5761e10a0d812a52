"""Helpers for the benchmark scripts: start targets, take medians, print tables."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QTMCP_RUNTIME_DIR", tempfile.mkdtemp(prefix="qtmcp-bench-"))
os.environ["QTMCP_QUIET"] = "1"

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.support.app import DemoApp, start_demo  # noqa: E402

RESULTS = ROOT / "tests" / "bench" / "results"


@contextmanager
def demo_app(*args: str, env: dict[str, str] | None = None) -> Iterator[DemoApp]:
    app = start_demo(*args, env=env)
    try:
        yield app
    finally:
        app.stop()


def cpu_ms(pid: int) -> float:
    """CPU time (user + system) process ``pid`` has used, in ms: what load on the machine
    disturbs least."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def rss_kib(pid: int) -> int:
    """Resident memory (VmRSS) of process ``pid`` in KiB."""
    with open(f"/proc/{pid}/status", encoding="ascii") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("VmRSS:"))


@contextmanager
def ready_process(cmd: list[str], env: dict[str, str]) -> Iterator[subprocess.Popen[str]]:
    """Start ``cmd`` (an app with ``--control-stdin``), yield it once it printed ``ready``,
    kill it after."""
    proc = subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.strip() == "ready":
                break
        else:
            raise RuntimeError(f"{cmd} ended before it was ready")
        yield proc
    finally:
        proc.kill()
        proc.wait(10)


def timed(fn: Callable[[], Any], n: int, warmup: int = 0) -> list[float]:
    """Milliseconds of ``n`` calls of ``fn`` (after ``warmup`` untimed ones)."""
    for _ in range(warmup):
        fn()
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def summary(values: list[float]) -> dict[str, float]:
    return {"p50": statistics.median(values), "p99": percentile(values, 99),
            "min": min(values), "n": len(values)}


def table(title: str, rows: list[dict[str, Any]]) -> None:
    """Print rows as an aligned table and write them as JSON next to the scripts."""
    print(f"\n{title}")
    cols = list(rows[0])
    widths = {c: max(len(c), *(len(_fmt(r.get(c))) for r in rows)) for c in cols}
    print("  ".join(c.ljust(widths[c]) for c in cols))
    for r in rows:
        print("  ".join(_fmt(r.get(c)).ljust(widths[c]) for c in cols))
    RESULTS.mkdir(exist_ok=True)
    script = Path(sys.argv[0]).stem.removeprefix("bench_")
    slug = "".join(c if c.isalnum() else "_" for c in title.lower())[:60]
    (RESULTS / f"{script}--{slug}.json").write_text(
        json.dumps({"script": script, "title": title, "rows": rows}, indent=1))


def load() -> str:
    """The machine's load averages (1, 5, 15 min): figures on a shared machine mean
    little without them."""
    return " ".join(f"{v:.2f}" for v in os.getloadavg())


def target(job: str, goal: str, measured: str, met: bool, note: str = "") -> bool:
    """Print one DESIGN.md target against its figure (``note``: what the figure means,
    e.g. where a miss comes from), with the machine's load as it is measured; run_all.py
    gathers them in a table. A missed target is a figure, not a failed bench: the bench
    still exits 0 (a failed :func:`premise` makes it exit 1). Returns ``met``."""
    _record(job, goal, measured, met, note)
    return met


def skip(job: str, goal: str, why: str) -> None:
    """A target this run could not measure (an optional peer is missing): said as a skip
    with ``why`` and how to get the peer, never counted as met."""
    _record(job, goal, "not measured", None, why)


def _record(job: str, goal: str, measured: str, met: bool | None, note: str) -> None:
    global _targets_printed
    _targets_printed += 1
    verdict = "SKIPPED" if met is None else "met" if met else "MISSED"
    print(f"target {job}: {goal} -> {measured} ({verdict})"
          + (f"; {note}" if note else "") + f" [load {load()}]", flush=True)
    RESULTS.mkdir(exist_ok=True)
    script = Path(sys.argv[0]).stem.removeprefix("bench_")
    slug = "".join(c if c.isalnum() else "_" for c in job.lower())[:60]
    (RESULTS / f"{script}--target--{slug}.json").write_text(json.dumps(
        {"script": script, "kind": "target", "job": job, "goal": goal,
         "measured": measured, "met": met, "note": note, "load": load()}, indent=1))


_premises_failed: list[str] = []
_targets_printed = 0


def premise(ok: bool, what: str) -> bool:
    """A condition without which the bench's figures mean nothing (calls answered, frames
    encoded, the window as big as asked): when it fails, say so and make the bench exit 1
    (:func:`run_bench`). Returns ``ok``."""
    if not ok:
        _premises_failed.append(what)
        print(f"premise failed: {what}", file=sys.stderr, flush=True)
    return ok


def run_bench(main: Callable[[], Any]) -> None:
    """Run a bench's ``main`` and exit: 1 when a premise failed, when it printed no
    target, or when ``main`` returned a non-zero code; 0 otherwise."""
    code = main()
    if _targets_printed == 0:
        premise(False, "the bench printed no target line")
    sys.exit(1 if _premises_failed or code else 0)


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.3f}"
    return str(v)
