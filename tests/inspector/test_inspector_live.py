"""The inspector against a real demo app: every pane, driven like a user would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from inspector.panes.agent_log import AgentLogPane
from inspector.panes.console import ConsolePane
from inspector.panes.methods import MethodsPane
from inspector.panes.objects import ObjectsPane
from inspector.panes.properties import PropertiesPane
from inspector.panes.signals import SignalsPane
from inspector.widgets.property_editors import LineEditor
from inspector.window.main_window import MainWindow
from probe.client import Client
from tests.support.app import ARTIFACTS, DemoApp
from tests.support.inspector import connect, qwait, run


@pytest.fixture(scope="module", autouse=True)
def connected(window: MainWindow, demo: DemoApp) -> None:
    """Every test here starts from an inspector connected to the module's demo app, with
    the object tree open."""
    window.show_tool("objects")
    connect(window, demo)


def test_connects_and_shows_app_in_status_bar(window: MainWindow, demo: DemoApp) -> None:
    qwait(lambda: window.conn.is_connected, what="connection")
    assert f"pid {demo.pid}" in window.status.app_label.text()
    assert "qtmcp-demo" in window.status.app_label.text()
    qwait(lambda: "ms" in window.status.latency_label.text(), what="a ping latency")
    assert all(p.isEnabled() for p in window.panes)


def test_agent_log_shows_second_client_calls(window: MainWindow, demo: DemoApp,
                                             tmp_path: Path) -> None:
    pane = window.pane(AgentLogPane)
    agent = demo.client(name="test-agent", role="agent")
    agent.call("qt.version")
    try:
        agent.call("qt.nope")
    except Exception:  # noqa: BLE001 - an error row is what we want
        pass
    qwait(lambda: any(r.method == "qt.nope" for r in pane.visible_rows()),
          what="the agent's calls in the log")
    rows = [r for r in pane.visible_rows() if r.client == "test-agent"]
    assert [r.method for r in rows][-2:] == ["qt.version", "qt.nope"]
    assert rows[-2].ok and rows[-2].record["result"]["result"]["pid"] == demo.pid
    assert not rows[-1].ok and rows[-1].status == "METHOD_NOT_FOUND"
    # the inspector's own pings are hidden by default, shown on request
    assert not any(pane.model.is_own(r) for r in pane.visible_rows())
    assert any(pane.model.is_own(r) for r in pane.model.rows)
    pane.show_own.setChecked(True)
    assert any(pane.model.is_own(r) for r in pane.visible_rows())
    pane.show_own.setChecked(False)
    # errors only, client filter
    pane.errors_only.setChecked(True)
    assert pane.visible_rows() and all(not r.ok for r in pane.visible_rows())
    pane.errors_only.setChecked(False)
    pane.client_box.setCurrentText("test-agent")
    assert {r.client for r in pane.visible_rows()} == {"test-agent"}
    pane.client_box.setCurrentIndex(0)
    # detail view
    source_row = next(i for i, r in enumerate(pane.model.rows) if r.method == "qt.nope")
    pane.select_source_row(source_row)
    assert '"method": "qt.nope"' in pane.request_text.toPlainText()
    assert "METHOD_NOT_FOUND" in pane.response_text.toPlainText()
    # export
    out = tmp_path / "traffic.jsonl"
    export = window.sessions.log_export
    assert export is not None
    count = export.export(str(out))
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert count == len(lines) and any(rec["method"] == "qt.nope" for rec in lines)


def test_tree_loads_children_lazily_on_expand(window: MainWindow) -> None:
    pane = window.pane(ObjectsPane)
    roots = [n.label for n in pane.model.root.children or []]
    assert "mainWindow" in roots
    main = next(n for n in pane.model.root.children or [] if n.object_name == "mainWindow")
    # first level came with the roots; grandchildren are not loaded until expanded
    unloaded = next(n for n in main.children or [] if n.children is None and n.child_count)
    index = pane.proxy.mapFromSource(pane.model.index_of(unloaded))
    log = window.pane(AgentLogPane)
    calls_before = sum(1 for r in log.model.rows if r.method == "qt.objects.tree")
    pane.view.expand(index)
    qwait(lambda: unloaded.children is not None, what="children fetched on expand")
    assert len(unloaded.children or []) == unloaded.child_count

    def tree_calls() -> list:
        window.pane(AgentLogPane).model.flush()
        return [r for r in window.pane(AgentLogPane).model.rows if r.method == "qt.objects.tree"]

    # the mirror sends each 10 ms of traffic together: the row may come a moment later
    calls = qwait(lambda: len(tree_calls()) > calls_before and tree_calls(),
                  what="the fetch in the agent log")
    assert calls[-1].record["params"] == {"objectId": unloaded.id, "depth": 1}


def select(window: MainWindow, name: str) -> str:
    node = run(window.pane(ObjectsPane).reveal(name))
    assert node is not None, f"{name} not in the tree"
    assert window.pane(ObjectsPane).selected_id() == node.id
    return node.id


def test_select_object_shows_grouped_properties(window: MainWindow) -> None:
    select(window, "nameEdit")
    model = window.pane(PropertiesPane).model
    qwait(lambda: "text" in model.by_name, what="nameEdit's properties")
    groups = [g.name for g in model.groups]
    assert groups[0] == "QLineEdit" and "QWidget" in groups and "QObject" in groups
    assert model.by_name["objectName"].value == "nameEdit"
    assert not model.by_name["width"].editable  # read-only: shown, locked
    assert not model.flags(model.find("width")) & Qt.ItemFlag.ItemIsEditable
    qwait(lambda: window.pane(PropertiesPane).subscriptions, what="notify subscriptions")


def test_an_enum_propertys_tooltip_lists_its_values(window: MainWindow) -> None:
    """The row's tooltip (a user's hover) names the values (EnumInfo is a dict now)."""
    select(window, "nameEdit")
    model = window.pane(PropertiesPane).model
    qwait(lambda: "echoMode" in model.by_name, what="nameEdit's properties")
    tip = model.data(model.find("echoMode"), Qt.ItemDataRole.ToolTipRole)
    assert "values: Normal, NoEcho, Password, PasswordEchoOnEdit" in tip


def test_edit_property_in_place_changes_the_app(window: MainWindow, qt: Client) -> None:
    select(window, "nameEdit")
    pane = window.pane(PropertiesPane)
    qwait(lambda: "text" in pane.model.by_name, what="properties")
    index = pane.proxy.mapFromSource(pane.model.find("text"))
    pane.view.setCurrentIndex(index)
    pane.view.edit(index)
    editor = qwait(lambda: pane.view.findChild(LineEditor), what="the line editor")
    editor.setText("Ada Lovelace")
    QTest.keyClick(editor, Qt.Key.Key_Return)
    qwait(lambda: pane.model.by_name["text"].value == "Ada Lovelace", what="confirmed value")
    got = qt.call("qt.properties.get", {"objectId": "nameEdit", "name": "text"})
    assert got["value"] == "Ada Lovelace"


def test_bool_property_checkbox_changes_the_app(window: MainWindow, qt: Client) -> None:
    select(window, "newsletterCheck")
    pane = window.pane(PropertiesPane)
    qwait(lambda: "checked" in pane.model.by_name, what="properties")
    before = pane.model.by_name["checked"].value
    index = pane.model.find("checked")
    pane.model.setData(index, Qt.CheckState.Unchecked.value if before else
                       Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    qwait(lambda: pane.model.by_name["checked"].value is (not before), what="toggled value")
    got = qt.call("qt.properties.get", {"objectId": "newsletterCheck", "name": "checked"})
    assert got["value"] is (not before)


def test_failed_set_shows_error_and_keeps_value(window: MainWindow, qt: Client) -> None:
    select(window, "ageSpin")
    pane = window.pane(PropertiesPane)
    qwait(lambda: "value" in pane.model.by_name, what="properties")
    before = pane.model.by_name["value"].value
    assert not run(pane.set_property("value", "not a number"))
    assert "PROPERTY_TYPE_MISMATCH" in pane.status.text() and pane.status.isVisible()
    assert pane.model.by_name["value"].value == before
    assert pane.model.by_name["value"].error
    assert qt.call("qt.properties.get", {"objectId": "ageSpin", "name": "value"})["value"] \
        == before


def follows(pane: PropertiesPane, name: str) -> bool:
    return any(name in names for names in pane.subscriptions.values())


def test_property_follows_the_app(window: MainWindow, qt: Client) -> None:
    select(window, "nameEdit")
    pane = window.pane(PropertiesPane)
    qwait(lambda: follows(pane, "text"), what="text's notify subscription")
    qt.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": "Grace"})
    qwait(lambda: pane.model.by_name["text"].value == "Grace", what="the live value")


def test_a_change_before_the_subscription_still_shows(
        window: MainWindow, qt: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app changes a value after the pane listed it and before its signal is followed:
    no emission tells the pane, so it reads the followed values once more."""
    select(window, "ageSpin")
    pane = window.pane(PropertiesPane)
    subscribe = pane.probe.subscribe_signal

    async def late(object_id: str, signal: str) -> str:
        if signal.startswith("textChanged"):
            qt.call("qt.properties.set",
                    {"objectId": "nameEdit", "name": "text", "value": "Between"})
        return await subscribe(object_id, signal)

    monkeypatch.setattr(pane.probe, "subscribe_signal", late)
    select(window, "nameEdit")
    qwait(lambda: follows(pane, "text"), what="text's notify subscription")
    qwait(lambda: pane.model.by_name["text"].value == "Between", what="the value set between")


