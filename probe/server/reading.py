"""One connection's reading, handed from task to task so that a call starts in the loop
turn its message came in.

A reader task reads messages; when one is to run at once, the reader first hands the
reading on to a new reader task, then runs the call itself. A task of its own per call
would start the call one turn of the loop later (an ``epoll_wait`` and the loop's
bookkeeping before the call even decodes its message: ~9 us of qt.ping's round trip,
#41; Python 3.11 has no eager tasks). Exactly one reader exists from :meth:`start` until
the connection ends: the next reader is made before the call begins, and it calls
``recv`` only once its maker's ``recv`` has returned (websockets allows one at a time).
So the client's leaving is always seen, whatever the calls do.

Runs on the transport thread; nothing here touches Qt.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

#: A call the reader runs itself, after it handed the reading on.
Here = Callable[[], Awaitable[None]]
#: What reading one message gives: True (read on), False (stop reading: the connection
#: ends) or a call to run here.
Step = bool | Here


class Reading:
    """The reader tasks of one connection (see the module docstring).

    ``read`` reads one message and says what follows (:data:`Step`); it raises what the
    library raises when the connection closes, which ends the reading like False does
    (the exception goes to whoever awaits :attr:`ended`). ``end`` runs once, in the
    reader that saw the end (the same turn: a session must not outlive its connection
    by a turn of the loop), or at :meth:`stop`.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop, read: Callable[[], Awaitable[Step]],
                 end: Callable[[], None]) -> None:
        self._loop = loop
        self._read = read
        self._on_end = end
        #: Done when the reading ended (the connection closed, or ``read`` said False).
        self.ended: asyncio.Future[None] = loop.create_future()
        #: The task reading now (None before :meth:`start`).
        self.reader: asyncio.Task[None] | None = None
        #: Readers made so far (one per call run at once, plus the first).
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

    def _hand_on(self) -> None:
        self.readers += 1
        self.reader = self._loop.create_task(self._run())

    def _end(self, error: BaseException | None) -> None:
        if self._ending:
            return
        self._ending = True
        try:
            self._on_end()
        finally:
            if not self.ended.done():
                self._settle(error)

    def _settle(self, error: BaseException | None) -> None:
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
            if step is True:
                continue
            if step is False:
                self._end(None)
                return
            if not self._ending:  # the next reader exists before this call begins
                self._hand_on()
            await step()  # (a claimed call always runs: its end gives back what it holds)
            return
