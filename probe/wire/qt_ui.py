"""UI (``qt.ui.*``): act on objects, where they are, what is under a point, pictures;
actions answer :class:`~probe.wire._shared.Action`."""

from probe.wire._shared import Handles, ObjectSummary, Point, Rect, Size
from probe.wire._typing import NotRequired, TypedDict

#: ``qt.ui.geometry``: the object, its rectangle in its parent (``local``), its window and
#: the screen (``global``, a keyword: hence the functional form), its window's name, and
#: whether it shows.
Geometry = TypedDict("Geometry", {
    "target": ObjectSummary, "local": Rect, "window": Rect, "global": Rect,
    "windowName": str | None, "visible": bool})


class Hit(ObjectSummary):
    """``qt.ui.hitTest``: the object at a window point, where it is, and its handles."""

    bounds: Rect
    localPosition: Point
    window: str
    handles: Handles


class Exists(TypedDict):
    """``qt.ui.exists``: whether the id names anything now, and what."""

    exists: bool
    count: int
    matches: list[ObjectSummary]


class Visibility(TypedDict):
    """``qt.ui.isVisible``."""

    exists: bool
    visible: bool
    target: NotRequired[ObjectSummary]


class Comparison(TypedDict):
    """``qt.ui.compareScreenshot``: how much differs from the reference picture."""

    ratio: float
    differentPixels: int
    totalPixels: int
    size: Size
    referenceSize: Size
    sizeMismatch: bool
    diff: str | None
    match: bool
    threshold: float
