"""Typing time against text length: linear, not quadratic.

    python tests/bench/bench_typing.py [--n 5]

``qt.ui.type`` into the demo's QPlainTextEdit (notes, with a newline every 40
characters: each is a Return key) and QLineEdit (name), for 1,000, 10,000 and 100,000
characters; the call answers once the app has processed every key event. Each key
event makes a text field copy its whole text, so one event per character costs time
quadratic in the length (100,000 characters kept the GUI thread busy for minutes);
long texts are now typed in chunks. Target: the time per character at 100,000 within
3x of that at 1,000 (linear), medians of ``--n`` runs.
"""

from __future__ import annotations

import argparse
import statistics
import time

from _common import demo_app, run_bench, table, target

LENGTHS = (1_000, 10_000, 100_000)


def text_of(length: int, lines: bool) -> str:
    unit = ("x" * 39 + "\n") if lines else "abcdefgh"
    return (unit * (length // len(unit) + 1))[:length]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=5)
    n = ap.parse_args().n
    rows = []
    per_char: dict[tuple[str, int], float] = {}
    with demo_app() as app:
        qt = app.client("bench-typing")
        for target_name, prop, lines in (("notesEdit", "plainText", True),
                                         ("nameEdit", "text", False)):
            for length in LENGTHS:
                text = text_of(length, lines)
                times = []
                for _ in range(n):
                    qt.call("qt.properties.set", {"objectId": target_name, "name": prop,
                                                  "value": ""})
                    t0 = time.perf_counter()
                    qt.call("qt.ui.type", {"target": target_name, "text": text,
                                           "timeout": 120})
                    times.append((time.perf_counter() - t0) * 1000)
                typed = qt.call("qt.properties.get", {"objectId": target_name,
                                                      "name": prop})["value"]
                assert typed == text[:32767 if target_name == "nameEdit" else None]
                ms = statistics.median(times)
                per_char[(target_name, length)] = ms * 1000 / length
                rows.append({"widget": target_name, "chars": length, "p50 ms": round(ms, 1),
                             "us/char": round(ms * 1000 / length, 2)})
    table("qt.ui.type: time against text length (medians)", rows)
    for widget in ("notesEdit", "nameEdit"):
        ratio = per_char[(widget, LENGTHS[-1])] / per_char[(widget, LENGTHS[0])]
        target(f"typing into {widget}", "us/char at 100,000 within 3x of 1,000",
               f"{ratio:.2f}x", ratio <= 3.0,
               "below 1x: fixed costs (focus, settle) spread over more characters")


if __name__ == "__main__":
    run_bench(main)
