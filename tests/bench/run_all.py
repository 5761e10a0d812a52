"""Run every benchmark, print their tables, and write BENCHMARKS.md (and results/*.json).

    python tests/bench/run_all.py [--only ping,read_page [--update]] [--no-write]
                                  [--timeout-scale 1.0]

Each ``bench_<name>.py`` prints its own table and writes ``results/<name>.json`` through
``_common.table``; this script runs them one after another (never in parallel: they
would measure each other) and puts the tables, with the command beside each, into
BENCHMARKS.md at the top of the repository. A whole run is sized to end within 30 minutes
on 2 quiet cores (:data:`WHOLE_RUN_ARGS` shortens the long benches); each bench has a time
limit (:data:`BUDGET_S`): one that outlives it is killed with every process it started and
counted as failed, and the run goes on.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
RESULTS = HERE / "results"
INFO = RESULTS / "_run.json"  # the last run's header: when, commit, load

#: Arguments a whole run gives the benches whose own defaults run long (alone, each keeps
#: its own default; ``--own-sizes`` gives them theirs): the soak's 10 minutes become 3 (its
#: 1-minute-to-end growth is then over 2 minutes), memory's 2,000 pictures 500 (its 20,000
#: mixed calls and 1,000 reads are DESIGN.md's target), attach's 5 starts of each of four
#: large apps 3 (a start is a fixed 8 s settle and the attach: 276 s at load 7 with 5).
#: read_page gets a third size, 20,000 controls (#41: read in at most 2 s; the growth table
#: shows the three sizes).
WHOLE_RUN_ARGS: dict[str, list[str]] = {
    "attach": ["--n", "3"],
    "memory": ["--pictures", "500"],
    "read_page": ["--sizes", "2000,8000,20000"],
    # without the app's file dialog: each new one grows Qt's icon cache and its file-info
    # thread's glibc arena (the app's memory: a script without qtmcp grows the same), which
    # hid the probe's own level; `bench_soak.py --dialog-every 25` still runs them
    "soak": ["--seconds", "180", "--dialog-every", "0"],
}

#: Seconds a bench may run in a whole run before it is killed: about three times what it
#: takes on 2 quiet cores (memory 282 s at load 1-2; at load 15, 48 minutes' run on
#: 857bb8c: fuzz 274 s, demo_stop 255, origin 206, soak 201, read_page 200, and memory
#: killed at 480; read_page's third size, 20,000 controls, adds its app and 16 reads of
#: about 1 s); :data:`DEFAULT_BUDGET_S` for the others. ``--timeout-scale`` on a loaded
#: machine.
BUDGET_S: dict[str, float] = {"fuzz": 420, "memory": 480, "read_page": 420, "soak": 420}
DEFAULT_BUDGET_S = 300.0


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


def command(name: str, args: list[str]) -> str:
    return " ".join(["python", f"tests/bench/bench_{name}.py", *args])


def descendants(pid: int) -> list[int]:
    """Every process under ``pid`` (read from /proc), children first found first: the
    ones a bench started in a session of their own too, which its process group misses."""
    parents: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        kids = parents.get(todo.pop(), [])
        found += kids
        todo += kids
    return found


def kill_tree(proc: subprocess.Popen[str]) -> None:
    """Kill a bench (its own process group, started for it) and every process under it,
    by PID."""
    under = descendants(proc.pid)
    for kill in (lambda: os.killpg(proc.pid, signal.SIGKILL),
                 *(lambda pid=pid: os.kill(pid, signal.SIGKILL) for pid in under)):
        try:
            kill()
        except (ProcessLookupError, PermissionError):
            pass
    proc.wait(30)


def run(name: str, args: list[str], budget: float) -> dict[str, Any]:
    """Run one bench, its output shown as it comes, killed after ``budget`` seconds; its
    record (exit code, seconds, the load before -> after, why it failed), also written
    to results/<name>--run.json."""
    script = HERE / f"bench_{name}.py"
    RESULTS.mkdir(exist_ok=True)
    for stale in RESULTS.glob(f"{name}--*.json"):  # only this run's tables go in the file
        stale.unlink()
    before = load()
    start = time.monotonic()
    proc = subprocess.Popen([sys.executable, str(script), *args], cwd=ROOT, text=True,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, start_new_session=True, bufsize=1)
    said: list[str] = []
    reader = threading.Thread(target=_tee, args=(proc, said), daemon=True)
    reader.start()
    timed_out = False
    try:
        proc.wait(budget)
    except subprocess.TimeoutExpired:
        timed_out = True
    finally:  # hung, finished with apps left behind, a Ctrl+C of the run: none outlives it
        kill_tree(proc)
    reader.join(5)
    seconds = time.monotonic() - start
    code = proc.returncode
    why = [line for line in said if line.startswith("premise failed")]
    if timed_out:
        why.insert(0, f"killed after {budget:.0f} s (its time limit in a whole run)")
    elif code and not why:
        why = said[-1:]  # a traceback's last line
    record = {"script": name, "kind": "run", "exit": code, "seconds": round(seconds, 1),
              "timed_out": timed_out, "why": why, "command": command(name, args),
              "load": f"{before} -> {load()}",
              "at": _now()}
    (RESULTS / f"{name}--run.json").write_text(json.dumps(record, indent=1))
    return record


def _tee(proc: subprocess.Popen[str], said: list[str]) -> None:
    """Echo a bench's output line by line; keep its lines for why it failed."""
    assert proc.stdout is not None
    for line in proc.stdout:
        sys.stdout.write(line)
        sys.stdout.flush()
        said.append(line.rstrip("\n"))


