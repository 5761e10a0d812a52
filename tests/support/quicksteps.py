"""The steps a C++ Qt Quick app (tests/apps/cppquick) is driven through, launched and
attached, on QGuiApplication and on QApplication: read, found, filled, submitted by a
click that runs the QML's own handler, a dialog, a file dialog, a menu, the list, its
picture, the Quick tree and its own signal. Each step checks the app's state."""

from __future__ import annotations

import base64
import os
from typing import Any

from probe.client import Client
from tests.support.app import wait_until
from tests.support.chrome import node_of, read, ref_of

STEPS = ("tabs", "readPage", "find", "formInput", "click", "signals", "dialog", "menu",
         "fileDialog", "list", "screenshot", "qml")


def _prop(qt: Client, obj: str, name: str) -> Any:
    return qt.call("qt.properties.get", {"objectId": obj, "name": name})["value"]


def drive_quick_form(qt: Client, folder: str) -> dict[str, Any]:
    """Run :data:`STEPS` against the C++ Quick form; returns what each step saw."""
    seen: dict[str, Any] = {}
    tabs = qt.call("chr.tabsContext")["tabs"]
    assert [t["title"] for t in tabs] == ["C++ Quick form"], tabs
    seen["tabs"] = tabs[0]["className"]
    page = read(qt)
    for role, name in (("textbox", "Name"), ("combobox", "City"), ("checkbox", "I agree"),
                       ("button", "Submit"), ("menuitem", "File"), ("listitem", "Grace")):
        node_of(page, name, role)
    seen["readPage"] = page["interactive"]
    found = qt.call("chr.find", {"query": "Submit"})["matches"]
    assert found and found[0]["role"] == "button", found
    objects = qt.call("qt.objects.find", {"name": "nameField"})["objects"]
    assert len(objects) == 1 and "TextField" in objects[0]["className"], objects
    seen["find"] = objects[0]["path"]
    qt.call("chr.formInput", {"ref": ref_of(page, "Name", "textbox"), "value": "Ada"})
    qt.call("chr.formInput", {"ref": ref_of(page, "City", "combobox"), "value": "Oslo"})
    qt.call("chr.formInput", {"ref": ref_of(page, "I agree", "checkbox"), "value": True})
    assert _prop(qt, "nameField", "text") == "Ada"
    assert _prop(qt, "cityCombo", "currentText") == "Oslo"
    assert _prop(qt, "agreeBox", "checked") is True
    seen["formInput"] = True
    sub = qt.call("qt.signals.subscribe", {"objectId": "quickForm", "signal": "submitted"})
    qt.call("chr.click", {"ref": ref_of(page, "Submit", "button")})
    assert _prop(qt, "resultLabel", "text") == "Ada from Oslo agree=yes"
    seen["click"] = True
    note = qt.wait_notification("qt.signals.emitted",
                                lambda p: p["subscriptionId"] == sub["subscriptionId"])
    assert note["args"] == ["Ada from Oslo agree=yes"], note
    seen["signals"] = note["signal"]
    opened = qt.call("chr.click", {"ref": ref_of(page, "About...", "button")})
    assert opened.get("modal", {}).get("title") == "About", opened
    dialog = read(qt)
    qt.call("chr.click", {"ref": ref_of(dialog, "OK", "button")})
    assert "about.accepted" in _prop(qt, "quickForm", "log")
    seen["dialog"] = opened["modal"]["kind"]
    menu = qt.call("chr.click", {"ref": ref_of(page, "View", "menuitem")})
    assert menu.get("modal", {}).get("kind") == "menu", menu
    qt.call("chr.click", {"ref": ref_of(read(qt), "Compact", "menuitem")})
    assert "compact.toggled=true" in _prop(qt, "quickForm", "log")
    seen["menu"] = True
    chooser = qt.call("chr.click", {"ref": ref_of(page, "Open file...", "button")})
    assert chooser.get("modal", {}).get("fileChooser") is True, chooser
    path = os.path.join(folder, "list.txt")
    answer = qt.call("chr.fileChooser", {"paths": [path]})
    assert answer.get("paths") == [path], answer
    assert _prop(qt, "resultLabel", "text") == f"opened file://{path}"
    seen["fileDialog"] = True
    page = read(qt)
    qt.call("chr.click", {"ref": ref_of(page, "Ada", "listitem")})
    wait_until(lambda: "selected" in node_of(read(qt), "Ada", "listitem")["rest"], 5,
               "the clicked list item selected")
    seen["list"] = True
    shot = qt.call("cu.screenshot")
    assert base64.b64decode(shot["data"])[:8] == b"\x89PNG\r\n\x1a\n" and shot["width"] == 640
    seen["screenshot"] = (shot["width"], shot["height"])
    tree = qt.call("qml.tree")
    assert "TextField" in str(tree) and "nameField" in str(tree), str(tree)[:500]
    seen["qml"] = True
    return seen
