"""What all the clients of one app together may make the probe hold, and who gets in.

:class:`Limits` holds the numbers, which are the documented ceiling (README, "Limits");
the rest does the counting, on the transport thread only:

- :class:`Door`: sockets that have not yet presented a token (at most ``pending``, each for
  at most ``handshake_seconds``; when a new one comes and all are taken, one of them is
  dropped: the one waiting longest with nothing left unread), and connections
  (``connections`` with the client token, and ``inspector_connections`` more for the
  inspector's). When every place of its kind is taken, a newcomer still gets in: the
  connection least worth keeping makes room, closed with 1013 "try again later" and why
  (:meth:`Door.let_in`).
- :class:`Budget`: bytes every connection's holders share, on top of their own bounds:
  the messages of calls not answered yet (running or waiting their turn) and the
  notifications queued for clients.
- :class:`Turns`: calls running at once across connections; the rest wait their turn.
- :func:`give_back`: memory freed when connections end goes back to the system.

Without them, 200 connections each holding 16 MiB of waiting messages took an app from
91 MB to 3.57 GB, never given back, and 1,100 sockets that never sent a token took all
1,024 of its file descriptors (issue #37).
"""

from __future__ import annotations

import array
import asyncio
import collections
import gc
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from probe import protocol

try:
    import fcntl
    import termios
except ImportError:  # Windows: no FIONREAD here; the oldest waiting socket goes
    fcntl = None
    termios = None

log = logging.getLogger("qtmcp.probe")

MiB = 1024 * 1024
def _env_int(name: str, default: int) -> int:
    try:
        return int(os.environ.get(name, "") or default)
    except ValueError:
        return default


def _env_float(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, "") or default)
    except ValueError:
        return default


@dataclass(frozen=True)
class Limits:
    """The numbers (each with its QTMCP_* variable)."""

    #: WebSocket connections with the client token at once (QTMCP_MAX_CONNECTIONS).
    connections: int = 64
    #: More connections for the inspector token, so a human can always look in.
    inspector_connections: int = 4
    #: Sockets that have not presented a token yet (QTMCP_MAX_PENDING): each holds one of
    #: the app's file descriptors.
    pending: int = 128
    #: Seconds a socket has to send its whole opening request (QTMCP_HANDSHAKE_SECONDS).
    handshake_seconds: float = 3.0
    #: Bytes of the messages of calls not answered yet, all connections together, beyond
    #: what each may always hold (QTMCP_TOTAL_CALL_BYTES); one connection's bound is
    #: ``calls.MAX_CALL_BYTES``.
    call_bytes: int = 32 * MiB
    #: Bytes of notifications queued for clients, all together, beyond what each may
    #: always hold (QTMCP_TOTAL_NOTIFICATION_BYTES); one client's is ``max_queue_bytes``.
    notification_bytes: int = 32 * MiB
    #: What each connection may always hold of either, whatever the others hold.
    free_each: int = 256 * 1024
    #: Calls running at once, all connections together, beyond the ``free_calls`` each
    #: may always run (QTMCP_MAX_RUNNING_CALLS); one connection's bound is
    #: ``calls.MAX_IN_FLIGHT``.
    running_calls: int = 256
    free_calls: int = 4
    #: Bytes of answers held for clients that have not read them, all together, beyond
    #: what each may always hold (the probe's ``total_held_bytes``,
    #: QTMCP_TOTAL_HELD_BYTES; server/outbox.py).
    held_bytes: int = 128 * MiB
    #: Largest message a connection can be in the middle of receiving (the transport's
    #: ``max_size``).
    message_bytes: int = 5 * MiB

    @classmethod
    def from_env(cls, **given: Any) -> Limits:
        """Defaults, then QTMCP_* variables, then ``given`` (the probe's options)."""
        values: dict[str, Any] = {
            "connections": _env_int("QTMCP_MAX_CONNECTIONS", cls.connections),
            "pending": _env_int("QTMCP_MAX_PENDING", cls.pending),
            "handshake_seconds": _env_float("QTMCP_HANDSHAKE_SECONDS",
                                            cls.handshake_seconds),
            "call_bytes": _env_int("QTMCP_TOTAL_CALL_BYTES", cls.call_bytes),
            "running_calls": _env_int("QTMCP_MAX_RUNNING_CALLS", cls.running_calls),
            "notification_bytes": _env_int("QTMCP_TOTAL_NOTIFICATION_BYTES",
                                           cls.notification_bytes),
        }
        values.update({k: v for k, v in given.items() if v is not None})
        return cls(**values)

    def ceiling_bytes(self) -> int:
        """The most all clients together can make the probe hold: messages, notifications
        and answers, plus on every connection there may be what it may always hold of
        each and one message arriving."""
        each = 3 * self.free_each + self.message_bytes
        return (self.call_bytes + self.notification_bytes + self.held_bytes
                + (self.connections + self.inspector_connections) * each)


