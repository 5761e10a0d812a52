"""A running ``qtmcp demo`` on an X display, and the frames of its windows as the X
server (not Qt) sees them: shared by the demo-screen tests and ``bench_demo_stop``."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
from typing import NamedTuple

from tests.support.app import ROOT


class Frame(NamedTuple):
    x: int
    y: int
    width: int
    height: int

    @property
    def right(self) -> int:
        return self.x + self.width

    @property
    def bottom(self) -> int:
        return self.y + self.height

    def overlaps(self, other: Frame) -> bool:
        return (self.x < other.right and other.x < self.right and self.y < other.bottom
                and other.y < self.bottom)


class Demo:
    """A running `qtmcp demo` on a display: its process, its app's pid, its environment."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = {**os.environ, **env}
        self.proc = subprocess.Popen([sys.executable, "-m", "probe.cli", "demo"], cwd=ROOT,
                                     env=self.env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, text=True)
        self.app_pid = 0
        found = threading.Event()

        def read() -> None:
            assert self.proc.stderr is not None
            for line in self.proc.stderr:
                m = re.search(r"demo app pid (\d+)", line)
                if m:
                    self.app_pid = int(m.group(1))
                    found.set()

        threading.Thread(target=read, daemon=True).start()
        assert found.wait(60), "qtmcp demo did not start its app"

    def frame_of(self, pid: int) -> Frame | None:
        """The visible top-level window of ``pid`` with its window-manager frame."""
        ids = self._x(["xdotool", "search", "--onlyvisible", "--pid", str(pid)]).split()
        for wid in ids:
            info = self._x(["xwininfo", "-id", wid])
            values = {k: int(v) for k, v in re.findall(
                r"(Absolute upper-left X|Absolute upper-left Y|Width|Height):\s+(-?\d+)", info)}
            if len(values) < 4 or values["Width"] < 100:
                continue
            extents = re.findall(r"-?\d+", self._x(["xprop", "-id", wid,
                                                    "_NET_FRAME_EXTENTS"]))
            left, right, top, bottom = (int(e) for e in extents[-4:]) if len(
                extents) >= 4 else (0, 0, 0, 0)
            return Frame(values["Absolute upper-left X"] - left,
                         values["Absolute upper-left Y"] - top,
                         values["Width"] + left + right, values["Height"] + top + bottom)
        return None

    def _x(self, cmd: list[str]) -> str:
        return subprocess.run(cmd, env=self.env, capture_output=True, text=True).stdout

    def stop(self, sig: signal.Signals) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
