"""Signals (``qt.signals.*``): follow emissions and objects' lifecycle."""

from __future__ import annotations

from collections.abc import Callable

from inspector.link.api._base import Family
from probe.wire.qt_signals import (
    Connections,
    Emission,
    LifecycleSwitch,
    Subscription,
    Unsubscribed,
)


class QtSignals(Family):
    """Signals (``qt.signals.*``)."""

    async def follow_lifecycle(self) -> None:
        """Have objects created and destroyed reported (:meth:`on_lifecycle`)."""
        await self.conn.call("qt.signals.setLifecycle", {"enabled": True},
                             result=LifecycleSwitch)

    async def subscribe_signal(self, object_id: str, signal: str) -> str:
        """Report each emission of ``signal`` (:meth:`on_emission`); the subscription id."""
        reply = await self.conn.call("qt.signals.subscribe", {
            "objectId": object_id, "signal": signal}, result=Subscription)
        return reply["subscriptionId"]

    async def unsubscribe_signal(self, subscription_id: str) -> None:
        await self.conn.call("qt.signals.unsubscribe", {"subscriptionId": subscription_id},
                             result=Unsubscribed)

    async def connections(self, object_id: str) -> Connections:
        """Whom the object's signals reach, who reaches it, and Qt's receiver counts."""
        return await self.conn.call("qt.signals.connections", {"objectId": object_id},
                                    result=Connections)

    def on_emission(self, callback: Callable[[Emission], None]) -> None:
        self._notes("qt.signals.emitted", Emission, callback)
