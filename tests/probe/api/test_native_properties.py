"""qt.properties.*: list, get, set with strict JSON conversion; the app really changes."""

from __future__ import annotations

from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp


def _error(qt: Client, method: str, params: dict[str, Any]) -> RemoteError:
    with pytest.raises(RemoteError) as info:
        qt.call(method, params)
    return info.value


def _set(qt: Client, obj: str, name: str, value: Any) -> dict[str, Any]:
    return qt.call("qt.properties.set", {"objectId": obj, "name": name, "value": value})


def test_set_text_and_value_reach_the_apps_own_logic(demo: DemoApp, qt: Client) -> None:
    sub = qt.call("qt.signals.subscribe", {"objectId": "mainWindow", "signal": "formSubmitted"})
    assert _set(qt, "nameEdit", "text", "Ada")["previous"] == ""
    assert _set(qt, "ageSpin", "value", 42) == {"name": "value", "type": "int", "value": 42,
                                                "previous": 30}
    _set(qt, "heightSpin", "value", 1.85)
    _set(qt, "termsCheck", "checked", True)
    _set(qt, "countryCombo", "currentIndex", 3)
    assert demo.command("emit-submit").startswith("ok")
    note = qt.wait_notification("qt.signals.emitted",
                                lambda p: p["subscriptionId"] == sub["subscriptionId"], 10)
    form = note["args"][0]
    assert form["name"] == "Ada" and form["age"] == 42 and form["height"] == 1.85
    assert form["country"] == "Japan" and form["terms"] is True
    status = qt.call("qt.properties.get", {"objectId": "statusLabel", "name": "text"})
    assert status["value"] == "Submitted: Ada"


def test_set_geometry_size_and_font(qt: Client) -> None:
    _set(qt, "mainWindow", "size", {"width": 900, "height": 640})
    info = qt.call("qt.objects.info", {"objectId": "mainWindow"})
    assert (info["geometry"]["width"], info["geometry"]["height"]) == (900, 640)
    rect = {"x": 5, "y": 6, "width": 120, "height": 30}
    assert _set(qt, "clickCountLabel", "geometry", rect)["value"] == rect
    assert qt.call("qt.objects.info", {"objectId": "clickCountLabel"})["geometry"] == rect
    assert _set(qt, "clickCountLabel", "pos", [7, 8])["value"] == {"x": 7, "y": 8}
    font = _set(qt, "statusLabel", "font", {"family": "Sans Serif", "pointSizeF": 13.5,
                                            "bold": True})["value"]
    assert font["bold"] is True and font["pointSizeF"] == 13.5


def test_enums_and_flags_by_name(qt: Client) -> None:
    r = _set(qt, "volumeSlider", "tickPosition", "TicksAbove")
    assert (r["previous"], r["value"]) == ("TicksBelow", "TicksAbove")
    assert _set(qt, "volumeSlider", "orientation", "Vertical")["value"] == "Vertical"
    got = qt.call("qt.properties.get", {"objectId": "volumeSlider", "name": "orientation"})
    assert got == {"name": "orientation", "type": "Qt::Orientation", "value": "Vertical"}
    _set(qt, "volumeSlider", "orientation", "Horizontal")
    flags = _set(qt, "emailEdit", "alignment", "AlignRight|AlignVCenter")
    assert set(flags["value"].split("|")) == {"AlignRight", "AlignVCenter"}
    assert _set(qt, "emailEdit", "echoMode", "Password")["value"] == "Password"


def test_dynamic_properties(qt: Client) -> None:
    listed = qt.call("qt.properties.list", {"objectId": "settingsStore"})
    dyn = {p["name"]: p for p in listed["properties"] if p["dynamic"]}
    assert set(dyn) == {"theme", "autosave", "fontSize"}
    assert dyn["autosave"]["value"] is True and dyn["fontSize"]["type"] == "int"
    assert _set(qt, "settingsStore", "theme", "dark")["value"] == "dark"
    err = _error(qt, "qt.properties.set", {"objectId": "settingsStore", "name": "fontSize",
                                           "value": "big"})
    assert err.name == "PROPERTY_TYPE_MISMATCH" and err.data["expected"]["type"] == "int"


