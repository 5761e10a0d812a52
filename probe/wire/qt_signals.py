"""Signals family (``qt.signals.*``): follow emissions of a signal, and objects coming and
going (``qt.objects.lifecycle``, declared in :mod:`probe.wire.qt_objects`)."""

from typing import Any, Literal

from probe.wire._shared import CodeLine, ObjectSummary
from probe.wire._typing import NotRequired, TypedDict


class Subscription(TypedDict):
    """One signal this client follows."""

    subscriptionId: str
    objectId: str
    signal: str


class Unsubscribed(TypedDict):
    subscriptionId: str
    unsubscribed: bool


class Subscriptions(TypedDict):
    """``qt.signals.list``: this client's subscriptions, and whether it follows the
    lifecycle of objects."""

    subscriptions: list[Subscription]
    lifecycle: bool


class LifecycleSwitch(TypedDict):
    """``qt.signals.setLifecycle``: on or off, and how many clients follow it."""

    enabled: bool
    listeners: int


class Emission(Subscription):
    """``qt.signals.emitted``: a followed signal fired, with its arguments as JSON."""

    args: list[Any]
    ts: float


class Connection(TypedDict):
    """One connection the probe saw made: the sender's signal, what it calls (``slot``:
    ``MainWindow._on_submit``, ``<lambda>``, ``partial(save)``, a signal's signature) and
    of which kind, where the slot's code is defined and the app's line that called
    ``connect`` (None when qtmcp or Qt made it). An outbound one names its ``receiver``
    (the object the slot belongs to; None for a plain function, or a signal of an object
    outside the sender's tree), an inbound one its ``sender`` (None outside the
    receiver's tree)."""

    signal: str
    kind: Literal["method", "function", "lambda", "partial", "signal", "callable"]
    slot: str
    defined: CodeLine | None
    connectedAt: CodeLine | None
    receiver: NotRequired[ObjectSummary | None]
    sender: NotRequired[ObjectSummary | None]
    #: the slot's object was freed while Qt still holds the connection
    gone: NotRequired[bool]


class SignalReceivers(TypedDict):
    """One signal with receivers: Qt's count, how many of them ``outbound`` names, how
    many are qtmcp's own, and ``unseen``: made where the probe could not see (C++, Qt
    itself, a PyQt6 app, before the probe came in)."""

    signal: str
    receivers: int
    named: int
    qtmcp: int
    unseen: int


class Connections(TypedDict):
    """``qt.signals.connections``: whom the object's signals reach (``outbound``), who
    reaches it (``inbound``: connections to its methods or signals), and per signal Qt's
    count of receivers (``signals``: only those with one). ``watching``: whether the probe
    sees this app's connects being made (false in a PyQt6 or C++ app, or with
    QTMCP_CONNECTIONS=0: every connection is then counted unseen)."""

    objectId: str
    className: str
    outbound: list[Connection]
    inbound: list[Connection]
    signals: list[SignalReceivers]
    watching: bool
