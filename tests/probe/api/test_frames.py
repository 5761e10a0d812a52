"""Live view stream: a frame when the picture changes, none while the window is still."""

from __future__ import annotations

import base64

import pytest
from PySide6.QtGui import QImage

from probe.client import Client
from probe.exceptions import CallTimeout, RemoteError
from tests.support.app import DemoApp, start_demo, wait_until
from tests.support.frames import compose, decode


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


def test_partial_frames_compose_to_the_full_picture(fresh_demo: DemoApp) -> None:
    qt = fresh_demo.client("viewer", "inspector")
    big = {"format": "png", "maxWidth": 4000, "maxHeight": 4000}
    qt.call("probe.frames.start", {**big, "partial": True})
    first = qt.wait_notification("probe.frame", timeout=10)
    assert first["full"] is True and first["rect"] == [0, 0, first["width"], first["height"]]
    fresh_demo.command("animate 2")  # only the status label repaints
    part = qt.wait_notification("probe.frame", timeout=10)
    fresh_demo.command("animate 0")
    assert part["full"] is False
    _, _, w, h = part["rect"]
    assert w * h < first["width"] * first["height"] // 2
    qt.call("probe.frames.start", {**big, "partial": False})  # starts with a full frame
    truth = decode(qt.wait_notification("probe.frame", lambda f: f["full"] and f["seq"] == 1,
                                        timeout=10))
    # Frames of the old stream all arrive before the new stream's first one.
    later = [n.params for n in qt.received("probe.frame") if not n.params["full"]]
    composed = compose(None, [first, *sorted([part, *later], key=lambda f: f["seq"])])
    assert composed == truth
    qt.call("probe.frames.stop")


def test_restart_while_a_frame_is_encoded_still_streams() -> None:
    """A stream stopped mid-encode must not take the encoder down with it: every new
    stream still sends its first frame (it once died on the encoder thread, wedging it)."""
    app = start_demo("--size", "1280x800")
    try:
        qt = app.client("viewer", "inspector")
        firsts: list[int] = []
        qt.on("probe.frame", lambda n: firsts.append(1) if n.params["seq"] == 1 else None)
        slow = {"format": "png", "maxWidth": 4000, "maxHeight": 4000, "partial": False}
        qt.call("probe.frames.start", slow)
        app.command("animate 60")  # a PNG of 1280x800 takes ~40 ms: always one encoding
        for round_ in range(1, 11):
            qt.call("probe.frames.stop")
            qt.call("probe.frames.start", slow)
            wait_until(lambda n=round_: len(firsts) >= n + 1, timeout=10,
                       what=f"the first frame of stream {round_ + 1}")
        app.command("animate 0")
    finally:
        app.stop()
