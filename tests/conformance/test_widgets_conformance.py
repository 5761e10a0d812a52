"""The Qt Widgets conformance matrix: every standard control × read, act, signals, truth.

One app (``widgets_app.py``) holds every standard control; for each, a scenario drives it
through the probe over a real WebSocket as an agent would and fills its row:

* **read**: readPage shows it with the role, name (as a browser computes it), value and
  states a user sees;
* **act**: the action (click, double-click, formInput, type, key, scroll, select, expand,
  toggle) leaves the app holding what a user's input would;
* **signals**: the app's own signals fired as for a user (its signal log says so:
  ``editingFinished`` once, ``activated``, ``linkActivated``, ``accepted`` …);
* **truth**: what the answer says equals what the app holds afterwards.

Each cell is a test of its own (``test_cell[control-check]``); the module prints the
matrix with its totals when it ends. A cell that does not apply to a control is not a test.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp, start_demo, wait_until
from tests.support.chrome import parse

CHECKS = ("read", "act", "signals", "truth")


@dataclass
class Row:
    """One control's cells: check -> (passed, what was seen)."""

    cells: dict[str, tuple[bool, str]] = field(default_factory=dict)

    def __call__(self, check: str, ok: Any, detail: Any = "") -> bool:
        if check in self.cells and not self.cells[check][0]:
            return False  # the first failure of a cell stands
        self.cells[check] = (bool(ok), str(detail)[:1500])
        return bool(ok)


@dataclass
class Scenario:
    control: str
    tab: str | None
    checks: str
    run: Callable[[Drive, Row], None]


SCENARIOS: dict[str, Scenario] = {}


def scenario(control: str, tab: str | None, checks: str = "rast") -> Callable[..., Any]:
    """Declare a control's scenario and the checks it fills (r, a, s, t)."""
    names = tuple(c for c in CHECKS if c[0] in checks)

    def deco(fn: Callable[[Drive, Row], None]) -> Callable[[Drive, Row], None]:
        SCENARIOS[control] = Scenario(control, tab, "".join(n[0] for n in names), fn)
        return fn
    return deco


class Drive:
    """What scenarios share: the client, the app's signal log, its properties."""

    def __init__(self, qt: Client) -> None:
        self.qt = qt

    def call(self, _method: str, **params: Any) -> Any:
        return self.qt.call(_method, params)

    def page(self, tab: str | None = None, **params: Any) -> str:
        if tab is not None:
            self.call("chr.navigate", url=tab)
        return self.call("chr.readPage", **params)["text"]

    def node(self, text: str, name: str, role: str | None = None) -> dict[str, Any]:
        for n in parse(text):
            if n["name"] == name and (role is None or n["role"] == role):
                return n
        return {}

    def ref(self, text: str, name: str, role: str | None = None) -> str:
        n = self.node(text, name, role)
        assert n.get("ref"), f"no {role or 'element'} {name!r} with a ref in:\n{text}"
        return n["ref"]

    def log(self) -> list[str]:
        return json.loads(self.prop("conformance", "signalLog"))

    def mark(self) -> int:
        return len(self.log())

    def since(self, mark: int) -> list[str]:
        return self.log()[mark:]

    def prop(self, obj: str, name: str) -> Any:
        return self.call("qt.properties.get", objectId=obj, name=name)["value"]

    def error(self, _method: str, **params: Any) -> RemoteError | None:
        try:
            self.call(_method, **params)
        except RemoteError as exc:
            return exc
        return None


def line(text: str, name: str, role: str) -> str:
    """The outline line of an element (its states and value)."""
    for raw in text.splitlines():
        n = parse(raw)[0]
        if n["name"] == name and n["role"] == role:
            return raw.strip()
    return ""


# ------------------------------------------------------------------------------ text


@scenario("line edit", "Text")
def _line_edit(d: Drive, row: Row) -> None:
    page = d.page("Text")
    row("read", line(page, "Name", "textbox"), page)
    m = d.mark()
    out = d.call("chr.formInput", ref=d.ref(page, "Name", "textbox"), value="Ada")
    row("act", d.prop("nameEdit", "text") == "Ada", d.prop("nameEdit", "text"))
    got = d.since(m)
    row("signals", "nameEdit.textEdited Ada" in got and got.count("nameEdit.editingFinished")
        == 1, got)
    row("truth", out["value"] == "Ada" and out["changed"], out)


@scenario("password line edit", "Text")
def _password(d: Drive, row: Row) -> None:
    page = d.page("Text")
    row("read", "password" in line(page, "Password", "textbox"), page)
    m = d.mark()
    out = d.call("chr.formInput", ref=d.ref(page, "Password", "textbox"), value="s3cret")
    row("act", d.prop("passwordEdit", "text") == "s3cret")
    row("signals", d.since(m).count("passwordEdit.editingFinished") == 1, d.since(m))
    row("truth", "s3cret" not in json.dumps(out) and out["changed"], out)