class Budget:
    """Bytes that many holders share (transport thread).

    Each holder may always hold ``free_each`` bytes: only what it holds beyond that counts
    against ``limit``, so a few greedy holders can fill the budget, but never take a
    small client's calls or notifications away.
    """

    def __init__(self, limit: int, free_each: int = 0) -> None:
        self.limit = limit
        self.free_each = free_each
        #: Bytes held beyond the holders' free allowances.
        self.used = 0

    def _over(self, held: int) -> int:
        return max(0, held - self.free_each)

    def take(self, held: int, size: int) -> bool:
        """A holder that holds ``held`` bytes would hold ``size`` more: count them; False
        (nothing counted) when that passes the limit."""
        more = self._over(held + size) - self._over(held)
        if more and self.used + more > self.limit:
            return False
        self.used += more
        return True

    def force(self, held: int, size: int) -> None:
        """Count ``size`` more bytes of a holder past the limit (it is being made room for)."""
        self.used += self._over(held + size) - self._over(held)

    def give(self, held: int, size: int) -> None:
        """A holder that holds ``held`` bytes lets ``size`` of them go."""
        self.used = max(0, self.used - (self._over(held) - self._over(held - size)))


class Turns:
    """Calls that run at once across connections (transport thread).

    Each connection may always run ``free_each`` calls; beyond that all share ``limit``
    and the rest wait as the messages they came in (bounded in bytes), and a freed turn
    goes to the connections waiting, one call each in turn. 64 connections running 64
    calls each made the app hold 4,096 calls' frames, futures and jobs at once, whose
    scattered survivors kept 2,000 of Python's memory pools from going back (RSS 100 ->
    150 MB after they closed).
    """

    def __init__(self, limit: int, free_each: int) -> None:
        self.limit = limit
        self.free_each = free_each
        #: Calls running beyond their connections' free turns.
        self.used = 0
        self._queue: collections.deque[Turner] = collections.deque()

    def take(self, running: int) -> bool:
        """A connection running ``running`` calls would start one more: count it; False
        when it must wait."""
        if running < self.free_each:
            return True
        if self.used >= self.limit:
            return False
        self.used += 1
        return True

    def give(self, running: int) -> None:
        """A call of a connection that ran ``running`` calls (this one included) ended."""
        if running > self.free_each:
            self.used = max(0, self.used - 1)

    def wait(self, turner: Turner) -> None:
        """``turner`` has calls waiting for a turn (once in the queue however many)."""
        if not turner.queued:
            turner.queued = True
            self._queue.append(turner)

    @property
    def waiting(self) -> bool:
        """Some connection has calls waiting for a turn."""
        return bool(self._queue)

    def pump(self) -> None:
        """Hand the free turns to the waiting connections, one call each in turn."""
        progress = True
        while self._queue and progress:
            progress = False
            for _ in range(len(self._queue)):
                turner = self._queue.popleft()
                started, more = turner.start_one()
                progress = progress or started
                if more:
                    self._queue.append(turner)
                else:
                    turner.queued = False


class Turner(Protocol):
    """What :class:`Turns` needs of one connection's calls."""

    queued: bool

    def start_one(self) -> tuple[bool, bool]:
        """Start one waiting call if it may: (whether it started one, whether more wait)."""
        ...


class _Socket(Protocol):
    """What the door needs of a connection: its transport, to drop it."""

    transport: Any


