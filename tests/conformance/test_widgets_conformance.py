"""The Qt Widgets conformance matrix: every standard control × read, act, signal, truth,
under every configuration an app leaves its controls in.

One app (``widgets_app.py``) holds every standard control; for each, a row drives it
through the probe over a real WebSocket as an agent would (see tests/conformance/matrix.py
for the four checks). The app rebuilds its window under each configuration in the same
process: as written (``default``, Fusion), ``bare`` (no object names, no buddies, default
text formats), labels above or before their fields with no buddy, the Windows style, every
control a Python subclass overriding the Qt methods the probe reads, and ``models``: each
model base class under each view kind behind 0, 1 and 2 proxies, and models that raise in
``data``/``index``/``rowCount``. Each (configuration, row) is a test; the module prints one
matrix per configuration when it ends (and keeps it in tests/artifacts/).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.conformance.widgets_app import CHILDREN, CONFIGS, MODELS, RAISING, ROWS, VIEWS
from tests.support.app import ARTIFACTS, ROOT, wait_until
from tests.support.chrome import parse
from tests.support.realapp import RealApp, start

from .matrix import Cells, Suite, configure

APP = str(ROOT / "tests" / "conformance" / "widgets_app.py")
SUITE = Suite("Qt Widgets conformance", tuple(CONFIGS))
#: The configurations the standard controls run under (``models`` has rows of its own).
STANDARD = tuple(c for c in CONFIGS if c != "models")
row = functools.partial(SUITE.row, configs=STANDARD)


class Drive:
    """What rows share: the client, the app's signal log, its controls by key."""

    def __init__(self, qt: Client) -> None:
        self.qt = qt
        self._ids: dict[str, str] = {}

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
        return json.loads(self.prop_of("harness", "signalLog"))

    def mark(self) -> int:
        return len(self.log())

    def since(self, mark: int) -> list[str]:
        return self.log()[mark:]

    def obj(self, key: str) -> str:
        """The ``#N`` of the control the app registered as ``key`` (no object names
        needed: the bare configuration sets none)."""
        if key not in self._ids:
            out = self.call("qt.methods.invoke", objectId="harness", method="control",
                            args=[key])
            self._ids[key] = out["returned"]["id"]
        return self._ids[key]

    def prop(self, key: str, name: str) -> Any:
        return self.prop_of(self.obj(key), name)

    def prop_of(self, obj: str, name: str) -> Any:
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


@row("line edit", tab="Text")
def _line_edit(d: Drive, k: Cells) -> None:
    page = d.page("Text")
    k("read", line(page, "Name", "textbox"), page)
    m = d.mark()
    out = d.call("chr.formInput", ref=d.ref(page, "Name", "textbox"), value="Ada")
    k("act", d.prop("nameEdit", "text") == "Ada", d.prop("nameEdit", "text"))
    got = d.since(m)
    k("signal", "nameEdit.textEdited Ada" in got and got.count("nameEdit.editingFinished")
        == 1, got)
    k("truth", out["value"] == "Ada" and out["changed"], out)


@row("password line edit", tab="Text")
def _password(d: Drive, k: Cells) -> None:
    page = d.page("Text")
    k("read", "password" in line(page, "Password", "textbox"), page)
    m = d.mark()
    out = d.call("chr.formInput", ref=d.ref(page, "Password", "textbox"), value="s3cret")
    k("act", d.prop("passwordEdit", "text") == "s3cret")
    k("signal", d.since(m).count("passwordEdit.editingFinished") == 1, d.since(m))
    k("truth", "s3cret" not in json.dumps(out) and out["changed"], out)


@row("line edit with validator", tab="Text")
def _validator(d: Drive, k: Cells) -> None:
    page = d.page("Text")
    ref = d.ref(page, "Quantity", "textbox")
    k("read", ref)
    m = d.mark()
    d.call("chr.formInput", ref=ref, value="42")
    err = d.error("chr.formInput", ref=ref, value="4x2")
    k("act", d.prop("quantityEdit", "text") == "42", d.prop("quantityEdit", "text"))
    k("signal", d.since(m).count("quantityEdit.editingFinished") == 1, d.since(m))
    k("truth", err is not None and err.name == "FORM_INPUT_INVALID", err)
    keyed = d.error("chr.key", ref=ref, text="x")  # the validator takes no letter
    k("truth", keyed is not None and keyed.name == "TEXT_NOT_TAKEN" and
        keyed.data["actual"] == "42", keyed)
    d.call("chr.key", ref=ref, text="End")
    typed = d.error("chr.type", ref=ref, text="7y")
    k("truth", typed is not None and typed.name == "TEXT_NOT_TAKEN" and
        typed.data["actual"] == "427", typed)


@row("line edit with completer", tab="Text")
def _completer(d: Drive, k: Cells) -> None:
    page = d.page("Text")
    ref = d.ref(page, "City", "textbox")
    k("read", ref)
    m = d.mark()
    out = d.call("chr.type", ref=ref, text="Bos")
    d.call("chr.key", text="Down")
    d.call("chr.key", text="Return")
    k("act", d.prop("cityEdit", "text") == "Boston", d.prop("cityEdit", "text"))
    k("signal", "cityEdit.returnPressed" in d.since(m), d.since(m))
    k("truth", out.get("typed") == 3, out)


@row("text edit", tab="Text")
def _text_edit(d: Drive, k: Cells) -> None:
    page = d.page("Text")
    k("read", "multiline" in line(page, "Notes", "textbox"), page)
    m = d.mark()
    out = d.call("chr.formInput", ref=d.ref(page, "Notes", "textbox"), value="two\nlines")
    k("act", d.prop("notesEdit", "plainText") == "two\nlines")
    k("signal", "notesEdit.textChanged" in d.since(m), d.since(m))
    k("truth", out["value"] == "two\nlines" and out["changed"], out)


