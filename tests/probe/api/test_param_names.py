"""One name for one thing: the object a call acts on is ``objectId`` in every family;
``target`` (qt.ui.*, qt.wait*, qt.assert, probe.highlight before) is still accepted."""

from __future__ import annotations

import pytest

from probe.client import Client
from probe.exceptions import RemoteError

#: Methods that named their object ``target`` before.
RENAMED = ["qt.ui.click", "qt.ui.type", "qt.ui.key", "qt.ui.geometry", "qt.ui.screenshot",
           "qt.ui.handles", "qt.ui.exists", "qt.wait", "qt.waitSignal", "qt.assert",
           "probe.highlight"]


def test_every_method_names_its_object_object_id(qt: Client) -> None:
    methods = {m["name"]: m for m in qt.call("qt.schema")["methods"]}
    for name in RENAMED:
        props = methods[name]["params"]["properties"]
        assert "objectId" in props and "target" not in props, name
        assert "also accepted as 'target'" in props["objectId"]["description"], name
    assert not [n for n, m in methods.items() if "target" in m["params"]["properties"]]


def test_the_old_name_still_works_and_both_at_once_are_refused(qt: Client) -> None:
    qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})
    qt.call("qt.ui.type", {"objectId": "nameEdit", "text": "new "})
    qt.call("qt.ui.type", {"target": "nameEdit", "text": "old"})
    assert qt.call("qt.properties.get", {"objectId": "nameEdit", "name": "text"})["value"] == \
        "new old"
    assert qt.call("qt.assert", {"target": "nameEdit", "property": "text",
                                 "value": "new old"})["ok"]
    assert qt.call("qt.wait", {"objectId": "nameEdit", "condition": "visible"})["ok"]
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.click", {"objectId": "submitButton", "target": "resetButton"})
    assert err.value.name == "INVALID_PARAMS"
    assert "'target' is another name of 'objectId': give one" in err.value.message
    with pytest.raises(RemoteError) as err:
        qt.call("qt.ui.click", {})
    assert err.value.name == "INVALID_PARAMS" and "'objectId'" in err.value.message
    qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})