@scenario("line edit with validator", "Text")
def _validator(d: Drive, row: Row) -> None:
    page = d.page("Text")
    ref = d.ref(page, "Quantity", "textbox")
    row("read", ref)
    m = d.mark()
    d.call("chr.formInput", ref=ref, value="42")
    err = d.error("chr.formInput", ref=ref, value="4x2")
    row("act", d.prop("quantityEdit", "text") == "42", d.prop("quantityEdit", "text"))
    row("signals", d.since(m).count("quantityEdit.editingFinished") == 1, d.since(m))
    row("truth", err is not None and err.name == "FORM_INPUT_INVALID", err)
    keyed = d.error("chr.key", ref=ref, text="x")  # the validator takes no letter
    row("truth", keyed is not None and keyed.name == "TEXT_NOT_TAKEN" and
        keyed.data["actual"] == "42", keyed)
    d.call("chr.key", ref=ref, text="End")
    typed = d.error("chr.type", ref=ref, text="7y")
    row("truth", typed is not None and typed.name == "TEXT_NOT_TAKEN" and
        typed.data["actual"] == "427", typed)


@scenario("line edit with completer", "Text")
def _completer(d: Drive, row: Row) -> None:
    page = d.page("Text")
    ref = d.ref(page, "City", "textbox")
    row("read", ref)
    m = d.mark()
    out = d.call("chr.type", ref=ref, text="Bos")
    d.call("chr.key", text="Down")
    d.call("chr.key", text="Return")
    row("act", d.prop("cityEdit", "text") == "Boston", d.prop("cityEdit", "text"))
    row("signals", "cityEdit.returnPressed" in d.since(m), d.since(m))
    row("truth", out.get("typed") == 3, out)


@scenario("text edit", "Text")
def _text_edit(d: Drive, row: Row) -> None:
    page = d.page("Text")
    row("read", "multiline" in line(page, "Notes", "textbox"), page)
    m = d.mark()
    out = d.call("chr.formInput", ref=d.ref(page, "Notes", "textbox"), value="two\nlines")
    row("act", d.prop("notesEdit", "plainText") == "two\nlines")
    row("signals", "notesEdit.textChanged" in d.since(m), d.since(m))
    row("truth", out["value"] == "two\nlines" and out["changed"], out)


@scenario("plain text edit", "Text")
def _plain_edit(d: Drive, row: Row) -> None:
    page = d.page("Text")
    ref = d.ref(page, "Journal", "textbox")
    row("read", ref)
    m = d.mark()
    out = d.call("chr.type", ref=ref, text="typed")
    row("act", d.prop("plainEdit", "plainText") == "typed", d.prop("plainEdit", "plainText"))
    row("signals", d.since(m).count("plainEdit.textChanged") == 5, d.since(m))
    row("truth", out["typed"] == 5 and "typed" in out["changes"], out)


@scenario("text browser", "Text")
def _browser(d: Drive, row: Row) -> None:
    page = d.page("Text")
    link = d.node(page, "introduction", "link")
    row("read", "See the introduction first." in page and link.get("ref"), page)
    m = d.mark()
    out = d.call("chr.click", ref=link["ref"])
    got = d.since(m)
    row("act", got, got)
    row("signals", got == ["helpBrowser.anchorClicked #intro"], got)
    row("truth", out["name"] == "introduction", out)


@scenario("label with links", "Text")
def _links(d: Drive, row: Row) -> None:
    page = d.page("Text")
    faq = d.node(page, "FAQ", "link")
    row("read", faq.get("ref") and d.node(page, "docs", "link").get("ref"), page)
    m = d.mark()
    out = d.call("chr.click", ref=faq["ref"])
    got = d.since(m)
    row("act", got, got)
    row("signals", got == ["linkLabel.linkActivated https://example.org/faq"], got)
    row("truth", out["name"] == "FAQ", out)


@scenario("composite field (line edit + button)", "Text")
def _composite(d: Drive, row: Row) -> None:
    page = d.page("Text")
    row("read", d.node(page, "File", "textbox").get("ref"), page)
    m = d.mark()
    d.call("chr.formInput", ref=d.ref(page, "File", "textbox"), value="/tmp/x.txt")
    d.call("chr.click", ref=d.ref(page, "Browse…", "button"))
    row("act", d.prop("fileEdit", "text") == "/tmp/x.txt")
    row("signals", "browseButton.clicked" in d.since(m), d.since(m))
    row("truth", "Browse" in line(d.page(), "Browse…", "button"))


@scenario("key sequence edit", "Text")
def _keyseq(d: Drive, row: Row) -> None:
    page = d.page("Text")
    ref = d.node(page, "Shortcut", "textbox").get("ref")
    row("read", ref, page)
    m = d.mark()
    out = d.call("chr.key", ref=ref or d.ref(page, "Press shortcut"), text="ctrl+k")
    seq = d.prop("shortcutEdit", "keySequence")
    row("act", "Ctrl+K" in json.dumps(seq), seq)
    # a key sequence edit finishes 1 s after the last key is released, as for a user
    done = wait_until(lambda: "shortcutEdit.keySequenceChanged Ctrl+K" in d.since(m),
                      timeout=5, what="keySequenceChanged")
    row("signals", done, d.since(m))
    row("truth", out["keys"] == 1, out)


# ---------------------------------------------------------------------------- choices


@scenario("push button", "Choices")
def _push(d: Drive, row: Row) -> None:
    page = d.page("Choices")
    ref = d.ref(page, "Save", "button")
    row("read", ref)
    m = d.mark()
    out = d.call("chr.click", ref=ref)
    row("act", d.since(m) == ["saveButton.clicked"], d.since(m))
    row("signals", d.since(m) == ["saveButton.clicked"], d.since(m))
    row("truth", out["via"] == "click", out)


