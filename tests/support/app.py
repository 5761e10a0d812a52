"""The demo app with the probe, in a subprocess: start it, talk to its control channel,
wait on conditions. Shared by the tests, the real-app tests and the benchmarks."""


from __future__ import annotations

import atexit
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Tests never need a display; set before anything imports Qt.
os.environ["QT_QPA_PLATFORM"] = "offscreen"
# One folder holds every folder of this run and, through TMPDIR, every temporary file of
# the apps, launchers and tools it starts; the process removes it when it ends
# (remove_at_exit). Before, each run left some 30 folders in /tmp (a real app's HOME, a
# file dialog's folder, a discovery folder...). This process's own temporary files, pytest's
# tmp_path among them, stay where they were (gettempdir() is read before TMPDIR is set).
os.environ["TMPDIR"] = tempfile.mkdtemp(prefix="qtmcp-test-", dir=tempfile.gettempdir())
# Folders of this run (the discovery folder; the name maps and the inspector's layout the
# tests save, never into the user's config). A pytest-xdist worker inherits the controller's
# environment: it makes its own, so one worker's probes never show in another's discovery.
os.environ.update({
    var: ("PYTEST_XDIST_WORKER" not in os.environ and os.environ.get(var))
    or tempfile.mkdtemp(prefix=f"{kind}-", dir=os.environ["TMPDIR"])
    for var, kind in (("QTMCP_RUNTIME_DIR", "run"), ("QTMCP_NAMES_DIR", "names"),
                      ("QTMCP_SETTINGS_DIR", "settings"))})
# The user's config folder, as every process of the run sees it: a folder of this run with
# a user's inspector settings in it, which the run must leave byte-identical (a check on
# the real ~/.config would see other programs' writes too).
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="user-config-",
                                                  dir=os.environ["TMPDIR"])
os.environ["QTMCP_QUIET"] = "1"
# PySide6 runtimes, PyQt6 and the C++ app the tests prepare: in this tree, never in ~/.cache.
os.environ.setdefault("QTMCP_CACHE", str(Path(__file__).resolve().parents[2] / ".cache" /
                                         "qtmcp"))

from probe import discovery
from probe.client import Client
from probe.launcher.launch import wait_for_probe
from tests.support import faultgate

ROOT = Path(__file__).resolve().parents[2]
#: The folder of this run (see above).
RUN_TEMP = os.environ["TMPDIR"]
ARTIFACTS = ROOT / "tests" / "artifacts"
#: The user's inspector settings as QSettings("qtmcp", "inspector") finds them in this run.
USER_SETTINGS = Path(os.environ["XDG_CONFIG_HOME"]) / "qtmcp" / "inspector.conf"


def remove_at_exit(folder: str | Path) -> None:
    """Remove ``folder`` with all it holds when this process ends (a pytest worker, the
    controller or a bench: each runs its exit handlers), never from a forked child."""
    atexit.register(_remove, folder, os.getpid())


def _remove(folder: str | Path, owner: int) -> None:
    if os.getpid() == owner:
        shutil.rmtree(folder, ignore_errors=True)


remove_at_exit(RUN_TEMP)


def wait_until(predicate: Callable[[], Any], timeout: float = 10.0, what: str = "condition",
               interval: float = 0.02) -> Any:
    """Wait on a condition (never a bare sleep); fail saying what was awaited."""
    deadline = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < deadline:
        last = predicate()
        if last:
            return last
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}; last: {last!r}")


