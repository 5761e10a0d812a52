"""What a method receives as ``ctx``: the calling session and a way back to the probe."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from probe.server.probe import Probe
    from probe.server.sessions import Session


@dataclass
class Meta:
    """A result with extra ``meta`` fields: ``return Meta(value, truncated=True)``."""

    value: Any
    extra: dict[str, Any]

    def __init__(self, value: Any, **extra: Any) -> None:
        self.value = value
        self.extra = extra


@dataclass
class Context:
    """The call's context. Safe to read on any thread; ``gui`` is for async methods."""

    probe: Probe
    session: Session
    method: str
    request_id: int | str | None

    async def gui(self, fn: Callable[..., Any], *args: Any, timeout: float | None = None,
                  **kwargs: Any) -> Any:
        """Run ``fn(*args, **kwargs)`` on the GUI thread and return its result."""
        return await self.probe.executor.run(lambda: fn(*args, **kwargs), timeout)

    def notify(self, method: str, params: dict[str, Any]) -> None:
        """Send a notification to the calling client only (any thread)."""
        self.probe.hub.notify(self.session.id, method, params)

    def publish(self, topic: str, method: str, params: dict[str, Any]) -> None:
        """Send a notification to every subscriber of ``topic`` (any thread)."""
        self.probe.hub.publish(topic, method, params)

    @property
    def state(self) -> dict[str, Any]:
        """Per-session storage (ids, refs, subscriptions of this client)."""
        return self.session.state