@scenario("tool button with menu", "Choices")
def _tool(d: Drive, row: Row) -> None:
    page = d.page("Choices")
    row("read", "hasPopup" in line(page, "Actions", "button"), page)
    m = d.mark()
    out = d.call("chr.click", ref=d.ref(page, "Actions", "button"))
    menu = d.page()
    row("act", d.node(menu, "Copy", "menuitem").get("ref"), menu)
    d.call("chr.click", ref=d.ref(menu, "Copy", "menuitem"))
    row("signals", "actionsMenu.triggered Copy" in d.since(m), d.since(m))
    row("truth", out.get("modal", {}).get("kind") == "menu", out)


@scenario("command link button", "Choices")
def _command_link(d: Drive, row: Row) -> None:
    page = d.page("Choices")
    ref = d.ref(page, "Continue", "button")
    row("read", ref)
    m = d.mark()
    d.call("chr.click", ref=ref)
    row("act", "continueLink.clicked" in d.since(m), d.since(m))
    row("signals", d.since(m) == ["continueLink.clicked"], d.since(m))
    row("truth", True)


@scenario("check box", "Choices")
def _check(d: Drive, row: Row) -> None:
    page = d.page("Choices")
    ref = d.ref(page, "Subscribe", "checkbox")
    row("read", "checked" not in line(page, "Subscribe", "checkbox"))
    m = d.mark()
    out = d.call("chr.formInput", ref=ref, value=True)
    row("act", d.prop("subscribeCheck", "checked") is True)
    row("signals", d.since(m) == ["subscribeCheck.toggled True"], d.since(m))
    row("truth", out["checked"] is True and "checked" in line(d.page(), "Subscribe",
                                                                "checkbox"), out)


@scenario("tri-state check box", "Choices")
def _tristate(d: Drive, row: Row) -> None:
    page = d.page("Choices")
    ref = d.ref(page, "Partial", "checkbox")
    row("read", ref)
    m = d.mark()
    out = d.call("chr.formInput", ref=ref, value="mixed")
    row("act", "mixed" in line(d.page(), "Partial", "checkbox"))
    row("signals", d.since(m) == ["partialCheck.stateChanged 1"], d.since(m))
    row("truth", out["checked"] == "mixed" and "mixed" in line(d.page(), "Partial",
                                                                 "checkbox"), out)


@scenario("radio group", "Choices")
def _radio(d: Drive, row: Row) -> None:
    page = d.page("Choices")
    row("read", "checked" in line(page, "Small", "radio") and d.node(page, "Size", "group"))
    m = d.mark()
    out = d.call("chr.formInput", ref=d.ref(page, "Medium", "radio"), value=True)
    row("act", d.prop("sizeMedium", "checked") and not d.prop("sizeSmall", "checked"))
    got = d.since(m)
    row("signals", "sizeMedium.toggled True" in got and "sizeGroup.idClicked 1" in got, got)
    row("truth", out["checked"] is True, out)


@scenario("combo box", "Choices")
def _combo(d: Drive, row: Row) -> None:
    page = d.page("Choices")
    row("read", 'value="Red"' in line(page, "Colour", "combobox"), page)
    m = d.mark()
    out = d.call("chr.formInput", ref=d.ref(page, "Colour", "combobox"), value="blue")
    row("act", d.prop("colourCombo", "currentText") == "Blue")
    row("signals", "colourCombo.activated 2" in d.since(m), d.since(m))
    row("truth", out["value"] == "Blue", out)


@scenario("editable combo box", "Choices")
def _editable(d: Drive, row: Row) -> None:
    page = d.page("Choices")
    ref = d.ref(page, "Tag", "combobox")
    row("read", 'value="urgent"' in line(page, "Tag", "combobox"))
    m = d.mark()
    out = d.call("chr.formInput", ref=ref, value="someday")
    row("act", d.prop("tagCombo", "currentText") == "someday", d.prop("tagCombo",
                                                                        "currentText"))
    row("signals", "tagCombo.editTextChanged someday" in d.since(m), d.since(m))
    row("truth", out["value"] == "someday", out)


@scenario("font combo box", "Choices")
def _font_combo(d: Drive, row: Row) -> None:
    page = d.page("Choices")
    ref = d.ref(page, "Font", "combobox")
    row("read", "value=" in line(page, "Font", "combobox"))
    options = ["DejaVu Sans Mono", "DejaVu Serif"]
    current = d.prop("fontCombo", "currentText")
    other = next((o for o in options if o != current), None)
    m = d.mark()
    out = d.call("chr.formInput", ref=ref, value=other) if other else {}
    row("act", other and d.prop("fontCombo", "currentText") == other, (other, options[:5]))
    row("signals", any(e.startswith("fontCombo.currentFontChanged") for e in d.since(m)))
    row("truth", out.get("value") == other)


