"""Security: loopback-only bind unless explicitly allowed, browser origins refused, and
every change an agent makes is in the traffic log with the client that made it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect as ws_connect

from probe import discovery
from probe.client import Client
from probe.exceptions import RemoteError
from probe.server.auth import new_token
from tests.support.app import ROOT, DemoApp, start_demo, wait_until

REFUSAL = "refusing to listen on"


def run_demo_expecting_exit(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Start the demo app with the probe and an env that must make it refuse to start."""
    return subprocess.run(
        [sys.executable, "-m", "resources.demo_app", "--probe"], cwd=ROOT,
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
        env={**os.environ, **env})


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.0.2.7"])
def test_non_loopback_host_from_env_is_refused(host: str) -> None:
    before = {p.pid for p in discovery.list_probes()}
    out = run_demo_expecting_exit({"QTMCP_HOST": host})
    # install() raises before anything listens: the app does not start, and says why.
    assert out.returncode != 0
    assert f"{REFUSAL} {host!r}" in out.stderr, out.stderr[-2000:]
    assert "allow_remote=True (QTMCP_ALLOW_REMOTE=1)" in out.stderr
    assert "Traceback" not in out.stderr and out.returncode == 2
    assert {p.pid for p in discovery.list_probes()} <= before, "a refused probe was announced"


