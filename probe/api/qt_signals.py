"""Signals family: subscribe to an object's signals; object created/destroyed notifications.

Notifications go to the subscribing client only: ``qt.signals.emitted`` and
``qt.objects.lifecycle``. A client's subscriptions end when it disconnects.
"""

from __future__ import annotations

from typing import Annotated, Any

from probe.api._params import ObjectId
from probe.core.data import connections
from probe.core.data.signals import LIFECYCLE, SUBSCRIPTIONS, Sink
from probe.core.objects.idtable import ids_for
from probe.core.objects.resolver import object_of
from probe.server.context import Context
from probe.server.registry import P, Tool, method, notification
from probe.wire.qt_objects import Lifecycle
from probe.wire.qt_signals import (
    Connections,
    Emission,
    LifecycleSwitch,
    Subscription,
    Subscriptions,
    Unsubscribed,
)

notification("qt.signals.emitted", Emission)
notification("qt.objects.lifecycle", Lifecycle)


def _sink(ctx: Context) -> Sink:
    session_id = ctx.session.id

    def send(method_name: str, params: dict[str, Any]) -> None:
        ctx.notify(method_name, params, session_id)
    return send


def _closed(session: Any) -> None:
    """A leaving client's subscriptions and lifecycle listener go with it."""
    SUBSCRIPTIONS.drop_owner(session.id)
    LIFECYCLE.disable(session.id)


def _cleanup_on_close(ctx: Context) -> None:
    """Drop each client's subscriptions when it leaves."""
    ctx.on_close(_closed)


@method("qt.signals.subscribe", tool=Tool(spoken="wait_for_signal"))
def subscribe(ctx: Context, objectId: ObjectId,
              signal: Annotated[str, P("signal name or signature, e.g. valueChanged or "
                                       "valueChanged(int)", minLength=1)]) -> Subscription:
    """Get a ``qt.signals.emitted`` notification (JSON args, timestamp) each time it fires."""
    ids = ids_for(ctx.state)
    obj = object_of(objectId, ids)
    _cleanup_on_close(ctx)
    sub = SUBSCRIPTIONS.subscribe(ctx.session.id, obj, signal, ids, _sink(ctx))
    return {"subscriptionId": sub.id, "objectId": sub.object_id, "signal": sub.signal}


@method("qt.signals.unsubscribe")
def unsubscribe(ctx: Context,
                subscriptionId: Annotated[str, P("id returned by qt.signals.subscribe",
                                                 minLength=1)]) -> Unsubscribed:
    """Stop notifications of one subscription."""
    sub = SUBSCRIPTIONS.unsubscribe(ctx.session.id, subscriptionId)
    return {"subscriptionId": sub.id, "unsubscribed": True}


@method("qt.signals.list", tool=Tool(spoken="inspect_object"))
def list_(ctx: Context) -> Subscriptions:
    """This client's signal subscriptions and whether lifecycle notifications are on."""
    return {"subscriptions": [{"subscriptionId": s.id, "objectId": s.object_id,
                               "signal": s.signal} for s in SUBSCRIPTIONS.of(ctx.session.id)],
            "lifecycle": ctx.session.id in LIFECYCLE.listeners}


@method("qt.signals.setLifecycle")
def set_lifecycle(ctx: Context, enabled: Annotated[bool, P("on or off")]) -> LifecycleSwitch:
    """Turn ``qt.objects.lifecycle`` notifications on or off for this client.

    Batched (at most one notification per 100 ms, up to 200 created objects each; the
    rest are counted in ``dropped``): ``{"created": [object...], "destroyed": ["#N"...],
    "dropped": n}``. ``destroyed`` lists ids this client was given. Costs nothing when off.
    """
    if enabled:
        _cleanup_on_close(ctx)
        LIFECYCLE.enable(ctx.session.id, ids_for(ctx.state), _sink(ctx))
    else:
        LIFECYCLE.disable(ctx.session.id)
    return {"enabled": enabled, "listeners": len(LIFECYCLE.listeners)}


@method("qt.signals.connections", tool=Tool("list_connections", "native"))
def connections_(ctx: Context, objectId: ObjectId) -> Connections:
    """What happens when the object's signals fire, and what makes it act: ``outbound``
    lists each connection from its signals (the slot by name, e.g. ``MainWindow.submit``
    or ``<lambda>``, the receiver object, where the slot is defined and the app's line
    that called ``connect``), ``inbound`` those that call its methods or signals, and
    ``signals`` Qt's receiver count per connected signal, with ``unseen``: connections
    made where the probe could not see (C++, Qt itself, a PyQt6 app, before the probe
    came in), counted but not named. A deleted object is OBJECT_STALE."""
    ids = ids_for(ctx.state)
    return connections.report(object_of(objectId, ids), ids)