def test_list_describes_types_enums_and_notify(qt: Client) -> None:
    listed = qt.call("qt.properties.list", {"objectId": "emailEdit"})
    assert listed["className"] == "QLineEdit" and listed["objectId"].startswith("#")
    props = {p["name"]: p for p in listed["properties"]}
    assert props["text"]["type"] == "QString" and props["text"]["declaredIn"] == "QLineEdit"
    assert props["echoMode"]["enum"]["names"][:3] == ["Normal", "NoEcho", "Password"]
    assert props["alignment"]["enum"]["isFlag"] is True
    assert props["objectName"]["notifySignal"] == "objectNameChanged(QString)"
    assert props["undoAvailable"]["writable"] is False
    assert props["palette"]["value"]["type"] == "QPalette"  # degraded, readable
    assert not any(n.startswith("_PySide") for n in props)


def test_wrong_type_is_refused_not_coerced(qt: Client) -> None:
    cases = [("nameEdit", "text", 5, "QString"), ("ageSpin", "value", "7", "int"),
             ("ageSpin", "value", 7.5, "int"), ("termsCheck", "checked", 1, "bool"),
             ("clickCountLabel", "geometry", {"x": 1}, "QRect"),
             ("nameEdit", "echoMode", "Secret", "QLineEdit::EchoMode"),
             ("nameEdit", "echoMode", "Normal|Password", "QLineEdit::EchoMode")]
    for obj, name, value, type_name in cases:
        before = qt.call("qt.properties.get", {"objectId": obj, "name": name})["value"]
        err = _error(qt, "qt.properties.set", {"objectId": obj, "name": name, "value": value})
        assert err.name == "PROPERTY_TYPE_MISMATCH", (name, value)
        assert err.data["expected"]["type"] == type_name and "example" in err.data["expected"]
        after = qt.call("qt.properties.get", {"objectId": obj, "name": name})["value"]
        assert after == before
    err = _error(qt, "qt.properties.set", {"objectId": "nameEdit", "name": "echoMode",
                                           "value": "Secret"})
    assert "PasswordEchoOnEdit" in err.hint


def test_unknown_read_only_clamped_and_unsupported(qt: Client) -> None:
    err = _error(qt, "qt.properties.get", {"objectId": "nameEdit", "name": "txt"})
    assert err.name == "PROPERTY_NOT_FOUND" and "text" in err.data["available"]
    err = _error(qt, "qt.properties.set", {"objectId": "nameEdit", "name": "nope", "value": 1})
    assert err.name == "PROPERTY_NOT_FOUND" and "placeholderText" in err.data["available"]
    err = _error(qt, "qt.properties.set", {"objectId": "nameEdit", "name": "undoAvailable",
                                           "value": True})
    assert err.name == "PROPERTY_READ_ONLY" and "text" in err.data["writable"]
    err = _error(qt, "qt.properties.set", {"objectId": "ageSpin", "name": "value",
                                           "value": 500})
    assert err.name == "PROPERTY_SET_FAILED" and err.data["actual"] == 150
    err = _error(qt, "qt.properties.set", {"objectId": "nameEdit", "name": "palette",
                                           "value": "x"})
    assert err.name == "NOT_SUPPORTED"


def test_bad_params(qt: Client) -> None:
    err = _error(qt, "qt.properties.set", {"objectId": "nameEdit", "name": "text"})
    assert err.name == "INVALID_PARAMS" and "value" in str(err.data["problems"])
    err = _error(qt, "qt.properties.get", {"objectId": "nameEdit"})
    assert err.name == "INVALID_PARAMS"
    err = _error(qt, "qt.properties.get", {"objectId": "nameEdit", "name": 3})
    assert err.name == "INVALID_PARAMS"
    err = _error(qt, "qt.properties.list", {"objectId": "formPanel/ghost"})
    assert err.name == "OBJECT_NOT_FOUND" and "nameEdit" in err.data["available"]
