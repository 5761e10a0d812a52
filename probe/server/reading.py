"""One connection's reading, handed from task to task so that a call starts in the loop
turn its message came in.

A reader task reads messages; a call to run at once starts in the reader itself, in that
turn. A call that ends within that first step (a transport-thread method, a refusal of
bad params) leaves the reader reading; one that waits (for the GUI thread, a condition)
keeps the reader's task, and the reading goes on in a new reader task made right then.
A task of its own per call started every call one turn of the loop later (an
``epoll_wait`` and the loop's bookkeeping before the call even decoded its message: ~9 us
of qt.ping's round trip, #41) and cost a transport method a task; Python 3.11 has no
eager tasks (3.12's ``eager_start`` does this step in C).

Exactly one reader exists at every point where the loop runs something else, from
:meth:`Reading.start` until the connection ends: the reader runs a call's first step
without letting the loop run, and makes the next reader before the call waits; each
reader calls ``recv`` only once its maker's ``recv`` has returned (websockets allows one
at a time). So the client's leaving is always seen, whatever the calls do.

A call that waits keeps the reader's context; the next reader gets a copy of it as it
was before that call began (what the call sets, such as a change report's "nested" flag,
stays the call's). Calls answered within their first step run one after another in one
reader's context: every ContextVar of the probe is set per call (``LANE``) or set and
reset by token (fault tallies, change reports), so each finds it as the one before it
found it.

Runs on the transport thread; nothing here touches Qt.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Awaitable, Callable, Coroutine, Generator
from typing import Any

#: A call the reader runs itself (its coroutine, not started yet).
Here = Callable[[], Coroutine[Any, Any, None]]
#: What reading one message gives: True (read on), False (stop reading: the connection
#: ends) or a call to run here.
Step = bool | Here


class Reading:
    """The reader tasks of one connection (see the module docstring).

    ``read`` reads one message and says what follows (:data:`Step`); it raises what the
    library raises when the connection closes, which ends the reading like False does
    (the exception goes to whoever awaits :attr:`ended`). ``more`` says whether another
    message is already there: then the reader lets the loop turn before reading it (one
    message per turn, so that 64 connections draining their queues do not make every
    turn that long). ``end`` runs once, in the reader that saw the end (the same turn: a
    session must not outlive its connection by a turn of the loop), or at :meth:`stop`.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop, read: Callable[[], Awaitable[Step]],
                 more: Callable[[], bool], end: Callable[[], None]) -> None:
        self._loop = loop
        self._read = read
        self._more = more
        self._on_end = end
        #: Done when the reading ended (the connection closed, or ``read`` said False).
        self.ended: asyncio.Future[None] = loop.create_future()
        #: The task reading now (None before :meth:`start`).
        self.reader: asyncio.Task[None] | None = None
        #: Readers made so far (one per call that waited, plus the first).
        self.readers = 0
        self._ending = False

    def start(self) -> None:
        """Begin reading (in a task of its own)."""
        self._hand_on()

    def stop(self) -> None:
        """The connection's handler ends: stop the reader still reading, if any (the
        calls the readers run are the connection's :class:`Calls`' to end)."""
        if self.reader is not None and not self.reader.done():
            self.reader.cancel()
        self._end(None)

    def _hand_on(self, context: contextvars.Context | None = None) -> None:
        """Make the next reader (in a copy of ``context``, else of the current one; a
        task copies the context it is made in: ``create_task(context=)`` is 3.11+)."""
        if self._ending:
            return
        self.readers += 1
        make = self._loop.create_task
        self.reader = make(self._run()) if context is None else context.run(make, self._run())

    def _end(self, error: BaseException | None) -> None:
        if self._ending:
            return
        self._ending = True
        try:
            self._on_end()
        finally:
            if not self.ended.done():
                if error is None:
                    self.ended.set_result(None)
                else:
                    self.ended.set_exception(error)

    async def _run(self) -> None:
        while True:
            try:
                step = await self._read()
            except asyncio.CancelledError:  # stop(): the handler already ended
                self._end(None)
                raise
            except Exception as exc:  # noqa: BLE001 - the connection closed (or reading
                # failed): whoever awaits `ended` gets it
                self._end(exc)
                return
            if step is False:
                self._end(None)
                return
            if step is not True:
                # the next reader's context: this one's before the call set anything
                # in it (a change report's "nested" flag seen by the next call made
                # that one report nothing)
                before = contextvars.copy_context()
                call = step()
                try:  # its first step, in this turn (a claimed call always runs)
                    waiting_on = call.send(None)
                except StopIteration:  # answered already: this task reads on
                    pass
                except BaseException:
                    self._hand_on(before)
                    raise
                else:  # it waits: the reading goes on in a new task, this one runs it
                    self._hand_on(before)
                    await _Rest(call, waiting_on)
                    return
            if self._more():
                await asyncio.sleep(0)


class _Rest:
    """The rest of a coroutine whose first step already ran and yielded ``waiting_on``:
    awaiting it gives the task that future (and whatever the task sends or throws next
    goes on into the coroutine), as ``await coroutine`` would have from the start."""

    __slots__ = ("_coro", "_first")

    def __init__(self, coro: Coroutine[Any, Any, None], waiting_on: Any) -> None:
        self._coro = coro
        self._first = waiting_on

    def __await__(self) -> Generator[Any, Any, None]:
        coro, value = self._coro, self._first
        while True:
            try:
                sent = yield value
            except GeneratorExit:
                coro.close()
                raise
            except BaseException as exc:  # noqa: BLE001 - thrown in (a cancel): pass it on
                try:
                    value = coro.throw(exc)
                except StopIteration:
                    return
            else:
                try:
                    value = coro.send(sent)
                except StopIteration:
                    return
