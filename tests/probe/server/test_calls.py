"""A connection's calls give back what they hold (bytes, turns) however they end: answered,
cancelled while running, or cancelled before their task ever ran (its body, and so its
``finally``, never runs then). On the transport's own loop, in-process: the accounting
is the transport thread's alone and touches no Qt."""

from __future__ import annotations

import asyncio

from probe.server.calls import Calls
from probe.server.ceilings import Budget, Turns


def _holds_nothing(calls: Calls, shared: Budget, turns: Turns) -> bool:
    return (calls.bytes == 0 and shared.used == 0 and turns.used == 0
            and not calls.running and not turns.waiting)


def test_calls_give_back_their_bytes_and_turns_however_they_end() -> None:
    async def main() -> None:
        loop = asyncio.get_running_loop()
        started: list[str] = []
        gate = asyncio.Event()

        async def answer(message: str | bytes) -> None:
            started.append(str(message))
            await gate.wait()

        # two calls run beyond no free turns, three wait; every byte counts
        shared, turns = Budget(10_000), Turns(2, 0)

        # answered: every call runs in turn and ends
        calls = Calls(loop, answer, shared, None, turns)
        for i in range(5):
            assert calls.offer(f"a{i}" * 50)
        assert turns.used == 2 and turns.waiting and shared.used == 500
        gate.set()
        while len(started) < 5 or calls.running:
            await asyncio.sleep(0)
        assert _holds_nothing(calls, shared, turns)

        # cancelled before their tasks ran: the connection left at once
        gate.clear()
        started.clear()
        calls = Calls(loop, answer, shared, None, turns)
        for i in range(5):
            assert calls.offer(f"b{i}" * 50)
        calls.end()
        for _ in range(5):
            await asyncio.sleep(0)
        assert started == []
        assert _holds_nothing(calls, shared, turns)

        # cancelled while running
        calls = Calls(loop, answer, shared, None, turns)
        for i in range(5):
            assert calls.offer(f"c{i}" * 50)
        while len(started) < 2:
            await asyncio.sleep(0)
        calls.end()
        for _ in range(5):
            await asyncio.sleep(0)
        assert started == ["c0" * 50, "c1" * 50]
        assert _holds_nothing(calls, shared, turns)

    asyncio.run(main())