@dataclass
class _Place:
    """One connection let in."""

    inspector: bool
    #: Loop time of the last message it sent (its arrival until then).
    heard: float
    #: Closed to make room: its place is the newcomer's already.
    leaving: bool = False


@dataclass
class Door:
    """Who gets in (transport thread; see the module's note)."""

    limits: Limits
    loop: asyncio.AbstractEventLoop
    #: Bytes a connection makes the probe hold and has not taken back: its unread answers
    #: and its messages waiting for a turn (the transport's; 0 when not told).
    backlog: Callable[[Any], int] | None = None
    #: Sockets without a token yet, oldest first, with the timer that drops them.
    _pending: collections.OrderedDict[Any, asyncio.TimerHandle] = field(
        default_factory=collections.OrderedDict)
    #: Those of them that sent their whole opening request (answered at once).
    _requested: set[Any] = field(default_factory=set)
    #: Connections let in.
    _open: dict[Any, _Place] = field(default_factory=dict)
    #: Sockets dropped, by why (what a report or a test reads).
    dropped: collections.Counter[str] = field(default_factory=collections.Counter)
    _trim: asyncio.TimerHandle | None = None

    def arrived(self, sock: _Socket) -> None:
        """A socket was accepted: it waits for its token; if all ``pending`` places are
        taken, one waiting goes (its file descriptor is closed at once)."""
        while len(self._pending) >= self.limits.pending:
            victim = self._stalest()
            timer = self._stop_waiting(victim)
            if timer is not None:
                timer.cancel()
            self.dropped["pending"] += 1
            _abort(victim)
        self._pending[sock] = self.loop.call_later(self.limits.handshake_seconds,
                                                   self._late, sock)

    def requested(self, sock: _Socket) -> None:
        """``sock`` sent its whole opening request: it is answered at the loop's next
        turn, so it is the last to drop."""
        if sock in self._pending:
            self._requested.add(sock)

    def _stalest(self) -> Any:
        """The waiting socket to drop for a new one: the oldest that has not sent its
        whole request and whose bytes the probe has all read (it sent nothing, or half a
        request, and waits), else the oldest without a whole request, else the oldest.

        Not simply the oldest: sockets arrive in bursts (the accept loop takes up to its
        backlog at once), and a client that sent its whole request in the same moment
        waits a turn or two of the loop for it to be read and answered. Under 400
        hostile sockets coming back as fast as they were closed, the oldest-first rule
        dropped such a bystander before its request was answered (1 of 20 tries, and 837
        of 900 token-holding connections: "did not receive a valid HTTP response")."""
        fallback = None
        for sock in self._pending:
            if sock in self._requested:
                continue
            if not _unread(sock):
                return sock
            if fallback is None:
                fallback = sock
        return fallback if fallback is not None else next(iter(self._pending))

    def _stop_waiting(self, sock: _Socket) -> asyncio.TimerHandle | None:
        self._requested.discard(sock)
        return self._pending.pop(sock, None)

    def _late(self, sock: _Socket) -> None:
        if self._stop_waiting(sock) is not None:
            self.dropped["handshake deadline"] += 1
            _abort(sock)

    def authorized(self, sock: _Socket) -> None:
        """It presented a good token: no deadline any more."""
        timer = self._stop_waiting(sock)
        if timer is not None:
            timer.cancel()

    def heard(self, sock: _Socket) -> None:
        """A message came from ``sock`` (it is not the silent one)."""
        place = self._open.get(sock)
        if place is not None:
            place.heard = self.loop.time()

    def let_in(self, sock: _Socket, inspector: bool) -> tuple[Any, str] | None:
        """Count a connection with a good token. When every place of its kind is taken,
        it still gets in: the one of that kind least worth keeping leaves (returned with
        the close reason; the caller closes it with CLOSE_TRY_LATER).

        Least worth keeping: the one holding the most bytes it has not taken back
        (unread answers, messages waiting for a turn), else the one silent longest.
        So a peer that opens every place, or floods through them, can never lock a
        newcomer out (the inspector, an agent): what it loses is its own greediest or
        idlest connection. A refusal instead made the cap a lock: 100 connections of one
        process pumping big calls held all 64 places, and a bystander with the same
        token was refused (3 of 19 tries, issue #37)."""
        self.authorized(sock)
        cap = self.limits.inspector_connections if inspector else self.limits.connections
        mine = [s for s, place in self._open.items()
                if place.inspector == inspector and not place.leaving]
        victim: tuple[Any, str] | None = None
        if len(mine) >= cap and mine:
            victim = self._least_worth(mine, cap)
            self._open[victim[0]].leaving = True
            self.dropped["made room"] += 1
        self._open[sock] = _Place(inspector, self.loop.time())
        return victim

    def _least_worth(self, socks: list[Any], cap: int) -> tuple[Any, str]:
        """The connection among ``socks`` to close for a newcomer, and why (at most 123
        bytes: a close reason)."""
        weigh = self.backlog
        weights = {s: weigh(s) if weigh is not None else 0 for s in socks}
        heaviest = max(socks, key=lambda s: weights[s])
        if weights[heaviest] > 0:
            victim = heaviest
            why = f"it held the most unanswered ({weights[heaviest]:,} bytes)"
        else:
            victim = min(socks, key=lambda s: self._open[s].heard)
            why = f"it was silent the longest ({self.loop.time() - self._open[victim].heard:.0f} s)"
        kind = protocol.ERRORS["TOO_MANY_CONNECTIONS"]
        return victim, (f"{kind.name}: all {cap} places taken; closed for a new "
                        f"connection: {why}. {kind.hint}")[:123]

    def left(self, sock: _Socket) -> None:
        """The socket closed, whatever it was: once the others stop leaving, what it
        held goes back to the system (:func:`give_back`)."""
        timer = self._stop_waiting(sock)
        if timer is not None:
            timer.cancel()
        if self._open.pop(sock, None) is not None:
            if self._trim is not None:
                self._trim.cancel()
            self._trim = self.loop.call_later(GIVE_BACK_AFTER, give_back)

    @property
    def connections(self) -> int:
        return sum(1 for place in self._open.values() if not place.leaving)

    @property
    def waiting(self) -> int:
        return len(self._pending)


