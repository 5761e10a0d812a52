"""“Export as test…” in the agent log and the session player, against a real demo app."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QItemSelectionModel

from inspector.panes.agent_log import AgentLogPane
from inspector.sessions import export_test
from inspector.window.main_window import MainWindow
from probe.client import Client
from tests.support.app import DemoApp
from tests.support.inspector import connect, qwait


@pytest.fixture(scope="module", autouse=True)
def connected(window: MainWindow, demo: DemoApp) -> None:
    connect(window, demo)
    qwait(lambda: window.probe.facts.loaded, what="the schema")


def fill(agent: Client) -> None:
    ref = agent.call("chr.find", {"query": "email"})["matches"][0]["ref"]
    agent.call("chr.formInput", {"ref": ref, "value": "ada@example.org"})
    agent.call("qt.properties.get", {"objectId": "emailEdit", "name": "text"})


def choose_file(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(export_test.QFileDialog, "getSaveFileName",
                        lambda *_a, **_k: (str(path), ""))


def trigger(button: Any, text: str) -> None:
    action = next(a for a in button.menu().actions() if a.text().startswith(text))
    button.menu().aboutToShow.emit()
    assert action.isEnabled()
    action.trigger()


def test_player_exports_the_selected_calls(window: MainWindow, demo: DemoApp, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    rec = window.sessions.recorder
    rec.clear()
    fill(demo.client(name="export-agent", role="agent"))
    qwait(lambda: [c["method"] for c in rec.session.calls][-1:] == ["qt.properties.get"],
          what="the agent's calls in the recorder")
    saved = window.sessions.save(str(tmp_path / "agent"))
    player = window.sessions.open(saved)
    try:
        methods = [c["method"] for c in player.session.calls]
        rows = [methods.index("chr.formInput"), methods.index("qt.properties.get")]
        player.calls.clearSelection()  # the first call is selected when a player opens
        for r in rows:
            player.calls.item(r).setSelected(True)
        assert player.selected_calls() == rows
        choose_file(monkeypatch, tmp_path / "test_email")
        trigger(player.export_button, "Selected rows")
        script = json.loads((tmp_path / "test_email.json").read_text())
        assert [(s.get("do") or s["check"]) for s in script["steps"]] == [
            "chr.formInput", "property"]
        assert [s["call"] for s in script["steps"]] == [r + 1 for r in rows]
        assert script["steps"][1]["value"] == "ada@example.org"
        text = (tmp_path / "test_email.py").read_text()
        assert 'value="ada@example.org"' in text and "def test_agent_session" in text
        assert "exported test_email.py and test_email.json: 2 steps" in \
            player.position.text()
    finally:
        player.close()


def test_agent_log_exports_rows_without_the_inspectors_own(
        window: MainWindow, demo: DemoApp, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    pane = window.pane(AgentLogPane)
    fill(demo.client(name="log-agent", role="agent"))
    qwait(lambda: any(r.client == "log-agent" and r.method == "qt.properties.get"
                      for r in pane.model.rows), what="the agent's calls in the log")
    mine = [i for i, r in enumerate(pane.model.rows)
            if r.client == "log-agent" and r.method in ("chr.formInput", "qt.properties.get")]
    selection = pane.view.selectionModel()
    selection.clearSelection()
    flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    for i in mine:
        selection.select(pane.proxy.mapFromSource(pane.model.index(i, 0)), flags)
    export = window.sessions.log_export
    assert export is not None
    assert [r["method"] for r in export.test_records(True)] == [
        "chr.formInput", "qt.properties.get"]
    assert all(not pane.model.is_own(r) for r in pane.model.rows
               if r.record in export.test_records(False))
    choose_file(monkeypatch, tmp_path / "test_log.py")
    trigger(export.export_test_button, "Selected rows")
    script = json.loads((tmp_path / "test_log.json").read_text())
    assert script["steps"][0]["target"].endswith("/emailEdit")
    assert script["steps"][0]["client"] == "log-agent"
    assert "exported test_log.py and test_log.json" in pane.status.text()
