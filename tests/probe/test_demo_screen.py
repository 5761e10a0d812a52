"""`qtmcp demo` on a real screen (Xvfb with openbox): the app and the inspector side by
side, both fully on screen and not over each other, at 1366x768 and 1920x1080; Ctrl+C and
SIGTERM end both processes.

The geometry is read from the X server (the client window and the frame extents the
window manager set), not from Qt, so the test sees what a user sees.
"""

from __future__ import annotations

import shutil
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from probe import discovery
from tests.support.app import wait_until
from tests.support.demo_process import Demo, Frame
from tests.support.xdisplay import x_display

pytestmark = pytest.mark.skipif(shutil.which("xdotool") is None or shutil.which("xwininfo")
                                is None, reason="needs xdotool and x11-utils")


@pytest.fixture(params=[(1366, 768), (1920, 1080)], ids=["1366x768", "1920x1080"])
def screen(request: pytest.FixtureRequest) -> Iterator[tuple[int, int, dict[str, str]]]:
    width, height = request.param
    with x_display(width, height) as env:
        yield width, height, env


def _settled(demo: Demo, width: int, height: int) -> tuple[Frame, Frame] | None:
    app, inspector = demo.frame_of(demo.app_pid), demo.frame_of(demo.proc.pid)
    print("frames: app", app, "inspector", inspector)  # shown when the wait fails
    if app is None or inspector is None:
        return None
    inside = all(f.x >= 0 and f.y >= 0 and f.right <= width and f.bottom <= height
                 for f in (app, inspector))
    return (app, inspector) if inside and not app.overlaps(inspector) else None


def test_demo_puts_app_and_inspector_side_by_side(screen: tuple[int, int, dict[str, str]],
                                                  tmp_path: Path) -> None:
    width, height, env = screen
    demo = Demo(env)
    try:
        app, inspector = wait_until(lambda: _settled(demo, width, height), 30,
                                    f"both windows fully on a {width}x{height} screen, "
                                    "side by side")
        assert app.x < inspector.x  # the app left, the inspector right
        # each takes most of its side: neither is a sliver
        assert app.width > width * 0.3 and inspector.width > width * 0.45
        assert min(app.height, inspector.height) > height * 0.8
    finally:
        demo.stop(signal.SIGINT)
    assert demo.proc.returncode is not None
    wait_until(lambda: not discovery.pid_alive(demo.app_pid), 10, "the demo app to exit")


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_ends_the_demo_and_its_app(sig: signal.Signals) -> None:
    with x_display(1366, 768) as env:
        demo = Demo(env)
        try:
            wait_until(lambda: demo.frame_of(demo.proc.pid), 30, "the inspector's window")
        finally:
            demo.stop(sig)
        assert demo.proc.returncode in (0, 130, -sig.value, 128 + sig.value)
        wait_until(lambda: not discovery.pid_alive(demo.app_pid), 10, "the demo app to exit")
        assert not discovery.find(pid=demo.app_pid)  # and its discovery file is gone
