"""A real X display for the tests that need one: Xvfb with a window manager (openbox).

Windows on a real screen overlap, get placed and decorated by a window manager, and are
painted when the X server exposes them; the offscreen platform has none of that. Tests
that are about the screen use :func:`x_display` and skip cleanly where Xvfb or openbox is
missing (``.ci/run`` installs both).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from tests.support.app import wait_until

#: What a test under a real display needs, by program name.
PROGRAMS = ("Xvfb", "openbox")
#: Times openbox is started on one display before a test gives up.
WM_STARTS = 3


def missing() -> list[str]:
    return [p for p in PROGRAMS if shutil.which(p) is None]


@contextmanager
def x_display(width: int, height: int) -> Iterator[dict[str, str]]:
    """Xvfb at ``width``x``height`` with openbox running; yields the environment a Qt app
    needs to show its windows there (xcb platform)."""
    absent = missing()
    if absent:
        pytest.skip(f"needs {' and '.join(absent)} (apt-get install xvfb openbox)")
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0",
                             f"{width}x{height}x24", "-nolisten", "tcp"],
                            pass_fds=(write,), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    os.close(write)
    wm: subprocess.Popen[bytes] | None = None
    try:
        with os.fdopen(read) as fh:
            number = fh.readline().strip()
        if not number:
            pytest.skip("Xvfb did not start")
        env = {"DISPLAY": f":{number}", "QT_QPA_PLATFORM": "xcb"}
        said = ""
        for _ in range(WM_STARTS):
            log = tempfile.TemporaryFile()
            wm = subprocess.Popen(["openbox", "--sm-disable"], env={**os.environ, **env},
                                  stdout=subprocess.DEVNULL, stderr=log)
            if _wait_for_wm(env, wm):
                break
            log.seek(0)
            said = f"exit code {wm.poll()}, stderr: {log.read()[-500:]!r}"
        else:
            raise AssertionError(f"openbox ended {WM_STARTS} times before it took the "
                                 f"screen; the last: {said}")
        yield env
    finally:
        for proc in (wm, xvfb):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(10)


def _wait_for_wm(env: dict[str, str], wm: subprocess.Popen[bytes]) -> bool:
    """Until the window manager owns the screen (its _NET_SUPPORTING_WM_CHECK is set):
    True; False when it ended first. (A CI run once waited 10 s in vain, its openbox's
    fate unseen: it now says it, and an openbox that ended is started again.)"""
    if shutil.which("xprop") is None:
        return True

    def owned() -> bool:
        out = subprocess.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"],
                             env={**os.environ, **env}, capture_output=True, text=True)
        return "window id" in out.stdout

    wait_until(lambda: owned() or wm.poll() is not None, 30,
               "openbox to take the screen")
    return owned()
