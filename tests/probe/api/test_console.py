"""The console capture: Qt messages, logging, stdout/stderr and exceptions in slots, read
with chr.readConsoleMessages and streamed as batched chr.console notifications."""

from __future__ import annotations

import threading
import time

import pytest

from probe.client import Client
from probe.core.data.console import Console
from probe.exceptions import RemoteError
from tests.support.app import DemoApp, wait_until


def _read(qt: Client, **params: object) -> list[dict]:
    return qt.call("chr.readConsoleMessages", params)["messages"]


def test_qdebug_logging_and_slot_exception_are_captured(qt: Client, demo: DemoApp) -> None:
    demo.command("qdebug console-qdebug-1")
    demo.command("log warning console-warning-1")
    demo.command("raise console-raise-1")
    msgs = _read(qt, pattern="console-")
    by_text = {m["text"].splitlines()[-1]: m for m in msgs}
    qd = by_text["console-qdebug-1"]
    assert (qd["level"], qd["source"]) == ("debug", "qt")
    warn = by_text["console-warning-1"]
    assert (warn["level"], warn["source"], warn["logger"]) == ("warning", "logging", "demo")
    exc = next(m for m in msgs if m["source"] == "exception")
    assert exc["level"] == "error" and exc["exception"] == "RuntimeError"
    assert exc["message"] == "console-raise-1" and "Traceback" in exc["text"]
    # captured once: the traceback the chained hook prints is not also a stderr message
    assert not any(m["source"] == "stderr" and "console-raise-1" in m["text"] for m in msgs)
    # the app's own output still reaches its stderr (hooks are chained, streams tee'd)
    wait_until(lambda: "console-qdebug-1" in demo.stderr_lines, what="qDebug on stderr")
    wait_until(lambda: any("console-raise-1" in line for line in demo.stderr_lines),
               what="traceback on stderr")
    seqs = [m["seq"] for m in msgs]
    assert seqs == sorted(seqs)


def test_stdout_is_captured_line_by_line(qt: Client, demo: DemoApp) -> None:
    demo.command("ping")  # the control channel answers "ok ping" on stdout
    msgs = _read(qt, pattern="^ok ping$")
    assert msgs and msgs[-1]["source"] == "stdout" and msgs[-1]["level"] == "info"


def test_only_errors_limit_and_clear(qt: Client, demo: DemoApp) -> None:
    demo.command("log error console-error-2")
    demo.command("log info console-info-2")
    errors = _read(qt, onlyErrors=True, pattern="console-.*-2")
    assert [m["text"] for m in errors] == ["console-error-2"]
    assert len(_read(qt, limit=1)) == 1
    out = qt.call("chr.readConsoleMessages", {"clear": True, "limit": 5})
    assert out["cleared"] >= 2
    assert not _read(qt, pattern="console-.*-2")


def test_bad_params_are_explained(qt: Client) -> None:
    with pytest.raises(RemoteError) as err:
        qt.call("chr.readConsoleMessages", {"pattern": "(unclosed"})
    assert err.value.name == "INVALID_PARAMS" and "regular expression" in err.value.message
    with pytest.raises(RemoteError) as err:
        qt.call("chr.readConsoleMessages", {"limit": 0})
    assert err.value.name == "INVALID_PARAMS"
    with pytest.raises(RemoteError) as err:
        qt.call("chr.readConsoleMessages", {"onlyErrors": "yes"})
    assert err.value.name == "INVALID_PARAMS"


def test_console_stream_is_batched_under_a_flood(demo: DemoApp) -> None:
    watcher = demo.client(name="console-watcher")
    notes: list[dict] = []
    watcher.on("chr.console", lambda n: notes.append(n.params))
    watcher.call("probe.subscribe", {"topics": ["console"]})
    n = 300
    for i in range(n):
        demo.send_command(f"log warning flood-{i}")
    demo.expect_line(lambda line: line == f"ok log warning flood-{n - 1}")

    def received() -> int:
        return sum(1 for p in list(notes) for m in p["messages"]
                   if m["text"].startswith("flood-")) + sum(p["dropped"] for p in list(notes))

    wait_until(lambda: received() >= n, what="every flood message streamed")
    # far fewer notifications than messages: batches, not one message per line
    assert len(notes) < n / 5, len(notes)
    texts = [m["text"] for p in notes for m in p["messages"] if m["text"].startswith("flood-")]
    assert texts == sorted(texts, key=lambda t: int(t.split("-")[1]))
    watcher.call("probe.unsubscribe", {"topics": ["console"]})


# ------------------------------------------------------------ the buffer itself (in process)


def test_ring_buffer_drops_oldest_and_counts() -> None:
    console = Console(capacity=10, pending=4)
    for i in range(25):
        console.add("info", "stdout", f"line {i}")
    out = console.read(limit=100)
    assert [m["text"] for m in out["messages"]] == [f"line {i}" for i in range(15, 25)]
    assert out["dropped"] == 15
    batch, dropped = console.take_pending()
    assert [m["text"] for m in batch] == [f"line {i}" for i in range(21, 25)] and dropped == 21


def test_wake_fires_once_per_batch_from_any_thread() -> None:
    console = Console()
    wakes: list[float] = []
    console.set_wake(lambda: wakes.append(time.monotonic()))
    threads = [threading.Thread(target=lambda: [console.add("info", "qt", "x")
                                                for _ in range(200)]) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(wakes) == 1
    batch, _ = console.take_pending()
    assert len(batch) == 800
    console.add("info", "qt", "again")
    assert len(wakes) == 2
