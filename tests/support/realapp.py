"""Start third-party apps (and our quirks apps) with the probe, as ``qtmcp launch`` does.

The apps are unmodified: ``python -m probe.cli launch [-m] target args`` installs the
probe in the app's own process and runs it as ``__main__``. Each app gets a HOME of its
own (git-cola and Jupyter write settings there) and is stopped with SIGTERM, then killed.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import PySide6  # the package only (no Qt library): the release the apps will load
import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from probe.launcher.launch import wait_for_probe
from tests.support import faultgate
from tests.support.app import RUN_TEMP, wait_until


def skip_if_star_import_crashes() -> None:
    """Skip on PySide6 6.8.0 and 6.8.0.1, where a star import of PySide6.QtCore segfaults
    (PYSIDE-2888) with or without the probe: an app that does one (qtpy: git-cola) cannot
    start there at all."""
    if PySide6.__version__ in ("6.8.0", "6.8.0.1"):
        pytest.skip(f"PySide6 {PySide6.__version__}: a star import of PySide6.QtCore "
                    "segfaults (PYSIDE-2888), so qtpy apps die at start, probe or not")


#: Seconds an app has to end on SIGTERM before it is killed. Apps that end do so in 1-2.2 s
#: (load 9); qtconsole (none in 40 s) and Vorta never did under launch, so each cost the
#: whole grace (10 s before: 16 s of test_apps' teardown, 31 s of test_more_apps' after
#: its random runs). Nothing is checked after the SIGTERM (the fault verdict is before).
STOP_GRACE = 4.0


class RealApp:
    """A running third-party app with the probe in it."""

    def __init__(self, args: list[str], env: dict[str, str] | None = None,
                 cwd: Path | None = None) -> None:
        self.home = tempfile.mkdtemp(prefix="qtmcp-realapp-home-", dir=RUN_TEMP)
        # a link the app opens goes nowhere (xdg-open's generic mode runs $BROWSER)
        full_env = {**os.environ, "HOME": self.home, "QT_API": "pyside6",
                    "QT_QPA_PLATFORM": "offscreen", "BROWSER": "true", **(env or {})}
        # the app's settings live in its HOME (the suite points XDG_CONFIG_HOME elsewhere),
        # whose config folder exists, as a user's does
        full_env["XDG_CONFIG_HOME"] = os.path.join(full_env["HOME"], ".config")
        os.makedirs(full_env["XDG_CONFIG_HOME"], exist_ok=True)
        cmd = [sys.executable, "-m", "probe.cli", "launch", *args]
        self.log = tempfile.TemporaryFile(mode="w+")
        # the working folder is the app's own HOME, never the repository: a random run's
        # file dialog opens there, and its 'New Folder' or a rename landed in the tree
        self.proc = subprocess.Popen(cmd, cwd=cwd or self.home, stdin=subprocess.DEVNULL,
                                     stdout=self.log, stderr=subprocess.STDOUT, text=True,
                                     env=full_env, start_new_session=True)
        try:
            self.info = wait_for_probe(self.proc.pid, timeout=60, proc=self.proc)
        except (RuntimeError, TimeoutError):
            self.stop()
            raise RuntimeError(f"{args} did not start its probe:\n{self.output()}") from None
        self._clients: list[Client] = []
        self.gated = faultgate.active()

    def client(self, name: str = "agent", role: str = "agent") -> Client:
        c = Client.connect(self.info.url, self.info.token, name=name, role=role)
        self._clients.append(c)
        return c

    def alive(self) -> bool:
        return self.proc.poll() is None

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read()[-4000:]

    def stop(self) -> None:
        """Stop the app; with the fault gate on, fail when the probe met faults in it."""
        faults = faultgate.verdict(self.info.url, self.info.token) \
            if getattr(self, "gated", False) and self.alive() else None
        self._stop()
        assert faults is None, faults

    def _stop(self) -> None:
        for c in getattr(self, "_clients", []):
            try:
                c.close()
            except Exception:  # noqa: BLE001 - the app may be gone already
                pass
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)  # the app and its kernel, if any
                self.proc.wait(STOP_GRACE)
            except (OSError, subprocess.TimeoutExpired):
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        self.log.close()


def start(*args: str, **kwargs: Any) -> Iterator[RealApp]:
    app = RealApp(list(args), **kwargs)
    try:
        yield app
    finally:
        app.stop()


def wait_for_window(qt: Client, timeout: float = 30.0) -> dict[str, Any]:
    """The first readPage once the app shows a window with something to act on."""
    def ready() -> dict[str, Any] | None:
        try:
            page = qt.call("chr.readPage", {"filter": "interactive"})
        except RemoteError as exc:
            # no window yet, or the GUI thread still building it (a first read of a big
            # window takes over a second on a loaded machine)
            if exc.name in ("WINDOW_NOT_FOUND", "APP_BUSY"):
                return None
            raise
        return page if page["interactive"] else None

    return wait_until(ready, timeout, "a window with interactive elements")


def client_of(args: list[str], env: dict[str, str] | None = None) -> Iterator[Client]:
    """An agent's client of the app ``args`` starts (``qtmcp launch``), once its window
    shows something to act on; the app stops after (for ``yield from`` in a fixture)."""
    app = RealApp(args, env)
    try:
        client = app.client()
        wait_for_window(client)
        yield client
    finally:
        app.stop()
