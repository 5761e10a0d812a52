"""Lifecycle monitor and name-map start-up, in process: bursts are batched, not flooded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from probe.core.data.signals import Lifecycle
from probe.core.objects.idtable import IdTable
from probe.core.objects.names import NameMap


def test_burst_of_10000_creations_is_batched(qapp: QApplication, qtbot: QtBot) -> None:
    notes: list[dict[str, Any]] = []
    monitor = Lifecycle(interval=0.1, max_batch=200)
    holder = QObject(qapp)
    holder.setObjectName("burstHolder")
    ids = IdTable()
    monitor.enable("client", ids, lambda method, params: notes.append(params))
    try:
        for k in range(10_000):
            QObject(holder).setObjectName(f"burst{k}")
        qtbot.waitUntil(lambda: sum(len(n["created"]) + n["dropped"] for n in notes)
                        >= 10_000, timeout=5000)
        assert len(notes) <= 3  # one flush per interval, not one message per object
        assert all(len(n["created"]) <= 200 for n in notes)
        assert sum(n["dropped"] for n in notes) >= 9_800
        first = notes[0]["created"][0]
        assert first["objectName"] == "burst0" and first["path"] == "burstHolder/burst0"
        notes.clear()
        known = first["id"]
        holder.deleteLater()
        qtbot.waitUntil(lambda: any(known in n["destroyed"] for n in notes), timeout=5000)
    finally:
        monitor.disable("client")
    assert not monitor.active


def test_lifecycle_costs_nothing_when_off(qapp: QApplication) -> None:
    monitor = Lifecycle()
    monitor.enable("a", IdTable(), lambda m, p: None)
    monitor.enable("b", IdTable(), lambda m, p: None)
    monitor.disable("a")
    assert monitor.active
    monitor.disable("b")
    assert not monitor.active and monitor._watch.timer is None
    QCoreApplication.processEvents()


def test_name_map_found_in_the_name_map_folder(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "qtmcp-names.json").write_text(json.dumps({":Ok": "mainWindow"}))
    monkeypatch.setenv("QTMCP_NAMES_DIR", str(tmp_path))
    monkeypatch.delenv("QTMCP_NAMES", raising=False)
    names = NameMap()
    assert names.load_default() == str(tmp_path / "qtmcp-names.json")
    assert names.names == {":Ok": "mainWindow"}
    monkeypatch.setenv("QTMCP_NAMES", str(tmp_path / "missing.json"))
    broken = NameMap()
    assert broken.load_default() is None and broken.load_error
