"""A QML app written the usual way (QGuiApplication + QQmlApplicationEngine, Python
imports no QtQuick): tests/realapps/quirks_qml.py, driven through the probe only."""

from __future__ import annotations

import json
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.realapps import tasks
from tests.support.app import wait_until
from tests.support.chrome import flatten, node_of, parse, ref_of
from tests.support.realapp import RealApp, wait_for_window


@pytest.fixture(scope="module")
def qt(quirks_qml: RealApp) -> Client:
    client = quirks_qml.client()
    wait_for_window(client)
    return client


def _prop(qt: Client, name: str) -> Any:
    return qt.call("qt.properties.get", {"objectId": "qmlQuirks", "name": name})["value"]


def test_the_window_is_found_and_its_tab_id_stays_valid(qt: Client) -> None:
    tabs = qt.call("chr.tabsContext")["tabs"]
    assert [t["title"] for t in tabs] == ["QML Quirks"]
    tab = tabs[0]["tabId"]
    page = qt.call("chr.readPage", {"tabId": tab})
    assert page["window"]["tabId"] == tab
    assert qt.call("qt.objects.info", {"objectId": tab})["objectName"] == "qmlQuirks"
    assert qt.call("cu.screenshot", {})["width"] == 480


def test_qml_tree_after_objects_tree_and_paths_without_engine_suffixes(qt: Client) -> None:
    objects = json.dumps(qt.call("qt.objects.tree", {"depth": 30}))
    assert '"qmlType": "ApplicationWindow"' in objects
    qml = qt.call("qml.tree", {"depth": 30})
    assert qml["nodes"][0]["type"] == "ApplicationWindow"
    paths = [n["path"] for n in flatten(json.loads(objects)["nodes"])]
    assert paths and not [p for p in paths if "_QML" in p]
    field = next(n for n in flatten(qml["nodes"]) if n.get("qmlId") == "taskField")
    assert qt.call("qt.objects.info", {"objectId": field["path"]})["id"] == field["id"]


def test_placeholder_and_delegate_labels_name_the_controls(qt: Client) -> None:
    page = qt.call("chr.readPage")
    assert ref_of(page, "New task", "textbox")
    assert ref_of(page, "Water the plants", "checkbox")
    label = node_of(page, "Call the plumber", "text")
    assert label["ref"] and "clickable" in label["rest"]  # a MouseArea inside the Label
    assert not [n for n in parse(page["text"]) if n["ref"] and not n["name"]]


def test_labels_before_their_controls_name_them_not_a_value_after(qt: Client) -> None:
    """In a row ``Label "Colour"``, ComboBox, ``Label "Width"``, Slider, ``Label "4"``
    each label names the control after it; the slider's value shown after it is no name."""
    page = qt.call("chr.readPage")
    assert ref_of(page, "Colour", "combobox") and ref_of(page, "Width", "slider")
    assert node_of(page, "4", "text")["ref"] is None, page["text"]


def test_a_hover_only_mouse_area_makes_no_clickable(qt: Client) -> None:
    """A MouseArea that takes no button (``acceptedButtons: Qt.NoButton``, there for a
    tool tip) is no click target: its Label stays plain text, without a ref."""
    page = qt.call("chr.readPage")
    hint = node_of(page, "Hover for help", "text")
    assert not hint["ref"] and "clickable" not in hint["rest"], page["text"]


def test_a_clickable_label_read_by_its_ref_is_the_same_element(qt: Client) -> None:
    """The ref of a Label made clickable by its MouseArea names the MouseArea; read by
    that ref it is the same ``text`` element the whole window showed."""
    page = qt.call("chr.readPage")
    label = node_of(page, "Call the plumber", "text")
    alone = qt.call("chr.readPage", {"ref_id": label["ref"]})
    first = parse(alone["text"])[0]
    assert {**first, "depth": label["depth"]} == label, alone["text"]


def test_form_input_on_a_check_box_reports_the_change(qt: Client) -> None:
    page = qt.call("chr.readPage")
    done = _prop(qt, "doneCount")
    box = ref_of(page, "Water the plants", "checkbox")
    result = qt.call("chr.formInput", {"ref": box, "value": True})
    assert result["changed"] is True and result["checked"] is True
    assert result["previous"]["checked"] is False
    assert _prop(qt, "doneCount") == done + 1
    again = qt.call("chr.formInput", {"ref": box, "value": True})
    assert again["changed"] is False


def test_add_a_task_and_click_its_label(qt: Client) -> None:
    page = qt.call("chr.readPage")
    qt.call("chr.formInput", {"ref": ref_of(page, "New task", "textbox"), "value": "Buy milk"})
    qt.call("chr.click", {"ref": ref_of(page, "Add", "button")})

    def with_row() -> dict[str, Any] | None:
        now = qt.call("chr.readPage")
        return now if "Buy milk" in now["text"] else None

    page = wait_until(with_row, what="the new task's row (the ListView makes it later)")
    qt.call("chr.click", {"ref": ref_of(page, "Buy milk", "text")})
    assert _prop(qt, "lastClicked") == "Buy milk"


def test_a_ref_of_an_item_taken_out_of_its_window(qt: Client) -> None:
    """An item the app takes out of its window (alive, in no window: a pooled delegate)
    is gone for its ref: read or clicked by it, REF_NOT_FOUND, never an internal error."""
    page = qt.call("chr.readPage")
    pinned = ref_of(page, "Pinned note", "button")
    qt.call("chr.click", {"ref": ref_of(page, "Unpin", "button")})
    for method, params in (("chr.readPage", {"ref_id": pinned}),
                           ("chr.click", {"ref": pinned}),
                           ("chr.scrollTo", {"ref": pinned})):
        with pytest.raises(RemoteError) as err:
            qt.call(method, params)
        assert err.value.name == "REF_NOT_FOUND", (method, err.value.data)


def test_random_actions(qt: Client, quirks_qml: RealApp) -> None:
    """Last in the module: a seeded random run (tasks.random_run), the app alive after."""
    tasks.random_run(qt, seed=35)
    assert quirks_qml.alive(), quirks_qml.output()


def test_page_text_leaves_out_an_area_named_by_its_id(qt: Client) -> None:
    """actiondraw's canvas: a MouseArea with no text is named by its QML id in readPage
    (clickable by ref: the click reaches the app) but the id is no text of the window,
    so getPageText leaves it out."""
    page = qt.call("chr.readPage")
    area = node_of(page, "drawingMouse")
    assert area["ref"]
    before = _prop(qt, "strokes")
    qt.call("chr.click", {"ref": area["ref"]})
    assert _prop(qt, "strokes") == before + 1
    text = qt.call("chr.getPageText")["text"]
    assert "drawingMouse" not in text.splitlines() and "Hover for help" in text
