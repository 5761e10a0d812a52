"""An agent's view through MCP: few calls, a lean tool list, MCP words, heavy results by file.

The MCP server runs as ``qtmcp mcp`` over stdio, spoken to by the SDK's client; what the
agent did is checked in the demo app through a second probe client.
"""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import mcp_types as types
import pytest

from probe import protocol
from probe.client import Client
from probe.mcp import tools as mcp_tools
from probe.mcp.server import LOCAL_TOOLS
from tests.support.app import ROOT, DemoApp
from tests.support.chrome import ref_in as _ref
from tests.support.mcp_session import McpSession

PROBE_METHOD = re.compile(r"\b(chr|cu|qt|qml)\.[a-zA-Z]")


@pytest.fixture(scope="module")
def outdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("agent")


@pytest.fixture(scope="module")
def mcp_session(demo: DemoApp, outdir: Path) -> Iterator[McpSession]:
    """The default profile, as `claude mcp add qtmcp -- qtmcp mcp` gives it (files in a
    folder of the test's own)."""
    session = McpSession("--pid", str(demo.pid), "--output-dir", str(outdir))
    yield session
    session.close()


@pytest.fixture(autouse=True)
def clean_form(qt: Client) -> None:
    qt.call("chr.navigate", {"url": "Form"})
    qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})


def test_the_form_task_takes_three_calls(mcp_session: McpSession, qt: Client) -> None:
    page = mcp_session.text("read_page", {"filter": "interactive"})
    filled = mcp_session.text("fill_form", {"fields": [
        {"ref": _ref(page, "textbox", '"Name"'), "value": "Ada"},
        {"ref": _ref(page, '"Age"'), "value": 36},
        {"ref": _ref(page, '"Country"'), "value": "Japan"},
        {"ref": _ref(page, "I accept the terms"), "value": True}]})
    assert 'value "" -> "Ada"' in filled and "+checked" in filled
    clicked = mcp_session.text("computer", {"action": "left_click", "ref": _ref(page, '"Submit"')})
    assert '~ text "Form reset" -> "Submitted: Ada"' in clicked
    assert len(clicked) <= 1500, clicked
    status = qt.call("qt.properties.get", {"objectId": "statusLabel", "name": "text"})
    assert status["value"] == "Submitted: Ada"