def test_a_refused_edit_keeps_its_error_through_that_read(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """An edit the app refuses while the pane is still subscribing: the read that closes
    the gap finds the same value, so the row keeps the refusal's error."""
    select(window, "nameEdit")
    pane = window.pane(PropertiesPane)
    subscribe = pane.probe.subscribe_signal

    async def refused_first(object_id: str, signal: str) -> str:
        if signal.startswith("valueChanged"):
            assert not await pane.set_property("value", "not a number")
        return await subscribe(object_id, signal)

    monkeypatch.setattr(pane.probe, "subscribe_signal", refused_first)
    select(window, "ageSpin")
    qwait(lambda: follows(pane, "value"), what="value's notify subscription")
    qwait(lambda: pane._load_task is not None and pane._load_task.done(), what="the load")
    assert "PROPERTY_TYPE_MISMATCH" in pane.model.by_name["value"].error


def test_invoke_slot_with_arguments(window: MainWindow, qt: Client) -> None:
    select(window, "mainWindow")
    pane = window.pane(MethodsPane)
    qwait(lambda: pane.model.row_of("greet") >= 0, what="mainWindow's methods")
    assert pane.select("greet")
    assert len(pane.arg_edits) == 2
    pane.arg_edits[0].setText("Ada")
    pane.arg_edits[1].setText("2")
    QTest.mouseClick(pane.invoke_button, Qt.MouseButton.LeftButton)
    qwait(lambda: "Hello, Ada!" in pane.result.toPlainText(), what="the returned value")
    status = qt.call("qt.properties.get", {"objectId": "statusLabel", "name": "text"})
    assert status["value"] == "Hello, Ada! Hello, Ada!"
    pane.arg_edits[1].setText("two")
    pane.invoke_current()
    assert "bad argument" in pane.result.toPlainText()
    assert run(pane.invoke("greet", ["Ada", "two"])) is None  # the probe refuses it
    assert "METHOD_ARGUMENT_MISMATCH" in pane.result.toPlainText()


def test_subscribe_to_signal_logs_emissions(window: MainWindow, qt: Client) -> None:
    select(window, "nameEdit")
    pane = window.pane(SignalsPane)
    qwait(lambda: pane.model.row_of("textChanged(QString)") >= 0, what="signals")
    row = pane.model.row_of("textChanged(QString)")
    pane.model.setData(pane.model.index(row, 0), Qt.CheckState.Checked.value,
                       Qt.ItemDataRole.CheckStateRole)
    qwait(lambda: pane.subscriptions, what="a subscription")
    assert pane.model.data(pane.model.index(row, 0), Qt.ItemDataRole.CheckStateRole) \
        == Qt.CheckState.Checked
    qt.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": "Linus"})
    qwait(lambda: any('"Linus"' in r.args for r in pane.log.rows), what="the emission")
    emission = pane.log.rows[-1]
    assert emission.signal.startswith("textChanged") and emission.object == "nameEdit"
    assert pane.timeline.points and "nameEdit.textChanged" in pane.timeline.lanes
    pane.model.setData(pane.model.index(row, 0), Qt.CheckState.Unchecked.value,
                       Qt.ItemDataRole.CheckStateRole)
    qwait(lambda: not pane.subscriptions, what="unsubscribed")


def test_console_shows_app_messages(window: MainWindow, demo: DemoApp, qt: Client) -> None:
    pane = window.pane(ConsolePane)
    if not qt.call("qt.schema", {"prefix": "chr.readConsoleMessages"})["methods"]:
        pytest.skip("chr.readConsoleMessages is not in the probe yet (chrome helper)")
    demo.command("log warning inspector-sees-this")
    qwait(lambda: any("inspector-sees-this" in t for t in pane.messages()),
          what="the warning in the console")
    row = next(r for r in pane.model.rows if "inspector-sees-this" in r.text)
    assert row.level == "warning"
    pane.level.setCurrentIndex(3)  # error and above
    assert all(r.rank >= 3 for r in (pane.model.rows[pane.proxy.mapToSource(
        pane.proxy.index(i, 0)).row()] for i in range(pane.proxy.rowCount())))
    pane.level.setCurrentIndex(0)


def test_tree_follows_objects_created_and_destroyed(window: MainWindow, qt: Client,
                                                    demo: DemoApp) -> None:
    pane = window.pane(ObjectsPane)
    run(pane.load_all())
    assert not any(n.object_name == "aboutDialog" for n in pane.model.nodes.values())
    qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "showAbout"})
    qwait(lambda: any(n.object_name == "aboutDialog" for n in pane.model.nodes.values()),
          what="the new dialog in the tree")
    node = next(n for n in pane.model.nodes.values() if n.object_name == "aboutDialog")
    assert node.parent is not None and node.parent.object_name == "mainWindow"
    demo.command("delete aboutDialog")
    qwait(lambda: node.id not in pane.model.nodes, what="the dialog gone from the tree")


