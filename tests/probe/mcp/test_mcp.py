"""The MCP server as agents see it: a subprocess spoken to over stdio by the SDK's client.

Each test calls tools the way an agent would and checks what changed in the real demo
app through a second probe client (or its control channel).
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import mcp_types as types
import pytest
from jsonschema import Draft202012Validator

from probe.client import Client
from probe.discovery import app_label
from probe.exceptions import RemoteError
from probe.mcp import tools as mcp_tools
from tests.support.app import ROOT, DemoApp, start_demo, wait_until
from tests.support.chrome import ref_in as _ref
from tests.support.mcp_session import AGENT, McpSession


@pytest.fixture(scope="module")
def mcp_session(demo: DemoApp) -> Iterator[McpSession]:
    session = McpSession("--pid", str(demo.pid), "--caps", "all")
    yield session
    session.close()


def has(qt: Client, method: str) -> bool:
    return any(m["name"] == method for m in qt.call("qt.schema", {"prefix": method})["methods"])


def need(qt: Client, *methods: str) -> None:
    missing = [m for m in methods if not has(qt, m)]
    if missing:
        pytest.skip(f"the probe has no {', '.join(missing)} yet")


# ------------------------------------------------------------------------ tool list


def test_tools_follow_the_probe_schema(mcp_session: McpSession, qt: Client) -> None:
    tools = mcp_session.tools()
    schema = qt.call("qt.schema")
    methods = {m["name"]: m for m in schema["methods"]}
    by_tool = {e.tool: e for e in mcp_tools.catalog(schema).values() if e.tool}
    assert set(tools) == set(by_tool) | {"list_apps", "switch_app"}  # every set: --caps all
    for name, tool in tools.items():
        Draft202012Validator.check_schema(tool.input_schema)
        assert tool.input_schema["type"] == "object"
        if name in by_tool:
            method = methods[by_tool[name].method]
            names = {mcp_tools.snake(p) for p in method["params"]["properties"]
                     if p not in mcp_tools.MANAGED}
            extra = {mcp_tools.SAVE_TO, mcp_tools.OVERWRITE} if by_tool[name].heavy else set()
            assert set(tool.input_schema["properties"]) == names | extra
            assert all(p == p.lower() for p in tool.input_schema["properties"]), name
            assert tool.description.split()[:3] == method["summary"].split()[:3], name
            assert not re.search(r"\b(chr|cu|qt|qml)\.[a-zA-Z]", tool.description), name
            assert tool.annotations is not None
            # a tool with save_to writes a file: not read-only either
            assert tool.annotations.read_only_hint is (
                not (method["changesApp"] or by_tool[name].heavy))
            # what can change the app can close or crash it: hosts must ask first
            assert tool.annotations.destructive_hint is method["changesApp"]
    for name in ("set_property", "invoke_method", "computer", "form_input", "navigate"):
        assert tools[name].annotations.destructive_hint is True, name


def test_only_methods_declared_as_tools_are_listed() -> None:
    empty = {"type": "object", "properties": {}, "required": []}
    schema = {"methods": [
        {"name": "qt.ping", "summary": "Ping.", "description": "Ping.", "changesApp": False,
         "params": empty, "mcp": {"tool": "app_status", "caps": "chrome"}},
        {"name": "qt.later", "summary": "Newer.", "description": "Newer.",
         "changesApp": False, "params": empty, "mcp": {}},
        {"name": "qt.native", "summary": "Other set.", "description": "Other set.",
         "changesApp": False, "params": empty, "mcp": {"tool": "native_x", "caps": "native"}}]}
    toolset = mcp_tools.build_tools(schema)
    assert [t.name for t in toolset.tools] == ["app_status"]
    assert {n: r.method for n, r in toolset.routes.items()} == {"app_status": "qt.ping"}
    assert "required" not in toolset.tools[0].input_schema


def test_tool_error_carries_name_and_hint(mcp_session: McpSession) -> None:
    result = mcp_session.call("app_status", {"timeout": "soon"})
    assert result.is_error
    text = result.content[0].text
    assert text.startswith("INVALID_PARAMS:") and "hint: " in text and "'timeout'" in text
    assert result.structured_content["error"] == "INVALID_PARAMS"
    unknown = mcp_session.call("no_such_tool", {})
    assert unknown.is_error and "app_status" in unknown.content[0].text


def test_result_content_pulls_images_and_caps_text() -> None:
    png = "iVBORw0KGgo" + "A" * 200
    content = mcp_tools.result_content({"result": {"image": png, "width": 10}, "meta": {}})
    assert isinstance(content[1], types.ImageContent) and content[1].data == png
    assert content[1].mime_type == "image/png" and png not in content[0].text
    long = {"result": {"tree": "line\n" * 1000, "count": 1000}, "meta": {"durationMs": 1}}
    text = mcp_tools.result_content(long, max_chars=100)[0].text
    assert text.startswith('{"count":1000}\ntree:\nline') and "[truncated: " in text


# ----------------------------------------------------------------------- traffic


def test_tool_calls_show_in_the_traffic_mirror_as_the_agent(mcp_session: McpSession,
                                                            demo: DemoApp) -> None:
    watcher = demo.client(name="watcher", role="inspector")
    watcher.call("probe.subscribe", {"topics": ["traffic"]})
    mcp_session.text("app_status")
    record = watcher.wait_notification(
        "probe.traffic", lambda p: p["method"] == "qt.ping" and p["client"]["name"] == AGENT)
    assert record["client"]["role"] == "agent" and record["ok"]
    sessions = {s["name"]: s for s in watcher.call("probe.sessions")}
    assert sessions[AGENT]["role"] == "agent"
    # each call says which tool the agent called, with the arguments it gave
    mcp_session.text("read_page", {"filter": "interactive", "max_chars": 5000})
    read = watcher.wait_notification(
        "probe.traffic", lambda p: p["method"] == "chr.readPage" and p["client"]["name"] == AGENT)
    assert read["via"] == {"tool": "read_page",
                           "arguments": {"filter": "interactive", "max_chars": 5000}}
    assert read["params"] == {"filter": "interactive", "max_chars": 5000}


def test_streamable_http(demo: DemoApp) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "probe.cli", "mcp", "--pid", str(demo.pid),
                               "--http", str(port), "--caps", "chrome,native"],
                              cwd=ROOT, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_until(lambda: _listening(port), timeout=30, what=f"the MCP server on port {port}")
        session = McpSession(url=f"http://127.0.0.1:{port}/mcp")
        try:
            assert "app_version" in session.tools()
            assert f'"pid":{demo.pid}' in session.text("app_version")
        finally:
            session.close()
    finally:
        server.terminate()
        assert server.wait(15) == 0, server.stderr.read() if server.stderr else ""


def _listening(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0


# ------------------------------------------------------------------ app switching


def test_list_and_switch_apps(mcp_session: McpSession, demo: DemoApp) -> None:
    other = start_demo("--bench-form", "12")
    try:
        apps = mcp_session.text("list_apps")
        assert f'"pid":{demo.pid}' in apps and f'"pid":{other.pid}' in apps
        assert '"current":true' in apps
        switched = mcp_session.text("switch_app", {"app": "qtmcp-bench"})
        assert f'"pid":{other.pid}' in switched
        assert f'"pid":{other.pid}' in mcp_session.text("app_version")
        missing = mcp_session.call("switch_app", {"app": "no-such-app"})
        assert missing.is_error and "qtmcp-bench" in missing.content[0].text
        mcp_session.text("switch_app", {"pid": demo.pid})
        assert f'"pid":{demo.pid}' in mcp_session.text("app_version")
    finally:
        other.stop()
        mcp_session.text("switch_app", {"pid": demo.pid})


def test_the_app_going_away_is_a_tool_error(fresh_demo: DemoApp) -> None:
    session = McpSession("--pid", str(fresh_demo.pid), "--caps", "native")
    try:
        assert f'"pid":{fresh_demo.pid}' in session.text("app_version")
        fresh_demo.stop()
        result = session.call("app_version")
        assert result.is_error and "list_apps" in result.content[0].text
    finally:
        session.close()


def test_mcp_starts_the_app_and_stops_it_on_exit() -> None:
    session = McpSession("--caps", "native", "--", sys.executable, "-m", "resources.demo_app",
                         "--title", "started by mcp")
    try:
        text = session.text("app_version")
        pid = int(text.split('"pid":')[1].split(",")[0].split("}")[0])
        apps = session.text("list_apps")
        assert '"startedByMe":true' in apps
    finally:
        session.close()
    wait_until(lambda: not _alive(pid), timeout=20, what="the app started by mcp to exit")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is gone for our purposes
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            return fh.read().split()[2] != "Z"
    except OSError:
        return False


# -------------------------------------------------------------- chrome-style tools


def test_agent_fills_the_form_by_ref(mcp_session: McpSession, qt: Client) -> None:
    need(qt, "chr.readPage", "chr.find", "chr.formInput", "chr.click")
    qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})
    page = mcp_session.text("read_page", {"filter": "interactive"})
    assert "[ref_" in page and "Submit" in page
    name_ref = _ref(mcp_session.text("find", {"query": "name text field"}), "Name")
    mcp_session.text("form_input", {"ref": name_ref, "value": "Ada Lovelace"})
    mcp_session.text("form_input", {"ref": _ref(page, "terms"), "value": True})
    mcp_session.text("computer", {"action": "left_click", "ref": _ref(page, "Submit")})
    status = qt.call("qt.properties.get", {"objectId": "statusLabel", "name": "text"})
    assert status["value"] == "Submitted: Ada Lovelace"
    stale = mcp_session.call("form_input", {"ref": "ref_999999", "value": "x"})
    assert stale.is_error and stale.content[0].text.startswith("REF_NOT_FOUND")
    assert "hint: " in stale.content[0].text
    qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})


def test_screenshot_is_image_content(mcp_session: McpSession, qt: Client) -> None:
    need(qt, "cu.screenshot")
    result = mcp_session.call("screenshot", {})
    assert not result.is_error
    images = [c for c in result.content if isinstance(c, types.ImageContent)]
    assert images and images[0].mime_type in ("image/png", "image/jpeg")


# ------------------------------------------------------------------- chr.computer


def test_computer_checks_each_actions_arguments(qt: Client) -> None:
    cases = [({"action": "left_click"}, "ref"), ({"action": "type"}, "text"),
             ({"action": "zoom", "region": [0, 0, 5]}, "4 numbers"),
             ({"action": "left_click", "ref": "ref_1", "coordinate": [1, 2]}, "not both"),
             ({"action": "scroll", "coordinate": [1, 2]}, "scroll_direction"),
             ({"action": "fly"}, "must be one of")]
    for params, says in cases:
        with pytest.raises(RemoteError) as info:
            qt.call("chr.computer", params)
        assert info.value.name == "INVALID_PARAMS", params
        assert says in info.value.message, (params, info.value.message)
        assert info.value.hint


def test_computer_wait_runs_without_blocking_the_app(qt: Client) -> None:
    waited = qt.call("chr.computer", {"action": "wait", "duration": 0.05})
    assert waited == {"waited": 0.05, "changes": "no visible change"}
    with pytest.raises(RemoteError) as info:
        qt.call("chr.computer", {"action": "wait", "duration": 31})
    assert info.value.name == "INVALID_PARAMS" and "30" in info.value.message


def test_computer_tool_over_mcp(mcp_session: McpSession) -> None:
    assert '"waited":0.01' in mcp_session.text("computer", {"action": "wait", "duration": 0.01})
    result = mcp_session.call("computer", {"action": "double_click"})
    assert result.is_error and result.content[0].text.startswith("INVALID_PARAMS:")


def test_computer_clicks_a_coordinate_of_the_screenshot(mcp_session: McpSession,
                                                        qt: Client) -> None:
    qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})
    box = qt.call("qt.ui.geometry", {"target": "submitButton"})["window"]
    shot = mcp_session.call("computer", {"action": "screenshot"})
    assert any(isinstance(c, types.ImageContent) for c in shot.content)
    point = [box["x"] + box["width"] // 2, box["y"] + box["height"] // 2]
    clicked = mcp_session.text("computer", {"action": "left_click", "coordinate": point})
    assert "submitButton" in clicked and "via" not in clicked  # the probe's route is not news
    error = qt.call("qt.properties.get", {"objectId": "errorLabel", "name": "text"})["value"]
    assert "Name is required" in error
    outside = mcp_session.call("computer", {"action": "left_click", "coordinate": [99999, 5]})
    assert outside.is_error and outside.content[0].text.startswith("COORDINATE_OUT_OF_BOUNDS")
    assert "hint: " in outside.content[0].text and "bounds" in outside.content[0].text


# -------------------------------------------------------------------- native tools


def test_native_tools_change_the_app(mcp_session: McpSession, qt: Client) -> None:
    mcp_session.text("set_property", {"objectId": "nameEdit", "name": "text", "value": "Grace"})
    assert qt.call("qt.properties.get", {"objectId": "nameEdit", "name": "text"})["value"] == \
        "Grace"
    greeting = mcp_session.text("invoke_method", {"objectId": "mainWindow", "method": "greet",
                                            "args": ["Ada", 2]})
    assert "Ada" in greeting
    wrong = mcp_session.call("get_property", {"objectId": "nameEdit", "name": "colour"})
    assert wrong.is_error and wrong.content[0].text.startswith("PROPERTY_NOT_FOUND")
    assert "available" in wrong.content[0].text
    qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})


def test_large_trees_are_cut_at_max_chars(demo: DemoApp) -> None:
    session = McpSession("--pid", str(demo.pid), "--max-chars", "5000", "--caps", "native")
    try:
        text = session.text("get_object_tree", {"depth": 20})
    finally:
        session.close()
    assert 5000 < len(text) <= 5300
    assert "[truncated: " in text and "narrow the call" in text


def test_each_answer_names_its_app_and_a_switch_says_what_restarts(
        mcp_session: McpSession, demo: DemoApp) -> None:
    tabs = mcp_session.text("tabs_context")
    assert f'"pid":{demo.pid}' in tabs and '"name":"qtmcp-demo"' in tabs
    other = start_demo("--bench-form", "12")
    driver = McpSession("--pid", str(other.pid), name="other-agent")
    try:
        driver.text("tabs_context")  # another agent session drives the bench app
        switched = mcp_session.text("switch_app", {"pid": other.pid})
        assert "refs, tab ids and #N ids start again" in switched
        assert "another agent session drives this app" in switched, switched
    finally:
        driver.close()
        other.stop()
        mcp_session.text("switch_app", {"pid": demo.pid})


def test_an_app_run_as_a_module_is_named_by_its_module(tmp_path: Path) -> None:
    pkg = tmp_path / "shop" / "gui"
    pkg.mkdir(parents=True)
    for folder in (pkg, pkg.parent):
        (folder / "__init__.py").write_text("")
    (pkg / "__main__.py").write_text("")
    assert app_label("__main__", [str(pkg / "__main__.py")]) == "shop.gui"
    assert app_label("__main__.py", [str(tmp_path / "tool.py")]) == "tool.py"
    assert app_label("Shop", [str(pkg / "__main__.py")]) == "Shop"


def test_an_app_whose_python_lacks_qtmcp_gets_the_way_forward(tmp_path: Path) -> None:
    """Not "No module named 'probe'" from a dead child: the command that fixes it."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(tmp_path / "venv")],
                   check=True, timeout=60)
    other = tmp_path / "venv" / "bin" / "python"
    app = tmp_path / "app.py"
    app.write_text("print('never reached')\n")
    out = subprocess.run([sys.executable, "-m", "probe.cli", "mcp", "--", str(other), str(app)],
                         cwd=tmp_path, capture_output=True, text=True, timeout=60,
                         stdin=subprocess.DEVNULL)
    assert out.returncode != 0
    assert f"{other} -m pip install qtmcp" in out.stderr, out.stderr
    assert f"qtmcp mcp -- {sys.executable} {app}" in out.stderr
