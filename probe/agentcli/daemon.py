"""A session of the agent CLI: one small process that keeps the probe connections.

``python -m probe.agentcli.daemon NAME`` listens on ``cli-NAME.sock`` in the user's
private runtime folder and answers one JSON line per connection:

- ``{"op": "call", "tool": …, "args": {…}, "target": {"pid", "started"} | {"url", "token"},
  "command": "qtmcp click ref_7"}`` (``command``: as typed, shown in the traffic mirror)
  runs the MCP tool through the MCP server's own :class:`~probe.mcp.server.Bridge`, one
  per app, so the answer is the tool's text to the character (change reports, errors and
  hints included), and the refs one call gave out name the same elements in the next;
- ``{"op": "status"}`` says who it is and which apps it holds; ``{"op": "close"}`` ends it.

Why a process of the user's and not a session kept inside the app: a call then costs the
CLI's start and one local round trip, with no WebSocket handshake, hello and schema per
call; the app keeps no state for a client that is gone; and the socket is the user's
alone (a 0700 folder, the socket 0600, and each caller's uid checked with SO_PEERCRED).
When the app restarts, its new probe is a new app for the session: refs of the old one
answer REF_NOT_FOUND, as they do through MCP. The session ends itself after
``$QTMCP_SESSION_IDLE`` seconds without a call (900), and on ``qtmcp session close``.
A lock file keeps one process per session name.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import logging
import os
import signal
import socket
import struct
import sys
import time
from typing import Any

import mcp_types as types

from probe import discovery, private
from probe.agentcli import sessions
from probe.mcp.server import Bridge

log = logging.getLogger("qtmcp.session")

#: Tool sets the session offers: the chrome tools, and the native set for ``problems``.
CAPS = ("chrome", "native")
#: Longest request line (a fill of many fields, many upload paths).
REQUEST_LIMIT = 4 * 1024 * 1024


def client_name(session: str) -> str:
    """How the session names itself to the probe (the inspector shows it)."""
    return "qtmcp-cli" if session == sessions.DEFAULT else f"qtmcp-cli:{session}"


def _peer_uid(writer: asyncio.StreamWriter) -> int | None:
    """The uid of the process on the other end of the socket (None where unknown)."""
    sock = writer.get_extra_info("socket")
    option = getattr(socket, "SO_PEERCRED", None)
    if sock is None or option is None:
        return None
    raw = sock.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i"))
    return struct.unpack("3i", raw)[1]


class Session:
    """The apps one session speaks to, each through its own MCP bridge."""

    def __init__(self, name: str, idle: float) -> None:
        self.name = name
        self.idle = idle
        self.bridges: dict[tuple[Any, ...], Bridge] = {}
        self.calls = 0
        self.started = time.time()
        self.last = time.monotonic()
        self.active = 0
        self.done = asyncio.Event()
        self._timer: asyncio.TimerHandle | None = None
        self._arm()

    # -------------------------------------------------------------- idle end

    def _arm(self) -> None:
        """Look again when the session would have been idle long enough (no polling)."""
        if self._timer is not None:
            self._timer.cancel()
        wait = max(0.0, self.last + self.idle - time.monotonic())
        self._timer = asyncio.get_running_loop().call_later(wait, self._expire)

    def _expire(self) -> None:
        if self.active == 0 and time.monotonic() - self.last >= self.idle:
            log.info("idle for %g s: ending", self.idle)
            self.done.set()
        else:
            self._arm()

    # ------------------------------------------------------------- requests

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One connection: one request line in, one answer line out."""
        self.active += 1  # from the connection on: the session does not end under it
        try:
            uid = _peer_uid(writer)
            if uid is not None and uid != os.getuid():
                log.warning("refused a caller of uid %s", uid)
                return
            line = await reader.readline()
            try:
                answer = await self.answer(json.loads(line))
            except ValueError as exc:
                answer = {"error": True, "text": f"BAD_REQUEST: {exc}"}
            writer.write(json.dumps(answer, ensure_ascii=False).encode("utf-8") + b"\n")
            await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            pass  # the caller left (Ctrl+C) or sent too much: nothing to answer
        finally:
            self.active -= 1
            self.last = time.monotonic()
            self._arm()
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    async def answer(self, request: Any) -> dict[str, Any]:
        op = request.get("op") if isinstance(request, dict) else None
        if op == "call":
            return await self.call(request)
        if op == "status":
            return self.status()
        if op == "close":
            self.done.set()
            return {"closed": self.name}
        return {"error": True, "text": f"BAD_REQUEST: unknown op {op!r}"}

    async def call(self, request: dict[str, Any]) -> dict[str, Any]:
        """Run one tool through the bridge of the request's app; its answer as MCP gives
        it (text, error flag, pictures)."""
        self.calls += 1
        tool, args = request.get("tool"), request.get("args")
        if not isinstance(tool, str) or not isinstance(args, dict):
            return {"error": True, "text": "BAD_REQUEST: a call needs tool and args"}
        bridge = self._bridge(request.get("target") or {})
        try:
            command = request.get("command")
            via = {"command": command, "tool": tool, "arguments": dict(args)} \
                if isinstance(command, str) and command else None
            result = await bridge.call_tool(None, types.CallToolRequestParams(
                name=tool, arguments=args), via=via)
        except Exception as exc:  # the caller gets the reason, and the session lives on
            log.exception("tool %s failed", tool)
            return {"error": True, "text": f"INTERNAL_ERROR: {type(exc).__name__}: {exc}"}
        texts = [c.text for c in result.content if isinstance(c, types.TextContent)]
        images = [[c.data, c.mime_type] for c in result.content
                  if isinstance(c, types.ImageContent)]
        return {"error": bool(result.is_error), "text": "\n".join(texts), "images": images}

    def _bridge(self, target: dict[str, Any]) -> Bridge:
        """The bridge of the target's app, made on first use; bridges of apps that have
        exited are closed (a restarted app is another app: its refs start again)."""
        self._prune()
        url, pid = target.get("url"), target.get("pid")
        # by URL and token: a call with another token connects with it (and is refused
        # when it is wrong), never rides on a connection another token opened
        key: tuple[Any, ...] = ("url", url, target.get("token")) if url else \
            ("pid", pid, target.get("started"))
        bridge = self.bridges.get(key)
        if bridge is None:
            bridge = Bridge(url=url or None, token=target.get("token") if url else None,
                            pid=None if url else pid, caps=CAPS,
                            name=client_name(self.name), role="cli")
            self.bridges[key] = bridge
        return bridge

    def _prune(self) -> None:
        for key, bridge in list(self.bridges.items()):
            if key[0] == "pid" and not discovery.running(key[1]):
                del self.bridges[key]
                asyncio.get_running_loop().create_task(bridge.close())

    def status(self) -> dict[str, Any]:
        apps = []
        for bridge in self.bridges.values():
            link = bridge.link
            if link is not None and not link.client.closed:
                described = link.describe()
                apps.append({"pid": described.get("pid"),
                             "app": described.get("app") or described.get("url")})
        return {"session": self.name, "pid": os.getpid(), "started": self.started,
                "idle": time.monotonic() - self.last, "calls": self.calls, "apps": apps}

    async def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        for bridge in self.bridges.values():
            with contextlib.suppress(Exception):
                await bridge.close()
        self.bridges.clear()