@row("plain text edit", tab="Text")
def _plain_edit(d: Drive, k: Cells) -> None:
    page = d.page("Text")
    ref = d.ref(page, "Journal", "textbox")
    k("read", ref)
    m = d.mark()
    out = d.call("chr.type", ref=ref, text="typed")
    k("act", d.prop("plainEdit", "plainText") == "typed", d.prop("plainEdit", "plainText"))
    k("signal", d.since(m).count("plainEdit.textChanged") == 5, d.since(m))
    k("truth", out["typed"] == 5 and "typed" in out["changes"], out)


@row("text browser", tab="Text")
def _browser(d: Drive, k: Cells) -> None:
    page = d.page("Text")
    link = d.node(page, "introduction", "link")
    k("read", "See the introduction first." in page and link.get("ref"), page)
    m = d.mark()
    out = d.call("chr.click", ref=link["ref"])
    got = d.since(m)
    k("act", got, got)
    k("signal", got == ["helpBrowser.anchorClicked #intro"], got)
    k("truth", out["name"] == "introduction", out)


@row("label with links", tab="Text")
def _links(d: Drive, k: Cells) -> None:
    page = d.page("Text")
    faq = d.node(page, "FAQ", "link")
    k("read", faq.get("ref") and d.node(page, "docs", "link").get("ref"), page)
    m = d.mark()
    out = d.call("chr.click", ref=faq["ref"])
    got = d.since(m)
    k("act", got, got)
    k("signal", got == ["linkLabel.linkActivated https://example.org/faq"], got)
    k("truth", out["name"] == "FAQ", out)


@row("composite field (line edit + button)", tab="Text")
def _composite(d: Drive, k: Cells) -> None:
    page = d.page("Text")
    k("read", d.node(page, "File", "textbox").get("ref"), page)
    m = d.mark()
    d.call("chr.formInput", ref=d.ref(page, "File", "textbox"), value="/tmp/x.txt")
    d.call("chr.click", ref=d.ref(page, "Browse…", "button"))
    k("act", d.prop("fileEdit", "text") == "/tmp/x.txt")
    k("signal", "browseButton.clicked" in d.since(m), d.since(m))
    k("truth", "Browse" in line(d.page(), "Browse…", "button"))


@row("key sequence edit", tab="Text")
def _keyseq(d: Drive, k: Cells) -> None:
    page = d.page("Text")
    ref = d.node(page, "Shortcut", "textbox").get("ref")
    k("read", ref, page)
    m = d.mark()
    out = d.call("chr.key", ref=ref or d.ref(page, "Press shortcut"), text="ctrl+k")
    seq = d.prop("shortcutEdit", "keySequence")
    k("act", "Ctrl+K" in json.dumps(seq), seq)
    # a key sequence edit finishes 1 s after the last key is released, as for a user
    done = wait_until(lambda: "shortcutEdit.keySequenceChanged Ctrl+K" in d.since(m),
                      timeout=5, what="keySequenceChanged")
    k("signal", done, d.since(m))
    k("truth", out["keys"] == 1, out)


def _first_field(d: Drive, k: Cells, label: str, role: str, key: str, value: Any,
                 other: str) -> None:
    """A label before two fields names the one that takes text, never the other."""
    page = d.page("Text")
    named = [n for n in parse(page) if n["name"] == label]
    k("read", [n["role"] for n in named] == [role] and named[0]["ref"] and
      not d.node(page, label, "combobox") and d.node(page, other, "combobox").get("ref"),
      page)
    m = d.mark()
    out = d.call("chr.formInput", ref=named[0]["ref"] if named else "ref_0", value=value)
    held = d.prop(key, "text" if role == "textbox" else "value")
    k("act", held == value, held)
    k("signal", d.since(m).count(f"{key}.editingFinished") == 1, d.since(m))
    k("truth", str(out["value"]) == str(value) and out["changed"], out)


@row("two fields after one label (in a widget)", tab="Text")
def _two_fields(d: Drive, k: Cells) -> None:
    _first_field(d, k, "Search", "textbox", "searchEdit", "ada", "Scope")


@row("two fields after one label (in the form's row)", tab="Text")
def _two_in_layout(d: Drive, k: Cells) -> None:
    _first_field(d, k, "Length", "spinbutton", "lengthSpin", 12, "Unit")


# ---------------------------------------------------------------------------- choices


@row("push button", tab="Choices")
def _push(d: Drive, k: Cells) -> None:
    page = d.page("Choices")
    ref = d.ref(page, "Save", "button")
    k("read", ref)
    m = d.mark()
    out = d.call("chr.click", ref=ref)
    k("act", d.since(m) == ["saveButton.clicked"], d.since(m))
    k("signal", d.since(m) == ["saveButton.clicked"], d.since(m))
    k("truth", out["via"] == "click", out)


@row("tool button with menu", tab="Choices")
def _tool(d: Drive, k: Cells) -> None:
    page = d.page("Choices")
    k("read", "hasPopup" in line(page, "Actions", "button"), page)
    m = d.mark()
    out = d.call("chr.click", ref=d.ref(page, "Actions", "button"))
    menu = d.page()
    k("act", d.node(menu, "Copy", "menuitem").get("ref"), menu)
    d.call("chr.click", ref=d.ref(menu, "Copy", "menuitem"))
    k("signal", "actionsMenu.triggered Copy" in d.since(m), d.since(m))
    k("truth", out.get("modal", {}).get("kind") == "menu", out)


@row("command link button", tab="Choices")
def _command_link(d: Drive, k: Cells) -> None:
    page = d.page("Choices")
    ref = d.ref(page, "Continue", "button")
    k("read", ref)
    m = d.mark()
    d.call("chr.click", ref=ref)
    k("act", "continueLink.clicked" in d.since(m), d.since(m))
    k("signal", d.since(m) == ["continueLink.clicked"], d.since(m))
    k("truth", True)


