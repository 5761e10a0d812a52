"""Start-up of the probe in every kind of app through every entry path: seconds from the
start of the app (install, launch) or of ``qtmcp attach`` (attach) until the probe answers
``qt.version``; beside it the app alone (until it prints ``ready``) as the baseline.

    python tests/bench/bench_kinds_startup.py [--n 3]

The apps are the form of tests/probe/launcher/test_qt_kinds.py: PySide6 and PyQt6
(tests/apps/form.py)
and the C++ one (tests/apps/cppform, built against the system's Qt); tests/support/qtkinds.py
prepares PyQt6, the PySide6 runtimes and the build first (once).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from _common import ROOT, premise, run_bench, summary, table, target
from probe.bootstrap import runtime
from probe.client import Client
from probe.launcher.launch import wait_for_probe
from tests.support.qtkinds import PYQT6_QT, cpp_app, cpp_release, pyqt6_dir

FORM = ROOT / "tests" / "apps" / "form.py"
CLI = [sys.executable, "-m", "probe.cli"]


def _serving(proc: subprocess.Popen[bytes], t0: float) -> float:
    info = wait_for_probe(proc.pid, 120, proc)
    with Client.connect(info.url, info.token) as qt:
        qt.call("qt.version")
    return time.perf_counter() - t0


def _ready(proc: subprocess.Popen[bytes]) -> None:
    assert proc.stdout is not None
    for line in proc.stdout:
        if b"ready" in line:
            return
    raise RuntimeError(f"the app exited with {proc.wait()} before it was ready")


def _start(cmd: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, **env}, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.kill()
    proc.wait(10)


def measure(app: list[str], env: dict[str, str], how: str) -> float:
    """Seconds for one start of ``app`` through ``how`` (plain, install, launch, attach)."""
    target = app[1:] if app[0] == sys.executable else app  # launch runs scripts itself
    cmd = {"install": [*app, "--install"], "launch": [*CLI, "launch", *target]}.get(how, app)
    t0 = time.perf_counter()
    proc = _start(cmd, env)
    try:
        if how == "plain":
            _ready(proc)
            return time.perf_counter() - t0
        if how != "attach":
            return _serving(proc, t0)
        _ready(proc)
        t0 = time.perf_counter()
        subprocess.run([*CLI, "attach", str(proc.pid)], cwd=ROOT, check=True,
                       capture_output=True, timeout=120)
        return _serving(proc, t0)
    finally:
        _stop(proc)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=3)
    n = ap.parse_args().n
    pyqt6 = {"PYTHONPATH": str(pyqt6_dir()), "FORM_BINDING": "PyQt6"}
    runtime.prepare(PYQT6_QT)
    cpp = cpp_app()
    runtime.prepare(cpp_release(cpp))
    kinds: list[tuple[str, list[str], dict[str, str], tuple[str, ...]]] = [
        ("PySide6", [sys.executable, str(FORM)], {"FORM_BINDING": "PySide6"},
         ("plain", "install", "launch", "attach")),
        ("PyQt6", [sys.executable, str(FORM)], pyqt6, ("plain", "install", "launch", "attach")),
        ("C++", [str(cpp)], {}, ("plain", "launch", "attach")),
    ]
    rows = []
    for kind, app, env, paths in kinds:
        for how in paths:
            s = summary([measure(app, env, how) for _ in range(n)])
            rows.append({"app": kind, "entry": how, "p50_s": s["p50"], "min_s": s["min"],
                         "n": s["n"]})
    table("probe start-up per app kind and entry path (s; attach: from qtmcp attach)", rows)
    premise(len(rows) == sum(len(k[3]) for k in kinds), "an app kind or entry path did not run")
    worst = max((r for r in rows if r["entry"] != "plain"), key=lambda r: r["p50_s"])
    target("probe start-up, every app kind and entry path", "the probe answers within 3 s "
           "(attach: of qtmcp attach)", f"slowest {worst['p50_s']:.2f} s ({worst['app']} "
           f"{worst['entry']})", worst["p50_s"] <= 3)


if __name__ == "__main__":
    run_bench(main)