def test_the_default_tool_list_is_lean_and_the_rest_comes_by_caps(mcp_session: McpSession,
                                                                   demo: DemoApp) -> None:
    tools = mcp_session.tools()
    chrome = {"read_page", "find", "form_input", "fill_form", "computer", "batch", "navigate",
              "wait_for", "get_page_text", "tabs_context", "read_console_messages",
              "file_upload", "app_status"}  # Claude in Chrome parity, and app status
    assert set(tools) == {*chrome, *(t.name for t in LOCAL_TOOLS)}
    assert mcp_tools.tool_list_chars(tools.values()) <= 12_000
    for tool in tools.values():
        text = json.dumps(tool.model_dump(by_alias=True, exclude_none=True, mode="json"))
        assert not PROBE_METHOD.search(text), (tool.name, PROBE_METHOD.search(text))
        assert all(not re.search("[A-Z]", p) for p in tool.input_schema["properties"])
    qml = McpSession("--pid", str(demo.pid), "--caps", "qml")
    try:
        names = set(qml.tools())
    finally:
        qml.close()
    assert {"qml_tree", "qml_item", "qml_bindings"} <= names and "read_page" not in names
    bad = subprocess.run([sys.executable, "-m", "probe.cli", "mcp", "--caps", "chrome,bogus"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "bogus" in bad.stderr and "native" in bad.stderr


def test_errors_and_hints_name_mcp_tools(mcp_session: McpSession) -> None:
    stale = mcp_session.call("form_input", {"ref": "ref_999999", "value": "x"})
    text = stale.content[0].text
    assert stale.is_error and text.startswith("REF_NOT_FOUND") and "read_page" in text
    assert not PROBE_METHOD.search(text), text
    wrong = mcp_session.call("read_page", {"depth": 0, "tabId": "nope"})
    text = wrong.content[0].text
    assert wrong.is_error and text.startswith("INVALID_PARAMS") and "'depth'" in text
    # no schema repeated: the agent has the tool's input schema
    assert '"properties"' not in text and "input schema" in text and len(text) < 600
    other = mcp_session.call("get_property", {"object_id": "nameEdit", "name": "text"})
    assert other.is_error and other.content[0].text.startswith("NOT_ENABLED")
    assert "--caps chrome,native" in other.content[0].text


def test_parameters_are_snake_case_and_the_probe_spelling_works_too(mcp_session: McpSession,
                                                                   qt: Client) -> None:
    tab = qt.call("chr.tabsContext")["activeTabId"]
    assert "Submit" in mcp_session.text("get_page_text", {"tab_id": tab, "max_chars": 5000})
    assert "Submit" in mcp_session.text("get_page_text", {"tabId": tab})
    errors = mcp_session.text("read_console_messages", {"only_errors": True, "limit": 5})
    assert '"messages"' in errors


def test_batch_and_wait_for_over_mcp(mcp_session: McpSession, qt: Client) -> None:
    page = mcp_session.text("read_page", {"filter": "interactive"})
    done = mcp_session.text("batch", {"actions": [
        {"action": "form_input", "ref": _ref(page, '"Name"'), "value": "Bo"},
        {"action": "left_click", "ref": _ref(page, "I accept the terms")},
        {"action": "left_click", "ref": _ref(page, '"Submit"')},
        {"action": "wait_for", "text": "Submitted: Bo"}]})
    assert '"done":4' in done and "Submitted: Bo" in done
    stopped = mcp_session.call("batch", {"actions": [{"action": "left_click",
                                                    "ref": "ref_999999"}]})
    assert stopped.is_error and "step 1 of 1 (left_click)" in stopped.content[0].text
    waited = mcp_session.call("wait_for", {"text": "no such text anywhere", "timeout": 0.2})
    assert waited.is_error and waited.content[0].text.startswith("TIMEOUT")


def test_heavy_results_go_to_a_file(mcp_session: McpSession, outdir: Path) -> None:
    tmp_path = outdir.resolve()
    shot = mcp_session.call("computer", {"action": "screenshot", "save_to": "a.png"})
    assert not shot.is_error and not any(isinstance(c, types.ImageContent) for c in shot.content)
    info = json.loads(shot.content[0].text)
    assert info["saved_to"] == str(tmp_path / "a.png") and info["mime"] == "image/png"
    data = (tmp_path / "a.png").read_bytes()
    assert data.startswith(b"\x89PNG") and len(data) == info["bytes"]
    assert info["result"]["width"] > 100 and "data" not in info["result"]
    # an absolute path inside the output folder
    page = mcp_session.call("read_page", {"save_to": str(tmp_path / "page.txt")})
    assert "saved_to" in page.content[0].text and "[ref_" not in page.content[0].text
    assert re.search(r'button "Submit" \[ref_\d+\]', (tmp_path / "page.txt").read_text())
    nowhere = mcp_session.call("read_page", {"save_to": "no/such/dir.txt"})
    assert nowhere.is_error and nowhere.content[0].text.startswith("SAVE_FAILED")


def test_screenshots_stay_under_a_megabyte(mcp_session: McpSession, demo: DemoApp,
                                           qt: Client) -> None:
    watcher = demo.client(name="watcher", role="inspector")
    watcher.call("probe.subscribe", {"topics": ["traffic"]})
    shot = mcp_session.call("computer", {"action": "screenshot"})
    image = next(c for c in shot.content if isinstance(c, types.ImageContent))
    assert len(image.data) < 1_000_000
    record = watcher.wait_notification("probe.traffic", lambda p: p["method"] == "chr.computer")
    assert record["params"]["maxBytes"] == mcp_tools.INLINE_IMAGE_BYTES
    # the budget itself, made small enough to bite on the demo's window
    small = qt.call("cu.screenshot", {"maxBytes": 8000})
    assert small["format"] == "jpeg" and len(base64.b64decode(small["data"])) <= 8000
    assert small["scale"] <= 1.0 and small["width"] <= small["windowSize"]["width"]


def test_every_hint_an_agent_can_meet_names_tools(qt: Client) -> None:
    schema = qt.call("qt.schema")
    methods = {m["name"] for m in schema["methods"]}
    inspector_only = {"UNKNOWN_TOPIC", "GATE_NOT_FOUND", "ROLE_NOT_ALLOWED"}  # no MCP tools
    for caps in (mcp_tools.DEFAULT_CAPS, mcp_tools.CAP_SETS):
        speak = mcp_tools.build_tools(schema, caps).speak
        for kind in protocol.ERRORS.values():
            said = speak(kind.hint)
            named = [m for m in re.findall(r"\b(?:chr|cu|qt|qml|probe)\.[\w.]*\w", said)
                     if m in methods]
            assert kind.name in inspector_only or not named, (caps, kind.name, said)
    speak = mcp_tools.build_tools(schema).speak
    assert speak("call chr.readPage with tabId") == "call read_page with tab_id"
    assert speak("the Qt objectName") == "the Qt objectName"  # prose, not a parameter
    assert "get_property (qtmcp mcp --caps native)" in speak("qt.properties.get")
