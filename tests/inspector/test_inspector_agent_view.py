"""The inspector shows what the agent sees, and feels right on the first run: against a
real demo app, with agents as second clients over real WebSockets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtTest import QTest

from inspector.panes.accessibility import LATEST, OWN, AccessibilityPane
from inspector.panes.agent_log import AgentLogPane
from inspector.panes.events import EventsPane
from inspector.panes.live_view import LiveViewPane
from inspector.panes.objects import ObjectsPane
from inspector.panes.plots import PlotsPane
from inspector.panes.properties import PropertiesPane
from inspector.window.main_window import MainWindow
from probe.client import Client
from tests.support.app import DemoApp
from tests.support.inspector import connect, make_settings, qwait, run


@pytest.fixture(scope="module", autouse=True)
def connected(window: MainWindow, demo: DemoApp) -> None:
    connect(window, demo)
    qwait(lambda: window.pane(AccessibilityPane).reads, what="the accessibility pane's first read")


def ref_of(text: str, role: str, name: str) -> str:
    line = next(x for x in text.splitlines() if x.strip().startswith(f'{role} "{name}"'))
    return re.search(r"\[(ref_\d+)\]", line).group(1)  # type: ignore[union-attr]


def test_the_pane_shows_a_second_clients_refs_and_follows_its_form_input(
        window: MainWindow, demo: DemoApp, qt: Client) -> None:
    pane = window.pane(AccessibilityPane)
    agent = demo.client(name="claude-code", role="agent")
    read = agent.call("chr.readPage", {"filter": "interactive"})
    name_ref = ref_of(read["text"], "textbox", "Name")
    # without Reload: the agent's read alone brings its refs
    qwait(lambda: (pane.following or {}).get("name") == "claude-code"
          and name_ref in pane.model.by_ref, what="the agent's refs in the pane")
    node = pane.model.by_ref[name_ref]
    assert node.object_name == "nameEdit" and node.role == "textbox"
    # its last read, exactly as sent, with the character count
    assert pane.text == read["text"]
    assert f"text {len(read['text']):,} chars" in pane.summary.text()
    assert "claude-code" in pane.summary.text()
    pane.as_text.setChecked(True)
    assert pane.text_view.toPlainText() == read["text"]
    pane.as_text.setChecked(False)

    reads = pane.reads
    agent.call("chr.formInput", {"ref": name_ref, "value": "Ada Lovelace"})
    qwait(lambda: pane.reads > reads
          and pane.model.by_ref[name_ref].value == "Ada Lovelace",
          what="the Name row to follow the agent's input")
    # the element the agent's last call named is marked, here and on the live view
    assert pane.model.marked is pane.model.by_ref[name_ref]
    box = qt.call("qt.ui.geometry", {"target": "nameEdit"})["window"]
    qwait(lambda: window.pane(LiveViewPane).view.agent_target == (box["x"], box["y"], box["width"],
                                                         box["height"]),
          what="the agent's target outlined on the live view")
    assert "claude-code: formInput" in window.pane(LiveViewPane).view.agent_label
    assert f"last: chr.formInput {name_ref}" in pane.summary.text()


def test_the_picker_follows_the_latest_agent_any_client_or_the_inspector(
        window: MainWindow, demo: DemoApp) -> None:
    pane = window.pane(AccessibilityPane)
    first = demo.client(name="agent-one", role="agent")
    second = demo.client(name="agent-two", role="agent")
    first.call("chr.readPage", {"filter": "interactive"})
    qwait(lambda: (pane.following or {}).get("name") == "agent-one", what="agent-one")
    second.call("chr.readPage")
    qwait(lambda: (pane.following or {}).get("name") == "agent-two",
          what="the latest reader followed")
    # the picker lists both agents (and no inspector); choosing one sticks to it
    labels = [pane.follow_box.itemText(i) for i in range(pane.follow_box.count())]
    assert any(t.startswith("agent-one") for t in labels)
    assert any(t.startswith("agent-two") for t in labels)
    assert not any("qtmcp-inspector" in t for t in labels)
    one = next(pane.follow_box.itemData(i) for i in range(pane.follow_box.count())
               if pane.follow_box.itemText(i).startswith("agent-one"))
    pane.follow(one)
    qwait(lambda: (pane.following or {}).get("name") == "agent-one", what="agent-one chosen")
    second.call("chr.readPage")  # the other agent reading does not take the pane away
    reads = pane.reads
    first.call("chr.readPage")  # agent-one's own read refreshes it
    qwait(lambda: pane.reads > reads, what="agent-one's read followed")
    assert (pane.following or {}).get("name") == "agent-one"
    # the inspector's own view: its own refs, its own text
    pane.follow(OWN)
    qwait(lambda: (pane.following or {}).get("role") == "inspector", what="the own view")
    assert pane.text.startswith("menubar [ref_1]")  # the demo's outline (its window line left out)
    # an agent that leaves drops out of the picker, which goes back to the latest agent
    pane.follow(one)
    qwait(lambda: (pane.following or {}).get("name") == "agent-one", what="agent-one again")
    first.close()
    qwait(lambda: pane.mode() == LATEST, what="back to the latest agent")
    second.close()


def test_filtering_keeps_the_selection(window: MainWindow) -> None:
    objects, props = window.pane(ObjectsPane), window.pane(PropertiesPane)
    objects.filter.clear()
    node = run(objects.reveal("nameEdit"))
    assert node is not None
    qwait(lambda: props.object_id == node.id and "text" in props.model.by_name,
          what="nameEdit's properties")
    emitted: list[str] = []
    objects.objectSelected.connect(lambda object_id, _label: emitted.append(object_id))
    # a filter that hides the selected object: nothing else gets chosen
    objects.filter.setText("emailEdit")
    qwait(lambda: objects.proxy.filterRegularExpression().pattern() == "emailEdit",
          what="the filter applied")
    QTest.qWait(50)
    assert emitted == [] and props.object_id == node.id and objects.chosen == node.id
    assert objects.selected_node() is None  # the tree shows no other object as selected
    # a filter that keeps it: it stays the current row
    objects.filter.setText("Edit")
    qwait(lambda: objects.proxy.filterRegularExpression().pattern() == "Edit",
          what="the second filter")
    qwait(lambda: objects.selected_id() == node.id, what="nameEdit current again")
    objects.filter.clear()
    qwait(lambda: objects.proxy.filterRegularExpression().pattern() == "", what="no filter")
    assert objects.selected_id() == node.id and emitted == [] and props.object_id == node.id
    # another choice is a choice
    email = run(objects.reveal("emailEdit"))
    assert email is not None
    qwait(lambda: props.object_id == email.id, what="the new choice shown")
    assert emitted[-1] == email.id


def test_edits_read_dependent_properties_again(window: MainWindow) -> None:
    props = window.pane(PropertiesPane)
    node = run(window.pane(ObjectsPane).reveal("nameEdit"))
    assert node is not None
    qwait(lambda: props.object_id == node.id and "displayText" in props.model.by_name,
          what="nameEdit's properties")
    display = props.model.by_name["displayText"]
    assert display.snapshot and "snapshots read at" in props.note.text()
    before = display.read_at
    assert run(props.set_property("text", "Grace Hopper"))
    qwait(lambda: props.model.by_name["displayText"].value == "Grace Hopper",
          what="displayText read again after the edit of text")
    assert props.model.by_name["displayText"].read_at > before


def test_minimum_size_fits_a_1366x768_screen(window: MainWindow, demo: DemoApp) -> None:
    # what once widened the window: a long events label, a second client, long titles
    events = window.pane(EventsPane)
    events.types_edit.setText("*")
    assert run(events.start())
    qwait(lambda: "watching" in events.counts.text(), what="the events monitor")
    demo.client(name="an-agent-with-a-rather-long-name-indeed", role="agent").call(
        "qt.version")
    QTest.qWait(200)
    hint = window.minimumSizeHint()
    # 768 less a desktop panel and a title bar
    assert hint.width() <= 1366 and hint.height() <= 706, hint
    window.resize(1366, 706)
    QTest.qWait(50)
    assert (window.width(), window.height()) == (1366, 706)
    run(events.stop())


def test_empty_panes_say_what_would_fill_them(aloop: object, tmp_path: Path) -> None:
    """Not connected (e.g. after Cancel in the connect dialog): no pane is blank, whichever
    tool is open."""
    win = MainWindow(make_settings(tmp_path))
    win.show()
    QTest.qWait(50)
    for tool in [*win.tools.tools, *(p for p in win.panes if p.SPEC.kind == "details")]:
        win.show_tool(tool.NAME)
        QTest.qWait(10)
        for pane in win.panes:
            if not pane.isVisible():
                continue
            for hint in pane.hints:
                assert hint.isVisible() and "Connect" in hint.text(), (pane.NAME, hint.text())
    assert "Connect" in win.pane(LiveViewPane).view.empty_text
    win.show_tool("plots")
    assert "Plotted once connected" in win.pane(PlotsPane).summary.text()
    win.close()


def test_other_inspectors_calls_stay_out_of_the_agent_log(window: MainWindow,
                                                          demo: DemoApp) -> None:
    log = window.pane(AgentLogPane)
    other = demo.client(name="second-inspector", role="inspector")
    agent = demo.client(name="log-agent", role="agent")
    for _ in range(3):
        other.call("qt.ping")
    agent.call("qt.version")
    qwait(lambda: any(r.client == "log-agent" for r in log.visible_rows()),
          what="the agent's call")
    qwait(lambda: any(r.client == "second-inspector" for r in log.model.rows),
          what="the other inspector's pings mirrored")
    assert not any(r.client == "second-inspector" for r in log.visible_rows())
    assert not any(r.record.get("client", {}).get("role") == "inspector"
                   for r in log.visible_rows())
    assert not any(c.get("client", {}).get("role") == "inspector"
                   for c in window.sessions.recorder.session.calls)
    log.show_own.setChecked(True)
    assert any(r.client == "second-inspector" for r in log.visible_rows())
    log.show_own.setChecked(False)
    other.close()


def test_a_probe_that_refuses_the_agent_view_falls_back_to_the_own_view(
        window: MainWindow, demo: DemoApp) -> None:
    """A connection the probe does not take for an inspector (it came with the client
    token, or the probe is older) gets an error for probe.agentView: the pane shows its
    own refs and says why."""
    pane = window.pane(AccessibilityPane)
    pane.follow(LATEST)
    try:
        window.connect_to(url=demo.url, token=demo.token)
        qwait(lambda: window.conn.is_connected and window.conn.target is not None
              and window.conn.target.token == demo.token, what="a client-token connection")
        pane.refresh()
        qwait(lambda: pane.mode() == OWN and (pane.following or {}).get("name")
              == "this inspector", what="the fallback to the own view")
        assert "ROLE_NOT_ALLOWED" in pane.summary.text() and pane.model.by_ref
    finally:
        window.connect_to(pid=demo.pid)
        qwait(lambda: window.conn.is_connected and window.conn.target is not None
              and window.conn.target.token == demo.inspector_token,
              what="the inspector's own connection again")
        pane.follow(LATEST)


def test_the_agent_log_says_why_it_is_empty_on_a_client_token(
        window: MainWindow, demo: DemoApp, qt: Client) -> None:
    """The probe mirrors calls only to the inspector token: connected with the client
    token, the Agent requests pane says so instead of passing for a quiet agent."""
    log = window.pane(AgentLogPane)
    try:
        window.connect_to(url=demo.url, token=demo.token)
        qwait(lambda: window.conn.is_connected and window.conn.target is not None
              and window.conn.target.token == demo.token, what="a client-token connection")
        qwait(lambda: "ROLE_NOT_ALLOWED" in log.status.text(), what="the pane to say why")
        assert "with the client token" in window.statusBar().currentMessage()
        assert log.status.isVisibleTo(log)
        assert "Agent requests and the approval gate are not available" in log.status.text()
        assert "client token" in log.hints[0].text_of() and log.refused  # when the view is empty
    finally:
        window.connect_to(pid=demo.pid)
        qwait(lambda: window.conn.is_connected and window.conn.target is not None
              and window.conn.target.token == demo.inspector_token,
              what="the inspector's own connection again")
    qwait(lambda: not log.status.isVisibleTo(log), what="the message to go")
    assert not log.refused and "client token" not in log.hints[0].text_of()
    qt.call("qt.ping")
    qwait(lambda: any(r.method == "qt.ping" for r in log.visible_rows()),
          what="another client's call in the log")
