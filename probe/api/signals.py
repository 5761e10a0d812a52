"""Signals family: subscribe to an object's signals; object created/destroyed notifications.

Notifications go to the subscribing client only: ``qt.signals.emitted`` and
``qt.objects.lifecycle``. A client's subscriptions end when it disconnects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from probe.core.data.signals import LIFECYCLE, SUBSCRIPTIONS, Sink
from probe.core.objects.idtable import ids_for
from probe.core.objects.resolver import resolve
from probe.server.context import Context
from probe.server.registry import P, method

if TYPE_CHECKING:
    from probe.server.probe import Probe
    from probe.server.sessions import Session

ObjectId = Annotated[str, P("path, #N or symbolic name", minLength=1)]

_hooked: set[int] = set()


def _sink(ctx: Context) -> Sink:
    hub, session_id = ctx.probe.hub, ctx.session.id

    def send(method_name: str, params: dict[str, Any]) -> None:
        hub.notify(session_id, method_name, params)
    return send


def _cleanup_on_close(probe: Probe) -> None:
    """Drop a leaving client's subscriptions and lifecycle listener (once per probe)."""
    if id(probe) in _hooked:
        return
    _hooked.add(id(probe))

    def closed(session: Session) -> None:
        SUBSCRIPTIONS.drop_owner(session.id)
        LIFECYCLE.disable(session.id)
    probe.on_session_closed(closed)


@method("qt.signals.subscribe")
def subscribe(ctx: Context, objectId: ObjectId,
              signal: Annotated[str, P("signal name or signature, e.g. valueChanged or "
                                       "valueChanged(int)", minLength=1)]) -> dict[str, Any]:
    """Get a ``qt.signals.emitted`` notification (JSON args, timestamp) each time it fires."""
    ids = ids_for(ctx.state)
    obj = resolve(objectId, ids)
    _cleanup_on_close(ctx.probe)
    sub = SUBSCRIPTIONS.subscribe(ctx.session.id, obj, signal, ids, _sink(ctx))
    return {"subscriptionId": sub.id, "objectId": sub.object_id, "signal": sub.signal}


@method("qt.signals.unsubscribe")
def unsubscribe(ctx: Context,
                subscriptionId: Annotated[str, P("id returned by qt.signals.subscribe",
                                                 minLength=1)]) -> dict[str, Any]:
    """Stop notifications of one subscription."""
    sub = SUBSCRIPTIONS.unsubscribe(ctx.session.id, subscriptionId)
    return {"subscriptionId": sub.id, "unsubscribed": True}


@method("qt.signals.list")
def list_(ctx: Context) -> dict[str, Any]:
    """This client's signal subscriptions and whether lifecycle notifications are on."""
    return {"subscriptions": [{"subscriptionId": s.id, "objectId": s.object_id,
                               "signal": s.signal} for s in SUBSCRIPTIONS.of(ctx.session.id)],
            "lifecycle": ctx.session.id in LIFECYCLE.listeners}


@method("qt.signals.setLifecycle")
def set_lifecycle(ctx: Context, enabled: Annotated[bool, P("on or off")]) -> dict[str, Any]:
    """Turn ``qt.objects.lifecycle`` notifications on or off for this client.

    Batched (at most one notification per 100 ms, up to 200 created objects each; the
    rest are counted in ``dropped``): ``{"created": [object...], "destroyed": ["#N"...],
    "dropped": n}``. ``destroyed`` lists ids this client was given. Costs nothing when off.
    """
    if enabled:
        _cleanup_on_close(ctx.probe)
        LIFECYCLE.enable(ctx.session.id, ids_for(ctx.state), _sink(ctx))
    else:
        LIFECYCLE.disable(ctx.session.id)
    return {"enabled": enabled, "listeners": len(LIFECYCLE.listeners)}
