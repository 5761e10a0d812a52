"""Live view: pictures of a window, taken only when something in it was painted.

No polling: while a stream is on, an application event filter notes Paint events of
widgets in the streamed window and schedules one grab no sooner than the rate cap
allows. A QQuickWindow paints no widgets: its ``frameSwapped`` signal (the scene graph
rendered a changed scene) triggers the grab instead, and its frames are always full.
A grab whose pixels equal the previous one sends nothing, so a still window
costs nothing but the filter. Between keyframes only the painted rectangles are rendered
again, onto the last picture, whether the frame sent is partial or full. The filter is
removed when the last stream stops.
Encoding (PNG/JPEG) runs on a worker thread, not on the GUI thread.
"""

from __future__ import annotations

import base64
import time
import weakref
import zlib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import cast

import shiboken6
from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QEvent,
    QIODevice,
    QObject,
    QRect,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QImage, QPaintEvent
from PySide6.QtWidgets import QApplication, QWidget

from probe.core.capture.jpeg import encode_jpeg, encoder
from probe.core.capture.jpeg import load as load_jpeg
from probe.core.capture.render import render_region, render_window
from probe.core.objects import qtchildren
from probe.core.objects.qmltypes import is_quick_window, quick_windows
from probe.core.objects.qtclass import qt_class
from probe.overrides import every_spelling
from probe.wire import probe_frames as wire

_ENCODER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="qtmcp-frames")


@dataclass
class StreamOptions:
    max_fps: float = 20.0
    max_width: int = 1280
    max_height: int = 800
    fmt: str = "jpeg"
    quality: int = 70
    partial: bool = True
    keyframe_seconds: float = 2.0

    def describe(self) -> wire.StreamOptions:
        return {"max_fps": self.max_fps, "max_width": self.max_width,
                "max_height": self.max_height, "fmt": self.fmt, "quality": self.quality,
                "partial": self.partial, "keyframe_seconds": self.keyframe_seconds}


def encode_image(image: QImage, fmt: str, quality: int, rect: QRect | None = None) -> bytes:
    """PNG or JPEG bytes of ``image``, or of ``rect`` in it (thread-safe: QImage is
    implicitly shared). JPEG goes through :mod:`~probe.core.capture.jpeg`."""
    if fmt == "jpeg":
        return encode_jpeg(image, quality, rect)
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    (image if rect is None else image.copy(rect)).save(buf, "PNG", -1)  # pyright: ignore[reportCallIssue, reportArgumentType]  # PySide6's stub says bytes; it takes only str
    buf.close()
    return bytes(data.data())


def _pixels(image: QImage) -> tuple[memoryview, int, int]:
    """``image``'s buffer as (view, units per pixel, units per row), no copy: 32-bit
    pixels as words, as a byte-wise memoryview comparison is six times slower."""
    bits = memoryview(image.constBits())  # a memoryview already (PySide6's stub: bytes)
    depth, stride = image.depth() // 8, image.bytesPerLine()
    if depth == 4 and stride % 4 == 0:
        return bits.cast("I"), 1, stride // 4
    return bits, depth, stride


def _rows_equal(a: QImage, at_a: QRect, b: QImage, at_b: QRect) -> bool:
    """Whether rectangle ``at_a`` of ``a`` and ``at_b`` of ``b`` (one size, one format, both
    inside their images) hold the same pixels, compared in place: whole rows at once
    where both rectangles span rows with no padding, else row by row."""
    (pa, unit, stride_a), (pb, _, stride_b) = _pixels(a), _pixels(b)
    width = at_a.width() * unit
    if width == stride_a == stride_b:
        start_a, start_b, size = at_a.top() * stride_a, at_b.top() * stride_b, at_a.height() * width
        return pa[start_a:start_a + size] == pb[start_b:start_b + size]
    ra, rb = at_a.top() * stride_a + at_a.left() * unit, at_b.top() * stride_b + at_b.left() * unit
    for _ in range(at_a.height()):
        if pa[ra:ra + width] != pb[rb:rb + width]:
            return False
        ra, rb = ra + stride_a, rb + stride_b
    return True


