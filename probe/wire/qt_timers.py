"""Timers (``qt.timers.*``): the app's timers and how often they wake it."""

from probe.wire._shared import ObjectSummary
from probe.wire._typing import NotRequired, TypedDict


class Owner(TypedDict):
    """The object a timer belongs to (its parent, or the object that started it)."""

    id: str
    className: str
    objectName: str


class TimerInfo(ObjectSummary):
    """A QTimer, or (``kind: QObject.startTimer``) a timer an object started."""

    kind: str
    interval: int | None
    singleShot: NotRequired[bool]
    active: bool
    timerId: NotRequired[int | None]
    remainingTime: NotRequired[int]
    timerType: NotRequired[str]
    owner: Owner | None


class Timers(TypedDict):
    """``qt.timers.list``."""

    timers: list[TimerInfo]
    count: int


class Wakeups(TypedDict):
    """How often a timer woke the app while measured."""

    wakeups: int
    perSecond: float
    medianIntervalMs: NotRequired[float | None]
    medianPerSecond: NotRequired[float | None]


class TimerCount(TimerInfo, Wakeups):
    """A QTimer and its wake-ups."""


class OtherTimer(Wakeups):
    """Timer events of an object that is no QTimer (by its ``receiver``)."""

    receiver: str
    className: str
    objectName: str
    kind: str
    interval: int | None
    active: bool
    owner: Owner | None
    timerId: NotRequired[int | None]


class Measurement(TypedDict):
    """``qt.timers.measure``: wake-ups counted over ``seconds``."""

    seconds: float
    timers: list[TimerCount]
    otherTimers: list[OtherTimer]
    totalWakeups: int
    totalPerSecond: float
