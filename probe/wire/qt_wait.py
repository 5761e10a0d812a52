"""Waiting (``qt.wait``, ``qt.waitIdle``, ``qt.waitSignal``): conditions, an idle app,
a signal."""

from typing import Any

from probe.wire._shared import ObjectSummary
from probe.wire._typing import NotRequired, TypedDict


class Observed(TypedDict):
    """What the condition's object looked like when the wait ended."""

    exists: bool
    visible: NotRequired[bool]
    enabled: NotRequired[bool]
    focused: NotRequired[bool]
    property: NotRequired[str]
    value: NotRequired[Any]
    geometry: NotRequired[list[int]]
    stableForMs: NotRequired[int]
    count: NotRequired[int]
    error: NotRequired[str]


class Waited(TypedDict):
    """``qt.wait``: the condition held (a timeout is an error naming what was seen)."""

    ok: bool
    condition: str
    observed: Observed
    waitedMs: int


class Idle(TypedDict):
    """``qt.waitIdle``: the event loop answered quickly ``roundTrips`` times in a row."""

    idle: bool
    roundTrips: int
    lastLatencyMs: float
    waitedMs: int


class Signalled(TypedDict):
    """``qt.waitSignal``: the signal fired, with its arguments as JSON."""

    signal: str
    args: list[Any]
    target: ObjectSummary
    waitedMs: int
