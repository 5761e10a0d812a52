"""Run an unmodified PySide6 app with the probe in it, and find probes that run.

``qtmcp launch app.py args`` installs the probe in this very process (before the app
creates its QApplication) and then runs the script as ``__main__``, so the app needs
no change and its argv, exit code and exceptions are its own.
"""

from __future__ import annotations

import os
import runpy
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from probe import discovery


def run_in_process(target: str, args: list[str], *, module: bool = False,
                   **options: Any) -> None:
    """Install the probe, then run ``target`` (a script path or, with module, a module)."""
    import probe

    if module:
        sys.argv = [target, *args]
    else:
        path = Path(target)
        if not path.is_file():
            raise SystemExit(f"qtmcp launch: no such script: {target}")
        sys.argv = [str(path), *args]
        sys.path.insert(0, str(path.resolve().parent))
    probe.install(**{k: v for k, v in options.items() if v is not None})
    if module:
        runpy.run_module(target, run_name="__main__", alter_sys=True)
    else:
        runpy.run_path(sys.argv[0], run_name="__main__")


def _die_with_parent() -> None:
    """In the child, before exec: ask Linux to SIGTERM us when the parent dies."""
    import ctypes
    import signal

    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def spawn(target: str, args: list[str] | None = None, *, module: bool = False,
          env: dict[str, str] | None = None, python: str | None = None,
          die_with_parent: bool = False, **popen: Any) -> subprocess.Popen[Any]:
    """Start ``target`` with the probe in a child process (``qtmcp launch`` under the hood).

    ``die_with_parent`` (Linux) ends the app when this process ends, however it ends,
    even while a Qt event loop keeps Python signal handlers from running.
    """
    if die_with_parent and sys.platform.startswith("linux"):
        popen.setdefault("preexec_fn", _die_with_parent)
    cmd = [python or sys.executable, "-m", "probe.cli", "launch"]
    cmd += ["-m", target] if module else [target]
    cmd += list(args or [])
    return subprocess.Popen(cmd, env={**os.environ, **(env or {})}, **popen)


def wait_for_probe(pid: int, timeout: float = 20.0,
                   proc: subprocess.Popen[Any] | None = None) -> discovery.ProbeInfo:
    """Wait until the process ``pid`` has written its discovery file; return it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = discovery.find(pid=pid)
        if found:
            return found[0]
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"process {pid} exited with {proc.returncode} before its "
                               "probe started")
        time.sleep(0.05)
    raise TimeoutError(f"no probe from pid {pid} within {timeout} s (looked in "
                       f"{discovery.runtime_dir()})")
