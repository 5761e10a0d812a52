"""Test helpers for exported sessions: start the app with the probe, drive it, close it.

An exported pytest file (``qtmcp export --pytest``) does::

    with launch_app(["python", "-m", "myapp"]) as app:   # a fresh app, probe injected
        app.do("chr.formInput", "mainWindow/form/nameEdit", value="Ada")
        app.expect_property("mainWindow/statusBar/statusLabel", "text", "Saved")

The app runs in its own process, started like ``qtmcp launch`` does; the test talks to
it over the probe's WebSocket. Waits happen on the probe (``qt.wait``), woken by the
app's own events: nothing sleeps. ``QTMCP_APP_COMMAND`` (a shell-style command line)
overrides the command, to run one test against another build of the app.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from probe.client import Client
from probe.launcher.launch import parse_command, spawn, stop_app, wait_for_probe
from probe.replay.export import DEFAULT_TIMEOUT
from probe.replay.replayer import Replayer

#: Seconds an app may take to start its probe.
START_TIMEOUT = 60.0


class AppDriver(Replayer):
    """A started app: its process, a client of its probe, and the replay steps."""

    def __init__(self, proc: subprocess.Popen[Any], client: Any, info: Any,
                 timeout: float = DEFAULT_TIMEOUT) -> None:
        super().__init__(client, timeout)
        self.proc = proc
        self.info = info

    def call(self, method: str, params: dict[str, Any] | None = None) -> Any:
        """Any probe method, for steps written by hand."""
        return self.client.call(method, params)

    def close(self) -> None:
        """Disconnect and end the app (terminate, then kill if it does not go)."""
        try:
            self.client.close()
        finally:
            stop_app(self.proc)


def start(command: str | Sequence[str], *, cwd: str | Path | None = None,
          env: dict[str, str] | None = None) -> subprocess.Popen[Any]:
    """Start the app with the probe injected; it ends with this process (Linux)."""
    target, args, module, python = parse_command(command)
    extra = dict(env or {})
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        extra.setdefault("QT_QPA_PLATFORM", "offscreen")  # no display: run offscreen
    return spawn(target, args, module=module, python=python, env=extra, cwd=cwd,
                 stdin=subprocess.DEVNULL, die_with_parent=True)


@contextmanager
def launch_app(command: str | Sequence[str], *, cwd: str | Path | None = None,
               env: dict[str, str] | None = None, timeout: float = DEFAULT_TIMEOUT,
               start_timeout: float = START_TIMEOUT) -> Iterator[AppDriver]:
    """A fresh app with the probe and a driver connected to it; ended on exit."""
    override = os.environ.get("QTMCP_APP_COMMAND")
    proc = start(override or command, cwd=cwd, env=env)
    try:
        info = wait_for_probe(proc.pid, timeout=start_timeout, proc=proc)
        client = Client.connect(info.url, info.token, name="qtmcp-replay", role="test")
    except BaseException:
        stop_app(proc)
        raise
    driver = AppDriver(proc, client, info, timeout)
    try:
        yield driver
    finally:
        driver.close()
