"""What an agent pays on third-party apps: readPage characters per visible control, and
the calls of each real task (tests/realapps/tasks.py, the same tasks the tests run).

    python tests/bench/bench_realapps.py [--n 5]

Per app (a Jupyter console, git-cola, the QML task list progress-list): the first
window's chr.readPage text (filter all) in characters, its interactive elements (the
controls a user sees), characters per control, the probe's time for the read (median of
``--n``), and the agent calls the task took. Needs the realapps extra (pip install -e
'.[realapps]') and git.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _common import premise, run_bench, table, target
from tests.realapps import tasks
from tests.support.realapp import RealApp, wait_for_window


def measure(name: str, args: list[str], task: Callable[[tasks.Counting], Any], n: int,
            cwd: Path | None = None) -> dict[str, Any]:
    app = RealApp(args, cwd=cwd)
    try:
        qt = app.client(name="bench")
        wait_for_window(qt, 60)
        if name == "git-cola":  # it reads the repository after showing its window
            tasks.wait_until(lambda: "notes.txt" in qt.call("chr.getPageText")["text"], 30)
        times = []
        page: dict[str, Any] = {}
        for _ in range(n):
            envelope = qt.call_envelope("chr.readPage", {"max_chars": 1_000_000})
            times.append(envelope["meta"]["durationMs"])
            page = envelope["result"]
        chars, controls = len(page["text"]), page["interactive"]
        agent = tasks.Counting(qt)
        task(agent)
        return {"app": name, "readPage_chars": chars, "controls": controls,
                "chars_per_control": chars / max(controls, 1), "nodes": page["nodes"],
                "probe_ms_p50": statistics.median(times), "task_calls": agent.calls}
    finally:
        app.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=5)
    args = parser.parse_args()
    rows = [measure("qtconsole", ["-m", "qtconsole"], tasks.console_task, args.n)]
    with tempfile.TemporaryDirectory(prefix="qtmcp-cola-") as tmp:
        repo = tasks.make_repo(Path(tmp) / "project")
        rows.append(measure("git-cola", ["-m", "cola", "--repo", str(repo)],
                            lambda qt: tasks.git_task(qt, repo), args.n, cwd=repo))
    rows.append(measure("progress-list", ["--allow-eval", "-m", "progress_list"],
                        tasks.tasklist_task, args.n))
    table(f"realapps: readPage and task calls on third-party apps (medians of {args.n})",
          rows)
    premise(all(r["controls"] > 0 for r in rows), "an app showed no controls")
    worst = max(rows, key=lambda r: r["chars_per_control"])
    target("readPage on third-party apps", "under 70 characters per visible control",
           f"worst {worst['chars_per_control']:.1f} ({worst['app']})",
           worst["chars_per_control"] < 70)


if __name__ == "__main__":
    run_bench(main)