def rss_kib(pid: int) -> int:
    """Resident memory of a process in KiB (what a leak test compares)."""
    with open(f"/proc/{pid}/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


#: The apps the tests started that have not been stopped yet: a failing test reports the
#: ones that died (tests/conftest.py), so a crash in the app shows its traceback.
RUNNING: weakref.WeakSet[DemoApp] = weakref.WeakSet()


class DemoApp:
    """A running demo app process with the probe, its control channel and its stderr."""

    def __init__(self, proc: subprocess.Popen[str], info: discovery.ProbeInfo) -> None:
        self.proc = proc
        self.info = info
        self.pid = proc.pid
        self._lines: queue.Queue[str] = queue.Queue()
        self.stderr_lines: list[str] = []
        self._clients: list[Client] = []
        self._death_told = False
        RUNNING.add(self)
        self.gated = faultgate.active()
        threading.Thread(target=self._pump_out, daemon=True).start()
        threading.Thread(target=self._pump_err, daemon=True).start()

    def _pump_out(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line.rstrip("\n"))

    def _pump_err(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.stderr_lines.append(line.rstrip("\n"))

    @property
    def url(self) -> str:
        return self.info.url

    @property
    def token(self) -> str | None:
        return self.info.token

    @property
    def inspector_token(self) -> str | None:
        return self.info.inspector_token

    def client(self, name: str = "pytest", role: str = "test") -> Client:
        """A client; role ``inspector`` connects with the inspector token."""
        token = self.inspector_token if role == "inspector" else self.token
        c = Client.connect(self.url, token, name=name, role=role)
        self._clients.append(c)
        return c

    def command(self, cmd: str, timeout: float = 15.0) -> str:
        """Send a control command to the app (runs on its GUI thread); return its reply."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()
        return self.expect_line(lambda line: line.endswith(cmd) or cmd in line, timeout)

    def send_command(self, cmd: str) -> None:
        """Send a control command without waiting for its reply (e.g. ``freeze 3``)."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()

    def expect_line(self, predicate: Callable[[str], bool], timeout: float = 15.0) -> str:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError("no matching line from the app's stdout")
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                continue
            if predicate(line):
                return line

    def alive(self) -> bool:
        return self.proc.poll() is None

    def death(self) -> str | None:
        """How the app died under a test (its exit code and the end of its stderr, where
        faulthandler writes), once; None while it runs or after a clean exit."""
        code = self.proc.poll()
        if code is None or code == 0 or self._death_told:
            return None
        self._death_told = True
        noise = "This plugin does not support"
        tail = [line for line in self.stderr_lines if noise not in line][-40:]
        return "\n".join([f"app {self.pid} died with exit code {code}; its stderr ends:", *tail])

    def stop(self) -> None:
        """Stop the app; with the fault gate on, fail when the probe met faults in it."""
        faults = faultgate.verdict(self.url, self.token) if self.gated and self.alive() \
            else None
        self._stop()
        assert faults is None, faults

    def _stop(self) -> None:
        RUNNING.discard(self)
        told = self.death()
        if told:
            print(told)
        for c in self._clients:
            try:
                c.close()
            except Exception:  # noqa: BLE001 - the app may be gone already
                pass
        if self.proc.poll() is None:
            try:
                self.send_command("quit")
                self.proc.wait(10)
            except (OSError, subprocess.TimeoutExpired, ValueError):
                self.proc.kill()
                self.proc.wait(10)


def start_demo(*args: str, launch: bool = False, env: dict[str, str] | None = None,
               module: str = "resources.demo_app") -> DemoApp:
    """Start the demo app with the probe: ``--probe`` (install()) or via ``qtmcp launch``."""
    if launch:
        cmd = [sys.executable, "-m", "probe.cli", "launch", "-m", module, "--control-stdin",
               *args]
    else:
        cmd = [sys.executable, "-m", module, "--probe", "--control-stdin", *args]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, bufsize=1,
                            env={"PYTHONFAULTHANDLER": "1", **os.environ, **(env or {})})
    try:
        info = wait_for_probe(proc.pid, timeout=30, proc=proc)
    except (RuntimeError, TimeoutError):
        proc.kill()
        err = proc.stderr.read() if proc.stderr else ""
        raise RuntimeError(f"demo app did not start its probe: {err[-2000:]}") from None
    app = DemoApp(proc, info)
    app.expect_line(lambda line: line.strip() == "ready", timeout=30)
    return app


#: The app hardening and job tests start (a churning panel, dialogs, spinning slots).
HARDENING_APP = "tests.apps.hardening_app"


def serving(app: DemoApp) -> None:
    """The app is alive and serves: a ping, and a page read of its window."""
    c = Client.connect(app.url, app.token, name="alive-check", role="test")
    try:
        assert c.call("qt.ping")["pong"] is True
        assert c.call("chr.readPage", {"filter": "interactive"})["nodes"] > 0
    finally:
        c.close()
    assert app.alive()
