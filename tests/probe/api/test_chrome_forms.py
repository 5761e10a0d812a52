"""chr.formInput, chr.click and chr.navigate against the real demo app: the app's own
state and signals show what happened."""

from __future__ import annotations

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp
from tests.support.chrome import node_of, parse, read, ref_of, show_tab


@pytest.fixture(autouse=True)
def clean_form(qt: Client) -> None:
    show_tab(qt, "Form")
    qt.call("chr.navigate", {"url": "Edit > Clear form"})


def _status(qt: Client) -> str:
    return qt.call("qt.properties.get", {"objectId": "statusLabel", "name": "text"})["value"]


def test_form_input_fills_the_whole_form_and_submits(qt: Client) -> None:
    page = read(qt)
    sub = qt.call("qt.signals.subscribe", {"objectId": "nameEdit", "signal": "textEdited"})
    values = {("textbox", "Name"): "Ada Lovelace", ("textbox", "Email"): "ada@example.org",
              ("spinbutton", "Age"): 36, ("spinbutton", "Height"): "1.65",
              ("combobox", "Country"): "united kingdom",
              ("checkbox", "Subscribe to the newsletter"): True,
              ("checkbox", "I accept the terms and conditions"): "true",
              ("radio", "Enterprise"): True, ("slider", "Volume"): 80,
              ("textbox", "Notes"): "line one\nline two"}
    for (role, name), value in values.items():
        out = qt.call("chr.formInput", {"ref": ref_of(page, name, role), "value": value})
        assert out["changed"] is True, out
    note = qt.wait_notification("qt.signals.emitted",
                                lambda p: p["subscriptionId"] == sub["subscriptionId"])
    assert note["args"] == ["Ada Lovelace"]
    qt.call("qt.signals.unsubscribe", {"subscriptionId": sub["subscriptionId"]})
    # read back through the native API: the widgets hold the values
    get = lambda obj, prop: qt.call("qt.properties.get",  # noqa: E731
                                    {"objectId": obj, "name": prop})["value"]
    assert get("emailEdit", "text") == "ada@example.org"
    assert get("ageSpin", "value") == 36 and abs(get("heightSpin", "value") - 1.65) < 1e-9
    assert get("countryCombo", "currentText") == "United Kingdom"
    assert get("termsCheck", "checked") is True and get("planEnterpriseRadio", "checked")
    assert get("volumeSlider", "value") == 80
    assert get("volumeValueLabel", "text") == "80"  # the app's valueChanged slot ran
    assert get("notesEdit", "plainText") == "line one\nline two"
    qt.call("chr.click", {"ref": ref_of(page, "Submit", "button")})
    assert _status(qt) == "Submitted: Ada Lovelace"
    after = read(qt)
    assert "checked" in node_of(after, "Enterprise", "radio")["rest"]
    assert 'value="United Kingdom"' in " ".join(node_of(after, "Country", "combobox")["rest"])


def test_form_input_refuses_bad_values_saying_what_fits(qt: Client) -> None:
    page = read(qt)
    with pytest.raises(RemoteError) as err:
        qt.call("chr.formInput", {"ref": ref_of(page, "Country", "combobox"), "value": "Mars"})
    assert err.value.name == "FORM_INPUT_INVALID" and "Japan" in err.value.data["options"]
    with pytest.raises(RemoteError) as err:
        qt.call("chr.formInput", {"ref": ref_of(page, "Age", "spinbutton"), "value": 500})
    assert err.value.name == "FORM_INPUT_INVALID"
    assert (err.value.data["minimum"], err.value.data["maximum"]) == (0, 150)
    with pytest.raises(RemoteError) as err:
        qt.call("chr.formInput", {"ref": ref_of(page, "Age", "spinbutton"), "value": "old"})
    assert err.value.name == "FORM_INPUT_INVALID"
    with pytest.raises(RemoteError) as err:
        qt.call("chr.formInput", {"ref": ref_of(page, "Subscribe to the newsletter"),
                                  "value": "maybe"})
    assert err.value.name == "FORM_INPUT_INVALID" and "boolean" in err.value.data["expected"]
    with pytest.raises(RemoteError) as err:
        qt.call("chr.formInput", {"ref": ref_of(page, "Basic", "radio"), "value": False})
    assert err.value.name == "FORM_INPUT_INVALID" and "Pro" in err.value.data["options"]
    with pytest.raises(RemoteError) as err:
        qt.call("chr.formInput", {"ref": ref_of(page, "Name", "textbox"), "value": True})
    assert err.value.name == "FORM_INPUT_INVALID"
    assert qt.call("qt.properties.get", {"objectId": "ageSpin", "name": "value"})["value"] == 30


