"""What watching the app's connects (#39 item 2) costs: one connect, on and off.

    python tests/bench/bench_connections.py [--n 7] [--connects 20000]

In one process per run (watching on, then off in another process, interleaved ``n``
times): ``connects`` connections of each kind an app makes (a method of a QObject, a
lambda, a Qt method of another object), made and then disconnected in CPU time; and the
RSS each connection holds while it lives. The disconnect (``signal.disconnect()`` of each
sender) is timed too, per connection it ends: watching lets ended connections go there.
Reported: medians, the added microseconds per connect and the ratio on/off. Target: under
1.3x a bare connect (PySide6 6.11's own connect is ~2 us here; the note is the caller's
code and offset, the slot held weakly and the connection's handle, in one tuple).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

from _common import ROOT, run_bench, table, target

RUN = """
import gc, sys, time
from PySide6.QtWidgets import QApplication, QLabel, QPushButton
app = QApplication([])
from probe.core.data import connect_watch
if sys.argv[1] == "1":
    connect_watch.start()
n = int(sys.argv[2])

def rss():
    with open("/proc/self/status") as fh:
        return next(int(l.split()[1]) for l in fh if l.startswith("VmRSS"))

class Panel(QLabel):
    def on_click(self):
        pass

buttons = [QPushButton() for _ in range(100)]
panel = Panel()
kinds = {"method": lambda b: b.clicked.connect(panel.on_click),
         "lambda": lambda b: b.clicked.connect(lambda: None),
         "qt method": lambda b: b.clicked.connect(panel.clear)}
out = []
for name, make in kinds.items():
    gc.collect()
    before = rss()
    t = time.process_time()
    for i in range(n):
        make(buttons[i % 100])
    spent = time.process_time() - t
    held = rss() - before
    t = time.process_time()
    for b in buttons:
        b.clicked.disconnect()
    ended = time.process_time() - t
    out.append(f"{name} {spent * 1e6 / n:.3f} {held * 1024 / n:.1f} {ended * 1e6 / n:.3f}")
print(";".join(out))
"""


def one_run(on: str, connects: int) -> dict[str, tuple[float, float, float]]:
    proc = subprocess.run([sys.executable, "-c", RUN, on, str(connects)], cwd=ROOT,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
                          capture_output=True, text=True, check=True)
    out: dict[str, tuple[float, float, float]] = {}
    for part in proc.stdout.strip().splitlines()[-1].split(";"):
        *name, us, held, ended = part.split()
        out[" ".join(name)] = (float(us), float(held), float(ended))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=7)
    parser.add_argument("--connects", type=int, default=20_000)
    opts = parser.parse_args()
    runs: dict[str, list[dict[str, tuple[float, float, float]]]] = {"1": [], "0": []}
    for _ in range(opts.n):
        for on in ("1", "0"):  # interleaved: load on the machine hits both alike
            runs[on].append(one_run(on, opts.connects))
    rows = []
    worst = 0.0
    for kind in runs["1"][0]:
        on = statistics.median(r[kind][0] for r in runs["1"])
        off = statistics.median(r[kind][0] for r in runs["0"])
        held_on = statistics.median(r[kind][1] for r in runs["1"])
        held_off = statistics.median(r[kind][1] for r in runs["0"])
        ended_on = statistics.median(r[kind][2] for r in runs["1"])
        ended_off = statistics.median(r[kind][2] for r in runs["0"])
        worst = max(worst, on / off)
        rows.append({"connect": kind, "off us": round(off, 2), "on us": round(on, 2),
                     "added us": round(on - off, 2), "on/off": round(on / off, 3),
                     "bytes held off": round(held_off), "bytes held on": round(held_on),
                     "disconnect off us": round(ended_off, 2),
                     "disconnect on us": round(ended_on, 2)})
    table(f"one connect, CPU us (median of {opts.n} processes, {opts.connects:,} connects "
          "each)", rows)
    target("watching connects", "a connect under 1.3x with watching off",
           f"worst {worst:.3f}x", worst < 1.3)


if __name__ == "__main__":
    run_bench(main)
