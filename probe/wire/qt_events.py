"""Events (``qt.events.*``): the event monitor and its batches of QEvents."""

from probe.wire._shared import Point
from probe.wire._typing import NotRequired, TypedDict


class Started(TypedDict):
    """``qt.events.start``: the types watched, on which object (None: all), the rate cap."""

    started: bool
    replaced: bool
    types: list[str]
    objectId: str | None
    maxRate: float


class Stopped(TypedDict):
    """``qt.events.stop``."""

    stopped: bool
    active: bool
    sent: NotRequired[int]
    droppedTotal: NotRequired[int]
    reason: NotRequired[str]


class Status(TypedDict):
    """``qt.events.status``: whether the app-wide filter runs, for how many monitors."""

    active: bool
    filterInstalled: bool
    monitors: int
    filterCalls: int
    mine: bool


class Types(TypedDict):
    """``qt.events.types``: the event types a monitor may watch, and the default ones."""

    types: list[str]
    default: list[str]


class FloatPoint(TypedDict):
    x: float
    y: float


class QtEvent(TypedDict):
    """One event: type, receiver, and what its kind carries (mouse, key, wheel)."""

    type: str
    typeId: int
    receiver: str
    className: str
    objectName: str
    ts: float
    spontaneous: bool
    button: NotRequired[str]
    buttons: NotRequired[list[str]]
    pos: NotRequired[FloatPoint]
    globalPos: NotRequired[FloatPoint]
    angleDelta: NotRequired[Point]
    modifiers: NotRequired[list[str]]
    key: NotRequired[str]
    keyCode: NotRequired[int]
    text: NotRequired[str]
    autoRepeat: NotRequired[bool]


class EventBatch(TypedDict):
    """``qt.events``: events since the last batch; ``dropped`` by the rate cap since
    then (``droppedTotal`` in all)."""

    events: list[QtEvent]
    dropped: int
    droppedTotal: int
    ts: float
