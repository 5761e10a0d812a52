"""Hardening: no single call crashes, hangs or starves the app, touches files outside the
name-map folder, or drops another client's connection.

Every test talks to a real app over a real socket and ends by checking that the app
still serves: ``qt.ping`` answers and ``chr.readPage`` reads the window.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import stat
import threading
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

from probe import discovery
from probe.client import Client
from probe.core.errors import QtError, known_failure
from probe.core.objects import namefiles
from probe.exceptions import RemoteError
from tests.support.app import HARDENING_APP, DemoApp, rss_kib, serving, start_demo, wait_until


class Raw:
    """A raw WebSocket client: send exactly these bytes, read replies by id."""

    def __init__(self, app: DemoApp, token: str | None = None) -> None:
        self._stack = contextlib.ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(ws_connect(
            f"{app.url}/?token={token or app.token}", compression=None, max_size=None))
        self.seen: list[Any] = []

    def send(self, text: str | bytes) -> None:
        self.ws.send(text)

    def reply(self, rid: Any = None, timeout: float = 15) -> Any:
        """The next reply (a batch array, or the object with ``rid``); notifications skipped."""
        while True:
            msg = json.loads(self.ws.recv(timeout=timeout))
            if isinstance(msg, dict) and "method" in msg and "id" not in msg:
                continue
            if isinstance(msg, list) or rid is None or msg.get("id") == rid:
                return msg
            self.seen.append(msg)

    def exchange(self, text: str | bytes, rid: Any = None) -> Any:
        self.send(text)
        return self.reply(rid)

    def close(self) -> None:
        self._stack.close()


def error_of(reply: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    err = reply["error"]
    assert err["data"]["hint"], err
    return err["data"]["name"], err


def request(method: str, params: str, rid: Any = 1) -> str:
    """A request whose params are raw JSON text (for what json.dumps will not write)."""
    return f'{{"jsonrpc":"2.0","method":"{method}","params":{params},"id":{json.dumps(rid)}}}'


@pytest.fixture(scope="module")
def raw(demo: DemoApp) -> Iterator[Raw]:
    conn = Raw(demo)
    yield conn
    conn.close()


@pytest.fixture
def hardening_app() -> Iterator[DemoApp]:
    app = start_demo(module=HARDENING_APP)
    yield app
    app.stop()


# ----------------------------------------------------------------- what is decoded


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_non_finite_numbers_are_refused_with_the_request_id(demo: DemoApp, raw: Raw,
                                                             literal: str) -> None:
    cases = [("qt.wait", f'{{"target":"nameEdit","timeout":{literal}}}', "params.timeout"),
             ("probe.frames.start", f'{{"maxFps":{literal}}}', "params.maxFps"),
             ("qt.ui.scroll", f'{{"target":"notesEdit","dy":{literal}}}', "params.dy"),
             ("qt.properties.set",
              f'{{"objectId":"heightSpin","name":"value","value":{literal}}}', "params.value")]
    for i, (method, params, where) in enumerate(cases):
        reply = raw.exchange(request(method, params, f"nf-{i}"), f"nf-{i}")
        name, err = error_of(reply)
        assert name == "INVALID_PARAMS" and err["data"]["where"] == where, err
        assert "NaN" in err["data"]["hint"]
    # as an id it cannot be answered by id: INVALID_REQUEST with id null
    reply = raw.exchange(f'{{"jsonrpc":"2.0","method":"qt.ping","id":{literal}}}')
    assert reply["id"] is None and error_of(reply)[0] == "INVALID_REQUEST"
    serving(demo)


def test_a_wait_with_a_huge_timeout_is_refused_not_run_forever(raw: Raw) -> None:
    reply = raw.exchange(request("qt.wait", '{"target":"nameEdit","timeout":1e308}', "w"), "w")
    assert error_of(reply)[0] == "INVALID_PARAMS" and "600" in reply["error"]["message"]


def test_lone_surrogates_are_refused_and_never_reach_another_client(demo: DemoApp,
                                                                    raw: Raw) -> None:
    watcher = demo.client("surrogate-watcher", "inspector")
    watcher.call("probe.subscribe", {"topics": ["traffic"]})
    raw.exchange(request("probe.hello", '{"name":"surrogate-sender","role":"script"}', "h"),
                 "h")
    sent = [
        (request("qt.properties.get", '{"objectId":"nameEdit","name":"te\\ud800xt"}', "s1"),
         "s1", "INVALID_PARAMS", "params.name"),
        (request("qt.properties.get", '{"objectId":"nameEdit","\\udc00":1}', "s2"),
         "s2", "INVALID_PARAMS", "params.\ufffd"),
        ('{"jsonrpc":"2.0","method":"qt.ping\\ud83d","id":"s3"}', "s3", "INVALID_REQUEST",
         "method"),
        (request("qt.names.register", '{"name":"\\ud800","definition":"mainWindow"}', "s4"),
         "s4", "INVALID_PARAMS", "params.name"),
        (request("qt.objects.find", '{"objectId":"#\\udfff"}', "s5"), "s5", "INVALID_PARAMS",
         "params.objectId"),
    ]
    for text, rid, name, where in sent:
        reply = raw.exchange(text, rid)
        got, err = error_of(reply)
        assert (got, err["data"]["where"]) == (name, where), err
    # the same bytes as UTF-8 in a binary frame: not valid UTF-8 at all
    reply = raw.exchange(b'{"jsonrpc":"2.0","method":"qt.ping","id":"s6","params":{"x":"\xed'
                         b'\xa0\x80"}}')
    assert error_of(reply)[0] == "PARSE_ERROR"
    # a surrogate pair is valid Unicode and passes
    reply = raw.exchange(request("qt.schema", '{"prefix":"\\ud83d\\ude00"}', "ok"), "ok")
    assert reply["result"]["result"]["methods"] == []
    # the watcher kept its connection and sees the sender's next call
    raw.exchange(request("qt.ping", "{}", "after"), "after")
    note = watcher.wait_notification("probe.traffic", lambda p: p["id"] == "after")
    assert note["client"]["name"] == "surrogate-sender"
    assert not watcher.closed and "names" in watcher.call("qt.names.list")
    serving(demo)


def test_deep_nesting_is_refused_and_answered(demo: DemoApp, raw: Raw) -> None:
    for depth in (980, 40):
        value = "[" * depth + "1" + "]" * depth
        reply = raw.exchange(request(
            "qt.properties.set", f'{{"objectId":"notesEdit","name":"x","value":{value}}}',
            f"deep-{depth}"), f"deep-{depth}")
        name, err = error_of(reply)
        assert name == "INVALID_PARAMS" and err["data"]["where"].startswith("params.value[0]")
        assert "nested deeper than 32" in err["message"]
    serving(demo)


def test_huge_integers_are_refused_by_the_cpp_type(demo: DemoApp, qt: Client) -> None:
    for value in (10**20, 2**63, 2**31):
        with pytest.raises(RemoteError) as err:
            qt.call("qt.properties.set", {"objectId": "nameEdit", "name": "maxLength",
                                          "value": value})
        assert err.value.name == "PROPERTY_TYPE_MISMATCH"
        assert "2147483647" in err.value.message
    with pytest.raises(RemoteError) as err:
        qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "greet",
                                      "args": ["x", 2**31]})
    assert err.value.name == "METHOD_ARGUMENT_MISMATCH"
    assert "outside int's range" in err.value.message
    with pytest.raises(RemoteError) as err:  # a typed parameter without its own maximum
        qt.call("qt.objects.tree", {"depth": 10**400})
    assert err.value.name == "INVALID_PARAMS"
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.scroll", {"target": "notesEdit", "dy": 1e300})
    assert err.value.name == "INVALID_PARAMS"
    assert qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "greet",
                                         "args": ["x", 2]})["returned"] == \
        "Hello, x! Hello, x!"
    serving(demo)


def test_geometry_and_fonts_are_bounded_by_the_screens(demo: DemoApp, qt: Client) -> None:
    before = qt.call("qt.properties.get", {"objectId": "mainWindow", "name": "geometry"})
    huge = {"x": 0, "y": 0, "width": 2147483647, "height": 2147483647}
    for name, value in (("geometry", huge), ("size", {"width": 16777215, "height": 100}),
                        ("minimumWidth", 16777215), ("minimumSize",
                                                     {"width": 100000, "height": 10})):
        with pytest.raises(RemoteError) as err:
            qt.call("qt.properties.set", {"objectId": "mainWindow", "name": name,
                                          "value": value})
        assert err.value.name == "INVALID_PARAMS" and err.value.data["limit"] >= 4096
        assert "screen" in err.value.hint
    # Qt's own "no limit" stays allowed where it is the value already
    qt.call("qt.properties.set", {"objectId": "mainWindow", "name": "maximumSize",
                                  "value": {"width": 16777215, "height": 16777215}})
    for font in ({"pointSizeF": 1e308}, {"pointSizeF": 5000}, "Sans,100000,-1,5,400,0,0,0,0,0"):
        with pytest.raises(RemoteError) as err:
            qt.call("qt.properties.set", {"objectId": "nameEdit", "name": "font",
                                          "value": font})
        assert err.value.name == "INVALID_PARAMS" and "points" in err.value.message
    after = qt.call("qt.properties.get", {"objectId": "mainWindow", "name": "geometry"})
    assert after == before
    serving(demo)


def test_typing_is_bounded_and_types_long_text_exactly(demo: DemoApp, qt: Client) -> None:
    methods = {m["name"]: m for m in qt.call("qt.schema")["methods"]}
    for method, param in (("cu.type", "text"), ("chr.type", "text"), ("qt.ui.type", "text"),
                          ("chr.formInput", "value")):
        assert methods[method]["params"]["properties"][param]["maxLength"] == 100_000
    with pytest.raises(RemoteError) as err:
        qt.call("cu.type", {"text": "x" * 100_001})
    assert err.value.name == "INVALID_PARAMS" and "100000" in err.value.message
    text = ("a line of text, é and \U0001F600\n" * 4000)[:100_000]
    qt.call("qt.ui.type", {"target": "notesEdit", "text": text, "clear": True, "timeout": 60})
    got = qt.call("qt.properties.get", {"objectId": "notesEdit", "name": "plainText"})
    assert got["value"] == text  # every character, the newlines as Return
    assert qt.call("qt.ping")["busy"] is False  # the typing is over when the call answers
    qt.call("qt.properties.set", {"objectId": "notesEdit", "name": "plainText", "value": ""})
    serving(demo)


# ---------------------------------------------------------------- what is answered


def test_batches_and_replies_are_bounded() -> None:
    app = start_demo(env={"QTMCP_MAX_REPLY": "60000"})
    try:
        raw = Raw(app)
        batch = [{"jsonrpc": "2.0", "method": "qt.ping", "id": i} for i in range(101)]
        reply = raw.exchange(json.dumps(batch))
        name, err = error_of(reply)
        assert name == "BATCH_TOO_LARGE" and reply["id"] is None
        assert err["data"]["limit"] == 100 and err["data"]["size"] == 101
        # a single answer over the bound becomes an error naming it
        reply = raw.exchange(request("qt.schema", "{}", "big"), "big")
        name, err = error_of(reply)
        assert name == "REPLY_TOO_LARGE" and err["data"]["limit"] == 60000
        assert err["data"]["size"] > 60000
        # a batch stops running its calls once its answers reach the bound
        batch = [{"jsonrpc": "2.0", "method": "qt.schema",
                  "params": {"prefix": "qt.properties."}, "id": i} for i in range(40)]
        raw.send(json.dumps(batch))
        text = raw.ws.recv(timeout=30)
        answers = json.loads(text)
        assert sorted(a["id"] for a in answers) == list(range(40))
        ok = [a for a in answers if "result" in a]
        refused = [a for a in answers if "error" in a]
        assert ok and refused and len(ok) + len(refused) == 40
        assert {error_of(a)[0] for a in refused} == {"REPLY_TOO_LARGE"}
        assert len(text) < 60000 + 40 * 600
        raw.close()
        serving(app)
    finally:
        app.stop()


# ------------------------------------------------------------------- name-map files


def test_name_map_files_stay_in_their_folder(demo: DemoApp, qt: Client,
                                             tmp_path: Path) -> None:
    folder = Path(qt.call("qt.names.list")["folder"])
    folder.mkdir(parents=True, exist_ok=True)
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({"format": "qtmcp-names", "names": {"x": "mainWindow"}}))
    os.mkfifo(folder / "fifo.json")
    (folder / "link.json").symlink_to(outside)
    (folder / "by-hand.json").write_text(json.dumps({"secret": "value"}))
    (folder / "huge.json").write_bytes(b" " * (4 * 1024 * 1024 + 1))
    try:
        for path in ("/etc/passwd", "/dev/zero", str(outside), "../outside.json",
                     "sub/x.json", ".hidden.json", "x" * 300):
            for method in ("qt.names.load", "qt.names.save"):
                with pytest.raises(RemoteError) as err:
                    qt.call(method, {"path": path})
                assert err.value.name == "NAME_MAP_IO" and err.value.data["folder"] == \
                    str(folder), (method, path)
        for path, why in (("link.json", "symbolic link"), ("fifo.json", "not a regular file"),
                          ("huge.json", "bytes")):
            with pytest.raises(RemoteError) as err:  # the FIFO never blocks the GUI thread
                qt.call("qt.names.load", {"path": path})
            assert err.value.name == "NAME_MAP_IO" and why in err.value.message, path
        with pytest.raises(RemoteError) as err:  # neither a link nor its target is written
            qt.call("qt.names.save", {"path": "link.json"})
        assert err.value.name == "NAME_MAP_IO"
        assert json.loads(outside.read_text())["names"] == {"x": "mainWindow"}
        with pytest.raises(RemoteError) as err:  # a file qtmcp did not write is not read...
            qt.call("qt.names.load", {"path": "by-hand.json"})
        assert err.value.name == "NAME_MAP_INVALID" and "not written by qtmcp" in \
            err.value.message
        with pytest.raises(RemoteError) as err:  # ...nor replaced
            qt.call("qt.names.save", {"path": "by-hand.json"})
        assert err.value.name == "NAME_MAP_IO"
        assert json.loads((folder / "by-hand.json").read_text()) == {"secret": "value"}
        (folder / "bad-unicode.json").write_text(
            '{"format": "qtmcp-names", "names": {"\\ud800": "mainWindow"}}')
        with pytest.raises(RemoteError) as err:  # a name no reply could carry
            qt.call("qt.names.load", {"path": "bad-unicode.json"})
        assert err.value.name == "NAME_MAP_INVALID"
        qt.call("qt.names.register", {"name": ":Hardened", "definition": "mainWindow",
                                      "replace": True})
        saved = qt.call("qt.names.save", {"path": "hardened.json"})
        assert saved["path"] == str(folder / "hardened.json")
        assert stat.S_IMODE(os.stat(saved["path"]).st_mode) == 0o600
        assert qt.call("qt.names.save", {"path": "hardened.json"})["saved"] >= 1  # its own
        assert qt.call("qt.names.load", {"path": "hardened.json"})["loaded"] >= 1
        assert not [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]
        qt.call("qt.names.unregister", {"name": ":Hardened"})
    finally:
        for name in ("fifo.json", "link.json", "by-hand.json", "huge.json", "hardened.json",
                     "bad-unicode.json"):
            (folder / name).unlink(missing_ok=True)
    serving(demo)


# ----------------------------------------------------------------- frames and calls


def test_frame_stream_restart_reuses_or_frees_the_last_one(fresh_demo: DemoApp) -> None:
    qt = fresh_demo.client("restarter")
    first = qt.call("probe.frames.start", {"format": "png", "partial": False})
    assert "reused" not in first
    qt.wait_notification("probe.frame")
    again = qt.call("probe.frames.start", {"format": "png", "partial": False})
    assert again["reused"] is True
    qt.wait_notification("probe.frame")  # the reused stream sends the picture again
    before = rss_kib(fresh_demo.pid)
    for i in range(300):  # each restart with other options replaces the stream
        qt.call("probe.frames.start", {"format": "png", "partial": False,
                                       "maxWidth": 1000 + i % 2})
    grown = rss_kib(fresh_demo.pid) - before
    # a kept full picture is about 2.8 MB: 300 of them would be 800 MB
    assert grown < 96 * 1024, f"restarts kept {grown} KiB"
    assert qt.call("probe.frames.stop")["stopped"] is True
    serving(fresh_demo)


def test_disconnect_cancels_running_and_waiting_calls_even_when_full(demo: DemoApp) -> None:
    watcher = demo.client("cancel-watcher", "inspector")
    watcher.call("probe.subscribe", {"topics": ["traffic"]})
    tag = uuid.uuid4().hex[:8]
    leaver = Raw(demo)
    leaver.exchange(request("probe.hello", '{"name":"leaver","role":"script"}', "h"), "h")
    waits = 64 + 1024 + 20  # all slots, the whole waiting line, and some refused
    for i in range(waits):
        leaver.send(request("qt.wait", f'{{"target":"@name:gone-{tag}","condition":"exists",'
                                       f'"timeout":5}}', i))
    refused = []
    while len(refused) < 20:  # the reader kept reading: the overflow is answered at once
        reply = leaver.reply()
        name, err = error_of(reply)
        assert name == "TOO_MANY_CALLS" and err["data"]["limit"] == 64
        refused.append(reply["id"])
    assert min(refused) >= 64 + 1024
    leaver.close()
    wait_until(lambda: "leaver" not in {s["name"] for s in watcher.call("probe.sessions")},
               what="the session to end with its connection")
    # A wait started now ends after its 5 s; the leaver's 64 running waits started first
    # and would have ended (and been mirrored) before it, had they not been cancelled.
    with pytest.raises(RemoteError) as err:
        watcher.call("qt.wait", {"target": f"@name:sentinel-{tag}", "condition": "exists",
                                 "timeout": 5})
    assert err.value.name == "TIMEOUT"
    watcher.wait_notification("probe.traffic",
                              lambda p: f"sentinel-{tag}" in str(p["params"]), timeout=10)
    orphans = [n for n in watcher.received("probe.traffic")
               if f"gone-{tag}" in str(n.params.get("params"))]
    assert orphans == [], f"{len(orphans)} calls of a gone client still ran"
    serving(demo)


# ----------------------------------------------------------------------------- gate


def test_the_gate_binds_the_inspector_role_to_the_inspector_token(demo: DemoApp) -> None:
    info = next(p for p in discovery.list_probes() if p.pid == demo.pid)
    assert info.inspector_token and info.inspector_token != info.token
    with pytest.raises(RemoteError) as err:  # the client token cannot claim the role
        Client.connect(demo.url, demo.token, name="fake-inspector", role="inspector")
    assert err.value.name == "ROLE_NOT_ALLOWED"
    fake = demo.client("fake", "script")
    inspector = Client.connect(pid=demo.pid, name="real-inspector", role="inspector")
    pool = ThreadPoolExecutor(4)
    try:
        inspector.call("probe.subscribe", {"topics": ["gate"]})
        inspector.call("probe.gate.set", {"enabled": True})
        for method, params in (("probe.gate.set", {"enabled": False}),
                               ("probe.gate.decide", {"gateId": "g1", "approve": True}),
                               ("probe.gate.approveClient", {"clientId": 1})):
            with pytest.raises(RemoteError) as err:
                fake.call(method, params)
            assert err.value.name == "ROLE_NOT_ALLOWED", method
        before = inspector.call("qt.properties.get", {"objectId": "nameEdit",
                                                      "name": "text"})["value"]
        # every other client's change is held, whatever it says it is
        no_hello = Client.connect(demo.url, demo.token)
        clients = [fake, demo.client("a-test", "test"), demo.client("an-agent", "agent"),
                   no_hello]
        calls = [pool.submit(c.call, "qt.properties.set",
                             {"objectId": "nameEdit", "name": "text", "value": f"sneak {i}"})
                 for i, c in enumerate(clients)]
        held = [inspector.wait_notification("probe.gate.pending") for _ in clients]
        assert not any(c.done() for c in calls)
        with pytest.raises(RemoteError) as err:  # approving itself is not possible
            fake.call("probe.gate.decide", {"gateId": held[0]["gateId"], "approve": True})
        assert err.value.name == "ROLE_NOT_ALLOWED"
        for h in held:
            inspector.call("probe.gate.decide", {"gateId": h["gateId"], "approve": False})
        for call in calls:
            with pytest.raises(RemoteError) as err:
                call.result(10)
            assert err.value.name == "USER_DECLINED"
        assert inspector.call("qt.properties.get", {"objectId": "nameEdit",
                                                    "name": "text"})["value"] == before
        no_hello.close()
    finally:
        inspector.call("probe.gate.set", {"enabled": False})
        inspector.close()
        pool.shutdown()
    serving(demo)


# ------------------------------------------------------------------ the GUI thread


def test_a_started_gui_job_is_never_reported_dropped(hardening_app: DemoApp) -> None:
    qt = hardening_app.client()
    # the app's own slot runs 3 s, beyond the 2 s call timeout: the caller waits for it
    out = qt.call("qt.methods.invoke", {"objectId": "hardeningWindow", "method": "work",
                                        "args": [3000]})
    assert out["signature"] == "work(int)"
    # a slot that outlives the call timeout and the grace: STILL_RUNNING, never APP_BUSY
    with pytest.raises(RemoteError) as err:
        qt.call("qt.methods.invoke", {"objectId": "hardeningWindow", "method": "work",
                                      "args": [7600]})
    assert err.value.name == "STILL_RUNNING" and err.value.data["runningMs"] >= 2000
    assert "not retry" in err.value.hint.lower() or "do not retry" in err.value.message
    assert any(" in work" in line for line in err.value.data["guiStack"])
    wait_until(lambda: not qt.call("qt.ping", {"timeout": 0.5})["busy"], timeout=15,
               what="the slot to end")
    # a slot that opens a modal dialog waits in its event loop: answered at once, saying so
    out = qt.call("qt.methods.invoke", {"objectId": "hardeningWindow", "method": "askModal"})
    assert out["pending"] is True and out["modal"]["modal"] is True, out
    assert qt.call("qt.ui.exists", {"target": "@name:modalBox"})["exists"]
    serving(hardening_app)
    hardening_app.command("close-modal")
    wait_until(lambda: not qt.call("qt.ui.exists", {"target": "@name:modalBox"})["exists"]
               or not qt.call("qt.ui.isVisible", {"target": "@name:modalBox"})["visible"],
               what="the dialog to close")
    serving(hardening_app)


def test_a_frozen_app_answers_app_busy_after_the_call_timeout(fresh_demo: DemoApp) -> None:
    qt = fresh_demo.client()
    fresh_demo.send_command("freeze 8")
    wait_until(lambda: qt.call("qt.ping", {"timeout": 0.2})["busy"], what="the freeze")
    for method, params in (("cu.leftClick", {"coordinate": [5, 5]}),
                           ("qt.ui.click", {"target": "submitButton", "timeout": 30})):
        with pytest.raises(RemoteError) as err:
            qt.call(method, params)
        assert err.value.name == "APP_BUSY" and err.value.data["waitedMs"] == 2000, method
    wait_until(lambda: not qt.call("qt.ping", {"timeout": 0.5})["busy"], timeout=15,
               what="the app to recover")
    serving(fresh_demo)


def test_a_click_racing_a_deletion_is_a_clear_error(hardening_app: DemoApp) -> None:
    qt = hardening_app.client()
    outcomes: dict[str, int] = {}
    for _ in range(60):
        hardening_app.send_command("recreate")
        try:
            qt.call("qt.ui.click", {"target": "raceTarget"})
            outcome = "ok"
        except RemoteError as exc:
            outcome = exc.name
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    assert set(outcomes) <= {"ok", "OBJECT_STALE", "OBJECT_NOT_FOUND", "ELEMENT_NOT_FOUND",
                             "OBJECT_AMBIGUOUS", "ELEMENT_NOT_VISIBLE"}, outcomes
    serving(hardening_app)


def _dropped(app: DemoApp) -> int:
    """How many windows hardening_app's ``cycles`` let go of still live."""
    app.send_command("dropped")
    return int(app.expect_line(lambda line: line.startswith("dropped ")).split()[1])


