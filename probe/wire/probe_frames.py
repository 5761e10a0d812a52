"""Live view (``probe.frames.*``, ``probe.frame``): a window's pictures as they change."""

from probe.wire._typing import NotRequired, TypedDict


class StreamOptions(TypedDict):
    """The options a stream runs with."""

    max_fps: float
    max_width: int
    max_height: int
    fmt: str
    quality: int
    partial: bool
    keyframe_seconds: float


class FramesStarted(TypedDict):
    """``probe.frames.start``: the window streamed and the stream's options."""

    window: str
    options: StreamOptions
    #: the same window and options were streaming already: that stream goes on
    reused: NotRequired[bool]


class StreamStats(TypedDict):
    """What a stream sent: frames, grabs equal to the last picture, the last frame's
    number, and frames rendered only where painted."""

    frames: int
    unchanged: int
    seq: int
    renderedInPart: int
    #: the JPEG encoder: "libjpeg-turbo", or "qt" (Qt's writer, the fallback; PNG too)
    encoder: str


class FramesStopped(TypedDict):
    """``probe.frames.stop``: whether a stream ran, and what it sent."""

    stopped: bool
    frames: NotRequired[int]
    unchanged: NotRequired[int]
    seq: NotRequired[int]
    renderedInPart: NotRequired[int]
    encoder: NotRequired[str]


class Frame(TypedDict):
    """``probe.frame``: the whole picture (``full``) or a piece of it to draw at ``rect``
    over the last picture; ``data`` is base64 of ``format``."""

    seq: int
    ts: float
    window: str
    #: the window's [x, y, width, height] on the screen
    windowGeometry: list[int]
    #: the whole picture's size in frame pixels
    width: int
    height: int
    #: frame pixels per window pixel
    scale: float
    full: bool
    #: where ``data`` goes in the whole picture: [x, y, width, height] in frame pixels
    rect: list[int]
    format: str
    data: str
