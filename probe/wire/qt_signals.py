"""Signals family (``qt.signals.*``): follow emissions of a signal, and objects coming and
going (``qt.objects.lifecycle``, declared in :mod:`probe.wire.qt_objects`)."""

from typing import Any

from probe.wire._typing import TypedDict


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
