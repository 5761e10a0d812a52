"""Clients that pipeline calls without waiting for answers, and a bystander that pings.

Shared by the many-clients tests (tests/probe/server/test_jobs.py) and their benchmark
(tests/bench/bench_many_clients.py). A :class:`Pipeliner` is one raw WebSocket
connection that keeps up to ``window`` calls in flight, each made by ``make(rng, i)``,
and records every answer by id (a ``make`` with a ``seen(method, result)`` method is
given each successful result, so it can use the refs its own reads were given);
:func:`drain` waits until every call sent has its answer.
"""

from __future__ import annotations

import contextlib
import json
import random
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

from tests.support.app import DemoApp

Call = tuple[str, dict[str, Any]]
Make = Callable[[random.Random, int], Call]


def mixed_call(rng: random.Random, i: int) -> Call:
    """Input, reads and actions on the hardening app (its churning panel included)."""
    return rng.choice([
        # input
        ("cu.type", {"text": "ab"}),
        ("cu.mouseMove", {"coordinate": [rng.randint(5, 390), rng.randint(5, 410)]}),
        ("cu.key", {"text": rng.choice(["Left", "shift+Right", "End"])}),
        ("cu.leftClick", {"coordinate": [rng.randint(5, 390), rng.randint(5, 410)]}),
        # reads
        ("chr.readPage", {"filter": "interactive"}),
        ("chr.find", {"query": rng.choice(["churn", "fruit", "target"])}),
        ("qt.ui.exists", {"target": "churnField"}),
        ("qt.properties.get", {"objectId": "field", "name": "text"}),
        ("qt.objects.tree", {"depth": 3}),
        # actions
        ("qt.ui.click", {"target": rng.choice(["churn0", "churn2", "raceTarget"])}),
        ("qt.ui.type", {"target": rng.choice(["field", "churnField"]), "text": "xy"}),
        ("chr.click", {"ref": f"ref_{rng.randint(1, 30)}"}),
    ])


class Pipeliner:
    """One connection sending calls from ``make`` with up to ``window`` unanswered."""

    def __init__(self, app: DemoApp, name: str, make: Make, window: int = 16,
                 seed: int = 0) -> None:
        self.name = name
        self._make = make
        self._seen: Callable[[str, Any], None] | None = getattr(make, "seen", None)
        self._rng = random.Random(seed)
        self._slots = threading.Semaphore(window)
        self._lock = threading.Lock()
        self._stack = contextlib.ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(ws_connect(
            f"{app.url}/?token={app.token}", compression=None, max_size=None))
        self.sent: dict[str, str] = {}  # id -> method
        self.answers: dict[str, str] = {}  # id -> "ok" or the error's name
        self.unexpected: list[Any] = []  # replies no id of ours explains
        self.closed: str | None = None
        self._threads = [threading.Thread(target=self._read, daemon=True)]

    def start(self, stop: threading.Event) -> None:
        sender = threading.Thread(target=self._send, args=(stop,), daemon=True)
        self._threads.append(sender)
        for t in self._threads:
            t.start()

    def _send(self, stop: threading.Event) -> None:
        i = 0
        while not stop.is_set():
            if not self._slots.acquire(timeout=0.2):
                continue
            i += 1
            method, params = self._make(self._rng, i)
            rid = f"{self.name}-{i}"
            with self._lock:
                self.sent[rid] = method
            try:
                self.ws.send(json.dumps({"jsonrpc": "2.0", "id": rid, "method": method,
                                         "params": params}))
            except Exception as exc:  # noqa: BLE001 - the app or the link is gone: say so
                self.closed = f"send: {exc!r}"
                return

    def _read(self) -> None:
        while True:
            try:
                msg = json.loads(self.ws.recv())
            except Exception as exc:  # noqa: BLE001 - closed: recorded, the test judges
                self.closed = self.closed or f"recv: {exc!r}"
                return
            if not isinstance(msg, dict) or "id" not in msg:
                continue  # a notification
            rid = msg["id"]
            outcome = "ok" if "error" not in msg else \
                (msg["error"].get("data") or {}).get("name", f"code {msg['error']['code']}")
            with self._lock:
                if rid not in self.sent or rid in self.answers:
                    self.unexpected.append(msg)
                    continue
                self.answers[rid] = outcome
                method = self.sent[rid]
            if self._seen is not None and outcome == "ok":
                self._seen(method, (msg.get("result") or {}).get("result"))
            self._slots.release()

    def unanswered(self) -> int:
        with self._lock:
            return len(self.sent) - len(self.answers)

    def outcomes(self) -> Counter[str]:
        with self._lock:
            return Counter(self.answers.values())

    def by_method(self) -> dict[str, Counter[str]]:
        """Each method's outcomes."""
        out: dict[str, Counter[str]] = {}
        with self._lock:
            for rid, outcome in self.answers.items():
                out.setdefault(self.sent[rid], Counter())[outcome] += 1
        return out

    def close(self) -> None:
        try:
            self._stack.close()
        except Exception:  # noqa: BLE001 - the app may be gone
            pass


def drain(clients: list[Pipeliner], timeout: float = 60.0) -> int:
    """Wait until every call sent has its answer; the number still unanswered."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        left = sum(c.unanswered() for c in clients)
        if left == 0 or any(c.closed for c in clients):
            return left
        time.sleep(0.05)
    return sum(c.unanswered() for c in clients)


def outcomes(clients: list[Pipeliner]) -> Counter[str]:
    total: Counter[str] = Counter()
    for c in clients:
        total.update(c.outcomes())
    return total


class Bystander:
    """A client that only pings, one call at a time, and keeps the round trips (ms)."""

    def __init__(self, app: DemoApp) -> None:
        self.client = app.client(name="bystander", role="test")
        self.rtts: list[float] = []
        self.busy = 0
        self._thread: threading.Thread | None = None

    def start(self, stop: threading.Event) -> None:
        self._thread = threading.Thread(target=self._run, args=(stop,), daemon=True)
        self._thread.start()

    def _run(self, stop: threading.Event) -> None:
        while not stop.is_set():
            t0 = time.perf_counter()
            try:
                out = self.client.call("qt.ping", {"timeout": 5})
            except Exception:  # noqa: BLE001 - the app died: the test sees it
                return
            self.rtts.append((time.perf_counter() - t0) * 1000)
            self.busy += bool(out.get("busy"))
            stop.wait(0.05)

    def join(self) -> None:
        if self._thread is not None:
            self._thread.join(15)


def run(app: DemoApp, makers: list[Make], seconds: float, window: int = 16,
        bystander: bool = False) -> tuple[list[Pipeliner], Bystander | None, float]:
    """Run one pipelining client per maker for ``seconds`` (stopping early if the app
    dies), then wait for their answers; the clients, the bystander and the time run."""
    stop = threading.Event()
    clients = [Pipeliner(app, f"c{k}", make, window, seed=k) for k, make in enumerate(makers)]
    watcher = Bystander(app) if bystander else None
    for c in clients:
        c.start(stop)
    if watcher is not None:
        watcher.start(stop)
    t0 = time.monotonic()
    while time.monotonic() - t0 < seconds and app.alive():
        stop.wait(0.1)
    elapsed = time.monotonic() - t0
    stop.set()
    if watcher is not None:
        watcher.join()
    return clients, watcher, elapsed