@scenario("unlabelled combo box (tool tip)", "Choices")
def _zoom(d: Drive, row: Row) -> None:
    page = d.page("Choices")
    row("read", 'value="5"' in line(page, "Zoom level", "combobox"), page)
    m = d.mark()
    ref = d.node(page, "Zoom level", "combobox").get("ref") or d.ref(page, "5", "combobox")
    out = d.call("chr.formInput", ref=ref, value="25")
    row("act", d.prop("zoomCombo", "currentText") == "25")
    row("signals", "zoomCombo.activated 2" in d.since(m), d.since(m))
    row("truth", out["value"] == "25", out)


@scenario("dialog button box", "Choices")
def _button_box(d: Drive, row: Row) -> None:
    page = d.page("Choices")
    ref = d.ref(page, "OK", "button")
    row("read", ref)
    m = d.mark()
    d.call("chr.click", ref=ref)
    row("act", d.since(m) == ["buttonBox.accepted"], d.since(m))
    row("signals", d.since(m) == ["buttonBox.accepted"], d.since(m))
    row("truth", True)


# ---------------------------------------------------------------------------- numbers


def _spin(d: Drive, row: Row, name: str, obj: str, value: Any, prop: str, want: Any,
          shown: str) -> None:
    page = d.page("Numbers")
    ref = d.ref(page, name, "spinbutton")
    row("read", "value=" in line(page, name, "spinbutton"), page)
    m = d.mark()
    try:
        out = d.call("chr.formInput", ref=ref, value=value)
    except RemoteError as exc:
        row("act", False, exc)
        row("truth", False, exc)
        return
    held = d.prop(obj, prop)
    row("act", held == want, held)
    got = d.since(m)
    row("signals", got.count(f"{obj}.editingFinished") == 1, got)
    row("truth", out["value"] == shown and f'value={shown}' in line(d.page(), name,
                                                                    "spinbutton"), out)


@scenario("spin box", "Numbers")
def _spinbox(d: Drive, row: Row) -> None:
    _spin(d, row, "Count", "countSpin", 12, "value", 12, "12")


@scenario("double spin box", "Numbers")
def _double(d: Drive, row: Row) -> None:
    _spin(d, row, "Price", "priceSpin", 12.5, "value", 12.5, "12.50")


@scenario("date edit (ISO 8601)", "Numbers")
def _date(d: Drive, row: Row) -> None:
    _spin(d, row, "Birthday", "dateEdit", "2024-02-29", "date", "2024-02-29", "29.02.2024")


@scenario("date edit (display format)", "Numbers")
def _date_shown(d: Drive, row: Row) -> None:
    _spin(d, row, "Birthday", "dateEdit", "01.03.2024", "date", "2024-03-01", "01.03.2024")


@scenario("time edit", "Numbers")
def _time(d: Drive, row: Row) -> None:
    _spin(d, row, "Alarm", "timeEdit", "13:45", "time", "13:45:00.000", "13:45")


@scenario("date-time edit", "Numbers")
def _datetime(d: Drive, row: Row) -> None:
    _spin(d, row, "Meeting", "meetingEdit", "2024-02-29T13:45", "dateTime",
          "2024-02-29T13:45:00.000", "2024-02-29 13:45")


@scenario("custom QAbstractSpinBox", "Numbers")
def _custom_spin(d: Drive, row: Row) -> None:
    _spin(d, row, "Level", "levelSpin", "high", "text", "high", "high")


@scenario("spin box the app caps (read back)", "Numbers", "rat")
def _capped(d: Drive, row: Row) -> None:
    page = d.page("Numbers")
    ref = d.ref(page, "Limit", "spinbutton")
    row("read", ref)
    err = d.error("chr.formInput", ref=ref, value=80)
    row("act", d.prop("limitSpin", "value") == 50, d.prop("limitSpin", "value"))
    row("truth", err is not None and err.name == "FORM_INPUT_NOT_TAKEN" and
        (err.data["expected"], err.data["actual"]) == (80, 50), err)


@scenario("date edit: typing is read back", "Numbers", "rat")
def _date_typed(d: Drive, row: Row) -> None:
    page = d.page("Numbers")
    ref = d.ref(page, "Birthday", "spinbutton")
    row("read", ref)
    d.call("chr.formInput", ref=ref, value="2023-01-15")
    d.call("chr.key", ref=ref, text="ctrl+a")
    err = d.error("chr.type", ref=ref, text="29.02.2024")
    held = d.prop("dateEdit", "date")  # a date edit types section by section
    row("act", held.count("-") == 2, held)
    shown = ".".join(reversed(held.split("-")))
    if held == "2024-02-29":  # typed as asked: the answer needs no correction
        row("truth", err is None, err)
    else:  # the field took another date: the answer says which, never success
        row("truth", err is not None and err.name == "TEXT_NOT_TAKEN" and
            err.data["actual"] == shown, err)


@scenario("slider", "Numbers")
def _slider(d: Drive, row: Row) -> None:
    page = d.page("Numbers")
    row("read", "value=0" in line(page, "Volume", "slider"))
    m = d.mark()
    out = d.call("chr.formInput", ref=d.ref(page, "Volume", "slider"), value=80)
    row("act", d.prop("volumeSlider", "value") == 80)
    row("signals", d.since(m) == ["volumeSlider.valueChanged 80"], d.since(m))
    row("truth", out["value"] == "80", out)


