"""Pictures are the app's own pixels, on a real X screen where other windows cover it.

Under Xvfb with a window manager, another program's window is put over half of the demo
app: a screenshot (and the live view) still shows the app as it renders itself, equal to
what the screen showed before it was covered; the screen's pixels come only when asked
(``source="screen"``), and then the answer says the window is covered.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from typing import Any

import pytest

from probe.client import Client
from tests.support.app import DemoApp, start_demo, wait_until
from tests.support.xdisplay import x_display

#: A window of another program: solid red, always on top, at the geometry it is given.
COVER = textwrap.dedent("""
    import sys
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QWidget
    app = QApplication([])
    w = QWidget(None, Qt.WindowType.WindowStaysOnTopHint | Qt.WindowType.FramelessWindowHint)
    w.setStyleSheet("background: #e00000")
    x, y, width, height = map(int, sys.argv[1:5])
    w.setGeometry(x, y, width, height)
    w.show()
    print("shown", flush=True)
    app.exec()
""")


@pytest.fixture(scope="module")
def screen_demo() -> Iterator[tuple[DemoApp, dict[str, str]]]:
    with x_display(1366, 768) as env:
        app = start_demo(env=env)
        try:
            yield app, env
        finally:
            app.stop()


def _shot(qt: Client, **params: Any) -> dict[str, Any]:
    return qt.call("cu.screenshot", {"format": "png", **params})


def _same(qt: Client, reference: dict[str, Any]) -> dict[str, Any]:
    """The app's picture now compared with ``reference`` (a text cursor may blink)."""
    return qt.call("qt.ui.compareScreenshot", {"reference": reference["data"],
                                               "threshold": 0.002, "tolerance": 8})


def test_a_covered_window_is_pictured_as_the_app_renders_it(
        screen_demo: tuple[DemoApp, dict[str, str]]) -> None:
    demo, env = screen_demo
    qt = demo.client()
    uncovered = _shot(qt, source="screen")  # the first screenshot waits for the first frame
    assert uncovered["onScreen"]["covered"] is False, uncovered["onScreen"]
    assert _same(qt, uncovered)["match"], "the app's rendering differs from the screen"
    frame = qt.call("qt.ui.geometry", {"objectId": "mainWindow"})["global"]
    half = [frame["x"], frame["y"], frame["width"] // 2, frame["height"]]
    cover = subprocess.Popen([sys.executable, "-c", COVER, *map(str, half)],
                             env={**os.environ, **env},
                             stdout=subprocess.PIPE, text=True)
    try:
        assert cover.stdout is not None and cover.stdout.readline().strip() == "shown"
        covered = wait_until(lambda: (s := _shot(qt, source="screen"))["onScreen"]["covered"]
                             and s, 10, "the other window to cover the app on screen")
        assert covered["onScreen"]["differsFromApp"] > 0.3
        assert "another window covers it" in covered["onScreen"]["note"]
        own = _shot(qt)
        assert "onScreen" not in own
        assert own["data"] != covered["data"]
        check = _same(qt, uncovered)
        assert check["match"], f"the covered app's picture differs: {check['ratio']}"
        _live_view_is_the_app(demo)
    finally:
        cover.terminate()
        cover.wait(10)


def _live_view_is_the_app(demo: DemoApp) -> None:
    """The live view's first frame, while the app is covered, is the app's rendering too."""
    viewer = demo.client("viewer")
    viewer.call("probe.frames.start", {"window": "mainWindow", "format": "png", "maxFps": 5,
                                       "maxWidth": 4000, "maxHeight": 4000, "partial": False})
    try:
        frame = viewer.wait_notification("probe.frame", timeout=10)
    finally:
        viewer.call("probe.frames.stop")
    check = viewer.call("qt.ui.compareScreenshot", {"reference": frame["data"],
                                                    "threshold": 0.002, "tolerance": 8})
    assert check["match"], f"the live view shows other pixels than the app: {check['ratio']}"