def test_copy_object_id(window: MainWindow) -> None:
    object_id = select(window, "submitButton")
    assert window.pane(ObjectsPane).copy_id() == object_id
    assert QGuiApplication.clipboard().text() == object_id


def test_render_all_panes_to_png(window: MainWindow, demo: DemoApp, qt: Client) -> None:
    """Every pane populated, side by side, saved for a human to look at."""
    agent = demo.client(name="claude-code", role="agent")
    agent.call("qt.objects.find", {"name": "submitButton"})
    agent.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": "Ada"})
    try:
        agent.call("qt.properties.get", {"objectId": "nameEdit", "name": "nope"})
    except Exception:  # noqa: BLE001 - an error row in the picture
        pass
    demo.command("log warning disk almost full")
    demo.command("log error could not save settings")
    select(window, "nameEdit")
    signals = window.pane(SignalsPane)
    qwait(lambda: signals.model.row_of("textChanged(QString)") >= 0, what="signals")
    run(signals.subscribe("textChanged(QString)"))
    for text in ("A", "Ad", "Ada", "Ada L"):
        qt.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": text})
    qwait(lambda: len(signals.log.rows) >= 4, what="emissions")
    methods = window.pane(MethodsPane)
    qwait(lambda: methods.model.row_of("setText") >= 0, what="methods")
    methods.select("setText")
    methods.arg_edits[0].setText("Ada Lovelace")
    methods.invoke_current()
    qwait(lambda: "done" in methods.result.toPlainText(), what="an invoke result")
    log = window.pane(AgentLogPane)
    qwait(lambda: any(r.client == "claude-code" and not r.ok for r in log.visible_rows()),
          what="the agent's calls")
    failed = next(r for r in log.model.rows if r.client == "claude-code" and not r.ok)
    log.select_source_row(log.model.rows.index(failed))
    log.detail.setCurrentIndex(1)
    assert "PROPERTY_NOT_FOUND" in log.response_text.toPlainText()
    window.show_tool("objects")
    window.show_tool("methods")
    window.resize(1800, 1100)
    window.reset_layout()
    QTest.qWait(200)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    out = ARTIFACTS / "inspector.png"
    assert window.grab().save(str(out))
    assert out.stat().st_size > 50_000
    window.apply_theme("dark")
    QTest.qWait(100)
    assert window.grab().save(str(ARTIFACTS / "inspector-dark.png"))
    window.apply_theme("light")
    window.reset_layout()
