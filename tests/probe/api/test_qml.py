"""qml.* and QML items everywhere else, against the QML demo over a real WebSocket."""

from __future__ import annotations

import base64
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import PySide6
import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp, start_demo
from tests.support.qtrelease import QT_RELEASE

_TAGS = itertools.count(1)
#: Qt Quick before 6.10 gives a Control with no Accessible.* property (the demo's Button,
#: CheckBox, TabButton...) its accessibility only once an assistive technology is active,
#: so readPage does not list them there (README, "Which apps"); .ci/matrix runs 6.8.
_QUICK_A11Y = pytest.mark.xfail(
    QT_RELEASE < (6, 10), strict=True,
    reason="Qt Quick < 6.10: Controls without Accessible.* have no accessibility offscreen")


def _nodes(tree: dict[str, Any]) -> Iterator[dict[str, Any]]:
    stack = list(tree["nodes"])
    while stack:
        n = stack.pop()
        yield n
        stack.extend(n.get("children", []))


def _by_id(tree: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {n["qmlId"]: n for n in _nodes(tree) if n.get("qmlId")}


def _read(app: DemoApp, name: str, prop: str) -> str:
    """A property as the app itself sees it (control channel, GUI thread), as repr()."""
    cmd = f"get {name} {prop} {next(_TAGS)}"  # a unique tag: replies cannot mix up
    return app.command(cmd).split(" from get ")[0]


def test_tree_has_types_ids_sources_and_geometry(qq: Client) -> None:
    tree = qq.call("qml.tree")
    assert tree["count"] > 30 and not tree["truncated"]
    window = tree["nodes"][0]
    assert window["type"] == "ApplicationWindow" and window["qmlId"] == "root"
    items = _by_id(tree)
    assert items["nameField"]["type"] == "TextField"
    assert items["submitButton"]["type"] == "Button"
    assert items["clickPad"]["type"] == "Rectangle"
    assert items["padArea"]["type"] == "MouseArea"
    assert items["pages"]["type"] == "StackLayoutLike"
    src = items["submitButton"]["source"]
    assert src["file"].endswith("main.qml") and src["line"] > 1
    x, y, w, h = items["clickPad"]["geometry"]
    assert (x, w, h) == (340, 120, 80) and y >= 16  # scene coordinates, below the tab bar
    assert items["listPage"]["visible"] is False and items["formPage"]["visible"] is True
    assert items["nameField"]["opacity"] == 1 and "z" in items["nameField"]
    # stacking order: the column of controls comes before the pad in formPage
    form_page = items["formPage"]
    assert [c.get("qmlId") for c in form_page["children"]] == ["form", "clickPad"]
    # padLabel is declared before padArea but has z: 1, so Qt paints it last (on top)
    assert [c.get("qmlId") for c in items["clickPad"]["children"]] == ["padArea", "padLabel"]
    assert (items["padLabel"]["z"], items["padLabel"]["enabled"]) == (1, True)
    assert (items["padArea"]["z"], items["padArea"]["enabled"]) == (0, True)
    assert items["versionText"]["enabled"] is False  # enabled: false in main.qml


def test_tree_of_one_item_and_depth(qq: Client) -> None:
    tree = qq.call("qml.tree", {"objectId": "@id:clickPad", "depth": 1})
    root = tree["nodes"][0]
    assert root["qmlId"] == "clickPad"
    assert [c["type"] for c in root["children"]] == ["MouseArea", "Text"]
    assert "children" not in root["children"][0]


def test_id_selector_everywhere(qq: Client) -> None:
    got = qq.call("qt.properties.get", {"objectId": "@id:nameField", "name": "placeholderText"})
    assert got["value"] == "Your name"
    info = qq.call("qml.info", {"objectId": "@id:submitButton"})
    assert info["type"] == "Button" and info["objectName"] == "submitButton"
    same = qq.call("qml.info", {"objectId": info["id"]})
    assert same["qmlId"] == "submitButton"
    glob = qq.call("qml.info", {"objectId": "@id:click*"})
    assert glob["qmlId"] == "clickPad"
    with pytest.raises(RemoteError) as exc:
        qq.call("qml.info", {"objectId": "@id:nameFeild"})
    assert exc.value.name == "ELEMENT_NOT_FOUND"
    assert "nameField" in exc.value.data["available"][:3]


def test_path_of_ids_and_types(qq: Client) -> None:
    info = qq.call("qml.info", {"objectId": "qmlWindow/**/@id:formPage/*/@id:padArea"})
    assert info["type"] == "MouseArea"
    by_type = qq.call("qml.info", {"objectId": "**/@id:clickPad/MouseArea"})
    assert by_type["qmlId"] == "padArea"


def test_set_property_changes_scene(qml_demo: DemoApp, qq: Client) -> None:
    before = qq.call("qml.info", {"objectId": "@id:clickPad"})
    res = qq.call("qt.properties.set", {"objectId": "@id:clickPad", "name": "width",
                                        "value": 200.0})
    assert res["value"] == 200
    assert _read(qml_demo, "clickPad", "width") == "200.0"
    after = qq.call("qml.info", {"objectId": "@id:clickPad"})
    assert after["geometry"][2] == 200 and before["geometry"][2] == 120
    qq.call("qt.properties.set", {"objectId": "@id:clickPad", "name": "width", "value": 120.0})


def test_qml_declared_property_get_and_set(qml_demo: DemoApp, qq: Client) -> None:
    """``property alias clicks`` (clickPad) and ``property int clicks`` (padArea) are
    ordinary properties to qt.properties.*; writing one moves what is bound to it."""
    props = {p["name"]: p for p in qq.call("qt.properties.list",
                                           {"objectId": "@id:clickPad"})["properties"]}
    assert "clicks" in props
    before = qq.call("qt.properties.get", {"objectId": "@id:clickPad", "name": "clicks"})
    assert before["value"] == int(_read(qml_demo, "padArea", "clicks"))
    target = before["value"] + 40
    res = qq.call("qt.properties.set", {"objectId": "@id:clickPad", "name": "clicks",
                                        "value": target})
    assert res["value"] == target
    assert int(_read(qml_demo, "padArea", "clicks")) == target  # through the alias
    got = qq.call("qt.properties.get", {"objectId": "@id:padArea", "name": "clicks"})
    assert got["value"] == target
    label = qq.call("qt.properties.get", {"objectId": "@id:padLabel", "name": "text"})
    assert label["value"] == f"clicks: {target}"  # the binding on it followed
    # the pad is a clickable area named by the text it shows
    assert f'generic "clicks: {target}"' in qq.call("chr.readPage")["text"]


def test_set_property_bad_value(qq: Client) -> None:
    with pytest.raises(RemoteError) as exc:
        qq.call("qt.properties.set", {"objectId": "@id:clickPad", "name": "width",
                                      "value": "wide"})
    assert exc.value.name == "PROPERTY_TYPE_MISMATCH"


def test_context_properties(qml_demo: DemoApp, qq: Client) -> None:
    got = qq.call("qml.contextProperties", {"objectId": "@id:nameField",
                                            "names": ["appVersion", "backend", "nope"]})
    assert got["baseUrl"].endswith("main.qml")
    assert {"nameField", "submitButton", "root", "padArea"} <= set(got["ids"])
    assert got["missing"] == ["nope"]
    # set from Python by qml_demo.load (rootContext().setContextProperty)
    assert got["properties"]["appVersion"] == "1.4.2"
    assert got["properties"]["backend"] == {"type": "Backend", "objectName": "backend"}
    shown = qq.call("qt.properties.get", {"objectId": "@id:versionText", "name": "text"})
    assert shown["value"] == "Hello from Python (v1.4.2)"
    # the app's own wrappers survive (a contextObject() call used to invalidate them)
    assert _read(qml_demo, "clickPad", "width") == "120.0"


def test_evaluate_disabled_by_default(qq: Client) -> None:
    with pytest.raises(RemoteError) as exc:
        qq.call("qml.evaluate", {"objectId": "@id:nameField", "expression": "1 + 1"})
    assert exc.value.name == "QML_EVAL_DISABLED" and exc.value.code == 1701
    # the hint names the real option and its environment variable
    assert "install(allow_eval=True)" in exc.value.hint
    assert "QTMCP_ALLOW_EVAL=1" in exc.value.hint
    assert exc.value.data["option"] == "allow_eval"
    assert exc.value.data["env"] == "QTMCP_ALLOW_EVAL"


def test_not_an_item(qq: Client) -> None:
    with pytest.raises(RemoteError) as exc:
        qq.call("qml.info", {"objectId": "controlChannel"})
    assert exc.value.name == "NOT_SUPPORTED"
    with pytest.raises(RemoteError) as exc:
        qq.call("qml.tree", {"depth": -1})
    assert exc.value.name == "INVALID_PARAMS"


def test_screenshot_of_window_and_item(qq: Client) -> None:
    shot = qq.call("qt.ui.screenshot", {"target": "qmlWindow"})
    assert shot["width"] == 640 and shot["height"] == 480
    assert base64.b64decode(shot["data"]).startswith(b"\x89PNG")
    pad = qq.call("qt.ui.screenshot", {"target": "@id:clickPad"})
    assert (pad["width"], pad["height"]) == (120, 80)


def test_allow_eval_option(monkeypatch: pytest.MonkeyPatch) -> None:
    """The install option and the environment variable are one switch; the option wins."""
    from probe.server.options import Options

    monkeypatch.delenv("QTMCP_ALLOW_EVAL", raising=False)
    assert Options.from_env().allow_eval is False
    assert Options.from_env(allow_eval=True).allow_eval is True
    monkeypatch.setenv("QTMCP_ALLOW_EVAL", "1")
    assert Options.from_env().allow_eval is True
    assert Options.from_env(allow_eval=False).allow_eval is False


@pytest.mark.parametrize("how", ["env", "install option"])
def test_evaluate_when_enabled(how: str) -> None:
    if how == "env":
        app = start_demo(module="resources.qml_demo", env={"QTMCP_ALLOW_EVAL": "1"})
    else:  # qml_demo --allow-eval calls probe.install(allow_eval=True)
        app = start_demo("--allow-eval", module="resources.qml_demo")
    try:
        with app.client() as c:
            got = c.call("qml.evaluate", {"objectId": "@id:clickPad",
                                          "expression": "width * 2 + nameField.text.length"})
            assert got["value"] == 240
            with pytest.raises(RemoteError) as exc:
                c.call("qml.evaluate", {"objectId": "@id:clickPad", "expression": "nosuch.x"})
            assert exc.value.name == "QML_EVAL_ERROR"
            assert "nosuch" in exc.value.message
    finally:
        app.stop()


def _bindings(qq: Client, item: str, name: str | None = None) -> dict[str, dict[str, Any]]:
    params = {"objectId": f"@id:{item}", **({"name": name} if name else {})}
    return {p["name"]: p for p in qq.call("qml.bindings", params)["properties"]}


def test_bindings_from_the_qml_source(qq: Client) -> None:
    label = _bindings(qq, "padLabel")
    text = label["text"]
    assert text["bound"] is True and text["kind"] == "binding"
    assert text["expression"] == '"clicks: " + padArea.clicks'
    assert text["source"] == "qml file" and text["file"].endswith("main.qml")
    assert text["value"].startswith("clicks: ")
    assert label["z"]["bound"] is False and label["z"]["kind"] == "literal"
    assert label["z"]["value"] == 1 and label["z"]["expression"] is None
    assert label["anchors.centerIn"]["bound"] is True  # a group property, dotted
    assert label["anchors.centerIn"]["value"]["objectName"] == "clickPad"
    with open(text["file"], encoding="utf-8") as fh:  # the line is where it is written
        assert "text:" in fh.read().splitlines()[text["line"] - 1]
    pad = _bindings(qq, "clickPad")
    assert pad["color"]["bound"] is True and "padArea.clicks > 0" in pad["color"]["expression"]
    assert pad["clicks"]["kind"] == "alias" and pad["clicks"]["expression"] == "padArea.clicks"
    assert pad["width"]["bound"] is False
    # a component's root is declared in the file that uses it; ids of other files count
    pages = _bindings(qq, "pages")
    assert pages["currentIndex"]["expression"] == "tabBar.currentIndex"
    # attached properties and enum constants are literals
    area = _bindings(qq, "padArea")
    assert area["cursorShape"]["bound"] is False
    assert _bindings(qq, "volumeSlider")["Accessible.name"]["value"] == "Volume"


def test_bindings_of_one_property(qq: Client) -> None:
    one = _bindings(qq, "versionText", "text")
    assert list(one) == ["text"]
    assert one["text"]["expression"] == 'backend.greeting + " (v" + appVersion + ")"'
    # a property the declaration does not set: its value, not bound, no source line
    unset = _bindings(qq, "versionText", "opacity")["opacity"]
    assert unset == {"name": "opacity", "value": 1, "bound": False, "expression": None,
                     "kind": "unset", "source": "none", "file": unset["file"], "line": None}


def test_bindings_bad_input(qq: Client) -> None:
    with pytest.raises(RemoteError) as exc:
        qq.call("qml.bindings", {"objectId": "@id:padLabel", "name": "txet"})
    assert exc.value.name == "PROPERTY_NOT_FOUND"
    assert "text" in exc.value.data["declared"] and "text" in exc.value.data["available"]
    assert "data.declared" in exc.value.hint
    with pytest.raises(RemoteError) as exc:
        qq.call("qml.bindings", {"objectId": "controlChannel"})
    assert exc.value.name == "NOT_SUPPORTED" and exc.value.code == -32004
    assert "qml.tree" in exc.value.hint and exc.value.data["className"]
    with pytest.raises(RemoteError) as exc:
        qq.call("qml.bindings", {"objectId": "@id:padLabel", "name": ""})
    assert exc.value.name == "INVALID_PARAMS"
    with pytest.raises(RemoteError) as exc:  # the Row has neither id nor objectName
        qq.call("qml.bindings", {"objectId": "**/@id:form/Row"})
    assert exc.value.name == "NOT_SUPPORTED" and "give the item an id" in exc.value.hint


_TRICKY_QML = """import QtQuick
Item {
    // id: target  { a comment is no declaration
    Rectangle {
        id: target
        x: -5; y: 1e3
        width: parent.width -
               10
        color: "#ff{0000"
        property var m: ({a: 1, b: "}"})
        property alias w: target.width
        visible: {
            return width > 3
        }
        function f(a) { return a ? 1 : 2 }
        Behavior on x { NumberAnimation { duration: 100 } }
        states: [ State { name: "big" } ]
        onWidthChanged: console.log("w:", width)
        anchors { left: parent.left; leftMargin: 4 }
        horizontalAlignment: Text.AlignHCenter
        Text { id: inner; text: "inner: " + target.x }
    }
}
"""


def test_declaration_parser(tmp_path: Path) -> None:
    """The .qml reading behind qml.bindings, on syntax the demo does not have."""
    from probe.core.qml import bindings as qml

    path = tmp_path / "Tricky.qml"
    path.write_text(_TRICKY_QML, encoding="utf-8")
    members = {m["name"]: m for m in qml._declaration(str(path), 0.0, "target", "")}
    kinds = {name: m["kind"] for name, m in members.items()}
    assert kinds == {"x": "literal", "y": "literal", "width": "binding", "color": "literal",
                     "m": "binding", "w": "alias", "visible": "binding", "states": "object",
                     "anchors.left": "binding", "anchors.leftMargin": "literal",
                     "horizontalAlignment": "literal"}  # no handlers, functions, children
    assert members["width"]["expression"] == "parent.width -\n               10"
    assert members["width"]["line"] == 7 and members["y"]["line"] == 6
    assert qml._declaration(str(path), 0.0, "nosuch", "") is None


def test_class_filter_takes_qml_types(qq: Client) -> None:
    info = qq.call("qml.info", {"objectId": "@class:MouseArea"})
    assert info["qmlId"] == "padArea"


# ------------------------------------------------------------------------ chrome mode


def _refs(page: dict[str, Any]) -> dict[str, str]:
    """'role "name"' -> ref, from the text outline."""
    out = {}
    for line in page["text"].splitlines():
        parts = line.strip().split(" [ref_")
        if len(parts) == 2:
            out[parts[0]] = "ref_" + parts[1].split("]")[0]
    return out


@_QUICK_A11Y
def test_read_page_shows_controls_and_gap_filler(qq: Client) -> None:
    tabs = qq.call("chr.tabsContext")
    assert tabs["tabs"][0]["title"] == "qtmcp QML demo"
    page = qq.call("chr.readPage")
    text = page["text"]
    for line in ('textbox "Name"', 'checkbox "Accept terms"', 'combobox "Country"',
                 'slider "Volume"', 'button "Submit"', 'tab "List"', 'text "Ready"'):
        assert line in text, text
    assert 'generic "clicks: ' in text and "clickable" in text  # named by its text
    assert 'text "clicks: ' not in text and "padArea" not in text  # not twice, no id
    tree = qq.call("chr.readPage", {"format": "json", "filter": "interactive"})["tree"]
    flat = list(_nodes({"nodes": tree}))
    pad = next(n for n in flat if n.get("gapFiller"))
    assert pad["className"].startswith("QQuickMouseArea") and pad["bounds"][2] == 120


@_QUICK_A11Y
def test_find_and_form_input(qml_demo: DemoApp, qq: Client) -> None:
    found = qq.call("chr.find", {"query": "email text field"})["matches"][0]
    assert found["role"] == "textbox" and found["name"] == "Email"
    refs = _refs(qq.call("chr.readPage", {"filter": "interactive"}))
    email = qq.call("chr.find", {"query": "email text field"})["matches"][0]["ref"]
    res = qq.call("chr.formInput", {"ref": refs['textbox "Name"'], "value": "Ada"})
    assert res["changed"] is True
    qq.call("chr.formInput", {"ref": email, "value": "ada@example.com"})
    qq.call("chr.formInput", {"ref": refs['checkbox "Accept terms"'], "value": True})
    qq.call("chr.formInput", {"ref": refs['combobox "Country"'], "value": "japan"})
    qq.call("chr.formInput", {"ref": refs['slider "Volume"'], "value": 70})
    assert _read(qml_demo, "nameField", "text") == "'Ada'"
    assert _read(qml_demo, "termsCheck", "checked") == "True"
    assert _read(qml_demo, "countryCombo", "currentText") == "'Japan'"
    clicked = qq.call("chr.click", {"ref": refs['button "Submit"']})
    assert clicked["via"] == "click"
    assert _read(qml_demo, "window", "lastSubmitted") == "'Ada|ada@example.com|true|Japan|70'"
    page = qq.call("chr.readPage")["text"]
    assert 'text "Submitted 1"' in page and 'checkbox "Accept terms"' in page
    assert 'value="Japan"' in page and "value=70" in page


@_QUICK_A11Y
def test_form_input_bad_values(qq: Client) -> None:
    refs = _refs(qq.call("chr.readPage", {"filter": "interactive"}))
    with pytest.raises(RemoteError) as exc:
        qq.call("chr.formInput", {"ref": refs['combobox "Country"'], "value": "Mars"})
    assert exc.value.name == "FORM_INPUT_INVALID"
    assert exc.value.data["options"] == ["France", "Germany", "Japan", "Brazil"]
    with pytest.raises(RemoteError) as exc:
        qq.call("chr.formInput", {"ref": refs['slider "Volume"'], "value": 500})
    assert exc.value.name == "FORM_INPUT_INVALID" and exc.value.data["maximum"] == 100
    with pytest.raises(RemoteError) as exc:
        qq.call("chr.formInput", {"ref": refs['button "Submit"'], "value": "x"})
    assert exc.value.name == "FORM_INPUT_UNSUPPORTED"
    with pytest.raises(RemoteError) as exc:
        qq.call("chr.formInput", {"ref": "ref_999", "value": "x"})
    assert exc.value.name == "REF_NOT_FOUND"


def test_click_mouse_area_by_ref(qml_demo: DemoApp, qq: Client) -> None:
    before = int(_read(qml_demo, "padArea", "clicks"))
    page = qq.call("chr.readPage", {"filter": "interactive"})
    ref = next(r for k, r in _refs(page).items() if k.startswith('generic "clicks: '))
    res = qq.call("chr.click", {"ref": ref})
    assert res["bounds"][2:] == [120, 80]
    assert int(_read(qml_demo, "padArea", "clicks")) == before + 1
    page = qq.call("chr.readPage")["text"]
    assert f'generic "clicks: {before + 1}"' in page


@_QUICK_A11Y
def test_tab_switch_and_list(qml_demo: DemoApp, qq: Client) -> None:
    refs = _refs(qq.call("chr.readPage", {"filter": "interactive"}))
    qq.call("chr.click", {"ref": refs['tab "List"']})
    page = qq.call("chr.readPage")["text"]
    assert 'listitem "Grace (45)"' in page and 'textbox "Name"' not in page
    qq.call("chr.click", {"ref": _refs(qq.call("chr.readPage"))['tab "Form"']})
    assert 'textbox "Name"' in qq.call("chr.readPage")["text"]


@_QUICK_A11Y
def test_computer_use_coordinates(qml_demo: DemoApp, qq: Client) -> None:
    shot = qq.call("cu.screenshot")
    assert shot["width"] == 640
    pad = qq.call("qml.info", {"objectId": "@id:clickPad"})
    x, y, w, h = pad["geometry"]
    before = int(_read(qml_demo, "padArea", "clicks"))
    res = qq.call("cu.leftClick", {"coordinate": [x + w // 2, y + h // 2]})
    assert res["element"]["className"].startswith("QQuickText")  # the label on top
    assert int(_read(qml_demo, "padArea", "clicks")) == before + 1
    hit = qq.call("qt.ui.hitTest", {"x": x + 5, "y": y + 5})
    assert hit["className"].startswith("QQuickMouseArea") and hit["bounds"]["width"] == 120


@_QUICK_A11Y
def test_qt_ui_input_on_items(qml_demo: DemoApp, qq: Client) -> None:
    qq.call("qt.ui.type", {"target": "@id:emailField", "text": "x@y.z", "clear": True})
    assert _read(qml_demo, "emailField", "text") == "'x@y.z'"
    before = int(_read(qml_demo, "padArea", "clicks"))
    qq.call("qt.ui.click", {"target": "@id:padArea"})
    assert int(_read(qml_demo, "padArea", "clicks")) == before + 1
    with pytest.raises(RemoteError) as exc:
        qq.call("qt.ui.click", {"target": "@id:peopleList"})  # on the hidden page
    assert exc.value.name == "ELEMENT_NOT_VISIBLE"


@_QUICK_A11Y
def test_popup_shows_in_page_and_tree(qml_demo: DemoApp, qq: Client) -> None:
    refs = _refs(qq.call("chr.readPage", {"filter": "interactive"}))
    qq.call("chr.click", {"ref": refs['button "About"']})
    assert _read(qml_demo, "aboutPopup", "opened") == "True"
    assert 'text "qtmcp QML demo"' in qq.call("chr.readPage")["text"]
    assert "aboutText" in _by_id(qq.call("qml.tree"))
    qq.call("cu.leftClick", {"coordinate": [620, 460]})  # outside: a modal popup closes
    assert _read(qml_demo, "aboutPopup", "opened") == "False"


def test_handles_prefer_the_qml_id(qq: Client) -> None:
    out = qq.call("qt.ui.handles", {"target": "@id:padArea"})  # a bare MouseArea
    assert out["selector"] == "@id:padArea" and out["selectorKind"] == "qmlId"
    assert out["ref"].startswith("ref_") and out["bounds"]["width"] > 0
    assert qq.call("qt.ui.handles", {"target": out["ref"]})["id"] == out["id"]


def test_qt_quick_controls_qml_is_read_from_qts_own_resources(qq: Client) -> None:
    """A Quick app's QML from qrc: Qt Quick Controls' Basic style serves its .qml files from
    :/qt-project.org; the preview is the file Qt ships beside them (qt.resources.read)."""
    folder = ":/qt-project.org/imports/QtQuick/Controls/Basic"
    listing = qq.call("qt.resources.list", {"path": folder})
    names = {e["name"]: e for e in listing["entries"]}
    assert names["Button.qml"]["qt"] and names["Button.qml"]["size"] > 0
    got = qq.call("qt.resources.read", {"path": f"qrc:{folder[1:]}/Button.qml"})
    shipped = Path(PySide6.__file__).parent / "Qt/qml/QtQuick/Controls/Basic/Button.qml"
    assert got["kind"] == "text" and got["qt"] and got["mimeType"] == "text/x-qml"
    assert got["text"].encode() == shipped.read_bytes()


def _deps(binding: dict[str, Any]) -> list[tuple[str, str | None, str]]:
    return [(d["name"], d["objectId"], d["property"]) for d in binding["dependencies"]]


def test_a_binding_names_what_its_expression_reads(qq: Client) -> None:
    """Each property a binding reads, resolved as QML does: an id (padArea), the item's
    own property (parent), an id of the file that uses a component, a context property
    (an object's, or a plain value's); each with its value now, as qt.properties reads it."""
    area_id = qq.call("qml.info", {"objectId": "@id:padArea"})["id"]
    label = _bindings(qq, "padLabel")
    (clicks,) = label["text"]["dependencies"]
    assert (clicks["name"], clicks["objectId"], clicks["property"]) == (
        "padArea.clicks", area_id, "clicks")
    assert clicks["value"] == qq.call("qt.properties.get", {"objectId": area_id,
                                                            "name": "clicks"})["value"]
    assert label["text"]["loop"] is False
    (parent,) = label["anchors.centerIn"]["dependencies"]  # the item's own property
    assert parent["name"] == "parent" and parent["objectId"] == qq.call(
        "qml.info", {"objectId": "@id:padLabel"})["id"]
    assert parent["value"]["objectName"] == "clickPad"
    assert "dependencies" not in label["z"]  # a literal reads nothing
    assert [d[0] for d in _deps(_bindings(qq, "pages")["currentIndex"])] == [
        "tabBar.currentIndex"]
    version = _bindings(qq, "versionText", "text")["text"]["dependencies"]
    by_name = {d["name"]: d for d in version}
    assert set(by_name) == {"backend.greeting", "appVersion"}
    assert by_name["backend.greeting"]["objectId"] and by_name["appVersion"]["objectId"] is None
    assert by_name["appVersion"]["value"]  # the context property's value