def test_windows_only_the_collector_frees_never_crash_the_probes_searches(
        hardening_app: DemoApp) -> None:
    """An app shows and drops windows in reference cycles (full of widgets C++ made)
    while an agent reads, finds, types and navigates: the cyclic collector frees them at
    any moment. On main the app segfaulted: a collection started inside PySide's wrapping
    of ``allWidgets()`` (chr.navigate's menu bars: widgets_under, the CI's frame) freed
    widgets the rest of the list named, or one the probe's server thread started freed a
    window on that thread (``probe.core.collector``)."""
    qt = hardening_app.client()
    field = qt.call("chr.find", {"query": "Filter fruits"})["matches"][0]["ref"]
    hardening_app.command("cycles 40")
    try:
        # the collector still runs (on the GUI thread now): the dropped windows do not pile
        # up (checked before any read of them: the dirty watch holds the windows it read)
        wait_until(lambda: _dropped(hardening_app) < 10, timeout=20,
                   what="the dropped windows collected")
        for i in range(12):
            page = qt.call("chr.readPage", {"filter": "interactive"})
            assert page["nodes"] > 0
            assert "matches" in qt.call("chr.find", {"query": "apple"})
            qt.call("chr.formInput", {"ref": field, "value": f"pe{i % 3}"})
            with pytest.raises(RemoteError):  # no such tab or menu: an error, no crash
                qt.call("chr.navigate", {"url": "No such page"})
    finally:
        hardening_app.command("cycles 0")
    # and the probe keeps none of them alive: the dirty watch, which notes every window's
    # paints, held the windows it met (some 25 after 12 reads) while an agent kept reading
    qt.call("chr.readPage", {"filter": "interactive"})
    wait_until(lambda: _dropped(hardening_app) == 0, timeout=20,
               what="every dropped window collected")
    serving(hardening_app)


