"""The steps every kind of app is driven through (PySide6, PyQt6, C++): the same form in
each (tests/apps/), read, found, filled, submitted by a click that runs the app's own
slot, pictured, its model and its own signal read. Each step checks the app's state."""

from __future__ import annotations

import base64
from typing import Any

from probe.client import Client
from tests.support.chrome import read, ref_of

STEPS = ("readPage", "find", "formInput", "click", "screenshot", "models", "signals")


def drive_form(qt: Client) -> dict[str, Any]:
    """Run :data:`STEPS` against a form app; returns what each step saw (asserts inside)."""
    seen: dict[str, Any] = {}
    page = read(qt)
    assert "textbox \"Name\"" in page["text"] and "button \"Submit\"" in page["text"], \
        page["text"]
    seen["readPage"] = page["interactive"]
    found = qt.call("qt.objects.find", {"name": "nameEdit"})["objects"]
    assert [o["className"] for o in found] == ["QLineEdit"], found
    seen["find"] = found[0]["path"]
    qt.call("chr.formInput", {"ref": ref_of(page, "Name", "textbox"), "value": "Ada"})
    qt.call("chr.formInput", {"ref": ref_of(page, "City", "combobox"), "value": "Oslo"})
    qt.call("chr.formInput", {"ref": ref_of(page, "I agree", "checkbox"), "value": True})
    assert qt.call("qt.properties.get", {"objectId": "nameEdit", "name": "text"})["value"] \
        == "Ada"
    seen["formInput"] = True
    sub = qt.call("qt.signals.subscribe", {"objectId": "form", "signal": "submitted"})
    clicked = qt.call("chr.click", {"ref": ref_of(page, "Submit", "button")})
    label = qt.call("qt.properties.get", {"objectId": "resultLabel", "name": "text"})
    assert label["value"] == "Ada from Oslo agree=yes", (label, clicked)
    seen["click"] = label["value"]
    shot = qt.call("cu.screenshot")
    assert base64.b64decode(shot["data"])[:8] == b"\x89PNG\r\n\x1a\n" and shot["width"] > 100
    seen["screenshot"] = (shot["width"], shot["height"])
    models = qt.call("qt.models.list")["models"]
    people = next(m for m in models if m["path"].endswith("peopleModel"))
    rows = qt.call("qt.models.rows", {"modelId": people["id"]})
    assert "Ada" in str(rows) and "Oslo" in str(rows), rows
    seen["models"] = people["rowCount"]
    note = qt.wait_notification("qt.signals.emitted",
                                lambda p: p["subscriptionId"] == sub["subscriptionId"])
    assert note["args"] == ["Ada from Oslo agree=yes"], note
    seen["signals"] = note["signal"]
    return seen
