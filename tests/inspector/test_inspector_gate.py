"""The control room in the inspector: the approval gate's toggle and buttons, the
selection hand-off to the agent, and an agent's highlight selecting in the inspector."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from inspector.panes.agent_log import AgentLogPane
from inspector.panes.live_view import LiveViewPane
from inspector.panes.objects import ObjectsPane
from inspector.panes.plots import PlotsPane
from inspector.window.main_window import MainWindow
from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp
from tests.support.inspector import connect, qwait, run
from tests.support.mcp_session import McpSession


@pytest.fixture(scope="module", autouse=True)
def connected(window: MainWindow, demo: DemoApp) -> None:
    connect(window, demo)


@pytest.fixture(scope="module")
def pool() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(2) as ex:
        yield ex


@pytest.fixture()
def gate_on(window: MainWindow, qt: Client) -> Iterator[None]:
    pane = window.pane(AgentLogPane)
    QTest.mouseClick(pane.gate.button, Qt.MouseButton.LeftButton)
    qwait(lambda: qt.call("probe.gate.get")["enabled"], what="the gate to go on")
    yield
    pane.gate.button.setChecked(False)
    qwait(lambda: not qt.call("probe.gate.get")["enabled"], what="the gate to go off")


def name_text(qt: Client) -> str:
    return qt.call("qt.properties.get", {"objectId": "nameEdit", "name": "text"})["value"]


def set_name(agent: Client, pool: ThreadPoolExecutor, text: str) -> Any:
    return pool.submit(agent.call, "qt.properties.set",
                       {"objectId": "nameEdit", "name": "text", "value": text})


def test_approve_button_runs_the_held_call(window: MainWindow, qt: Client, agent: Client,
                                           pool: ThreadPoolExecutor, gate_on: None) -> None:
    pane = window.pane(AgentLogPane)
    # the inspector's own change passes the gate (a test client's would be held)
    run(window.conn.call("qt.properties.set", {"objectId": "nameEdit", "name": "text",
                                               "value": "start"}))
    call = set_name(agent, pool, "approved in the UI")
    qwait(lambda: pane.model.held_rows(), what="a pending row")
    row = pane.model.held_rows()[0]
    assert row.method == "qt.properties.set" and row.client == "pytest-agent"
    assert pane.gate.isVisible() and pane.gate.approve_button.isEnabled()
    assert not call.done() and name_text(qt) == "start"
    QTest.mouseClick(pane.gate.approve_button, Qt.MouseButton.LeftButton)
    qwait(call.done, what="the approved call to finish")
    assert call.result()["value"] == "approved in the UI"
    assert name_text(qt) == "approved in the UI"
    qwait(lambda: row.status == "gate: approved", what="the row to show the outcome")
    qwait(lambda: not pane.gate.isVisible(), what="the gate bar to hide")


def test_reject_button_declines(window: MainWindow, qt: Client, agent: Client,
                                pool: ThreadPoolExecutor, gate_on: None) -> None:
    pane = window.pane(AgentLogPane)
    before = name_text(qt)
    call = set_name(agent, pool, "rejected in the UI")
    qwait(lambda: pane.model.held_rows(), what="a pending row")
    QTest.mouseClick(pane.gate.reject_button, Qt.MouseButton.LeftButton)
    qwait(call.done, what="the rejected call to finish")
    with pytest.raises(RemoteError) as err:
        call.result()
    assert err.value.name == "USER_DECLINED"
    assert name_text(qt) == before


def test_approve_all_from_client(window: MainWindow, qt: Client, agent: Client,
                                 pool: ThreadPoolExecutor, gate_on: None) -> None:
    pane = window.pane(AgentLogPane)
    call = set_name(agent, pool, "trusted a")
    qwait(lambda: pane.model.held_rows(), what="a pending row")
    assert pane.gate.trust_minutes.value() == 5
    pane.gate.trust_minutes.setValue(2)
    QTest.mouseClick(pane.gate.trust_button, Qt.MouseButton.LeftButton)
    qwait(call.done, what="the released call")
    call.result()
    trusted = qt.call("probe.gate.get")["trusted"]
    sessions = qt.call("probe.sessions")
    agent_id = next(c["id"] for c in sessions if c["name"] == "pytest-agent")
    until = next(t["until"] for t in trusted if t["clientId"] == agent_id)
    assert 60 < until - time.time() <= 120  # the minutes chosen in the bar
    envelope = agent.call_envelope("qt.properties.set", {"objectId": "nameEdit",
                                                         "name": "text", "value": "trusted b"})
    assert "gate" not in envelope["meta"] and name_text(qt) == "trusted b"


def test_selection_reaches_the_agent(window: MainWindow, agent: Client) -> None:
    node = run(window.pane(ObjectsPane).reveal("submitButton"))
    assert node is not None
    qwait(lambda: (agent.call("probe.selection.get") or {}).get("objectName")
          == "submitButton", what="the agent to see the human's selection")
    got = agent.call("probe.selection.get")
    assert got["ref"].startswith("ref_") and got["selectedBy"]["role"] == "inspector"


def test_agent_highlight_selects_in_the_inspector(window: MainWindow, agent: Client) -> None:
    out = agent.call("probe.highlight", {"target": "volumeSlider"})
    assert out["notified"] >= 1

    def selected_name() -> str:
        index = window.pane(ObjectsPane).view.currentIndex()
        return str(index.data()) if index.isValid() else ""

    qwait(lambda: "volumeSlider" in selected_name(), what="the highlight to select it")
    qwait(lambda: window.pane(LiveViewPane).selected_id is not None, what="the live view outline")


def test_selection_in_the_inspector_is_what_the_mcp_resource_returns(
        window: MainWindow, demo: DemoApp) -> None:

    assert run(window.pane(ObjectsPane).reveal("termsCheck")) is not None
    session = McpSession("--pid", str(demo.pid), "--caps", "chrome,control")
    try:
        def selected() -> dict[str, Any]:
            read = session._run(session.session.read_resource("qtmcp://selection"))
            return json.loads(read.contents[0].text) or {}

        qwait(lambda: selected().get("objectName") == "termsCheck",
              what="the MCP resource to hold the human's selection")
        value = selected()
        assert value["selectedBy"]["role"] == "inspector" and value["ref"].startswith("ref_")
        assert '"objectName":"termsCheck"' in session.text("get_user_selection")
    finally:
        session.close()


def test_freeze_band_names_the_blocking_function(window: MainWindow, demo: DemoApp,
                                                 tmp_path: Path) -> None:
    plots = window.pane(PlotsPane)
    qwait(lambda: "freeze" in window.conn._topics, what="the freeze subscription")
    demo.send_command("freeze 2")
    qwait(lambda: "_cmd_freeze" in plots.freeze_label.text(), timeout=10,
          what="the pushed freeze with its stack")
    assert "GUI thread blocked" in plots.freeze_label.text()
    qwait(lambda: "was blocked" in plots.freeze_label.text(), timeout=10,
          what="the end of the freeze")
    plots.draw()
    labels = [b for b in plots._bands if hasattr(b, "textItem")]
    assert any("_cmd_freeze" in label.textItem.toPlainText() for label in labels)
    start, end = plots.busy[-1]
    assert 1.5 <= end - start < 10
    picture = window.pane(PlotsPane).grab()
    assert picture.save(str(tmp_path / "plots.png")) and not picture.isNull()
