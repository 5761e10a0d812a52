"""Run an unmodified PySide6 app with the probe in it, and find probes that run.

``qtmcp launch app.py args`` installs the probe in this very process (before the app
creates its QApplication) and then runs the script as ``__main__``, so the app needs
no change and its argv, exit code and exceptions are its own.
"""

from __future__ import annotations

import importlib.util
import os
import runpy
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import probe
from probe import discovery
from probe.launcher.interrupt import quit_on_signals


def run_in_process(target: str, args: list[str], *, module: bool = False,
                   **options: Any) -> None:
    """Install the probe, then run ``target`` (a script path or, with module, a module).

    Ctrl+C and SIGTERM quit the app's event loop (:mod:`probe.launcher.interrupt`), so it
    ends as if its window closed: exit handlers run, the discovery file goes.
    """
    if module:
        try:
            found = importlib.util.find_spec(target)
        except (ImportError, ValueError):  # a parent package is missing, or a bad name
            found = None
        if found is None:
            raise SystemExit(f"qtmcp launch: no module named {target!r} for {sys.executable}"
                             " (is the app installed in this Python? a script: qtmcp "
                             "launch path/to/app.py)")
        sys.argv = [target, *args]
    else:
        path = Path(target)
        if not path.is_file():
            raise SystemExit(f"qtmcp launch: no such script: {target}")
        sys.argv = [str(path), *args]
        sys.path.insert(0, str(path.resolve().parent))
    probe.install(**{k: v for k, v in options.items() if v is not None})
    quit_on_signals()
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


class LaunchError(RuntimeError):
    """No Python to run the target with (a frozen inspector has none of its own)."""


def interpreter_for(target: str, *, module: bool = False) -> str:
    """The Python that runs ``target`` with the probe.

    Normally this one. A frozen (PyInstaller) inspector's ``sys.executable`` is the
    inspector binary, not a Python, so it uses ``$QTMCP_PYTHON``, else the script's
    ``#!`` interpreter (the app's own venv), else ``python3``/``python`` on PATH — and
    checks that it can import the probe, so the user sees why instead of a dead child.
    """
    if not getattr(sys, "frozen", False):
        return sys.executable
    candidates = [os.environ.get("QTMCP_PYTHON") or ""]
    if not module:
        candidates.append(_shebang_python(Path(target)) or "")
    candidates += [shutil.which("python3") or "", shutil.which("python") or ""]
    tried: list[str] = []
    for python in dict.fromkeys(c for c in candidates if c):
        tried.append(python)
        try:
            ok = subprocess.run([python, "-c", "import probe.cli"], capture_output=True,
                                env=child_env(), timeout=30).returncode == 0
        except (OSError, subprocess.TimeoutExpired):
            ok = False
        if ok:
            return python
    raise LaunchError(
        "this inspector is a standalone build and has no Python of its own to run "
        f"{target}: none of {tried or ['python3 on PATH']} can import the qtmcp probe. "
        "Install qtmcp into the app's Python (pip install qtmcp) and put it on PATH, "
        "or set QTMCP_PYTHON=/path/to/python.")


def child_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for a child Python: without a frozen build's bundled library paths
    (PyInstaller points LD_LIBRARY_PATH and Qt's paths into its bundle; another
    PySide6 would load the wrong Qt)."""
    env = dict(os.environ)
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        for name in ("LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH"):
            original = env.pop(name + "_ORIG", None)
            if original is not None:
                env[name] = original
            elif bundle in env.get(name, ""):
                env.pop(name)
        for name in ("QT_PLUGIN_PATH", "QML2_IMPORT_PATH", "QML_IMPORT_PATH",
                     "QT_QPA_PLATFORM_PLUGIN_PATH"):
            if bundle in env.get(name, ""):
                env.pop(name)
    return {**env, **(extra or {})}


def _shebang_python(script: Path) -> str | None:
    """The interpreter named by the script's ``#!`` line, if it is a Python."""
    try:
        with script.open("rb") as fh:
            first = fh.readline(256).decode("utf-8", "replace").strip()
    except OSError:
        return None
    if not first.startswith("#!"):
        return None
    words = first[2:].split()
    if words and Path(words[0]).name == "env":
        words = [w for w in words[1:] if not w.startswith("-")]
        return shutil.which(words[0]) if words and "python" in words[0] else None
    return words[0] if words and "python" in Path(words[0]).name else None


def spawn(target: str, args: list[str] | None = None, *, module: bool = False,
          env: dict[str, str] | None = None, python: str | None = None,
          die_with_parent: bool = False, **popen: Any) -> subprocess.Popen[Any]:
    """Start ``target`` with the probe in a child process (``qtmcp launch`` under the hood).

    ``die_with_parent`` (Linux) ends the app when this process ends, however it ends,
    even while a Qt event loop keeps Python signal handlers from running.
    """
    if die_with_parent and sys.platform.startswith("linux"):
        popen.setdefault("preexec_fn", _die_with_parent)
    cmd = [python or interpreter_for(target, module=module), "-m", "probe.cli", "launch"]
    cmd += ["-m", target] if module else [target]
    cmd += list(args or [])
    return subprocess.Popen(cmd, env=child_env(env), **popen)


def wait_for_probe(pid: int, timeout: float = 20.0,
                   proc: subprocess.Popen[Any] | None = None) -> discovery.ProbeInfo:
    """Wait until the process ``pid`` has written its discovery file; return it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        # first: a child that died is a zombie whose pid still looks alive to discovery
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"process {pid} exited with {proc.returncode} before its "
                               "probe started")
        found = discovery.find(pid=pid)
        if found:
            return found[0]
        time.sleep(0.05)
    raise TimeoutError(f"no probe from pid {pid} within {timeout} s (looked in "
                       f"{discovery.runtime_dir()})")


def parse_command(command: str | Sequence[str]) -> tuple[str, list[str], bool, str | None]:
    """``(target, args, is_module, python)`` of ``[python] [-m] target args``.

    A bare ``python``/``python3`` means this interpreter (the one qtmcp is installed
    in, so the probe imports); a path names that interpreter. ValueError when no script
    or module is given.
    """
    import shlex

    cmd = shlex.split(command) if isinstance(command, str) else list(command)
    python: str | None = None
    if cmd and Path(cmd[0]).name.startswith("python") and not cmd[0].endswith(".py"):
        first = cmd.pop(0)
        python = first if os.sep in first else None
    module = bool(cmd) and cmd[0] == "-m"
    if module:
        cmd.pop(0)
    if not cmd:
        raise ValueError(f"no script or module to start in {command!r} (give 'python app.py' "
                         "or 'python -m package.app')")
    return cmd[0], cmd[1:], module, python


def stop_app(proc: subprocess.Popen[Any]) -> None:
    """Stop an app we started: terminate, then kill if it does not go."""
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)
