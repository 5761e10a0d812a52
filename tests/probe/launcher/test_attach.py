"""`qtmcp attach PID`: the probe put into an app that was started without it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator

import pytest

from probe import discovery
from probe.client import Client
from probe.launcher.attach import AttachError, attach
from tests.support.app import ROOT

pytestmark = pytest.mark.skipif(shutil.which("gdb") is None, reason="needs gdb")


@pytest.fixture
def plain_app() -> Iterator[subprocess.Popen[str]]:
    """The demo app with no probe in it, its event loop running."""
    proc = subprocess.Popen([sys.executable, "-m", "resources.demo_app", "--control-stdin"],
                            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, bufsize=1,
                            env={**os.environ})
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready"
    yield proc
    proc.kill()
    proc.wait(10)


def test_attach_puts_a_working_probe_into_a_running_app(
        plain_app: subprocess.Popen[str]) -> None:
    assert not discovery.find(pid=plain_app.pid)
    result = subprocess.run([sys.executable, "-m", "probe.cli", "attach",
                             str(plain_app.pid)], capture_output=True, text=True, timeout=90)
    assert result.returncode == 0, result.stderr
    assert f"pid {plain_app.pid}" in result.stdout
    (info,) = discovery.find(pid=plain_app.pid)
    with Client.connect(info.url, info.token) as qt:
        assert qt.call("qt.version")["pid"] == plain_app.pid
        qt.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": "Ada"})
        assert qt.call("qt.properties.get", {"objectId": "nameEdit",
                                             "name": "text"})["value"] == "Ada"
    assert attach(plain_app.pid).url == info.url  # a second attach finds the same probe
    assert plain_app.poll() is None


def test_attach_refuses_what_it_cannot_do() -> None:
    with pytest.raises(AttachError, match="no process"):
        attach(2**22 + 4321)
    sleeper = subprocess.Popen(["sleep", "60"])
    try:
        with pytest.raises(AttachError, match="has not loaded Qt 6"):
            attach(sleeper.pid)
    finally:
        sleeper.kill()
        sleeper.wait()
    bare = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        with pytest.raises(AttachError, match="has not imported PySide6"):
            attach(bare.pid, timeout=60)
    finally:
        bare.kill()
        bare.wait()
