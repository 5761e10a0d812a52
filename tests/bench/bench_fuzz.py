"""A long fuzz: at least 100,000 messages over every method and parameter of qt.schema,
pipelined on several connections, while a bystander pings (#28's done-when).

    python tests/bench/bench_fuzz.py [--messages 100000] [--connections 4] [--window 48]

``--window``: requests each connection keeps in flight (48: pipelined, several jobs
queued on the GUI thread at once; 1: one request at a time per connection).

Each request is one method of ``qt.schema`` with its required parameters filled with
harmless values (FILLERS of tests/probe/server/test_fuzz.py: a throwaway text box, short
timeouts) and
one parameter given a generated value: a poison that broke the probe before (NaN,
Infinity, lone surrogates, deep nesting, huge integers, long strings), a value of the
wrong type, or a random JSON value. Ids are all different and of every kind JSON allows:
integers (some of 1,300 digits), negative, fractional, strings with astral characters.
Some messages are not JSON at all (answered with id null), some are small batches, some
notifications (answered with nothing). Counted: messages, answers, ids echoed exactly,
internal errors, unanswered requests, the bystander's pings lost or late, the app alive
and its stderr free of tracebacks. The in-suite fuzz (tests/probe/server/test_fuzz.py) stays short.
"""

from __future__ import annotations

import argparse
import json
import random
import threading
import time
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as ws_connect

# first: it puts the repo on sys.path
from _common import demo_app, premise, run_bench, table, target

# isort: split
from tests.support.poisons import POISONS, SHORT, filler

#: Requests one connection keeps in flight by default (the probe runs 64 at once each).
WINDOW = 48
#: Methods left out: they end the run itself (the app's windows closed, streams to stop).
SKIP = {"probe.frames.start"}
WRONG = [None, True, 0, -1, 2**31, 1.5, "", "zzz", [], {}, [1, "a"], {"a": 1}]