@scenario("scaled slider with read-out", "Numbers")
def _scaled(d: Drive, row: Row) -> None:
    page = d.page("Numbers")
    row("read", 'value=43.50' in line(page, "Gain", "slider"), page)
    ref = d.node(page, "Gain", "slider").get("ref") or d.ref(page, "", "slider")
    m = d.mark()
    try:
        out = d.call("chr.formInput", ref=ref, value=12.5)
    except RemoteError as exc:
        row("act", False, exc)
        row("truth", False, exc)
        return
    row("act", d.prop("gainSlider", "value") == 1250, d.prop("gainSlider", "value"))
    row("signals", d.since(m) == ["gainSlider.valueChanged 1250"], d.since(m))
    row("truth", out["value"] == "12.50", out)


@scenario("dial", "Numbers")
def _dial(d: Drive, row: Row) -> None:
    page = d.page("Numbers")
    ref = d.ref(page, "Balance", "slider")
    row("read", ref)
    m = d.mark()
    out = d.call("chr.formInput", ref=ref, value=30)
    row("act", d.prop("balanceDial", "value") == 30)
    row("signals", d.since(m) == ["balanceDial.valueChanged 30"], d.since(m))
    row("truth", out["value"] == "30", out)


@scenario("scroll bar", "Numbers")
def _scroll_bar(d: Drive, row: Row) -> None:
    page = d.page("Numbers")
    node = d.node(page, "Offset")
    row("read", node.get("ref"), page)
    m = d.mark()
    if node.get("ref"):
        d.call("chr.scroll", ref=node["ref"], scroll_direction="down", scroll_amount=2)
    row("act", d.prop("offsetBar", "value") > 0, d.prop("offsetBar", "value"))
    row("signals", any(e.startswith("offsetBar.valueChanged") for e in d.since(m)))
    row("truth", node.get("ref") and str(d.prop("offsetBar", "value")) in
        line(d.page(), "Offset", node["role"]))


@scenario("progress bar", "Numbers", "r")
def _progress(d: Drive, row: Row) -> None:
    page = d.page("Numbers")
    row("read", "value=40" in line(page, "Progress", "progressbar"), page)


@scenario("LCD number", "Numbers", "r")
def _lcd(d: Drive, row: Row) -> None:
    page = d.page("Numbers")
    row("read", d.node(page, "42"), page)


@scenario("calendar", "Numbers")
def _calendar(d: Drive, row: Row) -> None:
    page = d.page("Numbers")
    day = next((n for n in parse(page) if n["name"] == "15" and n["role"] == "cell"
                and n["ref"]), None)
    row("read", d.node(page, "Calendar", "table") and day, page)
    m = d.mark()
    out = d.call("chr.click", ref=day["ref"]) if day else {}
    row("act", any("2024-03-15" in e for e in d.since(m)), d.since(m))
    row("signals", "calendar.clicked 2024-03-15" in d.since(m), d.since(m))
    row("truth", out.get("name") == "15", out)


# ------------------------------------------------------------------------------ views


@scenario("list widget", "Views")
def _list(d: Drive, row: Row) -> None:
    page = d.page("Views")
    cherry = d.ref(page, "Cherry", "listitem")
    row("read", d.node(page, "Fruits", "list") and cherry, page)
    m = d.mark()
    d.call("chr.click", ref=d.ref(page, "Banana", "listitem"))
    row("act", "selected" in line(d.page(), "Banana", "listitem"))
    d.call("chr.click", ref=cherry, clickCount=2)
    got = d.since(m)
    row("signals", "fruitList.currentTextChanged Banana" in got and
        "fruitList.itemDoubleClicked Cherry" in got, got)
    d.call("chr.key", text="Escape")
    row("truth", "Cherry" in d.page(), "")


@scenario("tree widget", "Views")
def _tree(d: Drive, row: Row) -> None:
    page = d.page("Views")
    src = d.ref(page, "src", "treeitem")
    row("read", "collapsed" in line(page, "src", "treeitem") and
        'value="3 KB"' in line(page, "README", "treeitem"), page)
    m = d.mark()
    d.call("chr.click", ref=src)
    out = d.call("chr.key", ref=src, text="Right")
    after = d.page()
    row("act", d.node(after, "main.py", "treeitem"), after)
    row("signals", "fileTree.itemExpanded src" in d.since(m), d.since(m))
    row("truth", "main.py" in out["changes"], out)


@scenario("table widget: double-click edits a cell", "Views")
def _table_dclick(d: Drive, row: Row) -> None:
    page = d.page("Views")
    ref = d.ref(page, "Research", "cell")
    row("read", d.node(page, "People", "table") and ref, page)
    d.call("chr.click", ref=ref, clickCount=2)
    editing = d.page()
    opened = any(n["role"] == "textbox" and n["depth"] > 2 for n in parse(editing))
    row("act", opened, editing)
    m = d.mark()
    d.call("chr.type", text="Physics")
    d.call("chr.key", text="Return")
    row("signals", "peopleTable.itemChanged Physics" in d.since(m), d.since(m))
    row("truth", d.node(d.page(), "Physics", "cell"))


@scenario("table widget: typing goes to the editor it opens", "Views")
def _table_type(d: Drive, row: Row) -> None:
    page = d.page("Views")
    ref = d.ref(page, "Navy", "cell")
    row("read", ref)
    d.call("chr.click", ref=ref)
    m = d.mark()
    out = d.call("chr.type", text="Marketing")
    d.call("chr.key", text="Return")
    got = d.since(m)
    row("act", d.node(d.page(), "Marketing", "cell"), d.page())
    row("signals", "peopleTable.itemChanged Marketing" in got, got)
    row("truth", out["typed"] == 9, out)