def commit() -> str:
    """The commit measured, and whether the tree had changes beside it."""
    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                                  timeout=30).stdout.strip()
        except (OSError, subprocess.TimeoutExpired):
            return ""
    head = git("rev-parse", "--short", "HEAD") or "unknown"
    dirty = git("status", "--porcelain", "--untracked-files=no")
    return f"{head} ({'with uncommitted changes' if dirty else 'clean tree'})"


TARGET_HEAD = ["## Against the targets", "",
               "| job | target | measured | met | load | bench |",
               "| --- | --- | --- | --- | --- | --- |"]


def markdown(names: list[str], run: dict[str, str]) -> str:
    """The whole file from this run's results/*.json: the header (machine, when, commit,
    load), the failed benches and why, the targets table, each bench's tables with its
    command and load, and how long each bench took."""
    out = ["# Benchmarks", "",
           f"Measured {run['started']} to {run['ended']} ({run['minutes']} min) on "
           f"{machine()}, at commit {run['commit']}, by `python tests/bench/run_all.py`.",
           f"Load average (1 min): {run['load_start']} at the start, {run['load_end']} at "
           "the end; each bench's before -> after is beside its command.",
           "Medians unless a column says otherwise; these machines are shared and noisy,",
           "so compare ratios measured in the same run rather than absolute times.", ""]
    found = [json.loads(p.read_text())
             for p in sorted(RESULTS.glob("*.json"), key=lambda p: p.stat().st_mtime)]
    runs = {d["script"]: d for d in found if d.get("kind") == "run"}
    targets = [d for d in found if d.get("kind") == "target" and d["script"] in names]
    failed = [n for n in names if runs.get(n, {}).get("exit", 1)]
    if failed:
        out += ["**Benches that failed** (a premise failed, no target printed, an error or "
                "its time limit; their figures are left out or mean nothing):", ""]
        out += [f"- `bench_{n}.py`: " + ("; ".join(runs.get(n, {}).get("why") or [])
                                         or f"exit {runs.get(n, {}).get('exit', '?')}")
                for n in failed]
        out.append("")
    if targets:
        out += TARGET_HEAD
        out += [f"| {t['job']} | {t['goal']} | {t['measured']}"
                + (f"; {t['note']}" if t.get("note") else "")
                + f" | {_met(t['met'])} | {t.get('load', '')} | "
                f"`bench_{t['script']}.py` |" for t in targets]
        out.append("")
    for name in names:
        ran = runs.get(name, {})
        where = f"`{ran.get('command') or command(name, [])}`"
        if ran.get("load"):
            where += f" (load {ran['load']}, {ran.get('at', '')}, {ran['seconds']:.0f} s)"
        for data in found:
            if data.get("script") != name or data.get("kind") in ("target", "run"):
                continue
            rows = data["rows"]
            cols = list(rows[0])
            out += [f"## {data['title']}", "", where, "",
                    "| " + " | ".join(cols) + " |", "|" + " --- |" * len(cols)]
            for r in rows:
                out.append("| " + " | ".join(_cell(r.get(c)) for c in cols) + " |")
            out.append("")
    out += ["## The run: each bench's time", "",
            "| bench | seconds | exit | load before -> after |", "| --- | --- | --- | --- |"]
    out += [f"| bench_{n} | {runs[n]['seconds']:.0f} | "
            + ("killed (time limit)" if runs[n].get("timed_out") else str(runs[n]["exit"]))
            + f" | {runs[n]['load']} |" for n in names if n in runs]
    out.append("")
    return "\n".join(out)


