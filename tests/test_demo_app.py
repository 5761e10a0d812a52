"""The demo app as the tests drive it: its control channel."""

from __future__ import annotations

import subprocess
import sys

from tests.support.app import ROOT


def test_the_demo_quits_when_its_control_channel_closes() -> None:
    """A test run that dies leaves no demo app behind: the end of the control channel
    (stdin) quits the app, so orphans never pile up and burn the machine's CPU."""
    proc = subprocess.Popen([sys.executable, "-m", "resources.demo_app", "--control-stdin"],
                            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None and proc.stdin is not None
        assert proc.stdout.readline().strip() == "ready"
        proc.stdin.close()
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