@row("check box", tab="Choices")
def _check(d: Drive, k: Cells) -> None:
    page = d.page("Choices")
    ref = d.ref(page, "Subscribe", "checkbox")
    k("read", "checked" not in line(page, "Subscribe", "checkbox"))
    m = d.mark()
    out = d.call("chr.formInput", ref=ref, value=True)
    k("act", d.prop("subscribeCheck", "checked") is True)
    k("signal", d.since(m) == ["subscribeCheck.toggled True"], d.since(m))
    k("truth", out["checked"] is True and "checked" in line(d.page(), "Subscribe",
                                                                "checkbox"), out)


@row("tri-state check box", tab="Choices")
def _tristate(d: Drive, k: Cells) -> None:
    page = d.page("Choices")
    ref = d.ref(page, "Partial", "checkbox")
    k("read", ref)
    m = d.mark()
    out = d.call("chr.formInput", ref=ref, value="mixed")
    k("act", "mixed" in line(d.page(), "Partial", "checkbox"))
    k("signal", d.since(m) == ["partialCheck.stateChanged 1"], d.since(m))
    k("truth", out["checked"] == "mixed" and "mixed" in line(d.page(), "Partial",
                                                                 "checkbox"), out)


@row("radio group", tab="Choices")
def _radio(d: Drive, k: Cells) -> None:
    page = d.page("Choices")
    k("read", "checked" in line(page, "Small", "radio") and d.node(page, "Size", "group"))
    m = d.mark()
    out = d.call("chr.formInput", ref=d.ref(page, "Medium", "radio"), value=True)
    k("act", d.prop("sizeMedium", "checked") and not d.prop("sizeSmall", "checked"))
    got = d.since(m)
    k("signal", "sizeMedium.toggled True" in got and "sizeGroup.idClicked 1" in got, got)
    k("truth", out["checked"] is True, out)


@row("combo box", tab="Choices")
def _combo(d: Drive, k: Cells) -> None:
    page = d.page("Choices")
    k("read", 'value="Red"' in line(page, "Colour", "combobox"), page)
    m = d.mark()
    out = d.call("chr.formInput", ref=d.ref(page, "Colour", "combobox"), value="blue")
    k("act", d.prop("colourCombo", "currentText") == "Blue")
    k("signal", "colourCombo.activated 2" in d.since(m), d.since(m))
    k("truth", out["value"] == "Blue", out)


@row("editable combo box", tab="Choices")
def _editable(d: Drive, k: Cells) -> None:
    page = d.page("Choices")
    ref = d.ref(page, "Tag", "combobox")
    k("read", 'value="urgent"' in line(page, "Tag", "combobox"))
    m = d.mark()
    out = d.call("chr.formInput", ref=ref, value="someday")
    k("act", d.prop("tagCombo", "currentText") == "someday", d.prop("tagCombo",
                                                                        "currentText"))
    k("signal", "tagCombo.editTextChanged someday" in d.since(m), d.since(m))
    k("truth", out["value"] == "someday", out)


@row("font combo box", tab="Choices")
def _font_combo(d: Drive, k: Cells) -> None:
    page = d.page("Choices")
    ref = d.ref(page, "Font", "combobox")
    k("read", "value=" in line(page, "Font", "combobox"))
    options = ["DejaVu Sans Mono", "DejaVu Serif"]
    current = d.prop("fontCombo", "currentText")
    other = next((o for o in options if o != current), None)
    m = d.mark()
    out = d.call("chr.formInput", ref=ref, value=other) if other else {}
    k("act", other and d.prop("fontCombo", "currentText") == other, (other, options[:5]))
    k("signal", any(e.startswith("fontCombo.currentFontChanged") for e in d.since(m)))
    k("truth", out.get("value") == other)


@row("unlabelled combo box (tool tip)", tab="Choices")
def _zoom(d: Drive, k: Cells) -> None:
    page = d.page("Choices")
    k("read", 'value="5"' in line(page, "Zoom level", "combobox"), page)
    m = d.mark()
    ref = d.node(page, "Zoom level", "combobox").get("ref") or d.ref(page, "5", "combobox")
    out = d.call("chr.formInput", ref=ref, value="25")
    k("act", d.prop("zoomCombo", "currentText") == "25")
    k("signal", "zoomCombo.activated 2" in d.since(m), d.since(m))
    k("truth", out["value"] == "25", out)


@row("dialog button box", tab="Choices")
def _button_box(d: Drive, k: Cells) -> None:
    page = d.page("Choices")
    ref = d.ref(page, "OK", "button")
    k("read", ref)
    m = d.mark()
    d.call("chr.click", ref=ref)
    k("act", d.since(m) == ["buttonBox.accepted"], d.since(m))
    k("signal", d.since(m) == ["buttonBox.accepted"], d.since(m))
    k("truth", True)


# ---------------------------------------------------------------------------- numbers


def _spin(d: Drive, k: Cells, name: str, obj: str, value: Any, prop: str, want: Any,
          shown: str) -> None:
    page = d.page("Numbers")
    ref = d.ref(page, name, "spinbutton")
    k("read", "value=" in line(page, name, "spinbutton"), page)
    m = d.mark()
    try:
        out = d.call("chr.formInput", ref=ref, value=value)
    except RemoteError as exc:
        k("act", False, exc)
        k("truth", False, exc)
        return
    held = d.prop(obj, prop)
    k("act", held == want, held)
    got = d.since(m)
    k("signal", got.count(f"{obj}.editingFinished") == 1, got)
    k("truth", out["value"] == shown and f'value={shown}' in line(d.page(), name,
                                                                    "spinbutton"), out)


@row("spin box", tab="Numbers")
def _spinbox(d: Drive, k: Cells) -> None:
    _spin(d, k, "Count", "countSpin", 12, "value", 12, "12")


@row("double spin box", tab="Numbers")
def _double(d: Drive, k: Cells) -> None:
    _spin(d, k, "Price", "priceSpin", 12.5, "value", 12.5, "12.50")


