"""What qt.problems finds in third-party apps, and how many of their elements have a
known source line.

    python tests/bench/bench_realapps_problems.py [--apps qtconsole,git-cola,...]

Per app (launched unmodified with ``qtmcp launch``, as tests/realapps does): the problems
of each kind in its first window, how many of them carry a source line, the probe's time
for the report, and of the elements of a chr.readPage (filter all) how many map to a
``file:line`` (``source: true``). Needs the realapps extra (pip install -e '.[realapps]').
"""

from __future__ import annotations

import argparse
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from _common import premise, run_bench, table, target
from probe.exceptions import RemoteError
from tests.realapps import tasks
from tests.support.realapp import RealApp, wait_for_window


def measure(name: str, args: list[str], cwd: Path | None = None) -> dict[str, Any]:
    app = RealApp(args, cwd=cwd)
    try:
        qt = app.client(name="bench")
        for _ in range(10):  # a loaded machine: the app may still be busy starting
            try:
                wait_for_window(qt, 60)
                break
            except RemoteError as exc:
                if exc.name != "APP_BUSY":
                    raise
        if name == "git-cola":  # it reads the repository after showing its window
            tasks.wait_until(lambda: "notes.txt" in qt.call("chr.getPageText")["text"], 30)
        env = qt.call_envelope("qt.problems", {"limit": 10000})
        report = env["result"]
        page = qt.call("chr.readPage", {"source": True, "max_chars": 1_000_000})
        refs = len({ref for ref, _, _ in tasks.refs_of(page["text"])})
        located = Counter("known" if (p.get("source") or {}).get("file") else
                          ("near" if (p.get("source") or {}).get("near") else "unknown")
                          for p in report["problems"])
        files = Counter(str(w).split(":")[0].rsplit("/", 1)[-1]
                        for w in page["sources"].values())
        return {"app": name, "problems": report["total"],
                "by kind": ", ".join(f"{k} {n}" for k, n in sorted(report["counts"].items())),
                "problem sources known/near/unknown":
                    f"{located['known']}/{located['near']}/{located['unknown']}",
                "report ms": round(env["meta"]["durationMs"], 1),
                "elements with a source": f"{len(page['sources'])}/{refs}",
                "top files": ", ".join(f"{f} {n}" for f, n in files.most_common(3))}
    finally:
        app.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--apps", default="qtconsole,git-cola,progress-list,parametertree")
    wanted = parser.parse_args().apps.split(",")
    rows = []
    if "qtconsole" in wanted:
        rows.append(measure("qtconsole", ["-m", "qtconsole"]))
    if "git-cola" in wanted:
        with tempfile.TemporaryDirectory(prefix="qtmcp-cola-") as tmp:
            repo = tasks.make_repo(Path(tmp) / "project")
            rows.append(measure("git-cola", ["-m", "cola", "--repo", str(repo)], cwd=repo))
    if "progress-list" in wanted:
        rows.append(measure("progress-list", ["-m", "progress_list"]))
    if "parametertree" in wanted:
        rows.append(measure("parametertree", ["-m", "pyqtgraph.examples.parametertree"]))
    for row in rows:
        table(f"qt.problems on {row['app']}", [row])
    premise(bool(rows), "no app was measured")
    unknown = sum(int(r["problem sources known/near/unknown"].split("/")[2]) for r in rows)
    total = sum(r["problems"] for r in rows)
    target("qt.problems on third-party apps", "every problem found carries its source line",
           f"{total - unknown}/{total} with a source", unknown == 0)


if __name__ == "__main__":
    run_bench(main)
