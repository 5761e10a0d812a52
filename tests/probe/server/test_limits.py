"""Bounds a client cannot push past (#28): answer bytes held for a client that does not
read, per connection and in all; such a client is closed with 1008, the app lives on."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

from probe.api._waiting import MAX_SLEEPS, MAX_WAITS
from probe.client import AsyncClient, Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp, rss_kib, start_demo, wait_until

HELD = 1_000_000


@pytest.fixture(scope="module")
def strict() -> Iterator[DemoApp]:
    """A demo app that holds at most 1 MB of unread answers per connection, 3 MB in all."""
    app = start_demo(env={"QTMCP_MAX_HELD_BYTES": str(HELD),
                          "QTMCP_TOTAL_HELD_BYTES": str(3 * HELD),
                          "QTMCP_STALL_SECONDS": "5"})
    yield app
    app.stop()


def test_a_client_that_never_reads_is_closed_and_costs_a_bounded_amount(strict: DemoApp
                                                                         ) -> None:
    watcher = strict.client("limits-watcher")
    watcher.call("probe.subscribe", {"topics": ["sessions"]})
    # max_queue=1: the client's reader stops taking frames off the socket at once
    with ws_connect(f"{strict.url}?token={strict.token}", max_queue=1, max_size=None) as ws:
        _never_read(ws, watcher, strict.pid)


def _never_read(ws: ClientConnection, watcher: Client, pid: int) -> None:
    rss = rss_kib(pid)
    ws.send(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "probe.hello",
                        "params": {"name": "never-reads"}}))
    big = {"jsonrpc": "2.0", "method": "qt.objects.tree", "params": {"depth": 50}}
    for i in range(1, 400):
        ws.send(json.dumps({**big, "id": i}))
    stalled = watcher.wait_notification("probe.session", lambda p: p["event"] == "stalled"
                                        and p["name"] == "never-reads", timeout=60)
    assert "unread" in stalled["reason"]
    assert rss_kib(pid) - rss < 100 * 1024  # not 400 answers' worth held
    code = None
    try:
        while True:
            ws.recv(timeout=10)
    except ConnectionClosed as exc:
        code = exc.rcvd.code if exc.rcvd is not None else None
    except TimeoutError:
        pass
    assert code == 1008  # read now, the client finds why it was closed
    wait_until(lambda: not any(s["name"] == "never-reads"
                               for s in watcher.call("probe.sessions")), timeout=30)
    assert watcher.call("qt.ping")["pong"] is True


def test_waits_share_scans_and_are_bounded_per_app(strict: DemoApp) -> None:
    """264 waits asked at once (five connections): 256 run, 8 are refused; all of those
    running, waiting for a text that then shows, are answered with it."""
    extra = 8

    async def run() -> tuple[list[Any], list[Any]]:
        clients = [await AsyncClient.connect(strict.url, strict.token, name=f"waiter-{k}")
                   for k in range(5)]
        try:
            waits = [asyncio.ensure_future(c.call("chr.waitFor", {
                "text": "Shown at last", "timeout": 60, "report_changes": False},
                timeout=90)) for k, c in enumerate(clients)
                for _ in range(MAX_WAITS // 4 if k < 4 else extra)]
            refused: list[Any] = []
            pending = set(waits)
            while len(refused) < extra and pending:  # refusals come at once
                done, pending = await asyncio.wait(pending, timeout=90,
                                                   return_when=asyncio.FIRST_COMPLETED)
                if not done:
                    break
                refused += [f for f in done if isinstance(f.exception(), RemoteError)]
            # another connection: each waiting one has all its 64 slots taken
            async with await AsyncClient.connect(strict.url, strict.token) as setter:
                await setter.call("qt.properties.set", {"objectId": "statusLabel",
                                                        "name": "text", "value": "Shown at last"})
            answers = await asyncio.gather(*pending, return_exceptions=True)
            return list(answers), [f.exception() for f in refused]
        finally:
            for c in clients:
                await c.close()

    answers, refused = asyncio.run(run())
    assert len(refused) == extra and {e.name for e in refused} == {"TOO_MANY_CALLS"}
    assert refused[0].data["limit"] == MAX_WAITS
    assert len(answers) == MAX_WAITS
    assert all(isinstance(a, dict) and a["ok"] for a in answers), answers[:3]
    assert {a["text"][0] for a in answers} == {"Shown at last"}


def test_cu_wait_is_bounded_per_app(strict: DemoApp) -> None:
    """264 cu.wait asked at once (five connections): 256 run, 8 are refused at once with
    the limit and a hint; once their connections close, cu.wait runs again."""
    extra = 8

    async def run() -> list[Any]:
        clients = [await AsyncClient.connect(strict.url, strict.token, name=f"sleeper-{k}")
                   for k in range(5)]
        try:
            sleeps = [asyncio.ensure_future(c.call("cu.wait", {"duration": 60}, timeout=90))
                      for k, c in enumerate(clients)
                      for _ in range(MAX_SLEEPS // 4 if k < 4 else extra)]
            done, _ = await asyncio.wait(sleeps, timeout=20)
            return [f.exception() for f in done]
        finally:
            for c in clients:
                await c.close()

    refused = asyncio.run(run())
    assert len(refused) == extra and {type(e) for e in refused} == {RemoteError}, refused
    assert {e.name for e in refused} == {"TOO_MANY_CALLS"}
    assert refused[0].data["limit"] == MAX_SLEEPS and "at once" in refused[0].data["hint"]

    def again() -> bool:
        try:
            with strict.client("sleeper-after") as c:
                return c.call("cu.wait", {"duration": 0})["waited"] == 0
        except RemoteError:
            return False

    wait_until(again, timeout=10, what="cu.wait running again once the sleepers left")
