"""Every answer and notification the suite receives, checked against what its method
declares (``probe.wire``, published by ``qt.schema``): the whole suite is the test that
the declarations tell the truth.

Installed for the test run by ``tests/conftest.py``; it checks what reaches the clients
of this process (tests, the inspector under test), not those of subprocesses.
"""

from __future__ import annotations

import collections
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import probe.api
from probe.client import AsyncClient, Notification
from probe.server.registry import REGISTRY
from probe.wire import WireError, check

#: The probe declares its methods at its first call (#41's light start); this process
#: runs no probe of its own, so it declares them here (else nothing would be checked).
probe.api.declare_all()


class WireCheck:
    """Counts what was checked and keeps each mismatch."""

    def __init__(self) -> None:
        self.answers: collections.Counter[str] = collections.Counter()
        self.notes: collections.Counter[str] = collections.Counter()
        self.failures: list[str] = []

    def answer(self, method: str, value: Any) -> None:
        """Check one answer of ``method``; raise (in the calling test) when it differs."""
        spec = REGISTRY.get(method)
        if spec is None:  # an unknown method answers METHOD_NOT_FOUND, never a result
            return
        self.answers[method] += 1
        problems = check(value, spec.result_schema, method)
        if problems:
            self._keep(f"{method}: {'; '.join(problems[:5])}")
            raise WireError(f"{method} answered outside its declared result", problems)

    def notification(self, note: Notification) -> None:
        """Check one notification (its reader thread goes on: mismatches are kept)."""
        spec = REGISTRY.notifications.get(note.method)
        if spec is None:
            return
        self.notes[note.method] += 1
        problems = check(note.params, spec_schema(note.method), note.method)
        if problems:
            self._keep(f"{note.method}: {'; '.join(problems[:5])}")

    def _keep(self, failure: str) -> None:
        if failure not in self.failures:
            self.failures.append(failure)

    def summary(self) -> str:
        return (f"wire: {sum(self.answers.values())} answers of {len(self.answers)} methods "
                f"and {sum(self.notes.values())} notifications of {len(self.notes)} kinds "
                f"checked against their declarations; {len(self.failures)} differed")


_SCHEMAS: dict[str, dict[str, Any]] = {}


def spec_schema(method: str) -> dict[str, Any]:
    schema = _SCHEMAS.get(method)
    if schema is None:
        schema = _SCHEMAS[method] = REGISTRY.notifications[method].describe()["params"]
    return schema


@contextmanager
def checking() -> Iterator[WireCheck]:
    """Check every answer and notification the clients of this process receive."""
    wc = WireCheck()
    call_envelope, batch, deliver = (AsyncClient.call_envelope, AsyncClient.batch,
                                     AsyncClient._deliver)

    async def checked_call(self: AsyncClient, method: str, params: Any = None, *,
                           timeout: float | None = 60.0,
                           via: dict[str, Any] | None = None) -> dict[str, Any]:
        envelope = await call_envelope(self, method, params, timeout=timeout, via=via)
        wc.answer(method, envelope["result"])
        return envelope

    async def checked_batch(self: AsyncClient, calls: list[tuple[str, Any]], *,
                            timeout: float | None = 60.0) -> list[dict[str, Any]]:
        replies = await batch(self, calls, timeout=timeout)
        for (method, _params), reply in zip(calls, replies):
            if "result" in reply:
                wc.answer(method, reply["result"]["result"])
        return replies

    def checked_deliver(self: AsyncClient, note: Notification) -> None:
        wc.notification(note)
        deliver(self, note)

    AsyncClient.call_envelope = checked_call  # type: ignore[method-assign]
    AsyncClient.batch = checked_batch  # type: ignore[method-assign]
    AsyncClient._deliver = checked_deliver  # type: ignore[method-assign]
    try:
        yield wc
    finally:
        AsyncClient.call_envelope = call_envelope  # type: ignore[method-assign]
        AsyncClient.batch = batch  # type: ignore[method-assign]
        AsyncClient._deliver = deliver  # type: ignore[method-assign]
