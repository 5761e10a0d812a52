"""Ceilings across connections (#37 item 4): a cap on connections (past it a newcomer
still gets in: the connection holding the most, else the one silent longest, is closed
with 1013 "try again later" and the reason), on sockets that have not presented a token
(the oldest dropped past the cap, every one at its handshake deadline, none keeping the
app's file descriptors), and on the bytes of unanswered calls of all connections
together (a bystander's small calls still run). One demo app with small limits."""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

from probe import protocol
from probe.client import Client
from probe.exceptions import ConnectionLost
from tests.support.app import DemoApp, start_demo, wait_until

CONNECTIONS = 4
PENDING = 6
#: Bytes of one padded call, and what all connections' unanswered calls may hold beyond
#: the 256 KiB each may always hold (server/ceilings.py).
PADDED = 100_000
TOTAL_CALL_BYTES = 1_000_000
#: Calls all connections may run at once beyond the 4 each may always run.
RUNNING_CALLS = 2


@pytest.fixture(scope="module")
def app() -> Iterator[DemoApp]:
    app = start_demo(env={"QTMCP_MAX_CONNECTIONS": str(CONNECTIONS),
                          "QTMCP_MAX_PENDING": str(PENDING),
                          "QTMCP_HANDSHAKE_SECONDS": "1",
                          "QTMCP_TOTAL_CALL_BYTES": str(TOTAL_CALL_BYTES),
                          "QTMCP_MAX_RUNNING_CALLS": str(RUNNING_CALLS)})
    yield app
    app.stop()


def _fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def _raw(app: DemoApp, token: str | None = None) -> ClientConnection:
    return ws_connect(f"{app.url}/?token={token or app.token}", max_size=None,
                      open_timeout=10, compression=None)


def _close_code(ws: ClientConnection) -> tuple[int | None, str]:
    """The close code and reason the app sent, reading whatever came before."""
    try:
        while True:
            ws.recv(timeout=10)
    except ConnectionClosed as exc:
        return (exc.rcvd.code, exc.rcvd.reason) if exc.rcvd is not None else (None, "")


def _session_calls(watcher: Client, name: str) -> int:
    return sum(s["calls"] for s in watcher.call("probe.sessions") if s["name"] == name)


def test_a_newcomer_gets_in_when_every_place_is_taken(app: DemoApp) -> None:
    """Every place taken (4): a greedy connection with calls waiting for a turn and three
    clients. A newcomer still gets in, and the greedy one is closed with 1013 and why
    (on main the newcomer was refused). Then, nobody holding anything, the next
    newcomer closes the client silent the longest; the others are not touched, and the
    inspector has places of its own."""
    with ExitStack() as stack:
        greedy = stack.enter_context(_raw(app))
        greedy.send(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "probe.hello",
                                "params": {"name": "greedy"}}))
        assert "result" in json.loads(greedy.recv(timeout=10))
        for i in range(1, 13):  # 4 free turns + 2 shared run, 6 wait for a turn
            greedy.send(json.dumps({"jsonrpc": "2.0", "id": i, "method": "cu.wait",
                                    "params": {"duration": 30}}))
        first, second, third = (stack.enter_context(app.client(f"holder-{k}"))
                                for k in range(3))
        wait_until(lambda: _session_calls(first, "greedy") == 1 + 4 + RUNNING_CALLS,
                   timeout=10, what="the greedy connection's turns taken, 6 calls waiting")
        newcomer = stack.enter_context(app.client("newcomer"))  # main: ConnectError
        assert newcomer.call("qt.ping")["pong"] is True
        code, reason = _close_code(greedy)
        assert code == protocol.CLOSE_TRY_LATER
        assert reason.startswith("TOO_MANY_CONNECTIONS") and f"all {CONNECTIONS}" in reason
        assert "the most unanswered" in reason
        # nobody holds anything now: the one silent the longest makes room
        for c in (second, newcomer, third, first):
            assert c.call("qt.ping")["pong"] is True
        late = stack.enter_context(app.client("late"))
        assert late.call("qt.ping")["pong"] is True
        with pytest.raises(ConnectionLost, match="silent the longest"):
            second.call("qt.ping")
        assert all(c.call("qt.ping")["pong"] for c in (newcomer, third, first, late))
        inspector = app.client("inspector-past-the-cap", role="inspector")
        assert inspector.call("qt.ping")["pong"] is True
        inspector.close()
        # a session goes when the probe's reader sees its close, which may be a turn
        # after the client's close returned (a transport method is answered in the turn
        # its message came in)
        wait_until(lambda: sorted(s["name"] for s in late.call("probe.sessions"))
                   == ["holder-0", "holder-2", "late", "newcomer"], timeout=10,
                   what="the sessions left: holder-0, holder-2, late, newcomer")