def updated(text: str, names: list[str], fresh: str) -> str:
    """``text`` (BENCHMARKS.md) with the sections and target rows of ``names`` replaced by
    those of ``fresh`` (a :func:`markdown` of just these benches), new ones added; what
    other benches measured stays, with the date of its own run."""
    def commands(block: str) -> set[str]:
        return {n for n in names if f"bench_{n}.py`" in block}

    def split(doc: str) -> tuple[str, list[str], list[str]]:
        parts = doc.split("\n## ")
        head, rest = parts[0], ["## " + p for p in parts[1:]]
        targets = next((p for p in rest if p.startswith("## Against the targets")), "")
        rows = [_row(line) for line in targets.splitlines() if line.startswith("| ") and
                re.search(r"bench_\w+\.py`", line)]
        return head, rows, [p for p in rest if not p.startswith(
            ("## Against the targets", "## The run"))]

    head, old_rows, old_sections = split(text)
    _, new_rows, new_sections = split(fresh)
    rows = [r for r in old_rows if not commands(r)] + new_rows

    def bench_of(section: str) -> str:
        found = re.search(r"`python tests/bench/bench_(\w+)\.py", section)
        return found.group(1) if found else ""

    kept = [sec for sec in old_sections if not commands(sec)]
    ordered = sorted(kept + new_sections, key=bench_of)  # as a whole run orders them
    body = "\n".join(TARGET_HEAD + rows) + "\n\n" + "\n".join(
        s.rstrip("\n") + "\n" for s in ordered)
    return head.rstrip("\n") + "\n\n" + body


def _row(line: str) -> str:
    """A targets-table row in this file's columns; rows of the older form (job, target,
    measured, met, note, load, command) are folded into them."""
    cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
    if len(cells) != 7:
        return line
    job, goal, measured, met, note, load_, cmd = cells
    script = re.search(r"bench_\w+\.py", cmd)
    return (f"| {job} | {goal} | {measured}" + (f"; {note}" if note else "")
            + f" | {met} | {load_} | `{script.group(0) if script else cmd}` |")


def _met(met: bool | None) -> str:
    return "skipped" if met is None else "yes" if met else "**no**"