@scenario("table widget: widgets in cells", "Views")
def _cell_widgets(d: Drive, row: Row) -> None:
    page = d.page("Views")
    nodes = parse(page)
    ada = next((i for i, n in enumerate(nodes) if n["name"] == "Ada"), None)
    box = nodes[ada + 2] if ada is not None and ada + 2 < len(nodes) else {}
    row("read", box.get("role") == "cell" and ada is not None and
        nodes[ada + 3]["role"] == "checkbox" and nodes[ada + 3]["depth"] > box["depth"],
        page)
    ref = next((n["ref"] for n in nodes[ada or 0:] if n["role"] == "checkbox"), None)
    m = d.mark()
    out = d.call("chr.formInput", ref=ref, value=True) if ref else {}
    row("act", d.prop("activeAda", "checked") is True)
    row("signals", d.since(m) == ["activeAda.toggled True"], d.since(m))
    row("truth", out.get("checked") is True, out)


@scenario("sort/filter proxy: refs never rebind", "Views")
def _proxy(d: Drive, row: Row) -> None:
    page = d.page("Views")
    screw = d.ref(page, "Screw", "cell")
    washer = d.ref(page, "Washer", "cell")
    d.call("qt.methods.invoke", objectId="catalogView", method="sortByColumn", args=[0, 1])
    after = d.page()
    named = {n["ref"]: n["name"] for n in parse(after) if n["ref"]}
    row("read", named.get(screw) == "Screw" and named.get(washer) == "Washer", after)
    m = d.mark()
    moved = d.call("chr.click", ref=washer)
    row("act", d.since(m) == ["catalogView.clicked Washer"], d.since(m))
    d.call("chr.formInput", ref=d.ref(page, "Filter", "textbox"), value="bo")
    filtered = d.page()
    m = d.mark()
    err = d.error("chr.click", ref=screw)
    row("truth", screw not in filtered, filtered)
    row("signals", d.since(m) == [], d.since(m))
    row("truth", err is not None and err.name == "REF_NOT_FOUND" and moved["name"] ==
        "Washer", (err, moved))
    d.call("chr.formInput", ref=d.ref(page, "Filter", "textbox"), value="")


@scenario("header view: click a column to sort", "Views")
def _header(d: Drive, row: Row) -> None:
    page = d.page("Views")
    part = d.node(page, "Part", "columnheader")
    before = next((s for s in ("ascending", "descending") if s in part.get("rest", [])), "")
    row("read", part.get("ref") and before, page)
    m = d.mark()
    out = d.call("chr.click", ref=part["ref"])
    after = d.page()
    now = d.node(after, "Part", "columnheader").get("rest", [])
    cells = [n["name"] for n in parse(after) if n["role"] == "cell"]
    first = "Bolt" if "ascending" in now else "Washer"
    row("act", before not in now and first in cells and "Nut" in cells and
        cells.index(first) < cells.index("Nut"), (now, cells))
    row("signals", d.since(m) == ["catalogHeader.sectionClicked 0"], d.since(m))
    row("truth", out["name"] == "Part", out)