def rand_json(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(8 if depth < 3 else 5)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.randint(-2**40, 2**40)
    if kind == 3:
        return rng.uniform(-1e6, 1e6)
    if kind == 4:
        return "".join(chr(rng.choice((rng.randint(32, 126), rng.randint(0xA0, 0x2FFF),
                                       rng.randint(0x1F300, 0x1F64F))))
                       for _ in range(rng.randint(0, 12)))
    if kind in (5, 6):
        return [rand_json(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {str(rand_json(rng, 3)): rand_json(rng, depth + 1) for _ in range(rng.randint(0, 3))}


class Ids:
    """Every kind of id JSON allows, never the same twice."""

    def __init__(self, base: int) -> None:
        self.n = base

    def next(self, rng: random.Random) -> Any:
        self.n += 1
        kind = rng.randrange(6)
        if kind == 0:
            return int("7" * 1290 + str(self.n).zfill(10))
        if kind == 1:
            return -self.n
        if kind == 2:
            return self.n + 0.5
        if kind == 3:
            return f"id-\u00e9\U0001F600-{self.n}"
        return self.n


def request(rng: random.Random, methods: list[dict[str, Any]], rid: Any) -> str:
    """One method with its required parameters filled and one parameter generated."""
    method = rng.choice(methods)
    props = method["params"].get("properties", {})
    params = {n: filler(n, props[n]) for n in method["params"].get("required", [])}
    params.update({n: v for n, v in SHORT.items() if n in props})
    raw = ""
    if props:
        param = rng.choice([*props, "zzzUnknown"] if rng.random() < 0.05 else list(props))
        params.pop(param, None)
        pick = rng.random()
        if pick < 0.35:
            raw = f'"{param}":{rng.choice(list(POISONS.values()))}'
        elif pick < 0.6:
            params[param] = rng.choice(WRONG)
        elif pick < 0.85:
            params[param] = rand_json(rng)
        else:
            params[param] = filler(param, props.get(param, {}))
    body = json.dumps(params)
    if raw:
        body = "{" + raw + ("," + body[1:] if params else "}")
    return (f'{{"jsonrpc":"2.0","method":"{method["name"]}","params":{body},'
            f'"id":{json.dumps(rid, ensure_ascii=False)}}}')


class Counts:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.messages = self.requests = self.answered = self.echoed = 0
        self.internal = self.null_expected = self.null_answered = self.odd = 0
        self.unanswered = self.lost_connections = 0
        self.last_error = ""
        self.names: dict[str, int] = {}


def run_connection(url: str, methods: list[dict[str, Any]], n: int, seed: int,
                   counts: Counts, window: int) -> None:
    try:
        _run_connection(url, methods, n, seed, counts, window)
    except ConnectionClosed as exc:  # the app died: the counts say what was left
        with counts.lock:
            counts.lost_connections += 1
            counts.last_error = str(exc)


def _run_connection(url: str, methods: list[dict[str, Any]], n: int, seed: int,
                    counts: Counts, window: int) -> None:
    rng = random.Random(seed)
    ids = Ids(seed * 10_000_000)
    pending: dict[str, Any] = {}  # repr of id -> id as sent
    cond = threading.Condition()
    done_sending = threading.Event()
    with ws_connect(url, compression=None, max_size=None, open_timeout=30) as ws:
        def read() -> None:
            while True:
                try:
                    msg = json.loads(ws.recv(timeout=120))
                except Exception:  # noqa: BLE001 - closed or silent: the count says
                    return
                for reply in msg if isinstance(msg, list) else [msg]:
                    if not isinstance(reply, dict) or "id" not in reply:
                        continue  # a notification
                    with counts.lock:
                        counts.answered += 1
                        err = reply.get("error")
                        if err is not None:
                            if err.get("code") == -32603:
                                counts.internal += 1
                            name = (err.get("data") or {}).get("name", "?")
                            counts.names[name] = counts.names.get(name, 0) + 1
                        if reply["id"] is None:
                            counts.null_answered += 1
                    with cond:
                        if reply["id"] is None:
                            cond.notify_all()
                            continue
                        key = repr(reply["id"])
                        sent = pending.pop(key, None)
                        if sent is not None and type(sent) is type(reply["id"]):
                            with counts.lock:
                                counts.echoed += 1
                        else:
                            with counts.lock:
                                counts.odd += 1
                        cond.notify_all()
                with cond:
                    if done_sending.is_set() and not pending:
                        return

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        nulls = 0
        for _ in range(n):
            kind = rng.random()
            with cond:
                cond.wait_for(lambda: len(pending) < window, timeout=60)
            if kind < 0.04:  # not JSON: answered with id null
                text = "{" + "".join(chr(rng.randint(32, 126)) for _ in range(20))
                nulls += 1
            elif kind < 0.06:  # a notification: no answer at all
                text = json.dumps({"jsonrpc": "2.0", "method": "qt.ping"})
            elif kind < 0.09:  # a small batch
                rids = [ids.next(rng), ids.next(rng)]
                parts = [request(rng, methods, r) for r in rids]
                with cond:
                    for r in rids:
                        pending[repr(r)] = r
                text = "[" + ",".join(parts) + "]"
                with counts.lock:
                    counts.requests += 2
            else:
                rid = ids.next(rng)
                text = request(rng, methods, rid)
                with cond:
                    pending[repr(rid)] = rid
                with counts.lock:
                    counts.requests += 1
            try:
                ws.send(text)
            except ConnectionClosed:
                with cond, counts.lock:
                    counts.unanswered += len(pending)
                raise
            with counts.lock:
                counts.messages += 1
        done_sending.set()
        with cond:
            cond.wait_for(lambda: not pending, timeout=120)
            left = len(pending)
        with counts.lock:
            counts.unanswered += left
            counts.null_expected += nulls
        ws.close()


def bystander(url: str, stop: threading.Event, out: dict[str, Any]) -> None:
    lat: list[float] = []
    lost = 0
    with ws_connect(url, compression=None) as ws:
        i = 0
        while not stop.is_set():
            i += 1
            t0 = time.perf_counter()
            ws.send(json.dumps({"jsonrpc": "2.0", "method": "qt.ping", "id": i}))
            try:
                while json.loads(ws.recv(timeout=10)).get("id") != i:
                    pass
                lat.append((time.perf_counter() - t0) * 1000)
            except TimeoutError:
                lost += 1
            except ConnectionClosed:
                lost += 1
                break
            stop.wait(0.2)
    lat.sort()
    out.update(pings=len(lat) + lost, lost=lost, p50=lat[len(lat) // 2] if lat else None,
               p99=lat[int(len(lat) * 0.99)] if lat else None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--window", type=int, default=WINDOW)
    ns = parser.parse_args()
    counts = Counts()
    by: dict[str, Any] = {}
    with demo_app() as app:
        methods = [m for m in app.client().call("qt.schema")["methods"]
                   if m["name"] not in SKIP]
        url = f"{app.url}/?token={app.token}"
        stop = threading.Event()
        watcher = threading.Thread(target=bystander, args=(url, stop, by), daemon=True)
        watcher.start()
        t0 = time.time()
        workers = [threading.Thread(target=run_connection, args=(
            url, methods, ns.messages // ns.connections, ns.seed * 100 + k, counts, ns.window))
            for k in range(ns.connections)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        seconds = time.time() - t0
        stop.set()
        watcher.join(15)
        alive = app.alive()
        crash = "" if alive else next((line for line in reversed(app.stderr_lines)
                                       if "File " in line), "")
        tracebacks = sum("Traceback" in line for line in app.stderr_lines)
    rows = [{"messages": counts.messages, "requests": counts.requests,
             "answered": counts.answered, "ids_echoed": counts.echoed,
             "ids_wrong": counts.odd, "unanswered": counts.unanswered,
             "null_id_expected": counts.null_expected,
             "null_id_answered": counts.null_answered, "internal_errors": counts.internal,
             "app_alive": alive, "tracebacks": tracebacks,
             "bystander_pings": by.get("pings"), "bystander_lost": by.get("lost"),
             "bystander_p50_ms": by.get("p50"), "seconds": round(seconds, 1),
             "methods": len(methods), "connections": ns.connections, "window": ns.window,
             "lost_connections": counts.lost_connections}]
    table(f"fuzz: {counts.messages} messages over {len(methods)} methods, "
          f"{ns.connections} connections x {ns.window} in flight", rows)
    if crash:
        print("the app crashed; its stderr's last frame:", crash.strip())
    print("error names:", json.dumps(dict(sorted(counts.names.items(),
                                                  key=lambda kv: -kv[1]))))
    premise(alive, "the app died")
    premise(counts.answered > 0, "no request was answered")
    ok = (alive and not tracebacks and counts.internal == 0 and counts.unanswered == 0
          and counts.odd == 0 and counts.null_answered == counts.null_expected
          and not by.get("lost") and counts.messages >= 100_000)
    target("fuzz", "100,000 messages: 0 crashes, 0 internal errors, 0 unanswered, 0 "
           "bystander drops, every id echoed", f"{counts.messages} messages, "
           f"{counts.internal} internal, {counts.unanswered} unanswered, {counts.odd} ids "
           f"wrong, {by.get('lost')} of {by.get('pings')} bystander pings unanswered in 10 s, "
           f"{tracebacks} tracebacks, alive={alive}", ok)


if __name__ == "__main__":
    run_bench(main)