def test_known_failures_read_as_their_error() -> None:
    stale = known_failure(RuntimeError("Internal C++ object (QPushButton) already deleted."))
    assert stale is not None and stale.name == "OBJECT_STALE"
    big = known_failure(OverflowError("Python int too large to convert to C long"))
    assert big is not None and big.name == "INVALID_PARAMS" and big.hint
    deep = known_failure(RecursionError("maximum recursion depth exceeded"))
    assert deep is not None and deep.name == "INVALID_PARAMS"
    assert known_failure(KeyError("x")) is None


# ---------------------------------------------------------------------- HTTP


def http(app: DemoApp, head: str) -> tuple[int, dict[str, str], bytes]:
    """Send a raw HTTP request head; (status, headers, body) or (0, {}, b'') if closed."""
    port = int(app.url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(head.replace("\n", "\r\n").encode() + b"Connection: close\r\n\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    if not data:
        return 0, {}, b""
    top, _, body = data.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, body


def test_http_serves_only_get_and_head_for_this_host(demo: DemoApp) -> None:
    t = demo.token
    port = demo.url.rsplit(":", 1)[1]
    status, _, body = http(demo, f"GET /health?token={t} HTTP/1.1\nHost: 127.0.0.1:{port}\n")
    assert status == 200 and json.loads(body)["ok"] is True
    for host in ("evil.example", f"rebind.example:{port}", "127.0.0.1.nip.io"):
        status, _, body = http(demo, f"GET /schema?token={t} HTTP/1.1\nHost: {host}\n")
        assert status == 403 and "Host" in json.loads(body)["message"], host
    status, _, _ = http(demo, f"GET /health?token={t} HTTP/1.1\n")  # no Host at all
    assert status == 403
    for host in ("localhost", f"[::1]:{port}", "127.0.0.1"):
        assert http(demo, f"GET /health?token={t} HTTP/1.1\nHost: {host}\n")[0] == 200
    for verb in ("POST", "DELETE", "PUT", "OPTIONS"):
        status, headers, _ = http(demo, f"{verb} /health?token={t} HTTP/1.1\nHost: localhost\n")
        assert status == 405 and headers["Allow"] == "GET, HEAD", verb
    status, headers, body = http(demo, f"HEAD /health?token={t} HTTP/1.1\nHost: localhost\n")
    assert status == 200 and body == b"" and int(headers["Content-Length"]) > 0
    for header in ("Origin: a\nOrigin: b", f"Authorization: Bearer {t}\nAuthorization: "
                   f"Bearer {t}", "Host: localhost\nHost: evil.example"):
        first = "" if header.startswith("Host") else "Host: localhost\n"
        status, _, body = http(demo, f"GET /health?token={t} HTTP/1.1\n{first}{header}\n")
        assert status == 400 and json.loads(body)["data"]["name"] == "INVALID_REQUEST"
    status, _, _ = http(demo, "GARBAGE\n")
    assert status in (0, 400)  # websockets closes on a request it cannot parse: never 500
    serving(demo)


def test_no_auth_still_refuses_a_rebinding_host() -> None:
    app = start_demo(env={"QTMCP_NO_AUTH": "1"})
    try:
        assert http(app, "GET /schema HTTP/1.1\nHost: attacker.example\n")[0] == 403
        assert http(app, "GET /health HTTP/1.1\nHost: localhost\n")[0] == 200
        with pytest.raises(InvalidStatus) as err:  # a browser WebSocket, rebinding or not
            ws_connect(app.url, origin="http://attacker.example")  # type: ignore[arg-type]
        assert err.value.response.status_code == 403
        serving(app)
    finally:
        app.stop()


# ------------------------------------------------------------------- the app's end


@pytest.mark.parametrize(("module", "sig"), [("resources.demo_app", signal.SIGTERM),
                                             (HARDENING_APP, signal.SIGTERM),
                                             (HARDENING_APP, signal.SIGINT)])
def test_a_signal_that_ends_the_app_removes_its_discovery_file(module: str,
                                                              sig: signal.Signals) -> None:
    app = start_demo(module=module)
    path = Path(app.info.path)
    assert path.is_file()
    serving(app)
    app.proc.send_signal(sig)
    assert app.proc.wait(20) == -sig  # it still ends by that signal, as without the probe
    assert not path.exists()


def test_calls_running_when_the_app_quits_answer_shutting_down(fresh_demo: DemoApp) -> None:
    qt = fresh_demo.client("quitting")
    outcome: dict[str, Any] = {}
    started = threading.Event()

    def wait() -> None:
        started.set()
        try:
            qt.call("qt.wait", {"target": "@name:neverThere", "condition": "exists",
                                "timeout": 30})
        except Exception as exc:  # noqa: BLE001 - the outcome is the test's subject
            outcome["error"] = exc

    thread = threading.Thread(target=wait)
    thread.start()
    started.wait(5)
    peek = fresh_demo.client("peek")
    wait_until(lambda: any(s["name"] == "quitting" and s["calls"] >= 2
                           for s in peek.call("probe.sessions")), what="the wait to run")
    fresh_demo.send_command("quit")
    thread.join(20)
    err = outcome.get("error")
    assert isinstance(err, RemoteError) and err.name == "SHUTTING_DOWN", err
    assert fresh_demo.proc.wait(20) == 0


def test_a_failed_save_leaves_no_temporary_file(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """In process, on the file layer alone: a write that fails midway cleans up."""
    monkeypatch.setenv(namefiles.FOLDER_ENV, str(tmp_path))
    with pytest.raises(QtError) as err:  # text that cannot be written as UTF-8
        namefiles.write("names.json", '{"x": "\ud800"}')
    assert err.value.name == "NAME_MAP_IO"
    assert list(tmp_path.iterdir()) == []

    def full_disk(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(namefiles.os, "replace", full_disk)  # the final rename fails
    with pytest.raises(QtError) as err:
        namefiles.write("names.json", '{"format": "qtmcp-names", "names": {}}\n')
    assert err.value.name == "NAME_MAP_IO" and "No space left" in (err.value.message or "")
    assert list(tmp_path.iterdir()) == []  # neither the file nor its .tmp