@row("date edit (ISO 8601)", tab="Numbers")
def _date(d: Drive, k: Cells) -> None:
    _spin(d, k, "Birthday", "dateEdit", "2024-02-29", "date", "2024-02-29", "29.02.2024")


@row("date edit (display format)", tab="Numbers")
def _date_shown(d: Drive, k: Cells) -> None:
    _spin(d, k, "Birthday", "dateEdit", "01.03.2024", "date", "2024-03-01", "01.03.2024")


@row("time edit", tab="Numbers")
def _time(d: Drive, k: Cells) -> None:
    _spin(d, k, "Alarm", "timeEdit", "13:45", "time", "13:45:00.000", "13:45")


@row("date-time edit", tab="Numbers")
def _datetime(d: Drive, k: Cells) -> None:
    _spin(d, k, "Meeting", "meetingEdit", "2024-02-29T13:45", "dateTime",
          "2024-02-29T13:45:00.000", "2024-02-29 13:45")


@row("custom QAbstractSpinBox", tab="Numbers")
def _custom_spin(d: Drive, k: Cells) -> None:
    _spin(d, k, "Level", "levelSpin", "high", "text", "high", "high")


@row("spin box the app caps (read back)", "rat", tab="Numbers")
def _capped(d: Drive, k: Cells) -> None:
    page = d.page("Numbers")
    ref = d.ref(page, "Limit", "spinbutton")
    k("read", ref)
    err = d.error("chr.formInput", ref=ref, value=80)
    k("act", d.prop("limitSpin", "value") == 50, d.prop("limitSpin", "value"))
    k("truth", err is not None and err.name == "FORM_INPUT_NOT_TAKEN" and
        (err.data["expected"], err.data["actual"]) == (80, 50), err)


@row("date edit: typing is read back", "rat", tab="Numbers")
def _date_typed(d: Drive, k: Cells) -> None:
    page = d.page("Numbers")
    ref = d.ref(page, "Birthday", "spinbutton")
    k("read", ref)
    d.call("chr.formInput", ref=ref, value="2023-01-15")
    d.call("chr.key", ref=ref, text="ctrl+a")
    err = d.error("chr.type", ref=ref, text="29.02.2024")
    held = d.prop("dateEdit", "date")  # a date edit types section by section
    k("act", held.count("-") == 2, held)
    shown = ".".join(reversed(held.split("-")))
    if held == "2024-02-29":  # typed as asked: the answer needs no correction
        k("truth", err is None, err)
    else:  # the field took another date: the answer says which, never success
        k("truth", err is not None and err.name == "TEXT_NOT_TAKEN" and
            err.data["actual"] == shown, err)


@row("slider", tab="Numbers")
def _slider(d: Drive, k: Cells) -> None:
    page = d.page("Numbers")
    k("read", "value=0" in line(page, "Volume", "slider"))
    m = d.mark()
    out = d.call("chr.formInput", ref=d.ref(page, "Volume", "slider"), value=80)
    k("act", d.prop("volumeSlider", "value") == 80)
    k("signal", d.since(m) == ["volumeSlider.valueChanged 80"], d.since(m))
    k("truth", out["value"] == "80", out)


@row("scaled slider with read-out", tab="Numbers")
def _scaled(d: Drive, k: Cells) -> None:
    page = d.page("Numbers")
    k("read", 'value=43.50' in line(page, "Gain", "slider"), page)
    ref = d.node(page, "Gain", "slider").get("ref") or d.ref(page, "", "slider")
    m = d.mark()
    try:
        out = d.call("chr.formInput", ref=ref, value=12.5)
    except RemoteError as exc:
        k("act", False, exc)
        k("truth", False, exc)
        return
    k("act", d.prop("gainSlider", "value") == 1250, d.prop("gainSlider", "value"))
    k("signal", d.since(m) == ["gainSlider.valueChanged 1250"], d.since(m))
    k("truth", out["value"] == "12.50", out)


@row("dial", tab="Numbers")
def _dial(d: Drive, k: Cells) -> None:
    page = d.page("Numbers")
    ref = d.ref(page, "Balance", "slider")
    k("read", ref)
    m = d.mark()
    out = d.call("chr.formInput", ref=ref, value=30)
    k("act", d.prop("balanceDial", "value") == 30)
    k("signal", d.since(m) == ["balanceDial.valueChanged 30"], d.since(m))
    k("truth", out["value"] == "30", out)


@row("scroll bar", tab="Numbers")
def _scroll_bar(d: Drive, k: Cells) -> None:
    page = d.page("Numbers")
    node = d.node(page, "Offset")
    k("read", node.get("ref"), page)
    m = d.mark()
    if node.get("ref"):
        d.call("chr.scroll", ref=node["ref"], scroll_direction="down", scroll_amount=2)
    k("act", d.prop("offsetBar", "value") > 0, d.prop("offsetBar", "value"))
    k("signal", any(e.startswith("offsetBar.valueChanged") for e in d.since(m)))
    k("truth", node.get("ref") and str(d.prop("offsetBar", "value")) in
        line(d.page(), "Offset", node["role"]))


@row("progress bar", "r", tab="Numbers")
def _progress(d: Drive, k: Cells) -> None:
    page = d.page("Numbers")
    k("read", "value=40" in line(page, "Progress", "progressbar"), page)


@row("LCD number", "r", tab="Numbers")
def _lcd(d: Drive, k: Cells) -> None:
    page = d.page("Numbers")
    k("read", d.node(page, "42"), page)


@row("calendar", tab="Numbers")
def _calendar(d: Drive, k: Cells) -> None:
    page = d.page("Numbers")
    day = next((n for n in parse(page) if n["name"] == "15" and n["role"] == "cell"
                and n["ref"]), None)
    k("read", d.node(page, "Calendar", "table") and day, page)
    m = d.mark()
    out = d.call("chr.click", ref=day["ref"]) if day else {}
    k("act", any("2024-03-15" in e for e in d.since(m)), d.since(m))
    k("signal", "calendar.clicked 2024-03-15" in d.since(m), d.since(m))
    k("truth", out.get("name") == "15", out)


