"""cu.*: drive the demo form by pixel coordinates of a (scaled) screenshot."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError

SCALE_WIDTH = 500  # the demo window is 1000 px wide: screenshots at scale 0.5


def prop(qt: Client, target: str, name: str) -> Any:
    return qt.call("qt.properties.get", {"objectId": target, "name": name})["value"]


def at(qt: Client, target: str, dx: int | None = None, dy: int | None = None,
       scale: float = 0.5) -> list[int]:
    """Screenshot coordinates of a point of ``target`` (its center by default)."""
    w = qt.call("qt.ui.geometry", {"target": target})["window"]
    x = w["x"] + (w["width"] // 2 if dx is None else dx)
    y = w["y"] + (w["height"] // 2 if dy is None else dy)
    return [round(x * scale), round(y * scale)]


@pytest.fixture(autouse=True)
def scaled_view(qt: Client) -> dict[str, Any]:
    qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})
    shot = qt.call("cu.screenshot", {"maxWidth": SCALE_WIDTH})
    return shot


def test_screenshot_reports_scale(qt: Client, scaled_view: dict[str, Any]) -> None:
    assert scaled_view["scale"] == 0.5 and scaled_view["width"] == 500
    assert scaled_view["windowSize"] == {"width": 1000, "height": 700}
    assert base64.b64decode(scaled_view["data"]).startswith(b"\x89PNG")
    full = qt.call("cu.screenshot", {"format": "jpeg"})
    assert full["scale"] == 1.0 and base64.b64decode(full["data"])[:2] == b"\xff\xd8"


def test_fill_form_by_coordinates(qt: Client) -> None:
    clicked = qt.call("cu.leftClick", {"coordinate": at(qt, "nameEdit")})
    assert clicked["element"]["objectName"] == "nameEdit"
    qt.call("cu.type", {"text": "Hedy Lamarr"})
    assert prop(qt, "nameEdit", "text") == "Hedy Lamarr"
    qt.call("cu.tripleClick", {"coordinate": at(qt, "nameEdit")})
    assert prop(qt, "nameEdit", "selectedText") == "Hedy Lamarr"
    qt.call("cu.doubleClick", {"coordinate": at(qt, "nameEdit", dx=10)})
    assert prop(qt, "nameEdit", "selectedText") == "Hedy"
    qt.call("cu.leftClick", {"coordinate": at(qt, "ageSpin")})
    qt.call("cu.key", {"text": "ctrl+a"})
    qt.call("cu.type", {"text": "41"})
    assert prop(qt, "ageSpin", "value") == 41
    qt.call("cu.leftClick", {"coordinate": at(qt, "termsCheck", dx=8)})  # the box itself
    assert prop(qt, "termsCheck", "checked") is True
    qt.call("cu.leftClick", {"coordinate": at(qt, "planEnterpriseRadio", dx=8)})
    assert prop(qt, "planEnterpriseRadio", "checked") is True
    qt.call("cu.leftClick", {"coordinate": at(qt, "submitButton")})
    assert prop(qt, "statusLabel", "text") == "Submitted: Hedy Lamarr"


def test_scroll_drag_and_mouse_buttons(qt: Client) -> None:
    qt.call("cu.scroll", {"coordinate": at(qt, "volumeSlider"), "scroll_direction": "up",
                          "scroll_amount": 2})
    assert prop(qt, "volumeSlider", "value") == 56
    w = qt.call("qt.ui.geometry", {"target": "volumeSlider"})["window"]
    handle = at(qt, "volumeSlider", dx=w["width"] * 56 // 100, dy=10)
    qt.call("cu.drag", {"start": handle, "end": at(qt, "volumeSlider", dx=0, dy=10)})
    assert prop(qt, "volumeSlider", "value") == 0
    qt.call("cu.leftMouseDown", {"coordinate": at(qt, "volumeSlider", dx=2, dy=10)})
    qt.call("cu.mouseMove", {"coordinate": at(qt, "volumeSlider", dx=w["width"] - 2, dy=10)})
    assert prop(qt, "volumeSlider", "sliderDown") is True
    qt.call("cu.leftMouseUp")
    assert prop(qt, "volumeSlider", "value") == 100
    pos = qt.call("cu.cursorPosition")
    assert pos["coordinate"] == at(qt, "volumeSlider", dx=w["width"] - 2, dy=10)
    qt.call("cu.rightClick", {"coordinate": at(qt, "termsCheck", dx=8)})
    assert prop(qt, "termsCheck", "checked") is False  # only the left button toggles
    qt.call("cu.middleClick", {"coordinate": at(qt, "termsCheck", dx=8)})
    assert prop(qt, "termsCheck", "checked") is False


def test_keys_hold_wait_zoom(qt: Client) -> None:
    qt.call("cu.leftClick", {"coordinate": at(qt, "nameEdit")})
    qt.call("cu.type", {"text": "abc"})
    qt.call("cu.key", {"text": "BackSpace", "repeat": 2})
    assert prop(qt, "nameEdit", "text") == "a"
    qt.call("cu.key", {"text": "ctrl+shift+r"})
    assert prop(qt, "statusLabel", "text") == "Form reset"
    held = qt.call("cu.holdKey", {"text": "shift", "duration": 0.05})
    assert held["held"] == "shift"
    assert qt.call("cu.wait", {"duration": 0.01})["waited"] == 0.01
    x, y = at(qt, "submitButton")
    zoomed = qt.call("cu.zoom", {"region": [x - 20, y - 10, x + 20, y + 10]})
    assert (zoomed["width"], zoomed["height"]) == (80, 40)  # full resolution of the region
    assert base64.b64decode(zoomed["data"]).startswith(b"\x89PNG")


def test_out_of_bounds_and_bad_params(qt: Client) -> None:
    with pytest.raises(RemoteError) as err:
        qt.call("cu.leftClick", {"coordinate": [SCALE_WIDTH + 1, 10]})
    assert err.value.name == "COORDINATE_OUT_OF_BOUNDS"
    assert err.value.data["bounds"] == {"width": 500, "height": 350}
    with pytest.raises(RemoteError) as err:
        qt.call("cu.leftClick", {"coordinate": [-1, 10]})
    assert err.value.name == "COORDINATE_OUT_OF_BOUNDS"
    with pytest.raises(RemoteError) as err:
        qt.call("cu.leftClick", {"coordinate": [1, 2, 3]})
    assert err.value.name == "INVALID_PARAMS"
    with pytest.raises(RemoteError) as err:
        qt.call("cu.key", {"text": "ctrl+nokey"})
    assert err.value.name == "INVALID_KEY"
    with pytest.raises(RemoteError) as err:
        qt.call("cu.leftClick", {"coordinate": [10, 10], "text": "hyper"})
    assert err.value.name == "INVALID_KEY" and "shift" in err.value.data["available"]
    with pytest.raises(RemoteError) as err:
        qt.call("cu.zoom", {"region": [10, 10, 5, 5]})
    assert err.value.name == "INVALID_PARAMS"
    with pytest.raises(RemoteError) as err:
        qt.call("cu.scroll", {"scroll_direction": "sideways"})
    assert err.value.name == "INVALID_PARAMS"