def test_non_loopback_host_argument_is_refused_loopback_accepted() -> None:
    code = (
        "import probe\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "for host in ('0.0.0.0', '::', '10.0.0.1', 'example.com', ''):\n"
        "    try:\n"
        "        probe.install(host=host, discovery=False)\n"
        "        print('ACCEPTED', repr(host)); probe.uninstall()\n"
        "    except ValueError as exc:\n"
        "        print('REFUSED', repr(host), exc)\n"
        "for host in ('127.0.0.1', 'localhost', '127.0.0.2'):\n"
        "    p = probe.install(host=host, discovery=False)\n"
        "    print('LISTENING', repr(host), p.url); probe.uninstall()\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, cwd=ROOT, env={**os.environ})
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    for host in ("0.0.0.0", "::", "10.0.0.1", "example.com", ""):
        assert any(line.startswith(f"REFUSED {host!r}") and "allow_remote" in line
                   for line in lines), out.stdout
    for host in ("127.0.0.1", "localhost", "127.0.0.2"):
        assert any(line.startswith(f"LISTENING {host!r} ws://{host}:") for line in lines), \
            out.stdout


def test_remote_bind_allowed_with_the_explicit_option() -> None:
    app = start_demo(env={"QTMCP_HOST": "0.0.0.0", "QTMCP_ALLOW_REMOTE": "1"})
    try:
        # Clients are pointed at loopback; the token is still required.
        assert app.url.startswith("ws://127.0.0.1:")
        wait_until(lambda: any("reachable from other machines" in line
                               for line in app.stderr_lines), what="the loud warning")
        with pytest.raises(InvalidStatus) as info:
            ws_connect(app.url)
        assert info.value.response.status_code == 401
        assert app.client().call("qt.ping")["pong"] is True
    finally:
        app.stop()


BROWSER_ORIGINS = ["http://evil.example", "null", "https://localhost:3000",
                   "http://127.0.0.1:8000", "file://"]


@pytest.mark.parametrize("origin", BROWSER_ORIGINS)
def test_browser_origins_refused_even_with_the_token(demo: DemoApp, origin: str) -> None:
    with pytest.raises(InvalidStatus) as info:
        ws_connect(f"{demo.url}/?token={demo.token}", origin=origin)  # type: ignore[arg-type]
    assert info.value.response.status_code == 403
    body = json.loads(info.value.response.body)
    assert body["data"]["name"] == "UNAUTHORIZED" and body["data"]["hint"]


def test_changes_are_logged_with_the_client_that_made_them(demo: DemoApp) -> None:
    watcher = demo.client("security-log", "inspector")
    watcher.call("probe.subscribe", {"topics": ["traffic"]})
    agent = demo.client("agent-sec", "agent")
    bystander = demo.client("bystander-sec", "agent")
    me = next(s for s in watcher.call("probe.sessions") if s["name"] == "agent-sec")

    value = "set-by-agent-sec"
    got = agent.call("qt.properties.set", {"objectId": "notesEdit", "name": "plainText",
                                           "value": value})
    assert got["value"] == value
    # The set really changed the app, seen by someone else.
    assert bystander.call("qt.properties.get", {"objectId": "notesEdit",
                                                "name": "plainText"})["value"] == value
    agent.call("qt.methods.invoke", {"objectId": "notesEdit", "method": "clear"})
    assert bystander.call("qt.properties.get", {"objectId": "notesEdit",
                                                "name": "plainText"})["value"] == ""

    def of_agent(method: str) -> dict[str, Any]:
        return watcher.wait_notification(
            "probe.traffic",
            lambda p: p["method"] == method and p["client"]["name"] == "agent-sec",
            timeout=10)

    for method, key, expected in (("qt.properties.set", "value", value),
                                  ("qt.methods.invoke", "method", "clear")):
        rec = of_agent(method)
        assert rec["client"] == {"id": me["id"], "name": "agent-sec", "role": "agent"}, rec
        assert rec["ok"] is True and rec["changesApp"] is True
        assert rec["params"]["objectId"] == "notesEdit" and rec["params"][key] == expected
        assert rec["target"], rec  # the element it changed, for the log and replays
    # The bystander's reads are its own, not attributed to the agent.
    read = watcher.wait_notification(
        "probe.traffic", lambda p: p["method"] == "qt.properties.get", timeout=10)
    assert read["client"]["name"] == "bystander-sec" and "changesApp" not in read


def test_only_the_inspector_sees_other_clients_calls(demo: DemoApp) -> None:
    """A plain client may not subscribe to traffic or gate, and never receives them."""
    spy = demo.client("spy", "agent")
    for topics in (["traffic"], ["gate"], ["sessions", "traffic"]):
        with pytest.raises(RemoteError) as refused:
            spy.call("probe.subscribe", {"topics": topics})
        assert refused.value.name == "ROLE_NOT_ALLOWED", topics
        assert refused.value.data["requiredRole"] == "inspector"
    assert spy.call("probe.subscribe", {"topics": ["sessions"]}) == {"topics": ["sessions"]}
    watcher = demo.client("spy-control", "inspector")
    watcher.call("probe.subscribe", {"topics": ["traffic", "gate"]})
    agent = demo.client("typist", "agent")
    agent.call("qt.properties.set", {"objectId": "notesEdit", "name": "plainText",
                                     "value": "s3cret-password"})
    agent.call("qt.methods.invoke", {"objectId": "notesEdit", "method": "clear"})
    seen = watcher.wait_notification("probe.traffic", lambda p: p["client"]["name"] == "typist"
                                     and p["method"] == "qt.methods.invoke")
    assert seen["params"]["method"] == "clear"  # the inspector does see it
    spy.call("qt.ping")  # anything mirrored to the spy would have come before this answer
    assert spy.received("probe.traffic") == []
    assert "s3cret" not in json.dumps([n.params for n in spy.received()])


def test_token_of_one_probe_is_useless_on_another(demo: DemoApp) -> None:
    other = start_demo()
    try:
        assert other.token != demo.token
        with pytest.raises(InvalidStatus) as info:
            ws_connect(f"{other.url}/?token={demo.token}")
        assert info.value.response.status_code == 401
        with pytest.raises(Exception, match="401"):
            Client.connect(other.url, demo.token)
    finally:
        other.stop()


def test_random_tokens_never_start_with_a_dash() -> None:
    """A token starting with '-' broke ``qtmcp call --token …`` one start in 64."""
    tokens = [new_token() for _ in range(2000)]
    assert not any(t.startswith("-") for t in tokens)
    assert len(set(tokens)) == len(tokens) and all(len(t) == 32 for t in tokens)