# ------------------------------------------------------------------------------ views


@row("list widget", tab="Views")
def _list(d: Drive, k: Cells) -> None:
    page = d.page("Views")
    cherry = d.ref(page, "Cherry", "listitem")
    k("read", d.node(page, "Fruits", "list") and cherry, page)
    m = d.mark()
    d.call("chr.click", ref=d.ref(page, "Banana", "listitem"))
    k("act", "selected" in line(d.page(), "Banana", "listitem"))
    d.call("chr.click", ref=cherry, clickCount=2)
    got = d.since(m)
    k("signal", "fruitList.currentTextChanged Banana" in got and
        "fruitList.itemDoubleClicked Cherry" in got, got)
    d.call("chr.key", text="Escape")
    k("truth", "Cherry" in d.page(), "")


@row("tree widget", tab="Views")
def _tree(d: Drive, k: Cells) -> None:
    page = d.page("Views")
    src = d.ref(page, "src", "treeitem")
    k("read", d.node(page, "File", "columnheader") and d.node(page, "Size", "columnheader")
      and "collapsed" in line(page, "src", "treeitem") and
        'value="3 KB"' in line(page, "README", "treeitem"), page)
    m = d.mark()
    d.call("chr.click", ref=src)
    out = d.call("chr.key", ref=src, text="Right")
    after = d.page()
    k("act", d.node(after, "main.py", "treeitem"), after)
    k("signal", "fileTree.itemExpanded src" in d.since(m), d.since(m))
    k("truth", "main.py" in out["changes"], out)


@row("table widget: double-click edits a cell", tab="Views")
def _table_dclick(d: Drive, k: Cells) -> None:
    page = d.page("Views")
    ref = d.ref(page, "Research", "cell")
    k("read", d.node(page, "People", "table") and ref, page)
    d.call("chr.click", ref=ref, clickCount=2)
    editing = d.page()
    opened = any(n["role"] == "textbox" and n["depth"] > 2 for n in parse(editing))
    k("act", opened, editing)
    m = d.mark()
    d.call("chr.type", text="Physics")
    d.call("chr.key", text="Return")
    k("signal", "peopleTable.itemChanged Physics" in d.since(m), d.since(m))
    k("truth", d.node(d.page(), "Physics", "cell"))


@row("table widget: typing goes to the editor it opens", tab="Views")
def _table_type(d: Drive, k: Cells) -> None:
    page = d.page("Views")
    ref = d.ref(page, "Navy", "cell")
    k("read", ref)
    d.call("chr.click", ref=ref)
    m = d.mark()
    out = d.call("chr.type", text="Marketing")
    d.call("chr.key", text="Return")
    got = d.since(m)
    k("act", d.node(d.page(), "Marketing", "cell"), d.page())
    k("signal", "peopleTable.itemChanged Marketing" in got, got)
    k("truth", out["typed"] == 9, out)


@row("table widget: widgets in cells", tab="Views")
def _cell_widgets(d: Drive, k: Cells) -> None:
    page = d.page("Views")
    nodes = parse(page)
    ada = next((i for i, n in enumerate(nodes) if n["name"] == "Ada"), None)
    box = nodes[ada + 2] if ada is not None and ada + 2 < len(nodes) else {}
    k("read", box.get("role") == "cell" and ada is not None and
        nodes[ada + 3]["role"] == "checkbox" and nodes[ada + 3]["depth"] > box["depth"],
        page)
    ref = next((n["ref"] for n in nodes[ada or 0:] if n["role"] == "checkbox"), None)
    m = d.mark()
    out = d.call("chr.formInput", ref=ref, value=True) if ref else {}
    k("act", d.prop("activeAda", "checked") is True)
    k("signal", d.since(m) == ["activeAda.toggled True"], d.since(m))
    k("truth", out.get("checked") is True, out)


@row("sort/filter proxy: refs never rebind", tab="Views")
def _proxy(d: Drive, k: Cells) -> None:
    page = d.page("Views")
    screw = d.ref(page, "Screw", "cell")
    washer = d.ref(page, "Washer", "cell")
    d.call("qt.methods.invoke", objectId=d.obj("catalogView"), method="sortByColumn",
           args=[0, 1])
    after = d.page()
    named = {n["ref"]: n["name"] for n in parse(after) if n["ref"]}
    k("read", named.get(screw) == "Screw" and named.get(washer) == "Washer", after)
    m = d.mark()
    moved = d.call("chr.click", ref=washer)
    k("act", d.since(m) == ["catalogView.clicked Washer"], d.since(m))
    d.call("chr.formInput", ref=d.ref(page, "Filter", "textbox"), value="bo")
    filtered = d.page()
    m = d.mark()
    err = d.error("chr.click", ref=screw)
    k("truth", screw not in filtered, filtered)
    k("signal", d.since(m) == [], d.since(m))
    k("truth", err is not None and err.name == "REF_NOT_FOUND" and moved["name"] ==
        "Washer", (err, moved))
    d.call("chr.formInput", ref=d.ref(page, "Filter", "textbox"), value="")


@row("header view: click a column to sort", tab="Views")
def _header(d: Drive, k: Cells) -> None:
    page = d.page("Views")
    part = d.node(page, "Part", "columnheader")
    before = next((s for s in ("ascending", "descending") if s in part.get("rest", [])), "")
    k("read", part.get("ref") and before, page)
    m = d.mark()
    out = d.call("chr.click", ref=part["ref"])
    after = d.page()
    now = d.node(after, "Part", "columnheader").get("rest", [])
    cells = [n["name"] for n in parse(after) if n["role"] == "cell"]
    first = "Bolt" if "ascending" in now else "Washer"
    k("act", before not in now and first in cells and "Nut" in cells and
        cells.index(first) < cells.index("Nut"), (now, cells))
    k("signal", d.since(m) == ["catalogHeader.sectionClicked 0"], d.since(m))
    k("truth", out["name"] == "Part", out)