def same_pixels(image: QImage, rect: QRect, piece: QImage) -> bool:
    """Whether ``image`` holds ``piece``'s pixels at ``rect`` (``piece`` is that
    rectangle's size), with no copy of either."""
    if image.format() != piece.format() or rect.size() != piece.size() \
            or not image.rect().contains(rect):
        return False
    return _rows_equal(image, rect, piece, piece.rect())


def same_in(a: QImage, b: QImage, rect: QRect) -> bool:
    """Whether ``a`` and ``b`` (one size and format) hold the same pixels in ``rect``."""
    return _rows_equal(a, rect, b, rect)


def scaled(image: QImage, max_width: int, max_height: int) -> tuple[QImage, float]:
    """Fit within the caps keeping the aspect ratio; return the image and its scale."""
    w, h = image.width(), image.height()
    scale = min(1.0, max_width / w if w else 1.0, max_height / h if h else 1.0)
    if scale >= 1.0:
        return image, 1.0
    return image.scaled(round(w * scale), round(h * scale), Qt.AspectRatioMode.IgnoreAspectRatio,
                        Qt.TransformationMode.SmoothTransformation), scale


_PAINT = QEvent.Type.Paint  # looked up once: the filter sees every event of the app


@every_spelling
class _PaintWatcher(QObject):
    """One app-wide event filter shared by every stream; present only while streams run."""

    def __init__(self) -> None:
        super().__init__()
        self.streams: list[FrameStream] = []
        self.grabbing = False

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == _PAINT and not self.grabbing and self.streams:
            if isinstance(obj, QWidget):
                top = QWidget.window(obj)
                for stream in self.streams:
                    if stream.window is top:
                        stream.dirty(obj, cast(QPaintEvent, event).rect())
        return False


_watcher: _PaintWatcher | None = None


def _watch(stream: FrameStream) -> None:
    global _watcher
    if _watcher is None:
        _watcher = _PaintWatcher()
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(_watcher)
    _watcher.streams.append(stream)


def _unwatch(stream: FrameStream) -> None:
    global _watcher
    if _watcher is None:
        return
    if stream in _watcher.streams:
        _watcher.streams.remove(stream)
    if not _watcher.streams:
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(_watcher)
        _watcher.deleteLater()
        _watcher = None


def follow(app: QApplication) -> None:
    """A new application runs (the last one was shut down, its windows and our filter and
    relay with it): paints of its windows reach the streams still on, and encoded frames
    come back through a relay of this application's."""
    global _watcher, _done
    if _done is not None and not shiboken6.isValid(_done):
        _done = None
    if _watcher is not None:
        streams = _watcher.streams
        _watcher = _PaintWatcher()
        _watcher.streams = streams
        app.installEventFilter(_watcher)


class _Relay(QObject):
    """Carries 'encoding finished' from the encoder thread back to the GUI thread."""

    encoded = Signal(object)  # a weakref to the stream whose frame is out
    swapped = Signal()  # a QQuickWindow's frameSwapped, delivered on the GUI thread


_done: _Relay | None = None


def _done_relay() -> _Relay:
    """The one relay that lives on the GUI thread for good (made there on first use).

    An encode job must hold no reference to its stream: a stream stopped while its frame
    is encoded would otherwise die on the encoder thread with its QTimer and relay, which
    wedges that thread, and no stream of the app would send a frame again.
    """
    global _done
    if _done is None:
        _done = _Relay()
        _done.encoded.connect(_encoded)  # queued: the relay lives on the GUI thread
    return _done


def _encoded(ref: weakref.ref[FrameStream]) -> None:
    stream = ref()
    if stream is not None:
        stream._after_encode()


