"""The Qt Quick conformance suite: every Qt Quick Controls type and Qt Quick Dialogs' dialogs
(tests/conformance/quick_app.qml) read, acted on and checked through the probe only, under
each Qt Quick Controls style that ships with Qt.

Each control is one row of the four checks of tests/conformance/matrix.py (read, act,
signal, truth; the QML writes the signals it emits into ``root.log``). The app loads the
window once per style in the same process (``import QtQuick.Controls.<Style>``: Basic,
Fusion, Material, Universal, Imagine) and every row runs under each. Each (style, row) is
a test; one matrix per style is printed at the end of the module (and kept in
tests/artifacts/).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.conformance.quick_app import STYLES
from tests.support.app import ARTIFACTS, wait_until
from tests.support.chrome import parse
from tests.support.qtrelease import QT_RELEASE
from tests.support.realapp import RealApp, start

from .matrix import Cells, Suite, configure

HERE = Path(__file__).resolve().parent
SUITE = Suite("Qt Quick conformance", STYLES)
row = SUITE.row

# Qt Quick Controls give accessibility only from Qt 6.10 on when no assistive technology
# runs (README, "Which apps"), and the suite's app declares a TreeModel (Qt 6.10).
pytestmark = pytest.mark.skipif(
    QT_RELEASE < (6, 10),
    reason="Qt {}.{}: the Qt Quick suite needs Qt 6.10 or newer".format(*QT_RELEASE))


class Conf:
    """The suite's view of the app: pages, elements, the app's signal log, actions."""

    def __init__(self, qt: Client, folder: str) -> None:
        self.qt = qt
        self.folder = folder
        self.mark = 0

    def call(self, method: str, params: dict[str, Any] | None = None) -> Any:
        return self.qt.call(method, params or {})

    def page(self, **params: Any) -> list[dict[str, Any]]:
        return parse(self.qt.call("chr.readPage", params)["text"])

    def node(self, name: str, role: str | None = None, **params: Any) -> dict[str, Any] | None:
        for n in self.page(**params):
            if n["name"] == name and (role is None or n["role"] == role):
                return n
        return None

    def ref(self, name: str, role: str | None = None, **params: Any) -> str:
        n = self.node(name, role, **params)
        assert n is not None and n["ref"], f"no {role or 'element'} {name!r} with a ref"
        return str(n["ref"])

    def log(self) -> str:
        value = self.qt.call("qt.properties.get", {"objectId": "conformance", "name": "log"})
        return str(value["value"])

    def start(self) -> None:
        self.mark = len(self.log())

    def fired(self, entry: str) -> bool:
        """Whether the app logged ``entry`` (a prefix of one ``name.signal=value``) since
        :meth:`start`; waits a little: some signals come from a timer or a later frame."""
        try:
            return bool(wait_until(lambda: any(e.startswith(entry) for e in
                                               self.log()[self.mark:].split(";")),
                                   timeout=3, what=entry))
        except AssertionError:
            return False

    def prop(self, obj: str, name: str) -> Any:
        return self.qt.call("qt.properties.get", {"objectId": obj, "name": name})["value"]

    def tabs(self) -> list[dict[str, Any]]:
        return list(self.qt.call("chr.tabsContext")["tabs"])

    def reset(self) -> None:
        self.qt.call("qt.methods.invoke", {"objectId": "conformance", "method": "reset"})
        wait_until(lambda: len(self.tabs()) == 1, timeout=5,
                   what="every popup closed (exit transitions run)")


def _click_row(c: Conf, k: Cells, name: str, role: str, entry: str) -> dict[str, Any]:
    node = c.node(name, role)
    k("read", node is not None and node["ref"])
    c.start()
    out = c.call("chr.click", {"ref": c.ref(name)})
    k("act", True)
    k("signal", c.fired(entry))
    return dict(out)


def _states(c: Conf, name: str, role: str | None = None) -> list[str]:
    n = c.node(name, role)
    return list(n["rest"]) if n else []


@row("Button")
def _button(c: Conf, k: Cells) -> None:
    out = _click_row(c, k, "Press me", "button", "button.clicked")
    k("truth", "modal" not in out and c.log()[c.mark:].count("button.clicked") == 1)


@row("RoundButton")
def _round(c: Conf, k: Cells) -> None:
    out = _click_row(c, k, "+", "button", "round.clicked")
    k("truth", "modal" not in out and c.log()[c.mark:].count("round.clicked") == 1)


@row("DelayButton")
def _delay(c: Conf, k: Cells) -> None:
    _click_row(c, k, "Hold to confirm", "button", "delay.activated")
    k("truth", wait_until(lambda: "checked" in _states(c, "Hold to confirm"), timeout=3,
                           what="the activated DelayButton checked"))


@row("CheckBox")
def _check(c: Conf, k: Cells) -> None:
    _click_row(c, k, "Check me", "checkbox", "check.toggled=true")
    k("truth", "checked" in _states(c, "Check me", "checkbox"))


@row("RadioButton")
def _radio(c: Conf, k: Cells) -> None:
    _click_row(c, k, "Radio B", "radio", "radioB.toggled=true")
    k("truth", "checked" in _states(c, "Radio B") and "checked" not in _states(c, "Radio A"))


@row("Switch")
def _switch(c: Conf, k: Cells) -> None:
    _click_row(c, k, "Wifi", "switch", "switch.toggled=true")
    k("truth", "checked" in _states(c, "Wifi"))


def _input_row(c: Conf, k: Cells, name: str, role: str, value: Any, entry: str,
               shown: str) -> dict[str, Any]:
    node = c.node(name, role)
    k("read", node is not None and node["ref"])
    c.start()
    out = c.call("chr.formInput", {"ref": c.ref(name, role), "value": value})
    k("act", out.get("changed") is True)
    k("signal", c.fired(entry))
    rest = " ".join(_states(c, name, role))
    k("truth", f'value="{shown}"' in rest or f"value={shown}" in rest)
    return dict(out)


@row("Slider")
def _slider(c: Conf, k: Cells) -> None:
    _input_row(c, k, "Volume", "slider", 70, "slider.moved=70", "70")


@row("RangeSlider")
def _range(c: Conf, k: Cells) -> None:
    _input_row(c, k, "Range", "slider", "30-60", "range.first.moved=30", "30 – 60")


@row("Dial")
def _dial(c: Conf, k: Cells) -> None:
    _input_row(c, k, "Balance", "slider", 75, "dial.moved=75", "75")


@row("SpinBox")
def _spin(c: Conf, k: Cells) -> None:
    _input_row(c, k, "Quantity", "spinbutton", 7, "spin.valueModified=7", "7")


@row("ComboBox")
def _combo(c: Conf, k: Cells) -> None:
    _input_row(c, k, "Fruit", "combobox", "Banana", "fruit.activated=Banana", "Banana")


@row("ComboBox (editable)")
def _city(c: Conf, k: Cells) -> None:
    _input_row(c, k, "City", "combobox", "Paris", "city.activated=Paris", "Paris")


@row("TextField")
def _field(c: Conf, k: Cells) -> None:
    out = _input_row(c, k, "File name", "textbox", "notes.txt",
                     "field.editingFinished=notes.txt", "notes.txt")
    # still named by its placeholder once filled: the change report renames nothing
    k("truth", k.ok("truth") and out.get("value") == "notes.txt" and \
        '-> "notes.txt" [' not in out.get("changes", "") and \
        c.node("notes.txt", "textbox") is None)


@row("TextArea")
def _area(c: Conf, k: Cells) -> None:
    _input_row(c, k, "Notes", "textbox", "line one", "area.editingFinished", "line one")


@row("Tumbler")
def _tumbler(c: Conf, k: Cells) -> None:
    _input_row(c, k, "Hour", "spinbutton", 5, "tumbler.currentIndex=5", "5")


@row("ProgressBar", "rt")
def _progress(c: Conf, k: Cells) -> None:
    node = c.node("Download", "progressbar")
    k("read", node is not None)
    k("truth", node is not None and "value=40" in node["rest"])


@row("BusyIndicator", "rt")
def _busy(c: Conf, k: Cells) -> None:
    node = c.node("Loading", "progressbar")
    k("read", node is not None)
    k("truth", node is not None and "busy" in node["rest"])


@row("TabBar/TabButton")
def _tabs(c: Conf, k: Cells) -> None:
    _click_row(c, k, "Advanced", "tab", "tabs.currentIndex=1")
    names = [n["name"] for n in c.page()]
    k("truth", "selected" in _states(c, "Advanced", "tab") and "Advanced page" in names \
        and "General page" not in names)


@row("SwipeView/PageIndicator")
def _swipe(c: Conf, k: Cells) -> None:
    names = [n["name"] for n in c.page()]
    k("read", "Swipe one" in names and "Swipe two" not in names and c.node("Page 2"))
    c.start()
    c.call("chr.click", {"ref": c.ref("Page 2")})
    k("act", True)
    k("signal", c.fired("swipe.currentIndex=1"))
    names = [n["name"] for n in c.page()]
    k("truth", "Swipe two" in names and "Swipe one" not in names)


@row("StackView")
def _stack(c: Conf, k: Cells) -> None:
    _click_row(c, k, "Push details", "button", "stack.depth=2")
    k("truth", wait_until(lambda: c.node("Back from details", "button") and
                           not c.node("Push details"), timeout=3, what="the pushed page"))


@row("Drawer")
def _drawer(c: Conf, k: Cells) -> None:
    c.start()
    out = c.call("chr.click", {"ref": c.ref("Open drawer")})
    assert c.fired("drawer.opened")
    node = wait_until(lambda: c.node("Drawer action", "button"), timeout=3, what="drawer")
    kinds = [t["kind"] for t in c.tabs()]
    k("read", node and node["ref"] and ("popup" in kinds or "dialog" in kinds))
    c.call("chr.click", {"ref": node["ref"]})
    k("act", True)
    k("signal", c.fired("drawerAction.clicked"))
    k("truth", out.get("modal", {}).get("kind") in ("popup", "dialog"))


@row("Menu")
def _menu(c: Conf, k: Cells) -> None:
    out = c.call("chr.click", {"ref": c.ref("Options")})
    bold = c.node("Bold", "menuitem")
    k("read", bold and bold["ref"] and "checked" in _states(c, "Left", "menuitem") and \
        "hasPopup" in _states(c, "More", "menuitem"))
    c.start()
    c.call("chr.click", {"ref": c.ref("Bold", "menuitem")})
    k("act", True)
    k("signal", c.fired("bold.toggled=true"))
    c.call("chr.click", {"ref": c.ref("Options")})
    c.call("chr.key", {"text": "Escape"})
    k("truth", out.get("modal", {}).get("kind") == "menu" and \
        wait_until(lambda: not c.node("Bold", "menuitem"), timeout=3, what="menu closed"))


@row("Menu (keys)")
def _menu_keys(c: Conf, k: Cells) -> None:
    """Keys reach an open Quick menu: Down highlights its first entry, Return triggers it."""
    c.call("chr.click", {"ref": c.ref("File", "menuitem")})
    k("read", wait_until(lambda: c.node("New", "menuitem"), timeout=3, what="File menu"))
    c.start()
    c.call("chr.key", {"text": "Down"})
    c.call("chr.key", {"text": "Return"})
    k("act", True)
    k("signal", c.fired("new.triggered"))
    k("truth", wait_until(lambda: not c.node("New", "menuitem"), timeout=3,
                           what="the menu closed after its entry triggered"))


@row("MenuBar")
def _menubar(c: Conf, k: Cells) -> None:
    file = c.node("File", "menuitem")
    found = c.call("chr.find", {"query": "File"})["matches"][0]
    opened = c.call("chr.click", {"ref": c.ref("File", "menuitem")})
    entry = wait_until(lambda: c.node("Save As...", "menuitem"), timeout=3, what="File menu")
    k("read", file and file["ref"] and "hasPopup" in file["rest"] and entry["ref"] and \
        found["role"] == "menuitem" and found.get("ref") and \
        "hasPopup" in _states(c, "Recent", "menuitem") and \
        opened.get("modal", {}).get("kind") == "menu")
    c.call("chr.key", {"text": "Escape"})  # Escape reaches the open menu and closes it
    closed = wait_until(lambda: not c.node("Save As...", "menuitem"), timeout=3,
                        what="the menu closed by Escape")
    c.start()
    c.call("chr.navigate", {"url": "File > Save As..."})
    c.call("chr.navigate", {"url": "View > Show grid"})
    k("act", True)
    k("signal", c.fired("saveAs.triggered") and c.fired("grid.toggled=false"))
    try:
        c.call("chr.navigate", {"url": "File > Nothing"})
        listed = False
    except RemoteError as exc:
        listed = "File > Recent > notes.txt" in exc.data.get("available", {}).get("menus", [])
    k("truth", closed and listed and not c.node("New", "menuitem"))


@row("ToolBar/ToolButton")
def _toolbar(c: Conf, k: Cells) -> None:
    page = c.page()
    bar = next((n for n in page if n["role"] == "toolbar"), None)
    out = _click_row(c, k, "Tool", "button", "tool.clicked")
    k("read", k.ok("read") and bar is not None)
    k("truth", "modal" not in out)


@row("Dialog (modal)")
def _dialog(c: Conf, k: Cells) -> None:
    press = c.ref("Press me")
    out = c.call("chr.click", {"ref": c.ref("Delete item")})
    tab = next((t for t in c.tabs() if t["title"] == "Confirm delete"), None)
    k("read", tab is not None and tab["kind"] == "dialog" and tab.get("modal") and \
        c.node("OK", "button") and c.node("OK", "button", tabId=tab["tabId"]))
    c.start()
    try:
        c.call("chr.click", {"ref": press})
        blocked = False
    except RemoteError as exc:
        blocked = exc.name == "ELEMENT_BLOCKED"
    c.call("chr.click", {"ref": c.ref("OK", "button")})
    k("act", True)
    k("signal", c.fired("confirm.accepted"))
    k("truth", blocked and "button.clicked" not in c.log()[c.mark:] and \
        out.get("modal", {}).get("title") == "Confirm delete")


@row("Dialog (modeless)")
def _find(c: Conf, k: Cells) -> None:
    c.call("chr.click", {"ref": c.ref("Find...")})
    tab = next((t for t in c.tabs() if t["title"] == "Find"), None)
    k("read", tab is not None and c.node("Search for", "textbox"))
    c.start()
    c.call("chr.formInput", {"ref": c.ref("Search for", "textbox"), "value": "abc"})
    k("act", True)
    k("signal", c.fired("find.editingFinished"))
    c.call("chr.click", {"ref": c.ref("Press me")})  # not blocked: the dialog is modeless
    k("truth", c.fired("button.clicked"))


@row("Popup")
def _popup(c: Conf, k: Cells) -> None:
    press = c.ref("Press me")
    out = c.call("chr.click", {"ref": c.ref("Show popup")})
    k("read", c.node("Inside popup", "button") and \
        any(t["kind"] == "popup" for t in c.tabs()))
    blocked = False
    try:
        c.call("chr.click", {"ref": press})
    except RemoteError as exc:
        blocked = exc.name == "ELEMENT_BLOCKED"
    c.start()
    c.call("chr.key", {"text": "Escape"})
    k("act", True)
    k("signal", c.fired("popup.closed"))
    k("truth", blocked and out.get("modal", {}).get("kind") == "popup")


@row("ToolTip", "rat")
def _tooltip(c: Conf, k: Cells) -> None:
    c.call("chr.hover", {"ref": c.ref("Help", "button")})
    k("act", True)
    shown = wait_until(lambda: c.node("Opens the help") or
                       "Opens the help" in json.dumps(c.qt.call("chr.readPage", {})),
                       timeout=3, what="the tool tip")
    k("read", shown)
    c.call("chr.hover", {"ref": c.ref("Press me")})  # away: the tool tip hides again
    k("truth", shown and wait_until(lambda: not c.node("Opens the help"), timeout=3,
                                     what="the tool tip hidden"))


@row("ScrollView")
def _scroll(c: Conf, k: Cells) -> None:
    node = c.node("Bottom button", "button")
    k("read", node and node["ref"])
    c.call("chr.scrollTo", {"ref": node["ref"]})
    c.start()
    c.call("chr.click", {"ref": node["ref"]})
    k("act", True)
    k("signal", c.fired("bottom.clicked"))
    k("truth", "offscreen" not in _states(c, "Bottom button", "button"))


@row("SplitView", "rt")
def _split(c: Conf, k: Cells) -> None:
    names = [n["name"] for n in c.page()]
    k("read", "Left pane" in names and "Right pane" in names)
    k("truth", any(n["role"] == "separator" and n["ref"] for n in c.page()))


@row("ListView")
def _list(c: Conf, k: Cells) -> None:
    _click_row(c, k, "Beta", "listitem", "list.clicked=Beta")
    k("truth", "selected" in _states(c, "Beta", "listitem"))


@row("TableView")
def _table(c: Conf, k: Cells) -> None:
    node = c.node("b.txt")
    k("read", node and node["ref"])
    c.start()
    c.call("chr.click", {"ref": c.ref("b.txt")})
    k("act", True)
    k("signal", c.fired("table.tapped=b.txt"))
    k("truth", node and node["role"] in ("cell", "gridcell"))


@row("TreeView")
def _tree(c: Conf, k: Cells) -> None:
    _click_row(c, k, "Fruits", "treeitem", "tree.clicked=Fruits")
    k("truth", "collapsed" in _states(c, "Fruits", "treeitem"))


@row("MouseArea")
def _mouse(c: Conf, k: Cells) -> None:
    out = _click_row(c, k, "+ Add item", None, "mouseArea.clicked")  # type: ignore[arg-type]
    k("truth", "modal" not in out and not c.node("addButtonMouseArea"))


@row("TapHandler")
def _tap(c: Conf, k: Cells) -> None:
    out = _click_row(c, k, "Tap here", None, "tap.tapped")  # type: ignore[arg-type]
    k("truth", "modal" not in out)


def _file_row(c: Conf, k: Cells, button: str, title: str, paths: list[str],
              entry: str) -> None:
    out = c.call("chr.click", {"ref": c.ref(button)})
    tab = next((t for t in c.tabs() if t["title"] == title), None)
    k("read", tab is not None and tab["kind"] == "dialog" and \
        out.get("modal", {}).get("fileChooser") is True)
    c.start()
    answer = c.call("chr.fileChooser", {"paths": paths})
    k("act", True)
    k("signal", c.fired(entry))
    k("truth", answer.get("paths") == paths)


@row("FileDialog (open)")
def _open(c: Conf, k: Cells) -> None:
    path = os.path.join(c.folder, "a.txt")
    c.call("chr.click", {"ref": c.ref("Open file...")})
    page = c.page()
    # files and places named; under Fusion, Imagine, Material and Universal a place's Button
    # has no text of its own (its contentItem shows the folder's name): seven unnamed
    # ``button [ref]`` were all an agent saw (issue #36)
    unnamed = [n for n in page if n["role"] == "button" and n["ref"] and not n["name"]]
    named = any(n["name"] == "a.txt" and n["role"] == "listitem" for n in page) and \
        any(n["name"] == "Home" and n["role"] == "button" for n in page) and not unnamed
    c.reset()
    _file_row(c, k, "Open file...", "Open notes", [path], f"open.accepted=file://{path}")
    k("read", k.ok("read") and named, f"unnamed buttons: {unnamed}" if unnamed else "")


@row("FileDialog (several)")
def _many(c: Conf, k: Cells) -> None:
    """Qt Quick's own FileDialog selects one file even in OpenFiles mode: two paths get a
    FORM_INPUT_INVALID that says so (never a success that drops one), one path works."""
    paths = [os.path.join(c.folder, n) for n in ("a.txt", "b.txt")]
    c.call("chr.click", {"ref": c.ref("Open files...")})
    try:
        c.call("chr.fileChooser", {"paths": paths})
        refused = False
    except RemoteError as exc:
        refused = exc.name == "FORM_INPUT_INVALID" and "one file" in str(exc)
    c.reset()
    _file_row(c, k, "Open files...", "Open several", paths[:1], "openMany.accepted=1")
    k("truth", k.ok("truth") and refused)


@row("FileDialog (save)")
def _save(c: Conf, k: Cells) -> None:
    path = os.path.join(c.folder, "new.txt")
    _file_row(c, k, "Save file...", "Save notes", [path], f"save.accepted=file://{path}")


@row("FolderDialog")
def _folder(c: Conf, k: Cells) -> None:
    path = os.path.join(c.folder, "sub")
    _file_row(c, k, "Choose folder...", "Pick a folder", [path],
              f"folder.accepted=file://{path}")


def _ok_row(c: Conf, k: Cells, button: str, title: str, ok: str, entry: str) -> None:
    out = c.call("chr.click", {"ref": c.ref(button)})
    tab = next((t for t in c.tabs() if t["title"] == title), None)
    k("read", tab is not None and tab["kind"] == "dialog" and c.node(ok, "button"))
    c.start()
    c.call("chr.click", {"ref": c.ref(ok, "button")})
    k("act", True)
    k("signal", c.fired(entry))
    k("truth", out.get("modal", {}).get("title") == title)


@row("ColorDialog")
def _color(c: Conf, k: Cells) -> None:
    _ok_row(c, k, "Choose color...", "Pick a color", "OK", "color.accepted")


@row("FontDialog")
def _font(c: Conf, k: Cells) -> None:
    _ok_row(c, k, "Choose font...", "Pick a font", "OK", "font.accepted")


@row("MessageDialog")
def _message(c: Conf, k: Cells) -> None:
    _ok_row(c, k, "Close document", "Unsaved changes", "Save", "message.buttonClicked")
    k("truth", k.ok("truth") and c.node("Save before closing?") is None)  # it closed


@row("Menu (checkable entries)")
def _menu_checkable(c: Conf, k: Cells) -> None:
    """A checkable entry that is not checked says ``unchecked`` (nothing else tells it is a
    toggle); checked, ``checked``; a plain entry neither."""
    c.call("chr.click", {"ref": c.ref("Options")})
    right, left = _states(c, "Right", "menuitem"), _states(c, "Left", "menuitem")
    plain = _states(c, "Deep entry", "menuitem") + _states(c, "More", "menuitem")
    k("read", "unchecked" in right and "checked" in left and "unchecked" not in left
      and not {"checked", "unchecked"} & set(plain), f"Right {right}, Left {left}")
    c.start()
    c.call("chr.click", {"ref": c.ref("Right", "menuitem")})
    k("act", True)
    k("signal", c.fired("right.triggered"))
    wait_until(lambda: len(c.tabs()) == 1, timeout=3, what="the menu closed (its exit "
               "transition run: Material's takes a while)")
    c.call("chr.click", {"ref": c.ref("Options")})
    k("truth", "checked" in _states(c, "Right", "menuitem")
      and "unchecked" in _states(c, "Left", "menuitem"),
      f"Right {_states(c, 'Right', 'menuitem')}, Left {_states(c, 'Left', 'menuitem')}")


@row("Menu (Escape after a dialog)", "rat")
def _menu_escape_after_dialog(c: Conf, k: Cells) -> None:
    """After a file dialog came and went (cancelled), Escape still closes a menu."""
    c.call("chr.click", {"ref": c.ref("Open file...")})
    cancel = wait_until(lambda: c.node("Cancel", "button"), timeout=3, what="the dialog")
    c.call("chr.click", {"ref": cancel["ref"]})
    wait_until(lambda: len(c.tabs()) == 1, timeout=3, what="the dialog closed")
    out = c.call("chr.click", {"ref": c.ref("Options")})
    k("read", out.get("modal", {}).get("kind") == "menu" and c.node("Bold", "menuitem"),
      out.get("modal"))
    c.call("chr.key", {"text": "Escape"})
    k("act", True)
    k("truth", wait_until(lambda: not c.node("Bold", "menuitem"), timeout=3,
                          what="the menu closed by Escape"))


@pytest.fixture(scope="module")
def app(request: pytest.FixtureRequest) -> Iterator[RealApp]:
    """The app with its files, shared by every style; the matrices printed when it ends."""
    folder = tempfile.mkdtemp(prefix="qtmcp-quick-conf-")
    for name in ("a.txt", "b.txt"):
        Path(folder, name).write_text(name, encoding="utf-8")
    os.mkdir(os.path.join(folder, "sub"))
    try:
        yield from start(str(HERE / "quick_app.py"), folder)
    finally:
        text = SUITE.render()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / "quick_conformance.txt").write_text(text + "\n", encoding="utf-8")
        reporter = request.config.pluginmanager.get_plugin("terminalreporter")
        capture = request.config.pluginmanager.get_plugin("capturemanager")
        if reporter is not None and capture is not None:
            with capture.global_and_fixture_disabled():  # printed, not captured
                reporter.write_line(text)


@pytest.fixture(scope="module")
def confs() -> dict[str, Conf]:
    """The style the app's window is loaded in now, and its driver."""
    return {}


def _conf(app: RealApp, confs: dict[str, Conf], style: str) -> Conf:
    """The driver of ``style``, the app's window loaded in it the first time."""
    if style not in confs:
        confs.clear()
        qt = configure(app, style, "style", f"the window in the {style} style")
        folder = qt.call("qt.properties.get", {"objectId": "harness",
                                               "name": "folder"})["value"]
        confs[style] = Conf(qt, folder)
    return confs[style]


@pytest.mark.parametrize(("config", "control"), SUITE.cases(),
                         ids=[f"{c}-{r}" for c, r in SUITE.cases()])
def test_row(config: str, control: str, app: RealApp, confs: dict[str, Conf]) -> None:
    try:
        conf = _conf(app, confs, config)
    except (RemoteError, AssertionError) as exc:  # the app cannot be put in it at all
        SUITE.fail(config, control, f"{type(exc).__name__}: {exc}")
        raise
    try:
        cells = SUITE.run(config, control, conf)
    finally:
        conf.reset()  # every popup and dialog closed, the stack at its root
    failed = cells.failed()
    assert not failed, f"{config} / {control}: " + "; ".join(
        f"{c}: {detail}" for c, detail in failed.items())
