"""The Python client's two faces against a real probe: async iteration, callbacks, errors."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest

from probe.client import AsyncClient, Client, resolve_target
from probe.exceptions import CallTimeout, ConnectError, RemoteError
from tests.support.app import DemoApp, wait_until


def test_async_client_iterates_notifications(demo: DemoApp) -> None:
    async def scenario() -> list[str]:
        async with await AsyncClient.connect(demo.url, demo.inspector_token, name="watch",
                                             role="inspector") as watcher:
            await watcher.call("probe.subscribe", {"topics": ["traffic"]})
            seen: list[str] = []

            async def collect() -> None:
                async for note in watcher.notifications("probe.traffic"):
                    if note.params["client"]["name"] == "worker":
                        seen.append(note.params["method"])
                    if len(seen) == 3:
                        return

            task = asyncio.create_task(collect())
            await asyncio.sleep(0)  # let the iterator register before traffic flows
            async with await AsyncClient.connect(pid=demo.pid, name="worker",
                                                 role="agent") as worker:
                await worker.call("qt.ping")
                with pytest.raises(RemoteError):
                    await worker.call("qt.missing")
                await asyncio.wait_for(task, 10)
                return seen

    assert asyncio.run(scenario()) == ["probe.hello", "qt.ping", "qt.missing"]


def test_connect_by_pid_and_app_name(demo: DemoApp) -> None:
    url, token, info = resolve_target(pid=demo.pid)
    assert url == demo.url and token == demo.token and info is not None
    with Client.connect(app="qtmcp-demo") as c:
        assert c.call("qt.version")["pid"] == demo.pid


def test_connect_errors_are_clear() -> None:
    with pytest.raises(ConnectError, match="No running qtmcp probe"):
        Client.connect(pid=1)
    with pytest.raises(ConnectError, match="Cannot reach"):
        Client.connect("ws://127.0.0.1:9", "x")


def test_remote_error_carries_name_hint_data(qt: Client) -> None:
    with pytest.raises(RemoteError) as info:
        qt.call("probe.subscribe", {"topics": "traffic"})
    err = info.value
    assert err.name == "INVALID_PARAMS" and err.code == -32602
    assert err.hint and "expected" in err.data
    assert "INVALID_PARAMS" in str(err)


def test_batch_through_client(qt: Client) -> None:
    replies = qt.batch([("qt.ping", None), ("qt.nothing", None), ("qt.version", None)])
    assert replies[0]["result"]["result"]["pong"] is True
    assert replies[1]["error"]["data"]["name"] == "METHOD_NOT_FOUND"
    assert "qt" in replies[2]["result"]["result"]


def test_client_side_timeout(fresh_demo: DemoApp) -> None:
    c = fresh_demo.client()
    fresh_demo.send_command("freeze 2")
    wait_until(lambda: c.call("qt.ping", {"timeout": 0.1})["busy"], what="a frozen GUI thread")
    with pytest.raises(CallTimeout):
        # qt.ping waits up to 5 s for the GUI; the client gives up first
        c.call("qt.ping", {"timeout": 5}, timeout=0.3)
    assert c.call("qt.ping", {"timeout": 5})["pong"] is True


_INTERRUPTED_CONNECT = '''
import asyncio, faulthandler, os, signal, sys, threading
from websockets.asyncio.server import serve
from probe.client import Client

# A terminal's Ctrl+C: Python leaves SIGINT ignored when the process started with it
# ignored (a test runner's worker may pass that on); the stacks if anything still hangs
print("sigint was", "ignored" if signal.getsignal(signal.SIGINT) == signal.SIG_IGN else "kept",
      file=sys.stderr)
signal.signal(signal.SIGINT, signal.default_int_handler)
faulthandler.dump_traceback_later(40, exit=True)
main = threading.get_ident()
ready, closed = threading.Event(), threading.Event()
port: list[int] = []

async def handler(ws):
    await ws.recv()                        # the client's probe.hello
    signal.pthread_kill(main, signal.SIGINT)
    try:
        await ws.wait_closed()             # never answered: the client must hang up
    finally:
        closed.set()

async def server():
    async with serve(handler, "127.0.0.1", 0) as srv:
        port.append(srv.sockets[0].getsockname()[1])
        ready.set()
        await asyncio.Future()

threading.Thread(target=asyncio.run, args=(server(),), daemon=True).start()
ready.wait(10)
try:
    Client.connect(f"ws://127.0.0.1:{port[0]}", "x", name="t")
except KeyboardInterrupt:
    print("interrupted")
print("socket closed" if closed.wait(10) else "socket left open")
'''


def test_a_ctrl_c_while_connecting_ends_the_connect_and_its_socket() -> None:
    """A Ctrl+C that comes while the hello is on its way (what `qtmcp demo` met when
    stopped during its readiness check) leaves no task pending and no socket open."""
    proc = subprocess.run([sys.executable, "-c", _INTERRUPTED_CONNECT], capture_output=True,
                          text=True, timeout=60)
    assert proc.stdout.split("\n")[:2] == ["interrupted", "socket closed"], proc.stderr
    for sign in ("Traceback", "destroyed but it is pending", "never awaited"):
        assert sign not in proc.stderr, proc.stderr
