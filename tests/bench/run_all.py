"""Run every benchmark, print their tables, and write BENCHMARKS.md (and results/*.json).

    python tests/bench/run_all.py [--only ping,read_page] [--no-write]

Each ``bench_<name>.py`` prints its own table and writes ``results/<name>.json`` through
``_common.table``; this script runs them one after another (never in parallel: they
would measure each other) and puts the tables, with the command beside each, into
BENCHMARKS.md at the top of the repository.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
RESULTS = HERE / "results"


def machine() -> str:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    from PySide6 import __version__ as pyside

    return (f"{os.cpu_count()} cores ({cpu or platform.processor()}), "
            f"{platform.system()} {platform.release()}, Python {platform.python_version()}, "
            f"PySide6 {pyside}")


def load() -> str:
    """The machine's 1-minute load average: what else ran while a bench measured."""
    return f"{os.getloadavg()[0]:.2f}"


def run(name: str) -> tuple[int, float, str]:
    """Run one bench; (exit code, seconds, the load before -> after it)."""
    script = HERE / f"bench_{name}.py"
    for stale in RESULTS.glob(f"{name}--*.json"):  # only this run's tables go in the file
        stale.unlink()
    before = load()
    start = time.monotonic()
    proc = subprocess.run([sys.executable, str(script)], cwd=ROOT)
    seconds = time.monotonic() - start
    loads = f"{before} -> {load()}"
    (RESULTS / f"{name}--run.json").write_text(json.dumps(
        {"script": name, "kind": "run", "exit": proc.returncode, "seconds": seconds,
         "load": loads, "at": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}))
    return proc.returncode, seconds, loads


def markdown(names: list[str], started: str, loads: str) -> str:
    out = ["# Benchmarks", "",
           f"Measured {started} on {machine()}, by `python tests/bench/run_all.py`;",
           f"load average (1 min) {loads}, and per bench below (`load` before -> after).",
           "Medians unless a column says otherwise; these machines are shared and noisy,",
           "so compare ratios measured in the same run rather than absolute times.", ""]
    found = [json.loads(p.read_text())
             for p in sorted(RESULTS.glob("*.json"), key=lambda p: p.stat().st_mtime)]
    runs = {d["script"]: d for d in found if d.get("kind") == "run"}
    targets = [d for d in found if d.get("kind") == "target" and d["script"] in names]
    failed = [n for n in names if runs.get(n, {}).get("exit", 1)]
    if failed:
        out += ["**Benches that failed (a premise failed, no target printed, or an error; "
                "their figures are left out or mean nothing):** "
                + ", ".join(f"`bench_{n}.py`" for n in failed), ""]
    if targets:
        out += ["## Against the targets", "",
                "| job | target | measured | met | note | load | command |",
                "| --- | --- | --- | --- | --- | --- | --- |"]
        out += [f"| {t['job']} | {t['goal']} | {t['measured']} | "
                f"{'yes' if t['met'] else '**no**'} | {t.get('note', '')} | "
                f"{t.get('load', '')} | `python tests/bench/bench_{t['script']}.py` |"
                for t in targets]
        out.append("")
    for name in names:
        for data in found:
            if data.get("script") != name or data.get("kind") in ("target", "run"):
                continue
            rows = data["rows"]
            cols = list(rows[0])
            ran = runs.get(name, {})
            where = f"`python tests/bench/bench_{name}.py`" + (
                f" (load {ran['load']}, {ran.get('at', '')})" if ran.get("load") else "")
            out += [f"## {data['title']}", "", where, "",
                    "| " + " | ".join(cols) + " |", "|" + " --- |" * len(cols)]
            for r in rows:
                out.append("| " + " | ".join(_cell(r.get(c)) for c in cols) + " |")
            out.append("")
    return "\n".join(out)


def updated(text: str, names: list[str], fresh: str) -> str:
    """``text`` (BENCHMARKS.md) with the sections and target rows of ``names`` replaced by
    those of ``fresh`` (a :func:`markdown` of just these benches), new ones added; what
    other benches measured stays, with the date of its own run."""
    def commands(block: str) -> set[str]:
        return {n for n in names if f"`python tests/bench/bench_{n}.py`" in block}

    def split(doc: str) -> tuple[list[str], list[str], list[str]]:
        parts = doc.split("\n## ")
        head, rest = parts[0], ["## " + p for p in parts[1:]]
        targets = next((p for p in rest if p.startswith("## Against the targets")), "")
        rows = [line for line in targets.splitlines() if line.startswith("| ") and
                "`python tests/bench/" in line]
        return [head], rows, [p for p in rest if not p.startswith("## Against the targets")]

    head, old_rows, old_sections = split(text)
    _, new_rows, new_sections = split(fresh)
    rows = [r for r in old_rows if not commands(r)] + new_rows
    kept = [sec for sec in old_sections if not commands(sec)]
    width = max((r.count(" | ") for r in rows), default=6)
    table = ["## Against the targets", "",
             "| job | target | measured | met | note | load | command |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    table += [r if r.count(" | ") == width else r.replace(" | `python", " |  | `python")
              for r in rows]
    def bench_of(section: str) -> str:
        found = re.search(r"`python tests/bench/bench_(\w+)\.py`", section)
        return found.group(1) if found else ""

    ordered = sorted(kept + new_sections, key=bench_of)  # as a whole run orders them
    body = "\n".join(table) + "\n\n" + "\n".join(s.rstrip("\n") + "\n" for s in ordered)
    return head[0].rstrip("\n") + "\n\n" + body


def _cell(v: object) -> str:
    return f"{v:.3f}" if isinstance(v, float) else str(v)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", help="comma-separated bench names (default: all); prints "
                    "their tables without rewriting BENCHMARKS.md")
    ap.add_argument("--no-write", action="store_true", help="do not rewrite BENCHMARKS.md")
    ap.add_argument("--update", action="store_true", help="with --only: replace those "
                    "benches' sections and target rows in BENCHMARKS.md, keep the rest")
    ns = ap.parse_args()
    names = sorted(p.stem[len("bench_"):] for p in HERE.glob("bench_*.py"))
    if ns.only:
        names = [n for n in names if n in ns.only.split(",")]
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    first = load()
    failed = []
    for name in names:
        print(f"\n=== bench_{name}.py (load {load()})", flush=True)
        code, seconds, loads = run(name)
        print(f"=== bench_{name}.py: exit {code} in {seconds:.0f} s, load {loads}", flush=True)
        if code:
            failed.append(name)
    loads = f"{first} at the start, {load()} at the end"
    if not ns.no_write and not ns.only:  # the file holds one whole run
        (ROOT / "BENCHMARKS.md").write_text(markdown(names, started, loads) + "\n")
        print(f"\nwrote {ROOT / 'BENCHMARKS.md'}")
    elif ns.update and ns.only:  # these benches measured again, on the run's date
        done = [n for n in names if n not in failed]  # a failed one keeps its last figures
        path = ROOT / "BENCHMARKS.md"
        path.write_text(updated(path.read_text(), done, markdown(done, started, loads)))
        print(f"\nupdated {', '.join(done)} in {path}")
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
