"""qt.style: a widget's palette, font, style and style sheets, against the app's own:
the demo window's style sheet (demo.qss: errorLabel in #c62828, bold), its palette and
font properties, and a font the app is given while it runs."""

from __future__ import annotations

from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError


def role(facts: dict[str, Any], group: str, name: str) -> dict[str, Any]:
    roles = next(g["roles"] for g in facts["palette"] if g["group"] == group)
    return next(r for r in roles if r["role"] == name)


def prop(qt: Client, target: str, name: str) -> Any:
    return qt.call("qt.properties.get", {"objectId": target, "name": name})["value"]


def test_a_style_sheets_colour_and_font_and_where_they_come_from(qt: Client) -> None:
    facts = qt.call("qt.style", {"objectId": "errorLabel"})
    sheet = prop(qt, "mainWindow", "styleSheet")
    assert "color: #c62828" in sheet
    assert [(s["from"], s["object"]["objectName"], s["styleSheet"])
            for s in facts["styleSheets"]] == [("ancestor", "mainWindow", sheet)]
    for group in ("Active", "Inactive", "Disabled"):
        text = role(facts, group, "WindowText")
        assert text == {"role": "WindowText", "color": "#c62828", "set": True}
    assert facts["paletteFrom"]["kind"] == "widget"
    assert facts["font"]["bold"] and facts["font"]["weight"] == 700
    assert facts["fontFrom"] == {"kind": "styleSheet"}
    assert facts["font"]["family"] == prop(qt, "errorLabel", "font")["family"]
    assert facts["applicationFont"]["weight"] == 400
    assert facts["widgetStyle"]["className"] == "QStyleSheetStyle"
    assert facts["styleName"]
    # the app's palette property, by another way in: "window #rrggbb, text #rrggbb"
    shown = prop(qt, "errorLabel", "palette")["text"]
    assert shown == (f"window {role(facts, 'Active', 'Window')['color']}, "
                     f"text {role(facts, 'Active', 'WindowText')['color']}")
    assert len(facts["palette"]) == 3 and all(len(g["roles"]) >= 20 for g in facts["palette"])


def test_a_font_given_to_a_panel_comes_down_to_its_fields(qt: Client) -> None:
    """Without a style sheet a panel's font comes down to its fields; under the window's
    style sheet it does not (Qt's QStyleSheetStyle): each answer says where it is from."""
    before = qt.call("qt.style", {"objectId": "nameEdit"})
    assert before["fontFrom"] == {"kind": "application"}
    assert before["paletteFrom"] == {"kind": "application"}
    sheet = prop(qt, "mainWindow", "styleSheet")
    font = dict(prop(qt, "formPanel", "font"), pointSizeF=15.0, italic=True)
    qt.call("qt.properties.set", {"objectId": "formPanel", "name": "font", "value": font})
    try:
        panel = qt.call("qt.style", {"objectId": "formPanel"})
        assert panel["fontFrom"]["kind"] == "widget"
        kept = qt.call("qt.style", {"objectId": "nameEdit"})  # under the style sheet
        assert kept["font"]["pointSizeF"] == prop(qt, "nameEdit", "font")["pointSizeF"] \
            == before["font"]["pointSizeF"]
        assert kept["fontFrom"] == {"kind": "application"}
        qt.call("qt.properties.set", {"objectId": "mainWindow", "name": "styleSheet",
                                      "value": ""})
        qt.call("qt.properties.set", {"objectId": "formPanel", "name": "font",
                                      "value": dict(font, pointSizeF=15.5)})
        field = qt.call("qt.style", {"objectId": "nameEdit"})
        assert field["styleSheets"] == []
        assert field["fontFrom"]["kind"] == "ancestor"
        assert field["fontFrom"]["object"]["objectName"] == "formPanel"
        own = prop(qt, "nameEdit", "font")
        assert (field["font"]["pointSizeF"], field["font"]["italic"]) == (15.5, True) \
            == (own["pointSizeF"], own["italic"])
        assert field["font"]["style"] == "StyleItalic"
    finally:
        qt.call("qt.properties.set", {"objectId": "mainWindow", "name": "styleSheet",
                                      "value": sheet})
        qt.call("qt.properties.set", {"objectId": "formPanel", "name": "font",
                                      "value": dict(font, pointSizeF=before["font"][
                                          "pointSizeF"], italic=False)})


def test_what_is_no_widget_is_refused(qt: Client) -> None:
    with pytest.raises(RemoteError) as info:
        qt.call("qt.style", {"objectId": "heartbeat"})
    assert info.value.name == "NOT_SUPPORTED" and "qt.style" in (info.value.hint or "")


def test_a_quick_item_is_refused_naming_what_answers_for_it(qq: Client) -> None:
    item = qq.call("qml.tree", {})["nodes"][0]["children"][0]
    with pytest.raises(RemoteError) as info:
        qq.call("qt.style", {"objectId": item["id"]})
    assert info.value.name == "NOT_SUPPORTED" and "Qt Quick item" in info.value.message
    assert "qt.properties.get" in (info.value.hint or "")


def test_every_widget_of_the_demo_answers(qt: Client) -> None:
    """Every widget, whatever its class (menus, tab bars, scroll bars, item views' parts):
    qt.layout and qt.style answer, each about that widget."""
    widgets = qt.call("qt.objects.findByClass", {"className": "QWidget"})["objects"]
    assert len(widgets) > 50
    for w in widgets:
        assert qt.call("qt.layout", {"objectId": w["id"]})["target"]["id"] == w["id"]
        assert qt.call("qt.style", {"objectId": w["id"]})["target"]["id"] == w["id"]
