"""Live view stream: a frame when the picture changes, none while the window is still."""

from __future__ import annotations

import base64

import pytest
from PySide6.QtGui import QImage

from conftest import DemoApp
from probe.client import Client
from probe.exceptions import CallTimeout, RemoteError


def test_frames_only_when_the_picture_changes(fresh_demo: DemoApp) -> None:
    qt = fresh_demo.client("viewer", "inspector")
    started = qt.call("probe.frames.start", {"maxFps": 20, "format": "png",
                                             "maxWidth": 500, "maxHeight": 500})
    assert started["window"] == "mainWindow"
    first = qt.wait_notification("probe.frame", timeout=10)
    image = QImage.fromData(base64.b64decode(first["data"]), "PNG")
    assert not image.isNull()
    assert (image.width(), image.height()) == (first["width"], first["height"])
    assert max(first["width"], first["height"]) <= 500 and first["scale"] < 1
    # Still window: the 50 ms heartbeat timer runs but paints nothing, so no frames.
    with pytest.raises(CallTimeout):
        qt.wait_notification("probe.frame", timeout=1.5)
    fresh_demo.command("emit-submit")  # empty form: the error label appears
    changed = qt.wait_notification("probe.frame", timeout=10)
    assert changed["seq"] > first["seq"] and changed["data"] != first["data"]
    stats = qt.call("probe.frames.stop")
    assert stats["stopped"] is True and stats["frames"] >= 2


def test_frames_unknown_window_lists_windows(qt: Client) -> None:
    with pytest.raises(RemoteError) as info:
        qt.call("probe.frames.start", {"window": "noSuchWindow"})
    assert info.value.name == "WINDOW_NOT_FOUND"
    assert "mainWindow" in info.value.data["available"]
    with pytest.raises(RemoteError) as info:
        qt.call("probe.frames.start", {"maxFps": 0})
    assert info.value.name == "INVALID_PARAMS"
    assert qt.call("probe.frames.stop")["stopped"] is False