def test_sockets_without_a_token_hold_no_descriptors(app: DemoApp) -> None:
    """20 sockets that never send a byte: past the 6 that may wait, the oldest are closed
    at once; the rest at the handshake deadline (1 s here); a client with a token gets in
    meanwhile, and the app's descriptors come back to what they were."""
    host, port = app.url.removeprefix("ws://").split(":")
    before = _fds(app.pid)
    socks = [socket.create_connection((host, int(port)), timeout=10) for _ in range(20)]

    def closed(s: socket.socket) -> bool:
        s.settimeout(0.01)
        try:
            return s.recv(1) == b""
        except TimeoutError:
            return False
        except OSError:  # reset: aborted by the app
            return True

    try:
        wait_until(lambda: sum(closed(s) for s in socks[:14]) == 14, timeout=5,
                   what="the 14 oldest sockets dropped past the cap")
        assert _fds(app.pid) - before <= PENDING + 2  # + a client of ours, a spare
        c = app.client("with-a-token")  # gets in: its socket is the newest waiting
        assert c.call("qt.ping")["pong"] is True
        c.close()
        wait_until(lambda: all(closed(s) for s in socks), timeout=5,
                   what="every tokenless socket closed at the handshake deadline")
        wait_until(lambda: _fds(app.pid) <= before, timeout=10,
                   what="the app's file descriptors back")
    finally:
        for s in socks:
            s.close()


def _padded(i: int, method: str, params: dict[str, Any]) -> str:
    head = json.dumps({"jsonrpc": "2.0", "id": i, "method": method, "params": params})
    return head[:-1] + " " * (PADDED - len(head)) + "}"


def test_unanswered_calls_of_all_connections_share_a_bound(app: DemoApp) -> None:
    """Three connections each send 12 calls of 100 KB that take 2 s: together past the
    bound, some are refused at once (TOO_MANY_CALLS, the hint says why) while each
    connection's first ones run, and a bystander's small calls answer meanwhile."""
    answers: list[dict[str, Any]] = []
    with ExitStack() as stack:
        conns = [stack.enter_context(_raw(app)) for _ in range(3)]
        bystander = stack.enter_context(app.client("small-calls"))
        for ws in conns:
            for i in range(12):
                ws.send(_padded(i, "cu.wait", {"duration": 2}))
        assert bystander.call("qt.ping")["pong"] is True
        for ws in conns:
            answers += [json.loads(ws.recv(timeout=30)) for _ in range(12)]
    refused = [a["error"] for a in answers if "error" in a]
    ran = [a for a in answers if "result" in a]
    assert refused and ran, (len(refused), len(ran))
    assert {e["data"]["name"] for e in refused} == {"TOO_MANY_CALLS"}
    assert all("bytes" in e["message"] and "smaller" in e["data"]["hint"] for e in refused)
    # each connection keeps what it may always hold: its first two calls ran
    assert len(ran) >= 3 * 2


def test_calls_of_all_connections_take_turns(app: DemoApp) -> None:
    """Two connections send 10 long cu.wait each: each runs its 4 free turns, the first
    takes the two shared turns, the rest wait as messages (not started: a session's
    ``calls`` counts calls started); a third connection's calls still run at once."""
    with ExitStack() as stack:
        greedy = [stack.enter_context(_raw(app)) for _ in range(2)]
        for k, ws in enumerate(greedy):
            ws.send(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "probe.hello",
                                "params": {"name": f"greedy-{k}"}}))
            assert "result" in json.loads(ws.recv(timeout=10))
            for i in range(1, 11):
                ws.send(json.dumps({"jsonrpc": "2.0", "id": i, "method": "cu.wait",
                                    "params": {"duration": 30}}))
        watcher = stack.enter_context(app.client("turns-watcher"))

        def started() -> list[int]:
            return sorted(s["calls"] for s in watcher.call("probe.sessions")
                          if s["name"].startswith("greedy-"))

        wait_until(lambda: sum(started()) >= 2 * (1 + 4) + RUNNING_CALLS, timeout=10,
                   what="the free and shared turns taken")
        for _ in range(5):  # more round trips: nothing else starts meanwhile
            assert watcher.call("qt.ping")["pong"] is True
        # hello and 4 free turns each, the 2 shared ones to whoever came first
        assert started() == [1 + 4, 1 + 4 + RUNNING_CALLS]

