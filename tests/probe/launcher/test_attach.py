"""`qtmcp attach PID`: the probe put into an app that was started without it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from probe import discovery
from probe.client import Client
from probe.launcher.attach import AttachError, attach
from tests.support.app import ROOT, wait_until

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


def _kernel_thread() -> int | None:
    """A kernel thread's pid (no program to read), where this pid namespace shows one."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            flags = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[6])
        except (OSError, IndexError, ValueError):
            continue
        if flags & 0x00200000:  # PF_KTHREAD
            return int(entry.name)
    return None


def test_attach_to_a_process_it_cannot_read_says_why_without_a_traceback() -> None:
    zombie = subprocess.Popen(["true"])  # exits; not reaped until the end: a zombie
    try:
        wait_until(lambda: Path(f"/proc/{zombie.pid}/stat").read_text().rsplit(")", 1)[1]
                   .split()[0] == "Z", what="the zombie")
        done = subprocess.run([sys.executable, "-m", "probe.cli", "attach", str(zombie.pid)],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
        assert f"process {zombie.pid} has exited" in done.stderr
    finally:
        zombie.wait()
    kernel = _kernel_thread()
    if kernel is not None:
        done = subprocess.run([sys.executable, "-m", "probe.cli", "attach", str(kernel)],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
        assert f"cannot read which program process {kernel} runs" in done.stderr


def test_attach_to_an_app_that_exits_meanwhile_says_so_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app quits when the attach has scheduled the probe on its event loop: the
    answer is that it exited, not a long wait asking whether it is frozen. The folder
    of the lines it ran (options, a token among them) is gone afterwards."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "apps" /
                                                 "exits_on_attach.py")],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, env={**os.environ})
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        with pytest.raises(AttachError, match="exited before its probe started"):
            attach(proc.pid, timeout=60)
    finally:
        proc.kill()
        proc.wait(10)
    assert list(tmp_path.iterdir()) == []
