"""An app written with PySide6's ``__feature__`` (snake_case, true_property) under the probe.

PySide6 gives each module the Qt names it chose: the app's modules call
``self.status.text = …`` and override ``row_count``, the probe's modules use Qt's own
names, in one process. The probe must read and drive such an app like any other: its
event filters called (the change report, the live view), the app's snake_case model read
as the app's view shows it, and the app's choice left to its modules, those imported
before the probe and one imported after (the Save handler's helper). What an action did
is read back from the app's own state.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from probe.client import Client
from tests.realapps.conftest import HERE
from tests.support.app import wait_until
from tests.support.chrome import node_of, ref_of
from tests.support.realapp import RealApp, start, wait_for_window


@pytest.fixture(scope="module")
def features() -> Iterator[RealApp]:
    yield from start(str(HERE / "features_app.py"))


@pytest.fixture(scope="module")
def qt(features: RealApp) -> Client:
    qt = features.client()
    wait_for_window(qt)
    return qt


def _prop(qt: Client, obj: str, name: str) -> object:
    return qt.call("qt.properties.get", {"objectId": obj, "name": name})["value"]


def test_a_snake_case_app_is_read_and_driven_and_keeps_its_names(qt: Client,
                                                                 features: RealApp) -> None:
    page = qt.call("chr.readPage", {"filter": "interactive"})
    for name, role in [("Name", "textbox"), ("Count", "spinbutton"), ("Agree", "checkbox"),
                       ("Colour", "combobox"), ("Save", "button")]:
        assert ref_of(page, name, role)
    qt.call("chr.formInput", {"ref": ref_of(page, "Name", "textbox"), "value": "Ada"})
    qt.call("chr.formInput", {"ref": ref_of(page, "Count", "spinbutton"), "value": 7})
    qt.call("chr.formInput", {"ref": ref_of(page, "Agree", "checkbox"), "value": True})
    qt.call("chr.formInput", {"ref": ref_of(page, "Colour", "combobox"), "value": "Blue"})
    assert _prop(qt, "nameEdit", "text") == "Ada"
    assert _prop(qt, "countSpin", "value") == 7
    assert _prop(qt, "agreeBox", "checked") is True
    assert _prop(qt, "colourCombo", "currentText") == "Blue"
    qt.call("qt.properties.set", {"objectId": "countSpin", "name": "value", "value": 9})
    # the app's own snake_case handler runs, and so does a module it imports only now
    qt.call("chr.click", {"ref": ref_of(page, "Save", "button")})
    wait_until(lambda: _prop(qt, "statusLabel", "text") != "not saved", 10, "Save's handler")
    assert _prop(qt, "statusLabel", "text") == "saved Ada x9 agreed Blue", features.output()
    after = qt.call("chr.readPage", {})
    assert node_of(after, "saved Ada x9 agreed Blue")
    assert "Traceback" not in features.output()


def test_the_change_report_sees_the_edit(qt: Client) -> None:
    """The report comes from the probe's event filter, which Qt looks up under the app's
    spelling (``event_filter``): without it every edit was "no visible change"."""
    page = qt.call("chr.readPage", {"filter": "interactive"})
    done = qt.call("chr.formInput", {"ref": ref_of(page, "Name", "textbox"), "value": "Bea"})
    assert done["changes"] != "no visible change"
    assert 'value "Ada" -> "Bea"' in done["changes"] or '-> "Bea"' in done["changes"]


def test_a_snake_case_model_is_read_as_its_view_shows_it(qt: Client) -> None:
    page = qt.call("chr.readPage", {})
    assert node_of(page, "Name", "columnheader") and node_of(page, "City", "columnheader")
    assert node_of(page, "Helsinki", "cell")
    rows = qt.call("qt.models.rows", {"modelId": "peopleView"})
    assert rows["rowCount"] == 3 and rows["columnCount"] == 2
    assert [r["cells"] for r in rows["rows"]] == [["Ada", "London"], ["Grace", "New York"],
                                                  ["Linus", "Helsinki"]]
    found = qt.call("chr.find", {"query": "row 2, City column"})["matches"][0]
    assert found["name"] == "New York" and found["item"]["columnHeader"] == "City"


def test_the_live_view_sends_a_frame_for_a_change(features: RealApp) -> None:
    """The live view learns of paints through its event filter too."""
    viewer = Client.connect(features.info.url, features.info.inspector_token, name="viewer",
                            role="inspector")
    viewer.call("probe.frames.start", {"maxFps": 20, "format": "png"})
    try:
        first = viewer.wait_notification("probe.frame", timeout=15)
        viewer.call("qt.properties.set", {"objectId": "statusLabel", "name": "text",
                                          "value": "changed for the live view"})
        later = viewer.wait_notification("probe.frame", lambda f: f["seq"] > first["seq"],
                                          timeout=15)
        assert later["data"]
    finally:
        viewer.close()
