"""Selectors: every form resolves to the right object; bad ones give the documented errors."""

from __future__ import annotations

import pytest

from probe.client import Client
from probe.exceptions import RemoteError

FORM = "mainWindow/tabs/qt_tabwidget_stackedwidget/formTab/formPanel"


def path(qt: Client, target: str) -> str:
    return qt.call("qt.ui.geometry", {"target": target})["target"]["path"]


@pytest.mark.parametrize(("selector", "expected"), [
    ("mainWindow/**/submitButton", f"{FORM}/submitButton"),
    ("mainWindow/tabs/*/formTab/formPanel/nameEdit", f"{FORM}/nameEdit"),
    ("mainWindow/**/optionsBox/QCheckBox[1]", f"{FORM}/optionsBox/termsCheck"),
    ("optionsBox/QCheckBox[-1]", f"{FORM}/optionsBox/termsCheck"),
    ("planGroup/plan*Radio[1]", f"{FORM}/planGroup/planProRadio"),
    ("@name:emailEdit", f"{FORM}/emailEdit"),
    ("@name:height*Spin", f"{FORM}/heightSpin"),
    ("@class:QPlainTextEdit", f"{FORM}/notesEdit"),
    ("@class:QAbstractSlider@name:volume*", f"{FORM}/volumeSlider"),
    ("@text:Reset", f"{FORM}/resetButton"),
    ("@class:QPushButton@text:Submit", f"{FORM}/submitButton"),
    ("@text:I accept the terms and conditions", f"{FORM}/optionsBox/termsCheck"),
    ("@accessible:Filter people",
     "mainWindow/tabs/qt_tabwidget_stackedwidget/dataTab/dataSplitter/tablePanel/tableFilter"),
    ("@class:QLineEdit@accessible:Name:", f"{FORM}/nameEdit"),
    ("@class:QRadioButton[2]", f"{FORM}/planGroup/planEnterpriseRadio"),
    ("mainWindow/**/@class:QCheckBox@text:Subscribe*", f"{FORM}/optionsBox/newsletterCheck"),
    # the three object-id styles
    (f"{FORM}/ageSpin", f"{FORM}/ageSpin"),
    ("ageSpin", f"{FORM}/ageSpin"),
])
def test_selector_resolves(qt: Client, selector: str, expected: str) -> None:
    assert path(qt, selector) == expected


def test_numeric_id_and_symbolic_name(qt: Client) -> None:
    num = qt.call("qt.ui.geometry", {"target": "@name:countryCombo"})["target"]["id"]
    assert path(qt, num) == f"{FORM}/countryCombo"
    qt.call("qt.names.register", {"name": "theCountry", "definition": f"{FORM}/countryCombo"})
    assert path(qt, "theCountry") == f"{FORM}/countryCombo"


def test_select_all_counts(qt: Client) -> None:
    found = qt.call("qt.ui.exists", {"target": "@class:QRadioButton"})
    assert found["count"] == 3
    assert [m["objectName"] for m in found["matches"]] == [
        "planBasicRadio", "planProRadio", "planEnterpriseRadio"]
    assert qt.call("qt.ui.exists", {"target": "@name:noSuchThing"}) == {
        "exists": False, "count": 0, "matches": []}


def test_ambiguous_says_how_many(qt: Client) -> None:
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.click", {"target": "@class:QRadioButton"})
    assert err.value.name == "ELEMENT_AMBIGUOUS"
    assert err.value.data["count"] == 3
    assert f"{FORM}/planGroup/planProRadio" in err.value.data["matches"]


def test_not_found_gives_prefix_and_children(qt: Client) -> None:
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.click", {"target": "mainWindow/tabs/*/formTab/formPanel/sendButton*"})
    data = err.value.data
    assert err.value.name == "ELEMENT_NOT_FOUND"
    assert data["matchedPrefix"] == "mainWindow/tabs/*/formTab/formPanel"
    assert "submitButton" in data["available"] and "nameEdit" in data["available"]


def test_not_found_filter_suggests_close_values(qt: Client) -> None:
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.geometry", {"target": "@name:nameEdt"})
    assert err.value.name == "ELEMENT_NOT_FOUND"
    assert err.value.data["available"][0] == "nameEdit"
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.geometry", {"target": "@text:Sbumit"})
    assert "Submit" in err.value.data["available"][:3]


def test_index_past_the_end(qt: Client) -> None:
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.geometry", {"target": "optionsBox/QCheckBox[5]"})
    assert err.value.name == "ELEMENT_NOT_FOUND"
    assert err.value.data["matchedPrefix"] == "optionsBox"
    assert err.value.data["available"] == ["QVBoxLayout#0", "newsletterCheck", "termsCheck"]


@pytest.mark.parametrize("bad", ["@color:red", "@name:", "abc[", "a/[1]", "@text"])
def test_invalid_selectors(qt: Client, bad: str) -> None:
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.geometry", {"target": bad})
    assert err.value.name == "INVALID_SELECTOR", bad
    assert "@class:" in err.value.data["filters"]
