"""qt.objects.*: ids (#N, path, name), tree, find, query, info, inspect, stale objects."""

from __future__ import annotations

from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp, start_demo, wait_until


def _error(qt: Client, method: str, params: dict[str, Any]) -> RemoteError:
    with pytest.raises(RemoteError) as info:
        qt.call(method, params)
    return info.value


def _walk(nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for n in nodes:
        out.append(n)
        out.extend(_walk(n.get("children", [])))
    return out


def test_tree_lists_widgets_and_plain_qobjects(qt: Client) -> None:
    result = qt.call("qt.objects.tree", {"objectId": "mainWindow", "depth": 1})
    assert result["truncated"] is False
    (root,) = result["nodes"]
    assert root["className"] == "MainWindow" and root["path"] == "mainWindow"
    kids = {c["objectName"]: c for c in root["children"]}
    assert kids["actionOpen"]["className"] == "QAction"
    assert kids["heartbeat"]["className"] == "QTimer"
    assert kids["peopleProxy"]["className"] == "QSortFilterProxyModel"
    assert kids["settingsStore"]["isWidget"] is False
    assert kids["tabs"]["isWidget"] is True and kids["tabs"]["visible"] is True
    assert kids["actionOpen"]["visible"] is True  # QAction has isVisible()
    assert all("children" not in c for c in root["children"])  # depth 1
    assert root["childCount"] == len(root["children"])


def _expand(result: dict[str, Any]) -> list[dict[str, Any]]:
    """A compact tree's rows as the node form's fields, in walk order (paths rebuilt from
    the start's prefix and each row's segment under its parent)."""
    assert result["columns"] == ["id", "parent", "segment", "className", "objectName",
                                 "flags", "childCount"]
    out: list[dict[str, Any]] = []
    for row in result["rows"]:
        ident, parent, segment, cls, name, flags, count = row[:7]
        path = (result["prefix"] + segment if parent < 0
                else out[parent]["path"] + "/" + segment)
        node = {"id": ident, "path": path, "className": cls, "objectName": name,
                "isWidget": bool(flags & 1),
                "visible": None if flags & 8 else bool(flags & 2),
                "enabled": None if flags & 16 else bool(flags & 4), "childCount": count}
        if len(row) > 7:
            node["qmlType"] = row[7]
            if row[8]:
                node["qmlId"] = row[8]
        out.append(node)
    return out


@pytest.mark.parametrize("start", [None, "mainWindow/tabs"])
def test_compact_tree_says_what_the_nodes_say(qt: Client, start: str | None) -> None:
    params: dict[str, Any] = {"depth": 6, "maxNodes": 400}
    if start:
        params["objectId"] = start
    for _ in range(5):  # the app's roots come and go (short-lived objects): same moment
        nodes = qt.call("qt.objects.tree", params)
        compact = qt.call("qt.objects.tree", {**params, "compact": True})
        plain = [{k: v for k, v in n.items() if k != "children"}
                 for n in _walk(nodes["nodes"])]
        if len(plain) == len(compact["rows"]):
            break
    assert compact["count"] == nodes["count"] and compact["truncated"] == nodes["truncated"]
    assert _expand(compact) == plain
    assert any(n["visible"] is None for n in plain)  # a plain QObject: no visible flag
    assert any(n["isWidget"] and not n["visible"] for n in plain)  # a hidden tab's page


def test_tree_without_root_starts_at_every_root(qt: Client) -> None:
    result = qt.call("qt.objects.tree", {"depth": 0})
    paths = [n["path"] for n in result["nodes"]]
    assert "mainWindow" in paths and "controlChannel" in paths
    assert result["count"] == len(paths)


def test_tree_max_nodes_truncates(qt: Client) -> None:
    result = qt.call_envelope("qt.objects.tree", {"objectId": "mainWindow", "depth": 50,
                                                 "maxNodes": 10})
    assert result["result"]["truncated"] is True
    assert result["result"]["count"] == 10
    assert len(_walk(result["result"]["nodes"])) == 10
    assert result["meta"]["truncated"] is True


def test_every_tree_path_and_id_resolves_to_the_same_object(qt: Client) -> None:
    nodes = _walk(qt.call("qt.objects.tree", {"objectId": "mainWindow/tabs", "depth": 4,
                                              "maxNodes": 80})["nodes"])
    assert len(nodes) > 20
    for node in nodes[::4]:
        by_path = qt.call("qt.objects.info", {"objectId": node["path"]})
        assert by_path["id"] == node["id"]
        by_id = qt.call("qt.objects.info", {"objectId": node["id"]})
        assert by_id["path"] == node["path"]


def test_ids_are_stable_within_a_session_and_per_session(demo: DemoApp, qt: Client) -> None:
    a = qt.call("qt.objects.info", {"objectId": "nameEdit"})["id"]
    assert qt.call("qt.objects.info", {"objectId": "nameEdit"})["id"] == a
    other = demo.client("second")
    err = None
    try:
        other.call("qt.objects.info", {"objectId": "#999999"})
    except RemoteError as exc:
        err = exc
    assert err is not None and err.name == "OBJECT_NOT_FOUND"
    assert "another session" in err.message and "qt.objects.find" in (err.hint or "")


def test_find_and_find_by_class(qt: Client) -> None:
    found = qt.call("qt.objects.find", {"name": "nameEdit"})
    assert found["count"] == 1
    obj = found["objects"][0]
    assert obj["className"] == "QLineEdit" and obj["path"].endswith("/nameEdit")
    assert obj["id"].startswith("#")
    none = qt.call("qt.objects.find", {"name": "nameEdt"})
    assert none["count"] == 0 and "nameEdit" in none["similar"]
    buttons = qt.call("qt.objects.findByClass", {"className": "QAbstractButton",
                                                 "limit": 500})
    names = {o["objectName"] for o in buttons["objects"]}
    assert {"submitButton", "termsCheck", "planProRadio"} <= names
    exact = qt.call("qt.objects.findByClass", {"className": "QAbstractButton", "exact": True})
    assert exact["count"] == 0
    in_group = qt.call("qt.objects.findByClass", {"className": "QRadioButton",
                                                  "root": "planGroup"})
    assert in_group["count"] == 3
    unknown = qt.call("qt.objects.findByClass", {"className": "QLineEdt"})
    assert unknown["count"] == 0 and "QLineEdit" in unknown["similar"]


def test_query_filters(qt: Client) -> None:
    radios = qt.call("qt.objects.query", {"objectName": "plan*Radio"})
    assert sorted(o["objectName"] for o in radios["objects"]) == [
        "planBasicRadio", "planEnterpriseRadio", "planProRadio"]
    checked = qt.call("qt.objects.query", {"className": "QRadioButton",
                                           "properties": {"checked": True}})
    assert [o["objectName"] for o in checked["objects"]] == ["planBasicRadio"]
    regex = qt.call("qt.objects.query", {"objectName": "re:^(name|email)Edit$",
                                         "visible": True, "enabled": True})
    assert {o["objectName"] for o in regex["objects"]} == {"nameEdit", "emailEdit"}
    hidden = qt.call("qt.objects.query", {"className": "QLineEdit", "visible": False})
    assert "nameEdit" not in {o["objectName"] for o in hidden["objects"]}
    err = _error(qt, "qt.objects.query", {"objectName": "re:(unclosed"})
    assert err.name == "INVALID_SELECTOR"


def test_info_and_inspect(qt: Client) -> None:
    info = qt.call("qt.objects.info", {"objectId": "submitButton"})
    assert info["className"] == "QPushButton"
    assert "QAbstractButton" in info["superClasses"] and "QObject" in info["superClasses"]
    assert info["geometry"]["width"] > 0 and info["parentId"].startswith("#")
    everything = qt.call("qt.objects.inspect", {"objectId": "canvas"})
    props = {p["name"]: p for p in everything["properties"]}
    assert props["clickCount"]["declaredIn"] == "ClickCanvas"
    assert {m["name"] for m in everything["methods"]} >= {"clear", "deleteLater"}
    assert "clickCountChanged(int)" in {s["signature"] for s in everything["signals"]}
    assert everything["object"]["path"].endswith("canvas")
    assert isinstance(everything["children"], list)


def test_bad_ids_say_what_exists(qt: Client) -> None:
    err = _error(qt, "qt.objects.info", {"objectId": "mainWindow/nope"})
    assert err.name == "OBJECT_NOT_FOUND"
    assert err.data["matchedPrefix"] == "mainWindow"
    assert "tabs" in err.data["available"] and "heartbeat" in err.data["available"]
    err = _error(qt, "qt.objects.info", {"objectId": "noSuchThing"})
    assert err.name == "OBJECT_NOT_FOUND" and "mainWindow" in err.data["available"]
    err = _error(qt, "qt.objects.info", {})
    assert err.name == "INVALID_PARAMS" and "objectId" in str(err.data["problems"])
    err = _error(qt, "qt.objects.info", {"objectId": 5})
    assert err.name == "INVALID_PARAMS"
    assert err.data["expected"]["properties"]["objectId"]["type"] == "string"
    err = _error(qt, "qt.objects.tree", {"depth": -1})
    assert err.name == "INVALID_PARAMS"
    err = _error(qt, "qt.objects.info", {"objectId": "#0"})
    assert err.name == "OBJECT_NOT_FOUND"


def test_deleted_object_is_stale_not_a_crash(demo: DemoApp, qt: Client) -> None:
    label = qt.call("qt.objects.find", {"name": "volumeValueLabel"})["objects"][0]
    assert demo.command("delete volumeValueLabel").startswith("ok")

    def stale() -> RemoteError | None:
        try:
            qt.call("qt.objects.info", {"objectId": label["id"]})
        except RemoteError as exc:
            return exc
        return None

    err = wait_until(stale, what="the label to be gone")
    assert err.name == "OBJECT_STALE"
    assert err.data["path"] == label["path"] and "volumeValueLabel" in err.hint
    for method, params in [("qt.properties.get", {"name": "text"}),
                           ("qt.properties.list", {}), ("qt.methods.list", {}),
                           ("qt.objects.inspect", {})]:
        again = _error(qt, method, {"objectId": label["id"], **params})
        assert again.name == "OBJECT_STALE"
    gone = _error(qt, "qt.objects.info", {"objectId": label["path"]})
    assert gone.name == "OBJECT_NOT_FOUND"
    # numbers are never reused: a newly seen object gets a higher one
    fresh = qt.call("qt.objects.info", {"objectId": "notesEdit"})["id"]
    assert int(fresh[1:]) > int(label["id"][1:]) or fresh != label["id"]
    assert demo.alive()


def test_paths_are_stable_across_runs(demo: DemoApp, qt: Client) -> None:
    def paths(client: Client) -> set[str]:
        nodes = client.call("qt.objects.tree", {"objectId": "mainWindow/menuBar",
                                                "depth": 10, "maxNodes": 5000})["nodes"]
        return {n["path"] for n in _walk(nodes)}

    other = start_demo()
    try:
        assert paths(qt) == paths(other.client())
    finally:
        other.stop()
