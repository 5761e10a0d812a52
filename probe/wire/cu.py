"""Computer use (``cu.*``): pictures and pixel coordinates; actions answer
:class:`~probe.wire._shared.Action`."""

from probe.wire._shared import Picture, Size
from probe.wire._typing import NotRequired, TypedDict


class OnScreen(TypedDict):
    """Whether the screen shows what the app drew (``source: screen`` compares them)."""

    minimized: bool
    covered: bool
    differsFromApp: float
    note: NotRequired[str]


class Screenshot(Picture):
    """``cu.screenshot``: the window's picture; coordinates of later actions are in its
    pixels."""

    window: str
    windowSize: Size
    onScreen: NotRequired[OnScreen]


class Zoom(Picture):
    """``cu.zoom``: a region of the window at full resolution."""

    region: list[int]


class Cursor(TypedDict):
    """``cu.cursorPosition``."""

    coordinate: list[int]
    window: str


class Waited(TypedDict):
    """``cu.wait``."""

    waited: float
