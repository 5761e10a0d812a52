"""The foundation over a real WebSocket to a real demo app: JSON-RPC, security, busy app."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect as ws_connect

from probe import discovery, protocol
from probe.client import Client
from probe.exceptions import ConnectError, RemoteError
from tests.support.app import DemoApp, start_demo, wait_until


def raw_exchange(demo: DemoApp, text: str, timeout: float = 10) -> Any:
    """Send one raw text frame and return the decoded reply (None if none came)."""
    with ws_connect(f"{demo.url}/?token={demo.token}", compression=None) as ws:
        ws.send(text)
        try:
            return json.loads(ws.recv(timeout=timeout))
        except TimeoutError:
            return None


def error_name(reply: dict[str, Any]) -> str:
    return reply["error"]["data"]["name"]


def test_ping_envelope_and_event_loop(qt: Client) -> None:
    env = qt.call_envelope("qt.ping")
    assert set(env) == {"result", "meta"}
    assert env["result"]["pong"] is True and env["result"]["busy"] is False
    assert env["result"]["eventLoopMs"] > 0
    assert env["meta"]["durationMs"] >= env["result"]["eventLoopMs"] * 0.5


def test_version_reports_the_app(qt: Client, demo: DemoApp) -> None:
    info = qt.call("qt.version")
    assert info["pid"] == demo.pid
    assert info["app"] == "qtmcp-demo"
    assert info["qt"].startswith("6.")
    assert info["qpa"] == "offscreen"


def test_schema_lists_every_method_with_param_schemas(qt: Client) -> None:
    schema = qt.call("qt.schema")
    names = {m["name"] for m in schema["methods"]}
    assert {"qt.ping", "qt.version", "qt.modes", "qt.schema", "probe.hello"} <= names
    for m in schema["methods"]:
        assert m["params"]["type"] == "object"
        assert m["summary"]
        assert isinstance(m["changesApp"], bool)
    only = qt.call("qt.schema", {"prefix": "probe."})
    assert all(m["name"].startswith("probe.") for m in only["methods"])


def test_modes_are_derived_from_the_registry(qt: Client) -> None:
    modes = qt.call("qt.modes")
    assert set(modes) >= {"native", "computerUse", "chrome", "qml"}
    assert all(isinstance(v["available"], bool) for v in modes.values())


def test_batch_answers_in_one_array_and_skips_notifications(demo: DemoApp) -> None:
    reply = raw_exchange(demo, json.dumps([
        {"jsonrpc": "2.0", "method": "qt.ping", "id": 1},
        {"jsonrpc": "2.0", "method": "qt.version"},  # notification: no answer
        {"jsonrpc": "2.0", "method": "no.such", "id": "b"},
        42,
    ]))
    assert isinstance(reply, list) and len(reply) == 3
    by_id = {r["id"]: r for r in reply}
    assert by_id[1]["result"]["result"]["pong"] is True
    assert error_name(by_id["b"]) == "METHOD_NOT_FOUND"
    assert error_name(by_id[None]) == "INVALID_REQUEST"


def test_all_notifications_batch_gets_no_reply(demo: DemoApp) -> None:
    batch = json.dumps([{"jsonrpc": "2.0", "method": "qt.ping"}] * 2)
    assert raw_exchange(demo, batch, timeout=1.0) is None


@pytest.mark.parametrize(
    ("text", "name", "code", "rid"),
    [
        ("{oops", "PARSE_ERROR", -32700, None),
        ("[]", "INVALID_REQUEST", -32600, None),
        ('{"jsonrpc":"2.0","id":5}', "INVALID_REQUEST", -32600, 5),
        ('{"jsonrpc":"2.0","method":"qt.nope","id":6}', "METHOD_NOT_FOUND", -32601, 6),
        ('{"jsonrpc":"2.0","method":"qt.ping","params":{"timeout":"x"},"id":7}',
         "INVALID_PARAMS", -32602, 7),
        ('{"jsonrpc":"2.0","method":"qt.ping","params":[1,2,3],"id":8}',
         "INVALID_PARAMS", -32602, 8),
    ],
)
def test_spec_errors_with_ids(demo: DemoApp, text: str, name: str, code: int, rid: Any) -> None:
    reply = raw_exchange(demo, text)
    assert reply["jsonrpc"] == "2.0" and reply["id"] == rid
    assert reply["error"]["code"] == code
    assert error_name(reply) == name
    assert reply["error"]["data"]["hint"]


def test_invalid_params_says_what_is_expected(qt: Client) -> None:
    with pytest.raises(RemoteError) as info:
        qt.call("probe.hello", {"nam": "x"})
    err = info.value
    assert err.name == "INVALID_PARAMS"
    assert err.data["expected"]["required"] == ["name"]
    assert err.data["received"] == {"nam": "x"}
    assert any("unknown param 'nam'" in p for p in err.data["problems"])


def test_unknown_method_suggests_similar(qt: Client) -> None:
    with pytest.raises(RemoteError) as info:
        qt.call("qt.pign")
    assert info.value.name == "METHOD_NOT_FOUND"
    assert "qt.ping" in info.value.data["similar"]


def test_notifications_reach_subscribers_only(demo: DemoApp) -> None:
    watcher = demo.client("watcher", "inspector")
    agent = demo.client("agent-x", "agent")
    watcher.call("probe.subscribe", {"topics": ["traffic"]})
    agent.call("qt.version")
    note = watcher.wait_notification(
        "probe.traffic", lambda p: p["method"] == "qt.version", timeout=10)
    assert note["client"]["name"] == "agent-x" and note["client"]["role"] == "agent"
    assert note["ok"] is True and note["result"]["result"]["pid"] == demo.pid
    assert not agent.received("probe.traffic")
    with pytest.raises(RemoteError) as info:
        agent.call("probe.subscribe", {"topics": ["nope"]})
    assert info.value.name == "UNKNOWN_TOPIC" and "traffic" in info.value.data["available"]


def test_sessions_lists_named_clients(demo: DemoApp) -> None:
    c = demo.client("session-lister", "script")
    names = {s["name"]: s for s in c.call("probe.sessions")}
    assert names["session-lister"]["role"] == "script"


def test_missing_and_wrong_token_refused(demo: DemoApp) -> None:
    for url in (demo.url, f"{demo.url}/?token=wrong"):
        with pytest.raises(InvalidStatus) as info:
            ws_connect(url)
        assert info.value.response.status_code == 401
        body = json.loads(info.value.response.body)
        assert body["data"]["name"] == "UNAUTHORIZED" and body["data"]["hint"]
    with pytest.raises(ConnectError, match="401"):
        Client.connect(demo.url, "wrong-token")


def test_bearer_header_accepted(demo: DemoApp) -> None:
    with ws_connect(demo.url, additional_headers={"Authorization": f"Bearer {demo.token}"}) as ws:
        ws.send('{"jsonrpc":"2.0","method":"qt.ping","id":1}')
        assert json.loads(ws.recv(timeout=10))["result"]["result"]["pong"]


def test_browser_origin_refused(demo: DemoApp) -> None:
    with pytest.raises(InvalidStatus) as info:
        ws_connect(f"{demo.url}/?token={demo.token}", origin="http://evil.example")
    assert info.value.response.status_code == 403


def test_oversized_message_refused_connection_and_app_survive(demo: DemoApp) -> None:
    limit = protocol.DEFAULT_MAX_MESSAGE
    big = json.dumps({"jsonrpc": "2.0", "id": 99, "method": "qt.ping",
                      "params": {"pad": "x" * (limit + 10)}})
    with ws_connect(f"{demo.url}/?token={demo.token}", compression=None,
                    max_size=None) as ws:
        ws.send(big)
        reply = json.loads(ws.recv(timeout=20))
        assert reply["id"] == 99 and error_name(reply) == "MESSAGE_TOO_LARGE"
        assert reply["error"]["data"]["limit"] == limit
        ws.send('{"jsonrpc":"2.0","method":"qt.ping","id":100}')
        assert json.loads(ws.recv(timeout=10))["result"]["result"]["pong"] is True
    assert demo.alive()


def test_discovery_file_private_and_complete(demo: DemoApp) -> None:
    path = Path(demo.info.path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    data = json.loads(path.read_text())
    for key in ("pid", "app", "argv", "port", "token", "qt", "pyside", "started"):
        assert key in data
    assert data["app"] == "qtmcp-demo" and data["pid"] == demo.pid


def test_stale_discovery_files_ignored_and_cleaned(tmp_path: Path) -> None:
    dead = discovery.ProbeInfo(pid=2**22 + 12345, app="ghost", url="ws://127.0.0.1:1",
                               port=1, token="t")
    path = discovery.write(dead, tmp_path)
    assert discovery.list_probes(tmp_path) == []
    assert not path.exists()


def test_frozen_gui_thread_gives_app_busy_then_recovers(fresh_demo: DemoApp) -> None:
    qt = fresh_demo.client()
    fresh_demo.send_command("freeze 3")
    # The control command runs on the GUI thread; wait until the app really is frozen.
    wait_until(lambda: qt.call("qt.ping", {"timeout": 0.2})["busy"], timeout=10,
               what="the GUI thread to be frozen")
    start = time.monotonic()
    with pytest.raises(RemoteError) as info:
        qt.call("qt.version")
    waited = time.monotonic() - start
    err = info.value
    assert err.name == "APP_BUSY"
    assert waited < 2.9  # the call timeout (2 s) answered, not the 3 s freeze
    assert any("freeze" in line or "sleep" in line for line in err.data["guiStack"])
    ping = qt.call("qt.ping", {"timeout": 0.1})
    assert ping["busy"] is True and ping["blockedForMs"] >= 0
    wait_until(lambda: not qt.call("qt.ping", {"timeout": 0.5})["busy"], timeout=10,
               what="the app to recover")
    assert qt.call("qt.version")["pid"] == fresh_demo.pid


def test_launch_runs_unmodified_app_and_cleans_up_on_exit() -> None:
    app = start_demo(launch=True)
    try:
        qt = app.client()
        assert qt.call("qt.version")["app"] == "qtmcp-demo"
        path = Path(app.info.path)
        assert path.exists()
        notes: list[str] = []
        qt.on("probe.closed", lambda n: notes.append(n.method))
        app.send_command("quit")
        assert app.proc.wait(15) == 0
        wait_until(lambda: not path.exists(), what="the discovery file to be removed")
        wait_until(lambda: qt.closed, what="the client to see the close")
        wait_until(lambda: notes == ["probe.closed"], what="the close callback")
    finally:
        app.stop()


def test_launch_env_sets_port_and_token() -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = start_demo(launch=True, env={"QTMCP_PORT": str(port), "QTMCP_TOKEN": "fixed-token"})
    try:
        assert app.info.port == port and app.info.token == "fixed-token"
        with Client.connect(f"ws://127.0.0.1:{port}", "fixed-token") as c:
            assert c.call("qt.ping")["pong"]
    finally:
        app.stop()


def test_install_twice_returns_same_probe_and_is_loopback_only() -> None:
    code = (
        "import probe, sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "a = probe.install(); b = probe.install()\n"
        "assert a is b, 'second install made a new probe'\n"
        "probe.uninstall()\n"
        "try:\n"
        "    probe.install(host='0.0.0.0')\n"
        "except ValueError as e:\n"
        "    print('refused:', e)\n"
    )
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, env={**os.environ})
    assert out.returncode == 0, out.stderr
    assert "refused:" in out.stdout and "allow_remote" in out.stdout


def test_token_of_another_probe_is_refused(demo: DemoApp, fresh_demo: DemoApp) -> None:
    assert demo.token != fresh_demo.token
    with pytest.raises(InvalidStatus) as info:
        ws_connect(f"{fresh_demo.url}/?token={demo.token}")
    assert info.value.response.status_code == 401


def test_client_leaving_mid_call_does_not_hurt_others(fresh_demo: DemoApp) -> None:
    other = fresh_demo.client("bystander")
    fresh_demo.send_command("freeze 1")
    with ws_connect(f"{fresh_demo.url}/?token={fresh_demo.token}") as ws:
        ws.send('{"jsonrpc":"2.0","method":"qt.version","id":1}')
    # the call's client is gone when the GUI thread answers; the app and others go on
    wait_until(lambda: not other.call("qt.ping", {"timeout": 0.5})["busy"], timeout=10,
               what="the app to recover")
    assert other.call("qt.version")["pid"] == fresh_demo.pid
    assert fresh_demo.alive()
