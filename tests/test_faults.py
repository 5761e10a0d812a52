"""Faults: clients that stop reading or vanish, objects that die under a call."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from websockets.sync.client import connect as ws_connect

from conftest import DemoApp, start_demo, wait_until
from probe.exceptions import RemoteError


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


@pytest.fixture
def small_queue_demo() -> Iterator[DemoApp]:
    app = start_demo(env={"QTMCP_MAX_QUEUE_BYTES": str(512 * 1024)})
    yield app
    app.stop()


def test_client_that_never_reads_is_bounded_and_slows_nobody(small_queue_demo: DemoApp
                                                             ) -> None:
    fresh_demo = small_queue_demo
    worker = fresh_demo.client("busy-agent", "agent")
    # A subscriber that never calls recv(): websockets stops reading its socket once a
    # few messages are queued, so the probe's send buffer and its own queue fill up.
    with ws_connect(f"{fresh_demo.url}/?token={fresh_demo.token}", max_queue=1) as stalled:
        stalled.send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "probe.hello",
                                 "params": {"name": "stalled", "role": "inspector"}}))
        stalled.send(json.dumps({"jsonrpc": "2.0", "id": 2, "method": "probe.subscribe",
                                 "params": {"topics": ["traffic"]}}))
        stalled.send(json.dumps({"jsonrpc": "2.0", "id": 3, "method": "probe.frames.start",
                                 "params": {"format": "png", "maxFps": 30}}))
        wait_until(lambda: any(s["name"] == "stalled" and "traffic" in s["topics"]
                               for s in worker.call("probe.sessions")), what="the subscription")
        before = rss_kib(fresh_demo.pid)
        fresh_demo.command("animate 30")  # ~100 KB PNG frames, 30 a second, nobody reading
        for _ in range(300):  # the other client is served all along
            assert worker.call("qt.schema", {"prefix": "qt.p"})["methods"]
        wait_until(lambda: {s["name"]: s for s in worker.call("probe.sessions")}["stalled"]
                   ["dropped"] > 0, timeout=30, what="the probe to drop for the stalled client")
        fresh_demo.command("animate 0")
        grown = rss_kib(fresh_demo.pid) - before
        assert grown < 48 * 1024, f"the probe buffered {grown} KiB for a client that never reads"
        assert worker.call("qt.ping")["busy"] is False


def test_wait_on_an_object_deleted_meanwhile_fails_clearly(fresh_demo: DemoApp) -> None:
    qt = fresh_demo.client()
    qt.call("qt.objects.info", {"objectId": "emailEdit"})
    fresh_demo.command("delete emailEdit")
    for method, params in (
        ("qt.properties.get", {"objectId": "emailEdit", "name": "text"}),
        ("qt.ui.click", {"target": "emailEdit"}),
        ("qt.methods.invoke", {"objectId": "emailEdit", "method": "clear"}),
    ):
        with pytest.raises(RemoteError) as info:
            qt.call(method, params)
        assert info.value.name in ("OBJECT_STALE", "OBJECT_NOT_FOUND", "ELEMENT_NOT_FOUND")
        assert info.value.hint
    assert qt.call("qt.ping")["busy"] is False


def test_window_closed_while_its_tree_is_read(fresh_demo: DemoApp) -> None:
    qt = fresh_demo.client()
    qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "showAbout"})
    wait_until(lambda: qt.call("qt.ui.exists", {"target": "aboutDialog"}).get("exists"),
               what="the dialog")
    reader = fresh_demo.client("reader")
    results: list[object] = []
    import threading

    def read() -> None:
        for _ in range(20):
            try:
                results.append(reader.call("chr.readPage", {"filter": "all"}))
                results.append(reader.call("qt.objects.tree", {"depth": 50}))
            except RemoteError as exc:  # a clear error is fine; a crash is not
                results.append(exc.name)

    t = threading.Thread(target=read)
    t.start()
    fresh_demo.command("delete aboutDialog")
    t.join(60)
    assert results and fresh_demo.alive()
    assert qt.call("qt.ping")["busy"] is False
    assert not [line for line in fresh_demo.stderr_lines if "Traceback" in line]