def test_form_input_unsupported_names_the_role(qt: Client) -> None:
    page = read(qt)
    with pytest.raises(RemoteError) as err:
        qt.call("chr.formInput", {"ref": ref_of(page, "Submit", "button"), "value": "x"})
    assert err.value.name == "FORM_INPUT_UNSUPPORTED" and err.value.data["role"] == "button"
    with pytest.raises(RemoteError) as err:
        qt.call("chr.formInput", {"ref": "ref_4242", "value": "x"})
    assert err.value.name == "REF_NOT_FOUND"
    with pytest.raises(RemoteError) as err:
        qt.call("chr.formInput", {"ref": ref_of(page, "Name", "textbox")})
    assert err.value.name == "INVALID_PARAMS"


def test_form_input_selects_a_tab(qt: Client) -> None:
    page = read(qt)
    qt.call("chr.formInput", {"ref": ref_of(page, "Data", "tab"), "value": True})
    assert qt.call("qt.properties.get", {"objectId": "tabs", "name": "currentIndex"}
                   )["value"] == 1


def test_canvas_gap_filler_clicks_by_ref(qt: Client) -> None:
    show_tab(qt, "Canvas")
    page = read(qt)
    canvas = node_of(page, "Click to add a dot")
    assert canvas["role"] == "generic" and "clickable" in canvas["rest"]
    before = qt.call("qt.properties.get", {"objectId": "canvas", "name": "clickCount"})["value"]
    qt.call("chr.click", {"ref": canvas["ref"]})
    qt.call("chr.click", {"ref": canvas["ref"]})
    after = qt.call("qt.properties.get", {"objectId": "canvas", "name": "clickCount"})["value"]
    assert after == before + 2
    found = qt.call("chr.find", {"query": "clear dots"})["matches"][0]
    qt.call("chr.click", {"ref": found["ref"]})
    assert qt.call("qt.properties.get", {"objectId": "canvas", "name": "clickCount"}
                   )["value"] == 0


def test_click_variants_and_hover_scroll_type_key(qt: Client) -> None:
    page = read(qt)
    name = ref_of(page, "Name", "textbox")
    qt.call("chr.type", {"ref": name, "text": "Grace"})
    qt.call("chr.key", {"ref": name, "text": "BackSpace", "repeat": 2})
    assert qt.call("qt.properties.get", {"objectId": "nameEdit", "name": "text"}
                   )["value"] == "Gra"
    qt.call("chr.click", {"ref": name, "clickCount": 2})
    qt.call("chr.hover", {"ref": ref_of(page, "Submit", "button")})
    age = ref_of(page, "Age", "spinbutton")
    qt.call("chr.scroll", {"ref": age, "scroll_direction": "up", "scroll_amount": 2})
    assert qt.call("qt.properties.get", {"objectId": "ageSpin", "name": "value"})["value"] == 32
    assert qt.call("chr.scrollTo", {"ref": age})["ref"] == age
    with pytest.raises(RemoteError) as err:
        qt.call("chr.click", {})
    assert err.value.name == "INVALID_PARAMS"


def test_navigate_menus_tabs_and_failures(qt: Client, demo: DemoApp) -> None:
    assert qt.call("chr.navigate", {"url": "Data"})["kind"] == "tab"
    assert qt.call("qt.properties.get", {"objectId": "tabs", "name": "currentIndex"}
                   )["value"] == 1
    qt.call("chr.navigate", {"url": "File > Open"})
    assert _status(qt) == "Open is not available in the demo"
    with pytest.raises(RemoteError) as err:
        qt.call("chr.navigate", {"url": "File > Print"})
    assert err.value.name == "NAVIGATE_FAILED"
    assert "File > Open" in err.value.data["available"]["menus"]
    assert "Canvas" in err.value.data["available"]["tabs"]
    with pytest.raises(RemoteError) as err:
        qt.call("chr.navigate", {"url": "back"})
    assert err.value.name == "NAVIGATE_FAILED"
    # a menu bar entry is reachable by ref too: its press action opens the menu
    page = read(qt, filter="interactive")
    assert ref_of(page, "Help", "menuitem")
    assert [n["name"] for n in parse(page["text"]) if n["role"] == "tab"] == \
        ["Form", "Data", "Canvas"]
