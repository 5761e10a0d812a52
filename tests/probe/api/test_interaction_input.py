"""qt.ui.*: drive the demo form by selectors and read the app's state back after each step."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp


def prop(qt: Client, target: str, name: str) -> Any:
    return qt.call("qt.properties.get", {"objectId": target, "name": name})["value"]


@pytest.fixture(autouse=True)
def clean_form(qt: Client) -> None:
    qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})
    qt.call("qt.properties.set", {"objectId": "tabs", "name": "currentIndex", "value": 0})


def test_fill_and_submit_form_by_selectors(qt: Client, demo: DemoApp) -> None:
    qt.call("qt.ui.type", {"target": "@name:nameEdit", "text": "Ada Lovelace"})
    assert prop(qt, "nameEdit", "text") == "Ada Lovelace"
    qt.call("qt.ui.type", {"target": "@class:QLineEdit@accessible:Email:",
                           "text": "ada@example.com"})
    assert prop(qt, "emailEdit", "text") == "ada@example.com"
    qt.call("qt.ui.type", {"target": "@class:QSpinBox", "text": "36", "clear": True})
    assert prop(qt, "ageSpin", "value") == 36
    qt.call("qt.ui.click", {"target": "countryCombo"})  # opens the list
    qt.call("qt.ui.key", {"keys": "Down Down Return"})
    assert prop(qt, "countryCombo", "currentText") == "Italy"
    qt.call("qt.ui.click", {"target": "@text:Subscribe to the newsletter"})
    assert prop(qt, "newsletterCheck", "checked") is True
    qt.call("qt.ui.click", {"target": "planGroup/QRadioButton[1]"})
    assert prop(qt, "planProRadio", "checked") is True
    qt.call("qt.ui.type", {"target": "notesEdit", "text": "line one\nline two ✓"})
    assert prop(qt, "notesEdit", "plainText") == "line one\nline two ✓"
    # submitting without the terms shows the validation error
    qt.call("qt.ui.click", {"target": "@class:QPushButton@text:Submit"})
    assert prop(qt, "errorLabel", "text") == "You must accept the terms."
    qt.call("qt.ui.click", {"target": "termsCheck"})
    result = qt.call("qt.ui.click", {"target": "@class:QPushButton@text:Submit"})
    assert result["target"]["objectName"] == "submitButton"
    assert prop(qt, "statusLabel", "text") == "Submitted: Ada Lovelace"
    assert prop(qt, "errorLabel", "text") == ""


def test_type_clear_and_unicode(qt: Client) -> None:
    qt.call("qt.ui.type", {"target": "nameEdit", "text": "old"})
    qt.call("qt.ui.type", {"target": "nameEdit", "text": "Zoë 日本 €", "clear": True})
    assert prop(qt, "nameEdit", "text") == "Zoë 日本 €"


def test_keys_and_shortcuts(qt: Client) -> None:
    qt.call("qt.ui.type", {"target": "nameEdit", "text": "hello world"})
    qt.call("qt.ui.key", {"target": "nameEdit", "keys": "ctrl+a BackSpace"})
    assert prop(qt, "nameEdit", "text") == ""
    qt.call("qt.ui.type", {"target": "nameEdit", "text": "x"})
    qt.call("qt.ui.key", {"keys": "Ctrl+Shift+R"})  # the Clear form shortcut
    assert prop(qt, "statusLabel", "text") == "Form reset"
    assert prop(qt, "nameEdit", "text") == ""
    qt.call("qt.ui.key", {"target": "ageSpin", "keys": "Up Up Page_Up"})
    assert prop(qt, "ageSpin", "value") == 42


def test_double_and_right_click_and_modifiers(qt: Client) -> None:
    qt.call("qt.ui.type", {"target": "nameEdit", "text": "alpha beta"})
    qt.call("qt.ui.doubleClick", {"target": "nameEdit", "position": {"x": 8, "y": 10}})
    assert prop(qt, "nameEdit", "selectedText") == "alpha"
    qt.call("qt.ui.click", {"target": "nameEdit", "clickCount": 3})
    assert prop(qt, "nameEdit", "selectedText") == "alpha beta"
    qt.call("qt.ui.click", {"target": "termsCheck", "modifiers": ["shift"]})
    assert prop(qt, "termsCheck", "checked") is True
    qt.call("qt.ui.rightClick", {"target": "termsCheck"})  # right button does not toggle
    assert prop(qt, "termsCheck", "checked") is True


def test_scroll_drag_hover_focus(qt: Client) -> None:
    qt.call("qt.ui.scroll", {"target": "volumeSlider", "dy": -1})
    assert prop(qt, "volumeSlider", "value") == 53
    geo = qt.call("qt.ui.geometry", {"target": "volumeSlider"})
    width = geo["window"]["width"]
    qt.call("qt.ui.drag", {"target": "volumeSlider", "toPosition": {"x": width - 2, "y": 10},
                           "position": {"x": geo["window"]["width"] * 53 // 100, "y": 10}})
    assert prop(qt, "volumeSlider", "value") == 100
    assert prop(qt, "volumeValueLabel", "text") == "100"
    before = qt.call("qt.ui.screenshot", {"target": "resetButton"})["data"]
    qt.call("qt.ui.hover", {"target": "resetButton"})  # the style paints hovered buttons
    after = qt.call("qt.ui.compareScreenshot", {"target": "resetButton", "reference": before})
    assert after["ratio"] > 0
    qt.call("qt.ui.focus", {"target": "emailEdit"})
    assert prop(qt, "emailEdit", "focus") is True


def test_action_target_is_triggered(qt: Client) -> None:
    qt.call("qt.ui.click", {"target": "actionSave"})
    assert prop(qt, "statusLabel", "text").startswith("Saved ")


def test_hidden_and_disabled_targets(qt: Client) -> None:
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.click", {"target": "tableView"})  # on the Data tab, not shown
    assert err.value.name == "ELEMENT_NOT_VISIBLE"
    assert "hidden" in err.value.message
    qt.call("qt.properties.set", {"objectId": "resetButton", "name": "enabled", "value": False})
    try:
        with pytest.raises(RemoteError) as err:
            qt.call("qt.ui.click", {"target": "resetButton"})
        assert err.value.name == "ELEMENT_NOT_ENABLED"
    finally:
        qt.call("qt.properties.set", {"objectId": "resetButton", "name": "enabled",
                                      "value": True})


def test_bad_input_params(qt: Client) -> None:
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.key", {"keys": "ctrl+Bogus"})
    assert err.value.name == "INVALID_KEY"
    assert "Return" in err.value.data["examples"]
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.key", {"keys": "hyper+a"})
    assert err.value.name == "INVALID_KEY" and "ctrl" in err.value.data["available"]
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.click", {"target": "submitButton", "button": "fourth"})
    assert err.value.name == "INVALID_PARAMS"
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.click", {})
    assert err.value.name == "INVALID_PARAMS" and "objectId" in err.value.data["expected"][
        "required"]
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.type", {"target": "nameEdit", "text": 5})
    assert err.value.name == "INVALID_PARAMS"
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.click", {"target": "settingsStore"})
    assert err.value.name == "NOT_SUPPORTED"
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.drag", {"target": "volumeSlider"})
    assert err.value.name == "INVALID_PARAMS"


def test_stale_target(qt: Client, fresh_demo: DemoApp) -> None:
    c = fresh_demo.client()
    ident = c.call("qt.ui.geometry", {"target": "clearCanvasButton"})["target"]["id"]
    fresh_demo.command("delete clearCanvasButton")
    with pytest.raises(RemoteError) as err:
        c.call("qt.ui.click", {"target": ident})
    assert err.value.name == "OBJECT_STALE"


def test_geometry_and_hit_test(qt: Client) -> None:
    geo = qt.call("qt.ui.geometry", {"target": "submitButton"})
    w = geo["window"]
    hit = qt.call("qt.ui.hitTest", {"x": w["x"] + w["width"] // 2, "y": w["y"] + 5})
    assert hit["objectName"] == "submitButton"
    assert hit["bounds"] == w and hit["localPosition"] == {"x": w["width"] // 2, "y": 5}
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.hitTest", {"x": 5000, "y": 5})
    assert err.value.name == "COORDINATE_OUT_OF_BOUNDS"
    assert err.value.data["bounds"]["width"] > 0
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.hitTest", {"x": 1, "y": 1, "window": "noWindow"})
    assert err.value.name == "WINDOW_NOT_FOUND" and "mainWindow" in err.value.data["available"]


def test_screenshots_and_compare(qt: Client) -> None:
    shot = qt.call("qt.ui.screenshot", {"target": "submitButton"})
    png = base64.b64decode(shot["data"])
    assert png.startswith(b"\x89PNG") and shot["scale"] == 1.0
    win = qt.call("qt.ui.screenshot", {"format": "jpeg", "maxWidth": 500})
    assert base64.b64decode(win["data"])[:2] == b"\xff\xd8"
    assert win["width"] == 500 and win["scale"] == 0.5
    same = qt.call("qt.ui.compareScreenshot", {"target": "submitButton",
                                               "reference": shot["data"]})
    assert same["ratio"] == 0.0 and same["match"] is True
    qt.call("qt.ui.hover", {"target": "submitButton"})  # hover changes the button's look
    diff = qt.call("qt.ui.compareScreenshot", {"target": "submitButton",
                                               "reference": shot["data"]})
    assert 0 < diff["ratio"] < 1 and diff["match"] is False
    assert base64.b64decode(diff["diff"]).startswith(b"\x89PNG")
    other = qt.call("qt.ui.compareScreenshot", {"target": "resetButton",
                                                "reference": win["data"]})
    assert other["sizeMismatch"] is True and other["ratio"] == 1.0
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.compareScreenshot", {"reference": "not base64!"})
    assert err.value.name == "SCREENSHOT_FAILED"
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.screenshot", {"target": "treeView"})
    assert err.value.name == "SCREENSHOT_FAILED"