async def serve(name: str, idle: float) -> None:
    """Listen on the session's socket until closed or idle; say ``ready`` once listening."""
    path = sessions.socket_path(name)
    with contextlib.suppress(FileNotFoundError):
        path.unlink()  # a crashed session's; we hold the lock, so no live one owns it
    session = Session(name, idle)
    old = os.umask(0o177)  # the socket is born 0600
    try:
        server = await asyncio.start_unix_server(session.handle, path=str(path),
                                                 limit=REQUEST_LIMIT)
    finally:
        os.umask(old)
    inode = path.stat().st_ino
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        loop.add_signal_handler(sig, session.done.set)
    _say("ready")
    try:
        await session.done.wait()
    finally:
        server.close()
        with contextlib.suppress(OSError):
            if path.stat().st_ino == inode:  # still ours
                path.unlink()
        await session.close()


def _say(word: str) -> None:
    """Tell the starting command how it went, then let go of its pipe."""
    print(word, flush=True)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        name = sessions.session_name(args[0] if args else None)
    except sessions.BadName as exc:
        print(f"qtmcp session: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=os.environ.get("QTMCP_SESSION_LOG", "WARNING"),
                        stream=sys.stderr, format="%(asctime)s %(name)s: %(message)s")
    private.folder()
    lock = os.open(sessions.lock_path(name), os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW
                   | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        _say("running")  # another process is this session
        return 0
    with contextlib.suppress(OSError):
        os.ftruncate(sys.stderr.fileno(), 0)  # the log (appended to) is this run's
    try:
        idle = float(os.environ.get(sessions.IDLE_ENV) or sessions.IDLE_SECONDS)
    except ValueError:
        idle = sessions.IDLE_SECONDS
    try:
        asyncio.run(serve(name, idle))
    finally:
        os.close(lock)
    return 0


if __name__ == "__main__":
    sys.exit(main())