class FrameStream:
    """Streams one top-level window to ``send(frame_dict)``; create and stop on the GUI thread.

    At most one frame per stream is being encoded at any time: paints that arrive
    meanwhile are coalesced into one grab after it, so a slow encoder (or a slow
    client) never builds a backlog of full-size images in memory.
    """

    def __init__(self, window: QWidget, options: StreamOptions,
                 send: Callable[[wire.Frame], None],
                 lost: Callable[[], int] = lambda: 0) -> None:
        if options.fmt == "jpeg":
            load_jpeg()  # on the GUI thread, not the encoder's (jpeg.load)
        self.window = window
        #: How many messages the client has not been sent (its connection dropped them):
        #: when it grows, the client's picture may lack a partial frame, and the next
        #: keyframe goes whole.
        self.lost = lost
        self._lost_at_key = lost()
        #: The options asked for (``options`` may differ: a Quick window sends full frames).
        self.requested = options
        self.options = options
        self.send = send
        #: The picture waiting for the encoder: the encode job takes it from here, and
        #: :meth:`stop` empties it, so a stopped stream frees its picture at once.
        self._queued: list[QImage] = []
        self.seq = 0
        self.sent = 0
        self.skipped_same = 0
        #: Grabs that rendered only the painted rectangles onto the last picture.
        self.rendered_in_part = 0
        self._last_crc: int | None = None
        self._last_image: QImage | None = None
        self._last_key = 0.0
        self._region: QRect | None = None
        self._full = True
        self._last_grab = 0.0
        self._pending = False
        self._timer = QTimer()
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._grab)
        self._encoding = False
        self._again = False
        self._relay = _Relay()
        _done_relay()  # made here, on the GUI thread, before any encode job can need it
        self._quick = is_quick_window(window)
        self._grabbing = False
        if self._quick:  # no widget paints here: the scene graph says when it rendered
            self.options = replace(options, partial=False)  # no painted rects: full frames
            window.frameSwapped.connect(self._relay.swapped)  # pyright: ignore[reportAttributeAccessIssue]  # a QQuickWindow here
            self._relay.swapped.connect(self._on_swapped)
        _watch(self)
        self.dirty()  # the first frame shows the current picture

    def dirty(self, widget: QWidget | None = None, rect: QRect | None = None) -> None:
        """Something in the window was painted: grab once the rate cap allows.

        The painted rectangles (in window coordinates) are collected, so only their union
        is rendered again (and, with partial frames on, encoded and sent).
        """
        if widget is None or rect is None:
            self._full = True
        elif not self._quick and shiboken6.isValid(widget):
            top_left = QWidget.mapTo(widget, self.window, rect.topLeft())
            painted = QRect(top_left, rect.size())
            self._region = painted if self._region is None else self._region.united(painted)
        if self._pending:
            return
        self._pending = True
        wait = self._last_grab + 1.0 / max(self.options.max_fps, 0.1) - time.monotonic()
        self._timer.start(max(0, round(wait * 1000)))

    def refresh(self) -> None:
        """Send the current picture again as a full frame (a client restarted its stream)."""
        self._last_crc = None
        self.dirty()

    def _on_swapped(self) -> None:
        if not self._grabbing:
            self.dirty()

    def _after_encode(self) -> None:
        self._encoding = False
        self.sent += 1
        if self._again:
            self._again = False
            self._pending = False
            self.dirty(None if self._full else self.window, None if self._full else QRect())

    def _grab(self) -> None:
        self._pending = False
        if self._encoding:  # one frame at a time: grab again when this one is out
            self._again = True
            return
        if not shiboken6.isValid(self.window) or not qt_class(self.window).isVisible(self.window):
            return
        self._last_grab = time.monotonic()
        assert _watcher is not None
        region, full = self._region, self._full
        last = self._last_image
        redrawn = self._partial_ready(region, full)
        before: QImage | None = None  # what the painted part showed, to compare with
        _watcher.grabbing = self._grabbing = True
        try:
            if redrawn:
                assert last is not None and region is not None
                before = last.copy(_device_rect(last, region))
                image = render_region(self.window, last, region)  # onto the last picture
                self.rendered_in_part += 1
            else:
                image = render_window(self.window)
        finally:
            _watcher.grabbing = self._grabbing = False
        if image.isNull():
            return
        self._region, self._full = None, False
        geometry = qt_class(self.window).geometry(self.window)
        window_geometry = (geometry.x(), geometry.y(), geometry.width(), geometry.height())
        name = QObject.objectName(self.window)
        crop = self._partial_rect(image, region, full)
        # a partial frame, or a picture rendered again only where painted: only that part
        # can differ from the last picture (the next keyframe renders it all again)
        area = crop if crop is not None else \
            _device_rect(image, region) if redrawn and region is not None else None
        if area is not None:
            assert last is not None
            if same_pixels(image, area, before if before is not None else last.copy(area)):
                self.skipped_same += 1
                return
            self._last_crc = None  # the full picture changed; the next full frame is sent
            self._send(image, name, window_geometry, crop)
            return
        changed = self._keyframe_change(image, last, region, full)
        if changed is not None:  # a keyframe that tells the client nothing new outside
            self._last_image, self._last_key = image, time.monotonic()  # what was painted
            if changed.isEmpty():
                self.skipped_same += 1
                return
            self._last_crc = None
            self._send(image, name, window_geometry, changed)
            return
        crc = zlib.crc32(image.constBits())  # the buffer itself, not a copy of it
        if crc == self._last_crc:
            self.skipped_same += 1
            return
        self._last_crc = crc
        self._last_key = time.monotonic()  # a keyframe: the whole window rendered
        self._lost_at_key = self.lost()
        self._send(image, name, window_geometry, None)

    def _send(self, image: QImage, name: str, geometry: tuple[int, int, int, int],
              crop: QRect | None) -> None:
        """Hand ``image`` (whose part at ``crop`` is the frame, when given) to the encoder;
        it is now the last picture, what the next paints are rendered onto."""
        self._last_image = None if self._quick else image
        self.seq += 1
        self._encoding = True
        # the encoder's own QImage sharing the pixels: were this picture painted while it
        # is still held there, QImage would copy it first rather than change its pixels
        self._queued[:] = [QImage(image)]
        _ENCODER.submit(_encode_and_send, weakref.ref(self), self.send, self._queued,
                        self.seq, self.options, name, geometry,
                        None if crop is None else (crop.x(), crop.y(), crop.width(),
                                                   crop.height()),
                        (image.width(), image.height()))

    def _keyframe_change(self, image: QImage, last: QImage | None, region: QRect | None,
                         full: bool) -> QRect | None:
        """For a keyframe (the whole window rendered again though only ``region`` was
        painted): an empty rectangle when it shows what the client has (the last picture
        with every partial frame put on it), the painted part when only that differs and
        partial frames are on; None when it must go whole (and when the connection dropped
        a message since the last whole frame). A 1280x800 JPEG every
        ``keyframe_seconds`` was a sixth of a partial stream's CPU (#41)."""
        if self.lost() != self._lost_at_key:
            self._last_crc = None  # the frame it lost may be the last whole one
            return None
        if full or last is None or last.size() != image.size() \
                or last.format() != image.format():
            return None
        crop = _device_rect(image, region) if region is not None else QRect()
        if crop.isEmpty() or not self.options.partial \
                or crop.width() * crop.height() > image.width() * image.height() // 2:
            return QRect() if same_in(image, last, image.rect()) else None
        w, h = image.width(), image.height()
        outside = [QRect(0, 0, w, crop.top()),
                   QRect(0, crop.bottom() + 1, w, h - crop.bottom() - 1),
                   QRect(0, crop.top(), crop.left(), crop.height()),
                   QRect(crop.right() + 1, crop.top(), w - crop.right() - 1, crop.height())]
        if not all(same_in(image, last, r) for r in outside if not r.isEmpty()):
            return None
        return QRect() if same_in(image, last, crop) else crop

    def _partial_ready(self, region: QRect | None, full: bool) -> bool:
        """Whether only ``region`` needs rendering again: the paints since the last picture
        are known, and that picture is of the window at its current size and younger than
        a keyframe (a whole rendering at least every ``keyframe_seconds``)."""
        last = self._last_image
        return (not full and region is not None and last is not None and not self._quick
                and last.deviceIndependentSize().toSize() == QWidget.size(self.window)
                and time.monotonic() - self._last_key <= self.options.keyframe_seconds)

    def _partial_rect(self, image: QImage, region: QRect | None, full: bool) -> QRect | None:
        """The part of ``image`` to send as a partial frame, or None for a full frame."""
        if (not self.options.partial or full or region is None or self._last_image is None
                or self._last_image.size() != image.size()
                or time.monotonic() - self._last_key > self.options.keyframe_seconds):
            return None
        crop = _device_rect(image, region)
        if crop.isEmpty() or crop.width() * crop.height() > image.width() * image.height() // 2:
            return None
        self._last_crc = None  # the full picture changed; the next full frame must be sent
        return crop

    def stop(self) -> None:
        """Stop at once: no more grabs, and the pictures it holds are freed now (a
        restart never keeps the last stream's megabytes waiting for the encoder)."""
        self._timer.stop()
        self._queued.clear()
        self._last_image = None
        if self._quick and shiboken6.isValid(self.window):
            try:
                self.window.frameSwapped.disconnect(self._relay.swapped)  # pyright: ignore[reportAttributeAccessIssue]  # a QQuickWindow here
            except (RuntimeError, TypeError):
                pass
        _unwatch(self)

    def stats(self) -> wire.StreamStats:
        return {"frames": self.sent, "unchanged": self.skipped_same, "seq": self.seq,
                "renderedInPart": self.rendered_in_part,
                "encoder": encoder() if self.options.fmt == "jpeg" else "qt"}


