"""Where an element was made (#31): the Python line that constructed a widget, the .qml
line that declared an item, and an honest "unknown" for objects made before the probe.

The expected lines are read from the app's files (``# ORIGIN: name`` markers), so an
edit of tests/apps/origin_app.py or origin.qml cannot make these tests lie.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from probe.client import Client
from tests.support.app import ROOT, DemoApp, start_demo

APPS = str(ROOT / "tests" / "apps")
APP_PY = os.path.join(APPS, "origin_app.py")
APP_QML = os.path.join(APPS, "origin.qml")


def marked(path: str, name: str) -> int:
    """The line of ``path`` carrying the marker ``ORIGIN: name``."""
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, start=1):
            if line.rstrip().endswith(f"ORIGIN: {name}"):
                return n
    raise AssertionError(f"no ORIGIN: {name} in {path}")


def start(*args: str, env: dict[str, str] | None = None) -> DemoApp:
    return start_demo(*args, module="tests.apps.origin_app", env=env)


@pytest.fixture(scope="module")
def app() -> Iterator[DemoApp]:
    a = start()
    yield a
    a.stop()


@pytest.fixture(scope="module")
def qt(app: DemoApp) -> Client:
    return app.client()


def source(qt: Client, name: str) -> dict[str, Any]:
    found = qt.call("qt.objects.find", {"name": name})["objects"]
    assert found, name
    return qt.call("qt.objects.inspect", {"objectId": found[0]["id"]})["source"]


def qml_nodes(qt: Client) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []

    def walk(nodes: list[dict[str, Any]]) -> None:
        for n in nodes:
            out.append(n)
            walk(n.get("children", []))

    walk(qt.call("qml.tree", {})["nodes"])
    return out


def test_a_widget_made_by_a_function_reports_its_line(qt: Client) -> None:
    src = source(qt, "okButton")
    assert src["kind"] == "python"
    assert (src["file"], src["line"], src["function"]) == (APP_PY, marked(APP_PY, "okButton"),
                                                           "build")
    assert [f["function"] for f in src["stack"]][:2] == ["build", "main"]


def test_an_app_subclass_reports_where_it_was_made_not_its_init(qt: Client) -> None:
    src = source(qt, "nameField")
    assert (src["file"], src["line"]) == (APP_PY, marked(APP_PY, "nameField"))
    qualified = sys.version_info >= (3, 11)  # Python 3.10's code objects have no co_qualname
    assert [f["function"] for f in src["init"]] == ["NameField.__init__" if qualified else
                                                    "__init__"]


def test_an_object_a_qt_call_made_for_the_app_reports_that_call(qt: Client) -> None:
    src = source(qt, "openAction")  # menu.addAction("Open"): Qt's C++ made the QAction
    assert (src["file"], src["line"]) == (APP_PY, marked(APP_PY, "openAction"))


def test_qt_objects_info_carries_the_source_too(qt: Client) -> None:
    found = qt.call("qt.objects.find", {"name": "okButton"})["objects"][0]
    info = qt.call("qt.objects.info", {"objectId": found["id"]})
    assert info["source"]["line"] == marked(APP_PY, "okButton")


def test_qt_made_parts_say_unknown_and_point_to_the_nearest_known_parent(qt: Client) -> None:
    window = qt.call("qt.objects.find", {"name": "originWindow"})["objects"][0]["id"]
    layout = qt.call("qt.objects.findByClass", {"className": "QVBoxLayout",
                                                "root": window})["objects"][0]["id"]
    src = qt.call("qt.objects.inspect", {"objectId": layout})["source"]
    assert src["kind"] == "python"  # QVBoxLayout(window): made by Python
    # a QLineEdit's own children (its line control…) are made by Qt's C++
    field = qt.call("qt.objects.find", {"name": "nameField"})["objects"][0]["id"]
    kids = qt.call("qt.objects.inspect", {"objectId": field})["children"]
    assert kids, "a QLineEdit has children Qt made"
    inner = qt.call("qt.objects.inspect", {"objectId": kids[0]["id"]})["source"]
    assert inner["file"] is None and "C++" in inner["unknown"]
    assert inner["near"]["line"] == marked(APP_PY, "nameField")


@pytest.mark.parametrize("name", ["plain", "marked", "named"])
def test_a_qml_item_reports_its_declaration(qt: Client, name: str) -> None:
    nodes = [n for n in qml_nodes(qt) if n.get("source", {}).get("file") == APP_QML]
    column = next(n for n in nodes if n["objectName"] == "column")
    kids = column["children"]
    item = {"plain": kids[1], "marked": kids[2], "named": kids[3]}[name]
    src = qt.call("qt.objects.inspect", {"objectId": item["id"]})["source"]
    line = marked(APP_QML, name)
    assert (src["kind"], src["file"], src["line"]) == ("qml", APP_QML, line)
    with open(APP_QML, encoding="utf-8") as fh:
        text = fh.read().splitlines()[line - 1]
    assert text[src["column"] - 1:].startswith(src["type"] + " {")


def test_qml_delegates_and_component_files_report_their_declarations(qt: Client) -> None:
    row = next(n for n in qml_nodes(qt) if n["objectName"] == "row")
    made = [n for n in row["children"] if n["type"] == "Rectangle"]
    badge = next(n for n in row["children"] if n["objectName"] == "badge")
    assert len(made) == 2
    for node in made:  # the Repeater's delegates
        src = qt.call("qt.objects.inspect", {"objectId": node["id"]})["source"]
        assert (src["file"], src["line"]) == (APP_QML, marked(APP_QML, "repeated"))
    src = qt.call("qt.objects.inspect", {"objectId": badge["id"]})["source"]
    component = os.path.join(APPS, "OriginBadge.qml")
    assert (src["file"], src["line"], src["component"]) == (
        APP_QML, marked(APP_QML, "badge"), component)
    inner = qt.call("qt.objects.inspect", {"objectId": badge["children"][0]["id"]})["source"]
    assert (inner["file"], inner["line"]) == (component, marked(component, "badgeText"))


def test_a_qml_window_root_is_its_file_s_root_declaration(qt: Client) -> None:
    root = next(n for n in qml_nodes(qt) if n["objectName"] == "qmlOrigins")
    src = qt.call("qt.objects.inspect", {"objectId": root["id"]})["source"]
    assert (src["file"], src["line"], src["column"]) == (APP_QML, 4, 1)


def test_classes_that_hook_their_attributes_are_not_touched(qt: Client) -> None:
    """Recording never goes through an app class's ``__setattr__``: a guard that refuses
    unknown attributes, a change tracker, a class that forwards them to setProperty."""
    found = qt.call("qt.objects.find", {"name": "hooksReport"})["objects"]
    text = qt.call("qt.properties.get", {"objectId": found[0]["id"], "name": "text"})
    assert json.loads(text["value"]) == {"guarded": "made", "tracked": [], "forwarding": []}
    for name in ("guarded", "tracked", "forwarding"):
        assert source(qt, name)["line"] == marked(APP_PY, name), name


def test_objects_made_before_the_probe_came_in_say_unknown() -> None:
    late = start("--late")
    try:
        src = source(late.client(), "okButton")
    finally:
        late.stop()
    assert src["file"] is None
    assert "before the probe was installed" in src["unknown"]


def test_recording_can_be_turned_off() -> None:
    off = start(env={"QTMCP_ORIGINS": "0"})
    try:
        src = source(off.client(), "okButton")
    finally:
        off.stop()
    assert src["file"] is None and "QTMCP_ORIGINS=0" in src["unknown"]


def test_read_page_maps_refs_to_the_lines_that_made_them(qt: Client) -> None:
    window = qt.call("qt.objects.find", {"name": "originWindow"})["objects"][0]["id"]
    page = qt.call("chr.readPage", {"tabId": window, "source": True})
    line = next(t for t in page["text"].splitlines() if '"OK"' in t)
    ref = line[line.index("[ref_") + 1:line.index("]", line.index("[ref_"))]
    where = page["sources"][ref]
    assert where.endswith(f"origin_app.py:{marked(APP_PY, 'okButton')}")
    assert "sources" not in qt.call("chr.readPage", {"tabId": window})


def test_find_maps_its_matches_to_their_lines(qt: Client) -> None:
    window = qt.call("qt.objects.find", {"name": "originWindow"})["objects"][0]["id"]
    found = qt.call("chr.find", {"query": "OK", "tabId": window, "source": True})
    ref = next(m["ref"] for m in found["matches"] if m.get("name") == "OK")
    assert found["sources"][ref].endswith(f"origin_app.py:{marked(APP_PY, 'okButton')}")
