"""qt.names.*: symbolic names as object ids, validation, and the name map file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp, start_demo


def _error(qt: Client, method: str, params: dict[str, Any]) -> RemoteError:
    with pytest.raises(RemoteError) as info:
        qt.call(method, params)
    return info.value


NAME_EDIT = {"type": "QLineEdit", "name": "nameEdit", "visible": True}


def test_symbolic_names_work_as_object_ids(qt: Client) -> None:
    qt.call("qt.names.register", {"name": ":Form.Name_QLineEdit", "definition": NAME_EDIT})
    qt.call("qt.names.register", {"name": ":Plan", "definition": "mainWindow/tabs/"
                                  "qt_tabwidget_stackedwidget/formTab/formPanel/planGroup"})
    qt.call("qt.names.register", {"name": ":Plan.Pro", "definition": {
        "type": "QRadioButton", "container": ":Plan", "text": "Pro"}})
    qt.call("qt.names.register", {"name": ":Plan.Second", "definition": {
        "type": "QRadioButton", "container": ":Plan", "occurrence": 2}})
    qt.call("qt.properties.set", {"objectId": ":Form.Name_QLineEdit", "name": "text",
                                  "value": "Named"})
    by_path = qt.call("qt.properties.get", {"objectId": "nameEdit", "name": "text"})
    assert by_path["value"] == "Named"
    assert qt.call("qt.objects.info", {"objectId": ":Plan.Pro"})["objectName"] == "planProRadio"
    assert qt.call("qt.objects.info", {"objectId": ":Plan.Second"})[
        "objectName"] == "planProRadio"
    listed = qt.call("qt.names.list", {})
    assert listed["names"][":Form.Name_QLineEdit"] == NAME_EDIT
    for name in (":Form.Name_QLineEdit", ":Plan", ":Plan.Pro", ":Plan.Second"):
        qt.call("qt.names.unregister", {"name": name})


def test_validate_reports_ambiguous_and_missing(qt: Client) -> None:
    qt.call("qt.names.register", {"name": "radios", "definition": {"type": "QRadioButton"}})
    qt.call("qt.names.register", {"name": "ghost", "definition": {"name": "noSuchWidget"}})
    qt.call("qt.names.register", {"name": "ok", "definition": {"name": "submitButton"}})
    result = qt.call("qt.names.validate", {})
    by = {r["name"]: r for r in result["results"]}
    assert by["ok"]["ok"] is True and by["ok"]["object"]["className"] == "QPushButton"
    assert by["radios"]["error"] == "OBJECT_AMBIGUOUS" and by["radios"]["count"] == 3
    assert by["ghost"]["error"] == "OBJECT_NOT_FOUND"
    err = _error(qt, "qt.objects.info", {"objectId": "radios"})
    assert err.name == "OBJECT_AMBIGUOUS" and len(err.data["matches"]) == 3
    for name in ("radios", "ghost", "ok"):
        qt.call("qt.names.unregister", {"name": name})


def test_name_errors_list_what_exists(qt: Client) -> None:
    qt.call("qt.names.register", {"name": "dup", "definition": "mainWindow"})
    err = _error(qt, "qt.names.register", {"name": "dup", "definition": "mainWindow/tabs"})
    assert err.name == "NAME_EXISTS"
    qt.call("qt.names.register", {"name": "dup", "definition": "mainWindow/tabs",
                                  "replace": True})
    err = _error(qt, "qt.names.unregister", {"name": "dupe"})
    assert err.name == "NAME_NOT_FOUND" and "dup" in err.data["available"]
    err = _error(qt, "qt.names.validate", {"name": "dupe"})
    assert err.name == "NAME_NOT_FOUND" and "dup" in err.data["available"]
    for bad in ("#3", "@name:x", "a*b"):
        err = _error(qt, "qt.names.register", {"name": bad, "definition": "mainWindow"})
        assert err.name == "NAME_MAP_INVALID"
    err = _error(qt, "qt.names.register", {"name": "x", "definition": {"occurrence": 0}})
    assert err.name == "NAME_MAP_INVALID"
    err = _error(qt, "qt.names.register", {"name": "x", "definition": 5})
    assert err.name == "INVALID_PARAMS"
    err = _error(qt, "qt.names.register", {"name": "x"})
    assert err.name == "INVALID_PARAMS"
    qt.call("qt.names.unregister", {"name": "dup"})


def test_name_map_round_trips_through_a_file(qt: Client) -> None:
    names = {":Name": NAME_EDIT, ":Submit": {"type": "QPushButton", "text": "Submit"},
             ":Tabs": "mainWindow/tabs"}
    for name, definition in names.items():
        qt.call("qt.names.register", {"name": name, "definition": definition})
    folder = Path(qt.call("qt.names.list", {})["folder"])
    saved = qt.call("qt.names.save", {"path": "round-trip.json"})
    assert saved["saved"] == 3 and saved["path"] == str(folder / "round-trip.json")
    target = folder / "round-trip.json"
    assert json.loads(target.read_text()) == {"format": "qtmcp-names", "names": names}
    for name in names:
        qt.call("qt.names.unregister", {"name": name})
    assert qt.call("qt.names.list", {})["count"] == 0
    loaded = qt.call("qt.names.load", {"path": "round-trip.json"})
    assert loaded["loaded"] == 3 and qt.call("qt.names.list", {})["names"] == names
    assert qt.call("qt.objects.info", {"objectId": ":Submit"})["objectName"] == "submitButton"
    assert qt.call("qt.names.save", {"path": str(target)})["saved"] == 3  # its own path
    bad = folder / "bad.json"
    bad.write_text("{not json")
    assert _error(qt, "qt.names.load", {"path": "bad.json"}).name == "NAME_MAP_INVALID"
    bad.write_text('["a list"]')
    assert _error(qt, "qt.names.load", {"path": "bad.json"}).name == "NAME_MAP_INVALID"
    err = _error(qt, "qt.names.load", {"path": "missing.json"})
    assert err.name == "NAME_MAP_IO" and err.data["folder"] == str(folder)
    err = _error(qt, "qt.names.save", {"path": "no/dir/x.json"})
    assert err.name == "NAME_MAP_IO"
    qt.call("qt.names.load", {"path": "round-trip.json", "replace": True})
    for name in names:
        qt.call("qt.names.unregister", {"name": name})


def test_name_map_loaded_at_start_from_env(tmp_path: Path) -> None:
    path = tmp_path / "start-names.json"
    path.write_text(json.dumps({":Age": {"type": "QSpinBox", "name": "ageSpin"}}))
    app: DemoApp = start_demo(env={"QTMCP_NAMES": str(path)})
    try:
        client = app.client()
        listed = client.call("qt.names.list", {})
        assert listed["source"] == str(path) and ":Age" in listed["names"]
        assert client.call("qt.properties.get", {"objectId": ":Age", "name": "value"})[
            "value"] == 30
    finally:
        app.stop()
