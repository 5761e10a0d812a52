"""Faults: clients that stop reading or vanish, objects that die under a call, windows
closed while they are read, the app exiting under its clients."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as ws_connect

from probe import protocol
from probe.client import Client
from probe.exceptions import ConnectionLost, RemoteError
from tests.support.app import DemoApp, rss_kib, start_demo, wait_until

#: Every error name the probe may answer with: its one error table.
KNOWN_ERRORS = set(protocol.ERRORS)
#: What a call on an object that died under it may say.
GONE = ("OBJECT_STALE", "OBJECT_NOT_FOUND")


def no_traceback(app: DemoApp) -> None:
    assert not [line for line in app.stderr_lines if "Traceback" in line], \
        app.stderr_lines[-20:]


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
    # (The traffic topic is the inspector's: it connects with the inspector token.)
    with ws_connect(f"{fresh_demo.url}/?token={fresh_demo.inspector_token}",
                    max_queue=1) as stalled:
        stalled.send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "probe.hello",
                                 "params": {"name": "stalled", "role": "script"}}))
        stalled.send(json.dumps({"jsonrpc": "2.0", "id": 2, "method": "probe.subscribe",
                                 "params": {"topics": ["traffic"]}}))
        stalled.send(json.dumps({"jsonrpc": "2.0", "id": 3, "method": "probe.frames.start",
                                 "params": {"format": "png", "maxFps": 30,
                                            "partial": False}}))
        wait_until(lambda: any(s["name"] == "stalled" and "traffic" in s["topics"]
                               for s in worker.call("probe.sessions")), what="the subscription")
        before = rss_kib(fresh_demo.pid)
        fresh_demo.command("animate 30")  # ~100 KB full PNG frames, 30 a second, nobody reading
        for _ in range(300):  # the other client is served all along
            assert worker.call("qt.schema", {"prefix": "qt.p"})["methods"]
        wait_until(lambda: {s["name"]: s for s in worker.call("probe.sessions")}["stalled"]
                   ["dropped"] > 0, timeout=30, what="the probe to drop for the stalled client")
        fresh_demo.command("animate 0")
        grown = rss_kib(fresh_demo.pid) - before
        assert grown < 48 * 1024, f"the probe buffered {grown} KiB for a client that never reads"
        assert worker.call("qt.ping")["busy"] is False


def test_calls_on_an_object_deleted_before_them_fail_clearly(fresh_demo: DemoApp) -> None:
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


# ------------------------------------------------------------- deleted mid-call


class Pending:
    """One call run on its own thread; ``outcome`` is its result or its RemoteError."""

    def __init__(self, client: Client, method: str, params: dict[str, Any]) -> None:
        self.outcome: Any = None
        self.seconds = 0.0
        self._thread = threading.Thread(target=self._run, args=(client, method, params))
        self._thread.start()

    def _run(self, client: Client, method: str, params: dict[str, Any]) -> None:
        start = time.monotonic()
        try:
            self.outcome = client.call(method, params)
        except RemoteError as exc:
            self.outcome = exc
        self.seconds = time.monotonic() - start

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)
        assert not self._thread.is_alive(), "the call never answered"


def calls_of(observer: Client, name: str) -> int:
    return next(s["calls"] for s in observer.call("probe.sessions") if s["name"] == name)


def delete_under_a_pending_call(app: DemoApp, target: str, method: str,
                                params: Callable[[str], dict[str, Any]]) -> Pending:
    """Start ``method`` on ``target`` from one client, make sure the probe is running it,
    then delete the object from inside the app; return the call once it answered."""
    observer = app.client("observer")
    waiter = app.client("waiter", "agent")
    # "#N" ids are per connection: the waiter takes its own, the observer its own.
    ident = waiter.call("qt.objects.info", {"objectId": target})["id"]
    seen_as = observer.call("qt.objects.info", {"objectId": target})["id"]
    before = calls_of(observer, "waiter")
    pending = Pending(waiter, method, params(ident))
    # The probe counts a call when it starts running it; its first GUI job (resolving
    # the target) is queued at once, so one GUI round trip later it has run too.
    wait_until(lambda: calls_of(observer, "waiter") == before + 1,
               what=f"the probe to run {method}")
    observer.call("qt.ping")
    assert pending.running, f"{method} answered before the deletion: {pending.outcome!r}"
    assert app.command(f"delete {target}").startswith("ok")
    wait_until(lambda: observer.call("qt.ui.exists", {"target": seen_as}).get("exists") is False,
               what=f"{target} to be gone")
    pending.join(30)
    assert observer.call("qt.ping")["busy"] is False and app.alive()
    no_traceback(app)
    return pending


def test_wait_on_a_path_deleted_mid_wait_times_out_naming_the_deletion(
        fresh_demo: DemoApp) -> None:
    # A path may come back (waiting for an element to appear is a normal use), so the
    # wait runs to its timeout; what it saw last says the object is gone.
    pending = delete_under_a_pending_call(
        fresh_demo, "nameEdit", "qt.wait",
        lambda _ident: {"target": "nameEdit", "condition": "property:text=never typed",
                        "timeout": 2})
    err = pending.outcome
    assert isinstance(err, RemoteError) and err.name == "TIMEOUT", err
    assert err.hint and err.data["lastObserved"]["exists"] is False
    assert err.data["lastObserved"]["error"] in GONE


def test_wait_on_an_id_deleted_mid_wait_fails_stale(fresh_demo: DemoApp) -> None:
    pending = delete_under_a_pending_call(
        fresh_demo, "nameEdit", "qt.wait",
        lambda ident: {"target": ident, "condition": "property:text=never typed",
                       "timeout": 4})
    err = pending.outcome
    assert isinstance(err, RemoteError) and err.name in GONE, err
    assert err.hint and pending.seconds < 3


def test_wait_signal_on_an_object_deleted_mid_wait_fails_stale(fresh_demo: DemoApp) -> None:
    pending = delete_under_a_pending_call(
        fresh_demo, "emailEdit", "qt.waitSignal",
        lambda ident: {"target": ident, "signal": "textChanged", "timeout": 4})
    err = pending.outcome
    assert isinstance(err, RemoteError) and err.name in GONE, err
    assert err.hint and pending.seconds < 3


# ------------------------------------------------------ window closed while read


def test_window_closed_while_its_tree_is_read(fresh_demo: DemoApp) -> None:
    qt = fresh_demo.client()
    qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "showAbout"})
    wait_until(lambda: qt.call("qt.ui.exists", {"target": "aboutDialog"}).get("exists"),
               what="the dialog")
    reads = [("chr.readPage", {"filter": "all", "tabId": "aboutDialog", "format": "json"}),
             ("qt.objects.tree", {"objectId": "aboutDialog", "depth": 50}),
             ("qt.objects.tree", {"depth": 50}),
             ("chr.readPage", {"filter": "all"})]
    # (method, start, end, result or error name); two readers loop without pause.
    log: list[tuple[str, float, float, Any]] = []
    lock = threading.Lock()
    stop = threading.Event()

    def read(reader: Client) -> None:
        while not stop.is_set():
            for method, params in reads:
                start = time.monotonic()
                try:
                    outcome: Any = reader.call(method, params)
                except RemoteError as exc:  # a clear error is fine; a crash is not
                    outcome = exc
                with lock:
                    log.append((method, start, time.monotonic(), outcome))

    def dialog_seen(outcome: Any) -> bool:
        return not isinstance(outcome, RemoteError) and "aboutDialog" in json.dumps(outcome)

    readers = [threading.Thread(target=read, args=(fresh_demo.client(f"reader-{i}"),))
               for i in range(2)]
    for t in readers:
        t.start()
    try:
        wait_until(lambda: sum(dialog_seen(o) for *_, o in list(log)) >= 4,
                   what="reads that see the dialog")
        sent = time.monotonic()
        assert fresh_demo.command("delete aboutDialog").startswith("ok")
        acked = time.monotonic()
        wait_until(lambda: sum(s > acked and isinstance(o, RemoteError)
                               for _, s, _, o in list(log)) >= 4,
                   what="reads of the dialog after it is gone")
    finally:
        stop.set()
        for t in readers:
            t.join(60)
    assert not any(t.is_alive() for t in readers)

    # The reads overlapped the deletion: some were in flight while it happened.
    assert any(s < acked and e > sent for _, s, e, _ in log), "no read overlapped the delete"
    assert any(dialog_seen(o) for _, s, _, o in log if s < sent)
    assert not any(dialog_seen(o) for _, s, _, o in log if s > acked)
    # Every answer is a full result or an error from the table, never INTERNAL_ERROR.
    names: set[str] = set()
    for method, _, _, outcome in log:
        if isinstance(outcome, RemoteError):
            assert outcome.name in KNOWN_ERRORS and outcome.name != "INTERNAL_ERROR", outcome
            assert outcome.hint, outcome
            names.add(outcome.name)
        elif method == "qt.objects.tree":
            assert outcome["nodes"] and outcome["count"] >= 1
        else:
            assert isinstance(outcome, dict) and outcome, outcome
    assert names <= {"OBJECT_STALE", "OBJECT_NOT_FOUND", "WINDOW_NOT_FOUND"}, names
    assert names, "no read saw the dialog gone"
    assert qt.call("qt.ping")["busy"] is False and fresh_demo.alive()
    no_traceback(fresh_demo)


# ------------------------------------------------------------ app exit with clients


def test_app_exit_closes_clients_cleanly_and_removes_discovery(fresh_demo: DemoApp) -> None:
    path = Path(fresh_demo.info.path)
    assert path.exists()
    qt = fresh_demo.client("exit-watcher")
    with ws_connect(f"{fresh_demo.url}/?token={fresh_demo.token}") as raw:
        raw.send('{"jsonrpc":"2.0","method":"qt.ping","id":1}')
        assert json.loads(raw.recv(timeout=10))["result"]["result"]["pong"] is True
        fresh_demo.send_command("quit")
        with pytest.raises(ConnectionClosed) as info:
            while True:
                raw.recv(timeout=15)
        # 1001 "going away": the server closed the connection on purpose, with a
        # close frame (no abrupt drop, which would be 1006).
        assert info.value.rcvd is not None, "no close frame from the probe"
        assert info.value.rcvd.code == 1001, info.value.rcvd
    assert fresh_demo.proc.wait(15) == 0
    wait_until(lambda: not path.exists(), what="the discovery file to be removed")
    wait_until(lambda: qt.closed, what="the client to see the close")
    assert qt.inner.ws.close_code == 1001  # the probe client saw the same clean close
    with pytest.raises(ConnectionLost):
        qt.call("qt.ping", timeout=5)
    no_traceback(fresh_demo)