@row("click by coordinate", tab="Choices")
def _by_point(d: Drive, k: Cells) -> None:
    d.call("chr.navigate", url="Choices")
    tree = d.call("chr.readPage", format="json")["tree"]
    save = next(n for n in _flat(tree) if n.get("name") == "Save")
    x, y, w, h = save["bounds"]
    k("read", w > 0 and h > 0, save)
    m = d.mark()
    d.call("chr.click", coordinate=[x + w // 2, y + h // 2])
    k("act", d.since(m) == ["saveButton.clicked"], d.since(m))
    k("signal", d.since(m) == ["saveButton.clicked"], d.since(m))
    k("truth", True)


def _flat(nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for n in nodes if isinstance(nodes, list) else [nodes]:
        out.append(n)
        out.extend(_flat(n.get("children", [])))
    return out


@row("list view: scroll by ref", tab="Views")
def _scroll(d: Drive, k: Cells) -> None:
    page = d.page("Views")
    ref = d.ref(page, "Lines", "list")
    k("read", d.node(page, "Line 001", "listitem"))
    item = d.ref(page, "Line 003", "listitem")
    out = d.call("chr.scroll", ref=ref, scroll_direction="down", scroll_amount=5)
    after = d.page()
    k("act", not d.node(after, "Line 001", "listitem"), after)
    d.call("chr.scroll", ref=item, scroll_direction="down", scroll_amount=5)
    bar = d.call("qt.objects.query", className="QScrollBar", visible=True)
    k("signal", True, bar)
    k("truth", "no visible change" not in out["changes"], out)


@row("column view", "ra", tab="Views")
def _columns(d: Drive, k: Cells) -> None:
    page = d.page("Views")
    src = [n for n in parse(page) if n["name"] == "src" and n["role"] == "listitem"]
    k("read", src, page)
    if src:
        d.call("chr.click", ref=src[0]["ref"])
    k("act", d.node(d.page(), "main.py"), d.page())


# ------------------------------------------------------------------------- containers


@row("tab widget", tab="Containers")
def _tabs(d: Drive, k: Cells) -> None:
    page = d.page("Containers")
    ref = d.ref(page, "Numbers", "tab")
    k("read", "selected" in line(page, "Containers", "tab"))
    out = d.call("chr.formInput", ref=ref, value=True)
    k("act", d.prop("pages", "currentIndex") == 2)
    k("signal", True)
    k("truth", out["changed"], out)


@row("editor that is a tab page", tab="Editor")
def _editor_page(d: Drive, k: Cells) -> None:
    page = d.page("Editor")
    node = d.node(page, "Editor", "textbox")
    k("read", node.get("ref"), page)
    m = d.mark()
    out = d.call("chr.type", ref=node.get("ref") or d.ref(page, "Editor"), text="Dear Ada")
    k("act", d.prop("editorPage", "plainText") == "Dear Ada")
    k("signal", "editorPage.textChanged" in d.since(m), d.since(m))
    k("truth", "no visible change" not in out["changes"] and "Dear Ada" in
        d.call("chr.getPageText")["text"], out)


@row("tool box", tab="Containers")
def _toolbox(d: Drive, k: Cells) -> None:
    page = d.page("Containers")
    ref = d.ref(page, "Expert", "button")
    k("read", d.node(page, "General settings"))
    m = d.mark()
    d.call("chr.click", ref=ref)
    k("act", d.node(d.page(), "Expert settings"))
    k("signal", d.since(m) == ["toolBox.currentChanged 1"], d.since(m))
    k("truth", True)


@row("stacked widget", tab="Containers")
def _stack(d: Drive, k: Cells) -> None:
    page = d.page("Containers")
    k("read", d.node(page, "First page body") and not d.node(page, "Second page body"))
    m = d.mark()
    out = d.call("chr.formInput", ref=d.ref(page, "Page", "combobox"), value="Second page")
    k("act", d.node(d.page(), "Second page body"))
    k("signal", "stackChooser.activated 1" in d.since(m), d.since(m))
    k("truth", "Second page body" in out["changes"], out)


@row("checkable group box", tab="Containers")
def _group(d: Drive, k: Cells) -> None:
    page = d.page("Containers")
    ref = d.ref(page, "Advanced", "checkbox")
    k("read", ref)
    m = d.mark()
    out = d.call("chr.formInput", ref=ref, value=True)
    k("act", d.prop("advancedBox", "checked") is True)
    k("signal", d.since(m) == ["advancedBox.toggled True"], d.since(m))
    k("truth", out["checked"] is True, out)


@row("custom-drawn widget", "rat", tab="Containers")
def _sketch(d: Drive, k: Cells) -> None:
    page = d.page("Containers")
    ref = d.ref(page, "Sketch")
    k("read", ref, page)
    out = d.call("chr.click", ref=ref)
    k("act", d.prop("sketch", "dots") == 1)
    k("truth", out["changes"] != "no visible change" and "not read" in out["changes"], out)


@row("list the app draws itself", "rat", tab="Containers")
def _drawn(d: Drive, k: Cells) -> None:
    tree = d.call("chr.readPage", format="json")["tree"]
    drawn = next((n for n in _flat(tree) if n.get("className") == "DrawnList"), {})
    # no name but what a person sees: not its class, not a number
    k("read", drawn.get("ref") and drawn.get("gapFiller") and
      drawn.get("name", "") not in ("DrawnList", "QAbstractScrollArea"), drawn)
    m = d.mark()
    out = d.call("chr.click", ref=drawn.get("ref", "ref_0"))
    k("act", d.since(m) == ["drawnList.clicked second.txt"], d.since(m))
    k("truth", "drawn by the app" in out.get("unread", ""), out)


@row("splitter", "r", tab="Containers")
def _splitter(d: Drive, k: Cells) -> None:
    page = d.page("Containers")
    k("read", d.node(page, "Left pane") and d.node(page, "Right pane"), page)


@row("MDI area", "r", tab="Containers")
def _mdi(d: Drive, k: Cells) -> None:
    page = d.page("Containers")
    k("read", d.node(page, "Sheet 1") and d.node(page, "Sheet 2 body"), page)


@row("dock widget")
def _dock(d: Drive, k: Cells) -> None:
    page = d.page()
    ref = d.ref(page, "Title", "textbox")
    k("read", d.node(page, "Properties") and d.node(page, "Build finished"))
    m = d.mark()
    out = d.call("chr.formInput", ref=ref, value="Report")
    k("act", d.prop("titleEdit", "text") == "Report")
    k("signal", d.since(m) == ["titleEdit.editingFinished"], d.since(m))
    k("truth", out["value"] == "Report", out)


# ---------------------------------------------------------------------------- dialogs


def _open(d: Drive, button: str) -> tuple[str, str]:
    """Click a Dialogs button; the dialog's tabId and its page."""
    page = d.page("Dialogs")
    out = d.call("chr.click", ref=d.ref(page, button, "button"))
    tab = out["modal"]["tabId"]
    return tab, d.page(tabId=tab)


@row("message box", tab="Dialogs")
def _message(d: Drive, k: Cells) -> None:
    m = d.mark()
    _tab, page = _open(d, "Ask question")
    k("read", d.node(page, "Delete everything?") and d.node(page, "Yes", "button"), page)
    out = d.call("chr.click", ref=d.ref(page, "Yes", "button"))
    wait_until(lambda: d.since(m), what="the answer")
    k("act", "question.answer Yes" in d.since(m), d.since(m))
    k("signal", True)
    k("truth", "modal" not in out, out)


@row("input dialog", tab="Dialogs")
def _input(d: Drive, k: Cells) -> None:
    m = d.mark()
    _tab, page = _open(d, "Enter text")
    ref = d.ref(page, "Your name", "textbox")
    k("read", ref, page)
    out = d.call("chr.formInput", ref=ref, value="Grace")
    d.call("chr.click", ref=d.ref(page, "OK", "button"))
    wait_until(lambda: d.since(m), what="the answer")
    k("act", d.since(m) == ["input.answer True Grace"], d.since(m))
    k("signal", True)
    k("truth", out["value"] == "Grace", out)


@row("colour dialog", "ra", tab="Dialogs")
def _colour(d: Drive, k: Cells) -> None:
    m = d.mark()
    _tab, page = _open(d, "Pick colour")
    k("read", d.node(page, "OK", "button"), page)
    d.call("chr.click", ref=d.ref(page, "OK", "button"))
    wait_until(lambda: d.since(m), what="the answer")
    k("act", d.since(m) == ["colour.answer True #ff0000"], d.since(m))


@row("font dialog", "ra", tab="Dialogs")
def _font(d: Drive, k: Cells) -> None:
    m = d.mark()
    _tab, page = _open(d, "Pick font")
    k("read", d.node(page, "Cancel", "button"), page)
    d.call("chr.click", ref=d.ref(page, "Cancel", "button"))
    wait_until(lambda: d.since(m), what="the answer")
    k("act", d.since(m) == ["font.answer False"], d.since(m))


@row("file dialog", "ra", tab="Dialogs")
def _file(d: Drive, k: Cells) -> None:
    m = d.mark()
    _tab, page = _open(d, "Open file")
    k("read", d.node(page, "Cancel", "button"), page)
    d.call("chr.click", ref=d.ref(page, "Cancel", "button"))
    wait_until(lambda: d.since(m), what="the answer")
    k("act", d.since(m) == ["file.answer "], d.since(m))


@row("progress dialog", tab="Dialogs")
def _progress_dialog(d: Drive, k: Cells) -> None:
    m = d.mark()
    _tab, page = _open(d, "Long task")
    k("read", "value=30" in line(page, "", "progressbar") or "30" in page, page)
    out = d.call("chr.click", ref=d.ref(page, "Stop", "button"))
    k("act", d.since(m) == ["progressDialog.canceled"], d.since(m))
    k("signal", d.since(m) == ["progressDialog.canceled"], d.since(m))
    k("truth", "modal" not in out, out)


@row("wizard", tab="Dialogs")
def _wizard(d: Drive, k: Cells) -> None:
    m = d.mark()
    tab, page = _open(d, "Run wizard")
    k("read", d.node(page, "Welcome page"), page)
    d.call("chr.click", ref=d.ref(page, "Next >", "button"))
    page = d.page(tabId=tab)
    k("act", d.node(page, "Finish page"), page)
    out = d.call("chr.click", ref=d.ref(page, "Finish", "button"))
    wait_until(lambda: "wizard.accepted" in d.since(m), what="accepted")
    k("signal", "wizard.currentIdChanged 1" in d.since(m), d.since(m))
    k("truth", "modal" not in out, out)


# ----------------------------------------------------------------- models in views


def _show(d: Drive, model: str, view: str, proxies: int) -> str:
    """Show the case on the Models page; its page once built."""
    m = d.mark()
    d.call("qt.methods.invoke", objectId="harness", method="showModel",
           args=[model, view, proxies])
    wait_until(lambda: f"models.shown {model} {view} {proxies}" in d.since(m), timeout=10,
               what="the model view built")
    d._ids.pop("modelView", None)
    return d.page("Models")


def _model_row(model: str, view: str, proxies: int) -> Any:
    def run(d: Drive, k: Cells) -> None:
        role = {"QListView": "listitem", "QTreeView": "treeitem", "QTableView": "cell"}[view]

        _show(d, model, view, proxies)

        def listed() -> str | None:  # a file system model reads its folder in a thread
            page = d.page()
            return page if all(d.node(page, n, role).get("ref") for n in ROWS) else None
        page = wait_until(listed, timeout=10, what=f"{ROWS} listed")
        container = {"QListView": "list", "QTreeView": "tree", "QTableView": "table"}[view]
        states = line(page, "Alpha", role)
        branches = MODELS[model][1] and view == "QTreeView"
        k("read", d.node(page, "Model view", container) and
          ("collapsed" in states) == branches and "unread" not in page, page)
        m = d.mark()
        out = d.call("chr.click", ref=d.ref(page, "Gamma", role))
        current = d.call("qt.methods.invoke", objectId="harness", method="modelCurrent")
        k("act", current["returned"] == "Gamma", current)
        k("signal", d.since(m) == ["modelView.clicked Gamma"], d.since(m))
        after = d.page()
        k("truth", out["name"] == "Gamma" and "selected" in line(after, "Gamma", role) and
          (not branches or CHILDREN[0] not in after) and _no_rename(d, model, role, after),
          (out, after))
    return run


def _no_rename(d: Drive, model: str, role: str, page: str) -> bool:
    """A file system model's item takes no form input, though its names can be edited
    (its edits rename the file on disk): refused, and the file keeps its name."""
    if model != "QFileSystemModel":
        return True
    err = d.error("chr.formInput", ref=d.ref(page, "Beta", role), value="Renamed")
    after = d.page()
    return (err is not None and err.name == "FORM_INPUT_UNSUPPORTED" and
            bool(d.node(after, "Beta", role)) and not d.node(after, "Renamed"))


def _raising_row(kind: str, view: str) -> Any:
    def run(d: Drive, k: Cells) -> None:
        _show(d, kind, view, 0)
        _arm(d, True)  # for this row only: Qt's own use of the model raises too
        try:
            _raising(d, k, kind, view)
        finally:
            _arm(d, False)
    return run


def _arm(d: Drive, on: bool) -> None:
    d.call("qt.methods.invoke", objectId="harness", method="arm", args=[on])


def _raising(d: Drive, k: Cells, kind: str, view: str) -> None:
    page = d.page("Models")
    role = {"QListView": "listitem", "QTreeView": "treeitem", "QTableView": "cell"}[view]
    unread = [n for n in parse(page) if "(unread:" in " ".join(n["rest"])]
    reasons = " ".join(" ".join(n["rest"]) for n in unread)
    envelope = d.qt.call_envelope("chr.readPage", {})
    counted = envelope["meta"].get("faults", {})
    others = [n for n in ROWS if n != "Gamma"]
    if kind == "rowCount":  # nothing of the view reads: the view says why
        k("read", "the data source is closed" in reasons and
          d.node(page, "Editor", "tab"), page)
    else:
        k("read", "Gamma" not in [n["name"] for n in parse(page)] and
          all(d.node(page, n, role).get("ref") for n in others) and
          ("no role" in reasons or "being reloaded" in reasons), page)
        m = d.mark()
        d.call("chr.click", ref=d.ref(page, "Beta", role))
        k("act", d.since(m) == ["modelView.clicked Beta"], d.since(m))
    k("truth", counted.get("app", 0) >= 1 and "probe" not in counted and
      envelope["result"]["unreadElements"] >= 1, envelope["meta"])


for _model in MODELS:
    for _view in VIEWS:
        for _proxies in (0, 1, 2):
            SUITE.add(f"{_model} in {_view}, {_proxies} prox" + ("y" if _proxies == 1
                                                                  else "ies"),
                      _model_row(_model, _view, _proxies), configs=("models",))
for _kind in RAISING:
    for _view in VIEWS:
        SUITE.add(f"model raising in {_kind}, {_view}", _raising_row(_kind, _view),
                  "rt" if _kind == "rowCount" else "rat", configs=("models",))


# ------------------------------------------------------------------------------ runs


@pytest.fixture(scope="module")
def app(request: pytest.FixtureRequest) -> Iterator[RealApp]:
    """The app, shared by every configuration; the matrices printed when it ends."""
    try:
        yield from start(APP)
    finally:
        text = SUITE.render()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / "widgets_conformance.txt").write_text(text + "\n", encoding="utf-8")
        reporter = request.config.pluginmanager.get_plugin("terminalreporter")
        capture = request.config.pluginmanager.get_plugin("capturemanager")
        if reporter is not None and capture is not None:
            with capture.global_and_fixture_disabled():  # printed, not captured
                reporter.write_line(text)


@pytest.fixture(scope="module")
def drives(app: RealApp) -> dict[str, Drive]:
    """The configuration the app's window is built under now, and its driver."""
    return {}


def _drive(app: RealApp, drives: dict[str, Drive], config: str) -> Drive:
    """The driver of ``config``, the app's window rebuilt for it the first time."""
    if config not in drives:
        drives.clear()
        qt = configure(app, config, "configuration", f"the window built as {config!r}")
        drives[config] = Drive(qt)
    return drives[config]


@pytest.mark.parametrize(("config", "control"), SUITE.cases(),
                         ids=[f"{c}-{r}" for c, r in SUITE.cases()])
def test_row(config: str, control: str, app: RealApp, drives: dict[str, Drive]) -> None:
    try:
        d = _drive(app, drives, config)
    except (RemoteError, AssertionError) as exc:  # the app cannot be put in it at all
        SUITE.fail(config, control, f"{type(exc).__name__}: {exc}")
        raise
    try:
        d.qt.call("chr.key", {"text": "Escape"})  # a stray popup or editor from before
    except RemoteError:
        pass
    cells = SUITE.run(config, control, d)
    failed = cells.failed()
    assert not failed, f"{config} / {control}: " + "; ".join(
        f"{c}: {detail}" for c, detail in failed.items())