def _cell(v: object) -> str:
    return f"{v:.3f}" if isinstance(v, float) else str(v)


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--only", help="comma-separated bench names (default: all); prints "
                    "their tables without rewriting BENCHMARKS.md")
    ap.add_argument("--no-write", action="store_true", help="do not rewrite BENCHMARKS.md")
    ap.add_argument("--update", action="store_true", help="with --only: replace those "
                    "benches' sections and target rows in BENCHMARKS.md, keep the rest")
    ap.add_argument("--own-sizes", action="store_true", help="run each bench with its own "
                    "defaults (the soak 10 minutes), not a whole run's shorter ones")
    ap.add_argument("--timeout-scale", type=float, default=1.0, help="multiply each "
                    "bench's time limit (a loaded machine)")
    ap.add_argument("--markdown-to", metavar="PATH", help="run nothing: write the markdown "
                    "of the results folder's last runs to PATH (a check of the format)")
    ns = ap.parse_args()
    names = sorted(p.stem[len("bench_"):] for p in HERE.glob("bench_*.py"))
    if ns.only:
        unknown = set(ns.only.split(",")) - set(names)
        if unknown:
            ap.error(f"no such bench: {', '.join(sorted(unknown))}")
        names = [n for n in names if n in ns.only.split(",")]
    if ns.markdown_to:
        ran = [n for n in names if (RESULTS / f"{n}--run.json").exists()]
        info = {"started": "?", "ended": "?", "minutes": "?", "commit": commit(),
                "load_start": "?", "load_end": "?"}
        if INFO.exists():  # the last run's own header
            info |= json.loads(INFO.read_text())
        Path(ns.markdown_to).write_text(markdown(ran, info) + "\n")
        print(f"wrote {ns.markdown_to} from {len(ran)} benches' results")
        return 0
    info = {"started": _now(), "commit": commit(), "load_start": load()}
    t0 = time.monotonic()
    failed: list[str] = []
    records: list[dict[str, Any]] = []
    for k, name in enumerate(names, 1):
        args = [] if ns.own_sizes else WHOLE_RUN_ARGS.get(name, [])
        budget = BUDGET_S.get(name, DEFAULT_BUDGET_S) * ns.timeout_scale
        print(f"\n=== [{k}/{len(names)}] {command(name, args)} (load {load()}, "
              f"time limit {budget:.0f} s)", flush=True)
        rec = run(name, args, budget)
        records.append(rec)
        verdict = ("KILLED at its time limit" if rec["timed_out"]
                   else "ok" if rec["exit"] == 0 else f"FAILED (exit {rec['exit']})")
        print(f"=== [{k}/{len(names)}] bench_{name}.py: {verdict} in {rec['seconds']:.0f} s, "
              f"load {rec['load']}" + "".join(f"\n    {w}" for w in rec["why"]), flush=True)
        if rec["exit"] or rec["timed_out"]:
            failed.append(name)
    minutes = (time.monotonic() - t0) / 60
    info |= {"ended": _now(), "minutes": f"{minutes:.0f}", "load_end": load()}
    INFO.write_text(json.dumps({**info, "kind": "info"}, indent=1))
    print(f"\n{len(names)} benches in {minutes:.1f} min (load {info['load_start']} at the "
          f"start, {info['load_end']} at the end):")
    for rec in records:
        print(f"  {rec['script']:<22} {rec['seconds']:>6.0f} s  "
              + ("killed" if rec["timed_out"] else f"exit {rec['exit']}"))
    if not ns.no_write and not ns.only:  # the file holds one whole run
        (ROOT / "BENCHMARKS.md").write_text(markdown(names, info) + "\n")
        print(f"\nwrote {ROOT / 'BENCHMARKS.md'}")
    elif ns.update and ns.only and not ns.no_write:  # these benches again, on this date
        done = [n for n in names if n not in failed]  # a failed one keeps its last figures
        path = ROOT / "BENCHMARKS.md"
        path.write_text(updated(path.read_text(), done, markdown(done, info)))
        print(f"\nupdated {', '.join(done)} in {path}")
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


def _now() -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())


if __name__ == "__main__":
    sys.exit(main())