@scenario("click by coordinate", "Choices")
def _by_point(d: Drive, row: Row) -> None:
    d.call("chr.navigate", url="Choices")
    tree = d.call("chr.readPage", format="json")["tree"]
    save = next(n for n in _flat(tree) if n.get("name") == "Save")
    x, y, w, h = save["bounds"]
    row("read", w > 0 and h > 0, save)
    m = d.mark()
    d.call("chr.click", coordinate=[x + w // 2, y + h // 2])
    row("act", d.since(m) == ["saveButton.clicked"], d.since(m))
    row("signals", d.since(m) == ["saveButton.clicked"], d.since(m))
    row("truth", True)


def _flat(nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for n in nodes if isinstance(nodes, list) else [nodes]:
        out.append(n)
        out.extend(_flat(n.get("children", [])))
    return out


@scenario("list view: scroll by ref", "Views")
def _scroll(d: Drive, row: Row) -> None:
    page = d.page("Views")
    ref = d.ref(page, "Lines", "list")
    row("read", d.node(page, "Line 001", "listitem"))
    item = d.ref(page, "Line 003", "listitem")
    out = d.call("chr.scroll", ref=ref, scroll_direction="down", scroll_amount=5)
    after = d.page()
    row("act", not d.node(after, "Line 001", "listitem"), after)
    d.call("chr.scroll", ref=item, scroll_direction="down", scroll_amount=5)
    bar = d.call("qt.objects.query", className="QScrollBar", visible=True)
    row("signals", True, bar)
    row("truth", "no visible change" not in out["changes"], out)


@scenario("column view", "Views", "ra")
def _columns(d: Drive, row: Row) -> None:
    page = d.page("Views")
    src = [n for n in parse(page) if n["name"] == "src" and n["role"] == "listitem"]
    row("read", src, page)
    if src:
        d.call("chr.click", ref=src[0]["ref"])
    row("act", d.node(d.page(), "main.py"), d.page())


# ------------------------------------------------------------------------- containers


@scenario("tab widget", "Containers")
def _tabs(d: Drive, row: Row) -> None:
    page = d.page("Containers")
    ref = d.ref(page, "Numbers", "tab")
    row("read", "selected" in line(page, "Containers", "tab"))
    out = d.call("chr.formInput", ref=ref, value=True)
    row("act", d.prop("pages", "currentIndex") == 2)
    row("signals", True)
    row("truth", out["changed"], out)


@scenario("editor that is a tab page", "Editor")
def _editor_page(d: Drive, row: Row) -> None:
    page = d.page("Editor")
    node = d.node(page, "Editor", "textbox")
    row("read", node.get("ref"), page)
    m = d.mark()
    out = d.call("chr.type", ref=node.get("ref") or d.ref(page, "Editor"), text="Dear Ada")
    row("act", d.prop("editorPage", "plainText") == "Dear Ada")
    row("signals", "editorPage.textChanged" in d.since(m), d.since(m))
    row("truth", "no visible change" not in out["changes"] and "Dear Ada" in
        d.call("chr.getPageText")["text"], out)


@scenario("tool box", "Containers")
def _toolbox(d: Drive, row: Row) -> None:
    page = d.page("Containers")
    ref = d.ref(page, "Expert", "button")
    row("read", d.node(page, "General settings"))
    m = d.mark()
    d.call("chr.click", ref=ref)
    row("act", d.node(d.page(), "Expert settings"))
    row("signals", d.since(m) == ["toolBox.currentChanged 1"], d.since(m))
    row("truth", True)


@scenario("stacked widget", "Containers")
def _stack(d: Drive, row: Row) -> None:
    page = d.page("Containers")
    row("read", d.node(page, "First page body") and not d.node(page, "Second page body"))
    m = d.mark()
    out = d.call("chr.formInput", ref=d.ref(page, "Page", "combobox"), value="Second page")
    row("act", d.node(d.page(), "Second page body"))
    row("signals", "stackChooser.activated 1" in d.since(m), d.since(m))
    row("truth", "Second page body" in out["changes"], out)


@scenario("checkable group box", "Containers")
def _group(d: Drive, row: Row) -> None:
    page = d.page("Containers")
    ref = d.ref(page, "Advanced", "checkbox")
    row("read", ref)
    m = d.mark()
    out = d.call("chr.formInput", ref=ref, value=True)
    row("act", d.prop("advancedBox", "checked") is True)
    row("signals", d.since(m) == ["advancedBox.toggled True"], d.since(m))
    row("truth", out["checked"] is True, out)


@scenario("custom-drawn widget", "Containers", "rat")
def _sketch(d: Drive, row: Row) -> None:
    page = d.page("Containers")
    ref = d.ref(page, "Sketch")
    row("read", ref, page)
    out = d.call("chr.click", ref=ref)
    row("act", d.prop("sketch", "dots") == 1)
    row("truth", out["changes"] != "no visible change" and "not read" in out["changes"], out)


@scenario("splitter", "Containers", "r")
def _splitter(d: Drive, row: Row) -> None:
    page = d.page("Containers")
    row("read", d.node(page, "Left pane") and d.node(page, "Right pane"), page)


@scenario("MDI area", "Containers", "r")
def _mdi(d: Drive, row: Row) -> None:
    page = d.page("Containers")
    row("read", d.node(page, "Sheet 1") and d.node(page, "Sheet 2 body"), page)


@scenario("dock widget", None)
def _dock(d: Drive, row: Row) -> None:
    page = d.page()
    ref = d.ref(page, "Title", "textbox")
    row("read", d.node(page, "Properties") and d.node(page, "Build finished"))
    m = d.mark()
    out = d.call("chr.formInput", ref=ref, value="Report")
    row("act", d.prop("titleEdit", "text") == "Report")
    row("signals", d.since(m) == ["titleEdit.editingFinished"], d.since(m))
    row("truth", out["value"] == "Report", out)


# ---------------------------------------------------------------------------- dialogs


def _open(d: Drive, button: str) -> tuple[str, str]:
    """Click a Dialogs button; the dialog's tabId and its page."""
    page = d.page("Dialogs")
    out = d.call("chr.click", ref=d.ref(page, button, "button"))
    tab = out["modal"]["tabId"]
    return tab, d.page(tabId=tab)


@scenario("message box", "Dialogs")
def _message(d: Drive, row: Row) -> None:
    m = d.mark()
    _tab, page = _open(d, "Ask question")
    row("read", d.node(page, "Delete everything?") and d.node(page, "Yes", "button"), page)
    out = d.call("chr.click", ref=d.ref(page, "Yes", "button"))
    wait_until(lambda: d.since(m), what="the answer")
    row("act", "question.answer Yes" in d.since(m), d.since(m))
    row("signals", True)
    row("truth", "modal" not in out, out)


@scenario("input dialog", "Dialogs")
def _input(d: Drive, row: Row) -> None:
    m = d.mark()
    _tab, page = _open(d, "Enter text")
    ref = d.ref(page, "Your name", "textbox")
    row("read", ref, page)
    out = d.call("chr.formInput", ref=ref, value="Grace")
    d.call("chr.click", ref=d.ref(page, "OK", "button"))
    wait_until(lambda: d.since(m), what="the answer")
    row("act", d.since(m) == ["input.answer True Grace"], d.since(m))
    row("signals", True)
    row("truth", out["value"] == "Grace", out)


@scenario("colour dialog", "Dialogs", "ra")
def _colour(d: Drive, row: Row) -> None:
    m = d.mark()
    _tab, page = _open(d, "Pick colour")
    row("read", d.node(page, "OK", "button"), page)
    d.call("chr.click", ref=d.ref(page, "OK", "button"))
    wait_until(lambda: d.since(m), what="the answer")
    row("act", d.since(m) == ["colour.answer True #ff0000"], d.since(m))


@scenario("font dialog", "Dialogs", "ra")
def _font(d: Drive, row: Row) -> None:
    m = d.mark()
    _tab, page = _open(d, "Pick font")
    row("read", d.node(page, "Cancel", "button"), page)
    d.call("chr.click", ref=d.ref(page, "Cancel", "button"))
    wait_until(lambda: d.since(m), what="the answer")
    row("act", d.since(m) == ["font.answer False"], d.since(m))


@scenario("file dialog", "Dialogs", "ra")
def _file(d: Drive, row: Row) -> None:
    m = d.mark()
    _tab, page = _open(d, "Open file")
    row("read", d.node(page, "Cancel", "button"), page)
    d.call("chr.click", ref=d.ref(page, "Cancel", "button"))
    wait_until(lambda: d.since(m), what="the answer")
    row("act", d.since(m) == ["file.answer "], d.since(m))


@scenario("progress dialog", "Dialogs")
def _progress_dialog(d: Drive, row: Row) -> None:
    m = d.mark()
    _tab, page = _open(d, "Long task")
    row("read", "value=30" in line(page, "", "progressbar") or "30" in page, page)
    out = d.call("chr.click", ref=d.ref(page, "Stop", "button"))
    row("act", d.since(m) == ["progressDialog.canceled"], d.since(m))
    row("signals", d.since(m) == ["progressDialog.canceled"], d.since(m))
    row("truth", "modal" not in out, out)


@scenario("wizard", "Dialogs")
def _wizard(d: Drive, row: Row) -> None:
    m = d.mark()
    tab, page = _open(d, "Run wizard")
    row("read", d.node(page, "Welcome page"), page)
    d.call("chr.click", ref=d.ref(page, "Next >", "button"))
    page = d.page(tabId=tab)
    row("act", d.node(page, "Finish page"), page)
    out = d.call("chr.click", ref=d.ref(page, "Finish", "button"))
    wait_until(lambda: "wizard.accepted" in d.since(m), what="accepted")
    row("signals", "wizard.currentIdChanged 1" in d.since(m), d.since(m))
    row("truth", "modal" not in out, out)


# ------------------------------------------------------------------------------ cells


@pytest.fixture(scope="module")
def conformance() -> Iterator[DemoApp]:
    app = start_demo(module="tests.conformance.widgets_app")
    yield app
    app.stop()


@pytest.fixture(scope="module")
def rows(conformance: DemoApp, request: pytest.FixtureRequest) -> Iterator[dict[str, Row]]:
    """Each control's row, its scenario run once (on the first of its cells), and the
    matrix printed when the module ends."""
    done: dict[str, Row] = {}
    yield done
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is not None and capture is not None:
        with capture.global_and_fixture_disabled():  # printed, not captured
            for text in matrix(done):
                reporter.write_line(text)


def matrix(done: dict[str, Row]) -> list[str]:
    width = max(len(c) for c in SCENARIOS)
    out = ["", "Qt Widgets conformance: control × check (ok, FAIL, - not applicable)",
           f"{'control':<{width}}  " + "  ".join(f"{c:<7}" for c in CHECKS)]
    passed = total = 0
    for control, sc in SCENARIOS.items():
        row = done.get(control)
        marks = []
        for check in CHECKS:
            if check[0] not in sc.checks:
                marks.append("-")
                continue
            ok = row is not None and row.cells.get(check, (False, ""))[0]
            total += 1
            passed += ok
            marks.append("ok" if ok else "FAIL")
        out.append(f"{control:<{width}}  " + "  ".join(f"{m:<7}" for m in marks))
    out.append(f"total: {passed}/{total} cells pass over {len(SCENARIOS)} controls")
    return out


def _run(control: str, qt: Client) -> Row:
    row = Row()
    sc = SCENARIOS[control]
    try:
        qt.call("chr.key", {"text": "Escape"})  # a stray popup or editor from before
        sc.run(Drive(qt), row)
    except Exception as exc:  # noqa: BLE001 - the cells it did not fill say why
        for check in CHECKS:
            if check[0] in sc.checks and check not in row.cells:
                row(check, False, f"{type(exc).__name__}: {exc}")
    return row


CELLS = [(c, k) for c, sc in SCENARIOS.items() for k in CHECKS if k[0] in sc.checks]


@pytest.mark.parametrize(("control", "check"), CELLS)
def test_cell(control: str, check: str, conformance: DemoApp, rows: dict[str, Row]) -> None:
    if control not in rows:
        rows[control] = _run(control, conformance.client())
    ok, detail = rows[control].cells.get(check, (False, "the scenario did not check it"))
    assert ok, f"{control} / {check}: {detail}"
