"""Live view frames are the window's own rendering (in-process, real Qt).

Between keyframes a stream renders again only the rectangles that were painted, onto the
last picture; a frame it sends must still equal a whole rendering of the window at that
moment, full frames and partial ones put together alike.
"""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from probe.core.capture import frames
from probe.core.capture.frames import FrameStream, StreamOptions
from probe.core.capture.render import render_window
from tests.support.frames import compose


def _window(qtbot: Any) -> tuple[QWidget, QLabel, QLineEdit]:
    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    label = QLabel("Ready")
    edit = QLineEdit()
    # no focus, so no blinking cursor: a blink is a paint every 500 ms, and a wait longer
    # than that (a loaded machine) met a frame the test did not make
    edit.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    layout.addWidget(label)
    layout.addWidget(edit)
    layout.addWidget(QPushButton("Submit"))
    layout.addStretch()
    window.resize(900, 600)  # a change is a small part of it: partial frames stay partial
    window.show()
    qtbot.waitExposed(window)
    return window, label, edit


def _quiet(qtbot: Any, stream: FrameStream, sent: list[dict[str, Any]], since: int) -> None:
    """Wait for a frame after ``since`` and then for the stream to have nothing left: no
    paint waiting to be delivered, no grab waiting for its time, no frame being encoded."""
    qtbot.waitUntil(lambda: len(sent) > since)
    while True:
        QApplication.processEvents()  # paints still posted reach the stream now
        count = len(sent)
        qtbot.waitUntil(lambda: not stream._pending and not stream._encoding)
        if len(sent) == count:
            return


@pytest.mark.parametrize("partial", [False, True], ids=["full", "partial"])
def test_frames_between_keyframes_equal_the_whole_rendering(qtbot: Any, partial: bool
                                                            ) -> None:
    window, label, edit = _window(qtbot)
    sent: list[dict[str, Any]] = []  # appended on the encoder thread
    options = StreamOptions(max_width=4000, max_height=4000, fmt="png", partial=partial,
                            keyframe_seconds=3600.0)  # every later frame is redrawn in part
    stream = FrameStream(window, options, sent.append)
    try:
        _quiet(qtbot, stream, sent, 0)
        first = len(sent)
        picture = compose(None, sent)
        changes = [lambda: label.setText("Submitted: a longer text than before"),
                   lambda: edit.setText("Ada"), lambda: label.setText("Short")]
        for change in changes:
            seen = len(sent)
            change()
            _quiet(qtbot, stream, sent, seen)
            picture = compose(picture, sent[seen:])
            truth = render_window(window).convertToFormat(QImage.Format.Format_RGB32)
            assert picture == truth, f"after frame {len(sent)}: not the window's own pixels"
        assert stream.stats()["renderedInPart"] >= len(changes)
        kinds = {f["full"] for f in sent[first:]}
        assert (False in kinds) if partial else kinds == {True}, kinds
    finally:
        stream.stop()


def test_a_keyframe_that_shows_nothing_new_sends_nothing(qtbot: Any) -> None:
    """A keyframe renders the whole window again; when that equals the picture the client
    holds (the last one with the partial frames put on it) nothing is sent; when the
    connection dropped a frame, or the picture differs (a paint the stream did not see),
    the whole picture is sent."""
    window, label, _ = _window(qtbot)
    sent: list[dict[str, Any]] = []
    options = StreamOptions(max_width=4000, max_height=4000, fmt="png", partial=True,
                            keyframe_seconds=0.05)
    dropped = [0]  # what the client's connection dropped
    stream = FrameStream(window, options, sent.append, lambda: dropped[0])
    try:
        _quiet(qtbot, stream, sent, 0)
        seen = len(sent)
        label.setText("Submitted")
        _quiet(qtbot, stream, sent, seen)
        picture = compose(None, sent)
        in_part = stream.rendered_in_part
        qtbot.waitUntil(lambda: not stream._partial_ready(window.rect(), False))
        before, unchanged = len(sent), stream.stats()["unchanged"]
        window.update()  # painted, same pixels, past keyframe_seconds: a whole rendering
        qtbot.waitUntil(lambda: stream.stats()["unchanged"] > unchanged)
        qtbot.waitUntil(lambda: not stream._pending and not stream._encoding)
        assert len(sent) == before and stream.rendered_in_part == in_part  # rendered whole
        assert picture == render_window(window).convertToFormat(QImage.Format.Format_RGB32)
        # the connection dropped a frame: the client's picture may lack it, sent whole
        dropped[0] += 1
        qtbot.waitUntil(lambda: not stream._partial_ready(window.rect(), False))
        window.update()
        qtbot.waitUntil(lambda: len(sent) > before)
        assert sent[-1]["full"]
        _quiet(qtbot, stream, sent, before)
        before = len(sent)
        # the window changed by a paint the stream did not see: the keyframe differs from
        # the client's picture, and is sent whole (the test once faked this by clearing
        # the stream's last picture and passed only when a cursor blink changed pixels)
        assert frames._watcher is not None
        frames._watcher.grabbing = True  # what the watcher sees while a frame is grabbed
        try:
            label.setText("Unseen")
            label.repaint()
        finally:
            frames._watcher.grabbing = False
        qtbot.waitUntil(lambda: not stream._partial_ready(window.rect(), False))
        window.update()
        qtbot.waitUntil(lambda: len(sent) > before)
        assert sent[-1]["full"]
    finally:
        stream.stop()
