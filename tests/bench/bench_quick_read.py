"""chr.readPage and chr.tabsContext on the Qt Quick conformance window (every Qt Quick
Controls type, tests/conformance/quick_app.qml), and with a modal Dialog open.

    python tests/bench/bench_quick_read.py [--n 30]

Each call is timed from the client (send to answer); qt.ping runs in the same run as the
peer, so ``x_ping`` is each read's median over the ping's. Names, values and states of
Quick Controls are read from their properties (the accessible interface is empty without
a screen reader): this shows what that costs per read.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from _common import (  # first: it puts the repo on sys.path
    premise,
    run_bench,
    summary,
    table,
    target,
    timed,
)

# isort: split
from tests.support.chrome import ref_of
from tests.support.realapp import RealApp, wait_for_window

APP = Path(__file__).resolve().parent.parent / "conformance" / "quick_app.py"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=30)
    n = parser.parse_args().n
    folder = tempfile.mkdtemp(prefix="qtmcp-bench-quick-")
    app = RealApp([str(APP), folder])
    try:
        qt = app.client()
        wait_for_window(qt)
        ping = timed(lambda: qt.call("qt.ping"), n, warmup=3)
        base = statistics.median(ping)
        rows = [{"call": "qt.ping (peer)", **summary(ping), "x_ping": 1.0}]
        for label, params in (("chr.readPage", {}),
                              ("chr.readPage interactive", {"filter": "interactive"})):
            values = timed(lambda p=params: qt.call("chr.readPage", p), n, warmup=3)
            rows.append({"call": label, **summary(values),
                         "x_ping": statistics.median(values) / base})
        values = timed(lambda: qt.call("chr.tabsContext"), n, warmup=3)
        rows.append({"call": "chr.tabsContext", **summary(values),
                     "x_ping": statistics.median(values) / base})
        page = qt.call("chr.readPage", {"filter": "interactive"})
        qt.call("chr.click", {"ref": ref_of(page, "Delete item", "button")})
        values = timed(lambda: qt.call("chr.readPage", {}), n, warmup=3)
        rows.append({"call": "chr.readPage, modal Dialog open", **summary(values),
                     "x_ping": statistics.median(values) / base})
        shown = qt.call("chr.readPage", {})["text"]
        elements = len(shown.splitlines())
        table(f"Qt Quick conformance window ({elements} lines), ms", rows)
        premise(elements > 50, f"the window read as {elements} lines")
        premise("dialog" in shown, "the modal Dialog did not open")
        worst = max(r["x_ping"] for r in rows if r["call"].startswith("chr.readPage"))
        target("chr.readPage, Qt Quick conformance window", "at most 50x a qt.ping",
               f"worst {worst:.1f}x", worst <= 50)
    finally:
        app.stop()


if __name__ == "__main__":
    run_bench(main)
