"""A connection's reading goes on while the calls its readers run do not end: exactly one
``recv`` at a time, never none, and the client's leaving is seen (``ended``). In-process on
an asyncio loop, like test_calls: the hand-over is the transport thread's alone."""

from __future__ import annotations

import asyncio
import contextvars

import pytest

from probe.server.reading import Reading, Step


class Closed(Exception):
    """What the library raises when the connection closes."""


def test_reading_goes_on_while_calls_run_and_sees_the_close() -> None:
    async def main() -> None:
        loop = asyncio.get_running_loop()
        inbox: asyncio.Queue[str | None] = asyncio.Queue()
        receiving = 0
        most = 0
        started: list[str] = []
        hold = asyncio.Event()
        calls: list[asyncio.Task[None] | None] = []
        cancelled: list[str] = []
        finished: list[str] = []

        async def call(message: str) -> None:
            calls.append(asyncio.current_task())
            started.append(message)
            if message != "quick":  # a quick one ends within its first step
                try:
                    await hold.wait()
                except asyncio.CancelledError:
                    cancelled.append(message)
                    raise
                finished.append(message)

        async def read() -> Step:
            nonlocal receiving, most
            receiving += 1
            most = max(most, receiving)
            try:
                message = await inbox.get()
            finally:
                receiving -= 1
            if message is None:
                raise Closed
            if message == "skip":
                return True
            return lambda: call(message)

        ends: list[int] = []
        reading = Reading(loop, read, lambda: not inbox.empty(), lambda: ends.append(receiving))
        reading.start()
        for i in range(5):
            inbox.put_nowait(f"m{i}")
            inbox.put_nowait("quick")
        inbox.put_nowait("skip")
        while len(started) < 10:
            await asyncio.sleep(0)
        assert started == [f"m{i // 2}" if i % 2 == 0 else "quick" for i in range(10)]
        # each call runs in the reader that read it; one that waits keeps that task and
        # a new reader reads on, one that ends at once leaves its reader reading
        # (a quick call and the next waiting one share the reader that read both)
        assert len(set(calls)) == 6 and len(set(calls[::2])) == 5
        assert all(calls[i] is calls[i + 1] for i in range(1, 9, 2))
        while not inbox.empty() or not receiving:  # "skip" read, the reader waits again
            await asyncio.sleep(0)
        assert reading.readers == 6 and receiving == 1 and most == 1
        assert reading.reader is calls[-1]
        inbox.put_nowait(None)  # the client leaves while every call still runs
        while not ends:
            await asyncio.sleep(0)
        assert reading.ended.done()  # ended in the reader's own turn, once
        with pytest.raises(Closed):
            await asyncio.wait_for(reading.ended, 5)
        reading.stop()
        assert ends == [0]
        assert receiving == 0 and not any(t.done() for t in calls[::2] if t is not None)
        # a waiting call's task takes a cancel into the call (the connection's end) ...
        first = calls[0]
        assert first is not None
        first.cancel()
        # ... and the others go on when what they wait for comes
        hold.set()
        while len(finished) < 4 or not first.done():
            await asyncio.sleep(0)
        assert cancelled == ["m0"] and first.cancelled()
        assert sorted(finished) == ["m1", "m2", "m3", "m4"]

    asyncio.run(main())


def test_stop_ends_the_reader_waiting_in_recv() -> None:
    async def main() -> None:
        loop = asyncio.get_running_loop()
        never: asyncio.Future[None] = loop.create_future()

        async def read() -> Step:
            await never
            return True

        ends: list[bool] = []
        reading = Reading(loop, read, lambda: False, lambda: ends.append(True))
        reading.start()
        await asyncio.sleep(0)
        reader = reading.reader
        assert reader is not None and not reader.done()
        reading.stop()
        await asyncio.sleep(0)
        assert reader.cancelled() and reading.ended.done() and ends == [True]

    asyncio.run(main())


_MARK: contextvars.ContextVar[str | None] = contextvars.ContextVar("test_mark", default=None)


def test_what_a_waiting_call_sets_stays_its_own() -> None:
    """A call that sets a ContextVar and waits keeps it; the next call, read by the next
    reader, starts without it (a change report's "nested" flag leaked this way and the
    next action reported nothing)."""
    async def main() -> None:
        loop = asyncio.get_running_loop()
        inbox: asyncio.Queue[str] = asyncio.Queue()
        seen: dict[str, str | None] = {}
        hold = asyncio.Event()

        async def call(message: str) -> None:
            seen[message] = _MARK.get()
            _MARK.set(message)
            await hold.wait()
            seen[message + " after"] = _MARK.get()

        async def read() -> Step:
            message = await inbox.get()
            return lambda: call(message)

        reading = Reading(loop, read, lambda: False, lambda: None)
        reading.start()
        inbox.put_nowait("first")
        inbox.put_nowait("second")
        while len(seen) < 2:
            await asyncio.sleep(0)
        hold.set()
        while len(seen) < 4:
            await asyncio.sleep(0)
        assert seen == {"first": None, "second": None, "first after": "first",
                        "second after": "second"}
        reading.stop()

    asyncio.run(main())