def _device_rect(image: QImage, region: QRect) -> QRect:
    """``region`` (window coordinates) in ``image``'s pixels, with a 2-pixel margin for
    antialiased edges."""
    ratio = image.devicePixelRatio()
    crop = QRect(round(region.x() * ratio), round(region.y() * ratio),
                 round(region.width() * ratio), round(region.height() * ratio))
    return crop.adjusted(-2, -2, 2, 2).intersected(image.rect())


def _encode_and_send(done: weakref.ref[FrameStream], send: Callable[[wire.Frame], None],
                     queued: list[QImage], seq: int, opts: StreamOptions, name: str,
                     geometry: tuple[int, int, int, int],
                     crop: tuple[int, int, int, int] | None,
                     full_size: tuple[int, int]) -> None:
    """Scale, encode and send one frame; a partial one says where it goes (``rect``).

    The picture is taken from ``queued``: empty when its stream stopped meanwhile."""
    try:
        image = queued.pop()
    except IndexError:  # the stream stopped: nothing to send
        _done_relay().encoded.emit(done)
        return
    fw, fh = full_size
    scale = min(1.0, opts.max_width / fw if fw else 1.0, opts.max_height / fh if fh else 1.0)
    part: QRect | None = None
    if crop is None:
        small, scale = scaled(image, opts.max_width, opts.max_height)
        rect = [0, 0, small.width(), small.height()]
        width, height = small.width(), small.height()
    else:
        x, y, w, h = crop
        x0, y0 = int(x * scale), int(y * scale)
        x1, y1 = min(round(fw * scale), int((x + w) * scale + 0.999)), \
            min(round(fh * scale), int((y + h) * scale + 0.999))
        if scale >= 1.0:  # encoded from the picture itself: no copy of the part
            small, part = image, QRect(x, y, w, h)
            rect = [x0, y0, w, h]
        else:
            small, part = image.copy(QRect(x, y, w, h)).scaled(
                max(1, x1 - x0), max(1, y1 - y0), Qt.AspectRatioMode.IgnoreAspectRatio,
                Qt.TransformationMode.SmoothTransformation), None
            rect = [x0, y0, small.width(), small.height()]
        width, height = round(fw * scale), round(fh * scale)
    try:
        data = encode_image(small, opts.fmt, opts.quality, part)
    finally:
        # the pictures go before the stream hears it may grab again: its next frame is
        # rendered onto this picture in place, which must then have no other holder
        del image, small
        _done_relay().encoded.emit(done)  # never a strong ref to the stream here
    frame: wire.Frame = {
        "seq": seq, "ts": time.time(), "window": name, "windowGeometry": list(geometry),
        "width": width, "height": height, "scale": scale, "full": crop is None,
        "rect": rect, "format": opts.fmt, "data": base64.b64encode(data).decode("ascii")}
    send(frame)


def _windows() -> list[QWidget]:
    out = [w for w in qtchildren.top_level_widgets()
           if QWidget.isVisible(w) and QWidget.windowType(w) != Qt.WindowType.Popup]
    return out + quick_windows(visible_only=True)


def find_window(name: str | None) -> QWidget | None:
    """The visible top-level window named ``name``, else the active (or first) one."""
    windows = _windows()
    if name:
        return next((w for w in windows if QObject.objectName(w) == name), None)
    active = QApplication.activeWindow() or QApplication.focusWindow()
    return active if active in windows else (windows[0] if windows else None)


def window_names() -> list[str]:
    return [QObject.objectName(w) or type(w).__name__ for w in _windows()]
