"""Probe family, live view: a stream of window pictures sent only when they change."""

from __future__ import annotations

from typing import Annotated, Any

from probe.api._params import Format, Quality, Window
from probe.core.capture import frames as core
from probe.core.errors import QtError
from probe.server.context import Context
from probe.server.registry import P, method, notification
from probe.wire.probe_frames import Frame, FramesStarted, FramesStopped, StreamStats

_KEY = "frames.stream"

notification("probe.frame", Frame)


def _stop(state: dict[str, Any]) -> StreamStats | None:
    stream = state.pop(_KEY, None)
    if stream is None:
        return None
    stream.stop()
    return stream.stats()


def _closed(session: Any) -> None:
    """A leaving client's stream stops with it."""
    _stop(session.state)


@method("probe.frames.start")
def start(
    ctx: Context,
    window: Window = None,
    maxFps: Annotated[float, P("most frames per second", minimum=0.1, maximum=60)] = 20.0,
    maxWidth: Annotated[int, P("frames are scaled down to fit", minimum=16, maximum=8192)] = 1280,
    maxHeight: Annotated[int, P("frames are scaled down to fit", minimum=16, maximum=8192)] = 800,
    format: Format = "jpeg",
    quality: Quality = 70,
    partial: Annotated[bool, P("send only the repainted part (frames with full=false and "
                               "rect=[x,y,w,h] in frame pixels, to draw over the last "
                               "picture), checked whole every 2 s while it changes (a "
                               "full frame then if a frame was dropped or a paint "
                               "missed); false: "
                               "every frame is the whole picture (about 3x the CPU)")]
    = True,
) -> FramesStarted:
    """Stream a window as ``probe.frame`` notifications: only when the picture changed.

    A frame is grabbed after widgets of the window paint, at most ``maxFps`` times a
    second, and sent only if its pixels differ from the last one. Each frame carries
    ``scale`` (frame pixels per window pixel) to map coordinates back, ``width`` and
    ``height`` of the whole picture, ``full`` and ``rect``, where ``data`` goes in it
    (``full`` frames are the whole picture; a stream starts with one). One stream per
    client; starting again with the same window and options keeps that stream (and sends
    a full frame), with others replaces it (the old one's pictures are freed at once).
    """
    target = core.find_window(window)
    if target is None:
        raise QtError("WINDOW_NOT_FOUND", f"No visible top-level window named {window!r}",
                      available=core.window_names())
    options = core.StreamOptions(maxFps, maxWidth, maxHeight, format, quality, partial)
    current = ctx.state.get(_KEY)
    if current is not None and current.window is target and current.requested == options:
        current.refresh()
        return {"window": target.objectName(), "options": current.options.describe(),
                "reused": True}
    _stop(ctx.state)
    session = ctx.session
    stream = ctx.state[_KEY] = core.FrameStream(target, options,
                                                lambda frame: ctx.notify("probe.frame", frame),
                                                lambda: session.dropped)
    ctx.on_close(_closed)
    return {"window": target.objectName(), "options": stream.options.describe()}


@method("probe.frames.stop")
def stop(ctx: Context) -> FramesStopped:
    """Stop this client's frame stream; returns how many frames it sent."""
    stats = _stop(ctx.state)
    if stats is None:
        return {"stopped": False}
    return {"stopped": True, **stats}