def _unread(sock: _Socket) -> int:
    """Bytes that came on ``sock`` and that the probe has not read yet (0 when unknown)."""
    transport = getattr(sock, "transport", None)
    raw = transport.get_extra_info("socket") if transport is not None else None
    if raw is None or fcntl is None or termios is None:
        return 0
    try:
        count = array.array("i", [0])
        fcntl.ioctl(raw.fileno(), termios.FIONREAD, count)
    except (OSError, ValueError):
        return 0
    return count[0]


def _abort(sock: _Socket) -> None:
    transport = getattr(sock, "transport", None)
    if transport is not None:
        transport.abort()


# ------------------------------------------------------------------ memory back

#: Seconds after the last connection left that freed memory goes back to the system.
GIVE_BACK_AFTER = 0.5
#: Fewest seconds between two full collections of the app's garbage when clients leave
#: (one takes the app's interpreter for tens of milliseconds).
COLLECT_EVERY = 10.0
_collected = -COLLECT_EVERY
_trim: Any = None


def _malloc_trim() -> Any:
    global _trim
    if _trim is None:
        # imported at the first give-back (a client left), not at the app's start: its
        # cost (~2 ms, 0.4 MiB), not a circle (#41)
        import ctypes
        import ctypes.util

        name = ctypes.util.find_library("c")
        try:
            _trim = getattr(ctypes.CDLL(name), "malloc_trim", False) if name else False
        except OSError:
            _trim = False
    return _trim


def give_back() -> bool:
    """Return freed heap memory to the system (glibc's ``malloc_trim``): what a client's
    messages and answers took stays mapped by the C allocator after it leaves (an app
    at 487 MB after 100 hostile connections closed, 95 before). False where the C
    library has no such call."""
    global _collected
    t0 = time.perf_counter()
    if t0 - _collected > COLLECT_EVERY:
        # Calls cut short by a closing connection leave cycles (a failure's traceback and
        # the frames it holds): a full collection frees them now, not at some later
        # allocation (11 MB of 100 hostile clients' calls).
        _collected = t0
        gc.collect()
    trim = _malloc_trim()
    if not trim:
        return False
    trim(0)
    log.debug("memory given back in %.1f ms", (time.perf_counter() - t0) * 1000)
    return True
