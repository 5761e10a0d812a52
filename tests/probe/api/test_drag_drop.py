"""Drag and drop from press to drop in one action (chr.drag by refs, cu.drag and
computer's left_click_drag by coordinates), offscreen (no platform drag: the probe
delivers the drop) and on X11 under Xvfb (Qt's own drag runs in a nested loop the action
finishes). The answer says what was dropped on what, or that the target refused it, and
the app (tests/apps/dragdrop_app.py) holds what it says."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from probe.client import Client
from tests.support.app import ROOT
from tests.support.chrome import parse, read, ref_of
from tests.support.realapp import client_of
from tests.support.xdisplay import x_display

APP = str(ROOT / "tests" / "apps" / "dragdrop_app.py")


@pytest.fixture(scope="module", params=["offscreen", "xcb"])
def qt(request: pytest.FixtureRequest) -> Iterator[Client]:
    if request.param == "offscreen":
        yield from client_of([APP])
        return
    with x_display(1024, 768) as env:
        yield from client_of([APP], env)


def _prop(qt: Client, obj: str, name: str) -> Any:
    return qt.call("qt.properties.get", {"objectId": obj, "name": name})["value"]


def _ref(page: dict[str, Any], name: str) -> str:
    """The canvas by what it shows (its text lists what was dropped), else by name."""
    if name == "canvas":
        return next(n["ref"] for n in parse(page["text"])
                    if n["name"] == "drop shapes here" or n["name"].startswith("canvas:"))
    return ref_of(page, name)


def _drag(qt: Client, source: str, target: str) -> dict[str, Any]:
    page = read(qt)
    return dict(qt.call("chr.drag", {"ref": _ref(page, source), "to": _ref(page, target)}))


def test_palette_to_canvas_and_a_refused_drop(qt: Client) -> None:
    """A hand-made QDrag (a label) and Qt's item drag (a list) onto a canvas, into a line
    edit, and onto a target that refuses every drop."""
    before = _prop(qt, "canvas", "drops")
    page = read(qt)
    assert "droptarget" in next(line for line in page["text"].splitlines()
                                if "no drops here" in line)
    star = _drag(qt, "Star", "canvas")
    assert star["drop"]["dropped"] is True and star["drop"]["on"]["objectName"] == "canvas"
    assert star["drop"]["text"] == "Star" and star["drop"]["action"] == "copy"
    assert _prop(qt, "canvas", "drops").count("Star@") == before.count("Star@") + 1
    square = _drag(qt, "Square", "canvas")
    assert square["drop"]["dropped"] is True and square["drop"]["text"] == "Square", square
    assert "Square@" in _prop(qt, "canvas", "drops")
    circle = _drag(qt, "Circle", "Label")
    assert circle["drop"]["dropped"] is True and circle["drop"]["on"]["objectName"] == "field"
    assert _prop(qt, "field", "text") == "Circle"
    refused = _drag(qt, "Star", "no drops here")
    assert refused["drop"] == {**refused["drop"], "dropped": False,
                               "why": "the target refused the drop"}, refused
    assert refused["drop"]["on"]["objectName"] == "trash"
    drops = _prop(qt, "canvas", "drops")
    assert drops.count("@") == before.count("@") + 2  # the refused one dropped nothing


def test_a_nameless_pane_that_takes_drops_is_no_element_of_its_own(qt: Client) -> None:
    """A pane around controls that accepts drops (git-cola's diff pane) would be a ref
    without a name an agent cannot tell from anything: it drops onto the controls inside."""
    page = read(qt)
    unnamed = [n for n in parse(page["text"]) if "droptarget" in n["rest"] and not n["name"]]
    assert not unnamed, page["text"]
    assert any(n["role"] == "textbox" and n.get("ref") for n in parse(page["text"]))


def test_drag_by_coordinates(qt: Client) -> None:
    """cu.drag and computer's left_click_drag complete the drag too."""
    before = _prop(qt, "canvas", "drops").count("@")
    box = qt.call("qt.ui.geometry", {"objectId": "tool"})["window"]
    goal = qt.call("qt.ui.geometry", {"objectId": "canvas"})["window"]
    start = [box["x"] + box["width"] // 2, box["y"] + box["height"] // 2]
    end = [goal["x"] + goal["width"] // 2, goal["y"] + goal["height"] // 2]
    out = qt.call("cu.drag", {"start": start, "end": end})
    assert out["drop"]["dropped"] is True, out
    out = qt.call("chr.computer", {"action": "left_click_drag", "start_coordinate": start,
                                   "coordinate": end})
    assert "drop" in str(out), out
    assert _prop(qt, "canvas", "drops").count("@") == before + 2


def test_a_drag_that_starts_no_drop_has_no_drop_field(qt: Client) -> None:
    """Dragging across a label that is no drag source answers as before, no ``drop``."""
    page = read(qt)
    out = qt.call("chr.drag", {"ref": ref_of(page, "no drops here"),
                               "to": ref_of(page, "Label")})
    assert "drop" not in out, out
