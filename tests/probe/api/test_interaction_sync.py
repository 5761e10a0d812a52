"""qt.wait*, qt.assert and qt.transaction against the demo app."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp


def prop(qt: Client, target: str, name: str) -> Any:
    return qt.call("qt.properties.get", {"objectId": target, "name": name})["value"]


def together(qt: Client, *calls: tuple[str, dict[str, Any]]) -> list[Any]:
    """Send the calls at once, in order (a wait goes out before the action it waits for)."""
    async def run() -> list[Any]:
        return await asyncio.gather(*(qt.inner.call(m, p) for m, p in calls),
                                    return_exceptions=True)
    return qt._run(run())


@pytest.fixture(autouse=True)
def clean_form(qt: Client) -> None:
    qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})


def test_wait_visible_while_action_runs(qt: Client) -> None:
    waited, clicked = together(
        qt, ("qt.wait", {"target": "aboutDialog", "condition": "visible", "timeout": 5}),
        ("qt.ui.click", {"target": "actionAbout"}))
    assert clicked["target"]["objectName"] == "actionAbout"
    assert waited["ok"] is True and waited["observed"]["visible"] is True
    waited, _ = together(
        qt, ("qt.wait", {"target": "aboutDialog", "condition": "not_visible"}),
        ("qt.ui.click", {"target": "aboutOkButton"}))
    assert waited["observed"]["visible"] is False


def test_wait_property_enabled_focused_stable(qt: Client) -> None:
    waited, _ = together(
        qt, ("qt.wait", {"target": "statusLabel", "condition": "property:text=Form reset"}),
        ("qt.ui.key", {"target": "nameEdit", "keys": "ctrl+shift+r"}))
    assert waited["observed"]["value"] == "Form reset"
    waited, _ = together(
        qt, ("qt.wait", {"target": "resetButton", "condition": "disabled"}),
        ("qt.properties.set", {"objectId": "resetButton", "name": "enabled", "value": False}))
    assert waited["observed"]["enabled"] is False
    qt.call("qt.properties.set", {"objectId": "resetButton", "name": "enabled", "value": True})
    assert qt.call("qt.wait", {"target": "resetButton", "condition": "enabled"})["ok"]
    qt.call("qt.ui.focus", {"target": "emailEdit"})
    assert qt.call("qt.wait", {"target": "emailEdit", "condition": "focused"})["ok"]
    stable = qt.call("qt.wait", {"target": "submitButton", "condition": "stable",
                                 "stableMs": 100})
    assert stable["observed"]["stableForMs"] >= 100
    assert qt.call("qt.wait", {"target": "ageSpin", "condition": "property:value!=31"})["ok"]


def test_wait_exists_and_not_exists(qt: Client, demo: DemoApp) -> None:
    assert qt.call("qt.wait", {"target": "@class:QRadioButton", "condition": "exists"})[
        "observed"]["count"] == 3
    demo.send_command("delete clickCountLabel")
    waited = qt.call("qt.wait", {"target": "@name:clickCountLabel", "condition": "not_exists"})
    assert waited["observed"]["exists"] is False


def test_wait_timeout_says_what_was_seen(qt: Client) -> None:
    with pytest.raises(RemoteError) as err:
        qt.call("qt.wait", {"target": "statusLabel", "condition": "property:text=Never",
                            "timeout": 0.3})
    assert err.value.name == "TIMEOUT"
    assert err.value.data["lastObserved"]["value"] == "Form reset"
    assert err.value.data["checks"] >= 2
    with pytest.raises(RemoteError) as err:
        qt.call("qt.wait", {"target": "@name:ghost", "condition": "visible", "timeout": 0.2})
    assert err.value.data["lastObserved"]["exists"] is False


def test_wait_bad_params(qt: Client) -> None:
    with pytest.raises(RemoteError) as err:
        qt.call("qt.wait", {"target": "nameEdit", "condition": "shiny"})
    assert err.value.name == "INVALID_PARAMS" and "visible" in err.value.data["accepted"]
    with pytest.raises(RemoteError) as err:
        qt.call("qt.wait", {"target": "nameEdit", "condition": "property:nope=1"})
    assert err.value.name == "PROPERTY_NOT_FOUND" and "text" in err.value.data["available"]
    with pytest.raises(RemoteError) as err:
        qt.call("qt.wait", {"target": "@class:QRadioButton", "condition": "visible"})
    assert err.value.name == "ELEMENT_AMBIGUOUS" and err.value.data["count"] == 3
    with pytest.raises(RemoteError) as err:
        qt.call("qt.wait", {"target": "nameEdit", "timeout": "long"})
    assert err.value.name == "INVALID_PARAMS"


def test_wait_idle_and_frozen_app(qt: Client, demo: DemoApp) -> None:
    idle = qt.call("qt.waitIdle")
    assert idle["idle"] is True and idle["roundTrips"] >= 2
    demo.send_command("freeze 1.5")
    with pytest.raises(RemoteError) as err:
        qt.call("qt.waitIdle", {"timeout": 0.4})
    assert err.value.name == "TIMEOUT"
    assert any("freeze" in line or "sleep" in line
               for line in err.value.data["lastObserved"]["guiStack"])
    assert qt.call("qt.waitIdle", {"timeout": 10})["idle"] is True


def test_wait_signal(qt: Client) -> None:
    qt.call("qt.ui.type", {"target": "nameEdit", "text": "Grace"})
    qt.call("qt.ui.click", {"target": "termsCheck"})
    waited, _ = together(
        qt, ("qt.waitSignal", {"target": "mainWindow", "signal": "formSubmitted"}),
        ("qt.ui.click", {"target": "submitButton"}))
    assert waited["signal"].startswith("formSubmitted(")
    assert waited["args"][0]["name"] == "Grace"
    with pytest.raises(RemoteError) as err:
        qt.call("qt.waitSignal", {"target": "submitButton", "signal": "clicked",
                                  "timeout": 0.2})
    assert err.value.name == "TIMEOUT" and err.value.data["lastObserved"]["emitted"] is False
    with pytest.raises(RemoteError) as err:
        qt.call("qt.waitSignal", {"target": "submitButton", "signal": "exploded"})
    assert err.value.name == "SIGNAL_NOT_FOUND" and "clicked(bool)" in str(
        err.value.data["available"])


def test_assert(qt: Client) -> None:
    ok = qt.call("qt.assert", {"target": "ageSpin", "property": "value", "value": 30})
    assert ok == {"ok": True, "property": "value", "actual": 30, "operator": "=="}
    assert qt.call("qt.assert", {"target": "ageSpin", "property": "value", "operator": ">=",
                                 "value": 18})["ok"]
    assert qt.call("qt.assert", {"target": "statusLabel", "property": "text",
                                 "operator": "matches", "value": "^Form"})["ok"]
    assert qt.call("qt.assert", {"target": "countryCombo", "property": "currentText",
                                 "operator": "contains", "value": "ran"})["ok"]
    with pytest.raises(RemoteError) as err:
        qt.call("qt.assert", {"target": "ageSpin", "property": "value", "operator": "<",
                              "value": 10})
    assert err.value.name == "ASSERTION_FAILED" and err.value.data["actual"] == 30
    with pytest.raises(RemoteError) as err:
        qt.call("qt.assert", {"target": "ageSpin", "property": "colour", "value": 1})
    assert err.value.name == "PROPERTY_NOT_FOUND" and "value" in err.value.data["available"]
    with pytest.raises(RemoteError) as err:
        qt.call("qt.assert", {"target": "ageSpin", "property": "value", "operator": "~"})
    assert err.value.name == "INVALID_PARAMS"


def _form_state(qt: Client) -> dict[str, Any]:
    return {
        "name": prop(qt, "nameEdit", "text"), "terms": prop(qt, "termsCheck", "checked"),
        "volume": prop(qt, "volumeSlider", "value"), "age": prop(qt, "ageSpin", "value"),
        "country": prop(qt, "countryCombo", "currentIndex"),
        "title": prop(qt, "mainWindow", "windowTitle"),
    }


def test_transaction_commits(qt: Client) -> None:
    done = qt.call("qt.transaction", {"steps": [
        {"method": "qt.ui.type", "params": {"target": "nameEdit", "text": "Linus"}},
        {"method": "qt.ui.click", "params": {"target": "termsCheck"}},
        {"method": "qt.ui.click", "params": {"target": "submitButton"}},
        {"method": "qt.assert", "params": {"target": "statusLabel", "property": "text",
                                           "value": "Submitted: Linus"}},
    ]})
    assert done["ok"] is True and [s["ok"] for s in done["steps"]] == [True] * 4


def test_transaction_failing_step_rolls_back(qt: Client) -> None:
    before = _form_state(qt)
    with pytest.raises(RemoteError) as err:
        qt.call("qt.transaction", {"steps": [
            {"method": "qt.ui.type", "params": {"target": "nameEdit", "text": "Partial"}},
            {"method": "qt.ui.click", "params": {"target": "termsCheck"}},
            {"method": "qt.ui.scroll", "params": {"target": "volumeSlider", "dy": -3}},
            {"method": "qt.properties.set", "params": {"objectId": "ageSpin", "name": "value",
                                                       "value": 77}},
            {"method": "qt.ui.key", "params": {"target": "countryCombo", "keys": "Down"}},
            {"method": "qt.properties.set", "params": {"objectId": "mainWindow",
                                                       "name": "windowTitle",
                                                       "value": "changed"}},
            {"method": "qt.ui.click", "params": {"target": "@name:missingButton"}},
            {"method": "qt.ui.type", "params": {"target": "nameEdit", "text": "never"}},
        ]})
    data = err.value.data
    assert err.value.name == "TRANSACTION_FAILED"
    assert data["failedStep"] == 6 and data["rolledBack"] is True
    assert [s["ok"] for s in data["steps"]] == [True] * 6 + [False]
    assert data["steps"][6]["error"]["data"]["name"] == "ELEMENT_NOT_FOUND"
    restored = {r["path"].rsplit("/", 1)[-1]: r["properties"] for r in data["restored"]}
    assert "text" in restored["nameEdit"] and "value" in restored["ageSpin"]
    assert _form_state(qt) == before


def test_transaction_without_rollback_keeps_changes(qt: Client) -> None:
    with pytest.raises(RemoteError) as err:
        qt.call("qt.transaction", {"rollback_on_failure": False, "steps": [
            {"method": "qt.ui.type", "params": {"target": "nameEdit", "text": "Kept"}},
            {"method": "qt.ui.click", "params": {"target": "@name:missingButton"}},
        ]})
    assert err.value.data["rolledBack"] is False
    assert prop(qt, "nameEdit", "text") == "Kept"


def test_transaction_bad_steps(qt: Client) -> None:
    for steps in ([{"method": "qt.nothing"}], [{"method": "qt.transaction", "params": {}}],
                  [{"method": "qt.ping", "params": 3}], [{"method": "qt.ping", "extra": 1}]):
        with pytest.raises(RemoteError) as err:
            qt.call("qt.transaction", {"steps": steps})
        assert err.value.name == "INVALID_PARAMS", steps
        assert err.value.data["problems"]
    with pytest.raises(RemoteError) as err:
        qt.call("qt.transaction", {"steps": []})
    assert err.value.name == "INVALID_PARAMS"


def _cell_in_view(qt: Client, row: int, column: int) -> Any:
    """The text tableView shows at a row (through the view, i.e. its proxy)."""
    return qt.call("qt.models.data", {"modelId": "tableView", "row": row, "column": column,
                                      "roles": ["display"]})["roles"]["display"]


def _view_cells(qt: Client, text: str) -> list[dict[str, Any]]:
    """Cells of tableView that chr.find sees with this text (the view's accessible cells)."""
    found = qt.call("chr.find", {"query": text})
    return [m for m in found["matches"] if m["role"] == "cell" and m["name"] == text]


@pytest.fixture
def data_tab(qt: Client) -> Any:
    qt.call("chr.navigate", {"url": "Data"})
    yield
    qt.call("chr.navigate", {"url": "Form"})


@pytest.mark.usefixtures("data_tab")
def test_transaction_rolls_back_model_set_data(qt: Client) -> None:
    old = _cell_in_view(qt, 3, 2)
    assert old != "Oslo" and not _view_cells(qt, "Oslo")
    with pytest.raises(RemoteError) as err:
        qt.call("qt.transaction", {"steps": [
            {"method": "qt.models.setData", "params": {"modelId": "peopleModel", "row": 3,
                                                       "column": 2, "value": "Oslo"}},
            {"method": "qt.assert", "params": {"target": "tableFilter", "property": "text",
                                               "value": "never"}},
        ]})
    data = err.value.data
    assert data["failedStep"] == 1 and data["steps"][0]["result"]["value"] == "Oslo"
    assert data["restored"] == [{"model": data["restored"][0]["model"], "row": 3,
                                 "column": 2, "parent": [], "role": "edit", "value": old}]
    assert data["restored"][0]["model"].endswith("peopleModel")
    assert _cell_in_view(qt, 3, 2) == old and not _view_cells(qt, "Oslo")


@pytest.mark.usefixtures("data_tab")
def test_transaction_keeps_model_set_data_that_succeeds(qt: Client) -> None:
    old, age = _cell_in_view(qt, 4, 2), _cell_in_view(qt, 4, 1)
    try:
        done = qt.call("qt.transaction", {"steps": [
            {"method": "qt.models.setData", "params": {"modelId": "tableView", "row": 4,
                                                       "column": 2, "value": "Oslo"}},
            {"method": "qt.models.setData", "params": {"modelId": "tableView", "row": 4,
                                                       "column": 1, "value": 42}},
        ]})
        assert done["ok"] and _cell_in_view(qt, 4, 2) == "Oslo"
        shown = _view_cells(qt, "Oslo")
        assert [(c["item"]["row"], c["item"]["columnHeader"]) for c in shown] == [(4, "City")]
        assert shown[0]["item"]["onScreen"]
        # a later bad setData step (age out of range) rolls back both earlier edits
        with pytest.raises(RemoteError) as err:
            qt.call("qt.transaction", {"steps": [
                {"method": "qt.models.setData", "params": {"modelId": "tableView", "row": 4,
                                                           "column": 2, "value": "Lima"}},
                {"method": "qt.models.setData", "params": {"modelId": "tableView", "row": 4,
                                                           "column": 1, "value": 500}},
            ]})
        assert err.value.data["steps"][1]["error"]["data"]["name"] == "PROPERTY_SET_FAILED"
        assert _cell_in_view(qt, 4, 2) == "Oslo" and _cell_in_view(qt, 4, 1) == 42
    finally:
        for column, value in ((2, old), (1, age)):
            qt.call("qt.models.setData", {"modelId": "tableView", "row": 4,
                                          "column": column, "value": value})


def test_transaction_set_data_with_bad_params_fails_clearly(qt: Client) -> None:
    with pytest.raises(RemoteError) as err:
        qt.call("qt.transaction", {"steps": [
            {"method": "qt.models.setData", "params": {"modelId": "peopleModel", "row": 999,
                                                       "column": 0, "value": "x"}}]})
    step = err.value.data["steps"][0]["error"]["data"]
    assert step["name"] == "INDEX_INVALID" and step["hint"]
    assert err.value.data["restored"] == []
