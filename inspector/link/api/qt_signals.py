"""Signals (``qt.signals.*``): follow emissions and objects' lifecycle."""

from __future__ import annotations

from collections.abc import Callable

from inspector.link.api._base import Family
from inspector.link.replies import Emission


class QtSignals(Family):
    """Signals (``qt.signals.*``)."""

    async def follow_lifecycle(self) -> None:
        """Have objects created and destroyed reported (:meth:`on_lifecycle`)."""
        await self.conn.call("qt.signals.setLifecycle", {"enabled": True})

    async def subscribe_signal(self, object_id: str, signal: str) -> str:
        """Report each emission of ``signal`` (:meth:`on_emission`); the subscription id."""
        reply = await self.conn.call("qt.signals.subscribe", {"objectId": object_id,
                                                               "signal": signal})
        return str(reply.get("subscriptionId"))

    async def unsubscribe_signal(self, subscription_id: str) -> None:
        await self.conn.call("qt.signals.unsubscribe", {"subscriptionId": subscription_id})

    def on_emission(self, callback: Callable[[Emission], None]) -> None:
        self._listen("qt.signals.emitted", Emission.from_json, callback)
