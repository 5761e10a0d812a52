"""Load: 8 clients x 1,000 mixed calls at once against one app.

Every response arrives matched to its id, nothing crosses between clients, the traffic
mirror delivers every call or counts what it dropped, and the app's memory is flat.
"""

from __future__ import annotations

import threading
from typing import Any

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp, rss_kib, wait_until

CLIENTS = 8
CALLS = 1000
#: Each client asks for its own method family and reads its own object: an answer that
#: reached the wrong client (or was computed for the wrong request) cannot pass.
FAMILIES = ["cu.", "qt.ui.", "chr.", "qt.models.", "qt.names.", "qt.objects.",
            "qt.signals.", "qt.properties."]
OBJECTS = ["nameEdit", "emailEdit", "ageSpin", "heightSpin", "countryCombo",
           "newsletterCheck", "termsCheck", "volumeSlider"]


def worker(client: Client, k: int, errors: list[str], family: set[str]) -> None:
    """Each client reads back what only it could have asked for."""
    for i in range(CALLS):
        kind = i % 5
        try:
            if kind == 0:
                assert client.call("qt.ping")["pong"] is True
            elif kind == 1:
                got = client.call("qt.schema", {"prefix": FAMILIES[k]})
                assert {m["name"] for m in got["methods"]} == family, "schema crossed"
            elif kind == 2:
                value = client.call("qt.properties.get", {"objectId": OBJECTS[k],
                                                          "name": "objectName"})
                assert value["value"] == OBJECTS[k], "property read crossed"
            elif kind == 3:
                try:
                    client.call("probe.subscribe", {"topics": [f"nope-{k}-{i}"]})
                    errors.append("no error for an unknown topic")
                except RemoteError as exc:
                    assert exc.name == "UNKNOWN_TOPIC"
                    assert f"nope-{k}-{i}" in exc.message, "an error crossed between calls"
            else:
                me = client.call("probe.sessions")
                assert any(s["name"] == f"load-{k}" for s in me)
        except AssertionError as exc:
            errors.append(f"client {k} call {i}: {exc}")
            return


def test_eight_clients_thousand_calls_each(fresh_demo: DemoApp) -> None:
    watcher = fresh_demo.client("load-watcher", "inspector")
    seen: list[dict[str, Any]] = []
    per_client = {f"load-{k}": 0 for k in range(CLIENTS)}
    lock = threading.Lock()

    def on_traffic(note: Any) -> None:
        # Each client's own probe.hello is mirrored too; count the run only.
        if (note.params["client"]["name"] in per_client
                and note.params.get("method") != "probe.hello"):
            with lock:
                seen.append(note.params)

    watcher.on("probe.traffic", on_traffic)
    watcher.call("probe.subscribe", {"topics": ["traffic"]})
    clients = [fresh_demo.client(f"load-{k}", "agent") for k in range(CLIENTS)]
    everything = [m["name"] for m in watcher.call("qt.schema")["methods"]]
    families = [{n for n in everything if n.startswith(f)} for f in FAMILIES]
    assert all(families) and len(set().union(*families)) == sum(map(len, families))
    warm: list[str] = []
    # Warm caches before measuring memory, under a name the count ignores
    # (its mirror records may still be in flight when the run starts).
    worker(fresh_demo.client("warm-up", "agent"), 0, warm, families[0])
    assert not warm, warm
    before = rss_kib(fresh_demo.pid)

    errors: list[str] = []
    threads = [threading.Thread(target=worker, args=(c, k, errors, families[k]))
               for k, c in enumerate(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert not errors, errors[:5]

    total = CLIENTS * CALLS
    wait_until(lambda: len(seen) + watcher.dropped >= total, timeout=60,
               what="every call mirrored or counted as dropped")
    for rec in seen:
        name = rec["client"]["name"]
        per_client[name] += 1
        # The mirror names the client that really made each call.
        k = int(name.removeprefix("load-"))
        if rec["method"] == "qt.schema":
            assert rec["params"]["prefix"] == FAMILIES[k], rec
        elif rec["method"] == "qt.properties.get":
            assert rec["params"]["objectId"] == OBJECTS[k], rec
            assert rec["result"]["result"]["value"] == OBJECTS[k], rec
        elif rec["method"] == "probe.subscribe":
            assert rec["params"]["topics"][0].startswith(f"nope-{k}-"), rec
    assert sum(per_client.values()) + watcher.dropped == total
    after = rss_kib(fresh_demo.pid)
    # Flat memory: 8,000 calls may not leave more than a few MiB behind.
    assert after - before < 16 * 1024, f"RSS grew by {after - before} KiB"
    assert fresh_demo.client().call("qt.ping")["busy"] is False
